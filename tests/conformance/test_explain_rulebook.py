"""Explain mode says what the rulebooks say (issue #40): per game, sentences
of the original German rules (``../shared/rules/*.de.txt``, quoted word for
word), what each forbids or requires, and the phrases that would contradict
it.  No explain text of the game (``explain.*``, ``meaning.*``) may contain
such a phrase in either language, and neither may any line explain mode
builds in random play, where a rule can also bind only some viewers (the
storyteller and the judge of Factum, who must stay silent while the
guessers vote, are never told they may talk — only the rest of the
confusing team is)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion import games
from companion.i18n import translate
from tests.conformance.conftest import positions
from tests.conformance.test_explain import told_for

LANGS = ("en", "de")
RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"


def _factum_captain_after_the_card(view: dict, viewer) -> bool:
    """The storyteller and the judge from the moment the cards are laid
    until the vote is over (both have seen the story card)."""
    pub = view["public"]
    r = pub.get("current") or {}
    return pub["step"] in ("mark", "vote") and viewer is not None and viewer in (
        r.get("teller"), r.get("judge"))


#: per game: (the rulebook's file, [rule, …]); a rule is
#:   quote    — the rulebook's sentence, word for word (whitespace aside)
#:   means    — what it forbids or requires, as the referee applies it
#:   never    — {lang: [regex, …]}: no explain text and no line in play may match
#:   allowed  — texts that may match, being only for viewers the rule does not bind
#:   bound    — (view, viewer) -> bool: in play, those viewers never get a
#:              matching line, not even from an allowed text
TABLE: dict[str, tuple[str, list[dict]]] = {
    "factum": ("factum.de.txt", [
        {"quote": "Der Erzähler und der Richter müssen schweigen, aber es ist in Ordnung, "
                  "wenn die Mitglieder des anderen Teams etwas sagen und versuchen, die "
                  "Rater mit ihren Kommentaren zu verwirren.",
         "means": "while the guessing team decides, the storyteller and the judge say "
                  "nothing, whichever team guesses; only the rest of the confusing team "
                  "may talk (so never the whole confusing team, never a captain)",
         "never": {"en": [r"\b[Tt]he confusers may\b", r"(?<!rest of )\b[Tt]he confusing team may\b",
                          r"\b(storyteller|judge|captains?)s? (may|can) (keep |go on )?"
                          r"(talk|speak|comment)",
                          r"\b[Yy]ou may (keep |go on )?(talk|speak|comment|say)"],
                   "de": [r"\b[Dd]as verwirrende Team darf\b",
                          r"\b(Erzähler|Richter|Kapitän)s? (darf|dürfen) (weiter )?"
                          r"(reden|sprechen|kommentieren|etwas sagen)",
                          r"\b[Dd]u darfst (weiter )?(reden|sprechen|kommentieren|etwas sagen)"]},
         "allowed": {"explain.vote.confuser", "explain.vote.confuser_revote"},
         "bound": _factum_captain_after_the_card},
        {"quote": "Sie müssen mit der Mehrheit der Stimmen eine Entscheidung treffen.",
         "means": "the guessing team's choice is the majority's, not a unanimous one",
         "never": {"en": [r"\bunanimous"], "de": [r"\beinstimmig"]}},
        {"quote": "Diese 3 Punkte sind \"übertragbar\": Wenn die Geschichte eines anderen "
                  "Erzählers gewählt wird, erhält dieser neue Erzähler 3 Punkte, und dem "
                  "vorherigen Erzähler werden 3 Punkte von seiner Punktzahl abgezogen.",
         "means": "the title's 3 points are one stake that moves to a challenger who wins; "
                  "a title story that wins again earns nothing more (spec: more votes for "
                  "the title or a tie change nothing), so never 'the winner gets +3'",
         "never": {"en": [r"\bwinner's teller gets \+3", r"\bmore votes give its teller \+3"],
                   "de": [r"\bihr Erzähler bekommt beim Sieg \+3",
                          r"\bmehr Stimmen bringen ihrem Erzähler \+3"]}},
    ]),
    "hoax": ("hoax.de.txt", [
        {"quote": "B: „... erhebe Steuern auf (Vorrat)“: Jeder Mitspieler, der diesen Vorrat "
                  "besitzt, muß nun einen davon an den Baron abgeben, außer er immunisiert "
                  "sich als Magier (siehe 4.4: Immunisieren) oder alle fraglichen Vorräte "
                  "sind in Trios.",
         "means": "a tax takes one chip from each other player who has it outside trios "
                  "and does not immunize as Magician",
         "never": {"en": [r"outside trios gives \S+ one(?![^.]*Magician)"],
                   "de": [r"außerhalb von Trios gibt \S+ eins ab(?![^.]*Magier)"]}},
        {"quote": "B: „.... halte eine Kollekte“: Jeder Mitspieler muß dem Mönch einen "
                  "beliebigen Vorrat abgeben, außer er immunisiert sich als Magier (*siehe "
                  "4.4: Immunisieren*) oder alle Vorräte sind in Trios.",
         "means": "a collection takes nothing from a player whose chips are all in trios "
                  "or who immunizes as Magician",
         "never": {"en": [r"\bevery other player gives\b",
                          r"one (chip )?of their choice(?![^.]*Magician)"],
                   "de": [r"\bJeder Mitspieler gibt\b",
                          r"gibt \S+ einen beliebigen (Vorrat|davon)(?![^.]*Magier)"]}},
        {"quote": "A: „.... verzaubere (Mitspieler)“: Der verzauberte Mitspieler muß ihm alle "
                  "seine Vorräte, die nicht in Trios sind, abgeben, außer er immunisiert sich "
                  "(ebenfalls) als Magier (*siehe 4.4: Immunisieren*).",
         "means": "an enchanted player hands over nothing when immunized as Magician",
         "never": {"en": [r"hands \S+ every chip outside trios(?![^.]*Magician)"],
                   "de": [r"gibt \S+ alle Vorräte außerhalb von Trios(?![^.]*Magier)"]}},
        {"quote": "Der Verlierer erhält immerhin noch 1 Thronpunkt (*es sei denn, er würde "
                  "dadurch 10 Thronpunkte erreichen, siehe 9.*).",
         "means": "the loser of a final gets 1 throne point, never their 10th",
         "never": {"en": [r"\bloser (gets )?1\b(?![^.;]*10th)"],
                   "de": [r"\bVerlierer (bekommt |erhält )?1\b(?![^.;]*10\.)"]}},
        {"quote": "Die Spielrunde wird nicht mehr zu Ende gespielt, sondern es folgt sofort "
                  "die Krönung.",
         "means": "after a final that gives someone 10 throne points no new round follows",
         "never": {"en": [r"\bthen a new round\b"],
                   "de": [r"\bdann (sind|ist|beginnt) (in )?(der |die )?neuen? Runde\b"]}},
    ]),
    "haiclue": ("haiclue.de.txt", [
        {"quote": "Nach dem Spielen einer Runde mit der weißen Seite der Wortplättchen werden "
                  "die Wortplättchen auf den vier Stapeln umgedreht, so dass sie die schwarze "
                  "Seite zeigen.",
         "means": "after a white round the same four top tiles show their black side: other "
                  "words, so the target words change",
         "never": {"en": [r"\bsame (four )?target words\b"],
                   "de": [r"\b[Dd]ieselben (vier )?Zielwörter\b"]}},
        {"quote": "Der Autor des Tipps rät nicht mit.",
         "means": "nobody guesses their own clue",
         "never": {"en": [r"\byou (also )?guess your own\b", r"\bauthor (also )?guesses\b"],
                   "de": [r"\beigenen (Tipp )?rätst du mit\b", r"\bAutor rät (auch )?mit\b"]}},
    ]),
    "eselsbruecke": ("eselsbruecke.de.txt", [
        {"quote": "Jetzt muss - beginnend mit dem Startspieler - reihum jeder Spieler je einen "
                  "Begriff aus der Geschichte nennen, den er selbst nicht auf der Hand hat.",
         "means": "a player names only terms they do not hold; their own cards are hints",
         "never": {"en": [r"\byou (may|can) name (it|them|your own)\b",
                          r"\bname a term (of|from) your (own )?hand\b"],
                   "de": [r"\b(kannst|darfst) (sie|ihn|deine eigenen?) nennen\b",
                          r"\bnenne einen Begriff deiner Hand\b"]}},
        {"quote": "Wer einen falschen Begriff nennt, erhält keine Karte. Er bleibt aber "
                  "weiterhin im Spiel.",
         "means": "a wrong name costs nothing but the card: the namer stays in",
         "never": {"en": [r"\bwrong[^.;]*\b(you are|is) out\b", r"\bloses? (a|one|your) card"],
                   "de": [r"\bfalsch[^.;]*\b(bist du|ist \S+) raus\b",
                          r"\bverlierst (eine|deine) Karte"]}},
    ]),
    "what_the_rule": ("what-the-rule.de.txt", [
        {"quote": "Es muss immer die gesamte Regel erraten werden.",
         "means": "a guess that is only part of the rule is wrong",
         "never": {"en": [r"\bpart of (the|your|a) rule (counts|is enough|is right|scores)"],
                   "de": [r"\bTeil der Regel (zählt|genügt|reicht|ist richtig)"]}},
        {"quote": "Die Entscheidung hat Einfluss auf die Punkteverteilung am Ende der Runde und "
                  "muss deshalb einstimmig von allen Spielern (inklusive Spielleiter) "
                  "beschlossen werden.",
         "means": "hints need everyone's yes, the game master's included; no majority",
         "never": {"en": [r"\bmajority\b"], "de": [r"\bMehrheit\b"]}},
    ]),
}


def _rules(game_name: str) -> list[dict]:
    return TABLE[game_name][1] if game_name in TABLE else []


def _hits(rule: dict, lang: str, text: str) -> list[str]:
    return [p for p in rule["never"][lang] if re.search(p, text)]


def test_every_game_has_rulebook_sentences_in_the_table(game_name):
    game = games.get(game_name)
    if not any(k.startswith("explain.") for k in game.texts["en"]):
        pytest.skip("no explain texts")
    if game_name == "pick":   # the test fixture game has no rulebook
        return
    assert _rules(game_name), f"{game_name}: no rulebook sentences in TABLE"


@pytest.mark.skipif(not RULES.is_dir(), reason="the rulebooks (../shared/rules) are not here")
def test_every_quote_is_the_rulebooks_word_for_word():
    def norm(s: str) -> str:
        return re.sub(r"\s+", " ", s).strip()
    for game_name, (file, rules) in TABLE.items():
        book = norm((RULES / file).read_text(encoding="utf-8"))
        for rule in rules:
            assert norm(rule["quote"]) in book, (game_name, rule["quote"])
            assert set(rule["never"]) == set(LANGS), (game_name, rule["quote"])


def test_no_explain_text_contradicts_the_rulebook(game_name):
    """Every ``explain.*`` and ``meaning.*`` text, in both languages, as
    written (placeholders unfilled), outside the rule's allowed texts."""
    game = games.get(game_name)
    problems = []
    for rule in _rules(game_name):
        for lang in LANGS:
            for key, text in game.texts[lang].items():
                if not key.startswith(("explain.", "meaning.")) or key in rule.get("allowed", ()):
                    continue
                for hit in _hits(rule, lang, text):
                    problems.append(f"{lang} {key}: {text!r} matches {hit!r} "
                                    f"against „{rule['quote'][:60]}…“ ({rule['means']})")
    assert problems == []


def test_no_explain_line_in_play_contradicts_the_rulebook(game_name):
    """The lines explain mode builds in random play (every seat and the
    table, now, secret and each offered move), filled and in both languages."""
    rules = _rules(game_name)
    if not rules:
        pytest.skip("no rulebook sentences for this game")
    game = games.get(game_name)
    names = {s: f"Seat{s}" for s in range(100)}
    problems: list[str] = []
    bound_seen = 0
    for state, seats, _, action, _, sample in positions(game, seeds=1, every=2):
        if game.winners(state) is not None or not sample:
            continue
        for viewer in seats + [None]:
            actions, told = told_for(game, state, viewer, seats)
            view = game.view(state, viewer)
            lines = list(told.get("now") or []) + list(told.get("secret") or [])
            lines += list((told.get("moves") or {}).values())
            for rule in rules:
                bound = rule.get("bound") and rule["bound"](view, viewer)
                bound_seen += bool(bound)
                for key, params in lines:
                    if key in rule.get("allowed", ()) and not bound:
                        continue
                    for lang in LANGS:
                        said = translate(lang, key, params, game, names)
                        for hit in _hits(rule, lang, said):
                            problems.append(
                                f"{game_name} after {(action or {}).get('type', 'setup')}, "
                                f"seat {viewer}: {lang} {key} {said!r} matches {hit!r} "
                                f"({rule['means']})")
        if len(problems) > 10:
            break
    assert problems == []
    if any(rule.get("bound") for rule in rules):
        assert bound_seen > 20, "random play never reached a viewer the rule binds"

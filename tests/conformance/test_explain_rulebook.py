"""Explain mode says what the rulebooks say (issue #40): per game, sentences
of the original German rules (``../shared/rules/*.de.txt``, quoted word for
word), what each forbids or requires, and the phrases that would contradict
it, declared by the game (``Game.rulebook``, its package's rulebook.py).  No explain text of the game (``explain.*``, ``meaning.*``) may contain
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


def _rules(game_name: str) -> list[dict]:
    return games.get(game_name).rulebook.rules


def _hits(rule: dict, lang: str, text: str) -> list[str]:
    return [p for p in rule["never"][lang] if re.search(p, text)]


def test_every_game_declares_its_rulebook_sentences(game_name):
    game = games.get(game_name)
    assert game.rulebook is not None, (
        f"{game_name}: declare Game.rulebook, the printed rulebook's sentences explain mode must "
        "not contradict (games/base.py Rulebook), or NO_RULEBOOK for a game without one")
    assert bool(game.rulebook.file) == bool(game.rulebook.rules), f"{game_name}: {game.rulebook}"


@pytest.mark.skipif(not RULES.is_dir(), reason="the rulebooks (../shared/rules) are not here")
def test_every_quote_is_the_rulebooks_word_for_word():
    def norm(s: str) -> str:
        return re.sub(r"\s+", " ", s).strip()
    declared = [(name, game.rulebook) for name, game in games.shipped().items()]
    assert declared and all(book.file for _, book in declared)
    for game_name, rulebook in declared:
        book = norm((RULES / rulebook.file).read_text(encoding="utf-8"))
        for rule in rulebook.rules:
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

"""What the Rule?! at the rules' edges (issue #38): the app's reading of a
rule where the row is short (shown before sealing, and at a round's end),
guesses judged as a game master judges them (a difference only where one
of the two reads a card the row does not have yet is no difference), wrong
guesses explained once the rule is shown, and rules whose row runs dead
refused when sealed — each said in English and German."""
from __future__ import annotations

import itertools
import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.games.base import HOST, Illegal, copied, match_action
from companion.games.what_the_rule import deck, flow, hidden
from companion.games.what_the_rule.cards import ATTRIBUTES, BY_CODE, CARDS, CODES
from companion.games.what_the_rule.equivalence import dead_end_row, equivalent, judge
from companion.games.what_the_rule.language import Situation, evaluate, parse
from companion.games.what_the_rule.reading import (describe, fitting, reading, relevant,
                                                   restriction_texts, say)
from companion.games.what_the_rule.rules import EXAMPLES, GAME
from companion.i18n import translate

ALAN, BOB, CARO, DINA = 0, 1, 2, 3
NAMES = {ALAN: "Alan", BOB: "Bob", CARO: "Caro", DINA: "Dina"}
SEALED = "count == n % 6 + 1"           # the rulebook's example: 1, 2, … 6, then 1 again
#: the issue's three guesses a game master would take for it
NATURAL = ["count == prev.count % 6 + 1",
           "prev == none and count == 1 or count == prev.count % 6 + 1",
           "prev == none and count == 1 or prev != none and count == prev.count % 6 + 1"]


# --- helpers -----------------------------------------------------------------------------

def new(n=4, seed=1, **options):
    state, _ = GAME.setup(list(range(n)), options, random.Random(seed))
    return state


def act(state, actor, action, seed=0):
    """(state, events), applied as the platform does (a template admits it,
    the state is copied)."""
    templates = GAME.actions(state, actor) if actor != HOST else GAME.host_actions(state)
    assert match_action(templates, action)[0] is not None, (actor, action, templates)
    state, events = GAME.apply(copied(state), actor, action, random.Random(seed))
    json.dumps(state)
    return state, events


def said(events, lang="en") -> list[str]:
    out = []
    for event in events:
        text = translate(lang, f"log.{event['key']}", event["params"], GAME, NAMES)
        assert "{" not in text and not text.startswith("log."), text
        out.append(text)
    return out


def refused(state, actor, action) -> Illegal:
    with pytest.raises(Illegal) as info:
        act(state, actor, action)
    return info.value


def message(error: Illegal, lang="en") -> str:
    text = translate(lang, f"error.{error.code}", error.params, GAME, NAMES)
    assert "{" not in text and not text.startswith("error."), text
    return text


def play_fitting(state, count):
    """The player on turn plays a fitting card with ``count`` shapes."""
    code = next(c for c in CODES if BY_CODE[c][1] == count and flow.copies_out(state, c) < 2
                and flow.fits(state, c))
    shape, count, fill, color = BY_CODE[code]
    return act(state, state["turn"], {"type": "play", "shape": shape, "count": count,
                                      "fill": fill, "color": color})


def sealed(rule=SEALED, **options):
    state = new(4, **options)
    if options.get("master") == "app":
        return state
    state, _ = act(state, CARO, {"type": "set_rule", "rule": rule})
    return state


# --- the reading ------------------------------------------------------------------------

def words(text: str, lang="en") -> dict:
    texts = GAME.texts[lang]
    return {which: say(d, texts) for which, d in reading(parse(text)).items()}


def test_the_reading_says_what_starts_the_row():
    """The issue's disputes, each read back as the app reads it, so a game
    master who meant otherwise sees it before sealing."""
    assert words(SEALED) == {"first": "Count 1"}
    assert words(SEALED, "de") == {"first": "Anzahl 1"}
    assert words("count == prev.count % 6 + 1") == {"first": "any card"}
    assert words("count == prev.count % 6 + 1", "de") == {"first": "jede Karte"}
    # "prev == none and color == black or ...": the unknown branch lets any first card through
    assert words("prev == none and color == black or color != prev.color") == {"first": "any card"}
    assert words("prev == none and color == black or prev != none and color != prev.color") \
        == {"first": "Colour black"}
    # after one circle, a triangle: the card two back is missing, so anything follows
    assert words("shape == prev.shape or shape == prev2.shape") == {
        "first": "any card", "second": "any card"}
    assert words("shape == prev.shape and shape != prev.shape or count == 1") == {"first": "any card"}
    assert words("color != prev.color and shape != prev2.shape") == {
        "first": "any card", "second": "Colour unlike the first card"}
    assert words("color != prev.color and shape != prev2.shape", "de") == {
        "first": "jede Karte", "second": "Farbe anders als die erste Karte"}
    assert words("not count > 3") == {"first": "Count 1, 2 or 3"}
    assert words("not count > 3", "de") == {"first": "Anzahl 1, 2 oder 3"}
    assert words("color == white or fill == empty") == {"first": "Fill empty; or Colour white"}
    assert words(deck.BY_ID["deck_3_15"][2]) == {"first": (
        "Shape circle, Count 1 or 2; or Shape triangle, Count 3 or 4; or Shape square, Count 5 or 6")}


def test_a_description_covers_exactly_the_cards():
    """Every description (at most three alternatives, else a count) names
    exactly the set it describes, over every deck rule and random sets."""
    rng = random.Random(38)
    masks = [fitting(deck.rule(i), []) for i, *_ in deck.DECK]
    masks += [rng.getrandbits(72) for _ in range(40)]
    masks += [fitting(deck.rule(i), [CARDS[j]]) for i, *_ in deck.DECK for j in (0, 40, 71)]
    for mask in masks:
        described = describe(mask)
        if "alts" not in described:
            assert described == {"cards": bin(mask).count("1")} or mask in (0, (1 << 72) - 1)
            continue
        assert len(described["alts"]) <= 3
        covered = 0
        for alt in described["alts"]:
            for i, card in enumerate(CARDS):
                if all(card[ATTRIBUTES.index(a)] in values for a, values in alt):
                    covered |= 1 << i
        assert covered == mask, described


def test_every_restriction_has_words_in_both_languages():
    for lang in ("en", "de"):
        generated = restriction_texts(GAME.texts[lang])
        assert all(GAME.texts[lang][key] == text for key, text in generated.items())
        assert len(generated) == 6 + 62 + 2 + 2 + 8


# --- guesses judged as a game master judges -----------------------------------------------

@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("guess", NATURAL)
def test_the_issues_three_guesses_for_the_rulebooks_rule_are_right(guess, lang):
    state = sealed()
    state, _ = play_fitting(state, 1)
    guesser = state["turn"]
    state, events = act(state, guesser, {"type": "guess", "rule": guess})
    result = state["results"][-1]
    assert result["reason"] == "guessed" and result["guesser"] == guesser
    lines = said(events, lang)
    if guess == NATURAL[2]:       # the same rule, written out: right as before, nothing to add
        assert not state["guesses"][-1].get("start")
        assert not any("start" in e["key"] for e in events)
        return
    assert state["guesses"][-1]["start"] is True and result["start"] is True
    expected = {"en": ["Dina's guess is right, as a game master judges it: it and the rule differ "
                       "only at the start of the row, where one of them reads a card the row "
                       "does not have yet.", "By the rule, the first card: Count 1."],
                "de": ["Der Vorschlag von Dina ist richtig, so wie ein Spielleiter urteilt: Er "
                       "weicht von der Regel nur am Anfang der Reihe ab, wo einer von beiden eine "
                       "Karte liest, die die Reihe noch nicht hat.",
                       "Nach der Regel die erste Karte: Anzahl 1."]}[lang]
    at = lines.index(expected[0])
    assert lines[at + 1] == expected[1]
    assert any(e["key"] == "round_guessed" for e in events[at:])


def test_the_app_as_game_master_judges_the_same_way():
    state = new(3, master="app")
    state, _ = act(state, ALAN, {"type": "draw_rule", "level": 2})
    state["rule"] = {"kind": "deck", "id": "deck_2_04", "level": 2}   # 1, 2, … 6, then 1 again
    state, _ = play_fitting(state, 1)
    state, events = act(state, state["turn"], {"type": "guess", "rule": NATURAL[0]})
    assert state["results"][-1]["reason"] == "guessed"
    assert "By the rule, the first card: Count 1." in said(events)


def test_the_other_way_round_a_rule_free_at_the_start_takes_a_guess_that_starts_with_1():
    verdict = judge(parse("count == prev.count % 6 + 1"), parse(NATURAL[2]))
    assert verdict.right and verdict.start == (0,)
    # ... but not "1, 2, 3 … by place", which parts ways after a first card other than 1
    wrong = judge(parse("count == prev.count % 6 + 1"), parse(SEALED))
    assert not wrong.right and wrong.parting.n == 1


def test_the_second_card_counts_where_a_rule_reads_two_back():
    """The guess reads the card two back, missing at the second card."""
    verdict = judge(parse("shape == prev.shape"), parse("shape == prev.shape or shape == prev2.shape"))
    assert verdict.right and verdict.start == (1,)
    state = sealed("shape == prev.shape")
    state, _ = play_fitting(state, 1)
    state, events = act(state, state["turn"], {"type": "guess",
                                               "rule": "shape == prev.shape or shape == prev2.shape"})
    assert "By the rule, the second card: Shape as the first card." in said(events)
    assert "Nach der Regel die zweite Karte: Form wie die erste Karte." in said(events, "de")


def test_everything_else_keeps_the_exact_equivalence():
    # a difference at the start that is not about a missing card is a difference
    assert not judge(parse("color == white"), parse("color == white or n == 0")).right
    assert not judge(parse("color == white"), parse("color == white or prev == none")).right
    # partial rules stay wrong (the rulebook), equivalent ones right without a note
    assert not judge(parse("shape in [circle, triangle]"), parse("shape == circle")).right
    assert judge(parse("color == white"), parse("color != black")) == judge(
        parse("color == white"), parse("not color == black"))
    assert judge(parse("color == white"), parse("color != black")).start == ()
    # a difference deep in the row still counts
    assert not judge(parse(SEALED), parse("count == prev.count % 6 + 1 and n != 40")).right


PAIRS = [(a, b) for a, b in itertools.product([e[2] for e in deck.DECK[::3]] + EXAMPLES[:4], repeat=2)]


@pytest.mark.parametrize("secret,guess", PAIRS[::7] + [(SEALED, g) for g in NATURAL])
def test_a_verdict_is_what_the_rules_say_on_real_rows(secret, guess):
    """Right exactly when no row the secret rule allows has a card one rule
    says fits and the other says does not (unknown is neither); the row
    and card given for a wrong guess are such a place, on the real row."""
    s, g = parse(secret), parse(guess)
    verdict = judge(s, g)
    assert verdict.right == (verdict.parting is None)
    if verdict.right:
        assert verdict.start == () or not equivalent(s, g)
        return
    parting = verdict.parting
    row = [BY_CODE[c] for c in parting.row]
    assert len(row) == parting.n
    for i, c in enumerate(row):
        assert s.fits(c, row[:i]), "the row given is not one the rule allows"
    at = Situation.of(row)
    card = dict(zip(ATTRIBUTES, BY_CODE[parting.card]))
    answers = evaluate(s.tree, card, at), evaluate(g.tree, card, at)
    assert answers == (parting.secret_fits, not parting.secret_fits), answers


def test_a_verdict_is_the_same_on_every_server():
    """The row and card reported do not depend on the order a set iterates
    in (it changes between processes): a replay says the same."""
    first = judge(parse(SEALED), parse("count == prev.count + 1"))
    again = judge(parse(SEALED), parse("count == prev.count + 1"))
    assert first == again
    assert first.parting.row == tuple(f"circle-{i}-filled-white" for i in range(1, 7))
    assert first.parting.card == "circle-1-filled-white" and first.parting.secret_fits


# --- wrong guesses explained when the rule is shown ------------------------------------------

def wrong_then_void():
    """Caro seals the rulebook's rule; Dina guesses "one more than the card
    before" (wrong: after 6 comes 1); then the host voids the round."""
    state = sealed()
    state, _ = play_fitting(state, 1)
    state, _ = act(state, DINA, {"type": "guess", "rule": "count == prev.count + 1"})
    assert state["guesses"][-1]["right"] is False
    return state


def test_nothing_about_a_wrong_guess_shows_while_the_round_runs():
    state = wrong_then_void()
    for viewer in (None, ALAN, BOB, DINA, CARO):
        seen = json.dumps(GAME.view(state, viewer)) + json.dumps(
            GAME.explain(GAME.view(state, viewer), viewer, GAME.actions(state, viewer) if viewer
                         is not None else GAME.host_actions(state), []))
        assert "parted" not in seen and "partings" not in seen
        assert "circle-6" not in seen
    # ... and a change of what it would show is invisible to whoever may not know the rule
    for viewer in (None, ALAN, BOB, DINA):
        (variant,) = hidden.hidden_variants(copied(state), viewer, random.Random(1))
        assert variant["partings"] != state["partings"]
        assert GAME.view(variant, viewer) == GAME.view(state, viewer)


@pytest.mark.parametrize("lang,line", [
    ("en", "Dina's guess count == prev.count + 1 and the rule part ways after 1, 2, 3, 4, 5, 6: "
           "1 fits the rule, not the guess."),
    ("de", "Der Vorschlag von Dina, anzahl == vorher.anzahl + 1, und die Regel trennen sich nach der "
           "Reihe 1, 2, 3, 4, 5, 6: 1 passt zur Regel, nicht zum Vorschlag."),
])
def test_at_the_rounds_end_each_wrong_guess_shows_where_it_and_the_rule_part_ways(lang, line):
    state, events = act(wrong_then_void(), HOST, {"type": "void_round"})
    lines = said(events, lang)
    assert line in lines
    assert lines.index(line) == 2          # right after the rule is shown
    (parted,) = GAME.view(state, None)["public"]["results"][-1]["parted"]
    assert parted == {"seat": DINA, "rule": "count == prev.count + 1", "n": 6,
                      "row": [f"circle-{i}-filled-white" for i in range(1, 7)],
                      "card": "circle-1-filled-white", "secret_fits": True,
                      "attrs": ["count"], "total": None}


def test_a_guess_that_lets_more_cards_start_and_one_the_game_master_overruled():
    state = sealed("count <= 3")
    state, _ = play_fitting(state, 1)
    state, _ = act(state, DINA, {"type": "guess", "rule": "count <= 4"})
    state, _ = play_fitting(state, 2)
    state, _ = act(state, ALAN, {"type": "guess", "rule": "count < 3"})
    state, events = act(state, CARO, {"type": "overrule"})     # Alan's counts as right
    assert [p["seat"] for p in state["results"][-1]["parted"]] == [DINA]
    assert [text for text in said(events) if "part ways" in text] == [
        "Dina's guess count <= 4 and the rule part ways at the start of the row: "
        "4 fits the guess, not the rule."]


def test_a_long_row_and_full_cards_when_the_rules_read_more_than_one_property():
    state = sealed("color != prev.color")
    for _ in range(2):
        state, _ = play_fitting(state, 1)
        state, _ = act(state, state["turn"], {"type": "no_guess"})
    state, _ = play_fitting(state, 1)
    state, _ = act(state, state["turn"], {"type": "guess", "rule": "color != prev.color and shape == circle"})
    state, events = GAME.apply(copied(state), HOST, {"type": "void_round"}, random.Random(0))
    (line,) = [text for text in said(events) if "part ways" in text]
    assert line == ("Bob's guess color != prev.color and shape == circle and the rule part ways "
                    "after black card with 1 filled circle: white card with 1 filled triangle "
                    "fits the rule, not the guess.")
    far = judge(parse("n >= 0"), parse("n != 9 or color == white"))
    record = flow.parting_record(parse("n >= 0"), parse("n != 9 or color == white"), far.parting)
    entry = {"seat": BOB, "rule": "n != 9 or color == white", **record}
    assert said([flow.parted_event(entry)]) == [
        "Bob's guess n != 9 or color == white and the rule part ways after 9 cards, the last "
        "ones black, white, white: black fits the rule, not the guess."]


# --- rules whose row runs dead ------------------------------------------------------------------

@pytest.mark.parametrize("rule,en,de", [
    ("n < 2", "After any cards (2 cards in the row) no card can follow this rule",
     "Nach der Reihe aus beliebigen Karten (2 Karten) kann keine Karte mehr"),
    ("total < 20", "After 1, 6, 6, 6 (4 cards in the row) no card can follow this rule",
     "Nach der Reihe 1, 6, 6, 6 (4 Karten) kann keine Karte mehr"),
    ("total == count + prev.count", "After 1, 1 (2 cards in the row) no card can follow",
     "Nach der Reihe 1, 1 (2 Karten) kann keine Karte mehr"),
    ("count == prev.count + 1", "After the first card (6) no card can follow this rule",
     "Nach der ersten Karte (6) kann keine Karte mehr"),
    ("total <= 30 and color != prev.color",
     "After black card with 6 empty circles, white card with 6 filled circles, black card",
     "Nach der Reihe schwarze Karte mit 6 unausgefüllten Kreisen, weiße Karte"),
    ("n < 40", "After any cards (40 cards in the row)", "Nach der Reihe aus beliebigen Karten (40"),
    ("total < 60", "After …, 6, 6, 6 (10 cards in the row)", "Nach der Reihe …, 6, 6, 6 (10 Karten)"),
])
def test_a_rule_whose_row_runs_dead_is_refused_naming_the_first_row(rule, en, de):
    error = refused(new(4), CARO, {"type": "set_rule", "rule": rule})
    assert error.code in ("rule_dead_end", "rule_no_second")
    assert message(error).startswith(en), message(error)
    assert message(error, "de").startswith(de), message(error, "de")


def test_the_decks_rules_and_the_examples_still_seal_within_the_budget():
    for rule_id, _, text, _, _ in deck.DECK:
        state, _ = act(new(4), CARO, {"type": "set_rule", "rule": text})
        assert state["phase"] == "turn", rule_id
    for text in EXAMPLES:
        assert dead_end_row(parse(text)) is None, text


def test_the_relevant_properties_of_two_rules():
    assert relevant(parse(SEALED)) == ("count",)
    assert relevant(parse("n < 2")) == ()
    assert relevant(parse("total < 20")) == ("count",)
    assert relevant(parse("color == white"), parse("shape == prev.shape")) == ("shape", "color")
    assert relevant(parse("changes == 2")) == ATTRIBUTES


# --- the phone reads the start of the row the same way ----------------------------------------

RULE_JS = Path(__file__).resolve().parents[2] / "companion" / "static" / "games" / "what_the_rule.rule.js"
NODE_READING = """
global.window = {};
require(process.argv[2]);   // the renderer: a rule in the page's words (issue #40)
require(process.argv[1]);
const R = window.Companion.wtrRule;
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const ui = (texts) => ({t: (k, p) => String(texts[k]).replace(/\\{(\\w+)\\}/g, (m, x) => (p && x in p ? p[x] : m)),
                        esc: (s) => s, name: (s) => "Seat" + s});
const out = input.rules.map((text) => {
  const reading = R.reading(text);
  const said = {};
  for (const lang of ["en", "de"]) {
    said[lang] = {};
    for (const which of Object.keys(reading)) said[lang][which] = R.say(ui(input.texts[lang]), reading[which]);
  }
  return {reading, said};
});
const parted = input.parted.map((p) => ({en: R.partedSentence(ui(input.texts.en), p),
                                       de: R.partedSentence(ui(input.texts.de), p)}));
console.log(JSON.stringify({out, parted}));
"""
ATOMS = ["color == white", "shape != prev.shape", "count > prev2.count", "n % 3 == 1",
         "total % 4 != 0", "changes >= 2", "prev == none", "prev2 != none", "count in [1, 3, 5]",
         "fill == prev.fill", "color != prev2.color", "count == prev.count % 6 + 1", "count <= 3",
         "shape in [circle, square]", "count + prev.count == 7", "prev.color == black"]


def random_rule(rng: random.Random, depth: int = 0) -> str:
    if depth > 2 or rng.random() < 0.35:
        return rng.choice(ATOMS)
    joiner = rng.choice([" and ", " or ", "not"])
    if joiner == "not":
        return f"not ({random_rule(rng, depth + 1)})"
    return f"({random_rule(rng, depth + 1)}{joiner}{random_rule(rng, depth + 1)})"


def test_the_phone_reads_the_start_of_the_row_like_the_server():
    """what_the_rule.rule.js computes the reading before a rule is sealed:
    over the deck, the examples, the issue's rules and random ones it must
    be the server's, in both languages, as must a wrong guess's sentence
    on the table."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    rng = random.Random(38)
    rules = ([e[2] for e in deck.DECK] + EXAMPLES + [SEALED] + NATURAL + [
        "prev == none and color == black or color != prev.color",
        "shape == prev.shape or shape == prev2.shape",
        "shape == prev.shape and shape != prev.shape or count == 1",
        "color != prev.color and shape != prev2.shape", "not count > 3", "count < 1",
        "color == white or fill == empty", "changes == 4 or prev2.count == count"]
        + [random_rule(rng) for _ in range(60)])
    rules = [parse(text).text for text in rules]
    entries = []
    for secret, guess in [(SEALED, "count == prev.count + 1"), ("count <= 3", "count <= 4"),
                          ("color != prev.color", "color != prev.color and shape == circle"),
                          ("n >= 0", "n != 9 or color == white"), ("n < 5 or count > 0", "n < 4"),
                          ("total % 5 != 0", "total % 5 != 0 and n != 8")]:
        s, g = parse(secret), parse(guess)
        entries.append({"seat": BOB, "rule": g.text,
                        **flow.parting_record(s, g, judge(s, g).parting)})
    texts = {lang: {k: v for k, v in GAME.texts[lang].items()
                    if k.startswith(("ui.", "log.", "field.", "value.", "words."))}
             for lang in ("en", "de")}
    answer = subprocess.run([node, "-e", NODE_READING, str(RULE_JS), str(RULE_JS.with_name("what_the_rule.js"))],
                            capture_output=True, text=True,
                            input=json.dumps({"rules": rules, "texts": texts, "parted": entries}),
                            timeout=120)
    assert answer.returncode == 0, answer.stderr
    found = json.loads(answer.stdout)
    for text, phone in zip(rules, found["out"]):
        server = reading(parse(text))
        assert phone["reading"] == server, text
        for lang in ("en", "de"):
            assert phone["said"][lang] == {w: say(d, GAME.texts[lang]) for w, d in server.items()}, text
    assert {"second"} & set().union(*(o["reading"] for o in found["out"]))
    for entry, phone in zip(entries, found["parted"]):
        for lang in ("en", "de"):
            (line,) = said([flow.parted_event(entry)], lang)
            assert phone[lang] == line.replace("Bob", f"Seat{BOB}")


def test_explain_mode_says_what_a_guess_right_at_the_start_meant():
    state = sealed()
    state, _ = play_fitting(state, 1)
    state, events = act(state, state["turn"], {"type": "guess", "rule": NATURAL[0]})
    decisive = next(e for e in events if f"meaning.{e['key']}" in GAME.texts["en"])
    assert decisive["key"] == "guess_right_start"
    for lang in ("en", "de"):
        text = translate(lang, "meaning.guess_right_start", decisive["params"], GAME, NAMES)
        assert "Dina" in text and "{" not in text


def test_the_host_ending_the_game_shows_the_wrong_guesses_too():
    state = wrong_then_void()
    events = GAME.end(state)
    assert state["results"][-1]["reason"] == "ended"
    assert [p["seat"] for p in state["results"][-1]["parted"]] == [DINA]
    assert any("part ways after 1, 2, 3, 4, 5, 6" in line for line in said(events))

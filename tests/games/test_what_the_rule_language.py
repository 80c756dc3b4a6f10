"""What the Rule?!: the rule language (parsing, refusals of hostile input,
meaning), the equivalence of rules, and the rule deck."""
from __future__ import annotations

import itertools
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.games.what_the_rule import deck
from companion.games.what_the_rule.cards import BY_CODE, CARDS
from companion.games.what_the_rule.checks import ERRORS
from companion.games.what_the_rule.equivalence import (analyse, dead_end, difference,
                                                       equivalent, fits_at_start)
from companion.games.what_the_rule.language import RULE_MAX, RuleError, parse
from companion.games.what_the_rule.rules import EXAMPLES, GAME
from companion.i18n import translate

ASCENDING = "prev == none and count == 1 or count == prev.count % 6 + 1"
RENDERER = Path(__file__).resolve().parents[2] / "static" / "games" / "what_the_rule.rule.js"


def card(text: str) -> tuple:
    return BY_CODE[text]


def refused(text: str) -> RuleError:
    with pytest.raises(RuleError) as info:
        parse(text)
    return info.value


def message(error: RuleError, lang: str = "en") -> str:
    return translate(lang, f"error.{error.code}", error.params, GAME, {})


# --- reading rules ----------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "color == white", "color != prev.color", ASCENDING,
    "shape in [circle, triangle]", "n % 3 == 2 and color == black or n % 3 != 2",
    "not (count < 3 or fill == empty)", "1 < count < 5", "count not in [1, 6]",
    "prev != none and (count - prev.count) % 3 == 0", "-count + 7 >= prev.count",
])
def test_canonical_text_reads_back_to_the_same_rule(text):
    rule = parse(text)
    assert parse(rule.text) == rule


def test_german_names_and_friendly_operators():
    german = parse("vorher == keine und anzahl = 1 oder anzahl == vorher.anzahl % 6 + 1")
    assert german == parse(ASCENDING)
    assert parse("Farbe ≠ Schwarz") == parse("color != black")
    assert parse("FORM in [Kreis, Dreieck]") == parse("shape in [circle, triangle]")
    assert parse("füllung == ausgefüllt und farbe == weiss") == parse(
        "fill == filled and color == white")
    assert parse("nicht form == quadrat") == parse("not shape == square")
    assert parse("anzahl nicht in [2, 4]") == parse("count not in [2, 4]")
    assert parse("count ≤ 3") == parse("count <= 3")


def test_none_is_an_ordinary_value_for_equality_and_false_for_order():
    alternate = parse("color != prev.color")
    assert all(alternate.fits(c, []) for c in CARDS)         # any first card
    assert not alternate.fits(card("circle-1-filled-white"), [card("square-2-empty-white")])
    assert alternate.fits(card("circle-1-filled-black"), [card("square-2-empty-white")])
    assert not parse("count > prev.count").fits(card("circle-6-filled-white"), [])
    assert not parse("count <= prev.count + 1").fits(card("circle-1-filled-white"), [])
    assert parse("prev.count == none").fits(card("circle-1-filled-white"), [])
    assert parse("prev.shape not in [circle]").fits(card("circle-1-filled-white"), [])
    assert not parse("count == prev.count % 6 + 1").fits(card("circle-1-filled-white"), [])


def test_the_rulebook_example_rule_ascending_count():
    """Caro's rule "ascending count from 1 to 6, then again": after a 5 only
    a 6 fits (Bob's 4 does not), after the 6 the 1."""
    rule = parse(ASCENDING)
    row: list[tuple] = []
    for count in (1, 2, 3, 4, 5, 6, 1, 2):
        for other in range(1, 7):
            assert rule.fits(card(f"square-{other}-empty-black"), row) == (other == count)
        row.append(card(f"circle-{count}-filled-white"))
    after_five = [card(f"triangle-{c}-empty-white") for c in (1, 2, 3, 4, 5)]
    assert not rule.fits(card("circle-4-filled-white"), after_five)
    assert rule.fits(card("circle-6-filled-white"), after_five)


def test_modulo_is_the_mathematical_remainder():
    rule = parse("(count - prev.count) % 3 == 0")
    assert rule.fits(card("circle-1-filled-white"), [card("circle-4-filled-white")])  # -3 % 3
    assert not rule.fits(card("circle-1-filled-white"), [card("circle-5-filled-white")])


# --- refusing bad and hostile rules ------------------------------------------------

@pytest.mark.parametrize("text, code, at", [
    ("__import__('os')", "rule_name", 1),
    ("count == 1 and __import__('os').system('ls')", "rule_name", 16),
    ("prev.__class__ == none", "rule_prev_attr", 6),
    ("prev.__class__.__bases__", "rule_prev_attr", 6),
    ("color.lower() == white", "rule_attr", 6),
    ("prev.color.upper == white", "rule_attr", 11),
    ("count(1) == 1", "rule_call", 6),
    ("open('/etc/passwd')", "rule_name", 1),
    ("eval('1') == 1", "rule_name", 1),
    ("[x for x in shape]", "rule_list_place", 1),
    ("count in [c for c in [1, 2]]", "rule_name", 11),
    ("lambda: count", "rule_name", 1),
    ("count if n else color", "rule_name", 7),
    ("count == 1; import os", "rule_char", 11),
    ("count ** 2 == 4", "rule_char", 7),
    ("'white' == color", "rule_char", 1),
    ("color == white \\", "rule_char", 16),
    ("{1: 2}", "rule_char", 1),
    ("count == 10000", "rule_number", 10),
    ("count % n == 0", "rule_modulo", 9),
    ("count % 0 == 0", "rule_modulo", 9),
    ("count % 145 == 0", "rule_modulo", 9),
    ("color", "rule_condition", 1),
    ("color == white and count", "rule_condition", 20),
    ("shape == white", "rule_types", 7),
    ("fill == 3", "rule_types", 6),
    ("shape < triangle", "rule_order", 7),
    ("prev < 3", "rule_order", 6),
    ("prev == circle", "rule_prev_whole", 6),
    ("color + 1 == 2", "rule_arith", 7),
    ("(color == white) == (count == 1)", "rule_compare_condition", 18),
    ("count in [1, white]", "rule_types", 14),
    ("count in [n]", "rule_list", 11),
    ("(color == white", "rule_unclosed", 1),
    ("color == white)", "rule_unopened", 15),
    ("color ==", "rule_end", 9),
    ("color == == white", "rule_syntax", 10),
    ("and color == white", "rule_syntax", 1),
    ("", "rule_empty", None),
    ("   ", "rule_empty", None),
])
def test_bad_and_hostile_rules_are_refused_with_a_pointer(text, code, at):
    error = refused(text)
    assert error.code == code
    assert code in ERRORS
    if at is not None:
        assert error.params["at"] == at
        for lang in ("en", "de"):
            assert str(at) in message(error, lang)


def test_huge_and_deeply_nested_rules_are_refused_before_parsing():
    assert refused("color == white or " * 600 + "count == 1").code == "rule_too_long"
    assert refused("x" * 10_000).code == "rule_too_long"
    deep = "(" * 1000 + "color == white" + ")" * 1000
    assert refused(deep).code == "rule_too_long"
    nested = "(" * 40 + "color == white" + ")" * 40          # short enough, too deep
    error = refused(nested)
    assert error.code == "rule_too_deep" and error.params["at"] == 21
    assert refused("not " * 40 + "color == white").code == "rule_too_deep"
    assert refused("-" * 40 + "count == 1").code == "rule_too_deep"
    assert len("color == white") < RULE_MAX


def test_messages_name_the_problem_in_both_languages():
    error = refused("prev.farbe == weiß and kolor == white")
    assert error.code == "rule_name" and error.params["name"] == "kolor"
    assert "kolor" in message(error, "en") and "kolor" in message(error, "de")
    error = refused("shape == black")
    assert "a shape" in message(error, "en") and "a colour" in message(error, "en")
    assert "eine Form" in message(error, "de") and "eine Farbe" in message(error, "de")


# --- equivalence ------------------------------------------------------------------------

def test_the_rulebook_equivalence_example():
    """"Only white cards" is equivalent to "no black cards"; "only circles"
    is an incomplete guess for "circles or triangles"."""
    only_white = parse("color == white")
    assert equivalent(only_white, parse("color != black"))
    assert equivalent(only_white, parse("not color == black"))
    assert equivalent(parse("color != black"), only_white)
    circles_or_triangles = parse("shape in [circle, triangle]")
    assert equivalent(circles_or_triangles, parse("shape == circle or shape == triangle"))
    assert equivalent(circles_or_triangles, parse("shape != square"))
    assert not equivalent(circles_or_triangles, parse("shape == circle"))
    assert not equivalent(parse("shape == circle"), circles_or_triangles)


def test_equivalence_with_n_and_prev():
    ascending = parse(ASCENDING)
    assert equivalent(ascending, parse("count == n % 6 + 1"))
    assert equivalent(parse("count == n % 6 + 1"), ascending)
    assert equivalent(ascending, parse(
        "prev == none and count == 1 or count == prev.count + 1 or prev.count == 6 and count == 1"))
    assert equivalent(ascending, parse("count == (n + 6) % 6 + 1"))
    assert equivalent(ascending, parse("count == n % 6 + 1 and n < 500"))
    # the spec's example: every third card black
    third = parse("n % 3 == 2 and color == black or n % 3 != 2")
    assert equivalent(third, parse("not (n % 3 == 2 and color == white)"))
    assert equivalent(parse("color != prev.color"), parse("prev == none or color != prev.color"))


def test_only_situations_the_secret_rule_reaches_count():
    """Under "only white" no black card ever lies in the row, so a guess that
    differs only after a black card is still right."""
    assert equivalent(parse("color == white"), parse("color == white and prev.color != black"))
    assert equivalent(parse("color == white"), parse("color == white or prev.color == black"))
    assert not equivalent(parse("color != black or prev.color == black"),
                          parse("color == black"))
    # ... but with a rule that does reach it, the difference counts
    assert not equivalent(parse("count > 0"), parse("prev.color != black"))


def test_differences_deep_in_the_row_are_found():
    ascending = parse("count == n % 6 + 1")
    late = difference(ascending, parse("count == n % 6 + 1 and n != 100"))
    assert late is not None and late.n == 100 and late.secret_fits
    periodic = difference(ascending, parse("count == n % 6 + 1 and n % 35 != 34"))
    assert periodic is not None and periodic.n == 34
    last = difference(parse("count > 0"), parse("n != 143"))
    assert last is not None and last.n == 143
    assert equivalent(parse("count > 0"), parse("n != 144"))          # no row is that long
    assert not equivalent(parse("n % 2 == 0 and color == white or n % 2 == 1 and color == black"),
                          parse("color != prev.color"))


def test_threshold_and_period_of_a_rule():
    assert analyse(parse("color == white").tree) == (0, 1)
    assert analyse(parse("count == n % 6 + 1").tree) == (0, 6)
    assert analyse(parse("n < 5 and color == white").tree) == (6, 1)
    threshold, period = analyse(parse("(n + count) % 4 == 0 or n - prev.count > 10").tree)
    assert period == 4 and threshold == 17


def test_a_guess_reaching_far_is_still_exact_and_quick_enough():
    assert equivalent(parse("count > 0"), parse("n < 140 or n >= 140"))
    assert not equivalent(parse("count > 0"), parse("n < 140 or count > 1"))


# --- the deck -----------------------------------------------------------------------------

def test_the_deck_has_at_least_40_rules_in_three_levels_with_both_sentences():
    assert len(deck.DECK) >= 40
    assert len({entry[0] for entry in deck.DECK}) == len(deck.DECK)
    for level in deck.LEVELS:
        assert len(deck.ids(level)) >= 10
    for rule_id, level, _, english, german in deck.DECK:
        assert level in deck.LEVELS
        assert GAME.texts["en"][f"value.{rule_id}"] == english
        assert GAME.texts["de"][f"value.{rule_id}"] == german
        assert english != german


@pytest.mark.parametrize("rule_id", [entry[0] for entry in deck.DECK])
def test_every_deck_rule_parses_fits_some_card_and_never_gets_stuck(rule_id):
    rule = deck.rule(rule_id)
    assert parse(deck.BY_ID[rule_id][2]) == rule
    assert fits_at_start(rule)
    assert dead_end(rule) is None


def test_no_two_deck_rules_are_equivalent():
    rules = {entry[0]: deck.rule(entry[0]) for entry in deck.DECK}
    same = [(a, b) for a, b in itertools.permutations(rules, 2)
            if equivalent(rules[a], rules[b])]
    assert same == []


def test_dead_ends_are_found():
    assert dead_end(parse("count == prev.count + 1 or prev == none")) is not None
    assert not fits_at_start(parse("count == prev.count"))


# --- the phone reads rules the same way -------------------------------------------------

NODE_PARSE = """
global.window = {};
require(process.argv[1]);
const parse = window.Companion.wtrRule.parseRule;
const texts = JSON.parse(require("fs").readFileSync(0, "utf8"));
console.log(JSON.stringify(texts.map((t) => parse(t))));
"""


def as_lists(tree):
    return [as_lists(part) for part in tree] if isinstance(tree, tuple) else tree


def test_the_phone_reads_every_deck_rule_like_the_server():
    """static/games/what_the_rule.js parses rules to show them in words
    before a guess is sent: its trees must be the server's."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    texts = [entry[2] for entry in deck.DECK] + EXAMPLES + [
        "vorher == keine und anzahl = 1 oder anzahl == vorher.anzahl % 6 + 1",
        "1 < count < 5", "count not in [1, -2]", "not not color == white", "Farbe ≠ Schwarz"]
    answer = subprocess.run([node, "-e", NODE_PARSE, str(RENDERER)], input=json.dumps(texts),
                            capture_output=True, text=True, timeout=60)
    assert answer.returncode == 0, answer.stderr
    trees = json.loads(answer.stdout)
    assert [t.get("tree") for t in trees] == [as_lists(parse(text).tree) for text in texts]
    bad = subprocess.run([node, "-e", NODE_PARSE, str(RENDERER)],
                         input=json.dumps(["color ==", "count(1) == 1", "(" * 30 + "n"]),
                         capture_output=True, text=True, timeout=60)
    assert all("error" in t for t in json.loads(bad.stdout))

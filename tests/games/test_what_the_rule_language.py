"""What the Rule?!: the rule language (parsing, refusals of hostile input,
meaning), the equivalence of rules, and the rule deck."""
from __future__ import annotations

import hashlib
import itertools
import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.games.what_the_rule import deck
from companion.games.what_the_rule.cards import ATTRIBUTES, BY_CODE, CARDS
from companion.games.what_the_rule.checks import ERRORS
from companion.games.what_the_rule.budget import OPS
from companion.games.what_the_rule.equivalence import (LAST_N, Frame, analyse, compiled,
                                                       dead_end_row, difference, equivalent,
                                                       unplayable)
from companion.games.what_the_rule.language import (RULE_MAX, RuleError, Situation, evaluate,
                                                    localized, parse, reads)
from companion.games.what_the_rule.rules import EXAMPLES, GAME
from companion.i18n import translate

ASCENDING = "prev == none and count == 1 or prev != none and count == prev.count % 6 + 1"
FINGERPRINTS = {
    "deck_1_01": "8920b07d8d2b4b7c",
    "deck_1_02": "b1074e3ce5bbd6d4",
    "deck_1_03": "550cf522fb981b48",
    "deck_1_04": "6c9f1a2c1af92e1a",
    "deck_1_05": "68df36c14c4e18f7",
    "deck_1_06": "c483653bd2b2bafa",
    "deck_1_07": "42f361b811655742",
    "deck_1_08": "9830f99781e4445b",
    "deck_1_09": "be4bf5afac9a8336",
    "deck_1_10": "7f9a28db3947c792",
    "deck_1_11": "0e757098d2c3cf86",
    "deck_1_12": "a1cdfe1f99f4a596",
    "deck_1_13": "fb890b2b1fe9d56c",
    "deck_1_14": "ffe460de63ea2190",
    "deck_1_15": "f1318a95a8822593",
    "deck_2_01": "89446d5bc9e99fc0",
    "deck_2_02": "3f0021f2ecf01d5a",
    "deck_2_03": "b893092fefae5847",
    "deck_2_04": "2a3f630bb1926474",
    "deck_2_05": "b5a1a28fa65c1a7f",
    "deck_2_06": "c66bc37529660ce8",
    "deck_2_07": "af7601774e7ecb94",
    "deck_2_08": "65d28fd7d86a3156",
    "deck_2_09": "3180738b0c105054",
    "deck_2_10": "62b1cf4e6a44e8d2",
    "deck_2_11": "9044533a8b001700",
    "deck_2_12": "a5c72e363a111e0a",
    "deck_2_13": "759ae6dca9ac0509",
    "deck_2_14": "37c41ccc142d6653",
    "deck_2_15": "495117067cadc1f8",
    "deck_3_01": "985187399f569e7f",
    "deck_3_02": "2eca40893e742f92",
    "deck_3_03": "cab386621b8801a0",
    "deck_3_04": "22a6a890a95bd9d4",
    "deck_3_05": "56c3262e40d909e9",
    "deck_3_06": "419e9c6b24f05f2a",
    "deck_3_07": "d9648e1811d4d6f2",
    "deck_3_08": "90d88e29588ea787",
    "deck_3_09": "fc4e4bc9f5aa9daf",
    "deck_3_10": "bd8dae7b40ca7505",
    "deck_3_11": "9dbe8568b621f1d8",
    "deck_3_12": "a0707331c998ed2f",
    "deck_3_13": "5ad46069d5dbb07c",
    "deck_3_14": "a33df288c4281e7e",
    "deck_3_15": "fb156c2580d4d4a1",
    "deck_3_16": "9c8dcc6aacbd5bd3",
}
RENDERER = Path(__file__).resolve().parents[2] / "companion" / "static" / "games" / "what_the_rule.rule.js"


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
    german = parse("vorher == keine und anzahl = 1 oder vorher != keine und "
                   "anzahl == vorher.anzahl % 6 + 1")
    assert german == parse(ASCENDING)
    assert parse("Farbe ≠ Schwarz") == parse("color != black")
    assert parse("FORM in [Kreis, Dreieck]") == parse("shape in [circle, triangle]")
    assert parse("füllung == ausgefüllt und farbe == weiss") == parse(
        "fill == filled and color == white")
    assert parse("nicht form == quadrat") == parse("not shape == square")
    assert parse("anzahl nicht in [2, 4]") == parse("count not in [2, 4]")
    assert parse("count ≤ 3") == parse("count <= 3")


def test_the_first_card_is_free_unless_the_rule_says_otherwise():
    """Three-valued: a comparison with a card the row does not have yet is
    unknown, and a card fits unless the rule is false."""
    any_first = [c for c in CARDS]
    for text in ("color != prev.color", "shape == prev.shape", "count + prev.count == 7",
                 "count > prev.count", "count <= prev.count + 1", "changes == 2",
                 "not (color == prev.color and color == prev2.color)",
                 "prev.shape not in [circle]", "count == prev.count % 6 + 1"):
        assert all(parse(text).fits(c, []) for c in any_first), text
    alternate = parse("color != prev.color")
    assert not alternate.fits(card("circle-1-filled-white"), [card("square-2-empty-white")])
    assert alternate.fits(card("circle-1-filled-black"), [card("square-2-empty-white")])
    # said outright, "none" is plainly true or false
    assert not parse("prev != none").fits(card("circle-1-filled-white"), [])
    assert parse("prev.count == none").fits(card("circle-1-filled-white"), [])
    assert not parse("prev.count != none").fits(card("circle-1-filled-white"), [])
    assert not parse("prev.shape in [none]").fits(card("circle-1-filled-white"),
                                                  [card("circle-2-empty-white")])
    # the known part still rules a first card out (false and unknown is false)
    white_same = parse("color == white and shape == prev.shape")
    assert not white_same.fits(card("circle-1-filled-black"), [])
    assert white_same.fits(card("circle-1-filled-white"), [])
    # true or unknown is true; not unknown stays unknown
    assert parse("color == white or shape != prev.shape").fits(card("circle-1-filled-black"), [])
    assert parse("not shape == prev.shape").fits(card("circle-1-filled-black"), [])
    # the card two back is missing until the row has two cards
    three = parse("not (color == prev.color and color == prev2.color)")
    white = card("circle-1-filled-white")
    assert three.fits(white, [white])
    assert not three.fits(white, [white, white])
    assert three.fits(card("circle-1-filled-black"), [white, white])


def test_the_issues_natural_guesses_are_the_rules_a_group_means():
    assert equivalent(parse("prev == none or shape == prev.shape"), parse("shape == prev.shape"))
    assert equivalent(parse("prev == none or count + prev.count == 7"),
                      parse("count + prev.count == 7"))
    assert equivalent(deck.rule("deck_2_03"), parse("shape == prev.shape"))
    assert equivalent(deck.rule("deck_2_10"), parse("count + prev.count == 7"))


def test_changes_the_card_two_back_and_the_total():
    row = [card("circle-1-filled-white"), card("square-2-filled-white")]
    assert parse("changes == 2").fits(card("square-3-empty-white"), row)     # count, fill
    assert not parse("changes == 2").fits(card("square-2-filled-white"), row)
    assert parse("changes == 4").fits(card("triangle-3-empty-black"), row)
    assert parse("prev2.shape == circle and prev.shape == square").fits(
        card("circle-1-filled-white"), row)
    assert parse("total == 6").fits(card("circle-3-filled-white"), row)        # 1 + 2 + 3
    assert not parse("total <= 5").fits(card("circle-3-filled-white"), row)
    assert parse("total == 1").fits(card("circle-1-filled-white"), [])
    assert parse("vorvorher.form == kreis und änderungen >= 0 und summe > 0") == parse(
        "prev2.shape == circle and changes >= 0 and total > 0")
    assert parse("aenderungen == 1") == parse("changed == 1") == parse("changes == 1")
    assert parse("sum < 30") == parse("total < 30")


def test_forgiving_typing():
    assert parse("color == white.") == parse("color == white")
    assert parse("Color == White. ") == parse("color == white")
    assert parse("shape in [circles, triangles]") == parse("shape in [circle, triangle]")
    assert parse("form == Quadrate") == parse("shape == square")
    assert parse("fill == solid or fill == hollow") == parse("füllung == gefüllt oder füllung == hohl")
    for slip, fix in (("count == 3 or 4", "count in [3, 4]"),
                      ("count == 1 or 2 or 3", "count in [1, 2, 3]"),
                      ("color == white or black", "color in [white, black]"),
                      ("shape != circle and square", "shape not in [circle, square]"),
                      ("farbe == weiß oder schwarz", "color in [white, black]")):
        error = refused(slip)
        assert error.code == "rule_list_slip" and error.params["fix"] == {"text": "code." + fix}, slip
        german = localized(fix, GAME.texts["de"]["ui.code_words"])      # issue #40: in its words
        assert fix in message(error) and german in message(error, "de") and german != fix
        assert parse(fix) == parse(german)      # the fix itself is a rule
    assert refused("count == 3 or circle").code == "rule_condition"


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
        "prev == none and count == 1 or prev != none and (count == prev.count + 1 "
        "or prev.count == 6 and count == 1)"))
    # without saying what starts the row, "ascending, then again" lets any first card through
    assert not equivalent(ascending, parse("count == prev.count % 6 + 1"))
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
    assert equivalent(parse("color == white"),
                      parse("color == white and (prev == none or prev.color != black)"))
    assert not equivalent(parse("color != black or prev.color == black"),
                          parse("color == black"))
    # ... but with a rule that does reach it, the difference counts
    assert not equivalent(parse("count > 0"), parse("prev.color != black"))
    # the card two back and the total: only rows the secret allows count
    assert equivalent(parse("color == white"), parse("color == white and prev2.color != black"))
    assert equivalent(parse("count == 1"), parse("count == 1 and total <= 144"))
    assert difference(parse("count == 1"), parse("count == 1 and total <= 143")).n == 143
    assert not equivalent(parse("count <= 2"), parse("count <= 2 and total <= 100"))


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
    assert analyse(parse("color == white").tree) == (0, 1, 0, 1)
    assert analyse(parse("count == n % 6 + 1").tree) == (0, 6, 0, 1)
    assert analyse(parse("n < 5 and color == white").tree) == (6, 1, 0, 1)
    threshold, period, _, _ = analyse(parse("(n + count) % 4 == 0 or n - prev.count > 10").tree)
    assert period == 4 and threshold == 17
    assert analyse(parse("total <= 30").tree) == (0, 1, 37, 1)       # 30 + a count of 6, + 1
    assert analyse(parse("total % 3 != 0 and changes < 3").tree) == (0, 1, 0, 3)


def test_n_and_total_are_never_weighed_against_each_other():
    for text in ("n + total > 3", "total - n < 10", "total == n", "n + total in [4, 5]"):
        assert refused(text).code == "rule_n_total", text
    parse("(n + total) % 2 == 0")        # a remainder is bounded: fine
    parse("total - total + n > 3")


def test_a_rule_too_complex_to_judge_in_time_is_refused_before_anything_is_stored():
    """The walk has a budget: a hostile pair cannot keep the server busy."""
    hostile = parse("changes >= 0 and prev2.count > 0 and total < 900")
    with pytest.raises(RuleError) as info:
        unplayable(hostile)
    assert info.value.code == "rule_too_complex" and OPS > 0
    assert message(info.value) != message(info.value, "de")
    with pytest.raises(RuleError):
        equivalent(parse("count > 0"), hostile)


def test_a_rule_no_card_starts_or_none_follows_is_refused_with_the_reason():
    assert unplayable(parse("prev != none")) == "rule_nothing_fits"
    assert unplayable(parse("prev == none")) == "rule_no_second"
    assert unplayable(parse("prev == none and count == 2 or prev != none and prev.count == 1")) \
        == "rule_no_second"
    # issue #38: a row that runs dead later is refused too (the error names the row)
    assert unplayable(parse("total <= 30")) == "rule_dead_end"
    assert unplayable(deck.rule("deck_2_04")) is None


@pytest.mark.parametrize("text", [
    "changes == 2", "not (color == prev.color and color == prev2.color)", "total % 3 != 0",
    "shape != prev2.shape or total > 40", "total <= 100 or changes >= 3",
    "n % 3 == 2 and color == black or n % 3 != 2", deck.BY_ID["deck_2_04"][2],
    "(total + prev2.count) % 4 != 1", "changes != 4 and count != prev2.count",
    "count != prev2.count and shape != prev2.shape or prev2.color == prev.color",
])
def test_the_walk_answers_like_the_rule_on_long_random_rows(text):
    """What the equivalence check keeps of a situation (a projection, n and
    the total as classes) gives, deep into random rows the rule allows, the
    same cards as the rule itself on the whole row."""
    rule = parse(text)
    frame = Frame.of(rule)
    walk = compiled(rule, frame)
    rng = random.Random(text)
    for _ in range(3):
        row: list[tuple] = []
        state = (None, None, 0)
        for n in range(LAST_N + 1):
            expected = sum(1 << i for i, c in enumerate(CARDS) if rule.fits(c, row))
            assert walk.fits(state, n) == expected, (text, n)
            if not expected:
                break
            chosen = rng.choice([i for i in range(len(CARDS)) if expected >> i & 1])
            (state,) = frame.next_layer({state: 1 << chosen})
            row.append(CARDS[chosen])


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


#: a fingerprint of every (kept) deck rule's answers — the first cards, and
#: every card after every card at rows of 1 to 24 — taken under the
#: two-valued semantics before the first card became free (issue #27)
MEANING = FINGERPRINTS


@pytest.mark.parametrize("rule_id", sorted(MEANING))
def test_every_deck_rule_keeps_its_meaning_over_the_first_cards(rule_id):
    rule = deck.rule(rule_id)
    assert not reads(rule.tree)["prev2"] and not reads(rule.tree)["total"]
    fingerprint = hashlib.sha256(mask(rule, None, 0).to_bytes(9, "big"))
    # a situation's mask is worked out once per what the rule reads of it
    # (the attributes of ``prev``, the row's length): the same answers,
    # a fraction of the 124,416 evaluations per rule
    read = reads(rule.tree)
    attrs = [ATTRIBUTES.index(a) for a in sorted(read["prev"])]
    masks: dict[tuple, int] = {}
    for prev in CARDS:
        for n in range(1, 25):
            key = (tuple(prev[i] for i in attrs), n if read["n"] else None)
            if key not in masks:
                masks[key] = mask(rule, prev, n)
            fingerprint.update(masks[key].to_bytes(9, "big"))
    assert fingerprint.hexdigest()[:16] == MEANING[rule_id]


def mask(rule, prev: tuple | None, n: int) -> int:
    """The cards that fit after ``prev`` with ``n`` cards in the row."""
    at = Situation(None if prev is None else dict(zip(ATTRIBUTES, prev)), None, n, 0)
    return sum(1 << i for i, c in enumerate(CARDS)
               if evaluate(rule.tree, dict(zip(ATTRIBUTES, c)), at) is not False)


@pytest.mark.parametrize("rule_id", [entry[0] for entry in deck.DECK])
def test_every_deck_rule_parses_fits_some_card_and_never_gets_stuck(rule_id):
    rule = deck.rule(rule_id)
    assert parse(deck.BY_ID[rule_id][2]) == rule
    assert dead_end_row(rule) is None   # not even at the start (row length 0)


def test_no_two_deck_rules_are_equivalent():
    rules = {entry[0]: deck.rule(entry[0]) for entry in deck.DECK}
    same = [(a, b) for a, b in itertools.permutations(rules, 2)
            if equivalent(rules[a], rules[b])]
    assert same == []


def test_dead_ends_are_found():
    assert dead_end_row(parse("count == prev.count + 1")) is not None
    assert dead_end_row(parse("total <= 30")).n == 5
    assert dead_end_row(parse("prev != none and count == prev.count")).n == 0   # no first card


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
        "1 < count < 5", "count not in [1, -2]", "not not color == white", "Farbe ≠ Schwarz",
        "vorvorher.form != kreis und änderungen == 2 oder summe < 30", "prev2 == none",
        "shape in [circles, Dreiecke]", "color == white."]
    answer = subprocess.run([node, "-e", NODE_PARSE, str(RENDERER)], input=json.dumps(texts),
                            capture_output=True, text=True, timeout=60)
    assert answer.returncode == 0, answer.stderr
    trees = json.loads(answer.stdout)
    assert [t.get("tree") for t in trees] == [as_lists(parse(text).tree) for text in texts]
    bad = subprocess.run([node, "-e", NODE_PARSE, str(RENDERER)],
                         input=json.dumps(["color ==", "count(1) == 1", "(" * 30 + "n"]),
                         capture_output=True, text=True, timeout=60)
    assert all("error" in t for t in json.loads(bad.stdout))


# --- issue #40: a German page writes rules in German ---------------------------------------

#: the rule language's words only English writes
ENGLISH_ONLY = re.compile(r"\b(and|or|not|none|shape|count|fill|color|prev2?|changes|total"
                          r"|circle|triangle|square|filled|empty|white|black)\b")


def test_a_rule_in_german_words_is_the_same_rule_and_has_no_english_word():
    words = GAME.texts["de"]["ui.code_words"]
    rng = random.Random(40)
    texts = [entry[2] for entry in deck.DECK] + EXAMPLES + [ASCENDING, "count not in [1, 6]",
             "prev2 != none and changes >= 2 or total % 7 == 0 and fill == empty"]
    joined = ["(" + " or ".join(rng.sample(texts, 2)) + ") and not " + rng.choice(texts) for _ in range(40)]
    texts += [text for text in joined if len(text) <= RULE_MAX]
    for text in texts:
        rule = parse(text)
        german = localized(rule.text, words)
        assert parse(german) == rule, (text, german)
        assert not ENGLISH_ONLY.search(german), german
        assert localized(rule.text, GAME.texts["en"]["ui.code_words"]) == rule.text


def test_log_lines_and_refusals_say_a_rule_in_the_viewers_words():
    """A guess, the rule shown at a round's end, a wrong guess's parting and
    the fix of a slip are worded per viewer: English in English, German in
    German (the parameter is the canonical rule; the texts word it)."""
    from companion.games.what_the_rule.language import code_param
    rule = "prev.count < count and color not in [white, none] or changes >= 2"
    for key in ("log.guess_rule", "log.rule_was_expr"):
        params = {"seat": {"seat": 0}, "rule": code_param(rule)}
        assert rule in translate("en", key, params, GAME, {0: "Anna"})
        german = translate("de", key, params, GAME, {0: "Anna"})
        assert "vorher.anzahl < anzahl und farbe nicht in [weiß, keine] oder änderungen >= 2" in german
        assert not ENGLISH_ONLY.search(german), german
    assert "anzahl in [3, 4]" in message(refused("count == 3 or 4"), "de")

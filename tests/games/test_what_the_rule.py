"""What the Rule?! referee: rounds, judging, reveals, hints, scoring (the
rulebook's example), refusals, random play in both master modes and
non-interference (the sealed rule is never seen by whoever may not)."""
from __future__ import annotations

import json
import random

import pytest

from companion.games.base import HOST, SHARED_ERRORS, Illegal, copied, match_action
from companion.games.what_the_rule import deck, flow
from companion.games.what_the_rule.cards import BOX, BY_CODE, CODES
from companion.games.what_the_rule.rules import EXAMPLES, GAME
from companion.i18n import translate
from tests.harness import canon, check_non_interference, random_play

ALAN, BOB, CARO, DINA = 0, 1, 2, 3
WHITE = [c for c in CODES if c.endswith("-white")]
BLACK = [c for c in CODES if c.endswith("-black")]


# --- helpers -----------------------------------------------------------------------

def new(n=4, seed=1, **options):
    state, events = GAME.setup(list(range(n)), options, random.Random(seed))
    return state


def templates(state, actor):
    return GAME.actions(state, actor) if actor != HOST else GAME.host_actions(state)


def act(state, actor, action, seed=0):
    """Apply like the platform: a template must admit it, state is copied."""
    assert match_action(templates(state, actor), action)[0] is not None, (
        actor, action, templates(state, actor))
    state, events = GAME.apply(copied(state), actor, action, random.Random(seed))
    json.dumps(state)
    return state


def refusal(state, actor, action) -> Illegal:
    """The reason a player hears, as the platform finds it: ``why_not``
    when no template admits the action, else ``apply``'s refusal.  The
    state never changes."""
    before = canon(state)
    if match_action(templates(state, actor), action)[0] is None:
        reason = GAME.why_not(state, actor, action)
    else:
        with pytest.raises(Illegal) as info:
            GAME.apply(copied(state), actor, action, random.Random(0))
        reason = info.value
    assert isinstance(reason, Illegal)
    assert reason.code in GAME.errors or reason.code in SHARED_ERRORS
    for lang in ("en", "de"):
        text = translate(lang, f"error.{reason.code}", reason.params, GAME, {0: "Alan"})
        assert not text.startswith("error.") and "{" not in text, text
    assert canon(state) == before
    return reason


def row(state):
    return flow.row_cards(state)


def wrong(state):
    return flow.wrong_columns(state)


def card(code: str) -> dict:
    shape, count, fill, color = BY_CODE[code]
    return {"shape": shape, "count": count, "fill": fill, "color": color}


def play(state, code):
    return act(state, state["turn"], {"type": "play", **card(code)})


def seal_text(state, gm=CARO, text="Ascending count from 1 to 6, then again"):
    return act(state, gm, {"type": "set_rule", "text": text})


def seal_rule(state, rule, gm=CARO):
    return act(state, gm, {"type": "set_rule", "rule": rule})


class Cards:
    """Fresh card codes, each used at most twice on the table."""

    def __init__(self, codes=CODES):
        self.codes = list(codes) * 2
        self.at = 0

    def __call__(self) -> str:
        self.at += 1
        return self.codes[self.at - 1]


def judged_turn(state, fits, cards):
    """The player on turn plays a card; the GM judges it; a fitting card is
    followed by no guess."""
    state = play(state, cards())
    state = act(state, state["gm"], {"type": "judge", "fits": fits})
    if fits:
        state = act(state, state["turn"], {"type": "no_guess"})
    return state


def cards_on_table(state):
    return flow.cards_played(state)


def check_cards_add_up(state):
    """Every one of the 144 cards is in the pile, a hand, or on the table
    (the played card being judged is on its way to the table)."""
    if state["phase"] not in flow.RUNNING:
        return
    judged = 1 if state["pending"] and "card" in state["pending"] else 0
    total = state["pile"] + sum(state["hands"].values()) + cards_on_table(state) + judged
    assert total == BOX


# --- the rulebook's scoring example ------------------------------------------------

def play_to_the_scoring_example(with_hint=True):
    """Alan, Bob, Caro and Dina; Caro is game master (Dina begins, then Alan,
    Bob).  Bob guesses with 3 cards in hand, Dina holds 2, Alan 5."""
    state = seal_text(new(4))
    assert state["gm"] == CARO and state["players"] == [DINA, ALAN, BOB]
    needed = {DINA: 8, ALAN: 5, BOB: 6}      # Bob's 7th fitting card comes with his guess
    cards = Cards()
    while not (needed[DINA] == needed[ALAN] == 0 and state["turn"] == BOB and needed[BOB] == 0):
        player = state["turn"]
        fits = needed[player] > 0
        state = judged_turn(state, fits, cards)
        needed[player] -= fits
        check_cards_add_up(state)
    if with_hint:
        state = act(state, ALAN, {"type": "hints", "agree": True})
        for s in (BOB, CARO, DINA):
            state = act(state, s, {"type": "hints", "agree": True})
        assert state["hints"]["on"]
        state = act(state, CARO, {"type": "announce_hint"})
        state = act(state, CARO, {"type": "give_hint", "text": "Look at the numbers"})
    state = play(state, cards())
    state = act(state, CARO, {"type": "judge", "fits": True})
    state = act(state, BOB, {"type": "guess", "text": "The count goes up by one, after 6 comes 1"})
    return act(state, CARO, {"type": "judge_guess", "right": True})


def test_the_rulebook_scoring_example():
    state = play_to_the_scoring_example(with_hint=True)
    result = state["results"][-1]
    assert result["reason"] == "guessed" and result["guesser"] == BOB
    assert result["points"] == {str(BOB): 9, str(DINA): 8, str(ALAN): 5}
    assert result["gm_points"] == 9 and not result["halved"]
    assert GAME.scores(state) == {ALAN: 5, BOB: 9, CARO: 9, DINA: 8}
    assert state["phase"] == "rule" and state["round"] == 2 and state["gm"] == DINA
    table = GAME.view(state, None)["public"]
    assert table["results"][-1]["rule"]["text"] == "Ascending count from 1 to 6, then again"


def test_without_a_hint_the_guesser_gets_five():
    state = play_to_the_scoring_example(with_hint=False)
    assert state["results"][-1]["points"][str(BOB)] == 12
    assert GAME.scores(state)[CARO] == 12


def test_the_gm_is_halved_once_for_an_early_guess():
    state = seal_text(new(4))
    state = play(state, "circle-1-filled-white")
    state = act(state, CARO, {"type": "judge", "fits": True})
    state = act(state, DINA, {"type": "guess", "text": "Ascending"})
    state = act(state, CARO, {"type": "judge_guess", "right": True})
    result = state["results"][-1]
    assert result["points"] == {str(DINA): 6, str(ALAN): 0, str(BOB): 0}
    # two reasons (turns and cards) halve once: 6 -> 3, not 1
    assert result["halved"] and result["gm_points"] == 3


def test_a_round_ends_when_a_hand_is_empty_and_the_gm_is_halved():
    state = seal_text(new(3))            # Caro (2) is GM: Alan, then Bob
    cards = Cards()
    while state["phase"] != "rule":
        state = judged_turn(state, state["turn"] == ALAN, cards)
    result = state["results"][-1]
    assert result["reason"] == "empty_hand" and state["hands"][str(ALAN)] == 0
    assert result["points"] == {str(ALAN): 10, str(BOB): 0}
    assert result["halved"] and result["gm_points"] == 5


def test_a_round_ends_when_the_draw_pile_is_empty():
    state = seal_text(new(4))
    cards = Cards()
    wrong = 0
    while state["phase"] != "rule":
        state = judged_turn(state, False, cards)
        wrong += 1
        check_cards_add_up(state)
    assert wrong == BOX - 30 and state["pile"] == 0
    assert state["results"][-1]["reason"] == "pile_empty"
    assert state["results"][-1]["points"] == {"3": 0, "0": 0, "1": 0}


def test_a_wrong_card_lies_under_the_next_free_place():
    state = seal_text(new(4))
    state = judged_turn(state, False, Cards(WHITE))
    assert wrong(state) == [["circle-1-filled-white"]] and row(state) == []
    state = judged_turn(state, True, Cards(BLACK))
    state = judged_turn(state, False, Cards(["square-6-empty-white"]))
    assert row(state) == ["circle-1-filled-black"]
    assert wrong(state) == [["circle-1-filled-white"], ["square-6-empty-white"]]
    assert state["hands"] == {"3": 10, "0": 9, "1": 10}
    assert state["pile"] == 114 - 2


# --- the first game master, sealing, the rule deck ------------------------------------

def test_whoever_seals_a_rule_first_is_the_first_game_master():
    state = new(4)
    for s in range(4):
        assert {t["type"] for t in GAME.actions(state, s)} == {"set_rule", "draw_rule"}
        assert all(t.get("required") for t in GAME.actions(state, s))   # anyone may begin
    state = act(state, BOB, {"type": "draw_rule", "level": 2})
    assert state["gm"] == BOB and state["players"] == [CARO, DINA, ALAN]
    assert state["rule"]["kind"] == "deck" and deck.level(state["rule"]["id"]) == 2
    assert state["pile"] == 114 and state["turn"] == CARO


def test_the_host_may_name_the_first_game_master():
    state = act(new(4), HOST, {"type": "choose_gm", "seat": DINA})
    assert GAME.actions(state, ALAN) == []
    assert refusal(state, ALAN, {"type": "set_rule", "text": "mine"}).code == "only_gm"
    assert all(t.get("required") for t in GAME.actions(state, DINA))
    state = seal_text(state, gm=DINA)
    assert state["gm"] == DINA and state["players"] == [ALAN, BOB, CARO]


def test_the_rule_cannot_change_once_the_round_has_begun():
    state = seal_text(new(4))
    for action in ({"type": "set_rule", "text": "another"},
                   {"type": "set_rule", "rule": "color == white"},
                   {"type": "draw_rule", "level": 1}):
        assert refusal(state, CARO, action).code == "rule_sealed"


def test_a_rule_language_rule_must_be_readable_and_let_a_first_and_second_card_fit():
    state = new(4)
    for nothing_starts in ("prev != none", "count > 6", "count == prev.count and prev != none"):
        assert refusal(state, CARO, {"type": "set_rule", "rule": nothing_starts}).code \
            == "rule_nothing_fits"
    for nothing_follows in ("prev == none", "n < 1", "n == 0 and shape == circle"):
        assert refusal(state, CARO, {"type": "set_rule", "rule": nothing_follows}).code \
            == "rule_no_second"
    # the first card is free: "the same count as before" starts with anything
    assert seal_rule(new(4), "count == prev.count")["rule"]["rule"] == "count == prev.count"
    assert refusal(state, CARO, {"type": "set_rule", "rule": "__import__('os')"}).code \
        == "rule_name"
    assert refusal(state, CARO, {"type": "set_rule", "rule": "(" * 1000}).code == "rule_too_long"
    assert refusal(state, CARO, {"type": "set_rule", "rule": "x" * 10_000}).code == "rule_too_long"
    assert refusal(state, CARO, {"type": "set_rule", "text": "x" * 10_000}).code == "text_too_long"
    state = seal_rule(state, "Farbe == weiß")
    assert state["rule"] == {"kind": "expr", "rule": "color == white"}


def test_the_rule_is_written_one_way_only():
    state = new(4)
    both = {"type": "set_rule", "rule": "color == white", "text": "only white"}
    assert refusal(state, CARO, both).code == "rule_or_text"
    assert refusal(state, CARO, {"type": "set_rule"}).code == "nothing_written"
    assert refusal(state, CARO, {"type": "set_rule", "text": " ", "rule": ""}).code == "nothing_written"


def test_deck_rules_do_not_repeat_within_a_game():
    state = new(2, master="app", rounds=20)
    seen = []
    for round_ in range(len(deck.ids(1))):
        state = act(state, ALAN, {"type": "draw_rule", "level": 1}, seed=round_)
        seen.append(state["rule"]["id"])
        state = act(state, HOST, {"type": "void_round"})
    assert sorted(seen) == sorted(deck.ids(1))


# --- the app judges ----------------------------------------------------------------------

def fitting(state, fits=True):
    return next(c for c in CODES if flow.fits(state, c) == fits
                and flow.copies_out(state, c) < 2)


def test_the_app_judges_plays_and_guesses_with_a_rule_language_rule():
    state = seal_rule(new(4), "color == white")
    assert GAME.actions(state, CARO) == [{"type": "hints", "fields": {"agree": [True]}}]
    state = play(state, "circle-3-filled-black")
    assert wrong(state)[0] == ["circle-3-filled-black"] and state["turn"] == ALAN
    state = play(state, "circle-3-filled-white")
    assert row(state) == ["circle-3-filled-white"] and state["phase"] == "guess"
    state = act(state, ALAN, {"type": "guess", "rule": "shape == circle"})
    assert state["guesses"][-1] == {"seat": ALAN, "rule": "shape == circle", "right": False}
    assert state["turn"] == BOB and state["overrule"] == 0
    state = play(state, "triangle-2-empty-white")
    assert state["overrule"] is None
    state = act(state, BOB, {"type": "guess", "rule": "not color == black"})
    result = state["results"][-1]
    assert result["reason"] == "guessed" and result["guesser"] == BOB


def test_a_seated_gm_may_overrule_the_app_on_a_guess():
    state = seal_rule(new(4), "color == white")
    state = play(state, "circle-3-filled-white")
    state = act(state, DINA, {"type": "guess", "rule": "fill == filled"})
    assert {"type": "overrule", "fields": {}, "confirm": True} in GAME.actions(state, CARO)
    assert refusal(state, ALAN, {"type": "overrule"}).code == "only_gm"
    state = act(state, CARO, {"type": "overrule"})
    result = state["results"][-1]
    assert result["guesser"] == DINA and state["guesses"][-1]["overruled"]


def test_a_rule_language_guess_against_free_text_is_judged_by_the_gm():
    state = seal_text(new(4))
    state = play(state, "circle-1-filled-white")
    state = act(state, CARO, {"type": "judge", "fits": True})
    state = act(state, DINA, {"type": "guess", "rule": "count == n % 6 + 1"})
    assert state["phase"] == "judge_guess"
    state = act(state, CARO, {"type": "judge_guess", "right": False})
    assert state["turn"] == ALAN and state["guesses"][-1]["right"] is False


def test_with_the_app_as_game_master_everyone_plays_and_the_app_judges_all():
    state = new(3, master="app")
    assert state["rounds"] == 3 and state["scoring"]
    state = act(state, BOB, {"type": "draw_rule", "level": 3})
    assert state["gm"] is None and state["players"] == [0, 1, 2] and state["pile"] == 114
    secret = deck.rule(state["rule"]["id"])
    state = play(state, fitting(state))
    assert len(row(state)) == 1 and state["phase"] == "guess"
    types = [(t["type"], sorted(t["fields"])) for t in GAME.actions(state, ALAN)]
    assert types == [("guess", ["rule"]), ("no_guess", [])]
    assert refusal(state, ALAN, {"type": "guess", "text": "the colours alternate"}).code \
        == "guess_needs_rule"
    state = act(state, ALAN, {"type": "guess", "rule": secret.text})
    result = state["results"][-1]
    assert result["guesser"] == ALAN and result["points"][str(ALAN)] == 6
    assert result["gm_points"] is None and state["gm"] is None
    assert state["round"] == 2 and state["phase"] == "rule"


def test_the_app_mode_has_no_hints_and_the_next_round_starts_with_the_next_seat():
    state = act(new(3, master="app"), HOST, {"type": "draw_rule", "level": 1})
    assert all(t["type"] != "hints" for s in range(3) for t in GAME.actions(state, s))
    assert refusal(state, BOB, {"type": "hints", "agree": True}).code == "hints_with_app"
    assert refusal(state, BOB, {"type": "judge", "fits": True}).code == "app_is_gm"
    state = act(state, HOST, {"type": "void_round"})
    state = act(state, CARO, {"type": "draw_rule", "level": 2})
    assert state["players"] == [BOB, CARO, ALAN]


def test_a_single_player_can_play_against_the_app():
    assert GAME.player_range({"master": "app"}) == (1, 10)
    assert GAME.player_range({}) == (2, 10)
    state = act(new(1, master="app"), ALAN, {"type": "draw_rule", "level": 1})
    assert state["players"] == [ALAN] and not state["scoring"]


# --- showing a hand ---------------------------------------------------------------------

def reveal(state, codes):
    player = state["turn"]
    state = act(state, player, {"type": "reveal"})
    assert state["pending"] == {"cards": [], "size": state["hands"][str(player)]}
    for code in codes:
        state = act(state, player, {"type": "reveal_card", **card(code)})
    return state


def test_a_hand_without_fitting_card_goes_under_the_pile():
    state = seal_rule(new(4), "color == white")
    state = reveal(state, BLACK[:10])
    assert state["phase"] == "guess" and state["turn"] == DINA
    assert state["hands"][str(DINA)] == 9 and state["pile"] == 115
    assert row(state) == [] and cards_on_table(state) == 0
    state = act(state, DINA, {"type": "no_guess"})
    assert state["turn"] == ALAN


def test_a_shown_hand_with_fitting_cards_gives_one_to_the_row():
    state = seal_rule(new(4), "color == white")
    state = reveal(state, BLACK[:4] + ["square-5-empty-white"] + BLACK[4:8] + ["circle-1-filled-white"])
    assert row(state) == ["square-5-empty-white"]
    assert state["hands"][str(DINA)] == 10 and state["pile"] == 113 and state["turn"] == ALAN


def test_a_seated_gm_judges_a_shown_hand():
    state = seal_text(new(4))
    state = reveal(state, BLACK[:10])
    assert state["phase"] == "judge_reveal"
    tpl = GAME.actions(state, CARO)[0]
    assert tpl["type"] == "judge_reveal" and tpl["required"]
    assert tpl["fields"]["card"][-1] == "none" and len(tpl["fields"]["card"]) == 11
    assert refusal(state, CARO, {"type": "judge_reveal", "card": WHITE[0]}).code == "not_revealed"
    assert refusal(state, DINA, {"type": "judge_reveal", "card": BLACK[0]}).code == "only_gm"
    picked = act(state, CARO, {"type": "judge_reveal", "card": BLACK[3]})
    assert row(picked) == [BLACK[3]] and picked["hands"][str(DINA)] == 10
    none = act(state, CARO, {"type": "judge_reveal", "card": "none"})
    assert none["phase"] == "guess" and none["hands"][str(DINA)] == 9


def test_a_single_card_hand_that_fits_nothing_ends_the_round_after_the_guess():
    state = seal_rule(new(3), "color == white")      # Caro GM: Alan, Bob
    state["hands"]["0"] = 1
    state["pile"] += 9
    state = reveal(state, [BLACK[0]])
    assert state["hands"]["0"] == 0 and state["phase"] == "guess"
    state = act(state, ALAN, {"type": "no_guess"})
    assert state["results"][-1]["reason"] == "empty_hand"


# --- hints -----------------------------------------------------------------------------

def test_hints_need_everyone_and_one_objection_stops_a_hint():
    state = seal_text(new(4))
    state = act(state, BOB, {"type": "hints", "agree": True})
    # the game waits for every other seat's answer; play pauses
    for s in (ALAN, CARO, DINA):
        assert GAME.actions(state, s) == [{"type": "hints", "fields": {"agree": [True, False]},
                                           "required": True}]
    assert GAME.actions(state, BOB) == []
    assert refusal(state, DINA, {"type": "play", **card(WHITE[0])}).code == "hints_vote_open"
    assert refusal(state, BOB, {"type": "hints", "agree": True}).code == "already_voted"
    refused_ = act(state, ALAN, {"type": "hints", "agree": False})
    assert not refused_["hints"]["on"] and refused_["hints"]["vote"] is None
    for s in (ALAN, CARO, DINA):
        state = act(state, s, {"type": "hints", "agree": True})
    assert state["hints"]["on"]
    assert refusal(state, BOB, {"type": "announce_hint"}).code == "only_gm"
    state = act(state, CARO, {"type": "announce_hint"})
    assert GAME.actions(state, BOB) == [{"type": "object", "fields": {}}]
    assert refusal(state, CARO, {"type": "object"}).code == "gm_cannot_object"
    objected = act(state, BOB, {"type": "object"})
    assert not objected["hints"]["announced"] and objected["hints"]["given"] == []
    given = act(state, CARO, {"type": "give_hint"})
    assert given["hints"]["given"] == [""]


def test_the_host_can_stop_waiting_for_a_hint_vote():
    state = act(seal_text(new(4)), DINA, {"type": "hints", "agree": True})
    state = act(state, HOST, {"type": "close", "step": "hints"})
    assert state["hints"]["vote"] is None and not state["hints"]["on"]
    assert refusal(state, HOST, {"type": "close", "step": "hints"}).code == "nothing_to_close"


def test_the_host_skips_the_player_on_turn():
    """A phone that is gone (issue #25): the host skips its turn; the next
    player is on turn, and the skipped turn counts as one of the player's
    (issue #38: skipping must not halve the game master's points)."""
    state = seal_text(new(4))
    first = state["turn"]
    state = act(state, HOST, {"type": "close", "step": "turn"})
    assert state["turn"] != first and state["phase"] == "turn"
    assert state["turns"][str(first)] == 1
    state = act(state, DINA, {"type": "hints", "agree": True})
    assert refusal(state, HOST, {"type": "close", "step": "turn"}).code == "nothing_to_close"


# --- voiding a round, the end of the game ----------------------------------------------------

def test_the_host_voids_a_round_after_a_gm_mistake():
    state = seal_text(new(4))
    state = judged_turn(state, True, Cards())
    state = act(state, HOST, {"type": "void_round"})
    result = state["results"][-1]
    assert result["reason"] == "void" and result["points"] == {}
    assert GAME.scores(state) == {0: 0, 1: 0, 2: 0, 3: 0}
    assert state["round"] == 2 and state["gm"] == DINA
    assert refusal(state, HOST, {"type": "void_round"}).code == "no_round"


def test_the_game_ends_after_the_last_round_and_the_highest_total_wins():
    state = new(3, rounds=1)
    state = seal_text(state, gm=BOB)
    state = play(state, WHITE[0])                  # Caro begins (left of Bob)
    state = act(state, BOB, {"type": "judge", "fits": True})
    state = act(state, CARO, {"type": "guess", "text": "white"})
    state = act(state, BOB, {"type": "judge_guess", "right": True})
    assert state["phase"] == "over"
    assert GAME.winners(state) == [CARO]       # Caro 6, Bob 3 (halved), Alan 0
    assert GAME.actions(state, ALAN) == [] and GAME.host_actions(state) == []
    assert refusal(state, ALAN, {"type": "play", **card(WHITE[1])}).code == "game_over"


def test_two_seats_play_without_points_and_count_rules_found():
    state = new(2)
    assert not state["scoring"]
    state = seal_rule(state, "color == white", gm=ALAN)
    state = play(state, WHITE[0])
    state = act(state, BOB, {"type": "guess", "rule": "color != black"})
    assert state["results"][-1]["points"] == {}
    assert GAME.scores(state) == {ALAN: 0, BOB: 1} and state["gm"] == BOB
    state = act(state, BOB, {"type": "draw_rule", "level": 1})
    state = act(state, HOST, {"type": "void_round"})
    assert GAME.winners(state) == [BOB]


# --- refusals a player understands ---------------------------------------------------------

def test_bad_moves_are_refused_and_change_nothing():
    state = seal_text(new(4))
    assert refusal(state, ALAN, {"type": "play", **card(WHITE[0])}).code == "not_your_turn"
    assert refusal(state, CARO, {"type": "play", **card(WHITE[0])}).code == "gm_does_not_play"
    outside = [{**card(WHITE[0]), "count": 7}, {**card(WHITE[0]), "shape": "hexagon"},
               {**card(WHITE[0]), "color": "red"}, {**card(WHITE[0]), "count": "3"},
               {**card(WHITE[0]), "count": True}]
    for fields in outside:
        assert refusal(state, DINA, {"type": "play", **fields}).code == "no_such_card"
    assert refusal(state, DINA, {"type": "judge", "fits": True}).code == "only_gm"
    assert refusal(state, CARO, {"type": "judge", "fits": True}).code == "nothing_to_judge"
    assert refusal(state, DINA, {"type": "guess", "text": "x"}).code == "no_guess_now"
    state = play(state, WHITE[0])
    assert refusal(state, ALAN, {"type": "judge", "fits": True}).code == "only_gm"
    assert refusal(state, DINA, {"type": "play", **card(WHITE[1])}).code == "wait_for_gm"
    state = act(state, CARO, {"type": "judge", "fits": True})
    assert refusal(state, DINA, {"type": "play", **card(WHITE[1])}).code == "guess_first"
    state = act(state, DINA, {"type": "no_guess"})
    state = play(state, WHITE[0])
    state = act(state, CARO, {"type": "judge", "fits": False})
    assert refusal(state, BOB, {"type": "play", **card(WHITE[0])}).code == "no_copy_left"
    assert refusal(state, 7, {"type": "play", **card(WHITE[2])}).code == "not_in_game"


def test_refusal_messages_exist_in_both_languages():
    for code in GAME.errors:
        for lang in ("en", "de"):
            assert f"error.{code}" in GAME.texts[lang], (lang, code)


# --- what each viewer sees -------------------------------------------------------------------

def test_only_a_seated_game_master_sees_the_rule_under_secret():
    text = "Ascending count from 1 to 6, then again"
    state = seal_text(new(4), text=text)
    assert GAME.view(state, CARO)["you"]["secret"] == {"secret_rule": text}
    for viewer in (ALAN, BOB, DINA, None):
        assert text not in canon(GAME.view(state, viewer))
    state = act(new(4), CARO, {"type": "draw_rule", "level": 2})
    rule_id = state["rule"]["id"]
    assert GAME.view(state, CARO)["you"]["secret"]["deck_rule"] == rule_id
    for viewer in (ALAN, BOB, DINA, None):
        assert rule_id not in canon(GAME.view(state, viewer))
        assert GAME.view(state, None)["public"]["rule"] == {"kind": "deck", "judge": "app",
                                                             "level": 2}


def test_with_the_app_nobody_sees_the_rule_until_the_round_ends():
    state = act(new(3, master="app"), ALAN, {"type": "draw_rule", "level": 1})
    rule_id = state["rule"]["id"]
    for viewer in (0, 1, 2, None):
        seen = canon(GAME.view(state, viewer))
        assert rule_id not in seen and "secret" not in seen
    state = act(state, HOST, {"type": "void_round"})
    assert GAME.view(state, BOB)["public"]["results"][-1]["rule"]["id"] == rule_id


def test_the_table_shows_rows_hands_pile_turn_and_who_is_awaited():
    state = seal_text(new(4))
    state = judged_turn(state, False, Cards(WHITE))
    table = GAME.view(state, None)["public"]
    assert table["hands"] == {"3": 10, "0": 10, "1": 10} and table["pile"] == 113
    assert table["turn"] == ALAN and table["waiting_for"] == [ALAN]
    assert table["wrong"] == [[WHITE[0]]] and table["played"] == 1
    state = play(state, WHITE[1])
    assert GAME.view(state, None)["public"]["waiting_for"] == [CARO]


def test_templates_the_game_waits_for_are_required():
    state = seal_text(new(4))
    on_turn = {t["type"]: t for t in GAME.actions(state, DINA)}
    assert on_turn["play"]["required"] and on_turn["reveal"]["required"]
    assert not on_turn["hints"].get("required")
    assert not any(t.get("required") for t in GAME.actions(state, ALAN))
    guess_tpl = seal_rule(new(4), "color == white")
    guess_tpl = play(guess_tpl, WHITE[0])
    rule_field = GAME.actions(guess_tpl, DINA)[0]["fields"]["rule"]
    assert rule_field["examples"] == EXAMPLES


# --- random play in both master modes ----------------------------------------------------------

def random_rounds(master, seeds, counts):
    """Seeded random games; checks invariants after every move; returns
    (rounds played, finished games, how rounds ended).  Random card entries
    often name a card whose two copies already lie on the table (a real
    player never does), so more refusals than usual are allowed."""
    rounds = finished = 0
    reasons = set()
    for seed in seeds:
        for count in counts:
            seats = [10 + 3 * i for i in range(count)]
            last = None
            for state, actor, action, events in random_play(
                    GAME, seats, {"master": master}, seed, max_steps=6000, max_refusals=2000):
                check_cards_add_up(state)
                if state["gm"] is not None and state["phase"] in flow.RUNNING:
                    assert state["gm"] not in state["players"]
                last = state
            rounds += len(last["results"])
            reasons |= {r["reason"] for r in last["results"]}
            finished += GAME.winners(last) is not None
    return rounds, finished, reasons


def test_random_play_with_a_seated_game_master():
    rounds, finished, reasons = random_rounds("seat", range(16), [2, 3, 5, 8])
    assert finished == 64 and rounds == 16 * (2 + 3 + 5 + 8)
    assert {"empty_hand", "guessed", "void"} <= reasons


def test_random_play_with_the_app_as_game_master():
    rounds, finished, reasons = random_rounds("app", range(20), [1, 3, 5, 8, 10])
    assert finished == 100 and rounds == 300
    assert {"empty_hand", "pile_empty", "void"} <= reasons


@pytest.mark.slow
def test_random_play_with_the_app_as_game_master_longer():
    """The same with 50 seeds (250 games, about 40 s: the slow tier)."""
    rounds, finished, reasons = random_rounds("app", range(20, 70), [1, 3, 5, 8, 10])
    assert finished == 250 and rounds == 750
    assert {"empty_hand", "pile_empty", "void"} <= reasons


def test_hidden_means_hidden_in_both_modes():
    rng = random.Random(3)
    compared = 0
    for master in ("seat", "app"):
        for seed in range(6):
            for i, (state, *_rest) in enumerate(random_play(
                    GAME, [0, 1, 2, 3], {"master": master}, seed, max_steps=600,
                    host_rate=0.005)):
                if i % 7 == 0:
                    compared += check_non_interference(GAME, state, [0, 1, 2, 3],
                                                       GAME.hidden_variants, rng)
    assert compared > 200


@pytest.mark.slow
def test_thousands_of_random_rounds():
    """The long run (-m slow): 1,320 rounds with a seated game master and
    3,600 with the app."""
    counts = [2, 3, 4, 6, 8, 10]
    rounds, finished, _ = random_rounds("seat", range(100, 140), counts)
    assert finished == 40 * len(counts) and rounds == 40 * sum(counts)
    counts = [1, 2, 3, 5, 8, 10]
    rounds, finished, _ = random_rounds("app", range(100, 300), counts)
    assert finished == 200 * len(counts) and rounds == 3 * 200 * len(counts)


# --- issue #27: the spec's shapes, the whole hand at once, the overrule step ------------------

def test_a_card_may_be_played_as_its_code_or_as_an_object():
    state = seal_rule(new(4), "color == white")
    by_code = act(state, DINA, {"type": "play", "card": "circle-3-filled-white"})
    by_object = act(state, DINA, {"type": "play", "card": card("circle-3-filled-white")})
    flat = play(state, "circle-3-filled-white")
    assert row(by_code) == row(by_object) == row(flat) == ["circle-3-filled-white"]
    bad = ["circle-7-filled-white", {**card(WHITE[0]), "count": "3"}, [WHITE[0]],
           {**card(WHITE[0]), "extra": 1}, {"value": WHITE[0]}, 7, True, None,
           {**card(WHITE[0]), "count": True}, "x" * 20_000, {"shape": "circle"}]
    for value in bad:
        assert refusal(state, DINA, {"type": "play", "card": value}).code == "no_such_card", value


def test_a_whole_hand_is_shown_at_once_with_codes_or_objects():
    state = seal_rule(new(4), "color == white")
    hand = BLACK[:9] + [BLACK[0]]                    # both copies of one card
    shown = act(state, DINA, {"type": "reveal", "cards": hand[:5] + [card(c) for c in hand[5:]]})
    assert shown["phase"] == "guess" and shown["hands"][str(DINA)] == 9
    assert shown["pile"] == 115 and shown["pending"] is None
    assert next(t for t in GAME.actions(state, DINA) if "cards" in t["fields"])["fields"]["cards"][
        "size"] == 10


def test_a_shown_hand_is_checked_card_by_card_and_changes_nothing_when_refused():
    state = seal_rule(new(4), "color == white")
    state = play(state, BLACK[0])                   # one copy of BLACK[0] on the table
    state = play(state, BLACK[0])                   # and the other
    assert state["turn"] == BOB
    cases = {"hand_size": BLACK[1:10], "no_such_card_at": BLACK[1:4] + ["circle-9-empty-black"] + BLACK[5:11],
             "too_many_copies": [BLACK[0]] + BLACK[1:10]}
    for code, cards in cases.items():
        assert refusal(state, BOB, {"type": "reveal", "cards": cards}).code == code
    assert refusal(state, BOB, {"type": "reveal", "cards": [BLACK[1]] * 3 + BLACK[2:9]}).code \
        == "too_many_copies"
    assert refusal(state, BOB, {"type": "reveal", "cards": "all"}).code == "invalid_field"
    assert refusal(state, BOB, {"type": "reveal", "cards": [BLACK[1:3]] + BLACK[3:12]}).code \
        == "no_such_card_at"
    assert refusal(state, BOB, {"type": "reveal", "cards": None}).code == "invalid_field"


def test_the_old_way_of_showing_a_hand_card_by_card_still_works():
    state = seal_rule(new(4), "color == white")
    state = reveal(state, BLACK[:10])
    assert state["phase"] == "guess" and state["hands"][str(DINA)] == 9


def fitting_choices(seeds, action_for):
    state = seal_rule(new(4), "color == white")
    placed = set()
    for seed in seeds:
        after = act(state, DINA, action_for(state), seed=seed)
        placed.add(row(after)[0])
    return placed


def test_the_app_puts_a_fitting_shown_card_into_the_row_at_random():
    fits = ["square-5-empty-white", "circle-1-filled-white", "triangle-2-empty-white"]
    hand = BLACK[:7] + fits
    placed = fitting_choices(range(30), lambda s: {"type": "reveal", "cards": hand})
    assert placed == set(fits)             # not the first fitting card in the order entered
    # the same seed (an undo replays the move's seed) places the same card
    state = seal_rule(new(4), "color == white")
    once = act(state, DINA, {"type": "reveal", "cards": hand}, seed=5)
    again = act(state, DINA, {"type": "reveal", "cards": hand}, seed=5)
    assert row(once) == row(again)


def test_card_by_card_the_app_also_picks_at_random():
    fits = ["square-5-empty-white", "circle-1-filled-white"]
    placed = set()
    for seed in range(20):
        state = seal_rule(new(4), "color == white")
        state = act(state, DINA, {"type": "reveal"})
        for code in BLACK[:8] + fits:
            state = act(state, DINA, {"type": "reveal_card", **card(code)}, seed=seed)
        placed.add(row(state)[0])
    assert placed == set(fits)


def last_card_wrong_guess(pile_empty=False):
    """Caro seals a rule-language rule; Dina plays her last card (or the
    pile is empty), it fits, and she guesses wrong: the app says so."""
    state = seal_rule(new(4), "color == white")
    if pile_empty:
        state["pile"] = 0
    else:
        state["pile"] += state["hands"][str(DINA)] - 1
        state["hands"][str(DINA)] = 1
    state = play(state, WHITE[0])
    return act(state, DINA, {"type": "guess", "rule": "shape == circle"})


@pytest.mark.parametrize("pile_empty", [False, True])
def test_a_round_waits_for_the_gm_to_overrule_a_wrong_last_guess(pile_empty):
    state = last_card_wrong_guess(pile_empty)
    assert state["phase"] == "overrule" and state["guesses"][-1]["right"] is False
    mine = GAME.actions(state, CARO)
    assert [(t["type"], t.get("required")) for t in mine] == [("overrule", True), ("let_stand", True)]
    assert GAME.view(state, None)["public"]["waiting_for"] == [CARO]
    assert {"type": "close", "fields": {"step": ["overrule"]}, "confirm": True} in GAME.host_actions(state)
    assert refusal(state, ALAN, {"type": "play", **card(WHITE[1])}).code == "not_your_turn"
    assert refusal(state, DINA, {"type": "let_stand"}).code == "only_gm"
    assert refusal(state, DINA, {"type": "no_guess"}).code == "no_guess_now"
    overruled = act(state, CARO, {"type": "overrule"})
    assert overruled["results"][-1]["reason"] == "guessed"
    assert overruled["results"][-1]["guesser"] == DINA
    for ended in (act(state, CARO, {"type": "let_stand"}),
                  act(state, HOST, {"type": "close", "step": "overrule"})):
        assert ended["results"][-1]["reason"] == ("pile_empty" if pile_empty else "empty_hand")
        assert ended["results"][-1]["guesser"] is None and ended["phase"] == "rule"


def test_in_the_normal_case_the_gm_may_overrule_until_the_next_play():
    state = seal_rule(new(4), "color == white")
    state = play(state, WHITE[0])
    state = act(state, DINA, {"type": "guess", "rule": "shape == circle"})
    assert state["phase"] == "turn" and state["turn"] == ALAN
    assert {"type": "overrule", "fields": {}, "confirm": True} in GAME.actions(state, CARO)
    assert refusal(state, CARO, {"type": "let_stand"}).code == "nothing_to_let_stand"
    assert refusal(state, HOST, {"type": "close", "step": "overrule"}).code == "nothing_to_close"


def test_with_the_app_as_gm_a_wrong_last_guess_ends_the_round_at_once():
    state = act(new(3, master="app"), ALAN, {"type": "draw_rule", "level": 1})
    state["pile"] = 0
    state = play(state, fitting(state))
    state = act(state, ALAN, {"type": "guess", "rule": "n == 99"})
    assert state["results"][-1]["reason"] == "pile_empty"


# --- every end of a round shows the rule -------------------------------------------------------

def ends_with_rule(state, action_actor, action, reason, rule_text):
    """Applies the last action; the rule is in its log lines and in the
    public view's last result."""
    before = len(state["results"])
    state, events = GAME.apply(copied(state), action_actor, action, random.Random(0))
    assert len(state["results"]) == before + 1
    result = GAME.view(state, None)["public"]["results"][-1]
    assert result["reason"] == reason
    assert rule_text in canon(result["rule"])
    lines = [e for e in events if e["key"].startswith("rule_was_")]
    assert len(lines) == 1 and rule_text in canon(lines[0]["params"])
    return state


def test_the_rule_is_shown_when_it_is_guessed():
    state = seal_rule(new(4), "color == white")
    state = play(state, WHITE[0])
    ends_with_rule(state, DINA, {"type": "guess", "rule": "color != black"}, "guessed", "color == white")


def test_the_rule_is_shown_when_a_hand_is_empty():
    state = seal_text(new(3), text="only white")
    state["hands"]["0"] = 1
    state["pile"] += 9
    state = play(state, WHITE[0])            # Alan's last card
    state = act(state, CARO, {"type": "judge", "fits": True})
    ends_with_rule(state, ALAN, {"type": "no_guess"}, "empty_hand", "only white")


def test_the_rule_is_shown_when_the_pile_is_empty():
    state = seal_text(new(4), text="only white")
    state["pile"] = 1
    state = play(state, BLACK[0])
    ends_with_rule(state, CARO, {"type": "judge", "fits": False}, "pile_empty", "only white")


def test_the_rule_is_shown_when_the_round_is_voided():
    state = act(new(4), CARO, {"type": "draw_rule", "level": 2})
    text = deck.rule(state["rule"]["id"]).text
    ends_with_rule(state, HOST, {"type": "void_round"}, "void", text)


def test_the_rule_is_shown_when_the_host_ends_the_game():
    state = seal_rule(new(4), "color == white")
    events = GAME.end(state)
    assert state["phase"] == "over" and state["results"][-1]["reason"] == "ended"
    assert GAME.view(state, ALAN)["public"]["results"][-1]["rule"]["rule"] == "color == white"
    assert [e["key"] for e in events] == ["rule_was_expr"]


@pytest.mark.parametrize("how", ["let_stand", "close", "overrule"])
def test_the_rule_is_shown_after_the_overrule_step(how):
    state = last_card_wrong_guess()
    actor, action, reason = {
        "let_stand": (CARO, {"type": "let_stand"}, "empty_hand"),
        "close": (HOST, {"type": "close", "step": "overrule"}, "empty_hand"),
        "overrule": (CARO, {"type": "overrule"}, "guessed")}[how]
    ends_with_rule(state, actor, action, reason, "color == white")


def test_the_deck_never_deals_a_rule_alike_to_one_dealt_before():
    """Issue #40: a group took level 2's "the same shape as the card before"
    for round 1's "only squares" (to the judge they are one rule): the
    pairs a guess of one is right for the other are listed, and a game
    deals one of a pair only once every other rule of the level is used."""
    from itertools import permutations
    from companion.games.what_the_rule.equivalence import judge
    found = {frozenset((a, b)) for a, b in permutations(deck.BY_ID, 2)
             if judge(deck.rule(a), deck.rule(b)).right}
    assert found == {frozenset(pair) for pair in deck.ALIKE}
    for seed in range(40):
        state = new(2, master="app", rounds=20)
        dealt = []
        for level in (1, 2, 3, 2, 1, 3):
            state = act(state, ALAN, {"type": "draw_rule", "level": level}, seed=seed)
            dealt.append(state["rule"]["id"])
            state = act(state, HOST, {"type": "void_round"})
        for a, b in deck.ALIKE:
            assert not (a in dealt and b in dealt), (seed, dealt)


def test_a_card_is_played_without_a_confirm_and_a_hand_shown_with_one():
    """Issue #40: the phone draws the chosen card above the button that
    plays it, so playing asks no second tap; showing the whole hand asks."""
    state = seal_rule(new(4), "color == white")
    offered = GAME.actions(state, state["turn"])
    assert [t.get("confirm", False) for t in offered if t["type"] == "play"] == [False, False]
    assert all(t["confirm"] for t in offered if t["type"] == "reveal")


def test_the_games_end_is_announced_once_in_the_log(client):
    """Issue #40: the log said "The game is over. Most rules found (1):
    Bob." and then the platform's "Game over. Winners: Bob.": the game's
    own line now gives only what the platform's does not (the tally)."""
    import re
    from tests.conftest import Table
    table = Table(client, game="what_the_rule", options={"rounds": 1})
    alan, bob = table.join("Alan"), table.join("Bob")
    assert table.host_act(type="start").status_code == 200
    assert table.seat_act(alan, type="set_rule", rule="color == white").status_code == 200
    assert table.seat_act(bob, type="play", card="circle-2-filled-white").status_code == 200
    assert table.seat_act(bob, type="guess", rule="color == white").status_code == 200
    for lang, over, score in (("en", r"\bgame (is )?over\b", "The most rules found: 1."),
                              ("de", r"\bspiel (ist )?vorbei\b", "Die meisten gefundenen Regeln: 1.")):
        view = table.view(lang=lang)
        assert view["status"] == "finished"
        lines = [line["text"] for line in view["log"]]
        ended = [line for line in lines if re.search(over, line, re.I)]
        assert len(ended) == 1, ended
        assert score in lines and "Bob" in ended[0], lines[-4:]


# --- the card templates: the whole deck, not listed (issue #44) --------------------------

def test_a_card_template_admits_exactly_the_72_codes_without_listing_them():
    """The player on turn is offered ``play`` with ``card`` and ``reveal``
    with ``cards``: both take any of the 72 codes (a "joined" field, not the
    list of all 72 in every view), and the platform still refuses any other."""
    state = seal_text(new())
    tpls = templates(state, state["turn"])
    spec = next(tpl for tpl in tpls if tpl["type"] == "play" and "card" in tpl["fields"])["fields"]["card"]
    assert not any(code in json.dumps(tpls) for code in CODES)
    assert len(json.dumps(tpls)) < 1200   # was 4,110 bytes with the 72 codes twice
    for code in CODES:
        assert match_action(tpls, {"type": "play", "card": code})[0] is not None
    for wrong_card in ("circle-7-filled-white", "circle-3-filled", "circle-3-filled-white-x", "Circle-3-filled-white",
                       "circle-03-filled-white", "circle-3-filled-red", " circle-3-filled-white", 3, None, ["circle"],
                       "circle-True-filled-white", "circle-3-filled-white-"):
        assert match_action(tpls, {"type": "play", "card": wrong_card})[0] is None, wrong_card
    assert spec["of"][0]["kind"] == "joined"
    hand = next(tpl for tpl in tpls if tpl["type"] == "reveal" and "cards" in tpl["fields"])
    size = hand["fields"]["cards"]["size"]
    assert match_action(tpls, {"type": "reveal", "cards": list(CODES[:size])})[0] is hand
    assert match_action(tpls, {"type": "reveal", "cards": ["square-9-empty-black"] * size})[0] is not hand

"""Factum referee: worked example, races, refusals (with why_not and the
errors table), scoring, title, the corrections of issue #13, random play and
non-interference through the game's hidden variants."""
from __future__ import annotations

import json
import random

import pytest

from companion.games.base import HOST, SHARED_ERRORS, Illegal, copied, match_action
from companion.games.factum import GAME
from tests.harness import canon, check_non_interference, random_play, seen_by

SIX = [0, 1, 2, 3, 4, 5]


# --------------------------------------------------------------- helpers
def new(seats=SIX, target=15):
    state, events = GAME.setup(list(seats), {"target": target}, random.Random(1))
    json.dumps(state)
    return state


def act(state, actor, action, seed=0):
    """Apply like the platform: the action must match an offered template,
    apply gets a deep copy."""
    templates = GAME.host_actions(state) if actor == HOST else GAME.actions(state, actor)
    assert match_action(templates, action)[0] is not None, (actor, action, templates)
    new_state, events = GAME.apply(copied(state), actor, action, random.Random(seed))
    json.dumps(new_state)
    return new_state, events


def templates_of(state, actor):
    return GAME.host_actions(state) if actor == HOST else GAME.actions(state, actor)


def refused(state, actor, action, code, status=None):
    """``apply`` refuses with ``code`` (listed, with its status) and changes
    nothing; when no template admits the action, ``why_not`` (pure) gives
    the same reason."""
    before = canon(state)
    work = copied(state)
    with pytest.raises(Illegal) as info:
        GAME.apply(work, actor, action, random.Random(0))
    assert info.value.code == code
    assert code in GAME.errors or code in SHARED_ERRORS, code
    if status is not None:
        assert GAME.error_status(code) == status
    assert canon(work) == before, "a refused action changed the state"
    assert canon(state) == before
    if code in GAME.errors:
        for lang in ("en", "de"):
            GAME.texts[lang]["error." + code].format(**info.value.params)
    if match_action(templates_of(state, actor), action)[0] is None:
        reason = GAME.why_not(state, actor, action)
        assert reason is not None and reason.code == code
        assert canon(state) == before, "why_not changed the state"
    return info.value


def keys(events):
    return [e["key"] for e in events]


def to_decide(state, teller, team_a, team_b, judge):
    """Volunteer, fix the teams (test fixture), told, judge."""
    state, _ = act(state, teller, {"type": "volunteer"})
    assert teller in state["team_a"]
    state["team_a"], state["team_b"] = sorted(team_a), sorted(team_b)
    state, _ = act(state, teller, {"type": "told"})
    state, _ = act(state, judge, {"type": "judge"})
    return state


def to_mark(state, teller, team_a, team_b, judge, guessers):
    state = to_decide(state, teller, team_a, team_b, judge)
    state, _ = act(state, judge, {"type": "decide", "guessers": guessers})
    assert state["phase"] == "mark"
    return state


def mark_all(state, marks):
    """marks: [(seat, card, position)]"""
    events = []
    for s, card, pos in marks:
        state, evs = act(state, s, {"type": "mark", "card": card, "position": pos})
        events += evs
    return state, events


def vote_all(state, votes, seed=0):
    events = []
    for s, pos in votes:
        state, evs = act(state, s, {"type": "vote", "position": pos}, seed)
        events += evs
    return state, events


def gains(before, after):
    b, a = GAME.scores(before), GAME.scores(after)
    return {s: a[s] - b[s] for s in a}


def first_round(state, teller=1):
    """Round 1 with fixed teams: teller's team guesses right."""
    others = [s for s in state["seats"] if s != teller]
    half = (len(state["seats"]) + 1) // 2
    a = [teller] + others[:half - 1]
    b = others[half - 1:]
    judge = b[0]
    state = to_mark(state, teller, a, b, judge, "A")
    contributors = [teller] + b
    state, _ = mark_all(state, [(s, "story" if s == teller else "own", i + 1)
                                for i, s in enumerate(contributors)])
    voters = [s for s in a if s != teller]
    state, _ = vote_all(state, [(s, 1) for s in voters])
    assert state["phase"] == "volunteer"
    return state


# --------------------------------------------------------------- metadata
def test_metadata():
    assert GAME.name == "factum"
    assert GAME.player_range({}) == (4, 12)
    opt = GAME.options_schema[0]
    assert opt["name"] == "target" and opt["default"] == 15
    assert GAME.seat_fields == {"seat"}
    assert GAME.action_types == {"volunteer", "told", "judge", "decide", "mark", "vote",
                                 "best", "name_storyteller", "name_judge", "close"}
    assert not set(GAME.errors) & set(SHARED_ERRORS)
    assert set(GAME.errors.values()) <= {403, 409, 422}
    state, _ = GAME.setup(SIX, {}, random.Random(0))
    assert state["target"] == 15


# ----------------------------------------------------------- worked example
def test_rulebook_maximum_round_is_six():
    state = new()
    state = first_round(state, teller=1)  # seat 1's story holds the title, no points
    assert state["title"] == {"seat": 1, "round": 1, "points": False}
    before = copied(state)
    # round 2: seat 0 tells, team A = 0, 2, 4; judge 3 lets team B guess
    state = to_decide(state, 0, [0, 2, 4], [1, 3, 5], 3)
    state, events = act(state, 3, {"type": "decide", "guessers": "B"})
    cards = [e for e in events if e["key"] == "cards"][0]["params"]
    assert cards == {"players": 4, "deck": 1, "n": 5}
    table = GAME.view(state, None)["public"]["current"]
    assert table["n"] == 5 and table["deck"] == 1 and table["second_card"]
    assert GAME.view(state, 0)["you"]["cards"] == ["story", "second"]
    state, _ = mark_all(state, [(0, "story", 1), (0, "second", 2), (2, "own", 3), (4, "own", 4)])
    assert state["phase"] == "vote"
    assert GAME.view(state, None)["public"]["voters"] == [1, 5]
    state, events = vote_all(state, [(1, 2), (5, 2)])
    assert "wrong" in keys(events)
    assert gains(before, state)[0] == 3  # team win +1, captain +1, second card chosen +1
    assert state["phase"] == "best"
    assert GAME.view(state, None)["public"]["best_voters"] == [2, 3, 4, 5]
    for s in (2, 3, 4):
        state, events = act(state, s, {"type": "best", "story": "current"})
    state, events = act(state, 5, {"type": "best", "story": "title"})
    g = gains(before, state)
    assert g[0] == 6
    assert g == {0: 6, 1: 0, 2: 1, 3: 0, 4: 1, 5: 0}
    assert state["title"]["seat"] == 0 and state["title"]["points"]
    assert state["phase"] == "volunteer"
    last = GAME.view(state, None)["public"]["last"]
    assert last["reveal"]["layout"] == [
        {"position": 1, "seat": 0, "card": "story"},
        {"position": 2, "seat": 0, "card": "second"},
        {"position": 3, "seat": 2, "card": "own"},
        {"position": 4, "seat": 4, "card": "own"},
        {"position": 5, "seat": None, "card": "deck"}]
    assert last["reveal"]["ballots"] == [{"1": 2, "5": 2}]
    assert last["best"]["current"] == 3 and last["best"]["title"] == 1
    assert "best_votes" not in json.dumps(GAME.view(state, None))


# -------------------------------------------------------------- the guess
def test_guessers_right():
    state = new()
    before = copied(state)
    # team A = 0, 1, 2 guesses; team B = 3, 4, 5 confuses (judge 3 adds one too)
    state = to_mark(state, 0, [0, 1, 2], [3, 4, 5], 3, "A")
    assert GAME.view(state, None)["public"]["current"]["deck"] == 1
    state, _ = mark_all(state, [(0, "story", 5), (3, "own", 1), (4, "own", 2), (5, "own", 3)])
    state, events = vote_all(state, [(1, 5), (2, 4)])
    # 1:1 tie between 4 and 5 -> revote
    assert "tie" in keys(events) and state["phase"] == "vote"
    state, events = vote_all(state, [(1, 5), (2, 5)])
    assert "right" in keys(events)
    assert gains(before, state) == {0: 2, 1: 1, 2: 1, 3: 0, 4: 0, 5: 0}


def test_confusers_win_with_judge_card_and_deck_card():
    state = new()
    before = copied(state)
    state = to_mark(state, 0, [0, 1, 2], [3, 4, 5], 3, "A")
    state, _ = mark_all(state, [(0, "story", 5), (3, "own", 1), (4, "own", 2), (5, "own", 3)])
    state, events = vote_all(state, [(1, 1), (2, 1)])
    assert "wrong" in keys(events)
    # B wins: +1 each, judge +1 captain, judge's card chosen +1
    assert gains(before, state) == {0: 0, 1: 0, 2: 0, 3: 3, 4: 1, 5: 1}
    # deck card chosen: confusers win, nobody gets the owner point
    state2 = new()
    state2 = to_mark(state2, 0, [0, 1, 2], [3, 4, 5], 3, "A")
    state2, _ = mark_all(state2, [(0, "story", 5), (3, "own", 1), (4, "own", 2), (5, "own", 3)])
    state2, events = vote_all(state2, [(1, 4), (2, 4)])
    assert gains(before, state2) == {0: 0, 1: 0, 2: 0, 3: 2, 4: 1, 5: 1}
    reveal = GAME.view(state2, None)["public"]["last"]["reveal"]
    assert reveal["chosen"] == 4 and reveal["owner"] is None and not reveal["correct"]


def test_team_b_guesses_right():
    state = new()
    before = copied(state)
    state = to_mark(state, 0, [0, 1, 2], [3, 4, 5], 4, "B")
    state, _ = mark_all(state, [(0, "story", 2), (0, "second", 1), (1, "own", 3), (2, "own", 4)])
    assert GAME.view(state, None)["public"]["voters"] == [3, 5]
    state, events = vote_all(state, [(3, 2), (5, 2)])
    assert "right" in keys(events)
    assert gains(before, state) == {0: 0, 1: 0, 2: 0, 3: 1, 4: 2, 5: 1}


def test_tie_twice_is_random_and_logged():
    outcomes = set()
    for seed in range(12):
        state = new()
        state = to_mark(state, 0, [0, 1, 2], [3, 4, 5], 3, "A")
        state, _ = mark_all(state, [(0, "story", 5), (3, "own", 1), (4, "own", 2),
                                    (5, "own", 3)])
        state, events = vote_all(state, [(1, 1), (2, 2)])
        assert [e for e in events if e["key"] == "tie"][0]["params"]["positions"] == "1, 2"
        pub = GAME.view(state, None)["public"]
        assert pub["ballot"] == 2 and pub["vote_options"] == [1, 2]
        assert pub["ballots"] == [{"1": 1, "2": 2}]  # the first ballot is revealed
        assert pub["awaited"] == [1, 2]
        refused(state, 1, {"type": "vote", "position": 5}, "vote_option", 422)
        state, events = vote_all(state, [(1, 1), (2, 2)], seed)
        rnd = [e for e in events if e["key"] == "tie_random"]
        assert len(rnd) == 1 and rnd[0]["to"] is None
        chosen = rnd[0]["params"]["position"]
        assert chosen in (1, 2)
        reveal = GAME.view(state, None)["public"]["last"]["reveal"]
        assert reveal["random"] and reveal["chosen"] == chosen
        assert reveal["ballots"] == [{"1": 1, "2": 2}, {"1": 1, "2": 2}]
        outcomes.add(chosen)
    assert outcomes == {1, 2}


def test_tie_is_deterministic_with_same_rng():
    results = []
    for _ in range(2):
        state = new()
        state = to_mark(state, 0, [0, 1, 2], [3, 4, 5], 3, "A")
        state, _ = mark_all(state, [(0, "story", 5), (3, "own", 1), (4, "own", 2),
                                    (5, "own", 3)])
        state, _ = vote_all(state, [(1, 1), (2, 2)])
        state, _ = vote_all(state, [(1, 1), (2, 2)], seed=77)
        results.append(canon(state))
    assert results[0] == results[1]


def test_host_closes_vote():
    # 8 players: team A = 0..3 guesses, voters 1, 2, 3
    seats = list(range(8))
    state = new(seats)
    state = to_mark(state, 0, [0, 1, 2, 3], [4, 5, 6, 7], 4, "A")
    state, _ = mark_all(state, [(0, "story", 1), (4, "own", 2), (5, "own", 3), (6, "own", 4),
                                (7, "own", 5)])
    assert state["phase"] == "vote"
    state, _ = vote_all(state, [(1, 1)])
    assert GAME.view(state, None)["public"]["awaited"] == [2, 3]
    state, events = act(state, HOST, {"type": "close", "step": "vote"})
    assert "votes_closed" in keys(events) and "right" in keys(events)
    # closing with no votes at all: tie among all -> revote; again -> random
    state = new(seats)
    state = to_mark(state, 0, [0, 1, 2, 3], [4, 5, 6, 7], 4, "A")
    state, _ = mark_all(state, [(0, "story", 1), (4, "own", 2), (5, "own", 3), (6, "own", 4),
                                (7, "own", 5)])
    state, events = act(state, HOST, {"type": "close", "step": "vote"})
    assert "tie" in keys(events) and state["tied"] == [1, 2, 3, 4, 5]
    state, events = act(state, HOST, {"type": "close", "step": "vote"})
    assert "tie_random" in keys(events)


# ------------------------------------------- the host stops waiting (issue #25)
def test_the_host_stops_waiting_at_every_step_of_a_round():
    """Every step that waits for a seat has a host tool: the races by
    naming, the others by ``close`` (the decision as the judge said it)."""
    state = new(SIX)
    state, _ = act(state, HOST, {"type": "name_storyteller", "seat": 0})
    state["team_a"], state["team_b"] = [0, 1, 2], [3, 4, 5]
    refused(state, HOST, {"type": "close", "step": "mark"}, "wrong_step")
    state, events = act(state, HOST, {"type": "close", "step": "telling"})
    assert keys(events) == ["told_closed"] and state["phase"] == "judge"
    refused(state, HOST, {"type": "close", "step": "judge"}, "nothing_to_close")   # a race: name the judge
    state, _ = act(state, HOST, {"type": "name_judge", "seat": 4})
    refused(state, HOST, {"type": "close", "step": "decide"}, "missing_field")
    refused(state, HOST, {"type": "close", "step": "decide", "guessers": "C"}, "bad_team")
    state, events = act(state, HOST, {"type": "close", "step": "decide", "guessers": "B"})
    # the host's decision is logged as the host's, not credited to the judge (issue #38)
    assert keys(events)[0] == "decide_by_host" and "decide" not in keys(events)
    assert events[0]["params"]["seat"] == {"seat": 4} and state["guessers"] == "B"
    assert state["phase"] == "mark"


def test_closing_the_marks_before_the_story_card_voids_the_round():
    state = new()
    state = to_mark(state, 0, [0, 1, 2], [3, 4, 5], 3, "A")
    state, _ = mark_all(state, [(3, "own", 1), (4, "own", 2)])
    scores, title = dict(state["scores"]), state["title"]
    state, events = act(state, HOST, {"type": "close", "step": "mark"})
    assert keys(events)[:2] == ["round_void", "round_end"]
    assert state["phase"] == "volunteer" and state["round"] == 2 and state["scores"] == scores
    # void changes nothing (issue #38): no teller is barred, no best-story
    # vote, the title stays, and the table is told the round was void
    assert state["last_teller"] is None and state["title"] == title
    assert GAME.actions(state, 0) == [{"type": "volunteer", "fields": {}, "required": True, "race": True}]
    assert GAME.view(state, None)["public"]["last"]["void"] is True


# --------------------------------------------------------------- marking
def test_marks_move_during_the_mark_step_and_host_close():
    state = new()
    state = to_mark(state, 0, [0, 1, 2], [3, 4, 5], 3, "A")
    state, _ = mark_all(state, [(3, "own", 1), (3, "own", 2)])  # moved
    assert GAME.view(state, 3)["you"]["secret"]["marks"] == {"own": 2}
    state, _ = mark_all(state, [(0, "story", 1), (4, "own", 3)])
    assert GAME.view(state, None)["public"]["awaited"] == [5]
    state, events = act(state, HOST, {"type": "close", "step": "mark"})
    assert "marks_closed" in keys(events) and state["phase"] == "vote"
    # seat 5 was closed out: its card counts as a deck card, it cannot mark now
    assert GAME.actions(state, 5) == []
    refused(state, 5, {"type": "mark", "card": "own", "position": 4}, "mark_closed", 409)
    state, events = vote_all(state, [(1, 4), (2, 4)])
    reveal = GAME.view(state, None)["public"]["last"]["reveal"]
    assert [x["card"] for x in reveal["layout"]] == ["story", "own", "own", "deck", "deck"]
    assert reveal["owner"] is None and not reveal["correct"]  # a deck card: no owner bonus


def test_mark_refusals():
    state = new()
    state = to_mark(state, 0, [0, 1, 2], [3, 4, 5], 3, "B")  # A confuses
    n = state["n"]
    assert n == 5
    refused(state, 0, {"type": "mark", "card": "story", "position": 0}, "position_range", 422)
    refused(state, 0, {"type": "mark", "card": "story", "position": n + 1}, "position_range", 422)
    refused(state, 3, {"type": "mark", "card": "own", "position": 1}, "not_contributor", 403)
    refused(state, 4, {"type": "mark", "card": "own", "position": 1}, "not_contributor", 403)
    refused(state, 1, {"type": "mark", "card": "story", "position": 1}, "wrong_card", 422)
    state, _ = mark_all(state, [(0, "story", 1)])
    refused(state, 0, {"type": "mark", "card": "second", "position": 1}, "position_own")
    err = refused(state, 1, {"type": "mark", "card": "own", "position": 1}, "position_taken")
    assert GAME.texts["en"]["error.position_taken"] == (
        "Someone already marked that position — check the layout.")
    assert GAME.error_status(err.code) == 409
    # seat 1's template offers every position (it must not reveal others'
    # marks); the storyteller's second card is not offered its own story
    # position (the seat's own secret: a secret template)
    tpl = [t for t in GAME.actions(state, 1) if t["type"] == "mark"][0]
    assert tpl["fields"]["position"] == [1, 2, 3, 4, 5] and tpl.get("secret")
    assert tpl.get("required")
    second = [t for t in GAME.actions(state, 0) if t["fields"]["card"] == ["second"]][0]
    assert second["fields"]["position"] == [2, 3, 4, 5] and second.get("secret")
    story = [t for t in GAME.actions(state, 0) if t["fields"]["card"] == ["story"]][0]
    assert not story.get("required")  # marked: moving it is optional
    # voting before the cards are marked is refused
    refused(state, 4, {"type": "vote", "position": 1}, "wrong_step")


# ---------------------------------------------------------------- voting
def test_vote_refusals():
    state = new()
    state = to_mark(state, 0, [0, 1, 2], [3, 4, 5], 3, "A")
    state, _ = mark_all(state, [(0, "story", 5), (3, "own", 1), (4, "own", 2), (5, "own", 3)])
    refused(state, 0, {"type": "vote", "position": 1}, "captain_silent", 403)
    refused(state, 4, {"type": "vote", "position": 1}, "other_team", 403)
    refused(state, 3, {"type": "vote", "position": 1}, "other_team", 403)
    refused(state, 1, {"type": "vote", "position": 6}, "position_range", 422)
    refused(state, 1, {"type": "vote", "position": 0}, "position_range", 422)
    assert GAME.actions(state, 0) == []  # marks are final, the captain stays silent
    assert GAME.actions(state, 1)[0]["required"]
    state, _ = vote_all(state, [(1, 2)])
    refused(state, 1, {"type": "vote", "position": 3}, "already_voted")
    assert GAME.view(state, 1)["you"]["secret"]["vote"] == 2
    assert GAME.view(state, 2)["you"]["secret"]["vote"] is None
    refused(state, 1, {"type": "best", "story": "current"}, "wrong_step")


# ---------------------------------------------------------------- races
def test_volunteer_race():
    state = new()
    state, events = act(state, 2, {"type": "volunteer"})
    assert state["teller"] == 2 and keys(events) == ["volunteer", "teams"]
    assert not any(t["type"] == "volunteer" for t in GAME.actions(state, 3))
    refused(state, 3, {"type": "volunteer"}, "already_volunteered", 409)
    refused(state, 2, {"type": "volunteer"}, "already_volunteered", 409)
    refused(state, 3, {"type": "told"}, "not_teller", 403)


def test_last_teller_cannot_volunteer():
    state = first_round(new(), teller=1)
    assert GAME.actions(state, 1) == []
    assert GAME.view(state, 1)["you"]["todo"] == "wait_volunteer_last"
    refused(state, 1, {"type": "volunteer"}, "last_teller", 409)
    refused(state, HOST, {"type": "name_storyteller", "seat": 1}, "last_teller_named")
    assert 1 not in GAME.host_actions(state)[0]["fields"]["seat"]
    state, events = act(state, HOST, {"type": "name_storyteller", "seat": 4})
    assert state["teller"] == 4 and "named_storyteller" in keys(events)


def test_judge_race():
    state = new()
    state, _ = act(state, 0, {"type": "volunteer"})
    state["team_a"], state["team_b"] = [0, 1, 2], [3, 4, 5]
    refused(state, 4, {"type": "judge"}, "wrong_step")  # story not told yet
    state, _ = act(state, 0, {"type": "told"})
    refused(state, 1, {"type": "judge"}, "judge_team_a", 403)
    assert GAME.actions(state, 1) == []
    state, events = act(state, 5, {"type": "judge"})
    assert state["judge"] == 5 and state["phase"] == "decide"
    refused(state, 4, {"type": "judge"}, "judge_taken", 409)
    refused(state, 4, {"type": "decide", "guessers": "A"}, "not_judge", 403)
    pub = GAME.view(state, None)["public"]
    assert pub["awaited"] == [5] and pub["current"]["judge"] == 5


def test_host_names_judge():
    state = new()
    state, _ = act(state, 0, {"type": "volunteer"})
    state["team_a"], state["team_b"] = [0, 1, 2], [3, 4, 5]
    state, _ = act(state, 0, {"type": "told"})
    assert GAME.host_actions(state) == [{"type": "name_judge", "fields": {"seat": [3, 4, 5]}}]
    refused(state, HOST, {"type": "name_judge", "seat": 1}, "judge_not_b")
    refused(state, 3, {"type": "name_judge", "seat": 3}, "host_only", 403)
    refused(state, HOST, {"type": "judge"}, "players_only", 403)
    state, events = act(state, HOST, {"type": "name_judge", "seat": 4})
    assert state["judge"] == 4 and "named_judge" in keys(events)


# ---------------------------------------------------------------- teams
def test_teams_sizes_and_no_repeated_split():
    for n in range(4, 13):
        seats = list(range(n))
        for seed in range(30):
            state, _ = GAME.setup(seats, {}, random.Random(seed))
            state, _ = GAME.apply(state, 0, {"type": "volunteer"}, random.Random(seed))
            a, b = state["team_a"], state["team_b"]
            assert 0 in a and len(a) == (n + 1) // 2 and len(b) == n // 2
            assert sorted(a + b) == seats
            split = {frozenset(a), frozenset(b)}
            # next round, another teller: the same split must not come back
            state["phase"], state["last_teller"] = "volunteer", 0
            state["last_a"] = list(a)
            for teller in (a[-1], b[0]):
                s2, _ = GAME.apply(copied(state), teller, {"type": "volunteer"},
                                   random.Random(seed + 1))
                assert {frozenset(s2["team_a"]), frozenset(s2["team_b"])} != split
                assert teller in s2["team_a"]


def test_card_counts():
    for n in range(4, 13):
        seats = list(range(n))
        state = new(seats)
        a, b = seats[:(n + 1) // 2], seats[(n + 1) // 2:]
        s_a = to_mark(copied(state), 0, a, b, b[0], "A")  # B confuses
        cur = GAME.view(s_a, None)["public"]["current"]
        assert cur["n"] == max(5, 1 + len(b)) and cur["deck"] == cur["n"] - 1 - len(b)
        assert cur["contributors"] == sorted([0] + b)
        s_b = to_mark(copied(state), 0, a, b, b[0], "B")  # A confuses
        cur = GAME.view(s_b, None)["public"]["current"]
        assert cur["n"] == max(5, 1 + len(a)) and cur["deck"] == cur["n"] - 1 - len(a)
        assert cur["contributors"] == a


# ------------------------------------------------------------ best story
def _round(state, teller, current_guess_right=True, best=None):
    """A round with fixed teams; returns the state in the best step (or the
    next round when there is no vote)."""
    seats = state["seats"]
    others = [s for s in seats if s != teller]
    half = (len(seats) + 1) // 2
    a, b = [teller] + others[:half - 1], others[half - 1:]
    state = to_mark(state, teller, a, b, b[0], "A")
    state, _ = mark_all(state, [(s, "story" if s == teller else "own", i + 1)
                                for i, s in enumerate([teller] + b)])
    pos = 1 if current_guess_right else 2
    state, events = vote_all(state, [(s, pos) for s in a if s != teller])
    return state, events


def _best_all(state, choices):
    voters = GAME.view(state, None)["public"]["best_voters"]
    events = []
    for s, c in zip(voters, choices):
        state, evs = act(state, s, {"type": "best", "story": c})
        events += evs
    return state, events


def test_title_first_vote_current_wins_no_loss_for_first_story():
    state = first_round(new(), teller=1)
    state, _ = _round(state, 0)
    assert state["phase"] == "best"
    before = copied(state)
    assert GAME.view(state, None)["public"]["best_voters"] == [2, 3, 4, 5]
    refused(state, 0, {"type": "best", "story": "current"}, "not_best_voter", 403)
    refused(state, 1, {"type": "best", "story": "title"}, "not_best_voter", 403)
    state, events = _best_all(state, ["current", "current", "current", "title"])
    assert gains(before, state) == {0: 3, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0}
    assert state["title"] == {"seat": 0, "round": 2, "points": True}
    assert "best_loses" not in keys(events)


def test_title_first_vote_title_wins_gets_points_then_keeps():
    state = first_round(new(), teller=1)
    state, _ = _round(state, 0)
    before = copied(state)
    state, events = _best_all(state, ["title", "title", "current", "title"])
    assert gains(before, state) == {0: 0, 1: 3, 2: 0, 3: 0, 4: 0, 5: 0}
    assert state["title"] == {"seat": 1, "round": 1, "points": True}
    assert "best_title_first" in keys(events)
    # round 3: the title story wins again: nothing changes
    state, _ = _round(state, 2)
    before = copied(state)
    state, events = _best_all(state, ["title", "title", "title", "current"])
    assert gains(before, state) == {s: 0 for s in SIX}
    assert state["title"] == {"seat": 1, "round": 1, "points": True}


def test_title_first_vote_tie_keeps_title_without_points():
    state = first_round(new(), teller=1)
    state, _ = _round(state, 0)
    before = copied(state)
    state, events = _best_all(state, ["title", "current", "current", "title"])
    assert gains(before, state) == {s: 0 for s in SIX}
    assert state["title"] == {"seat": 1, "round": 1, "points": False}
    # next vote: current wins; the holder never got points and loses none
    state, _ = _round(state, 2)
    before = copied(state)
    state, events = _best_all(state, ["current"] * 4)
    assert gains(before, state) == {0: 0, 1: 0, 2: 3, 3: 0, 4: 0, 5: 0}


def test_title_transfer_minus_three():
    state = first_round(new(), teller=1)
    state, _ = _round(state, 0)
    state, _ = _best_all(state, ["current"] * 4)  # 0 holds the title with 3 points
    state, _ = _round(state, 2)
    before = copied(state)
    assert GAME.view(state, None)["public"]["best_voters"] == [1, 3, 4, 5]
    state, events = _best_all(state, ["current", "current", "title", "title"])
    assert gains(before, state) == {s: 0 for s in SIX}  # a tie: title stays
    state, _ = _round(state, 3)
    before = copied(state)
    state, events = _best_all(state, ["current", "current", "title", "current"])
    assert gains(before, state) == {0: -3, 1: 0, 2: 0, 3: 3, 4: 0, 5: 0}
    assert "best_loses" in keys(events)
    assert state["title"] == {"seat": 3, "round": 4, "points": True}


def test_no_vote_when_teller_holds_title_and_host_closes_best():
    state = first_round(new(), teller=1)
    state, _ = _round(state, 0)
    state, _ = _best_all(state, ["current"] * 4)  # 0 holds the title
    state, _ = _round(state, 2)
    state, _ = _best_all(state, ["title"] * 4)
    # round 5: 0 tells again: no vote
    state, events = _round(state, 0)
    assert "best_none" in keys(events) and state["phase"] == "volunteer"
    # host closes a best vote: the votes in decide
    state, _ = _round(state, 4)
    state, _ = act(state, 1, {"type": "best", "story": "current"})
    before = copied(state)
    assert GAME.host_actions(state)[0]["fields"] == {"step": ["best"]}
    state, events = act(state, HOST, {"type": "close", "step": "best"})
    assert "best_closed" in keys(events)
    assert gains(before, state)[4] == 3 and gains(before, state)[0] == -3


# -------------------------------------------------------------- game end
def test_target_checked_after_best_vote_and_shared_win():
    state = new(target=5)
    state = first_round(state, teller=1)
    state["scores"] = {"0": 2, "1": 4, "2": 2, "3": 0, "4": 0, "5": 0}
    state, _ = _round(state, 0)  # team A (0, 1, 2) guesses right: 0 +2, 1 +1, 2 +1
    assert state["phase"] == "best" and GAME.winners(state) is None
    state, events = _best_all(state, ["title"] * 4)  # first vote: title wins: 1 +3
    assert GAME.winners(state) == [1]
    assert "game_over" in keys(events) and state["phase"] == "over"
    assert GAME.actions(state, 2) == [] and GAME.host_actions(state) == []
    refused(state, 2, {"type": "volunteer"}, "game_over")
    # a shared win
    state = new(target=5)
    state = first_round(state, teller=1)
    state["scores"] = {"0": 3, "1": 0, "2": 4, "3": 0, "4": 0, "5": 0}
    state, _ = _round(state, 0)
    state, _ = _best_all(state, ["current", "current", "title", "title"])
    assert GAME.scores(state)[0] == 5 and GAME.scores(state)[2] == 5
    assert GAME.winners(state) == [0, 2]


# ------------------------------------------------------------------ views
def test_phone_and_table_views():
    state = new()
    state = to_mark(state, 0, [0, 1, 2], [3, 4, 5], 3, "B")
    v0 = GAME.view(state, 0)
    assert v0["you"]["team"] == "A" and v0["you"]["role"] == "teller"
    assert v0["you"]["todo"] == "mark"
    assert GAME.view(state, 3)["you"]["role"] == "judge"
    assert GAME.view(state, 4)["you"]["todo"] == "wait_marks"
    state, _ = mark_all(state, [(0, "story", 2)])
    table = GAME.view(state, None)
    assert table["you"] is None
    assert "marks" not in json.dumps(table)
    assert GAME.view(state, 0)["you"]["secret"]["marks"] == {"story": 2}
    assert GAME.view(state, 1)["you"]["secret"]["marks"] == {}
    assert table["public"]["awaited"] == [0, 1, 2]
    state, _ = mark_all(state, [(0, "second", 3), (1, "own", 1), (2, "own", 4)])
    assert GAME.view(state, 3)["you"]["todo"] == "captain_silent"
    assert GAME.view(state, 4)["you"]["todo"] == "vote"
    assert GAME.view(state, 1)["you"]["todo"] == "wait_votes"


# ----------------------------------------------------------- random play
def _check_game(seats, target, seed):
    """One seeded game to the end.  Refusals are expected in bulk: random
    marks hit positions another contributor already marked (the secret the
    server must refuse without showing), hence the high ``max_refusals``."""
    tally = {s: 0 for s in seats}
    round_gain = {s: 0 for s in seats}
    state = None
    for state, actor, action, events in random_play(GAME, seats, {"target": target}, seed,
                                                    host_rate=0.03, max_refusals=20000):
        for e in events:
            p = e["params"]
            if e["key"] == "points":
                tally[p["seat"]["seat"]] += p["points"]
                round_gain[p["seat"]["seat"]] += p["points"]
                assert p["total"] == tally[p["seat"]["seat"]]
            elif e["key"] in ("best_current", "best_title_first"):
                tally[p["seat"]["seat"]] += 3
                round_gain[p["seat"]["seat"]] += 3
            elif e["key"] == "best_loses":
                tally[p["seat"]["seat"]] -= 3
                round_gain[p["seat"]["seat"]] -= 3
            elif e["key"] == "round_end":
                assert all(-3 <= g <= 6 for g in round_gain.values())
                round_gain = {s: 0 for s in seats}
        scores = GAME.scores(state)
        assert scores == tally, seed
        assert min(scores.values()) >= 0
        if GAME.winners(state) is None:
            assert max(scores.values()) < target or state["phase"] != "volunteer"
    winners = GAME.winners(state)
    assert winners, f"game did not end (seed {seed})"
    top = max(GAME.scores(state).values())
    assert top >= target
    assert winners == sorted(s for s, v in GAME.scores(state).items() if v == top)
    return state["round"]


def test_random_play_small_target_many_games():
    """2000 seeded games to target 5: mostly 4 players (fast), every size
    from 4 to 12 among them; seat numbers need not start at 0."""
    sizes = {}
    for seed in range(2000):
        if seed % 40 == 0:
            n = 4 + (seed // 40) % 9
        elif seed % 10 == 5:
            n = 5
        else:
            n = 4
        _check_game(list(range(10, 10 + n)), 5, seed)
        sizes[n] = sizes.get(n, 0) + 1
    assert sum(sizes.values()) == 2000 and set(sizes) == set(range(4, 13))


@pytest.mark.parametrize("n,games", [(4, 3), (5, 3), (6, 2), (7, 1), (9, 1), (12, 1)])
def test_random_play_target_15(n, games):
    for seed in range(games):
        _check_game(list(range(n)), 15, 1000 + seed * 13 + n)


# ------------------------------------------------------- non-interference
def test_non_interference():
    rng = random.Random(5)
    compared = 0
    phases = set()
    for seed in range(40):
        seats = list(range(4 + seed % 9 if seed % 4 == 0 else 4 + seed % 3))
        for i, (state, _, _, _) in enumerate(random_play(GAME, seats, {"target": 5}, seed,
                                                          max_refusals=20000)):
            if i % 4:
                continue
            c = check_non_interference(GAME, state, seats, GAME.hidden_variants, rng)
            if c:
                phases.add(state["phase"])
            compared += c
    assert compared > 0
    assert {"mark", "vote", "best", "volunteer"} <= phases


def test_own_secrets_are_visible_to_self():
    """The counter-check: changing the viewer's own mark or vote does change
    what the viewer sees (so the non-interference check has teeth)."""
    state = new()
    state = to_mark(state, 0, [0, 1, 2], [3, 4, 5], 3, "A")
    state, _ = mark_all(state, [(0, "story", 5), (3, "own", 1), (4, "own", 2), (5, "own", 3)])
    state, _ = vote_all(state, [(1, 2)])
    v = copied(state)
    v["votes"]["1"] = 3
    assert seen_by(GAME, v, 1) != seen_by(GAME, state, 1)
    assert seen_by(GAME, v, 2) == seen_by(GAME, state, 2)
    v = copied(state)
    v["marks"]["3"]["own"] = 4
    assert seen_by(GAME, v, 3) != seen_by(GAME, state, 3)
    assert seen_by(GAME, v, 4) == seen_by(GAME, state, 4)
    assert seen_by(GAME, v, None) == seen_by(GAME, state, None)


# --------------------------------------------------- issue #13: corrections
def test_a_confuser_cannot_move_a_mark_once_the_vote_opens():
    """The guessers discuss aloud while they vote: a confuser who hears them
    favour a deck card must not move "their" card onto it for the +1."""
    state = new()
    state = to_mark(state, 0, [0, 1, 2], [3, 4, 5], 3, "A")
    state, _ = mark_all(state, [(0, "story", 5), (3, "own", 1), (4, "own", 2), (5, "own", 3)])
    assert state["phase"] == "vote"
    state, _ = vote_all(state, [(1, 4)])  # position 4 is a deck card
    assert not [t for t in GAME.actions(state, 4) if t["type"] == "mark"]
    refused(state, 4, {"type": "mark", "card": "own", "position": 4}, "marks_final", 409)
    refused(state, 0, {"type": "mark", "card": "story", "position": 4}, "marks_final", 409)
    before = copied(state)
    state, _ = vote_all(state, [(2, 4)])
    reveal = GAME.view(state, None)["public"]["last"]["reveal"]
    assert reveal["chosen"] == 4 and reveal["owner"] is None
    assert gains(before, state)[4] == 1  # a member of the winning team, no owner bonus


def test_best_story_ballots_are_secret_for_good():
    state = first_round(new(), teller=1)
    state, _ = _round(state, 0)
    log = []
    for s, story in [(2, "current"), (3, "title"), (4, "current")]:
        state, events = act(state, s, {"type": "best", "story": story})
        log += events
        # a voter sees their own ballot, privately
        assert GAME.view(state, s)["you"]["secret"]["best"] == story
        assert [e["to"] for e in events if e["key"] == "best_voted"] == [[s]]
    assert GAME.view(state, 5)["you"]["secret"]["best"] is None
    state, events = act(state, 5, {"type": "best", "story": "title"})
    log += events
    public = [e for e in log if e["to"] is None]
    assert "best_cast" not in keys(log)
    named = {p["seat"] for e in public for p in e["params"].values()
             if isinstance(p, dict) and "seat" in p}
    assert named <= {0, 1}  # only the two tellers compared, never a voter
    count = [e for e in public if e["key"] == "best_count"][0]["params"]
    assert count == {"current": 2, "title": 2}
    assert state["phase"] == "volunteer"
    last = GAME.view(state, None)["public"]["last"]
    assert last["best"]["result"] == "tie" and "best_votes" not in last
    # reshuffling the others' ballots (same counts) changes no screen
    for viewer in SIX + [None]:
        variants = GAME.hidden_variants(state, viewer, random.Random(viewer or 0))
        assert variants
        for variant in variants:
            assert seen_by(GAME, variant, viewer) == seen_by(GAME, state, viewer)


def test_close_in_a_step_nobody_waits_in_is_refused():
    state = new()  # round 1, volunteer step
    assert GAME.host_actions(state)[0]["type"] == "name_storyteller"
    refused(state, HOST, {"type": "close"}, "nothing_to_close", 409)
    refused(state, HOST, {"type": "close", "step": "best"}, "nothing_to_close", 409)
    state = first_round(state, teller=1)  # round 2, volunteer step
    refused(state, HOST, {"type": "close"}, "nothing_to_close", 409)
    state, _ = act(state, 0, {"type": "volunteer"})
    refused(state, HOST, {"type": "close"}, "missing_field")   # telling can be closed
    state["team_a"], state["team_b"] = [0, 2, 4], [1, 3, 5]
    state, _ = act(state, 0, {"type": "told"})
    refused(state, HOST, {"type": "close", "step": "mark"}, "nothing_to_close")   # the judge race
    state, _ = act(state, 3, {"type": "judge"})
    assert [t["fields"] for t in GAME.host_actions(state)] == [{"step": ["decide"], "guessers": ["A", "B"]}]
    refused(state, HOST, {"type": "close", "step": "vote"}, "wrong_step")
    state, _ = act(state, 3, {"type": "decide", "guessers": "A"})
    refused(state, HOST, {"type": "close"}, "missing_field", 422)
    refused(state, HOST, {"type": "close", "step": "vote"}, "wrong_step", 409)
    refused(state, HOST, {"type": "close", "step": "lunch"}, "invalid_field", 422)


def test_seat_fields_refuse_booleans():
    state = new()
    refused(state, HOST, {"type": "name_storyteller", "seat": True}, "no_such_seat", 422)
    refused(state, HOST, {"type": "name_storyteller", "seat": 1.0}, "no_such_seat")
    refused(state, HOST, {"type": "name_storyteller", "seat": 9}, "no_such_seat")
    refused(state, HOST, {"type": "name_storyteller"}, "missing_field", 422)
    state, _ = act(state, 0, {"type": "volunteer"})
    state["team_a"], state["team_b"] = [0, 2, 4], [1, 3, 5]
    state, _ = act(state, 0, {"type": "told"})
    refused(state, HOST, {"type": "name_judge", "seat": True}, "no_such_seat", 422)
    refused(state, HOST, {"type": "name_judge", "seat": 2}, "judge_not_b", 422)


def all_actions(tpl):
    """Every action a template admits (list fields only; Factum has no other)."""
    out = [{"type": tpl["type"]}]
    for name, spec in tpl["fields"].items():
        assert isinstance(spec, list)
        out = [dict(a, **{name: v}) for a in out for v in spec]
    return out


def accepted_for_some_value(state, actor, tpl):
    for action in all_actions(tpl):
        try:
            GAME.apply(copied(state), actor, action, random.Random(0))
            return True
        except Illegal:
            continue
    return False


def test_no_template_is_offered_that_apply_refuses():
    # the storyteller's story unmarked: closing the marking voids the round
    state = to_mark(new(), 0, [0, 1, 2], [3, 4, 5], 3, "A")
    state, _ = mark_all(state, [(3, "own", 1), (4, "own", 2), (5, "own", 3)])
    assert [t["fields"] for t in GAME.host_actions(state)] == [{"step": ["mark"]}]
    state, _ = mark_all(state, [(0, "story", 4)])
    assert state["phase"] == "vote"
    # every template of every seat and the host, over many random positions
    checked = 0
    for seed in range(30):
        seats = list(range(4 + seed % 5))
        for i, (state, _, _, _) in enumerate(random_play(GAME, seats, {"target": 5}, seed,
                                                          max_refusals=20000)):
            if i % 3:
                continue
            for actor in seats + [HOST]:
                for tpl in templates_of(state, actor):
                    assert accepted_for_some_value(state, actor, tpl), (actor, tpl)
                    checked += 1
    assert checked > 1000


def test_why_not_is_precise_and_pure():
    state = new()
    state, _ = act(state, 2, {"type": "volunteer"})
    state["team_a"], state["team_b"] = [0, 1, 2], [3, 4, 5]
    refused(state, 3, {"type": "volunteer"}, "already_volunteered")  # lost the race
    refused(state, 1, {"type": "told"}, "not_teller", 403)
    refused(state, 4, {"type": "judge"}, "wrong_step")
    refused(state, HOST, {"type": "told"}, "players_only", 403)
    refused(state, 1, {"type": "close", "step": "mark"}, "host_only", 403)
    refused(state, 9, {"type": "told"}, "not_in_game", 403)
    state, _ = act(state, 2, {"type": "told"})
    state, _ = act(state, 4, {"type": "judge"})
    refused(state, 3, {"type": "judge"}, "judge_taken")
    refused(state, 4, {"type": "decide", "guessers": "C"}, "bad_team", 422)
    refused(state, 4, {"type": "decide"}, "missing_field")
    state, _ = act(state, 4, {"type": "decide", "guessers": "B"})  # team A confuses
    refused(state, 2, {"type": "mark", "card": "second", "position": [1]}, "position_range")
    refused(state, 2, {"type": "mark", "card": ["story"], "position": 1}, "wrong_card")
    refused(state, 2, {"type": "mark", "position": 1}, "missing_field")
    refused(state, 3, {"type": "vote", "position": 1}, "wrong_step")
    state, _ = mark_all(state, [(2, "story", 1), (2, "second", 2), (0, "own", 3), (1, "own", 4)])
    refused(state, 4, {"type": "vote", "position": 2}, "captain_silent", 403)
    refused(state, 0, {"type": "vote", "position": 2}, "other_team", 403)
    refused(state, 3, {"type": "vote", "position": True}, "position_range", 422)
    refused(state, 3, {"type": "vote", "position": {}}, "position_range", 422)
    refused(state, 3, {"type": "best", "story": "current"}, "wrong_step")


def test_every_refusal_is_listed():
    """Random (mostly wrong) actions in random positions: ``why_not`` always
    names a listed code, never changes the state, and agrees with apply."""
    rng = random.Random(3)
    junk = [True, 0, 1, 3, 7, -1, "A", "B", "C", "story", "own", "second", "current",
            "title", "mark", "vote", "best", None, [], {}, [1], 2.0]
    types = sorted(GAME.action_types) + ["rename", "nonsense"]
    fields = ["seat", "position", "card", "guessers", "story", "step"]
    codes = set()
    for seed in range(12):
        seats = list(range(4 + seed % 4))
        for i, (state, _, _, _) in enumerate(random_play(GAME, seats, {"target": 5}, seed,
                                                          max_refusals=20000)):
            if i % 2:
                continue
            before = canon(state)
            for _ in range(15):
                actor = rng.choice(seats + [HOST, 99])
                action = {"type": rng.choice(types)}
                for field in rng.sample(fields, rng.randint(0, 3)):
                    action[field] = rng.choice(junk)
                reason = GAME.why_not(state, actor, action)
                assert canon(state) == before
                if reason is None:
                    continue  # the rules allow it (only a template can tell the shape)
                codes.add(reason.code)
                assert reason.code in GAME.errors or reason.code in SHARED_ERRORS, reason.code
                if actor == 99 or action["type"] not in GAME.action_types:
                    continue
                with pytest.raises(Illegal) as info:
                    GAME.apply(copied(state), actor, action, random.Random(0))
                assert info.value.code == reason.code
    assert {"wrong_step", "not_in_game", "players_only", "host_only"} <= codes

"""Factum — the referee: setup, the templates each seat may use, and what an
accepted action changes, and the moves map at the end (each move with its
check from ``checks``); see the package docstring for the decisions taken."""
from __future__ import annotations

import random

from ..base import Game, Move, ev, load_texts, seat, template, txt
from . import checks, explain, hidden, roles, scoring, view
from .roles import key
from .rulebook import RULEBOOK

TARGET_DEFAULT, TARGET_MIN, TARGET_MAX = 15, 5, 50


class Factum(Game):
    name = "factum"
    min_players = 4
    max_players = 12
    options_schema = [{"name": "target", "kind": "int", "default": TARGET_DEFAULT,
                       "min": TARGET_MIN, "max": TARGET_MAX}]
    texts = load_texts(__package__)
    seat_fields = frozenset({"seat"})
    #: naming a storyteller or judge decides a race for the seats in it (issue #38)
    host_skips = frozenset({"close", "name_storyteller", "name_judge"})
    errors = {
        "players_only": 403,          # the host pressed a player's button
        "already_volunteered": 409,   # lost the volunteer race
        "last_teller": 409,
        "last_teller_named": 409,
        "not_teller": 403,
        "judge_taken": 409,           # lost the judge race
        "judge_team_a": 403,
        "judge_not_b": 422,
        "not_judge": 403,
        "bad_team": 422,
        "not_contributor": 403,
        "wrong_card": 422,
        "position_range": 422,
        "position_own": 409,
        "position_taken": 409,
        "mark_closed": 409,
        "marks_final": 409,
        "already_voted": 409,
        "other_team": 403,
        "captain_silent": 403,
        "vote_option": 422,
        "not_best_voter": 403,
        "bad_story": 422,
        "nothing_to_close": 409,
    }

    # ------------------------------------------------------------------ setup
    def setup(self, seats, options, rng):
        target = options.get("target", TARGET_DEFAULT)
        if type(target) is not int:
            target = TARGET_DEFAULT
        target = max(TARGET_MIN, min(TARGET_MAX, target))
        state = {
            "seats": list(seats),
            "target": target,
            "scores": {key(s): 0 for s in seats},
            "round": 1,
            "phase": "volunteer",
            "last_teller": None,
            "last_a": None,  # last round's team A (the split not to repeat)
            "title": None,  # {"seat", "round", "points": bool}
            "winners": None,
        }
        reset_round(state)
        return state, [ev("start", target=target)]

    # -------------------------------------------------------------- templates
    def actions(self, state, s):
        phase = state["phase"]
        if not roles.is_seat(state, s) or phase == "over":
            return []
        if phase == "volunteer":
            return [] if s == state["last_teller"] else [template("volunteer", required=True, race=True)]
        if phase == "telling":
            return [template("told", required=True)] if s == state["teller"] else []
        if phase == "judge":
            return [template("judge", required=True, race=True)] if s in state["team_b"] else []
        if phase == "decide":
            return ([template("decide", confirm=True, required=True, guessers=["A", "B"])]
                    if s == state["judge"] else [])
        if phase == "mark":
            return mark_templates(state, s)
        if phase == "vote" and s in roles.voters(state) and key(s) not in state["votes"]:
            return [template("vote", confirm=True, required=True, secret_act=True,
                             position=roles.vote_options(state))]
        if phase == "best" and s in roles.best_voters(state) and key(s) not in state["best_votes"]:
            return [template("best", confirm=True, required=True, secret_act=True,
                             story=["current", "title"])]
        return []

    def host_actions(self, state):
        phase = state["phase"]
        if phase == "volunteer":
            return [template("name_storyteller",
                             seat=[s for s in state["seats"] if s != state["last_teller"]])]
        if phase == "judge":
            return [template("name_judge", seat=list(state["team_b"]))]
        step = roles.closable_step(state)
        if step == "decide":   # for a judge whose phone is gone: what they said aloud
            return [template("close", confirm=True, step=[step], guessers=["A", "B"])]
        return [] if step is None else [template("close", confirm=True, step=[step])]

    def refusal_first(self, state, actor, move):
        return checks.first(state, actor, move)

    # ------------------------------------------------------------------ views
    def view(self, state, s):
        return view.view(state, s)

    def explain(self, view, seat, actions, waiting):
        return explain.explain(view, seat, actions, waiting)

    #: what a viewer may not know, declared once (issue #46)
    secrets = hidden.SECRETS
    rulebook = RULEBOOK

    def hidden_variants(self, state, viewer, rng):
        return hidden.hidden_variants(state, viewer, rng)

    def scores(self, state):
        return {int(k): v for k, v in state["scores"].items()}

    def winners(self, state):
        return None if state["winners"] is None else list(state["winners"])


def mark_templates(state: dict, s: int) -> list[dict]:
    """One template per card of ``s``: every position except where its other
    card is marked (that is the seat's own secret, hence ``secret``).
    Positions other contributors marked stay listed: leaving them out would
    show them; ``apply`` refuses them.  A card is owed until it is marked;
    moving a mark is optional."""
    unmarked = roles.unmarked(state, s)
    out = []
    for kind in roles.cards_of(state, s):
        blocked = roles.own_other_positions(state, s, kind)
        out.append(template("mark", required=kind in unmarked, secret=True, secret_act=True, card=[kind],
                            position=[p for p in range(1, state["n"] + 1) if p not in blocked]))
    return out


def reset_round(state: dict) -> None:
    state.update({
        "teller": None, "judge": None, "team_a": [], "team_b": [],
        "guessers": None, "n": 0,
        "marks": {},
        "votes": {}, "tied": None, "ballots": [],
        "best_votes": {},
        "res": None, "best": None,
    })


def split(state: dict, teller: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """Team A: the storyteller and a random half of the others (one more
    with an odd count); never last round's split when another exists."""
    seats = state["seats"]
    others = [s for s in seats if s != teller]
    size_a = (len(seats) + 1) // 2
    last_split = None
    if state["last_a"]:
        last_a = frozenset(state["last_a"])
        last_split = {last_a, frozenset(seats) - last_a}
    a = b = []
    for _ in range(200):
        picked = rng.sample(others, size_a - 1)
        a = sorted([teller] + picked)
        b = sorted(s for s in others if s not in picked)
        if last_split is None or {frozenset(a), frozenset(b)} != last_split:
            break
    return a, b


# --- the story and the teams ---------------------------------------------------

def start_round(state, teller, rng, log_key):
    a, b = split(state, teller, rng)
    reset_round(state)
    state.update({"teller": teller, "team_a": a, "team_b": b, "phase": "telling"})
    return [ev(log_key, seat=seat(teller)),
                   ev("teams", a=[seat(x) for x in a], b=[seat(x) for x in b])]


def volunteer(state, actor, action, rng):
    return start_round(state, actor, rng, "volunteer")


def name_storyteller(state, actor, action, rng):
    return start_round(state, action["seat"], rng, "named_storyteller")


def told(state, actor, action, rng):
    state["phase"] = "judge"
    return [ev("told", seat=seat(actor))]


def set_judge(state, s, log_key):
    state["judge"] = s
    state["phase"] = "decide"
    return [ev(log_key, seat=seat(s), teller=seat(state["teller"]))]


def judge(state, actor, action, rng):
    return set_judge(state, actor, "judge")


def name_judge(state, actor, action, rng):
    return set_judge(state, action["seat"], "named_judge")


def decide(state, actor, action, rng):
    guessers = action["guessers"]
    confusers = roles.other(guessers)
    state["guessers"] = guessers
    players = roles.player_cards(state)
    n = max(5, players)
    state.update({"n": n, "phase": "mark"})
    events = [ev("decide", seat=seat(actor), guessers=txt("value." + guessers),
                 confusers=txt("value." + confusers)),
              ev("cards", players=players, deck=n - players, n=n)]
    teller = state["teller"]
    if confusers == "A":
        events.append(ev("add_second", to=[teller]))
        others = [s for s in state["team_a"] if s != teller]
    else:
        others = list(state["team_b"])
    if others:
        events.append(ev("add_own", to=others))
    events.append(ev("mark_story", to=[teller]))
    return events


# --- marking and the team vote -----------------------------------------------

def mark(state, actor, action, rng):
    card, position = action["card"], action["position"]
    state["marks"].setdefault(key(actor), {})[card] = position
    # each personal line names its round: the sheet still lists it in the next (issue #40)
    events = [ev("marked", to=[actor], position=position, card=txt("value." + card), round=state["round"])]
    if not roles.missing_marks(state):
        events += open_vote(state, "marks_done")
    return events


def open_vote(state, log_key):
    """From here on marks are final: the guessers discuss aloud now."""
    state["phase"] = "vote"
    state["tied"] = None
    state["votes"] = {}
    return [ev(log_key, guessers=txt("value." + state["guessers"]),
               voters=[seat(s) for s in roles.voters(state)])]


def vote(state, actor, action, rng):
    position = action["position"]
    state["votes"][key(actor)] = position
    events = [ev("voted", to=[actor], position=position, round=state["round"])]
    if all(key(s) in state["votes"] for s in roles.voters(state)):
        events += count_votes(state, rng)
    return events


def count_votes(state, rng):
    """The team's votes are revealed together; a tie for most is voted on
    again among the tied positions, a second tie is decided by chance."""
    votes = dict(state["votes"])
    options = roles.vote_options(state)
    counts = {p: 0 for p in options}
    for p in votes.values():
        counts[p] += 1
    top = max(counts.values())
    tied = sorted(p for p in options if counts[p] == top)
    state["ballots"].append(votes)
    events = [ev("vote_cast", seat=seat(int(k)), position=p)
              for k, p in sorted(votes.items(), key=lambda kv: int(kv[0]))]
    guessers = state["guessers"]
    if len(tied) > 1 and state["tied"] is None:
        state["tied"] = tied
        state["votes"] = {}
        events.append(ev("tie", positions=", ".join(map(str, tied)),
                         guessers=txt("value." + guessers)))
        return events
    randomly = len(tied) > 1
    chosen = rng.choice(tied) if randomly else tied[0]
    if randomly:
        events.append(ev("tie_random", positions=", ".join(map(str, tied)), position=chosen))
    return events + score(state, chosen, randomly)


def score(state, chosen, randomly):
    guessers = state["guessers"]
    state["res"] = {"chosen": chosen, "random": randomly}
    shown = scoring.reveal(state)
    for k, p in shown["points"].items():
        state["scores"][k] += p
    events = [ev("chosen", guessers=txt("value." + guessers), position=chosen)]
    for item in shown["layout"]:
        if item["seat"] is None:
            events.append(ev("pos_deck", position=item["position"]))
        else:
            events.append(ev("pos_" + item["card"], position=item["position"],
                             seat=seat(item["seat"])))
    if shown["correct"]:
        events.append(ev("right", guessers=txt("value." + guessers)))
    else:
        events.append(ev("wrong", story=shown["story"],
                         winners=txt("value." + shown["winners"])))
    for k in sorted(shown["points"], key=int):
        events.append(ev("points", seat=seat(int(k)), points=shown["points"][k],
                         total=state["scores"][k]))
    return events + after_scoring(state)


# --- the best story ------------------------------------------------------------

def after_scoring(state):
    teller = state["teller"]
    title = state["title"]
    state["phase"] = "best"
    if title is None:
        state["title"] = {"seat": teller, "round": state["round"], "points": False}
        state["best"] = {"result": "first"}
        return [ev("first_title", seat=seat(teller))] + end_round(state)
    if title["seat"] == teller:
        state["best"] = {"result": "holder"}
        return [ev("best_none", seat=seat(teller))] + end_round(state)
    state["best_votes"] = {}
    return [ev("best_start", current=seat(teller), title=seat(title["seat"]),
               voters=[seat(s) for s in roles.best_voters(state)])]


def best(state, actor, action, rng):
    story = action["story"]
    state["best_votes"][key(actor)] = story
    events = [ev("best_voted", to=[actor], story=txt("value." + story), round=state["round"])]
    if all(key(s) in state["best_votes"] for s in roles.best_voters(state)):
        events += count_best(state)
    return events


def count_best(state):
    """The ballots are secret for good: only the counts and the result are
    told (the ballots stay in the state until the next round, unseen)."""
    ballots = list(state["best_votes"].values())
    current, title_votes = ballots.count("current"), ballots.count("title")
    teller = state["teller"]
    title = state["title"]
    holder = title["seat"]
    events = [ev("best_count", current=current, title=title_votes)]
    points: dict[str, int] = {}
    if current > title_votes:
        result = "current"
        points[key(teller)] = 3
        events.append(ev("best_current", seat=seat(teller)))
        if title["points"]:
            points[key(holder)] = -3
            events.append(ev("best_loses", seat=seat(holder)))
        state["title"] = {"seat": teller, "round": state["round"], "points": True}
    elif title_votes > current and not title["points"]:
        result = "title"
        points[key(holder)] = 3
        title["points"] = True
        events.append(ev("best_title_first", seat=seat(holder)))
    else:
        result = "title" if title_votes > current else "tie"
        events.append(ev("best_keep", seat=seat(holder)))
    for k, p in points.items():
        state["scores"][k] += p
    state["best"] = {"result": result, "current": current, "title": title_votes,
                     "points": points, "holder": holder}
    return events + end_round(state)


# --- closing a step, the round's end -------------------------------------------

def close(state, actor, action, rng):
    phase = state["phase"]
    if phase == "telling":
        state["phase"] = "judge"
        return [ev("told_closed", seat=seat(state["teller"]))]
    if phase == "decide":
        # the host's decision, logged as the host's (issue #38), not the judge's
        judge = state["judge"]
        events = decide(state, judge, action, rng)
        events[0] = {**events[0], "key": "decide_by_host"}
        return events
    if phase == "mark" and "story" not in state["marks"].get(key(state["teller"]), {}):
        # nothing to reveal without the story card's position: the round is
        # void, and void changes nothing: no title, and no teller is barred
        # from the next round (issue #38)
        state["void"] = state["round"]
        return [ev("round_void", seat=seat(state["teller"]))] + end_round(state, void=True)
    if phase == "mark":
        missing = roles.missing_marks(state)
        events = [ev("marks_closed", who=[seat(s) for s in missing])]
        return events + open_vote(state, "marks_done")
    if phase == "vote":
        return [ev("votes_closed")] + count_votes(state, rng)
    return [ev("best_closed")] + count_best(state)


def end_round(state, void=False):
    number = state["round"]
    events = [ev("round_end", round=number)]
    state["last_teller"] = None if void else state["teller"]
    state["last_a"] = list(state["team_a"])
    top = max(state["scores"].values())
    if top >= state["target"]:
        winners = sorted(int(k) for k, v in state["scores"].items() if v == top)
        state["winners"] = winners
        state["phase"] = "over"
        events.append(ev("game_over", seats=[seat(s) for s in winners], score=top))
        return events
    state["round"] = number + 1
    state["phase"] = "volunteer"  # the round's data stays visible until the next volunteer
    return events


#: every move of the game: what it changes, why it is refused, who makes it
Factum.moves = {
    "volunteer": Move(volunteer, checks.volunteer),
    "told": Move(told, checks.told),
    "judge": Move(judge, checks.judge),
    "decide": Move(decide, checks.decide),
    "mark": Move(mark, checks.mark, secret=True),
    "vote": Move(vote, checks.vote, secret=True),
    "best": Move(best, checks.best, secret=True),
    "name_storyteller": Move(name_storyteller, checks.name_storyteller, by="host"),
    "name_judge": Move(name_judge, checks.name_judge, by="host"),
    "close": Move(close, checks.close, by="host"),
}

GAME = Factum()

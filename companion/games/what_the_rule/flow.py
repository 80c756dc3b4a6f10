"""Rounds, turns and scoring: what happens to the table between moves.

State keys (plain JSON; seat keys of dicts are strings):
``seats`` table order (clockwise), ``master`` "seat"|"app", ``scoring``,
``rounds``, ``round`` (1-based), ``phase`` (see ``PHASES``), ``gm`` (seat or
None), ``named`` (a GM the host named for this round), ``players`` (seats
holding cards, in turn order), ``turn``, ``hands`` (seat -> cards in hand),
``pile`` (draw pile), ``row`` (the card codes of the correct row, one
string, separated by spaces), ``wrong`` (the wrong cards, one string: the
places separated by "/", the cards under a place by spaces; always one more
place than cards in the row), ``rule`` (the sealed rule: ``{"kind": "text", "text"}``,
``{"kind": "expr", "rule"}`` or ``{"kind": "deck", "id", "level"}``),
``pending`` (the played card being judged, or the hand being revealed:
``{"cards", "size"}``), ``guesses`` (this round's guesses: seat, ``text``
or ``rule``, ``right`` True/False/None = not judged yet; ``start``: True
when the app judged it right only at the start of the row, see
``equivalence.judge``), ``partings`` (hidden until the round ends: guess
index -> where a guess the app judged wrong and the rule part ways, see
``parting_record``), ``overrule``
(index of a guess the app judged wrong that the seated GM may still
overrule; in phase ``overrule`` the round waits for that decision), ``turns`` (seat -> turns taken this round), ``hints`` (``on``,
``vote`` seat -> True while a vote is open, ``announced``, ``given``: typed
hint texts, "" for a spoken one), ``scores``, ``found`` (rules guessed per
seat), ``results`` (one summary per finished round), ``drawn`` (deck rules
drawn so far this game)."""
from __future__ import annotations

import random

from ..base import ev, seat, txt
from . import deck
from .cards import BOX, BY_CODE, HAND
from .equivalence import Difference, Verdict, judge
from .language import Rule, code_param, parse, reads
from .reading import (ROW_LAST, ROW_WHOLE, card_words, describe, describe_second,
                      description_size, fitting, log_words, relevant, row_params, row_total)

#: steps where the game waits for the seated game master's decision
JUDGING = ("judge", "judge_guess", "judge_reveal", "overrule")
RUNNING = ("turn", "judge", "guess", "judge_guess", "reveal", "judge_reveal", "overrule")
PHASES = ("rule",) + RUNNING + ("over",)
GUESS_BONUS = 5
GUESS_BONUS_HINTED = 2
TURNS_BEFORE_FULL = 2        # every player at least two turns ...
CARDS_BEFORE_FULL = 10       # ... and at least 10 cards played, else halved


def k(s: int) -> str:
    return str(s)


def secret_rule(state: dict) -> Rule | None:
    """The sealed rule as the app can judge it (None for free text)."""
    rule = state["rule"]
    if rule is None or rule["kind"] == "text":
        return None
    if rule["kind"] == "deck":
        return deck.rule(rule["id"])
    return parse(rule["rule"])


def app_judges(state: dict) -> bool:
    return secret_rule(state) is not None


def fits(state: dict, code: str) -> bool:
    return secret_rule(state).fits(BY_CODE[code], [BY_CODE[c] for c in row_cards(state)])


def row_cards(state: dict) -> list[str]:
    """The correct row (the state keeps it as one string: cheap to copy)."""
    return state["row"].split()


def row_length(state: dict) -> int:
    return len(row_cards(state))


def wrong_columns(state: dict) -> list[list[str]]:
    """``columns[i]``: the wrong cards under place i of the row."""
    return [place.split() for place in state["wrong"].split("/")]


def cards_played(state: dict) -> int:
    return row_length(state) + len(state["wrong"].replace("/", " ").split())


def copies_out(state: dict, code: str) -> int:
    """Copies of a card on the table (both rows) and in a revealed hand."""
    out = row_cards(state).count(code) + state["wrong"].replace("/", " ").split().count(code)
    pending = state["pending"] or {}
    return out + pending.get("cards", []).count(code) + (pending.get("card") == code)


# --- a round begins ------------------------------------------------------------

def turn_order(state: dict) -> list[int]:
    seats = state["seats"]
    if state["master"] == "app":
        start = (state["round"] - 1) % len(seats)
        return seats[start:] + seats[:start]
    g = seats.index(state["gm"])
    return seats[g + 1:] + seats[:g]


def begin_round(state: dict) -> list[dict]:
    """Deals: everyone but the GM holds 10 cards; the player left of the GM
    (with the app as GM: the next seat each round) begins."""
    players = turn_order(state)
    state.update(
        players=players, turn=players[0], phase="turn",
        hands={k(p): HAND for p in players}, pile=BOX - HAND * len(players),
        row="", wrong="", pending=None, guesses=[], partings={}, overrule=None,
        turns={k(p): 0 for p in players},
        hints={"on": False, "vote": None, "announced": False, "given": []},
    )
    return [ev("deal", players=[seat(p) for p in players], pile=state["pile"],
               first=seat(players[0]))]


def next_gm(state: dict) -> int | None:
    if state["master"] == "app" or state["gm"] is None:
        return None
    seats = state["seats"]
    return seats[(seats.index(state["gm"]) + 1) % len(seats)]


# --- a turn ends -----------------------------------------------------------------

def round_ends_after_turn(state: dict) -> bool:
    """The player on turn has no cards left, or the draw pile is empty."""
    return state["hands"][k(state["turn"])] == 0 or state["pile"] <= 0


def end_turn(state: dict) -> list[dict]:
    """After a turn: the round ends when the player has no cards left or the
    draw pile is empty; else the next player is on turn."""
    player = state["turn"]
    state["pending"] = None
    state["phase"] = "turn"      # (a phase of its own, such as overrule, is over)
    if state["hands"][k(player)] == 0:
        return end_round(state, "empty_hand")
    if state["pile"] <= 0:
        return end_round(state, "pile_empty")
    players = state["players"]
    state["turn"] = players[(players.index(player) + 1) % len(players)]
    return [ev("next_turn", seat=seat(state["turn"]))]


def draw(state: dict, player: int, count: int) -> None:
    state["hands"][k(player)] += count
    state["pile"] -= count


def place_correct(state: dict, code: str) -> None:
    state["row"] = f"{state['row']} {code}".strip()
    state["wrong"] += "/"


def place_wrong(state: dict, code: str) -> None:
    wrong = state["wrong"]
    state["wrong"] = wrong + code if wrong == "" or wrong.endswith("/") else f"{wrong} {code}"


# --- a round ends ------------------------------------------------------------------

def revealed_rule(state: dict) -> dict:
    rule = dict(state["rule"])
    if rule["kind"] == "deck":
        rule["rule"] = deck.rule(rule["id"]).text
    return rule


def rule_event(rule: dict) -> dict:
    if rule["kind"] == "text":
        return ev("rule_was_text", text=rule["text"])
    if rule["kind"] == "deck":
        return ev("rule_was_deck", sentence=txt(f"value.{rule['id']}"), rule=code_param(rule["rule"]))
    return ev("rule_was_expr", rule=code_param(rule["rule"]))


def end_round(state: dict, reason: str, guesser: int | None = None) -> list[dict]:
    """Reveals the rule, scores the round (unless void or without points)
    and prepares the next round or the end of the game."""
    rule = revealed_rule(state)
    who = guesser if reason == "guessed" else state["turn"] if reason == "empty_hand" else None
    events = [ev(f"round_{reason}", **({"seat": seat(who)} if who is not None else {})),
              rule_event(rule)]
    parted = parted_guesses(state)
    events += [parted_event(entry) for entry in parted]
    result = {"round": state["round"], "gm": state["gm"], "rule": rule, "reason": reason,
              "guesser": guesser, "points": {}, "gm_points": None, "halved": False,
              "hinted": len(state["hints"]["given"]) > 0, "parted": parted}
    if guesser is not None:
        state["found"][k(guesser)] += 1
    if state["scoring"] and reason != "void":
        events += score_round(state, result)
    state["results"].append(result)
    state["phase"] = "rule"
    state["pending"] = None
    state["overrule"] = None
    state["turn"] = None
    state["hints"]["vote"] = None
    state["hints"]["announced"] = False
    if state["round"] >= state["rounds"]:
        state["phase"] = "over"
        return events + [game_over_event(state)]
    state["round"] += 1
    state["gm"] = next_gm(state)
    state["named"] = None
    return events + [next_round_event(state)]


def round_points(state: dict, guesser: int | None) -> dict[str, int]:
    """10 − cards left for every player; the guesser +5, or +2 once a hint
    was given this round."""
    points = {k(p): HAND - state["hands"][k(p)] for p in state["players"]}
    if guesser is not None:
        bonus = GUESS_BONUS_HINTED if state["hints"]["given"] else GUESS_BONUS
        points[k(guesser)] += bonus
    return points


def gm_halved(state: dict, guessed: bool) -> bool:
    """The GM's points are halved (once) when the rule was guessed before
    every player had two turns or before 10 cards were played, or when the
    round ended unguessed."""
    if not guessed:
        return True
    early = any(state["turns"][k(p)] < TURNS_BEFORE_FULL for p in state["players"])
    return early or cards_played(state) < CARDS_BEFORE_FULL


def score_round(state: dict, result: dict) -> list[dict]:
    guesser = result["guesser"]
    points = round_points(state, guesser)
    result["points"] = points
    events = [ev("points_head", round=state["round"])]
    for p in state["players"]:
        state["scores"][k(p)] += points[k(p)]
        events.append(ev("points", seat=seat(p), points=points[k(p)]))
    gm = state["gm"]
    if gm is not None:
        best = max(points.values())
        halved = gm_halved(state, guesser is not None)
        gm_points = best // 2 if halved else best
        state["scores"][k(gm)] += gm_points
        result["gm_points"], result["halved"] = gm_points, halved
        events.append(ev("gm_points_halved" if halved else "gm_points", seat=seat(gm),
                         points=gm_points, best=best))
    return events


def next_round_event(state: dict) -> dict:
    if state["master"] == "app":
        return ev("next_round_app", round=state["round"], rounds=state["rounds"])
    return ev("next_round", round=state["round"], rounds=state["rounds"], gm=seat(state["gm"]))


def game_over_event(state: dict) -> dict:
    best = winners(state) or []
    if not best:
        return ev("game_over_nobody")
    if state["scoring"]:
        return ev("game_over", names=[seat(s) for s in best], points=state["scores"][k(best[0])])
    return ev("game_over_found", names=[seat(s) for s in best], found=state["found"][k(best[0])])


def winners(state: dict) -> list[int] | None:
    """Highest total wins (ties share); without points, whoever guessed the
    most rules (nobody, if no rule was guessed)."""
    if state["phase"] != "over":
        return None
    table = state["scores"] if state["scoring"] else state["found"]
    best = max(table[k(s)] for s in state["seats"])
    if not state["scoring"] and best == 0:
        return []
    return [s for s in state["seats"] if table[k(s)] == best]


# --- rules --------------------------------------------------------------------------

def draw_from_deck(state: dict, level: int, rng: random.Random) -> str:
    """A deck rule of ``level`` neither drawn before in this game nor alike
    to one drawn (``deck.ALIKE``: a group would take it for the same rule);
    else one not drawn; all of that level again once every one was drawn."""
    seen = set().union(*(deck.alike(i) for i in state["drawn"]))
    fresh = [i for i in deck.ids(level) if i not in seen]
    unused = [i for i in deck.ids(level) if i not in state["drawn"]]
    choice = rng.choice(fresh or unused or deck.ids(level))
    state["drawn"].append(choice)
    return choice


def judge_guess_by_app(state: dict, guess: Rule) -> Verdict:
    """The app's verdict on a rule-language guess (``equivalence.judge``);
    for a wrong one, where it and the rule part ways is kept hidden in
    ``partings`` until the round ends (then every wrong guess is shown
    with it: ``parted_guesses``)."""
    secret = secret_rule(state)
    verdict = judge(secret, guess)
    if verdict.parting is not None:
        index = len(state["guesses"]) - 1
        state.setdefault("partings", {})[k(index)] = parting_record(secret, guess, verdict.parting)
    return verdict


def parting_record(secret: Rule, guess: Rule, parting: Difference) -> dict:
    """What the table shows of a wrong guess once the rule is shown: the row
    (whole up to ``ROW_WHOLE`` cards, else its last ``ROW_LAST``), its
    length ``n``, the card, which of the two it fits (``secret_fits``), the
    properties either rule reads (``attrs``: how the row is said in words)
    and the row's total count when either reads the total (else None)."""
    row = parting.row
    reads_total = reads(secret.tree)["total"] or reads(guess.tree)["total"]
    return {"n": parting.n, "row": list(row if len(row) <= ROW_WHOLE else row[-ROW_LAST:]),
            "card": parting.card, "secret_fits": parting.secret_fits,
            "attrs": list(relevant(secret, guess)),
            "total": row_total(row) if reads_total else None}


def parted_guesses(state: dict) -> list[dict]:
    """This round's guesses that stayed wrong, each with where it and the
    rule part ways (a guess the game master overruled is right)."""
    partings = state.get("partings") or {}
    return [{"seat": g["seat"], "rule": g["rule"], **partings[k(i)]}
            for i, g in enumerate(state["guesses"]) if g["right"] is False and k(i) in partings]


def parted_event(entry: dict) -> dict:
    """A wrong guess in words: "… part ways after 2, 3: 4 fits the guess,
    not the rule" (``reading.card_words``)."""
    attrs = tuple(entry["attrs"])
    params = {"seat": seat(entry["seat"]), "rule": code_param(entry["rule"]),
              "card": card_words(entry["card"], attrs),
              "way": txt("log.way_rule" if entry["secret_fits"] else "log.way_guess")}
    n = entry["n"]
    if n == 0:
        return ev("parted_start", **params)
    if not attrs:
        return ev("parted_n", n=n, **params)
    said = row_params(entry["row"], attrs)
    if n <= ROW_WHOLE:
        return ev("parted", row=said["row"], **params)
    if entry["total"] is not None:
        return ev("parted_total", n=n, total=entry["total"], row=said["row"], **params)
    return ev("parted_long", n=n, row=said["row"], **params)


def start_events(state: dict, guesser: int, start: tuple[int, ...]) -> list[dict]:
    """A guess right only as a game master judges it: the log says why, with
    what the rule lets be the first card (and the second, where they differ
    there too)."""
    secret = secret_rule(state)
    events = [ev("guess_right_start", seat=seat(guesser))]
    first = fitting(secret, [])
    for n, which, said in ((0, "first", describe(first)), (1, "second", None)):
        if n not in start:
            continue
        said = said or describe_second(secret, first)
        words = log_words(said)
        if words is None:
            events.append(ev(f"start_{which}_k", k=description_size(secret, which)))
        else:
            events.append(ev(f"start_{which}", what=words))
    return events

"""Who is who in the current round: teams, captains, who adds cards, who
votes and whom the game waits for.  Pure queries on the state, shared by the
rules, the view and the hidden variants."""
from __future__ import annotations

#: the steps the host may close (``close {"step"}``): each waits for phones
CLOSABLE = ("telling", "decide", "mark", "vote", "best")


def key(seat: int) -> str:
    """Seat-keyed maps of the state use string keys (plain JSON)."""
    return str(seat)


def is_seat(state: dict, value) -> bool:
    """A seat field's value names a player at this table (``True`` is not
    seat 1: bool is an int in Python)."""
    return type(value) is int and value in state["seats"]


def team_of(state: dict, seat: int) -> str | None:
    if seat in state["team_a"]:
        return "A"
    if seat in state["team_b"]:
        return "B"
    return None


def members(state: dict, team: str) -> list[int]:
    return list(state["team_a"] if team == "A" else state["team_b"])


def captain(state: dict, team: str) -> int | None:
    return state["teller"] if team == "A" else state["judge"]


def other(team: str) -> str:
    return "B" if team == "A" else "A"


def voters(state: dict) -> list[int]:
    """The guessing team without its captain (who has seen the card)."""
    guessers = state["guessers"]
    if guessers is None:
        return []
    silent = captain(state, guessers)
    return [s for s in members(state, guessers) if s != silent]


def contributors(state: dict) -> dict[str, list[str]]:
    """Seat key -> the cards that seat added (and marks) this round."""
    guessers = state["guessers"]
    if guessers is None:
        return {}
    teller = state["teller"]
    if guessers == "B":  # team A confuses: the storyteller adds a second card
        return {key(s): (["story", "second"] if s == teller else ["own"])
                for s in state["team_a"]}
    out = {key(teller): ["story"]}
    for s in state["team_b"]:
        out[key(s)] = ["own"]
    return out


def cards_of(state: dict, seat: int) -> list[str]:
    return list(contributors(state).get(key(seat), []))


def player_cards(state: dict) -> int:
    """How many of the N cards come from the players."""
    return sum(len(kinds) for kinds in contributors(state).values())


def deck(state: dict) -> int:
    """How many of the N cards come from the deck."""
    return state["n"] - player_cards(state) if state["guessers"] else 0


def vote_options(state: dict) -> list[int]:
    if state["tied"]:
        return list(state["tied"])
    return list(range(1, state["n"] + 1))


def best_voters(state: dict) -> list[int]:
    """Everyone but the two tellers whose stories are compared."""
    if state["phase"] != "best" or state["title"] is None:
        return []
    compared = (state["teller"], state["title"]["seat"])
    return [s for s in state["seats"] if s not in compared]


def unmarked(state: dict, seat: int) -> list[str]:
    """The cards of ``seat`` without a mark."""
    have = state["marks"].get(key(seat), {})
    return [kind for kind in cards_of(state, seat) if kind not in have]


def missing_marks(state: dict) -> list[int]:
    """The contributors with a card still unmarked."""
    return sorted(int(k) for k in contributors(state) if unmarked(state, int(k)))


def taken_by_others(state: dict, seat: int) -> list[int]:
    """Positions another contributor has marked (secret to ``seat``)."""
    mine = key(seat)
    return sorted(p for k, marks in state["marks"].items() if k != mine
                  for p in marks.values())


def own_other_positions(state: dict, seat: int, card: str) -> list[int]:
    """Where ``seat`` marked its other card (a position ``card`` cannot take)."""
    return [p for kind, p in state["marks"].get(key(seat), {}).items() if kind != card]


def awaited(state: dict) -> list[int]:
    """Whom the game waits for (names only, never their choices)."""
    phase = state["phase"]
    if phase == "volunteer":
        return [s for s in state["seats"] if s != state["last_teller"]]
    if phase == "telling":
        return [state["teller"]]
    if phase == "judge":
        return list(state["team_b"])
    if phase == "decide":
        return [state["judge"]]
    if phase == "mark":
        return missing_marks(state)
    if phase == "vote":
        return [s for s in voters(state) if key(s) not in state["votes"]]
    if phase == "best":
        return [s for s in best_voters(state) if key(s) not in state["best_votes"]]
    return []


def closable_step(state: dict) -> str | None:
    """The step the host may close now, if any."""
    return state["phase"] if state["phase"] in CLOSABLE else None

"""What lies on the table: the colours, the colour deck, the stacks, and the
small questions rules, view and hidden variants all ask of the state."""
from __future__ import annotations

COLORS = ["blue", "red", "green", "yellow"]
#: the deck and the discard pile are strings of colour initials (compact state)
INITIAL = {c: c[0] for c in COLORS}
BY_INITIAL = {c[0]: c for c in COLORS}
CARDS_PER_COLOR = 10
#: every player has 15 word tiles, so a clue has at most 15 words
TILES_PER_PLAYER = 15
CLUE_MAX = 80
WORD_MAX = 40
TEAM_GOAL = 6
TEAM_PERFECT = 8


def tiles_per_stack(players: int) -> int:
    if players == 2:
        return 2
    if players <= 5:
        return 3
    if players <= 8:
        return 2
    return 1


def key(s: int) -> str:
    """Seat numbers are dict keys as strings (the state is JSON)."""
    return str(s)


def side(state: dict) -> str:
    """Odd rounds are played on the tiles' white side, even rounds on black."""
    return "white" if state["round"] % 2 == 1 else "black"


def author(state: dict) -> int | None:
    """The seat whose clue is being guessed (None outside the guess step)."""
    if state["phase"] != "guess":
        return None
    return state["order"][state["current"]]


def guessers(state: dict) -> list[int]:
    """Everyone but the current author, in table order."""
    current = author(state)
    return [s for s in state["seats"] if s != current]


def is_team(state: dict) -> bool:
    """Two players play together for one team score."""
    return len(state["seats"]) == 2


def winners(state: dict) -> list[int] | None:
    if state["phase"] != "over":
        return None
    seats = state["seats"]
    if is_team(state):
        return list(seats) if state["scores"][key(seats[0])] >= TEAM_GOAL else []
    best = max(state["scores"][key(s)] for s in seats)
    return [s for s in seats if state["scores"][key(s)] == best]


def result(state: dict, r: dict) -> dict:
    """A revealed clue as views show it: who guessed what, who was right and
    what the author (or, with two players, the team) scored."""
    guesses = {key(s): BY_INITIAL[g] for s, g in zip(state["seats"], r["guesses"])
               if g != "-"}
    right = [s for s in state["seats"] if guesses.get(key(s)) == r["color"]]
    return {"author": r["author"], "color": r["color"], "clue": r["clue"],
            "guesses": guesses, "right": right, "points": len(right)}

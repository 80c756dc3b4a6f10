"""A second test game, written as a newcomer to the kit would (issue #46):
"Ask" — each round one seat in turn asks the others a question aloud, at
the real table, while they pick a number 1..3 on their phones (the rest
is ``tests/fixture_game.py``'s game).  The asker has nothing to enter: the
game says so with ``at_table``, and its phone says "your move — at the
table" instead of "nothing to do".  It words no explanation of its own:
explain mode's ``now`` is the platform's default and its moves have no
``explain.move.*`` text, so they show their labels alone."""
from __future__ import annotations

from companion.games.base import Move, ev, seat
from tests.fixture_game import Pick, pick_check, reveal

TEXTS = {lang: {key: text for key, text in texts.items() if not key.startswith("explain.")}
         for lang, texts in Pick.texts.items()}
TEXTS["en"].update({"title": "Ask", "field.asker": "Asks", "field.round": "Round",
                    "field.picked": "Picked", "field.revealed": "Revealed",
                    "field.picks": "Picks", "field.target": "Target"})
TEXTS["de"].update({"title": "Fragen", "field.asker": "Fragt", "field.round": "Runde",
                    "field.picked": "Gewählt", "field.revealed": "Aufgedeckt",
                    "field.picks": "Gewählt", "field.target": "Ziel"})


def asker(state: dict) -> int:
    """Who asks this round: the seats in turn."""
    return state["seats"][(state["round"] - 1) % len(state["seats"])]


def voters(state: dict) -> list[int]:
    return [s for s in state["seats"] if s != asker(state)]


class Ask(Pick):
    name = "ask"
    min_players = 3
    seat_fields = frozenset()
    # every seat asks once by default
    options_schema = [{"name": "rounds", "kind": "int", "default": 3, "min": 1, "max": 9}]
    texts = TEXTS

    def start_fields(self, seats, options):
        return {}

    def actions(self, state, who):
        if who == asker(state):
            return []
        return super().actions(state, who)

    def at_table(self, state):
        return [] if state["over"] else [asker(state)]

    def view(self, state, who):
        shown = super().view(state, who)
        shown["public"].pop("first")
        # a seat as the log gives one: the table's generic board shows its name
        shown["public"]["asker"] = None if state["over"] else {"seat": asker(state)}
        return shown

    def explain(self, view, who, actions, waiting):
        return {}   # the platform's defaults say it


def ask_pick(state, actor, action, rng):
    state["picks"][str(actor)] = action["number"]
    events = [ev("picked", seat=seat(actor))]
    if len(state["picks"]) == len(voters(state)):
        events += reveal(state)
    return events


def ask_close(state, actor, action, rng):
    for s in voters(state):
        state["picks"].setdefault(str(s), rng.randint(1, 3))
    return reveal(state)


Ask.moves = {"pick": Move(ask_pick, pick_check), "close": Move(ask_close, by="host")}

GAME = Ask()

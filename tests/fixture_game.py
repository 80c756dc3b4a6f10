"""A tiny game for the platform's tests (never shipped in companion/):
every seat is dealt a secret letter and secretly picks a number 1..3; when
all have picked (or the host closes the step) the picks are revealed; a
seat whose pick equals (sum of picks mod 3) + 1 scores 1.  Option
``rounds``; most points after the last round win."""
from __future__ import annotations

from companion.games.base import NO_RULEBOOK, Game, Illegal, Move, Secret, copied, ev, line, seat, template


class Pick(Game):
    name = "pick"
    min_players = 2
    max_players = 6
    options_schema = [{"name": "rounds", "kind": "int", "default": 1, "min": 1, "max": 9}]
    seat_fields = frozenset({"first"})
    rulebook = NO_RULEBOOK   # made up for the tests: no printed rules
    errors = {"already_picked": 409, "not_picking": 409}
    texts = {
        "en": {"title": "Pick", "action.pick": "Pick a number", "field.number": "Number",
               "action.close": "Stop waiting", "value.picks": "picks", "option.rounds": "Rounds",
               "log.dealt": "Letters dealt.", "log.picked": "{seat} has picked.",
               "log.reveal": "Picks revealed: target {target}.",
               "log.your_letter": "Your letter is {letter}.",
               "error.already_picked": "You already picked.",
               "error.not_picking": "Nobody picks now.",
               "field.step": "Step", "value.pick": "Picking", "field.first": "First",
               "explain.pick": "Everyone picks a number from 1 to 3 in secret.",
               "explain.picked": "You have picked; the others are still picking.",
               "explain.table": "Waiting for {names} to pick a number.",
               "explain.your_letter": "Your letter is {letter}; it does not count.",
               "explain.move.pick": "Your number; it scores if it hits the target.",
               "explain.move.close": "Stops waiting: whoever has not picked gets a random number.",
               "meaning.reveal": "Whoever picked {target} scores a point."},
        "de": {"title": "Wählen", "action.pick": "Zahl wählen", "field.number": "Zahl",
               "log.dealt": "Buchstaben verteilt.", "log.picked": "{seat} hat gewählt.",
               "log.reveal": "Aufgedeckt: Ziel {target}.",
               "log.your_letter": "Dein Buchstabe ist {letter}.",
               "error.already_picked": "Du hast schon gewählt.",
               "error.not_picking": "Gerade wählt niemand.",
               "action.close": "Nicht mehr warten", "value.picks": "Wahlen",
               "field.step": "Schritt", "value.pick": "Wählen", "field.first": "Erste",
               "explain.pick": "Alle wählen geheim eine Zahl von 1 bis 3.",
               "explain.picked": "Du hast gewählt; die anderen wählen noch.",
               "explain.table": "Warten darauf, dass {names} eine Zahl wählen.",
               "explain.your_letter": "Dein Buchstabe ist {letter}; er zählt nicht.",
               "explain.move.pick": "Deine Zahl; sie punktet, wenn sie das Ziel trifft.",
               "explain.move.close": "Nicht mehr warten: Wer nicht gewählt hat, bekommt eine Zufallszahl.",
               "meaning.reveal": "Wer {target} gewählt hat, bekommt einen Punkt.",
               "option.rounds": "Runden"},
    }

    def start_fields(self, seats, options):
        return {"first": seats}

    def setup(self, seats, options, rng):
        state = {"seats": seats, "rounds": options.get("rounds", 1), "round": 1,
                 "letters": {str(s): rng.choice("ABCDEFGH") for s in seats},
                 "picks": {}, "revealed": [], "scores": {str(s): 0 for s in seats},
                 "first": options.get("first", seats[0]), "over": False}
        events = [ev("dealt")] + [ev("your_letter", to=[s], letter=state["letters"][str(s)])
                                  for s in seats]
        return state, events

    def actions(self, state, who):
        if state["over"] or str(who) in state["picks"]:
            return []
        return [template("pick", number=[1, 2, 3], confirm=True, required=True)]

    def host_actions(self, state):
        if state["over"]:
            return []
        return [template("close", step=["pick"])]

    def refusal_first(self, state, actor, move):
        return Illegal("not_picking") if state["over"] else None

    def hidden_variants(self, state, viewer, rng):
        """Other seats' letters and unrevealed picks are hidden."""
        variant = copied(state)
        for s in state["seats"]:
            if s != viewer:
                variant["letters"][str(s)] = rng.choice("ABCDEFGH")
                if str(s) in variant["picks"]:
                    variant["picks"][str(s)] = rng.randint(1, 3)
        return [variant]

    def view(self, state, who):
        public = {"round": state["round"], "picked": sorted(int(s) for s in state["picks"]),
                  "revealed": state["revealed"], "first": state["first"]}
        you = None
        if who is not None:
            you = {"secret": {"letter": state["letters"][str(who)]},
                   "picked": state["picks"].get(str(who))}
        return {"you": you, "public": public}

    def explain(self, view, who, actions, waiting):
        if who is None:
            return {"now": [line("explain.table", names=[seat(s) for s in waiting])]}
        told = {"now": [line("explain.pick" if actions else "explain.picked")]}
        told["secret"] = [line("explain.your_letter", letter=view["you"]["secret"]["letter"])]
        return told

    def scores(self, state):
        return {int(s): v for s, v in state["scores"].items()}

    def winners(self, state):
        if not state["over"]:
            return None
        best = max(state["scores"].values())
        return [int(s) for s, v in state["scores"].items() if v == best]


def pick(state, actor, action, rng):
    state["picks"][str(actor)] = action["number"]
    events = [ev("picked", seat=seat(actor))]
    if len(state["picks"]) == len(state["seats"]):
        events += reveal(state)
    return events


def pick_check(state, actor, action):
    return Illegal("already_picked") if str(actor) in state["picks"] else None


def close(state, actor, action, rng):
    for s in state["seats"]:
        state["picks"].setdefault(str(s), rng.randint(1, 3))
    return reveal(state)


def reveal(state):
    target = sum(state["picks"].values()) % 3 + 1
    for s, number in state["picks"].items():
        if number == target:
            state["scores"][s] += 1
    state["revealed"].append({"picks": state["picks"], "target": target})
    state["picks"] = {}
    if state["round"] == state["rounds"]:
        state["over"] = True
    else:
        state["round"] += 1
    return [ev("reveal", target=target)]


#: the game's secrets, declared once: each seat's letter, and its pick
#: until the reveal (its own phone shows the pick it made)
Pick.secrets = (Secret("letters.*", values=tuple("ABCDEFGH")),
                Secret("picks.*", values=(1, 2, 3), owner_open=True))

#: every move of the game: what it changes, why it is refused, who makes it
Pick.moves = {"pick": Move(pick, pick_check), "close": Move(close, by="host")}

GAME = Pick()

"""What every part of the HOAX referee shares: the identities and what they
may do, who is still in the round, the claims of the open turn, and the
refusals that several actions have in common.  Pure functions of the state.

Seat-keyed maps of the state use ``str(seat)`` keys (JSON objects)."""
from __future__ import annotations

from ..base import Illegal, not_in_game, not_your_turn, seat, txt

IDENTITIES = ["baron", "monk", "judge", "trader", "magician", "thief", "farmer"]
RESOURCES = ["gold", "wine", "grain"]
#: the personal actions of each identity (§3.1–3.7)
PERSONAL_ACTIONS: dict[str, list[str]] = {
    "baron": ["gold", "tax"],
    "monk": ["wine", "collection"],
    "judge": ["wine", "grain"],
    "trader": ["gold", "trade"],
    "magician": ["enchant"],
    "thief": ["steal"],
    "farmer": ["grain"],
}
#: the identity each reaction claims (§4)
REACTION_IDENTITY = {"illegal": "baron", "fine": "judge", "indulgence": "monk",
                     "immunize": "magician"}
#: of these a player may use only one per turn (§4)
ONE_OF_THREE = ("illegal", "fine", "indulgence")
#: nobody has more than five identities left to show
MAX_TRIOS = 5


#: the key of seat ``s`` in the state's seat-keyed maps: ``str`` itself, not
#: a function around it (views and templates call it a few hundred times
#: per action)
sk = str


def identity_text(identity: str) -> dict:
    return txt("value." + identity)


def identity_texts(identities: list[str]) -> list[dict]:
    return [identity_text(i) for i in identities]


def copies(st: dict) -> int:
    """How many cards of each identity are in the game."""
    return 4 if st["opts"]["large_group"] else 2


# ------------------------------------------------------------- variants
def original(st: dict) -> bool:
    """The original HOAX of 1981 (§12.1)?"""
    return bool(st["opts"].get("original_hoax"))


def second_identity(st: dict) -> bool:
    """The second identity (§12.3)?"""
    return bool(st["opts"].get("second_identity"))


def identities_in_play(st: dict) -> list[str]:
    """The identities whose cards are dealt: the original HOAX has no
    Trader (§12.1.1)."""
    return [i for i in IDENTITIES if not (original(st) and i == "trader")]


def first_cards(st: dict) -> dict:
    """Seat -> the identity card a player showed when wrongly doubted the
    first time this round and exchanged for a second identity (§12.3)."""
    return st.get("second") or {}


def recovering(st: dict) -> dict | None:
    """``{"seat", "left"}`` while a player with a second identity still
    covers identities on the new card (§12.3), else None."""
    return st.get("recover")


def revealed_cards(st: dict) -> list[str]:
    """Every identity card shown to the table this round by a wrong doubt
    (for §11 "Offene Informationen")."""
    return list(st["revealed"].values()) + list(first_cards(st).values())


# ------------------------------------------------------------- the round
def is_out(st: dict, s: int) -> bool:
    return sk(s) in st["out"]


def in_round(st: dict) -> list[int]:
    return [s for s in st["seats"] if not is_out(st, s)]


def next_in_round(st: dict, s: int) -> int:
    seats = st["seats"]
    i = seats.index(s)
    for d in range(1, len(seats) + 1):
        t = seats[(i + d) % len(seats)]
        if not is_out(st, t):
            return t
    return s


def needed(st: dict) -> int:
    """How many doubters carry a doubt (§4.5, §12.2, §13.4)."""
    n = len(in_round(st))
    need = n - 1 if st["opts"]["strict_doubt"] else (n + 1) // 2
    if st["opts"]["large_group"]:
        need = min(need, 4)
    return max(need, 1)


# ------------------------------------------------------ claims of the turn
def find_claim(st: dict, cid) -> dict | None:
    if type(cid) is not int:
        return None
    return next((c for c in st["claims"] if c["id"] == cid), None)


def standing(st: dict, kind: str | None = None, seat_: int | None = None) -> list[dict]:
    """The claims of the open turn that are not void (of a kind, of a seat)."""
    return [c for c in st["claims"] if not c["void"]
            and (kind is None or c["kind"] == kind)
            and (seat_ is None or c["seat"] == seat_)]


def turn_claim(st: dict) -> dict | None:
    """The personal action of the open turn, if its action was a claim."""
    turn = st["turn"]
    if not turn or turn["type"] != "claim":
        return None
    return find_claim(st, turn["claim"])


def action_standing(st: dict) -> bool:
    """Does the turn's action stand (a general action always does)?"""
    if not st["turn"]:
        return False
    if st["turn"]["type"] != "claim":
        return True
    c = turn_claim(st)
    return c is not None and not c["void"]


def hit_by_action(st: dict, s: int) -> bool:
    """Is seat ``s`` hit by the turn's standing personal action (so it may
    immunize against it)?  Never by a theft (§4.4)."""
    c = turn_claim(st)
    if c is None or c["void"] or c["seat"] == s:
        return False
    action, params = c["action"], c["params"]
    if action in ("tax", "collection"):
        return True
    if action == "trade":
        return params.get("with") == s
    if action == "enchant":
        return params.get("target") == s
    return False


# ------------------------------------------------------------ information
def show_allowed(st: dict, buyer: int, target: int) -> list[str]:
    """What ``target`` may show ``buyer`` (§3.8): identities it is not, has
    not covered and has not shown this buyer yet (in the final: covers)."""
    own = st["ident"][sk(target)]
    return [i for i in show_listed(st, buyer, target) if i != own]


def show_listed(st: dict, buyer: int, target: int) -> list[str]:
    """The identities the ``show`` template lists: every one ``target`` has
    not covered nor shown ``buyer`` yet — its own identity included, so the
    list does not give it away (apply refuses it)."""
    covered = st["covers"][sk(target)]
    shown = [] if st["final"] else st["shown"].get(sk(buyer), {}).get(sk(target), [])
    return [i for i in IDENTITIES if i not in covered and i not in shown]


# ----------------------------------------------------- shared refusals
# Each returns the Illegal that refuses the action, or None.  ``apply`` and
# ``why_not`` both run them, so the two can never disagree.

def play_refusal(st: dict, actor: int) -> Illegal | None:
    """The round must be under way and the actor still in it."""
    if st["phase"] == "cover":
        return Illegal("covering")
    if is_out(st, actor):
        return not_in_game()
    return None


def pause_refusal(st: dict) -> Illegal | None:
    """Nothing else happens while a purchase waits, a doubt is open or a
    player covers identities on a second identity card."""
    recover = recovering(st)
    if recover:
        return Illegal("waiting_cover", who=seat(recover["seat"]))
    pending = st["pending"]
    if pending:
        return Illegal("waiting_show", target=seat(pending["target"]),
                       buyer=seat(pending["buyer"]))
    if st["doubt"] is not None:
        return Illegal("doubt_open", claim=st["doubt"])
    return None


def turn_refusal(st: dict, actor: int) -> Illegal | None:
    """The turn's action belongs to the seat on turn, when nothing waits."""
    refusal = play_refusal(st, actor) or pause_refusal(st)
    if refusal is None and actor != st["to_move"]:
        refusal = not_your_turn(player=seat(st["to_move"]))
    return refusal


def missing(action: dict, name: str) -> Illegal | None:
    """A field the action needs and does not carry."""
    if name not in action:
        return Illegal("missing_field", field=txt("field." + name))
    return None


def identity_refusal(action: dict, name: str = "identity") -> Illegal | None:
    value = action.get(name)
    if not isinstance(value, str) or value not in IDENTITIES:
        return missing(action, name) or Illegal("invalid_field", field=txt("field." + name))
    return None


def resource_refusal(action: dict, name: str = "resource") -> Illegal | None:
    value = action.get(name)
    if not isinstance(value, str) or value not in RESOURCES:
        return missing(action, name) or Illegal("invalid_field", field=txt("field." + name))
    return None


def amount_refusal(action: dict) -> Illegal | None:
    amount = action.get("amount")
    if type(amount) is not int or amount not in (1, 2):
        return missing(action, "amount") or Illegal("bad_amount")
    return None


def other_player_refusal(st: dict, actor: int, action: dict,
                         name: str = "target") -> Illegal | None:
    """Field ``name`` must be another seat still in the round."""
    value = action.get(name)
    if type(value) is not int or value not in st["seats"]:
        return missing(action, name) or Illegal("no_such_seat", field=txt("field." + name))
    if value == actor:
        return Illegal("target_self")
    if is_out(st, value):
        return Illegal("target_out", target=seat(value))
    return None

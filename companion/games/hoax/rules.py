"""Die Erben von HOAX — the referee: the Game, the start covers and the
turn's actions (claim, buy_info and its show, accuse).  Reactions and doubts
live in reactions.py and doubts.py; the decisions are in ``__init__``.

State (plain JSON; seat-keyed maps use ``str(seat)`` keys)
-----------------------------------------------------------
``ident`` (secret), ``covers`` (public), ``shown[buyer][target]`` (secret to
the two), ``out`` (reason per seat), ``revealed`` (identities shown by a wrong
doubt), ``claims`` (claims of the open turn), ``doubt`` (id of the open
doubt), ``pending`` (an information purchase waiting for its answer),
``to_move`` (who takes the next action), ``turn`` (the open turn), ``used``
(which of illegal / fine / indulgence each seat used this turn), ``points``,
``undealt`` (the cards not dealt, secret), ``second`` (the first card of a
player who drew a second identity, §12.3) and ``recover`` (the covers such a
player still owes).
"""
from __future__ import annotations

import functools
import random
from typing import Any

from ..base import HOST, Game, Illegal, Move, ev, load_texts, not_in_game, seat, template, txt
from . import doubts, explain, reactions, second
from .claims import add_claim, claim_params, cover
from .common import (IDENTITIES, MAX_TRIOS, PERSONAL_ACTIONS, RESOURCES, amount_refusal,
                     find_claim, identity_refusal, identity_text, identity_texts, in_round,
                     is_out, missing, needed, next_in_round, original, other_player_refusal,
                     pause_refusal, play_refusal, recovering, resource_refusal, show_allowed,
                     sk, turn_refusal)
from .hidden import SECRETS, hidden_variants
from .rounds import award, deal, finish_final, go_out, last_one, maybe_final
from .view import view, views
from .rulebook import RULEBOOK

CLOSABLE_STEPS = ("cover", "show", "doubt", "turn")


class Hoax(Game):
    name = "hoax"
    min_players = 3
    max_players = 8
    options_schema = [
        {"name": "strict_doubt", "kind": "bool", "default": False},
        {"name": "large_group", "kind": "bool", "default": False},
        {"name": "original_hoax", "kind": "bool", "default": False},
        {"name": "second_identity", "kind": "bool", "default": False},
    ]
    texts = load_texts(__package__)
    seat_fields = frozenset({"target", "seat", "with", "first"})
    errors = {
        "unknown_action": 400,   # as the platform says it; apply alone can meet it
        "host_cannot": 403,
        # setup
        "variants_clash": 409,
        # start covers, covers on a second identity card
        "not_cover_phase": 409, "already_covered": 409, "cover_own": 409, "covering": 409,
        "cover_twice": 409, "waiting_cover": 409,
        # the turn
        "waiting_show": 409, "doubt_open": 409, "target_self": 422, "target_out": 409,
        "wrong_action": 422, "identity_covered": 409, "same_resource": 422,
        "bad_amount": 422, "bad_trios": 422, "accuse_covered": 409,
        "info_own_turn": 409, "info_bought": 409,
        # information
        "no_show_asked": 409, "not_asked": 403, "show_count": 422, "show_own": 409,
        "show_covered": 409, "show_repeat": 409,
        # reactions
        "no_turn": 409, "action_void": 409, "actor_out": 409, "own_action": 403,
        "fine_self": 403, "indulgence_self": 403, "no_illegal": 409, "no_fine": 409,
        "reaction_used": 409, "reaction_repeat": 409, "bad_against": 422,
        "immune_theft": 409, "not_hit": 403, "not_sentenced": 403, "already_immune": 409,
        # doubts
        "no_claim": 422, "own_claim": 403, "claim_void": 409, "claimant_out": 409,
        "already_doubted": 409, "withdrew_doubt": 409, "already_answered": 409,
        "no_open_doubt": 409, "not_raiser": 403,
        # host
        "nothing_to_close": 409,
    }

    def player_range(self, options: dict) -> tuple[int, int]:
        options = options or {}
        if options.get("second_identity"):
            return (3, 4)       # §12.3: "nur bei wenigen Spielern (3 oder 4)"
        return (3, 14) if options.get("large_group") else (3, 8)

    def start_fields(self, seats: list[int], options: dict) -> dict:
        return {"first": ["random", *seats]}

    # -- shared with the tests
    in_round = staticmethod(in_round)
    needed = staticmethod(needed)

    # ------------------------------------------------------------------ setup
    def setup(self, seats, options, rng):
        options = dict(options or {})
        seats = list(seats)
        lo, hi = self.player_range(options)
        if not lo <= len(seats) <= hi:
            raise Illegal("player_count", min=lo, max=hi, count=len(seats))
        if options.get("original_hoax") and options.get("second_identity"):
            raise Illegal("variants_clash")
        first = options.get("first", "random")
        if first not in seats:
            first = rng.choice(seats)
        st: dict[str, Any] = {
            "seats": seats,
            "opts": {opt["name"]: bool(options.get(opt["name"])) for opt in self.options_schema},
            "points": {sk(s): 0 for s in seats},
            "round": 0, "winner": None, "last_round": None,
            "next_id": 1, "turn_no": 0,
        }
        events: list[dict] = []
        deal(st, first, rng, events)
        return st, events

    # ------------------------------------------------------------- templates
    def actions(self, state, s):
        st = state
        if st["winner"] is not None or s not in st["seats"]:
            return []
        if st["phase"] == "cover":
            if s in st["to_cover"]:   # secret: the list leaves out one's own identity
                own = st["ident"][sk(s)]
                return [template("cover", required=True, secret=True, secret_act=True,
                                 identity=[i for i in IDENTITIES if i != own])]
            return []
        if is_out(st, s):
            return []
        if recovering(st):
            return second.templates(st, s)
        if st["pending"]:
            p = st["pending"]
            if p["target"] != s:
                return []
            # secret: picked under the reveal, so the list leaves one's own identity out
            return [template("show", required=True, secret=True, secret_act=True, confirm=True,
                             identities={"kind": "subset", "of": show_allowed(st, p["buyer"], s), "size": p["n"]})]
        if st["doubt"] is not None:
            return doubts.open_doubt_templates(st, s)
        if original(st):
            out = original_templates(st, s)
        else:
            out = turn_templates(st, s) if s == st["to_move"] else []
        return out + reactions.templates(st, s) + doubts.raise_template(st, s)

    def host_actions(self, state):
        steps = [step for step in CLOSABLE_STEPS if close_refusal(state, step) is None]
        return [template("close", confirm=True, step=steps)] if steps else []

    # ------------------------------------------------------------------ apply
    def refusal_first(self, state, actor, move):
        """What refuses every move alike, before its own check."""
        if state["winner"] is not None:
            return Illegal("game_over")
        if actor == HOST:
            return None if move is not None and move.by == "host" else Illegal("host_cannot")
        if move is not None and move.by == "host":
            return Illegal("host_only")
        if actor not in state["seats"]:
            return not_in_game()
        return None if move is not None else Illegal("unknown_action")

    def view(self, state, seat_):
        return view(state, seat_)

    def views(self, state, seats):
        return views(state, seats)

    #: what a viewer may not know, declared once (issue #46)
    secrets = SECRETS
    rulebook = RULEBOOK

    def hidden_variants(self, state, viewer, rng):
        return hidden_variants(state, viewer, rng)

    def explain(self, view, seat_, actions, waiting):
        return explain.explain(view, seat_, actions, waiting)

    def scores(self, state):
        if original(state):     # no throne points (§12.1.2)
            return {}
        return {s: state["points"][sk(s)] for s in state["seats"]}

    def winners(self, state):
        return None if state["winner"] is None else [state["winner"]]


# ------------------------------------------------------------------ the turn
def turn_templates(st: dict, s: int) -> list[dict]:
    """The action the game waits for from the seat on turn (§3)."""
    return personal_templates(st, s) + [info_template(st, s, True)] + accuse_templates(st, s, True)


def original_templates(st: dict, s: int) -> list[dict]:
    """The original HOAX (§12.1.3–4): the seat on turn owes a personal
    action; after it, while the turn is open, it may buy information once;
    anybody may accuse at any time."""
    out = personal_templates(st, s) if s == st["to_move"] else []
    if info_refusal(st, s) is None:
        out.append(info_template(st, s, False))
    return out + accuse_templates(st, s, False)


def personal_templates(st: dict, s: int) -> list[dict]:
    out = []
    covers = st["covers"][sk(s)]
    others = [t for t in in_round(st) if t != s]
    for identity in IDENTITIES:
        if identity in covers:
            continue
        for a in PERSONAL_ACTIONS[identity]:
            out += claim_templates(identity, a, tuple(others))
    return out


def info_template(st: dict, s: int, required: bool) -> dict:
    others = [t for t in in_round(st) if t != s]
    return template("buy_info", required=required, target=others,
                    trios={"kind": "int", "min": 1, "max": MAX_TRIOS})


def accuse_templates(st: dict, s: int, required: bool) -> list[dict]:
    """Whom and as what: a secret act (the identity named is never told
    to the table).  Any identity the target has not covered, one's own
    included: "Da von jeder Identität zwei Karten im Spiel sind, kann es
    vorkommen, daß ein anderer die gleiche Identität besitzt wie man
    selbst" (issue #38), so the list depends on public covers only."""
    out = []
    for t in in_round(st):
        ids = [i for i in IDENTITIES if i not in st["covers"][sk(t)]]
        if t != s and ids:
            out.append(template("accuse", confirm=True, required=required, secret_act=True,
                                target=[t], identity=ids))
    return out


@functools.lru_cache(maxsize=1024)
def claim_templates(identity: str, a: str, others: tuple[int, ...]) -> list[dict]:
    """The claim templates of one personal action (the same few for every
    view of every table: built once; nobody changes a template).  Every
    claim asks to confirm, whatever it needs (issue #45: a mis-tap sent a
    Magician's claim on the tap of a name, not a Judge's)."""
    fixed = {"identity": [identity], "action": [a]}
    claim = functools.partial(template, "claim", confirm=True, required=True)
    if a == "tax":
        return [claim(**fixed, resource=list(RESOURCES))]
    if a == "trade":
        return [claim(**fixed, **{"with": ["bank", *others]}, give=[give], get=[r for r in RESOURCES if r != give])
                for give in RESOURCES]
    if a == "enchant":
        return [claim(**fixed, target=list(others))]
    if a == "steal":
        return [claim(**fixed, target=list(others), resource=list(RESOURCES), amount=[1, 2])]
    return [claim(**fixed)]


# -- start covers (§2.4)
def cover_refusal(st, actor, action):
    recover = recovering(st)
    if recover and recover["seat"] == actor:
        return new_card_refusal(st, actor, action)
    if recover:
        return Illegal("waiting_cover", who=seat(recover["seat"]))
    if st["phase"] != "cover":
        return Illegal("not_cover_phase")
    if actor not in st["to_cover"]:
        return Illegal("already_covered")
    found = identity_refusal(action)
    if found is None and action["identity"] == st["ident"][sk(actor)]:
        found = Illegal("cover_own")
    return found


def new_card_refusal(st, actor, action):
    """A cover on a second identity card (§12.3)."""
    found = identity_refusal(action)
    if found:
        return found
    identity = action["identity"]
    if identity == st["ident"][sk(actor)]:
        return Illegal("cover_own")
    if identity in st["covers"][sk(actor)]:
        return Illegal("cover_twice", identity=identity_text(identity))
    return None


def perform_cover(st, actor, action, rng):
    events: list[dict] = []
    if recovering(st):
        second.cover_new_card(st, actor, action["identity"], events)
    else:
        start_cover(st, actor, action["identity"], events, "cover")
    return events


def start_cover(st, s, identity, events, key):
    st["covers"][sk(s)].append(identity)
    st["to_cover"].remove(s)
    events.append(ev(key, who=seat(s), identity=identity_text(identity)))
    if not st["to_cover"]:
        st["phase"] = "play"
        events.append(ev("play_begins", who=seat(st["to_move"])))


# -- personal action (§3.1–3.7)
def claim_refusal(st, actor, action):
    found = turn_refusal(st, actor) or identity_refusal(action)
    if found:
        return found
    identity, a = action["identity"], action.get("action")
    if a not in PERSONAL_ACTIONS[identity]:
        return missing(action, "action") or Illegal("wrong_action",
                                                    identity=identity_text(identity))
    if identity in st["covers"][sk(actor)]:
        return Illegal("identity_covered", identity=identity_text(identity))
    if a == "tax":
        return resource_refusal(action)
    if a == "trade":
        found = (None if action.get("with") == "bank"
                 else other_player_refusal(st, actor, action, "with")
                 ) or resource_refusal(action, "give") or resource_refusal(action, "get")
        if found is None and action["give"] == action["get"]:
            found = Illegal("same_resource")
        return found
    if a == "enchant":
        return other_player_refusal(st, actor, action)
    if a == "steal":
        return (other_player_refusal(st, actor, action)
                or resource_refusal(action) or amount_refusal(action))
    return None


CLAIM_FIELDS = {"tax": ("resource",), "trade": ("with", "give", "get"), "enchant": ("target",),
                "steal": ("target", "resource", "amount")}


def perform_claim(st, actor, action, rng):
    identity, a = action["identity"], action["action"]
    params = {name: action[name] for name in CLAIM_FIELDS.get(a, ())}
    new_turn(st, actor, "claim")
    c = add_claim(st, actor, identity, "action", a, params)
    st["turn"]["claim"] = c["id"]
    return [ev(f"claim.{identity}.{a}", **claim_params(c))]


def new_turn(st, actor, kind, **extra):
    """``actor``'s action closes the old turn (its claims leave the table)
    and opens a new one; the next player in the round is on turn."""
    st["turn_no"] += 1
    st["claims"] = []
    st["used"] = {}
    st["turn"] = {"n": st["turn_no"], "player": actor, "type": kind, "claim": None, **extra}
    st["to_move"] = next_in_round(st, actor)


# -- information (§3.8, §7)
def buy_info_refusal(st, actor, action):
    found = ((info_refusal(st, actor) if original(st) else turn_refusal(st, actor))
             or other_player_refusal(st, actor, action))
    if found:
        return found
    trios = action.get("trios")
    if type(trios) is not int or not 1 <= trios <= MAX_TRIOS:
        return missing(action, "trios") or Illegal("bad_trios", max=MAX_TRIOS)
    return None


def info_refusal(st, actor):
    """The original HOAX (§12.1.4): information only during one's own turn,
    after one's personal action, once."""
    found = play_refusal(st, actor) or pause_refusal(st)
    if found:
        return found
    turn = st["turn"]
    if not turn or turn["player"] != actor:
        return Illegal("info_own_turn")
    if turn.get("info"):
        return Illegal("info_bought")
    return None


def perform_buy_info(st, actor, action, rng):
    target, trios = action["target"], action["trios"]
    count = min(trios, len(show_allowed(st, actor, target)))
    if original(st):    # in addition to the turn's personal action
        st["turn"]["info"] = {"target": target, "trios": trios, "count": count}
    else:
        new_turn(st, actor, "buy_info", target=target, trios=trios, count=count)
    events = [ev("buy_info", who=seat(actor), target=seat(target), trios=trios)]
    if count < trios:
        events.append(ev("trios_back", who=seat(actor), target=seat(target),
                         count=count, back=trios - count))
    if count:
        st["pending"] = {"buyer": actor, "target": target, "n": count}
    return events


def show_refusal(st, actor, action):
    if st["phase"] == "cover":
        return Illegal("covering")
    pending = st["pending"]
    if not pending:
        return Illegal("no_show_asked")
    if pending["target"] != actor:
        return Illegal("not_asked")
    ids = action.get("identities")
    if not isinstance(ids, list) or any(not isinstance(i, str) or i not in IDENTITIES
                                        for i in ids):
        return missing(action, "identities") or Illegal("invalid_field",
                                                        field=txt("field.identities"))
    if len(ids) != pending["n"] or len(set(ids)) != len(ids):
        return Illegal("show_count", n=pending["n"])
    for i in ids:
        if i == st["ident"][sk(actor)]:
            return Illegal("show_own")
        if i in st["covers"][sk(actor)]:
            return Illegal("show_covered", identity=identity_text(i))
        if not st["final"] and i in st["shown"].get(sk(pending["buyer"]), {}).get(sk(actor), []):
            return Illegal("show_repeat", identity=identity_text(i),
                           buyer=seat(pending["buyer"]))
    return None


def perform_show(st, actor, action, rng):
    events: list[dict] = []
    show(st, action["identities"], events)
    return events


def show(st, ids, events):
    """The answer to the open purchase; in the final the target covers
    them instead (§7)."""
    pending = st["pending"]
    buyer, target = pending["buyer"], pending["target"]
    st["pending"] = None
    if st["final"]:
        events.append(ev("final_info_cover", who=seat(target), buyer=seat(buyer),
                         identities=identity_texts(ids)))
        for i in ids:
            cover(st, target, i, events)
        return
    st["shown"].setdefault(sk(buyer), {}).setdefault(sk(target), []).extend(ids)
    events.append(ev("showed", who=seat(target), buyer=seat(buyer), count=len(ids)))
    events.append(ev("showed_you", to=[buyer], who=seat(target), identities=identity_texts(ids)))
    events.append(ev("you_showed", to=[target], buyer=seat(buyer), identities=identity_texts(ids)))


# -- accusation (§3.9)
def accuse_refusal(st, actor, action):
    """An accusation is the turn's action — in the original HOAX anybody's,
    at any time the game is not waiting for something else (§12.1.3)."""
    on_turn = (play_refusal(st, actor) or pause_refusal(st)) if original(st) \
        else turn_refusal(st, actor)
    found = (on_turn or other_player_refusal(st, actor, action)
             or identity_refusal(action))
    if found:
        return found
    target, identity = action["target"], action["identity"]
    if identity in st["covers"][sk(target)]:
        return Illegal("accuse_covered", target=seat(target), identity=identity_text(identity))
    return None


def perform_accuse(st, actor, action, rng):
    target, identity = action["target"], action["identity"]
    right = st["ident"][sk(target)] == identity
    if not original(st):
        new_turn(st, actor, "accuse", target=target, right=right)
    events = [ev("accuse", who=seat(actor), target=seat(target)),
              ev("accuse_secret", to=[actor, target], who=seat(actor),
                 target=seat(target), identity=identity_text(identity))]
    if original(st):    # no points: one player fewer, the last one wins
        events.append(ev("accuse_right" if right else "accuse_wrong",
                         who=seat(actor), target=seat(target)))
        go_out(st, target if right else actor, "accused" if right else "accuser")
        last_one(st, events)
    else:
        accused(st, actor, target, right, rng, events)
    return events


def accused(st, actor, target, right, rng, events):
    """An accusation's outcome with throne points (§3.9, §7)."""
    final = st["final"]
    if right:
        events.append(ev("accuse_right", who=seat(actor), target=seat(target)))
        go_out(st, target, "accused")
        if final:
            finish_final(st, actor, target, events, rng, bonus=1)
        elif not award(st, actor, 1, events):
            maybe_final(st, events)
        return
    events.append(ev("accuse_wrong", who=seat(actor), target=seat(target)))
    go_out(st, actor, "accuser")
    if final:
        finish_final(st, target, actor, events, rng, bonus=1, bonus_capped=True)
    else:
        award(st, target, 1, events, capped=True)
        maybe_final(st, events)


# -- the host closes a step that waits on a phone
def close_refusal(st, step):
    paused = st["phase"] == "cover" or recovering(st) or st["pending"] or st["doubt"] is not None
    waiting = {"cover": st["phase"] == "cover" or bool(recovering(st)),
               "show": bool(st["pending"]),
               "doubt": st["doubt"] is not None,
               "turn": not paused}
    if st["winner"] is not None or not waiting.get(step if isinstance(step, str) else ""):
        return Illegal("nothing_to_close")
    return None


def close_check(st, actor, action):
    return missing(action, "step") or close_refusal(st, action["step"])


def perform_close(st, actor, action, rng: random.Random):
    events: list[dict] = []
    step = action["step"]
    if step == "cover" and recovering(st):
        second.close(st, rng, events)
    elif step == "cover":
        for s in list(st["to_cover"]):
            own = st["ident"][sk(s)]
            start_cover(st, s, rng.choice([i for i in IDENTITIES if i != own]),
                        events, "cover_closed")
    elif step == "turn":   # the player on turn is skipped: the next one is on turn
        events.append(ev("turn_skipped", who=seat(st["to_move"])))
        st["to_move"] = next_in_round(st, st["to_move"])
    elif step == "show":
        p = st["pending"]
        events.append(ev("show_closed", who=seat(p["target"])))
        show(st, rng.sample(show_allowed(st, p["buyer"], p["target"]), p["n"]), events)
    else:
        doubts.collapse(st, find_claim(st, st["doubt"]), "closed", events)
    return events


#: every move of the game: what it changes, why it is refused, who makes it
Hoax.moves = {
    "cover": Move(perform_cover, cover_refusal, secret=True),
    "claim": Move(perform_claim, claim_refusal),
    "buy_info": Move(perform_buy_info, buy_info_refusal),
    "show": Move(perform_show, show_refusal, secret=True),
    "accuse": Move(perform_accuse, accuse_refusal, secret=True),
    **{kind: Move(reactions.perform, reactions.refusal) for kind in reactions.TYPES},
    "doubt": Move(doubts.perform_doubt, doubts.doubt_refusal),
    "decline": Move(doubts.perform_decline, doubts.decline_refusal),
    "withdraw": Move(doubts.perform_withdraw, doubts.withdraw_refusal),
    "close": Move(perform_close, close_check, by="host"),
}

GAME = Hoax()

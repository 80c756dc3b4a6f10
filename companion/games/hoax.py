"""Die Erben von HOAX — the referee (see shared/games/hoax.md, rules/hoax.de.txt).

The server keeps only what is hidden (identities, what was shown to whom,
the guessed identity of an accusation) and the throne points; chips and trios
stay physical and the log tells the table what to do with them.

State (plain JSON; seat-keyed maps use ``str(seat)`` keys)
-----------------------------------------------------------
``ident`` (secret), ``covers`` (public), ``shown[buyer][target]`` (secret to
the two), ``out`` (reason per seat), ``revealed`` (identities shown by a wrong
doubt), ``claims`` (claims of the open turn), ``doubt`` (id of the open
doubt), ``pending`` (an information purchase waiting for its answer),
``to_move`` (who takes the next action), ``turn`` (the open turn).

How the turn passes (decision)
------------------------------
A turn opens when ``to_move`` takes an action (``claim``, ``buy_info`` or
``accuse``); ``to_move`` then passes at once to the next player in table
order who is still in the round.  The turn stays open for reactions and doubts
until that next player takes *their* action: their action closes the old turn
(its claims leave the table) and opens the new one.  Nobody has to "pass".
While a doubt is open or an information purchase waits for its answer, the
game is paused: only the actions belonging to that step are possible (and
the host's ``close``).

Decisions where the spec is silent
----------------------------------
* A claim can be doubted once.  When its doubt collapses (too many declined,
  withdrawn, or closed by the host) the claim stands unchallenged.
* ``illegal`` and ``fine`` need the turn's player to be still in the round
  (a player who left has given all chips away); ``illegal`` also needs the
  turn's action not to be void.
* A reaction that is later voided by a right doubt still counts as the
  player's one-of-three (illegal / fine / indulgence) for that turn.
* ``immunize {"against": "action" | "sentence"}``: against the action (tax,
  collection, trade with a player, enchantment — for the players it hits) or,
  for the turn's player, against every fine and indulgence of the turn.  The
  template is offered again only after the earlier immunization was voided.
* A void personal action takes down every illegal declaration against it
  (then, as the spec says, fines without an illegal, indulgences without a
  fine, immunizations against the void action or the void fines), one log
  line each.
* When a player covers an identity (right doubt, §11 open information, the
  automatic covers of the final, information bought in the final), every
  standing claim of that player as that identity in the open turn is void
  too (they have been proven not to be it), each with its own log line.
* An accusation of an identity the target has covered is refused (the covers
  are public; it could only be wrong).  The guessed identity of an accusation
  is secret to accuser and target (the card goes face down, §3.9); the table
  learns only right or wrong.
* ``buy_info`` asks for 1..5 trios (nobody can show more than 5).  If the
  target has fewer identities left to show, the log says how many trios go
  back; with none left the purchase is over at once.
* While an information purchase waits for the answer, everything else waits.
* ``large_group``: 28 cards (every identity four times), up to 14 players and
  four doubters always suffice; §11 needs all four copies revealed.  The other
  points of §13.4 are table arrangements the server does not need.
* ``first``: the first round's start player (``"random"`` or a seat).
* Game over (10 points): every identity of the round is shown on the table.
* Error parameters use the same ``seat(n)`` / ``txt(key)`` markers as log
  events (e.g. ``error.identity_covered`` with ``identity=txt("value.baron")``).
"""
from __future__ import annotations

from typing import Any

from .base import HOST, Game, Illegal, ev, seat, template, txt

IDS = ["baron", "monk", "judge", "trader", "magician", "thief", "farmer"]
RES = ["gold", "wine", "grain"]
ACTIONS: dict[str, list[str]] = {
    "baron": ["gold", "tax"],
    "monk": ["wine", "collection"],
    "judge": ["wine", "grain"],
    "trader": ["gold", "trade"],
    "magician": ["enchant"],
    "thief": ["steal"],
    "farmer": ["grain"],
}
REACTION_ID = {"illegal": "baron", "fine": "judge", "indulgence": "monk", "immunize": "magician"}
ONE_OF_THREE = ("illegal", "fine", "indulgence")
MAX_TRIOS = 5


def _k(s: int) -> str:
    return str(s)


def _id(i: str) -> dict:
    return txt("value." + i)


def _ids(lst: list[str]) -> list[dict]:
    return [_id(i) for i in lst]


class Hoax(Game):
    name = "hoax"
    min_players = 3
    max_players = 8
    options_schema = [
        {"name": "strict_doubt", "kind": "bool", "default": False},
        {"name": "large_group", "kind": "bool", "default": False},
    ]
    seat_fields = frozenset({"target", "seat", "with", "first"})

    def player_range(self, options: dict) -> tuple[int, int]:
        return (3, 14) if (options or {}).get("large_group") else (3, 8)

    def start_fields(self, seats: list[int], options: dict) -> dict:
        return {"first": ["random", *seats]}

    # ------------------------------------------------------------------ setup
    def setup(self, seats, options, rng):
        options = dict(options or {})
        seats = list(seats)
        lo, hi = self.player_range(options)
        if not lo <= len(seats) <= hi:
            raise Illegal("player_count", 409, min=lo, max=hi)
        first = options.get("first", "random")
        if first not in seats:
            first = rng.choice(seats)
        st: dict[str, Any] = {
            "seats": seats,
            "opts": {"strict_doubt": bool(options.get("strict_doubt")),
                     "large_group": bool(options.get("large_group"))},
            "points": {_k(s): 0 for s in seats},
            "round": 0, "winner": None, "last_round": None,
            "next_id": 1, "turn_no": 0,
        }
        events: list[dict] = []
        self._deal(st, first, rng, events)
        return st, events

    def _deal(self, st, start, rng, events):
        copies = 4 if st["opts"]["large_group"] else 2
        deck = [i for i in IDS for _ in range(copies)]
        rng.shuffle(deck)
        seats = st["seats"]
        st.update({
            "round": st["round"] + 1, "phase": "cover", "start": start,
            "ident": {_k(s): deck[n] for n, s in enumerate(seats)},
            "covers": {_k(s): [] for s in seats},
            "to_cover": list(seats),
            "shown": {}, "out": {}, "revealed": {}, "final": False,
            "to_move": start, "turn": None, "claims": [], "used": {},
            "doubt": None, "pending": None,
        })
        events.append(ev("deal", round=st["round"], who=seat(start)))

    # ---------------------------------------------------------------- helpers
    @staticmethod
    def in_round(st) -> list[int]:
        return [s for s in st["seats"] if _k(s) not in st["out"]]

    def needed(self, st) -> int:
        n = len(self.in_round(st))
        need = n - 1 if st["opts"]["strict_doubt"] else (n + 1) // 2
        if st["opts"]["large_group"]:
            need = min(need, 4)
        return max(need, 1)

    @staticmethod
    def _claim(st, cid):
        if type(cid) is not int:
            return None
        for c in st["claims"]:
            if c["id"] == cid:
                return c
        return None

    @staticmethod
    def _standing(st, kind=None, seat_=None):
        return [c for c in st["claims"] if not c["void"]
                and (kind is None or c["kind"] == kind)
                and (seat_ is None or c["seat"] == seat_)]

    def _next_in_round(self, st, s):
        seats = st["seats"]
        i = seats.index(s)
        for d in range(1, len(seats) + 1):
            t = seats[(i + d) % len(seats)]
            if _k(t) not in st["out"]:
                return t
        return s

    def _hit_by_action(self, st, s) -> bool:
        """Is seat ``s`` hit by the turn's (standing) personal action?"""
        turn = st["turn"]
        if not turn or turn["type"] != "claim":
            return False
        c = self._claim(st, turn["claim"])
        if c is None or c["void"] or c["seat"] == s:
            return False
        a, p = c["action"], c["params"]
        if a in ("tax", "collection"):
            return True
        if a == "trade":
            return p.get("with") == s
        if a == "enchant":
            return p.get("target") == s
        return False

    def _action_standing(self, st) -> bool:
        turn = st["turn"]
        if not turn:
            return False
        if turn["type"] == "claim":
            c = self._claim(st, turn["claim"])
            return c is not None and not c["void"]
        return True

    def _show_allowed(self, st, buyer, target) -> list[str]:
        own = st["ident"][_k(target)]
        covered = st["covers"][_k(target)]
        shown = [] if st["final"] else st["shown"].get(_k(buyer), {}).get(_k(target), [])
        return [i for i in IDS if i != own and i not in covered and i not in shown]

    def _possible(self, st, viewer, other) -> list[str]:
        if _k(other) in st["revealed"]:
            return [st["revealed"][_k(other)]]
        shown = st["shown"].get(_k(viewer), {}).get(_k(other), [])
        return [i for i in IDS if i not in st["covers"][_k(other)] and i not in shown]

    # ------------------------------------------------------------- templates
    def actions(self, state, s):
        st = state
        if st["winner"] is not None or s not in st["seats"]:
            return []
        if st["phase"] == "cover":
            if s in st["to_cover"]:
                own = st["ident"][_k(s)]
                return [template("cover", identity=[i for i in IDS if i != own])]
            return []
        if _k(s) in st["out"]:
            return []
        if st["pending"]:
            p = st["pending"]
            if p["target"] != s:
                return []
            allowed = self._show_allowed(st, p["buyer"], s)
            return [template("show", identities={"kind": "subset", "of": allowed, "size": p["n"]})]
        if st["doubt"] is not None:
            c = self._claim(st, st["doubt"])
            d = c["doubt"]
            out = []
            if s != c["seat"] and s not in d["yes"] and s not in d["no"]:
                out.append(template("doubt", confirm=True, claim=[c["id"]]))
                out.append(template("decline", claim=[c["id"]]))
            if s == d["by"]:
                out.append(template("withdraw", claim=[c["id"]]))
            return out
        out = []
        covers = st["covers"][_k(s)]
        if s == st["to_move"]:
            others = [t for t in self.in_round(st) if t != s]
            for ident in IDS:
                if ident in covers:
                    continue
                for a in ACTIONS[ident]:
                    base = {"identity": [ident], "action": [a]}
                    if a == "tax":
                        out.append(template("claim", **base, resource=list(RES)))
                    elif a == "trade":
                        for give in RES:
                            out.append(template("claim", **base, **{"with": ["bank", *others]},
                                                give=[give], get=[r for r in RES if r != give]))
                    elif a == "enchant":
                        out.append(template("claim", **base, target=list(others)))
                    elif a == "steal":
                        out.append(template("claim", **base, target=list(others),
                                            resource=list(RES), amount=[1, 2]))
                    else:
                        out.append(template("claim", **base))
            out.append(template("buy_info", target=list(others),
                                trios={"kind": "int", "min": 1, "max": MAX_TRIOS}))
            for t in others:
                ids = [i for i in IDS if i not in st["covers"][_k(t)]]
                if ids:
                    out.append(template("accuse", confirm=True, target=[t], identity=ids))
        turn = st["turn"]
        if turn:
            player = turn["player"]
            actor_in = _k(player) not in st["out"]
            used = _k(s) in st["used"]
            if s != player and actor_in and not used and self._action_standing(st):
                if "baron" not in covers:
                    out.append(template("illegal"))
                if "judge" not in covers and self._standing(st, "illegal"):
                    out.append(template("fine", resource=list(RES), amount=[1, 2]))
                if "monk" not in covers and self._standing(st, "fine"):
                    out.append(template("indulgence", resource=list(RES)))
            if "magician" not in covers:
                against = []
                mine = [c["params"]["against"] for c in self._standing(st, "immunize", s)]
                if self._hit_by_action(st, s) and "action" not in mine:
                    against.append("action")
                if s == player and self._standing(st, "fine") and "sentence" not in mine:
                    against.append("sentence")
                if against:
                    out.append(template("immunize", against=against))
            ids = [c["id"] for c in st["claims"] if not c["void"] and c["seat"] != s
                   and c["doubt"] is None and _k(c["seat"]) not in st["out"]]
            if ids:
                out.append(template("doubt", confirm=True, claim=ids))
        return out

    def host_actions(self, state):
        st = state
        if st["winner"] is not None:
            return []
        steps = []
        if st["phase"] == "cover":
            steps.append("cover")
        if st["pending"]:
            steps.append("show")
        if st["doubt"] is not None:
            steps.append("doubt")
        return [template("close", step=steps)] if steps else []

    # ------------------------------------------------------------------ apply
    def apply(self, state, actor, action, rng):
        st = state
        if not isinstance(action, dict):
            raise Illegal("bad_action", 422)
        t = action.get("type")
        if st["winner"] is not None:
            raise Illegal("game_over", 409)
        events: list[dict] = []
        if actor == HOST:
            if t != "close":
                raise Illegal("host_cannot", 403)
            self._close(st, action.get("step"), rng, events)
            return st, events
        if t == "close":
            raise Illegal("host_only", 403)
        if actor not in st["seats"]:
            raise Illegal("no_seat", 403)
        handler = {
            "cover": self._a_cover, "claim": self._a_claim, "buy_info": self._a_buy_info,
            "accuse": self._a_accuse, "show": self._a_show, "illegal": self._a_reaction,
            "fine": self._a_reaction, "indulgence": self._a_reaction,
            "immunize": self._a_reaction, "doubt": self._a_doubt,
            "decline": self._a_decline, "withdraw": self._a_withdraw,
        }.get(t)
        if handler is None:
            raise Illegal("unknown_action", 422)
        handler(st, actor, action, rng, events)
        return st, events

    # -- validation helpers
    @staticmethod
    def _field_identity(action, name="identity"):
        v = action.get(name)
        if not isinstance(v, str) or v not in IDS:
            raise Illegal("unknown_identity", 422)
        return v

    @staticmethod
    def _field_resource(action, name="resource"):
        v = action.get(name)
        if not isinstance(v, str) or v not in RES:
            raise Illegal("unknown_resource", 422)
        return v

    def _field_other(self, st, actor, action, name="target"):
        v = action.get(name)
        if type(v) is not int or v not in st["seats"]:
            raise Illegal("unknown_player", 422)
        if v == actor:
            raise Illegal("target_self", 422)
        if _k(v) in st["out"]:
            raise Illegal("target_out", 409, target=seat(v))
        return v

    def _guard_play(self, st, actor):
        if st["phase"] == "cover":
            raise Illegal("covering", 409)
        if _k(actor) in st["out"]:
            raise Illegal("not_in_round", 403)

    def _guard_paused(self, st):
        if st["pending"]:
            p = st["pending"]
            raise Illegal("waiting_show", 409, target=seat(p["target"]), buyer=seat(p["buyer"]))
        if st["doubt"] is not None:
            raise Illegal("doubt_open", 409, claim=st["doubt"])

    def _guard_turn(self, st, actor):
        self._guard_play(st, actor)
        self._guard_paused(st)
        if actor != st["to_move"]:
            raise Illegal("not_your_turn", 409, player=seat(st["to_move"]))

    def _new_turn(self, st, actor, type_, events, **extra):
        st["turn_no"] += 1
        st["claims"] = []
        st["used"] = {}
        st["turn"] = {"n": st["turn_no"], "player": actor, "type": type_, "claim": None, **extra}
        st["to_move"] = self._next_in_round(st, actor)

    def _add_claim(self, st, s, identity, kind, action=None, params=None):
        c = {"id": st["next_id"], "seat": s, "identity": identity, "kind": kind,
             "action": action, "params": params or {}, "void": False, "doubt": None}
        st["next_id"] += 1
        st["claims"].append(c)
        return c

    # -- start covers
    def _a_cover(self, st, actor, action, rng, events):
        if st["phase"] != "cover":
            raise Illegal("not_cover_phase", 409)
        if actor not in st["to_cover"]:
            raise Illegal("already_covered", 409)
        ident = self._field_identity(action)
        if ident == st["ident"][_k(actor)]:
            raise Illegal("cover_own", 409, identity=_id(ident))
        self._start_cover(st, actor, ident, events, "cover")

    def _start_cover(self, st, s, ident, events, key):
        st["covers"][_k(s)].append(ident)
        st["to_cover"].remove(s)
        events.append(ev(key, who=seat(s), identity=_id(ident)))
        if not st["to_cover"]:
            st["phase"] = "play"
            events.append(ev("play_begins", who=seat(st["to_move"])))

    # -- personal action
    def _a_claim(self, st, actor, action, rng, events):
        self._guard_turn(st, actor)
        ident = self._field_identity(action)
        a = action.get("action")
        if a not in ACTIONS[ident]:
            raise Illegal("wrong_action", 422, identity=_id(ident))
        if ident in st["covers"][_k(actor)]:
            raise Illegal("identity_covered", 409, identity=_id(ident))
        params: dict[str, Any] = {}
        if a == "tax":
            params["resource"] = self._field_resource(action)
        elif a == "trade":
            w = action.get("with")
            if w != "bank":
                w = self._field_other(st, actor, action, "with")
            params["with"] = w
            params["give"] = self._field_resource(action, "give")
            params["get"] = self._field_resource(action, "get")
            if params["give"] == params["get"]:
                raise Illegal("same_resource", 422)
        elif a == "enchant":
            params["target"] = self._field_other(st, actor, action)
        elif a == "steal":
            params["target"] = self._field_other(st, actor, action)
            params["resource"] = self._field_resource(action)
            amount = action.get("amount")
            if type(amount) is not int or amount not in (1, 2):
                raise Illegal("bad_amount", 422)
            params["amount"] = amount
        self._new_turn(st, actor, "claim", events)
        c = self._add_claim(st, actor, ident, "action", a, params)
        st["turn"]["claim"] = c["id"]
        events.append(ev(f"claim.{ident}.{a}", **self._claim_params(c)))

    @staticmethod
    def _claim_params(c) -> dict:
        p = c["params"]
        out: dict[str, Any] = {"who": seat(c["seat"]), "id": c["id"],
                               "identity": _id(c["identity"])}
        for name in ("resource", "give", "get"):
            if name in p:
                out[name] = _id(p[name])
        if "target" in p:
            out["target"] = seat(p["target"])
        if "amount" in p:
            out["amount"] = p["amount"]
        if "with" in p:
            out["partner"] = txt("value.bank") if p["with"] == "bank" else seat(p["with"])
        return out

    # -- information
    def _a_buy_info(self, st, actor, action, rng, events):
        self._guard_turn(st, actor)
        target = self._field_other(st, actor, action)
        n = action.get("trios")
        if type(n) is not int or not 1 <= n <= MAX_TRIOS:
            raise Illegal("bad_trios", 422, max=MAX_TRIOS)
        allowed = self._show_allowed(st, actor, target)
        k = min(n, len(allowed))
        self._new_turn(st, actor, "buy_info", events, target=target, trios=n, count=k)
        events.append(ev("buy_info", who=seat(actor), target=seat(target), trios=n))
        if k < n:
            events.append(ev("trios_back", who=seat(actor), target=seat(target),
                             count=k, back=n - k))
        if k:
            st["pending"] = {"buyer": actor, "target": target, "n": k}

    def _a_show(self, st, actor, action, rng, events):
        if st["phase"] == "cover":
            raise Illegal("covering", 409)
        p = st["pending"]
        if not p:
            raise Illegal("no_show_asked", 409)
        if p["target"] != actor:
            raise Illegal("not_asked", 403)
        ids = action.get("identities")
        if not isinstance(ids, list) or any(not isinstance(i, str) or i not in IDS for i in ids):
            raise Illegal("unknown_identity", 422)
        if len(ids) != p["n"] or len(set(ids)) != len(ids):
            raise Illegal("show_count", 422, n=p["n"])
        own = st["ident"][_k(actor)]
        for i in ids:
            if i == own:
                raise Illegal("show_own", 409, identity=_id(i))
            if i in st["covers"][_k(actor)]:
                raise Illegal("show_covered", 409, identity=_id(i))
            if not st["final"] and i in st["shown"].get(_k(p["buyer"]), {}).get(_k(actor), []):
                raise Illegal("show_repeat", 409, identity=_id(i), buyer=seat(p["buyer"]))
        self._do_show(st, ids, events)

    def _do_show(self, st, ids, events):
        p = st["pending"]
        buyer, target = p["buyer"], p["target"]
        st["pending"] = None
        if st["final"]:
            events.append(ev("final_info_cover", who=seat(target), buyer=seat(buyer),
                             identities=_ids(ids)))
            for i in ids:
                self._cover(st, target, i, events)
            return
        st["shown"].setdefault(_k(buyer), {}).setdefault(_k(target), []).extend(ids)
        events.append(ev("showed", who=seat(target), buyer=seat(buyer), count=len(ids)))
        events.append(ev("showed_you", to=[buyer], who=seat(target), identities=_ids(ids)))
        events.append(ev("you_showed", to=[target], buyer=seat(buyer), identities=_ids(ids)))

    # -- accusation
    def _a_accuse(self, st, actor, action, rng, events):
        self._guard_turn(st, actor)
        target = self._field_other(st, actor, action)
        ident = self._field_identity(action)
        if ident in st["covers"][_k(target)]:
            raise Illegal("accuse_covered", 409, target=seat(target), identity=_id(ident))
        right = st["ident"][_k(target)] == ident
        self._new_turn(st, actor, "accuse", events, target=target, right=right)
        events.append(ev("accuse", who=seat(actor), target=seat(target)))
        events.append(ev("accuse_secret", to=[actor, target], who=seat(actor),
                         target=seat(target), identity=_id(ident)))
        final = st["final"]
        if right:
            events.append(ev("accuse_right", who=seat(actor), target=seat(target)))
            self._go_out(st, target, "accused", events)
            if self._award(st, actor, 1, events):
                return
            if final:
                self._finish_final(st, actor, target, events, rng)
            else:
                self._maybe_final(st, events)
        else:
            events.append(ev("accuse_wrong", who=seat(actor), target=seat(target)))
            self._go_out(st, actor, "accuser", events)
            if final:
                self._finish_final(st, target, actor, events, rng, fend_off=True)
            else:
                self._award(st, target, 1, events, capped=True)
                self._maybe_final(st, events)

    # -- reactions
    def _a_reaction(self, st, actor, action, rng, events):
        kind = action["type"]
        self._guard_play(st, actor)
        self._guard_paused(st)
        turn = st["turn"]
        if not turn:
            raise Illegal("no_turn", 409)
        ident = REACTION_ID[kind]
        player = turn["player"]
        params: dict[str, Any] = {}
        if kind in ONE_OF_THREE:
            if not self._action_standing(st):
                raise Illegal("action_void", 409)
            if _k(player) in st["out"]:
                raise Illegal("actor_out", 409, actor=seat(player))
            if kind == "illegal" and actor == player:
                raise Illegal("own_action", 403)
            if kind == "fine":
                if actor == player:
                    raise Illegal("fine_self", 403)
                if not self._standing(st, "illegal"):
                    raise Illegal("no_illegal", 409)
            if kind == "indulgence":
                if actor == player:
                    raise Illegal("indulgence_self", 403)
                if not self._standing(st, "fine"):
                    raise Illegal("no_fine", 409)
            if _k(actor) in st["used"]:
                raise Illegal("reaction_used", 409,
                              reaction=txt("action." + st["used"][_k(actor)]))
            if kind in ("fine", "indulgence"):
                params["resource"] = self._field_resource(action)
            if kind == "fine":
                amount = action.get("amount")
                if type(amount) is not int or amount not in (1, 2):
                    raise Illegal("bad_amount", 422)
                params["amount"] = amount
        else:  # immunize
            against = action.get("against")
            if against not in ("action", "sentence"):
                raise Illegal("bad_against", 422)
            if against == "action":
                c = self._claim(st, turn["claim"]) if turn["type"] == "claim" else None
                if c is not None and not c["void"] and c["action"] == "steal" and c["seat"] != actor:
                    raise Illegal("immune_theft", 409)
                if not self._hit_by_action(st, actor):
                    raise Illegal("not_hit", 403)
            else:
                if actor != player:
                    raise Illegal("not_sentenced", 403)
                if not self._standing(st, "fine"):
                    raise Illegal("no_fine", 409)
            if any(c["params"]["against"] == against for c in self._standing(st, "immunize", actor)):
                raise Illegal("already_immune", 409)
            params["against"] = against
        if ident in st["covers"][_k(actor)]:
            raise Illegal("identity_covered", 409, identity=_id(ident))
        if kind in ONE_OF_THREE:
            st["used"][_k(actor)] = kind
        c = self._add_claim(st, actor, ident, kind, None, params)
        key = kind
        if kind == "fine":
            key = "fine2" if params["amount"] == 2 else "fine1"
        elif kind == "immunize":
            key = "immunize_" + params["against"]
        events.append(ev(key, who=seat(actor), actor=seat(player), id=c["id"],
                         resource=_id(params["resource"]) if "resource" in params else "",
                         amount=params.get("amount", 0)))

    # -- doubts
    def _a_doubt(self, st, actor, action, rng, events):
        self._guard_play(st, actor)
        if st["pending"]:
            self._guard_paused(st)
        c = self._claim(st, action.get("claim"))
        if c is None:
            raise Illegal("no_claim", 422)
        if c["seat"] == actor:
            raise Illegal("own_claim", 403)
        if st["doubt"] is not None:
            if st["doubt"] != c["id"]:
                raise Illegal("doubt_open", 409, claim=st["doubt"])
            d = c["doubt"]
            if actor in d["yes"] or actor in d["no"]:
                raise Illegal("already_answered", 409)
            d["yes"].append(actor)
            events.append(ev("doubt_support", who=seat(actor), claimant=seat(c["seat"]),
                             id=c["id"], count=len(d["yes"]), needed=self.needed(st)))
            self._check_doubt(st, c, events, rng)
            return
        if c["void"]:
            raise Illegal("claim_void", 409)
        if _k(c["seat"]) in st["out"]:
            raise Illegal("claimant_out", 409, claimant=seat(c["seat"]))
        if c["doubt"] is not None:
            raise Illegal("already_doubted", 409)
        c["doubt"] = {"by": actor, "yes": [actor], "no": [], "status": "open"}
        st["doubt"] = c["id"]
        events.append(ev("doubt_raised", who=seat(actor), claimant=seat(c["seat"]),
                         identity=_id(c["identity"]), id=c["id"], needed=self.needed(st)))
        if st["final"]:
            self._resolve(st, c, events, rng)
        else:
            self._check_doubt(st, c, events, rng)

    def _a_decline(self, st, actor, action, rng, events):
        self._guard_play(st, actor)
        c = self._claim(st, action.get("claim"))
        if c is None or st["doubt"] != c["id"]:
            raise Illegal("no_open_doubt", 409)
        if c["seat"] == actor:
            raise Illegal("own_claim", 403)
        d = c["doubt"]
        if actor in d["yes"] or actor in d["no"]:
            raise Illegal("already_answered", 409)
        d["no"].append(actor)
        events.append(ev("doubt_decline", who=seat(actor), claimant=seat(c["seat"]), id=c["id"]))
        self._check_doubt(st, c, events, rng)

    def _a_withdraw(self, st, actor, action, rng, events):
        self._guard_play(st, actor)
        c = self._claim(st, action.get("claim"))
        if c is None or st["doubt"] != c["id"]:
            raise Illegal("no_open_doubt", 409)
        if c["doubt"]["by"] != actor:
            raise Illegal("not_raiser", 403)
        self._collapse(st, c, "withdrawn", events)

    def _check_doubt(self, st, c, events, rng):
        d = c["doubt"]
        need = self.needed(st)
        if len(d["yes"]) >= need:
            self._resolve(st, c, events, rng)
            return
        undecided = [s for s in self.in_round(st)
                     if s != c["seat"] and s not in d["yes"] and s not in d["no"]]
        if len(d["yes"]) + len(undecided) < need:
            self._collapse(st, c, "collapsed", events)

    def _collapse(self, st, c, status, events):
        c["doubt"]["status"] = status
        st["doubt"] = None
        events.append(ev("doubt_" + status, claimant=seat(c["seat"]), id=c["id"],
                         identity=_id(c["identity"])))

    def _resolve(self, st, c, events, rng):
        st["doubt"] = None
        d = c["doubt"]
        claimant, ident = c["seat"], c["identity"]
        if st["ident"][_k(claimant)] != ident:
            d["status"] = "right"
            events.append(ev("doubt_right", claimant=seat(claimant), identity=_id(ident),
                             id=c["id"], count=len(d["yes"])))
            self._void(st, c, events)
            self._cover(st, claimant, ident, events)
            return
        d["status"] = "wrong"
        st["revealed"][_k(claimant)] = ident
        events.append(ev("doubt_wrong", claimant=seat(claimant), identity=_id(ident),
                         id=c["id"], doubters=[seat(s) for s in d["yes"]]))
        if st["final"]:
            if self._award(st, claimant, 3, events):
                return
            events.append(ev("final_wrong_doubt", who=seat(d["by"])))
            self._finish_final(st, claimant, d["by"], events, rng)
            return
        self._go_out(st, claimant, "doubted", events)
        if self._award(st, claimant, 3, events):
            return
        copies = 4 if st["opts"]["large_group"] else 2
        if list(st["revealed"].values()).count(ident) >= copies:
            events.append(ev("open_info", identity=_id(ident)))
            for s in self.in_round(st):
                self._cover(st, s, ident, events)
        self._maybe_final(st, events)

    # -- covers and voids
    def _cover(self, st, s, ident, events):
        """``s`` covers ``ident``; their standing claims as ``ident`` are void."""
        if ident not in st["covers"][_k(s)]:
            st["covers"][_k(s)].append(ident)
        for c in list(st["claims"]):
            if not c["void"] and c["seat"] == s and c["identity"] == ident:
                self._void(st, c, events)

    def _void(self, st, c, events):
        if c["void"]:
            return
        c["void"] = True
        player = st["turn"]["player"] if st["turn"] else c["seat"]
        if c["kind"] == "action":
            key = f"void.{c['identity']}.{c['action']}"
            events.append(ev(key, **self._claim_params(c)))
            for r in self._standing(st, "illegal"):
                self._void(st, r, events)
            for r in self._standing(st, "immunize"):
                if r["params"]["against"] == "action":
                    self._void(st, r, events)
            return
        events.append(ev("void." + c["kind"], who=seat(c["seat"]), id=c["id"],
                         actor=seat(player)))
        if c["kind"] == "illegal" and not self._standing(st, "illegal"):
            for r in self._standing(st, "fine"):
                self._void(st, r, events)
        elif c["kind"] == "fine" and not self._standing(st, "fine"):
            for r in self._standing(st, "indulgence"):
                self._void(st, r, events)
            for r in self._standing(st, "immunize"):
                if r["params"]["against"] == "sentence":
                    self._void(st, r, events)

    # -- leaving the round, points, final
    def _go_out(self, st, s, reason, events):
        st["out"][_k(s)] = reason
        if st["to_move"] == s:
            st["to_move"] = self._next_in_round(st, s)

    def _award(self, st, s, n, events, capped=False) -> bool:
        """Books ``n`` throne points; True if that won the game."""
        pts = st["points"]
        if capped and pts[_k(s)] + n >= 10:
            events.append(ev("no_tenth", who=seat(s)))
            return False
        pts[_k(s)] += n
        events.append(ev("points", who=seat(s), n=n, total=pts[_k(s)]))
        if pts[_k(s)] >= 10:
            st["winner"] = s
            st["phase"] = "over"
            st["doubt"] = None
            st["pending"] = None
            events.append(ev("wins", who=seat(s)))
            return True
        return False

    def _maybe_final(self, st, events):
        players = self.in_round(st)
        if st["final"] or len(players) != 2:
            return
        st["final"] = True
        a, b = players
        events.append(ev("final_begins", a=seat(a), b=seat(b)))
        for me, other in ((a, b), (b, a)):
            shown = st["shown"].get(_k(other), {}).get(_k(me), [])
            new = [i for i in shown if i not in st["covers"][_k(me)]]
            if new:
                events.append(ev("final_auto_cover", who=seat(me), other=seat(other),
                                 identities=_ids(new)))
                for i in new:
                    self._cover(st, me, i, events)

    def _finish_final(self, st, winner, loser, events, rng, fend_off=False):
        events.append(ev("final_won", who=seat(winner), loser=seat(loser)))
        if self._award(st, winner, 3, events):
            return
        if fend_off:
            self._award(st, winner, 1, events, capped=True)
        self._award(st, loser, 1, events, capped=True)
        events.append(ev("round_end", round=st["round"]))
        for s in st["seats"]:
            events.append(ev("reveal", who=seat(s), identity=_id(st["ident"][_k(s)])))
        st["last_round"] = {"round": st["round"], "winner": winner, "loser": loser,
                            "identities": dict(st["ident"])}
        self._deal(st, winner, rng, events)

    # -- host
    def _close(self, st, step, rng, events):
        if step == "cover" and st["phase"] == "cover":
            for s in list(st["to_cover"]):
                own = st["ident"][_k(s)]
                self._start_cover(st, s, rng.choice([i for i in IDS if i != own]),
                                  events, "cover_closed")
            return
        if step == "show" and st["pending"]:
            p = st["pending"]
            allowed = self._show_allowed(st, p["buyer"], p["target"])
            events.append(ev("show_closed", who=seat(p["target"])))
            self._do_show(st, rng.sample(allowed, p["n"]), events)
            return
        if step == "doubt" and st["doubt"] is not None:
            self._collapse(st, self._claim(st, st["doubt"]), "closed", events)
            return
        raise Illegal("nothing_to_close", 409)

    # ------------------------------------------------------------------- view
    def view(self, state, s):
        st = state
        over = st["winner"] is not None
        need = self.needed(st)
        if over:
            step = "over"
        elif st["phase"] == "cover":
            step = "cover"
        elif st["pending"]:
            step = "show"
        elif st["doubt"] is not None:
            step = "doubt"
        else:
            step = "turn"
        players = []
        for t in st["seats"]:
            k = _k(t)
            players.append({
                "seat": t, "covers": list(st["covers"][k]),
                "covered": t not in st["to_cover"],
                "in_round": k not in st["out"], "out": st["out"].get(k),
                "revealed": st["revealed"].get(k), "points": st["points"][k],
            })
        claims = []
        for c in st["claims"]:
            d = c["doubt"]
            claims.append({
                "id": c["id"], "seat": c["seat"], "identity": c["identity"], "kind": c["kind"],
                "action": c["action"], "params": dict(c["params"]), "void": c["void"],
                "doubt": None if d is None else {
                    "by": d["by"], "supporters": list(d["yes"]), "declined": list(d["no"]),
                    "count": len(d["yes"]), "needed": need, "status": d["status"]},
            })
        turn = None
        if st["turn"]:
            turn = {k: v for k, v in st["turn"].items()}
        public = {
            "round": st["round"], "phase": st["phase"], "step": step,
            "order": list(st["seats"]), "start": st["start"],
            "to_move": None if over else st["to_move"],
            "final": st["final"], "players": players, "turn": turn, "claims": claims,
            "doubt": st["doubt"], "needed": need, "pending": st["pending"],
            "last_round": st["last_round"], "winner": st["winner"],
            "options": dict(st["opts"]),
            "identities": {k: v for k, v in st["ident"].items()} if over else None,
        }
        you = None
        if s is not None and s in st["seats"]:
            notebook = {_k(t): list(v) for t, v in st["shown"].get(_k(s), {}).items()}
            showed = {}
            for b, m in st["shown"].items():
                if _k(s) in m:
                    showed[b] = list(m[_k(s)])
            you = {
                "seat": s, "secret": {"identity": st["ident"][_k(s)]},
                "covers": list(st["covers"][_k(s)]),
                "in_round": _k(s) not in st["out"],
                "notebook": notebook, "showed": showed,
                "possible": {_k(t): self._possible(st, s, t) for t in st["seats"] if t != s},
            }
        return {"you": you, "public": public}

    def scores(self, state):
        return {s: state["points"][_k(s)] for s in state["seats"]}

    def winners(self, state):
        return None if state["winner"] is None else [state["winner"]]


# ---------------------------------------------------------------------- texts
_EN_IDS = {"baron": "Baron", "monk": "Monk", "judge": "Judge", "trader": "Trader",
           "magician": "Magician", "thief": "Thief", "farmer": "Farmer"}
_DE_IDS = {"baron": "Baron", "monk": "Mönch", "judge": "Richter", "trader": "Händler",
           "magician": "Magier", "thief": "Dieb", "farmer": "Bauer"}

EN: dict[str, str] = {
    "title": "The Heirs of HOAX",
    "action.cover": "Cover an identity", "action.claim": "Claim an identity",
    "action.buy_info": "Buy information", "action.show": "Show identities",
    "action.accuse": "Accuse", "action.illegal": "Baron: declare illegal",
    "action.fine": "Judge: fine", "action.indulgence": "Monk: offer indulgence",
    "action.immunize": "Magician: immunize", "action.doubt": "Doubt",
    "action.decline": "Do not doubt", "action.withdraw": "Withdraw doubt",
    "action.close": "Close step",
    "field.identity": "Identity", "field.identities": "Identities", "field.action": "Action",
    "field.resource": "Resource", "field.target": "Player", "field.with": "Trade with",
    "field.give": "Give", "field.get": "Get", "field.amount": "Amount",
    "field.trios": "Trios", "field.claim": "Claim", "field.against": "Against",
    "field.step": "Step", "field.first": "Start player",
    "value.gold": "Gold", "value.wine": "Wine", "value.grain": "Grain",
    "value.tax": "Tax", "value.collection": "Collection", "value.trade": "Trade",
    "value.enchant": "Enchant", "value.steal": "Steal", "value.bank": "Bank",
    "value.action": "the action", "value.sentence": "the fine",
    "value.cover": "start covers", "value.show": "information answer",
    "value.doubt": "open doubt", "value.random": "random",
    "value.illegal": "Illegal", "value.fine": "Fine", "value.indulgence": "Indulgence",
    "value.immunize": "Immunize",
    "option.strict_doubt": "Strict doubting (all must doubt)",
    "option.large_group": "Large group (two sets, up to 14)",
    "ui.turn": "Turn", "ui.to_move": "Next to act", "ui.covers": "Covered",
    "ui.out": "out", "ui.points": "Throne points", "ui.claims": "Open claims",
    "ui.doubters": "doubters", "ui.final": "Final", "ui.round": "Round",
    "ui.notebook": "What others showed you", "ui.possible": "May still be",
    "ui.showed": "What you showed", "ui.last_round": "Last round",
    "ui.void": "void", "ui.waiting_cover": "waiting to cover",
    "ui.pending": "{target} must answer {buyer} ({n})", "ui.your_covers": "Your covers",
    "ui.identities": "Identities", "ui.winner": "King of HOAX",
    # log
    "log.deal": "Round {round}: new identities are dealt. Everybody puts all chips back in the bank, takes one starting chip of their choice and covers one identity they are not. {who} begins.",
    "log.cover": "{who} covers the {identity}.",
    "log.cover_closed": "{who} did not choose in time: the {identity} is covered for them.",
    "log.play_begins": "All have covered. {who} begins.",
    "log.claim.baron.gold": "#{id} {who} as Baron takes 2 gold from the treasury (bank).",
    "log.claim.baron.tax": "#{id} {who} as Baron levies a tax on {resource}: every other player with {resource} outside trios gives 1 to {who}.",
    "log.claim.monk.wine": "#{id} {who} as Monk presses 2 wine from the bank.",
    "log.claim.monk.collection": "#{id} {who} as Monk holds a collection: every other player gives {who} one chip of their choice (not from trios).",
    "log.claim.judge.wine": "#{id} {who} as Judge takes 1 wine from the bank.",
    "log.claim.judge.grain": "#{id} {who} as Judge takes 1 grain as rent from the bank.",
    "log.claim.trader.gold": "#{id} {who} as Trader earns 1 gold from the bank.",
    "log.claim.trader.trade": "#{id} {who} as Trader trades with {partner}: {who} gives {give} and gets the same number of {get} (not from trios).",
    "log.claim.magician.enchant": "#{id} {who} as Magician enchants {target}: {target} gives {who} every chip outside trios.",
    "log.claim.thief.steal": "#{id} {who} as Thief steals {amount} {resource} from {target} (trios may be broken up).",
    "log.claim.farmer.grain": "#{id} {who} as Farmer harvests 2 grain from the bank.",
    "log.void.baron.gold": "#{id} is void: {who} puts the 2 gold back in the bank.",
    "log.void.baron.tax": "{who}'s tax (#{id}) is void: everyone who paid takes their {resource} back.",
    "log.void.monk.wine": "#{id} is void: {who} puts the 2 wine back in the bank.",
    "log.void.monk.collection": "{who}'s collection (#{id}) is void: everyone who gave takes their chip back.",
    "log.void.judge.wine": "#{id} is void: {who} puts the wine back in the bank.",
    "log.void.judge.grain": "#{id} is void: {who} puts the grain back in the bank.",
    "log.void.trader.gold": "#{id} is void: {who} puts the gold back in the bank.",
    "log.void.trader.trade": "{who}'s trade (#{id}) is void: {who} and {partner} swap the chips back.",
    "log.void.magician.enchant": "{who}'s enchantment (#{id}) is void: {target} takes all their chips back.",
    "log.void.thief.steal": "{who}'s theft (#{id}) is void: {who} gives the {amount} {resource} back to {target}.",
    "log.void.farmer.grain": "#{id} is void: {who} puts the 2 grain back in the bank.",
    "log.void.illegal": "{who}'s illegal declaration (#{id}) is void.",
    "log.void.fine": "{who}'s fine (#{id}) is void: if {actor} paid it, {who} gives it back (and takes back the Baron's share).",
    "log.void.indulgence": "{who}'s indulgence (#{id}) is void: if {actor} paid it, {who} gives it back.",
    "log.void.immunize": "{who}'s immunization (#{id}) is void: {who} is not protected and pays or hands over as demanded.",
    "log.buy_info": "{who} pays {trios} trio(s) into the bank and buys information about {target}.",
    "log.trios_back": "{target} has only {count} identity(ies) left to show: {back} trio(s) go back to {who}.",
    "log.showed": "{who} answered {buyer}'s purchase ({count} identity(ies)).",
    "log.showed_you": "{who} showed you they are none of: {identities}.",
    "log.you_showed": "You showed {buyer} that you are none of: {identities}.",
    "log.show_closed": "The host answered for {who} (chosen at random).",
    "log.final_info_cover": "Final: instead of showing, {who} covers {identities} (bought by {buyer}).",
    "log.accuse": "{who} accuses {target}!",
    "log.accuse_secret": "Accusation: {who} named {target} as the {identity}.",
    "log.accuse_right": "{target}: \"Right.\" {target} is out of the round; {who} takes all of {target}'s chips and trios.",
    "log.accuse_wrong": "{target}: \"Wrong.\" {who} is out of the round and gives all chips and trios to {target}.",
    "log.illegal": "#{id} {who} as Baron declares {actor}'s action illegal.",
    "log.fine1": "#{id} {who} as Judge fines {actor} 1 {resource} (allowed only if {actor} cannot pay 2 {resource} outside trios).",
    "log.fine2": "#{id} {who} as Judge fines {actor} 2 {resource}. If it is paid, {who} hands 1 to the Baron who declared it illegal (their choice if several).",
    "log.indulgence": "#{id} {who} as Monk offers {actor} an indulgence for 1 {resource} instead of a fine.",
    "log.immunize_action": "#{id} {who} as Magician is immune against {actor}'s action.",
    "log.immunize_sentence": "#{id} {who} as Magician is immune against every fine and indulgence.",
    "log.doubt_raised": "{who} doubts #{id}: \"{claimant}, you are no {identity}!\" ({needed} doubters needed)",
    "log.doubt_support": "{who} supports the doubt against {claimant} ({count} of {needed}).",
    "log.doubt_decline": "{who} does not doubt {claimant}.",
    "log.doubt_collapsed": "The doubt against {claimant} (#{id}) collapsed: not enough doubters. Play goes on.",
    "log.doubt_withdrawn": "The doubt against {claimant} (#{id}) was withdrawn. Play goes on.",
    "log.doubt_closed": "The host closed the doubt against {claimant} (#{id}). Play goes on.",
    "log.doubt_right": "The doubt goes through ({count}): {claimant} is no {identity} and covers it.",
    "log.doubt_wrong": "The doubt goes through — but {claimant} really is the {identity}! {claimant} shows the card and leaves the round; #{id} stands. {claimant}'s chips go back to the bank. Doubters: {doubters}.",
    "log.open_info": "Every {identity} card is revealed: every player still in the round covers the {identity}.",
    "log.final_wrong_doubt": "{who} doubted wrongly in the final and loses it.",
    "log.points": "{who} gains {n} throne point(s) ({total}).",
    "log.no_tenth": "{who} would reach the 10th throne point this way — it is not awarded.",
    "log.wins": "{who} reaches 10 throne points and is the new King of HOAX!",
    "log.final_begins": "Final: {a} against {b}.",
    "log.final_auto_cover": "Final: {who} covers what they showed {other}: {identities}.",
    "log.final_won": "{who} wins the final against {loser}.",
    "log.round_end": "Round {round} is over. Everyone turns over their identity card.",
    "log.reveal": "{who} was the {identity}.",
    # errors
    "error.bad_action": "That is not a valid action.",
    "error.unknown_action": "This game has no such action.",
    "error.game_over": "The game is over.",
    "error.host_cannot": "The host can only close a step that waits on a phone.",
    "error.host_only": "Only the host can close a step.",
    "error.no_seat": "You have no seat in this game.",
    "error.player_count": "This game needs {min} to {max} players.",
    "error.unknown_identity": "There is no such identity.",
    "error.unknown_resource": "There is no such resource (gold, wine or grain).",
    "error.unknown_player": "There is no such player.",
    "error.target_self": "Choose another player, not yourself.",
    "error.target_out": "{target} is out of this round.",
    "error.covering": "First everybody must cover one identity.",
    "error.not_cover_phase": "Covers are chosen only at the start of a round.",
    "error.already_covered": "You have already covered an identity for this round.",
    "error.cover_own": "You are the {identity} — cover an identity you are not.",
    "error.not_in_round": "You are out of this round.",
    "error.waiting_show": "Wait: {target} must first answer {buyer}'s information purchase.",
    "error.doubt_open": "A doubt is open (#{claim}): wait until it is decided.",
    "error.not_your_turn": "It is {player}'s turn.",
    "error.wrong_action": "The {identity} cannot do that.",
    "error.identity_covered": "You covered the {identity} — you cannot claim it.",
    "error.same_resource": "Trade one resource for a different one.",
    "error.bad_amount": "The amount must be 1 or 2.",
    "error.bad_trios": "Pay between 1 and {max} trios.",
    "error.no_show_asked": "Nobody is waiting for information from you.",
    "error.not_asked": "Only the player asked for information can answer.",
    "error.show_count": "Show exactly {n} identity(ies).",
    "error.show_own": "You are the {identity} — you cannot show it as one you are not.",
    "error.show_covered": "You covered the {identity} — it cannot be shown.",
    "error.show_repeat": "You already showed {buyer} the {identity}: show a new one.",
    "error.accuse_covered": "{target} has covered the {identity} — they cannot be it.",
    "error.no_turn": "There is no action to react to yet.",
    "error.action_void": "The action is void — nothing to react to.",
    "error.actor_out": "{actor} is out of the round — no illegal declaration or fine.",
    "error.own_action": "You cannot declare your own action illegal.",
    "error.fine_self": "You cannot fine yourself.",
    "error.no_illegal": "A fine needs a Baron's illegal declaration first.",
    "error.indulgence_self": "You cannot offer yourself an indulgence.",
    "error.no_fine": "An indulgence (or immunity against it) needs a fine first.",
    "error.reaction_used": "You already reacted with {reaction} this turn: only one of Illegal, Fine and Indulgence per turn.",
    "error.bad_against": "Immunize against the action or against the fine.",
    "error.immune_theft": "Nobody can immunize against the Thief.",
    "error.not_hit": "This action does not hit you — nothing to immunize against.",
    "error.not_sentenced": "Only the fined player can immunize against the fine.",
    "error.already_immune": "You are already immune against that.",
    "error.no_claim": "There is no such claim on the table (any more).",
    "error.own_claim": "You cannot doubt your own claim.",
    "error.claim_void": "This claim is already void.",
    "error.claimant_out": "{claimant} is out of the round — nothing to doubt.",
    "error.already_doubted": "This claim has already been doubted.",
    "error.already_answered": "You have already answered this doubt.",
    "error.no_open_doubt": "There is no open doubt on that claim.",
    "error.not_raiser": "Only the player who raised the doubt can withdraw it.",
    "error.nothing_to_close": "Nothing is waiting on that step.",
}

DE: dict[str, str] = {
    "title": "Die Erben von HOAX",
    "action.cover": "Identität abdecken", "action.claim": "Als Identität handeln",
    "action.buy_info": "Informationen kaufen", "action.show": "Identitäten zeigen",
    "action.accuse": "Anklagen", "action.illegal": "Baron: für illegal erklären",
    "action.fine": "Richter: Strafe", "action.indulgence": "Mönch: Ablass gewähren",
    "action.immunize": "Magier: immunisieren", "action.doubt": "Anzweifeln",
    "action.decline": "Nicht zweifeln", "action.withdraw": "Zweifel zurückziehen",
    "action.close": "Schritt abschließen",
    "field.identity": "Identität", "field.identities": "Identitäten", "field.action": "Aktion",
    "field.resource": "Vorrat", "field.target": "Mitspieler", "field.with": "Tauschen mit",
    "field.give": "Abgeben", "field.get": "Bekommen", "field.amount": "Anzahl",
    "field.trios": "Trios", "field.claim": "Behauptung", "field.against": "Gegen",
    "field.step": "Schritt", "field.first": "Startspieler",
    "value.gold": "Gold", "value.wine": "Wein", "value.grain": "Korn",
    "value.tax": "Steuern", "value.collection": "Kollekte", "value.trade": "Tausch",
    "value.enchant": "Verzaubern", "value.steal": "Klauen", "value.bank": "Bank",
    "value.action": "die Aktion", "value.sentence": "die Strafe",
    "value.cover": "Start-Abdeckung", "value.show": "Informations-Antwort",
    "value.doubt": "offener Zweifel", "value.random": "zufällig",
    "value.illegal": "Illegal", "value.fine": "Strafe", "value.indulgence": "Ablass",
    "value.immunize": "Immunisieren",
    "option.strict_doubt": "Verschärftes Anzweifeln (alle müssen zweifeln)",
    "option.large_group": "Viele Spieler (zwei Spiele, bis 14)",
    "ui.turn": "Zug", "ui.to_move": "Als Nächstes", "ui.covers": "Abgedeckt",
    "ui.out": "raus", "ui.points": "Thronpunkte", "ui.claims": "Offene Behauptungen",
    "ui.doubters": "Zweifler", "ui.final": "Finale", "ui.round": "Runde",
    "ui.notebook": "Was andere dir gezeigt haben", "ui.possible": "Kann noch sein",
    "ui.showed": "Was du gezeigt hast", "ui.last_round": "Letzte Runde",
    "ui.void": "ungültig", "ui.waiting_cover": "muss noch abdecken",
    "ui.pending": "{target} muss {buyer} antworten ({n})", "ui.your_covers": "Deine Abdeckungen",
    "ui.identities": "Identitäten", "ui.winner": "König von HOAX",
    "log.deal": "Runde {round}: Neue Identitäten werden verteilt. Alle Vorräte zurück in die Bank, jeder nimmt einen beliebigen Startvorrat und deckt eine Identität ab, die er nicht ist. {who} beginnt.",
    "log.cover": "{who} deckt {identity} ab.",
    "log.cover_closed": "{who} hat nicht gewählt: {identity} wird für sie/ihn abgedeckt.",
    "log.play_begins": "Alle haben abgedeckt. {who} beginnt.",
    "log.claim.baron.gold": "#{id} {who} holt als Baron 2 Gold aus der Schatzkammer (Bank).",
    "log.claim.baron.tax": "#{id} {who} erhebt als Baron Steuern auf {resource}: Jeder Mitspieler mit {resource} außerhalb von Trios gibt {who} 1 ab.",
    "log.claim.monk.wine": "#{id} {who} keltert als Mönch 2 Wein aus der Bank.",
    "log.claim.monk.collection": "#{id} {who} hält als Mönch eine Kollekte: Jeder Mitspieler gibt {who} einen beliebigen Vorrat (nicht aus Trios).",
    "log.claim.judge.wine": "#{id} {who} holt als Richter 1 Wein aus der Bank.",
    "log.claim.judge.grain": "#{id} {who} bekommt als Richter 1 Korn Pacht aus der Bank.",
    "log.claim.trader.gold": "#{id} {who} verdient als Händler 1 Gold aus der Bank.",
    "log.claim.trader.trade": "#{id} {who} tauscht als Händler mit {partner}: {who} gibt {give} und bekommt gleich viel {get} (nicht aus Trios).",
    "log.claim.magician.enchant": "#{id} {who} verzaubert als Magier {target}: {target} gibt {who} alle Vorräte außerhalb von Trios.",
    "log.claim.thief.steal": "#{id} {who} klaut als Dieb {target} {amount} {resource} (Trios dürfen aufgelöst werden).",
    "log.claim.farmer.grain": "#{id} {who} erntet als Bauer 2 Korn aus der Bank.",
    "log.void.baron.gold": "#{id} ist ungültig: {who} legt die 2 Gold zurück in die Bank.",
    "log.void.baron.tax": "Die Steuer von {who} (#{id}) ist ungültig: Wer gezahlt hat, nimmt sein {resource} zurück.",
    "log.void.monk.wine": "#{id} ist ungültig: {who} legt die 2 Wein zurück in die Bank.",
    "log.void.monk.collection": "Die Kollekte von {who} (#{id}) ist ungültig: Jeder nimmt seinen Vorrat zurück.",
    "log.void.judge.wine": "#{id} ist ungültig: {who} legt den Wein zurück in die Bank.",
    "log.void.judge.grain": "#{id} ist ungültig: {who} legt das Korn zurück in die Bank.",
    "log.void.trader.gold": "#{id} ist ungültig: {who} legt das Gold zurück in die Bank.",
    "log.void.trader.trade": "Der Tausch von {who} (#{id}) ist ungültig: {who} und {partner} tauschen zurück.",
    "log.void.magician.enchant": "Die Verzauberung von {who} (#{id}) ist ungültig: {target} nimmt alle Vorräte zurück.",
    "log.void.thief.steal": "Der Diebstahl von {who} (#{id}) ist ungültig: {who} gibt {target} die {amount} {resource} zurück.",
    "log.void.farmer.grain": "#{id} ist ungültig: {who} legt die 2 Korn zurück in die Bank.",
    "log.void.illegal": "Die Illegal-Erklärung von {who} (#{id}) ist ungültig.",
    "log.void.fine": "Die Strafe von {who} (#{id}) ist ungültig: Hat {actor} sie bezahlt, gibt {who} sie zurück (und holt den Anteil des Barons zurück).",
    "log.void.indulgence": "Der Ablass von {who} (#{id}) ist ungültig: Hat {actor} ihn bezahlt, gibt {who} ihn zurück.",
    "log.void.immunize": "Die Immunisierung von {who} (#{id}) ist ungültig: {who} ist nicht geschützt und muss zahlen bzw. abgeben.",
    "log.buy_info": "{who} zahlt {trios} Trio(s) in die Bank und kauft Informationen über {target}.",
    "log.trios_back": "{target} kann nur noch {count} Identität(en) zeigen: {back} Trio(s) gehen an {who} zurück.",
    "log.showed": "{who} hat {buyer} geantwortet ({count} Identität(en)).",
    "log.showed_you": "{who} hat dir gezeigt, wer sie/er nicht ist: {identities}.",
    "log.you_showed": "Du hast {buyer} gezeigt, wer du nicht bist: {identities}.",
    "log.show_closed": "Der Gastgeber hat für {who} geantwortet (zufällig gewählt).",
    "log.final_info_cover": "Finale: Statt zu zeigen deckt {who} ab: {identities} (gekauft von {buyer}).",
    "log.accuse": "{who} klagt {target} an!",
    "log.accuse_secret": "Anklage: {who} hat {target} als {identity} angeklagt.",
    "log.accuse_right": "{target}: „Richtig.“ {target} scheidet aus der Spielrunde aus; {who} nimmt sich alle Vorräte und Trios von {target}.",
    "log.accuse_wrong": "{target}: „Falsch.“ {who} scheidet aus der Spielrunde aus und gibt alle Vorräte und Trios an {target}.",
    "log.illegal": "#{id} {who} erklärt als Baron die Aktion von {actor} für illegal.",
    "log.fine1": "#{id} {who} verurteilt {actor} als Richter zu 1 {resource} Strafe (nur erlaubt, wenn {actor} nicht 2 {resource} außerhalb von Trios zahlen kann).",
    "log.fine2": "#{id} {who} verurteilt {actor} als Richter zu 2 {resource} Strafe. Wird sie bezahlt, gibt {who} 1 an den Baron der Illegal-Erklärung ab (bei mehreren nach Wahl).",
    "log.indulgence": "#{id} {who} gewährt {actor} als Mönch Ablass für 1 {resource} statt der Strafe.",
    "log.immunize_action": "#{id} {who} immunisiert sich als Magier gegen die Aktion von {actor}.",
    "log.immunize_sentence": "#{id} {who} immunisiert sich als Magier gegen jede Strafe und jeden Ablass.",
    "log.doubt_raised": "{who} zweifelt #{id} an: „{claimant}, du bist kein {identity}!“ ({needed} Zweifler nötig)",
    "log.doubt_support": "{who} unterstützt den Zweifel an {claimant} ({count} von {needed}).",
    "log.doubt_decline": "{who} zweifelt {claimant} nicht an.",
    "log.doubt_collapsed": "Der Zweifel an {claimant} (#{id}) ist in sich zusammengebrochen. Es geht normal weiter.",
    "log.doubt_withdrawn": "Der Zweifel an {claimant} (#{id}) wurde zurückgezogen. Es geht normal weiter.",
    "log.doubt_closed": "Der Gastgeber hat den Zweifel an {claimant} (#{id}) beendet. Es geht normal weiter.",
    "log.doubt_right": "Der Zweifel kommt durch ({count}): {claimant} ist kein {identity} und deckt ihn ab.",
    "log.doubt_wrong": "Der Zweifel kommt durch — aber {claimant} ist wirklich {identity}! {claimant} zeigt die Karte und scheidet aus; #{id} bleibt bestehen. Die Vorräte von {claimant} kommen in die Bank. Zweifler: {doubters}.",
    "log.open_info": "Alle Karten {identity} sind aufgedeckt: Alle Spieler in der Runde decken {identity} ab.",
    "log.final_wrong_doubt": "{who} hat im Finale falsch angezweifelt und verliert das Finale.",
    "log.points": "{who} bekommt {n} Thronpunkt(e) ({total}).",
    "log.no_tenth": "{who} würde so den 10. Thronpunkt erreichen — er wird nicht gutgeschrieben.",
    "log.wins": "{who} hat 10 Thronpunkte und ist neuer König von HOAX!",
    "log.final_begins": "Finale: {a} gegen {b}.",
    "log.final_auto_cover": "Finale: {who} deckt ab, was sie/er {other} gezeigt hat: {identities}.",
    "log.final_won": "{who} gewinnt das Finale gegen {loser}.",
    "log.round_end": "Runde {round} ist vorbei. Alle decken ihre Identitätskarte auf.",
    "log.reveal": "{who} war {identity}.",
    "error.bad_action": "Das ist keine gültige Aktion.",
    "error.unknown_action": "Diese Aktion gibt es in diesem Spiel nicht.",
    "error.game_over": "Das Spiel ist vorbei.",
    "error.host_cannot": "Der Gastgeber kann nur einen wartenden Schritt abschließen.",
    "error.host_only": "Nur der Gastgeber kann einen Schritt abschließen.",
    "error.no_seat": "Du hast keinen Platz in diesem Spiel.",
    "error.player_count": "Dieses Spiel braucht {min} bis {max} Spieler.",
    "error.unknown_identity": "Diese Identität gibt es nicht.",
    "error.unknown_resource": "Diesen Vorrat gibt es nicht (Gold, Wein oder Korn).",
    "error.unknown_player": "Diesen Mitspieler gibt es nicht.",
    "error.target_self": "Wähle einen Mitspieler, nicht dich selbst.",
    "error.target_out": "{target} ist aus dieser Spielrunde ausgeschieden.",
    "error.covering": "Zuerst muss jeder eine Identität abdecken.",
    "error.not_cover_phase": "Abgedeckt wird nur zu Beginn einer Spielrunde.",
    "error.already_covered": "Du hast für diese Runde schon eine Identität abgedeckt.",
    "error.cover_own": "Du bist {identity} — decke eine Identität ab, die du nicht bist.",
    "error.not_in_round": "Du bist aus dieser Spielrunde ausgeschieden.",
    "error.waiting_show": "Warte: {target} muss erst die Informationen für {buyer} zeigen.",
    "error.doubt_open": "Ein Zweifel ist offen (#{claim}): Warte, bis er entschieden ist.",
    "error.not_your_turn": "{player} ist am Zug.",
    "error.wrong_action": "Das kann {identity} nicht.",
    "error.identity_covered": "Du hast {identity} abgedeckt — du kannst dich nicht dafür ausgeben.",
    "error.same_resource": "Tausche einen Vorrat gegen einen anderen.",
    "error.bad_amount": "Die Anzahl muss 1 oder 2 sein.",
    "error.bad_trios": "Zahle 1 bis {max} Trios.",
    "error.no_show_asked": "Niemand wartet auf Informationen von dir.",
    "error.not_asked": "Nur der befragte Spieler kann antworten.",
    "error.show_count": "Zeige genau {n} Identität(en).",
    "error.show_own": "Du bist {identity} — das kannst du nicht als Nicht-Identität zeigen.",
    "error.show_covered": "Du hast {identity} abgedeckt — das kann nicht gezeigt werden.",
    "error.show_repeat": "Du hast {buyer} {identity} schon gezeigt: Zeige eine neue.",
    "error.accuse_covered": "{target} hat {identity} abgedeckt — das kann sie/er nicht sein.",
    "error.no_turn": "Es gibt noch keine Aktion, auf die man reagieren kann.",
    "error.action_void": "Die Aktion ist ungültig — keine Reaktion möglich.",
    "error.actor_out": "{actor} ist ausgeschieden — keine Illegal-Erklärung oder Strafe.",
    "error.own_action": "Du kannst deine eigene Aktion nicht für illegal erklären.",
    "error.fine_self": "Du kannst dich nicht selbst verurteilen.",
    "error.no_illegal": "Eine Strafe braucht erst die Illegal-Erklärung eines Barons.",
    "error.indulgence_self": "Du kannst dir nicht selbst Ablass gewähren.",
    "error.no_fine": "Ablass (oder Immunität dagegen) setzt eine Strafe voraus.",
    "error.reaction_used": "Du hast in diesem Zug schon mit {reaction} reagiert: nur eine von Illegal, Strafe und Ablass pro Zug.",
    "error.bad_against": "Immunisiere dich gegen die Aktion oder gegen die Strafe.",
    "error.immune_theft": "Gegen den Dieb kann man sich nicht immunisieren.",
    "error.not_hit": "Diese Aktion trifft dich nicht — nichts zu immunisieren.",
    "error.not_sentenced": "Nur der Verurteilte kann sich gegen die Strafe immunisieren.",
    "error.already_immune": "Dagegen bist du schon immun.",
    "error.no_claim": "Diese Behauptung liegt nicht (mehr) auf dem Tisch.",
    "error.own_claim": "Du kannst dich nicht selbst anzweifeln.",
    "error.claim_void": "Diese Behauptung ist schon ungültig.",
    "error.claimant_out": "{claimant} ist ausgeschieden — nichts anzuzweifeln.",
    "error.already_doubted": "Diese Behauptung wurde schon angezweifelt.",
    "error.already_answered": "Du hast auf diesen Zweifel schon geantwortet.",
    "error.no_open_doubt": "Zu dieser Behauptung ist kein Zweifel offen.",
    "error.not_raiser": "Nur wer den Zweifel erhoben hat, kann ihn zurückziehen.",
    "error.nothing_to_close": "Auf diesen Schritt wartet nichts.",
}

for _i in IDS:
    EN["value." + _i] = _EN_IDS[_i]
    DE["value." + _i] = _DE_IDS[_i]

Hoax.texts = {"en": EN, "de": DE}

GAME = Hoax()

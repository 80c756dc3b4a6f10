"""Explain mode (issue #29): what the screens say a newcomer should know now.

Pure functions of what the viewer sees: ``now`` reads only the public view,
the viewer's seat, the seats waited for and the viewer's open templates;
``secret`` reads ``you.secret`` (the viewer's own cards of the story being
resolved, the card they are asked about).  The table order is the order of
``public.scores`` (built from the seats in table order).  Texts: keys
``explain.*`` in texts_explain_en.py / texts_explain_de.py.
"""
from __future__ import annotations

from ..base import line, seat


def explain(view: dict, who: int | None, actions: list[dict], waiting: list[int]) -> dict:
    pub = view["public"]
    you = view.get("you")
    viewer = who if you is not None else None   # an onlooker is told what the table is told
    if pub["phase"] == "over":
        return _over(pub, you)
    if pub["phase"] == "telling":
        told = _telling(pub, viewer, waiting)
    elif pub["question"]:
        told = _question(pub, viewer, waiting)
    elif pub["ending"]:
        told = _ending(pub, viewer)
    else:
        told = _turn(pub, viewer)
    told["moves"] = _moves(pub, viewer, actions)
    if viewer is not None and pub["phase"] == "resolution":
        told["secret"] = _secret(pub, you)
    return told


# --- helpers -------------------------------------------------------------

def _counted(key: str, count: int, **params) -> tuple[str, dict]:
    """``key_one`` or ``key_many`` by ``count`` (passed as ``count``)."""
    return line(f"{key}_{'one' if count == 1 else 'many'}", count=count, **params)


def _order(pub: dict) -> list[int]:
    return [int(s) for s in pub["scores"]]


def _after(pub: dict, s: int) -> int:
    order = _order(pub)
    return order[(order.index(s) + 1) % len(order)]


def _seats(seats) -> list[dict]:
    return [seat(s) for s in seats]


def _holding(pub: dict, s: int) -> int:
    return pub["holding"].get(str(s), 0)


def _only_own(pub: dict, s: int) -> bool:
    """Whether every untaken card is ``s``'s (public: the counts are)."""
    return pub["left"] > 0 and _holding(pub, s) == pub["left"]


def _last_chance(pub: dict) -> bool:
    """One more turn without a card ends the story."""
    return pub["idle"] == pub["players"] - 1


# --- telling -------------------------------------------------------------

def _telling(pub: dict, viewer: int | None, waiting: list[int]) -> dict:
    turn, story, size = pub["turn"], pub["story"], pub["size"]
    nxt = len(pub["laid"]) + 1
    first, last = nxt == 1, nxt == size
    final = last and story == pub["stories"]
    params = {"seat": seat(turn), "story": story, "next": nxt, "size": size}
    if viewer is None:
        head = "explain.tell.table_first" if first else "explain.tell.table"
        why = ("explain.tell.table_final" if final else
               "explain.tell.table_last" if last else "explain.tell.table_why")
        return {"now": [line(head, **params), line(why, **params)]}
    if viewer == turn:
        head = ("explain.tell.you_first" if first else
                "explain.tell.you_last" if last else "explain.tell.you")
        # how to lay it is the renderer's step line; this says why the link matters
        return {"now": [line(head, **params), line("explain.tell.why_link")]}
    head = "explain.tell.wait_first" if first else "explain.tell.wait"
    you_next = not last and _after(pub, turn) == viewer
    return {"now": [line(head, **params),
                    line("explain.tell.remember_next" if you_next else "explain.tell.remember")]}


# --- resolution ----------------------------------------------------------

def _turn(pub: dict, viewer: int | None) -> dict:
    turn, story, left = pub["turn"], pub["story"], pub["left"]
    params = {"seat": seat(turn), "story": story}
    appeal = pub["appeal"]
    if viewer not in (None, turn) and appeal and appeal["seat"] == viewer \
            and _appeal_asks(pub, viewer):
        return {"now": [line("explain.res.may_appeal", said=appeal["said"], seat=seat(turn))]}
    if _only_own(pub, turn):
        if viewer == turn:
            return {"now": [_counted("explain.res.you_take", left, story=story)]}
        key = "explain.res.table_take" if viewer is None else "explain.res.wait_take"
        return {"now": [line(key, **params)]}
    if viewer == turn:
        return {"now": [line("explain.res.you_name", story=story), _idle_line(pub, "you")]}
    if viewer is None:
        return {"now": [line("explain.res.table", **params), _idle_line(pub, "table")]}
    return {"now": [line("explain.res.wait", **params), _idle_line(pub, "wait")]}


def _idle_line(pub: dict, who: str) -> tuple[str, dict]:
    idle, players, left = pub["idle"], pub["players"], pub["left"]
    if _last_chance(pub):
        return _counted(f"explain.res.{who}_last_chance", left, idle=idle)
    if idle:
        return line("explain.res.idle", idle=idle, players=players)
    return line(f"explain.res.{who}_how", players=players)


def _question(pub: dict, viewer: int | None, waiting: list[int]) -> dict:
    q = pub["question"]
    kind = q["kind"]
    params = {"namer": seat(q["namer"]), "said": q["said"],
              "names": _seats(q["waiting"] or waiting)}
    if viewer is None:
        who = "table"
    elif viewer in q["waiting"]:
        who = "asked"
    elif viewer == q["namer"]:
        who = "namer"
    else:
        who = "other"
    return {"now": [line(f"explain.res.{who}_{kind}", **params)]}


def _ending(pub: dict, viewer: int | None) -> dict:
    appeal, left = pub["appeal"], pub["left"]
    params = {"seat": seat(appeal["seat"]), "said": appeal["said"], "story": pub["story"]}
    if viewer == appeal["seat"]:
        return {"now": [line("explain.res.you_ending", **params),
                        _counted("explain.res.you_ending_then", left, story=pub["story"])]}
    who = "table" if viewer is None else "other"
    return {"now": [line(f"explain.res.{who}_ending", **params),
                    _counted("explain.res.ending_then", left)]}


def _appeal_asks(pub: dict, s: int) -> list[int]:
    """Who an appeal by ``s`` would ask: every other holder of an untaken card."""
    return [o for o in _order(pub) if o != s and _holding(pub, o)]


def _secret(pub: dict, you: dict) -> list:
    secret = you.get("secret") or {}
    q = pub["question"]
    if secret.get("asked") and q:
        asked = secret["asked"]
        params = {"namer": seat(q["namer"]), "said": q["said"]}
        if len(asked) == 1:
            return [line(f"explain.secret.{q['kind']}_one", card=asked[0], **params)]
        return [line(f"explain.secret.{q['kind']}_many", cards=asked, **params)]
    cards = secret.get("cards")
    if not cards:
        return []
    if _only_own(pub, you["seat"]):
        return [_counted("explain.secret.take", len(cards), cards=cards)]
    return [_counted("explain.secret.cards", len(cards), cards=cards, story=pub["story"])]


# --- what each move does here --------------------------------------------

def _moves(pub: dict, viewer: int | None, actions: list[dict]) -> dict:
    types = {tpl["type"] for tpl in actions}
    out: dict = {}
    story, left = pub["story"], pub.get("left", 0)
    if "lay" in types:
        nxt, size = len(pub["laid"]) + 1, pub["size"]
        if nxt == size:
            final = story == pub["stories"]
            out["lay"] = line("explain.move.lay_final" if final else "explain.move.lay_last",
                              story=story)
        else:
            out["lay"] = line("explain.move.lay_n", next=nxt, size=size)
    if "name" in types and _last_chance(pub):
        out["name"] = line("explain.move.name_last_chance")
    if "pass" in types:
        out["pass"] = (_counted("explain.move.pass_end", left, story=story) if _last_chance(pub)
                       else line("explain.move.pass_next", seat=seat(_after(pub, pub["turn"]))))
    if "take" in types and viewer is not None:
        out["take"] = _counted("explain.move.take", _holding(pub, viewer), story=story)
    if "appeal" in types and viewer is not None:
        out["appeal"] = line("explain.move.appeal_to", said=pub["appeal"]["said"],
                             names=_seats(_appeal_asks(pub, viewer)))
    if "concede" in types:
        out["concede"] = _counted("explain.move.concede_n", left, story=story)
    if "confirm" in types and pub["question"]:
        q = pub["question"]
        out["confirm"] = line(f"explain.move.confirm_{q['kind']}", namer=seat(q["namer"]),
                              said=q["said"])
    if "close" in types:
        out["close"] = _close(pub)
    return out


def _close(pub: dict) -> tuple[str, dict]:
    if pub["phase"] == "telling":
        return line(f"explain.move.close_lay_{pub['mode']}", seat=seat(pub["turn"]))
    q = pub["question"]
    if q:
        return line("explain.move.close_confirm", names=_seats(q["waiting"]))
    if pub["ending"]:
        return line("explain.move.close_appeal", seat=seat(pub["appeal"]["seat"]),
                    story=pub["story"])
    turn = pub["turn"]
    key = "explain.move.close_take" if _only_own(pub, turn) else "explain.move.close_turn"
    return line(key, seat=seat(turn))


# --- the end -------------------------------------------------------------

def _over(pub: dict, you: dict | None) -> dict:
    best = max(pub["scores"].values())
    winners = [int(s) for s, n in pub["scores"].items() if n == best]
    if you is not None:
        return {"now": [_counted("explain.over_you", you["score"], best=best,
                                 names=_seats(winners))]}
    return {"now": [line("explain.over", stories=pub["stories"]),
                    line("explain.over_table", best=best, names=_seats(winners))]}

"""Explain mode (issue #29): what is happening now, what the viewer may do
and what each offered move does, in the rulebook's terms.  Pure functions of
what ``Game.explain`` is given: the viewer's own view, seat, templates and
the seats the game waits for.

``now`` reads only the public part of the view and the viewer's seat (the
phone shows it on the open screen), ``secret`` also the viewer's identity
and notebook (shown under the reveal only), ``moves`` the public part and
the viewer's templates.  Texts: ``texts_explain_en`` / ``texts_explain_de``."""
from __future__ import annotations

from ..base import line, seat
from .claims import claim_params
from .common import identity_text

Line = tuple[str, dict]


# ------------------------------------------------------------- helpers
def names(seats: list[int]) -> list[dict]:
    return [seat(s) for s in seats]


def counted(key: str, n: int, **params) -> Line:
    """The singular or the plural text of ``key`` for ``n``."""
    return line(key + (".one" if n == 1 else ".many"), n=n, **params)


def player(pub: dict, s: int) -> dict:
    return next(p for p in pub["players"] if p["seat"] == s)


def in_round(pub: dict) -> list[int]:
    return [p["seat"] for p in pub["players"] if p["in_round"]]


def original(pub: dict) -> bool:
    return bool(pub["options"].get("original_hoax"))


def claim_of(pub: dict, cid) -> dict | None:
    return next((c for c in pub["claims"] if c["id"] == cid), None)


def turn_claim(pub: dict) -> dict | None:
    turn = pub["turn"]
    return claim_of(pub, turn.get("claim")) if turn and turn["type"] == "claim" else None


def fined(pub: dict) -> bool:
    """Does a fine stand against the turn's player?"""
    return any(c["kind"] == "fine" and not c["void"] for c in pub["claims"])


def second_time(pub: dict, s: int) -> bool:
    """Would a wrong doubt against ``s`` give them the second identity's 2
    points and a new card (§12.3), not the usual 3 and out?"""
    return bool(pub["options"].get("second_identity")) and not player(pub, s)["first_identity"]


def opponent(pub: dict, s: int) -> int:
    """The other finalist (in the final)."""
    return next((t for t in in_round(pub) if t != s), s)


def claim_line(c: dict) -> Line:
    """A personal action in words, with what it does."""
    return line(f"explain.claim.{c['identity']}.{c['action']}", **claim_params(c, "explain.res."))


def action_line(pub: dict) -> Line | None:
    """What the open turn's action was."""
    turn = pub["turn"]
    if not turn:
        return None
    who = seat(turn["player"])
    if turn["type"] == "claim":
        c = turn_claim(pub)
        if c is None:
            return None
        if c["void"]:
            return line("explain.did.void", who=who, id=c["id"])
        return claim_line(c)
    if turn["type"] == "buy_info":
        return line("explain.did.buy_info", who=who, target=seat(turn["target"]))
    key = "explain.did.accuse_right" if turn.get("right") else "explain.did.accuse_wrong"
    return line(key, who=who, target=seat(turn["target"]))


def hits(pub: dict, s: int) -> str | None:
    """How the turn's standing personal action hits ``s``: "theft" (no
    immunity helps), "hit" (a Magician may immunize) or None."""
    c = turn_claim(pub)
    if c is None or c["void"] or c["seat"] == s:
        return None
    action, p = c["action"], c["params"]
    if action == "steal":
        return "theft" if p.get("target") == s else None
    if action in ("tax", "collection") or p.get("with") == s or (
            action == "enchant" and p.get("target") == s):
        return "hit"
    return None


def stakes(pub: dict, c: dict) -> Line:
    """What a doubt against claim ``c`` risks and gains, by variant."""
    params = {"claimant": seat(c["seat"]), "identity": identity_text(c["identity"])}
    if original(pub):
        return line("explain.stakes.original", **params)
    if second_time(pub, c["seat"]):
        return line("explain.stakes.second", **params)
    return line("explain.stakes.base", **params)


def doubt_params(pub: dict, c: dict) -> dict:
    d = c["doubt"]
    return {"raiser": seat(d["by"]), "claimant": seat(c["seat"]),
            "identity": identity_text(c["identity"]), "id": c["id"], "count": d["count"],
            "needed": d["needed"]}


# --------------------------------------------------------------- entry
def explain(view: dict, s: int | None, actions: list[dict], waiting: list[int]) -> dict:
    pub = view["public"]
    you = view.get("you")
    if s is None or you is None:
        return {"now": table_now(pub, waiting), "moves": host_moves(pub, actions)}
    return {"now": seat_now(pub, s, waiting), "secret": secret(pub, you, s),
            "moves": seat_moves(pub, s, actions)}


# --------------------------------------------------------------- table
def table_now(pub: dict, waiting: list[int]) -> list[Line]:
    step = pub["step"]
    if step == "over":
        return [over_line(pub)]
    if step == "cover" and pub["recover"]:
        r = pub["recover"]
        return [counted("explain.table.recover", r["left"], who=seat(r["seat"]))]
    if step == "cover":
        return [line("explain.table.cover", names=names(waiting) or names(in_round(pub)),
                     who=seat(pub["to_move"]))]
    if step == "show":
        p = pub["pending"]
        key = "explain.table.show_final" if pub["final"] else "explain.table.show"
        return [counted(key, p["n"], target=seat(p["target"]), buyer=seat(p["buyer"]))]
    if step == "doubt":
        c = claim_of(pub, pub["doubt"])
        key = "explain.table.doubt" if waiting else "explain.table.doubt_nobody"
        return [line(key, names=names(waiting), **doubt_params(pub, c)), stakes(pub, c)]
    return table_turn(pub)


def table_turn(pub: dict) -> list[Line]:
    who = seat(pub["to_move"])
    if original(pub):
        out = [line("explain.table.turn_original", who=who)]
    elif pub["final"]:
        a, b = in_round(pub)
        out = [line("explain.table.turn_final", who=who, a=seat(a), b=seat(b))]
    elif not pub["turn"]:
        return [line("explain.table.first", who=who, round=pub["round"])]
    else:
        out = [line("explain.table.turn", who=who)]
    turn = pub["turn"]
    if turn and fined(pub):
        out.append(line("explain.table.fined", player=seat(turn["player"]), who=who))
    elif turn and not pub["final"]:
        out.append(line("explain.table.open", player=seat(turn["player"]), who=who))
    return out


def over_line(pub: dict) -> Line:
    key = "explain.over_original" if original(pub) else "explain.over"
    return line(key, who=seat(pub["winner"]))


def host_moves(pub: dict, actions: list[dict]) -> dict:
    out = {}
    for tpl in actions:
        if tpl["type"] != "close":
            continue
        step = (tpl["fields"].get("step") or [None])[0]
        if step == "cover":
            r = pub["recover"]
            out["close"] = (line("explain.move.close.recover", who=seat(r["seat"])) if r
                            else line("explain.move.close.cover"))
        elif step == "show":
            out["close"] = line("explain.move.close.show", target=seat(pub["pending"]["target"]))
        elif step == "doubt":
            c = claim_of(pub, pub["doubt"])
            out["close"] = line("explain.move.close.doubt", claimant=seat(c["seat"]))
        elif step == "turn":
            out["close"] = line("explain.move.close.turn", who=seat(pub["to_move"]))
    return out


# --------------------------------------------------------------- a phone
def seat_now(pub: dict, s: int, waiting: list[int]) -> list[Line]:
    step = pub["step"]
    if step == "over":
        return [over_line(pub)]
    me = player(pub, s)
    if not me["in_round"]:
        return [out_line(pub, me)] + watch(pub, waiting)
    if step == "cover" and pub["recover"]:
        r = pub["recover"]
        if r["seat"] == s:
            return [counted("explain.recover.you", r["left"])]
        return [counted("explain.recover.wait", r["left"], who=seat(r["seat"]))]
    if step == "cover":
        if not me["covered"]:
            return [line("explain.cover.you", round=pub["round"])]
        return [line("explain.cover.done", identity=identity_text(me["covers"][0]),
                     names=names(waiting), who=seat(pub["to_move"]))]
    if step == "show":
        return show_now(pub, s)
    if step == "doubt":
        return doubt_now(pub, s, waiting)
    return turn_now(pub, s)


def out_line(pub: dict, me: dict) -> Line:
    if original(pub):
        return line("explain.out.original")
    return line("explain.out." + (me["out"] or "doubted"))


def watch(pub: dict, waiting: list[int]) -> list[Line]:
    """The second sentence for a player out of the round."""
    step = pub["step"]
    if step == "doubt":
        c = claim_of(pub, pub["doubt"])
        return [line("explain.watch.doubt", **doubt_params(pub, c))]
    if step == "show":
        return show_now(pub, None)
    if step == "cover" and pub["recover"]:
        r = pub["recover"]
        return [counted("explain.recover.wait", r["left"], who=seat(r["seat"]))]
    if pub["final"] and not original(pub):
        a, b = in_round(pub)
        return [line("explain.watch.final", a=seat(a), b=seat(b))]
    if original(pub):   # one round only: nothing to learn for a next one
        return [line("explain.watch.turn_original", who=seat(pub["to_move"]))]
    return [line("explain.watch.turn", who=seat(pub["to_move"]))]


def show_now(pub: dict, s: int | None) -> list[Line]:
    p = pub["pending"]
    final = "_final" if pub["final"] else ""
    if s == p["target"]:
        return [counted("explain.show.you" + final, p["n"], buyer=seat(p["buyer"]))]
    if s == p["buyer"]:
        return [counted("explain.show.buyer" + final, p["n"], target=seat(p["target"]))]
    return [line("explain.show.other" + final, target=seat(p["target"]),
                 buyer=seat(p["buyer"]))]


def doubt_now(pub: dict, s: int, waiting: list[int]) -> list[Line]:
    c = claim_of(pub, pub["doubt"])
    d = c["doubt"]
    params = doubt_params(pub, c)
    others = [t for t in waiting if t != s]
    if s == c["seat"]:
        key = "explain.doubt.claimant"
    elif s not in d["supporters"] and s not in d["declined"]:
        key = "explain.doubt.answer"
    elif s == d["by"]:
        key = "explain.doubt.raiser"
    elif s in d["supporters"]:
        key = "explain.doubt.backed"
    else:
        key = "explain.doubt.declined"
    if key != "explain.doubt.answer" and not others:
        key += "_nobody"
    return [line(key, names=names(others), **params), stakes(pub, c)]


def turn_now(pub: dict, s: int) -> list[Line]:
    turn, to_move = pub["turn"], pub["to_move"]
    nxt = seat(to_move)
    if s == to_move:
        if original(pub):
            out = [line("explain.turn.you_original")]
        elif pub["final"]:
            out = [line("explain.turn.you_final", other=seat(opponent(pub, s)))]
        else:
            out = [line("explain.turn.you")]
        if turn and turn["player"] != s and not pub["final"]:
            out.append(line("explain.turn.before_you", player=seat(turn["player"])))
        return out
    if not turn:
        return [line("explain.turn.wait_first", who=nxt, round=pub["round"])]
    if turn["player"] == s:
        # a personal action voided by a right doubt no longer lies on the
        # table to be reacted to (issue #40: the line said it still did)
        c = turn_claim(pub) if turn["type"] == "claim" else None
        out = [line("explain.turn.mine_void" if c and c["void"] else "explain.turn.mine", who=nxt)]
        if fined(pub):
            out.append(line("explain.turn.fined_you"))
        elif original(pub) and not turn.get("info"):
            out.append(line("explain.turn.info_original", who=nxt))
        elif pub["final"]:
            out.append(line("explain.turn.final_rules"))
        return out
    did = action_line(pub)
    out = [did] if did else []
    hit = hits(pub, s)
    if fined(pub):
        out.append(line("explain.turn.fined", player=seat(turn["player"]), who=nxt))
    elif hit == "theft":
        out.append(line("explain.turn.react_stolen", who=nxt))
    elif hit == "hit":
        out.append(line("explain.turn.react_hit", who=nxt))
    elif pub["final"]:
        out.append(line("explain.turn.react_final", who=nxt))
    elif original(pub):
        out.append(line("explain.turn.react_original", who=nxt))
    else:
        out.append(line("explain.turn.react", who=nxt))
    return out


# --------------------------------------------------------------- secret
def secret(pub: dict, you: dict, s: int) -> list[Line]:
    mine = you["secret"]["identity"]
    step = pub["step"]
    plain = [line("explain.secret.you_are", identity=identity_text(mine))]
    if step == "over" or not you["in_round"]:
        return plain
    if step == "cover":
        r = pub["recover"]
        if r and r["seat"] == s:
            return [line("explain.secret.recover", identity=identity_text(mine))]
        if not r and not player(pub, s)["covered"]:
            return [line("explain.secret.cover", identity=identity_text(mine))]
        return plain
    if step == "show":
        p = pub["pending"]
        if p["target"] == s:
            key = "explain.secret.show_final" if pub["final"] else "explain.secret.show"
            return [line(key, identity=identity_text(mine), buyer=seat(p["buyer"]))]
        return plain
    if step == "doubt":
        c = claim_of(pub, pub["doubt"])
        if c["seat"] == s:
            return [doubt_secret(pub, c, mine)]
        return plain + knows(pub, you, s, [c])
    return [truth(pub, s, mine)] + knows(pub, you, s, pub["claims"])[:1]


def truth(pub: dict, s: int, mine: str) -> Line:
    """What a true claim of one's own identity risks for a doubter."""
    if original(pub):
        key = "explain.secret.truth_original"
    elif pub["final"]:
        key = "explain.secret.truth_final"
    elif second_time(pub, s):
        key = "explain.secret.truth_second"
    else:
        key = "explain.secret.truth"
    return line(key, identity=identity_text(mine))


def doubt_secret(pub: dict, c: dict, mine: str) -> Line:
    params = {"identity": identity_text(c["identity"]), "mine": identity_text(mine), "id": c["id"]}
    if mine != c["identity"]:
        key = "explain.secret.doubt_false_original" if original(pub) else "explain.secret.doubt_false"
    elif original(pub):
        key = "explain.secret.doubt_true_original"
    elif second_time(pub, c["seat"]):
        key = "explain.secret.doubt_true_second"
    else:
        key = "explain.secret.doubt_true"
    return line(key, **params)


def knows(pub: dict, you: dict, s: int, claims: list[dict]) -> list[Line]:
    """Claims the viewer's notebook (or the covers) already disprove."""
    out = []
    for c in claims:
        d = c["doubt"]
        if c["seat"] == s or c["void"] or (d and d["status"] not in ("open", "withdrawn", "closed")):
            continue
        possible = you["possible"].get(str(c["seat"]))
        if possible is not None and c["identity"] not in possible:
            out.append(line("explain.secret.knows", claimant=seat(c["seat"]),
                            identity=identity_text(c["identity"]), id=c["id"]))
    return out


# --------------------------------------------------------------- moves
def seat_moves(pub: dict, s: int, actions: list[dict]) -> dict:
    out: dict[str, Line] = {}
    turn = pub["turn"]
    types = {tpl["type"]: tpl for tpl in actions}
    if "cover" in types and pub["recover"]:
        out["cover"] = line("explain.move.cover.recover")
    if "buy_info" in types:
        if original(pub):
            out["buy_info"] = line("explain.move.buy_info.original")
        elif pub["final"]:
            out["buy_info"] = line("explain.move.buy_info.final", other=seat(opponent(pub, s)))
    if "accuse" in types:
        if original(pub):
            out["accuse"] = line("explain.move.accuse.original")
        elif pub["final"]:
            out["accuse"] = line("explain.move.accuse.final")
    if turn:
        actor = seat(turn["player"])
        for kind in ("illegal", "fine", "indulgence"):
            if kind in types:
                out[kind] = line(f"explain.move.{kind}.at", player=actor)
        if "immunize" in types:
            against = types["immunize"]["fields"]["against"]
            out["immunize"] = line("explain.move.immunize." + against[0], player=actor)
    if "doubt" in types:
        out["doubt"] = doubt_move(pub)
    if "decline" in types and pub["doubt"] is not None:
        c = claim_of(pub, pub["doubt"])
        out["decline"] = line("explain.move.decline.on", claimant=seat(c["seat"]))
    if "show" in types and pub["pending"]:
        p = pub["pending"]
        key = "explain.move.show.final" if pub["final"] else "explain.move.show.to"
        out["show"] = counted(key, p["n"], buyer=seat(p["buyer"]))
    return out


def doubt_move(pub: dict) -> Line:
    if pub["doubt"] is not None:
        c = claim_of(pub, pub["doubt"])
        return line("explain.move.doubt.join", claimant=seat(c["seat"]),
                    identity=identity_text(c["identity"]), needed=c["doubt"]["needed"])
    if pub["final"] and not original(pub):
        return line("explain.move.doubt.final")
    key = ("explain.move.doubt.original" if original(pub) else "explain.move.doubt.second"
           if pub["options"].get("second_identity") else "explain.move.doubt.raise")
    return counted(key, pub["needed"])

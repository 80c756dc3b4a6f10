"""Explain mode (issue #29): what is happening now and what each move does,
as text keys (``texts_explain_*``) with their parameters.  Pure functions of
what the viewer sees: the public view, the viewer's own view (``secret``
lines only) and the seats the game waits for."""
from __future__ import annotations

from ..base import line, seat, txt
from .board import TEAM_GOAL, TEAM_PERFECT


def names(seats: list[int]) -> list[dict]:
    return [seat(s) for s in seats]


def colour(c: str) -> dict:
    return txt("value." + c)


def explain(view: dict, viewer: int | None, actions: list[dict], waiting: list[int]) -> dict:
    pub = view["public"]
    you = view.get("you")
    if viewer is None or you is None:
        return {"now": table_now(pub, waiting), "moves": host_moves(pub)}
    # the guess is a secret act: the open line says "guess now" from public
    # state (whom the step waits for), never from the secret template
    offered = {tpl["type"] for tpl in actions if not tpl.get("secret")}
    return {"now": seat_now(pub, viewer, offered, waiting),
            "secret": secret(pub, you),
            "moves": seat_moves(pub)}


def still(pub: dict, waiting: list[int], but: int | None = None) -> list[int]:
    """Whom the step waits for (public), the viewer left out, in seating
    order (``waiting``'s, as the seat list shows them)."""
    return [s for s in waiting if s != but]


def team(pub: dict) -> str:
    return "_team" if pub["team"] else ""


# --- the phone, open screen ----------------------------------------------------

def seat_now(pub: dict, viewer: int, offered: set[str], waiting: list[int]) -> list:
    phase = pub["phase"]
    others = names(still(pub, waiting, but=viewer))
    if phase == "clue":
        if "clue_ready" in offered:
            return [line("explain.clue.must" + team(pub), round=pub["round"], rounds=pub["rounds"])]
        if pub["order"][0] == viewer:
            return [line("explain.clue.wait_first", names=others)]
        return [line("explain.clue.wait", names=others, first=seat(pub["order"][0]))]
    if phase == "guess":
        author = seat(pub["author"])
        score = {"team": pub.get("team_score", 0)}
        if pub["author"] == viewer:
            return [line("explain.guess.author" + team(pub), names=others, **score)]
        if viewer in pub.get("waiting", []):
            return [line("explain.guess.must" + team(pub), author=author, **score)]
        return [line("explain.guess.done", names=others, author=author)]
    if phase == "between":
        return [line("explain.between." + pub["todo"], round=pub["round"], rounds=pub["rounds"])]
    return over(pub)


def over(pub: dict) -> list:
    winners = pub.get("winners") or []
    if pub["team"]:
        points = pub.get("team_score", 0)
        key = ("team_perfect" if points >= TEAM_PERFECT else
               "team_win" if points >= TEAM_GOAL else "team_lose")
        return [line("explain.over." + key, points=points)]
    points = max(pub["scores"].values(), default=0)
    key = "explain.over.one" if len(winners) == 1 else "explain.over.shared"
    return [line(key, winners=names(winners), points=points)]


# --- the phone, under the reveal -------------------------------------------------

def secret(pub: dict, you: dict) -> list:
    own = you.get("secret") or {}
    color = own.get("color")
    phase = pub["phase"]
    if color is None or phase not in ("clue", "guess"):
        return []
    if phase == "clue":
        word = (pub.get("words") or {}).get(color)
        if word:
            return [line("explain.secret.clue_word", color=colour(color), word=word)]
        return [line("explain.secret.clue", color=colour(color))]
    author = seat(pub["author"])
    if you.get("author"):
        return [line("explain.secret.author" + team(pub), color=colour(color))]
    if own.get("guess"):
        return [line("explain.secret.guessed", guess=colour(own["guess"]), author=author)]
    return [line("explain.secret.guesser", color=colour(color), author=author)]


def seat_moves(pub: dict) -> dict:
    if pub["phase"] == "guess":
        return {"guess": line("explain.guess.move" + team(pub), author=seat(pub["author"]))}
    if pub["phase"] == "between":
        return {"next": line("explain.next.move", next=pub["round"] + 1, rounds=pub["rounds"])}
    return {}


# --- the table -------------------------------------------------------------------

def table_now(pub: dict, waiting: list[int]) -> list:
    phase = pub["phase"]
    if phase == "clue":
        return [line("explain.clue.table", names=names(still(pub, waiting)),
                     first=seat(pub["order"][0]))]
    if phase == "guess":
        return [line("explain.guess.table" + team(pub), names=names(still(pub, waiting)),
                     author=seat(pub["author"]), team=pub.get("team_score", 0))]
    if phase == "between":
        return [line("explain.between.table_" + pub["todo"], round=pub["round"],
                     rounds=pub["rounds"])]
    return over(pub)


def host_moves(pub: dict) -> dict:
    phase = pub["phase"]
    if phase == "clue":
        return {"close": line("explain.close.clue")}
    if phase == "guess":
        return {"close": line("explain.close.guess", author=seat(pub["author"]))}
    if phase == "between":
        return {"next": line("explain.next.move", next=pub["round"] + 1, rounds=pub["rounds"])}
    return {}

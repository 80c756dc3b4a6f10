"""Explain mode (issue #29): what is happening now and what the viewer may
do, as text keys (``texts_explain_en`` / ``texts_explain_de``) with their
parameters.  Pure functions of the viewer's own view (``view.py``): ``now``
reads only the public part, the seat number (teams, captains and who adds
cards are public in Factum) and ``waiting`` (public); ``secret`` reads the
viewer's own marks and ballots; ``moves`` reads only the public part."""
from __future__ import annotations

from ..base import line, txt
from ..base import seat as name

Line = tuple[str, dict]


def names(seats) -> list[dict]:
    return [name(s) for s in seats]


def explain(view: dict, s: int | None, actions: list[dict], waiting: list[int]) -> dict:
    pub = view["public"]
    types = {tpl["type"] for tpl in actions}
    if s is None:
        return {"now": table_now(pub, waiting), "secret": [], "moves": moves(pub, types)}
    return {"now": seat_now(pub, s, waiting), "secret": secret(pub, view["you"]),
            "moves": moves(pub, types)}


# --- the table -----------------------------------------------------------------

def stakes(pub: dict) -> Line:
    """What the best-story vote can change (the title has or lacks its 3)."""
    r = pub["current"]
    held = bool(pub["title"] and pub["title"]["points"])
    return line("explain.best.stakes_held" if held else "explain.best.stakes_first",
                current=name(r["teller"]), title=name(r["title_compared"]))


def over(pub: dict) -> list[Line]:
    winners = pub["winners"] or []
    score = max((pub["scores"][str(w)] for w in winners), default=0)
    key = "explain.over_one" if len(winners) == 1 else "explain.over_many"
    return [line(key, seats=names(winners), score=score)]


def table_now(pub: dict, waiting: list[int]) -> list[Line]:
    step, r = pub["step"], pub["current"]
    if step == "over":
        return over(pub)
    if step == "volunteer":
        out = [line("explain.table.volunteer")]
        if pub["last_teller"] is not None:
            out.append(line("explain.table.volunteer_last", seat=name(pub["last_teller"])))
        return out
    teller = name(r["teller"])
    if step == "telling":
        return [line("explain.table.telling", teller=teller, b=names(r["team_b"]))]
    if step == "judge":
        return [line("explain.table.judge", teller=teller, b=names(r["team_b"]))]
    if step == "decide":
        return [line("explain.table.decide", teller=teller, judge=name(r["judge"]))]
    if step == "mark":
        key = "explain.table.mark_a" if r["guessers"] == "B" else "explain.table.mark_b"
        return [line(key, teller=teller, n=r["n"], names=names(waiting))]
    if step == "vote":
        guessers = txt("value." + r["guessers"])
        if pub["ballot"] == 2:
            return [line("explain.table.revote", guessers=guessers, names=names(waiting),
                         options=", ".join(map(str, pub["vote_options"])))]
        # the rulebook: "Der Erzähler und der Richter müssen schweigen" —
        # both captains, whichever team guesses (issue #40)
        return [line("explain.table.vote", guessers=guessers, teller=teller,
                     names=names(waiting), judge=name(r["judge"]))]
    # best
    return [line("explain.table.best", names=names(waiting), current=teller,
                 title=name(r["title_compared"])), stakes(pub)]


# --- a phone, open part ----------------------------------------------------------

def seat_now(pub: dict, s: int, waiting: list[int]) -> list[Line]:
    step, r = pub["step"], pub["current"]
    if step == "over":
        return over(pub)
    if step == "volunteer":
        if s == pub["last_teller"]:
            return [line("explain.volunteer.last")]
        title = pub["title"]
        if title and title["seat"] != s:
            return [line("explain.volunteer.title", title=name(title["seat"]))]
        return [line("explain.volunteer.open")]
    teller, judge = name(r["teller"]), name(r["judge"]) if r["judge"] is not None else None
    team = "A" if s in r["team_a"] else "B"
    if step == "telling":
        if s == r["teller"]:
            return [line("explain.telling.teller")]
        return [line("explain.telling." + team.lower(), teller=teller)]
    if step == "judge":
        if s == r["teller"]:
            return [line("explain.judge.teller")]
        if team == "A":
            return [line("explain.judge.a", teller=teller, b=names(r["team_b"]))]
        return [line("explain.judge.b", teller=teller)]
    if step == "decide":
        role = ("judge" if s == r["judge"] else "teller" if s == r["teller"] else team.lower())
        return [line("explain.decide." + role, teller=teller, judge=judge)]
    if step == "mark":
        return mark_now(r, s, team, waiting)
    if step == "vote":
        return vote_now(pub, r, s, team, waiting)
    return best_now(pub, r, s, waiting)


def mark_now(r: dict, s: int, team: str, waiting: list[int]) -> list[Line]:
    teller, n = name(r["teller"]), r["n"]
    if s in r["contributors"]:
        if s not in waiting:
            return [line("explain.mark.done", names=names(waiting))]
        if s == r["teller"]:
            key = "explain.mark.teller_second" if r["second_card"] else "explain.mark.teller_story"
            return [line(key, n=n)]
        return [line("explain.mark.own", teller=teller, n=n)]
    if s == r["judge"]:   # team B guesses: its captain has seen the card
        return [line("explain.mark.judge")]
    return [line("explain.mark.guesser", teller=teller, names=names(waiting))]


def vote_now(pub: dict, r: dict, s: int, team: str, waiting: list[int]) -> list[Line]:
    teller = name(r["teller"])
    options = ", ".join(map(str, pub["vote_options"]))
    revote = pub["ballot"] == 2
    if team != r["guessers"]:
        # the confusing team's captain (the storyteller or the judge) has
        # seen the card and stays silent; only the rest of the team may talk
        captain = s in (r["teller"], r["judge"])
        key = "explain.vote.confuser" + ("_captain" if captain else "") + ("_revote" if revote else "")
        return [line(key, options=options, teller=teller, judge=name(r["judge"]))]
    if s not in pub["voters"]:   # the guessing team's captain has seen the card
        return [line("explain.vote.captain", voters=names(pub["voters"]))]
    if s not in waiting:
        return [line("explain.vote.voted", names=names(waiting))]
    if revote:
        return [line("explain.vote.revote", options=options)]
    return [line("explain.vote.vote", teller=teller)]


def best_now(pub: dict, r: dict, s: int, waiting: list[int]) -> list[Line]:
    current, title = name(r["teller"]), name(r["title_compared"])
    if s == r["teller"]:
        first = line("explain.best.current", title=title)
    elif s == r["title_compared"]:
        first = line("explain.best.holder", current=current)
    elif s in waiting:
        first = line("explain.best.vote", current=current, title=title)
    else:
        return [line("explain.best.voted", names=names(waiting))]
    return [first, stakes(pub)]


# --- a phone, under the reveal -------------------------------------------------------

def secret(pub: dict, you: dict) -> list[Line]:
    """The seat's own marks, team vote and best-story ballot, and what each
    can bring it."""
    step, mine = pub["step"], you["secret"]
    out: list[Line] = []
    if step in ("mark", "vote"):
        for card in ("story", "second", "own"):
            if card in mine["marks"]:
                out.append(line("explain.secret." + card, position=mine["marks"][card]))
    if step == "vote" and mine["vote"] is not None:
        out.append(line("explain.secret.vote", position=mine["vote"]))
    if step == "best" and mine["best"] is not None:
        out.append(line("explain.secret.best", story=txt("value." + mine["best"])))
    return out


# --- what an offered move does here ------------------------------------------------

def moves(pub: dict, types: set[str]) -> dict[str, Line]:
    step, out = pub["step"], {}
    if "close" in types:
        out["close"] = line("explain.close." + step)
    if "vote" in types and pub["ballot"] == 2:
        out["vote"] = line("explain.move.vote_revote",
                           options=", ".join(map(str, pub["vote_options"])))
    if "best" in types:
        out["best"] = line("explain.move.best_vs", current=name(pub["current"]["teller"]),
                           title=name(pub["current"]["title_compared"]))
    return out

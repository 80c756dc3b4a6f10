"""Factum — the referee (spec: shared/games/factum.md, rules: factum.de.txt).

The picture cards stay physical at the table; the server keeps the teams, the
captains, whose card lies at which position (each contributor marks it on the
phone), the secret team votes, the best-story votes, the title and the scores.

Steps (``state["phase"]``)::

    volunteer -> telling -> judge -> decide -> mark -> vote -> [best] -> volunteer ...
                                                                      -> over

Decisions where the spec and the rulebook are silent
----------------------------------------------------
* Team split: team A is the storyteller plus a random choice of the others
  (rejection sampling with the injected rng).  "The same split" means the
  same partition of the players into two groups, whatever the labels; with
  4+ players a different split always exists, so it is never repeated.
* ``told`` can only be pressed by the storyteller; the judge race starts
  after it.  The host may name the storyteller (``name_storyteller``) while
  the volunteer race is open and the judge (``name_judge``, a member of team
  B) while the judge race is open; the last storyteller cannot be named.
* Cards: confusing team A → the storyteller marks ``story`` and ``second``,
  every other member of A marks ``own``; confusing team B → every member of B
  including the judge marks ``own``.  N = max(5, 1 + size of the confusing
  team); N minus that many cards come from the deck.
* Marking: the storyteller may not put the second card on the position of the
  own story card (refused like a taken position, with its own message).  The
  mark step ends by itself once every contributor has marked every card, or
  when the host closes it (refused until the storyteller's story mark is in).
  After that, contributors may still *move* a card they marked, until the
  reveal (the end of the vote); a card unmarked when the step ended stays a
  deck card.
* A cast vote (team vote or best-story vote) is final: the phone asks to
  confirm it (DESIGN: votes are irreversible entries); a second vote is
  refused.  The host closing a vote with no votes at all is a tie among
  all candidate positions (first time: revote among all; second time: random).
  The votes of a tied first ballot are public (they were revealed).
* Scoring: the owner bonus goes to whoever marked the chosen (wrong) card; an
  unmarked (deck) card gives nobody a bonus.  The storyteller's second card
  is theirs.
* Best story: when the current teller already holds the title there is no
  vote and the title keeps its (older) story.  The first story holds the title
  without points; the first vote that someone wins (title or current story by
  more votes) gives that teller +3.  Later: current wins → +3 to its teller,
  the old holder loses 3 (only if the title had given them 3); title wins or
  tie → nothing changes.  Closing the vote by the host counts the votes in
  (0:0 is a tie).
* The target is checked once per round after the best-story step (or after
  scoring when there is no vote); all seats with the highest score win.
* Races: the platform applies one room's actions one after the other, so the
  first accepted ``volunteer`` / ``judge`` wins; any later press is refused
  (``already_volunteered`` / ``judge_taken``) and changes nothing.  The table's
  "awaited" list is every eligible seat during the volunteer race and all of
  team B during the judge race.
* Round 1 has no best-story vote: its story takes the title (no points).
* A finished round's teams, reveal (every vote, whose card lay where, points)
  and best-story result stay public as ``public.last`` until the next
  volunteer; the round's data is only reset when the next round starts.
* Phones see their own marks and votes under ``you.secret``; nobody sees
  another player's marks or unrevealed votes, not even the captains.
* Option ``target`` is clamped to 5..50.
"""
from __future__ import annotations

import random
from typing import Any

from .base import HOST, Game, Illegal, ev, seat, txt

PHASES_CLOSABLE = {"mark": "mark", "vote": "vote", "best": "best"}


def _k(s: int) -> str:
    return str(s)


class Factum(Game):
    name = "factum"
    min_players = 4
    max_players = 12
    options_schema = [{"name": "target", "kind": "int", "default": 15, "min": 5, "max": 50}]
    seat_fields = frozenset({"seat"})

    # ------------------------------------------------------------------ setup
    def setup(self, seats, options, rng):
        target = options.get("target", 15)
        if type(target) is not int:
            target = 15
        target = max(5, min(50, target))
        state = {
            "seats": list(seats),
            "target": target,
            "scores": {_k(s): 0 for s in seats},
            "round": 1,
            "phase": "volunteer",
            "last_teller": None,
            "last_a": None,  # last round's team A (the split not to repeat)
            "title": None,  # {"seat", "round", "points": bool}
            "winners": None,
        }
        self._reset_round(state)
        return state, [ev("start", target=target)]

    @staticmethod
    def _reset_round(state: dict) -> None:
        state.update({
            "teller": None, "judge": None, "team_a": [], "team_b": [],
            "guessers": None, "n": 0,
            "marks": {},
            "votes": {}, "tied": None, "ballots": [],
            "best_votes": {},
            "res": None, "best": None,
        })

    # -------------------------------------------------------------- helpers
    @staticmethod
    def _team_of(state: dict, s: int) -> str | None:
        if s in state["team_a"]:
            return "A"
        if s in state["team_b"]:
            return "B"
        return None

    @staticmethod
    def _members(state: dict, team: str) -> list[int]:
        return list(state["team_a"] if team == "A" else state["team_b"])

    @staticmethod
    def _captain(state: dict, team: str) -> int | None:
        return state["teller"] if team == "A" else state["judge"]

    @staticmethod
    def _other(team: str) -> str:
        return "B" if team == "A" else "A"

    def _voters(self, state: dict) -> list[int]:
        g = state["guessers"]
        if g is None:
            return []
        cap = self._captain(state, g)
        return [s for s in self._members(state, g) if s != cap]

    def _contributors(self, state: dict) -> dict[str, list[str]]:
        """Seat key -> the cards that seat added (and marks) this round."""
        g = state["guessers"]
        if g is None:
            return {}
        teller = state["teller"]
        if g == "B":  # team A confuses: the storyteller adds a second card
            return {_k(s): (["story", "second"] if s == teller else ["own"])
                    for s in state["team_a"]}
        out = {_k(teller): ["story"]}
        for s in state["team_b"]:
            out[_k(s)] = ["own"]
        return out

    def _deck(self, state: dict) -> int:
        """How many of the N cards come from the deck."""
        return state["n"] - len(self._contributors(state)) - (1 if state["guessers"] == "B" else 0)

    def _vote_options(self, state: dict) -> list[int]:
        if state["tied"]:
            return list(state["tied"])
        return list(range(1, state["n"] + 1))

    def _best_voters(self, state: dict) -> list[int]:
        if state["phase"] != "best" or state["title"] is None:
            return []
        excluded = (state["teller"], state["title"]["seat"])
        return [s for s in state["seats"] if s not in excluded]

    def _missing_marks(self, state: dict) -> list[int]:
        out = []
        for key, kinds in self._contributors(state).items():
            have = state["marks"].get(key, {})
            if any(k not in have for k in kinds):
                out.append(int(key))
        return sorted(out)

    def _awaited(self, state: dict) -> list[int]:
        ph = state["phase"]
        if ph == "volunteer":
            return [s for s in state["seats"] if s != state["last_teller"]]
        if ph == "telling":
            return [state["teller"]]
        if ph == "judge":
            return list(state["team_b"])
        if ph == "decide":
            return [state["judge"]]
        if ph == "mark":
            return self._missing_marks(state)
        if ph == "vote":
            return [s for s in self._voters(state) if _k(s) not in state["votes"]]
        if ph == "best":
            return [s for s in self._best_voters(state) if _k(s) not in state["best_votes"]]
        return []

    def _split(self, state: dict, teller: int, rng: random.Random) -> tuple[list[int], list[int]]:
        seats = state["seats"]
        others = [s for s in seats if s != teller]
        size_a = (len(seats) + 1) // 2
        last_set = None
        if state["last_a"]:
            last_a = frozenset(state["last_a"])
            last_set = {last_a, frozenset(seats) - last_a}
        a = b = []
        for _ in range(200):
            picked = rng.sample(others, size_a - 1)
            a = sorted([teller] + picked)
            b = sorted(s for s in others if s not in picked)
            if last_set is None or {frozenset(a), frozenset(b)} != last_set:
                break
        return a, b

    # -------------------------------------------------------------- actions
    @staticmethod
    def _tpl(type_: str, confirm: bool = False, secret: bool = False, **fields: Any) -> dict:
        out: dict[str, Any] = {"type": type_, "fields": fields}
        if confirm:
            out["confirm"] = True
        if secret:
            out["secret"] = True
        return out

    def _mark_kinds(self, state: dict, s: int) -> list[str]:
        """The cards seat ``s`` may mark (or move) now."""
        kinds = self._contributors(state).get(_k(s))
        if not kinds:
            return []
        if state["phase"] == "mark":
            return list(kinds)
        if state["phase"] == "vote":
            have = state["marks"].get(_k(s), {})
            return [k for k in kinds if k in have]
        return []

    def actions(self, state, s):
        ph = state["phase"]
        if s not in state["seats"] or ph == "over":
            return []
        if ph == "volunteer":
            return [] if s == state["last_teller"] else [self._tpl("volunteer")]
        if ph == "telling":
            return [self._tpl("told")] if s == state["teller"] else []
        if ph == "judge":
            return [self._tpl("judge")] if s in state["team_b"] else []
        if ph == "decide":
            return ([self._tpl("decide", confirm=True, guessers=["A", "B"])]
                    if s == state["judge"] else [])
        out = []
        if ph in ("mark", "vote"):
            kinds = self._mark_kinds(state, s)
            if kinds:
                out.append(self._tpl("mark", secret=True,
                                     position=list(range(1, state["n"] + 1)), card=kinds))
        if ph == "vote" and s in self._voters(state) and _k(s) not in state["votes"]:
            out.append(self._tpl("vote", confirm=True, secret=True,
                                 position=list(self._vote_options(state))))
        if ph == "best" and s in self._best_voters(state) and _k(s) not in state["best_votes"]:
            out.append(self._tpl("best", confirm=True, secret=True, story=["current", "title"]))
        return out

    def host_actions(self, state):
        ph = state["phase"]
        if ph == "volunteer":
            return [self._tpl("name_storyteller", seat=[s for s in state["seats"]
                                                        if s != state["last_teller"]])]
        if ph == "judge":
            return [self._tpl("name_judge", seat=list(state["team_b"]))]
        if ph in PHASES_CLOSABLE:
            return [self._tpl("close", confirm=True, step=[PHASES_CLOSABLE[ph]])]
        return []

    # ---------------------------------------------------------------- apply
    def apply(self, state, actor, action, rng):
        if state["phase"] == "over":
            raise Illegal("game_over", 409)
        t = action.get("type")
        if actor == HOST:
            handler = {"name_storyteller": self._name_storyteller, "name_judge": self._name_judge,
                       "close": self._close}.get(t)
            if handler is None:
                raise Illegal("players_only", 403)
            return handler(state, action, rng)
        if actor not in state["seats"]:
            raise Illegal("not_seated", 403)
        handler = {"volunteer": self._volunteer, "told": self._told, "judge": self._judge,
                   "decide": self._decide, "mark": self._mark, "vote": self._vote,
                   "best": self._best}.get(t)
        if handler is None:
            if t in ("name_storyteller", "name_judge", "close"):
                raise Illegal("host_only", 403)
            raise Illegal("wrong_step", 409)
        return handler(state, actor, action, rng)

    # --- volunteer / teams
    def _start_round(self, state, teller, rng, key):
        a, b = self._split(state, teller, rng)
        self._reset_round(state)
        state.update({"teller": teller, "team_a": a, "team_b": b, "phase": "telling"})
        return state, [ev(key, seat=seat(teller)),
                       ev("teams", a=[seat(x) for x in a], b=[seat(x) for x in b])]

    def _volunteer(self, state, actor, action, rng):
        if state["phase"] != "volunteer":
            if state["teller"] is not None:
                raise Illegal("already_volunteered", 409)
            raise Illegal("wrong_step", 409)
        if actor == state["last_teller"]:
            raise Illegal("last_teller", 409)
        return self._start_round(state, actor, rng, "volunteer")

    def _name_storyteller(self, state, action, rng):
        if state["phase"] != "volunteer":
            raise Illegal("wrong_step", 409)
        s = action.get("seat")
        if s not in state["seats"]:
            raise Illegal("bad_seat", 422)
        if s == state["last_teller"]:
            raise Illegal("last_teller_named", 409)
        return self._start_round(state, s, rng, "named_storyteller")

    def _told(self, state, actor, action, rng):
        if state["phase"] != "telling":
            raise Illegal("wrong_step", 409)
        if actor != state["teller"]:
            raise Illegal("not_teller", 403)
        state["phase"] = "judge"
        return state, [ev("told", seat=seat(actor))]

    def _set_judge(self, state, s, key):
        state["judge"] = s
        state["phase"] = "decide"
        return state, [ev(key, seat=seat(s), teller=seat(state["teller"]))]

    def _judge(self, state, actor, action, rng):
        if state["phase"] != "judge":
            if state["judge"] is not None:
                raise Illegal("judge_taken", 409)
            raise Illegal("wrong_step", 409)
        if actor not in state["team_b"]:
            raise Illegal("judge_team_a", 403)
        return self._set_judge(state, actor, "judge")

    def _name_judge(self, state, action, rng):
        if state["phase"] != "judge":
            raise Illegal("wrong_step", 409)
        s = action.get("seat")
        if s not in state["team_b"]:
            raise Illegal("judge_not_b", 422)
        return self._set_judge(state, s, "named_judge")

    def _decide(self, state, actor, action, rng):
        if state["phase"] != "decide":
            raise Illegal("wrong_step", 409)
        if actor != state["judge"]:
            raise Illegal("not_judge", 403)
        g = action.get("guessers")
        if g not in ("A", "B"):
            raise Illegal("bad_team", 422)
        state["guessers"] = g
        conf = self._other(g)
        players = 1 + len(self._members(state, conf))
        n = max(5, players)
        state.update({"n": n, "phase": "mark"})
        events = [ev("decide", seat=seat(actor), guessers=txt("value." + g),
                     confusers=txt("value." + conf)),
                  ev("cards", players=players, deck=n - players, n=n)]
        teller = state["teller"]
        if conf == "A":
            events.append(ev("add_second", to=[teller]))
            others = [s for s in state["team_a"] if s != teller]
        else:
            others = list(state["team_b"])
        if others:
            events.append(ev("add_own", to=others))
        events.append(ev("mark_story", to=[teller]))
        return state, events

    # --- marking
    def _mark(self, state, actor, action, rng):
        if state["phase"] not in ("mark", "vote"):
            raise Illegal("wrong_step", 409)
        kinds = self._contributors(state).get(_k(actor))
        if not kinds:
            raise Illegal("not_contributor", 403)
        card = action.get("card")
        if card not in kinds:
            raise Illegal("wrong_card", 422)
        pos = action.get("position")
        n = state["n"]
        if type(pos) is not int or not 1 <= pos <= n:
            raise Illegal("position_range", 422, n=n)
        mine = state["marks"].get(_k(actor), {})
        if state["phase"] == "vote" and card not in mine:
            raise Illegal("mark_closed", 409)
        for other_kind, p in mine.items():
            if other_kind != card and p == pos:
                raise Illegal("position_own", 409)
        for key, ms in state["marks"].items():
            if key != _k(actor) and pos in ms.values():
                raise Illegal("position_taken", 409)
        state["marks"].setdefault(_k(actor), {})[card] = pos
        events = [ev("marked", to=[actor], position=pos, card=txt("value." + card))]
        if state["phase"] == "mark" and not self._missing_marks(state):
            events += self._open_vote(state, "marks_done")
        return state, events

    def _open_vote(self, state, key):
        state["phase"] = "vote"
        state["tied"] = None
        state["votes"] = {}
        voters = self._voters(state)
        return [ev(key, guessers=txt("value." + state["guessers"]),
                   voters=[seat(s) for s in voters])]

    # --- voting
    def _vote(self, state, actor, action, rng):
        if state["phase"] != "vote":
            raise Illegal("wrong_step", 409)
        g = state["guessers"]
        if self._team_of(state, actor) != g:
            raise Illegal("other_team", 403)
        if actor == self._captain(state, g):
            raise Illegal("captain_silent", 403)
        if _k(actor) in state["votes"]:
            raise Illegal("already_voted", 409)
        pos = action.get("position")
        if type(pos) is not int or pos not in self._vote_options(state):
            if state["tied"] is None:
                raise Illegal("position_range", 422, n=state["n"])
            raise Illegal("vote_option", 422,
                          options=", ".join(map(str, self._vote_options(state))))
        state["votes"][_k(actor)] = pos
        events = [ev("voted", to=[actor], position=pos)]
        if all(_k(s) in state["votes"] for s in self._voters(state)):
            events += self._count_votes(state, rng)
        return state, events

    def _count_votes(self, state, rng):
        votes = dict(state["votes"])
        options = self._vote_options(state)
        counts = {p: 0 for p in options}
        for p in votes.values():
            counts[p] += 1
        top = max(counts.values())
        tied = sorted(p for p in options if counts[p] == top)
        state["ballots"].append(votes)
        events = [ev("vote_cast", seat=seat(int(k)), position=p)
                  for k, p in sorted(votes.items(), key=lambda kv: int(kv[0]))]
        g = state["guessers"]
        randomly = False
        if len(tied) > 1 and state["tied"] is None:
            state["tied"] = tied
            state["votes"] = {}
            events.append(ev("tie", positions=", ".join(map(str, tied)),
                             guessers=txt("value." + g)))
            return events
        if len(tied) > 1:
            chosen = rng.choice(tied)
            randomly = True
            events.append(ev("tie_random", positions=", ".join(map(str, tied)), position=chosen))
        else:
            chosen = tied[0]
        events += self._score(state, chosen, randomly)
        return events

    def _reveal(self, state: dict) -> dict | None:
        """The public reveal of the current (or just finished) round, derived
        from the marks, the ballots and ``res`` (chosen position, by chance?)."""
        res = state["res"]
        if res is None:
            return None
        g = state["guessers"]
        layout = {}
        for key, ms in state["marks"].items():
            for kind, p in ms.items():
                layout[p] = (int(key), kind)
        story = state["marks"][_k(state["teller"])]["story"]
        chosen = res["chosen"]
        correct = chosen == story
        win = g if correct else self._other(g)
        owner = layout[chosen][0] if (not correct and chosen in layout) else None
        points: dict[str, int] = {}
        for s in self._members(state, win) + [self._captain(state, win)]:
            points[_k(s)] = points.get(_k(s), 0) + 1
        if owner is not None:
            points[_k(owner)] = points.get(_k(owner), 0) + 1
        return {
            "chosen": chosen, "story": story, "correct": correct,
            "winners": win, "random": res["random"], "owner": owner,
            "layout": [{"position": p, "seat": layout[p][0] if p in layout else None,
                        "card": layout[p][1] if p in layout else "deck"}
                       for p in range(1, state["n"] + 1)],
            "ballots": [dict(b) for b in state["ballots"]],
            "points": points,
        }

    def _score(self, state, chosen, randomly):
        g = state["guessers"]
        state["res"] = {"chosen": chosen, "random": randomly}
        reveal = self._reveal(state)
        story, correct, win = reveal["story"], reveal["correct"], reveal["winners"]
        points = reveal["points"]
        for k, p in points.items():
            state["scores"][k] += p
        events = [ev("chosen", guessers=txt("value." + g), position=chosen)]
        for item in reveal["layout"]:
            if item["seat"] is None:
                events.append(ev("pos_deck", position=item["position"]))
            else:
                events.append(ev("pos_" + item["card"], position=item["position"],
                                 seat=seat(item["seat"])))
        if correct:
            events.append(ev("right", guessers=txt("value." + g)))
        else:
            events.append(ev("wrong", story=story, winners=txt("value." + win)))
        for k in sorted(points, key=int):
            events.append(ev("points", seat=seat(int(k)), points=points[k],
                             total=state["scores"][k]))
        events += self._after_scoring(state)
        return events

    # --- best story
    def _after_scoring(self, state):
        teller = state["teller"]
        title = state["title"]
        state["phase"] = "best"
        if title is None:
            state["title"] = {"seat": teller, "round": state["round"], "points": False}
            state["best"] = {"result": "first"}
            return [ev("first_title", seat=seat(teller))] + self._end_round(state)
        if title["seat"] == teller:
            state["best"] = {"result": "holder"}
            return [ev("best_none", seat=seat(teller))] + self._end_round(state)
        voters = [s for s in state["seats"] if s not in (teller, title["seat"])]
        state["best_votes"] = {}
        return [ev("best_start", current=seat(teller), title=seat(title["seat"]),
                   voters=[seat(s) for s in voters])]

    def _best(self, state, actor, action, rng):
        if state["phase"] != "best":
            raise Illegal("wrong_step", 409)
        if actor not in self._best_voters(state):
            raise Illegal("not_best_voter", 403)
        if _k(actor) in state["best_votes"]:
            raise Illegal("already_voted", 409)
        story = action.get("story")
        if story not in ("current", "title"):
            raise Illegal("bad_story", 422)
        state["best_votes"][_k(actor)] = story
        events = [ev("best_voted", to=[actor], story=txt("value." + story))]
        if all(_k(s) in state["best_votes"] for s in self._best_voters(state)):
            events += self._count_best(state)
        return state, events

    def _count_best(self, state):
        votes = dict(state["best_votes"])
        cur = sum(1 for v in votes.values() if v == "current")
        tit = sum(1 for v in votes.values() if v == "title")
        teller = state["teller"]
        title = state["title"]
        holder = title["seat"]
        events = [ev("best_cast", seat=seat(int(k)), story=txt("value." + v))
                  for k, v in sorted(votes.items(), key=lambda kv: int(kv[0]))]
        events.append(ev("best_count", current=cur, title=tit))
        points: dict[str, int] = {}
        if cur > tit:
            result = "current"
            points[_k(teller)] = 3
            events.append(ev("best_current", seat=seat(teller)))
            if title["points"]:
                points[_k(holder)] = -3
                events.append(ev("best_loses", seat=seat(holder)))
            state["title"] = {"seat": teller, "round": state["round"], "points": True}
        elif tit > cur and not title["points"]:
            result = "title"
            points[_k(holder)] = 3
            title["points"] = True
            events.append(ev("best_title_first", seat=seat(holder)))
        else:
            result = "title" if tit > cur else "tie"
            events.append(ev("best_keep", seat=seat(holder)))
        for k, p in points.items():
            state["scores"][k] += p
        state["best"] = {"result": result, "current": cur, "title": tit,
                         "points": points, "holder": holder}
        return events + self._end_round(state)

    # --- closing steps
    def _close(self, state, action, rng):
        step = action.get("step")
        ph = state["phase"]
        if PHASES_CLOSABLE.get(ph) != step:
            raise Illegal("wrong_step", 409)
        if ph == "mark":
            if "story" not in state["marks"].get(_k(state["teller"]), {}):
                raise Illegal("story_unmarked", 409)
            missing = self._missing_marks(state)
            events = [ev("marks_closed", who=[seat(s) for s in missing])]
            return state, events + self._open_vote(state, "marks_done")
        if ph == "vote":
            events = [ev("votes_closed")]
            return state, events + self._count_votes(state, rng)
        events = [ev("best_closed")]
        return state, events + self._count_best(state)

    # --- round end
    def _end_round(self, state):
        r = state["round"]
        events = [ev("round_end", round=r)]
        state["last_teller"] = state["teller"]
        state["last_a"] = list(state["team_a"])
        top = max(state["scores"].values())
        if top >= state["target"]:
            winners = sorted(int(k) for k, v in state["scores"].items() if v == top)
            state["winners"] = winners
            state["phase"] = "over"
            events.append(ev("game_over", seats=[seat(s) for s in winners], score=top))
            return events
        state["round"] = r + 1
        state["phase"] = "volunteer"  # the round's data stays visible until the next volunteer
        return events

    # ----------------------------------------------------------------- view
    def _todo(self, state, s) -> str:
        ph = state["phase"]
        if ph == "over":
            return "over"
        if ph == "volunteer":
            return "wait_volunteer_last" if s == state["last_teller"] else "volunteer"
        if ph == "telling":
            return "tell" if s == state["teller"] else "wait_told"
        if ph == "judge":
            return "judge" if s in state["team_b"] else "wait_judge"
        if ph == "decide":
            return "decide" if s == state["judge"] else "wait_decide"
        if ph == "mark":
            kinds = self._contributors(state).get(_k(s))
            if kinds:
                have = state["marks"].get(_k(s), {})
                return "mark" if any(k not in have for k in kinds) else "marked"
            return "wait_marks"
        if ph == "vote":
            if s in self._voters(state):
                return "voted" if _k(s) in state["votes"] else "vote"
            if s == self._captain(state, state["guessers"]):
                return "captain_silent"
            return "wait_votes"
        if ph == "best":
            if s in self._best_voters(state):
                return "best_voted" if _k(s) in state["best_votes"] else "best"
            return "best_excluded"
        return "wait"

    def view(self, state, s):
        ph = state["phase"]
        started = state["teller"] is not None
        rnd = {
            "round": state["round"], "teller": state["teller"], "judge": state["judge"],
            "team_a": list(state["team_a"]), "team_b": list(state["team_b"]),
            "guessers": state["guessers"], "n": state["n"], "deck": self._deck(state),
            "contributors": sorted(int(k) for k in self._contributors(state)),
            "second_card": any("second" in v for v in self._contributors(state).values()),
            "reveal": self._reveal(state),
            "best": dict(state["best"]) if state["best"] else None,
            "best_votes": (dict(state["best_votes"])
                           if state["best"] and "current" in state["best"] else None),
            "title_compared": None,
        }
        if state["best"] and "holder" in state["best"]:
            rnd["title_compared"] = state["best"]["holder"]
        elif ph == "best":
            rnd["title_compared"] = state["title"]["seat"]
        if ph == "volunteer":
            current, last = None, (dict(rnd, round=state["round"] - 1) if started else None)
        else:
            current, last = rnd, None
        public = {
            "round": state["round"], "step": ph, "target": state["target"],
            "scores": dict(state["scores"]),
            "last_teller": state["last_teller"],
            "current": current,
            "last": last,
            "awaited": self._awaited(state),
            "voters": self._voters(state) if ph == "vote" else [],
            "vote_options": list(self._vote_options(state)) if ph == "vote" else [],
            "ballot": (2 if state["tied"] else 1) if ph == "vote" else None,
            "ballots": [dict(b) for b in state["ballots"]] if ph == "vote" else [],
            "best_voters": list(self._best_voters(state)) if ph == "best" else [],
            "title": dict(state["title"]) if state["title"] else None,
            "winners": state["winners"],
        }
        if s is None or s not in state["seats"]:
            return {"you": None, "public": public}
        you: dict[str, Any] = {"seat": s, "team": None, "role": None,
                               "todo": self._todo(state, s), "cards": []}
        secret: dict[str, Any] = {"marks": {}, "vote": None, "best": None}
        if ph != "volunteer":
            team = self._team_of(state, s)
            you["team"] = team
            if s == state["teller"]:
                you["role"] = "teller"
            elif s == state["judge"]:
                you["role"] = "judge"
            elif team:
                you["role"] = "member"
            you["cards"] = list(self._contributors(state).get(_k(s), []))
            secret["marks"] = dict(state["marks"].get(_k(s), {}))
            if ph == "vote":
                secret["vote"] = state["votes"].get(_k(s))
            if ph == "best":
                secret["best"] = state["best_votes"].get(_k(s))
        you["secret"] = secret
        return {"you": you, "public": public}

    def scores(self, state):
        return {int(k): v for k, v in state["scores"].items()}

    def winners(self, state):
        return None if state["winners"] is None else list(state["winners"])


EN = {
    "title": "Factum",
    # actions and fields
    "action.volunteer": "I tell a story!",
    "action.told": "My story is finished",
    "action.judge": "I judge!",
    "action.decide": "Decide who guesses",
    "action.mark": "Mark where your card lies",
    "action.vote": "Vote for the storyteller's card",
    "action.best": "Vote for the best story",
    "action.name_storyteller": "Name the storyteller",
    "action.name_judge": "Name the judge",
    "action.close": "Close this step",
    "field.position": "Position",
    "field.card": "Card",
    "field.guessers": "Guessing team",
    "field.story": "Better story",
    "field.seat": "Player",
    "field.step": "Step",
    "value.A": "team A (storyteller's team)",
    "value.B": "team B (judge's team)",
    "value.story": "my story card",
    "value.second": "my second card",
    "value.own": "my card",
    "value.current": "the current story",
    "value.title": "the title story",
    "value.mark": "marking the cards",
    "value.vote": "the team vote",
    "value.best": "the best-story vote",
    # log
    "log.start": "Factum begins: the first to reach {target} points wins. Everyone takes 5 picture cards.",
    "log.volunteer": "{seat} volunteers to tell a story and captains team A.",
    "log.named_storyteller": "The host names {seat} as storyteller; they captain team A.",
    "log.teams": "Team A: {a}. Team B: {b}.",
    "log.told": "{seat} has finished the story. Team B: the first to press becomes judge.",
    "log.judge": "{seat} is the judge and captains team B. {teller}: show the judge your card.",
    "log.named_judge": "The host names {seat} as judge and captain of team B. {teller}: show the judge your card.",
    "log.decide": "{seat} lets {guessers} guess; {confusers} confuses.",
    "log.cards": "{players} card(s) from the players and {deck} from the deck: shuffle them and lay them out face up at positions 1 to {n}.",
    "log.add_second": "Your team confuses: add a second card of your own to your story card.",
    "log.add_own": "Your team confuses: add the card from your hand that fits the story best.",
    "log.mark_story": "Once the cards lie out, mark where your story card lies.",
    "log.marked": "You marked {card} at position {position}.",
    "log.marks_closed": "The host closed the marking. Unmarked cards count as deck cards ({who}).",
    "log.marks_done": "The cards are marked. {guessers} votes now: {voters}.",
    "log.voted": "Your vote: position {position}.",
    "log.votes_closed": "The host closed the vote.",
    "log.vote_cast": "{seat} voted for position {position}.",
    "log.tie": "Tie between positions {positions}: {guessers} votes again among them.",
    "log.tie_random": "Tie again between positions {positions}: chance picks position {position}.",
    "log.chosen": "{guessers} chooses position {position}.",
    "log.pos_story": "Position {position}: the story card of {seat}.",
    "log.pos_second": "Position {position}: the second card of {seat}.",
    "log.pos_own": "Position {position}: the card of {seat}.",
    "log.pos_deck": "Position {position}: a card from the deck.",
    "log.right": "Right, that is the story card: {guessers} wins the round.",
    "log.wrong": "Wrong: the story card lay at position {story}. {winners} wins the round.",
    "log.points": "{seat} +{points} (now {total}).",
    "log.first_title": "{seat}'s story holds the best-story title (no points until a vote is won).",
    "log.best_none": "{seat} already holds the best-story title: no vote this round.",
    "log.best_start": "Best story: {current}'s story against the title story of {title}. Voting: {voters}.",
    "log.best_voted": "Your best-story vote: {story}.",
    "log.best_closed": "The host closed the best-story vote.",
    "log.best_cast": "{seat} voted for {story}.",
    "log.best_count": "{current} vote(s) for the current story, {title} for the title story.",
    "log.best_current": "{seat}'s story takes the title: +3.",
    "log.best_loses": "{seat} loses the title and its 3 points.",
    "log.best_title_first": "{seat}'s story keeps the title and wins its 3 points.",
    "log.best_keep": "The title stays with {seat}'s story; nobody gains or loses points.",
    "log.round_end": "Round {round} is over: played cards go to the discard pile, everyone draws up to 5 cards.",
    "log.game_over": "Game over: {seats} win(s) with {score} points.",
    # errors
    "error.game_over": "The game is over.",
    "error.players_only": "That is a move for the players, not for the host.",
    "error.host_only": "Only the host can do that.",
    "error.not_seated": "You do not play in this game.",
    "error.wrong_step": "That is not possible at this step of the round.",
    "error.already_volunteered": "Too late: someone else already volunteered to tell the story.",
    "error.last_teller": "You told the last story; someone else tells this one.",
    "error.last_teller_named": "That player told the last story and cannot tell this one.",
    "error.bad_seat": "No such player.",
    "error.not_teller": "Only the storyteller can say the story is finished.",
    "error.judge_taken": "Too late: someone else is already the judge.",
    "error.judge_team_a": "Only a member of team B can be the judge; you are in the storyteller's team.",
    "error.judge_not_b": "The judge must be a member of team B.",
    "error.not_judge": "Only the judge decides which team guesses.",
    "error.bad_team": "Choose team A or team B.",
    "error.not_contributor": "You added no card this round, so you have nothing to mark.",
    "error.wrong_card": "You cannot mark that card this round.",
    "error.position_range": "Positions go from 1 to {n}.",
    "error.position_own": "Your other card is already marked at that position.",
    "error.position_taken": "Someone already marked that position — check the layout.",
    "error.mark_closed": "Marking is closed: your unmarked card counts as a deck card.",
    "error.already_voted": "You have already voted; your vote counts as cast.",
    "error.other_team": "Your team does not guess this round.",
    "error.captain_silent": "As captain you have seen the card: you stay silent and do not vote.",
    "error.vote_option": "The revote is only between positions {options}.",
    "error.not_best_voter": "The two tellers whose stories are compared do not vote.",
    "error.bad_story": "Choose the current story or the title story.",
    "error.story_unmarked": "The storyteller has not marked the story card yet; the reveal needs it.",
    # renderer
    "ui.round": "Round {round}",
    "ui.target": "First to {target} points",
    "ui.step.volunteer": "Who tells a story?",
    "ui.step.telling": "The story is being told",
    "ui.step.judge": "Team B: who judges?",
    "ui.step.decide": "The judge decides who guesses",
    "ui.step.mark": "Cards are added and marked",
    "ui.step.vote": "The guessing team votes",
    "ui.step.best": "Best-story vote",
    "ui.step.over": "Game over",
    "ui.team_a": "Team A",
    "ui.team_b": "Team B",
    "ui.teller": "storyteller",
    "ui.judge": "judge",
    "ui.member": "member",
    "ui.captain": "captain",
    "ui.guesses": "guesses",
    "ui.confuses": "confuses",
    "ui.cards": "{n} cards lie out: {deck} from the deck.",
    "ui.awaiting": "Waiting for: {names}",
    "ui.anyone": "anyone except {name}",
    "ui.ballot2": "Revote between positions {options}",
    "ui.reveal": "Reveal",
    "ui.position": "Position",
    "ui.owner": "Card",
    "ui.votes": "Votes",
    "ui.deck": "deck",
    "ui.story_card": "story card of {name}",
    "ui.second_card": "second card of {name}",
    "ui.own_card": "card of {name}",
    "ui.chosen": "chosen",
    "ui.right": "Right! {team} wins the round.",
    "ui.wrong": "Wrong! The story card lay at {story}. {team} wins the round.",
    "ui.random": "(tie decided by chance)",
    "ui.points": "Points this round",
    "ui.title": "Best-story title: {name}",
    "ui.title_nopoints": "(no points yet)",
    "ui.best_result.current": "The current story took the title.",
    "ui.best_result.title": "The title story won.",
    "ui.best_result.tie": "Tie: the title stays.",
    "ui.best_result.first": "The first story holds the title.",
    "ui.best_result.holder": "The teller already held the title: no vote.",
    "ui.best_vs": "{current}'s story against the title story of {title}",
    "ui.last_round": "Last round",
    "ui.winners": "Winner(s): {names}",
    "ui.your_team": "You are in {team} ({role}).",
    "ui.no_team": "You are not in a team yet.",
    "ui.your_marks": "Your marks",
    "ui.your_vote": "Your vote: position {position}",
    "ui.your_best": "Your best-story vote: {story}",
    "ui.none": "none yet",
    "todo.volunteer": "Remember a story from your life that fits one of your cards? Press first to tell it.",
    "todo.wait_volunteer_last": "You told the last story. Wait for a volunteer.",
    "todo.tell": "Tell your story, then press “My story is finished”.",
    "todo.wait_told": "Listen to {name}'s story.",
    "todo.judge": "Press first to become the judge and captain of team B.",
    "todo.wait_judge": "Wait: someone of team B becomes judge.",
    "todo.decide": "Look at the storyteller's card and decide which team guesses.",
    "todo.wait_decide": "Wait: {name} decides which team guesses.",
    "todo.mark": "When the cards lie out, mark the position of {cards}.",
    "todo.marked": "Marked. You may still move your mark until the reveal. Waiting for: {names}",
    "todo.wait_marks": "Wait while the cards are marked. Waiting for: {names}",
    "todo.vote": "Vote for the position of the storyteller's card.",
    "todo.voted": "Voted. Waiting for: {names}",
    "todo.captain_silent": "You have seen the card: stay silent while your team votes.",
    "todo.wait_votes": "Try to confuse the guessers! Waiting for the votes of: {names}",
    "todo.best": "Which story was better: the current one or the title story?",
    "todo.best_voted": "Voted. Waiting for: {names}",
    "todo.best_excluded": "Your story is compared: you do not vote. Waiting for: {names}",
    "todo.over": "The game is over.",
    "todo.wait": "Wait.",
}

DE = {
    "title": "Factum",
    "action.volunteer": "Ich erzähle!",
    "action.told": "Meine Geschichte ist fertig",
    "action.judge": "Ich bin Richter!",
    "action.decide": "Entscheiden, wer rät",
    "action.mark": "Markieren, wo deine Karte liegt",
    "action.vote": "Für die Karte des Erzählers stimmen",
    "action.best": "Für die beste Geschichte stimmen",
    "action.name_storyteller": "Erzähler bestimmen",
    "action.name_judge": "Richter bestimmen",
    "action.close": "Schritt beenden",
    "field.position": "Position",
    "field.card": "Karte",
    "field.guessers": "Ratendes Team",
    "field.story": "Bessere Geschichte",
    "field.seat": "Spieler",
    "field.step": "Schritt",
    "value.A": "Team A (Team des Erzählers)",
    "value.B": "Team B (Team des Richters)",
    "value.story": "meine Geschichtenkarte",
    "value.second": "meine zweite Karte",
    "value.own": "meine Karte",
    "value.current": "die aktuelle Geschichte",
    "value.title": "die Titelgeschichte",
    "value.mark": "Markieren der Karten",
    "value.vote": "Abstimmung des Teams",
    "value.best": "Abstimmung über die beste Geschichte",
    "log.start": "Factum beginnt: Wer zuerst {target} Punkte hat, gewinnt. Alle nehmen 5 Bildkarten.",
    "log.volunteer": "{seat} erzählt freiwillig eine Geschichte und ist Kapitän von Team A.",
    "log.named_storyteller": "Der Gastgeber bestimmt {seat} als Erzähler und Kapitän von Team A.",
    "log.teams": "Team A: {a}. Team B: {b}.",
    "log.told": "{seat} hat die Geschichte beendet. Team B: Wer zuerst drückt, wird Richter.",
    "log.judge": "{seat} ist Richter und Kapitän von Team B. {teller}: Zeig dem Richter deine Karte.",
    "log.named_judge": "Der Gastgeber bestimmt {seat} als Richter und Kapitän von Team B. {teller}: Zeig dem Richter deine Karte.",
    "log.decide": "{seat} lässt {guessers} raten; {confusers} verwirrt.",
    "log.cards": "{players} Karte(n) von den Spielern und {deck} vom Stapel: mischen und offen an die Positionen 1 bis {n} legen.",
    "log.add_second": "Dein Team verwirrt: Lege eine zweite eigene Karte zu deiner Geschichtenkarte.",
    "log.add_own": "Dein Team verwirrt: Lege die Karte aus deiner Hand dazu, die am besten zur Geschichte passt.",
    "log.mark_story": "Sobald die Karten ausliegen: Markiere, wo deine Geschichtenkarte liegt.",
    "log.marked": "Du hast {card} an Position {position} markiert.",
    "log.marks_closed": "Der Gastgeber hat das Markieren beendet. Unmarkierte Karten zählen als Stapelkarten ({who}).",
    "log.marks_done": "Die Karten sind markiert. {guessers} stimmt jetzt ab: {voters}.",
    "log.voted": "Deine Stimme: Position {position}.",
    "log.votes_closed": "Der Gastgeber hat die Abstimmung beendet.",
    "log.vote_cast": "{seat} stimmte für Position {position}.",
    "log.tie": "Gleichstand zwischen den Positionen {positions}: {guessers} stimmt zwischen ihnen neu ab.",
    "log.tie_random": "Wieder Gleichstand zwischen {positions}: Der Zufall wählt Position {position}.",
    "log.chosen": "{guessers} wählt Position {position}.",
    "log.pos_story": "Position {position}: die Geschichtenkarte von {seat}.",
    "log.pos_second": "Position {position}: die zweite Karte von {seat}.",
    "log.pos_own": "Position {position}: die Karte von {seat}.",
    "log.pos_deck": "Position {position}: eine Karte vom Stapel.",
    "log.right": "Richtig, das ist die Geschichtenkarte: {guessers} gewinnt die Runde.",
    "log.wrong": "Falsch: Die Geschichtenkarte lag an Position {story}. {winners} gewinnt die Runde.",
    "log.points": "{seat} +{points} (jetzt {total}).",
    "log.first_title": "Die Geschichte von {seat} hält den Titel „beste Geschichte“ (Punkte erst nach einer gewonnenen Abstimmung).",
    "log.best_none": "{seat} hält den Titel schon: Diese Runde keine Abstimmung.",
    "log.best_start": "Beste Geschichte: die Geschichte von {current} gegen die Titelgeschichte von {title}. Es stimmen ab: {voters}.",
    "log.best_voted": "Deine Stimme zur besten Geschichte: {story}.",
    "log.best_closed": "Der Gastgeber hat die Abstimmung über die beste Geschichte beendet.",
    "log.best_cast": "{seat} stimmte für {story}.",
    "log.best_count": "{current} Stimme(n) für die aktuelle Geschichte, {title} für die Titelgeschichte.",
    "log.best_current": "Die Geschichte von {seat} holt den Titel: +3.",
    "log.best_loses": "{seat} verliert den Titel und seine 3 Punkte.",
    "log.best_title_first": "Die Geschichte von {seat} behält den Titel und bekommt ihre 3 Punkte.",
    "log.best_keep": "Der Titel bleibt bei der Geschichte von {seat}; niemand gewinnt oder verliert Punkte.",
    "log.round_end": "Runde {round} ist vorbei: Gespielte Karten auf den Ablagestapel, alle ziehen auf 5 Karten nach.",
    "log.game_over": "Spielende: {seats} gewinnt/gewinnen mit {score} Punkten.",
    "error.game_over": "Das Spiel ist vorbei.",
    "error.players_only": "Das ist ein Zug für die Spieler, nicht für den Gastgeber.",
    "error.host_only": "Das darf nur der Gastgeber.",
    "error.not_seated": "Du spielst in diesem Spiel nicht mit.",
    "error.wrong_step": "Das geht in diesem Schritt der Runde nicht.",
    "error.already_volunteered": "Zu spät: Jemand anderes hat sich schon als Erzähler gemeldet.",
    "error.last_teller": "Du hast die letzte Geschichte erzählt; diesmal erzählt jemand anderes.",
    "error.last_teller_named": "Dieser Spieler hat die letzte Geschichte erzählt und kann diese nicht erzählen.",
    "error.bad_seat": "Diesen Spieler gibt es nicht.",
    "error.not_teller": "Nur der Erzähler kann die Geschichte für beendet erklären.",
    "error.judge_taken": "Zu spät: Jemand anderes ist schon Richter.",
    "error.judge_team_a": "Nur ein Mitglied von Team B kann Richter werden; du bist im Team des Erzählers.",
    "error.judge_not_b": "Der Richter muss ein Mitglied von Team B sein.",
    "error.not_judge": "Nur der Richter entscheidet, welches Team rät.",
    "error.bad_team": "Wähle Team A oder Team B.",
    "error.not_contributor": "Du hast diese Runde keine Karte gelegt und musst nichts markieren.",
    "error.wrong_card": "Diese Karte kannst du diese Runde nicht markieren.",
    "error.position_range": "Die Positionen gehen von 1 bis {n}.",
    "error.position_own": "Deine andere Karte ist schon an dieser Position markiert.",
    "error.position_taken": "Jemand hat diese Position schon markiert – prüft die Auslage.",
    "error.mark_closed": "Das Markieren ist beendet: Deine unmarkierte Karte zählt als Stapelkarte.",
    "error.already_voted": "Du hast schon abgestimmt; deine Stimme zählt.",
    "error.other_team": "Dein Team rät diese Runde nicht.",
    "error.captain_silent": "Als Kapitän hast du die Karte gesehen: Du schweigst und stimmst nicht ab.",
    "error.vote_option": "Neu abgestimmt wird nur zwischen den Positionen {options}.",
    "error.not_best_voter": "Die beiden Erzähler, deren Geschichten verglichen werden, stimmen nicht ab.",
    "error.bad_story": "Wähle die aktuelle Geschichte oder die Titelgeschichte.",
    "error.story_unmarked": "Der Erzähler hat seine Geschichtenkarte noch nicht markiert; die Auflösung braucht sie.",
    "ui.round": "Runde {round}",
    "ui.target": "Wer zuerst {target} Punkte hat, gewinnt",
    "ui.step.volunteer": "Wer erzählt eine Geschichte?",
    "ui.step.telling": "Die Geschichte wird erzählt",
    "ui.step.judge": "Team B: Wer wird Richter?",
    "ui.step.decide": "Der Richter entscheidet, wer rät",
    "ui.step.mark": "Karten werden dazugelegt und markiert",
    "ui.step.vote": "Das ratende Team stimmt ab",
    "ui.step.best": "Abstimmung über die beste Geschichte",
    "ui.step.over": "Spielende",
    "ui.team_a": "Team A",
    "ui.team_b": "Team B",
    "ui.teller": "Erzähler",
    "ui.judge": "Richter",
    "ui.member": "Mitglied",
    "ui.captain": "Kapitän",
    "ui.guesses": "rät",
    "ui.confuses": "verwirrt",
    "ui.cards": "{n} Karten liegen aus: {deck} vom Stapel.",
    "ui.awaiting": "Es fehlen: {names}",
    "ui.anyone": "alle außer {name}",
    "ui.ballot2": "Neue Abstimmung zwischen den Positionen {options}",
    "ui.reveal": "Auflösung",
    "ui.position": "Position",
    "ui.owner": "Karte",
    "ui.votes": "Stimmen",
    "ui.deck": "Stapel",
    "ui.story_card": "Geschichtenkarte von {name}",
    "ui.second_card": "zweite Karte von {name}",
    "ui.own_card": "Karte von {name}",
    "ui.chosen": "gewählt",
    "ui.right": "Richtig! {team} gewinnt die Runde.",
    "ui.wrong": "Falsch! Die Geschichtenkarte lag an {story}. {team} gewinnt die Runde.",
    "ui.random": "(Gleichstand per Zufall entschieden)",
    "ui.points": "Punkte dieser Runde",
    "ui.title": "Titel „beste Geschichte“: {name}",
    "ui.title_nopoints": "(noch ohne Punkte)",
    "ui.best_result.current": "Die aktuelle Geschichte hat den Titel geholt.",
    "ui.best_result.title": "Die Titelgeschichte hat gewonnen.",
    "ui.best_result.tie": "Gleichstand: Der Titel bleibt.",
    "ui.best_result.first": "Die erste Geschichte hält den Titel.",
    "ui.best_result.holder": "Der Erzähler hielt den Titel schon: keine Abstimmung.",
    "ui.best_vs": "Geschichte von {current} gegen die Titelgeschichte von {title}",
    "ui.last_round": "Letzte Runde",
    "ui.winners": "Gewinner: {names}",
    "ui.your_team": "Du bist in {team} ({role}).",
    "ui.no_team": "Du bist noch in keinem Team.",
    "ui.your_marks": "Deine Markierungen",
    "ui.your_vote": "Deine Stimme: Position {position}",
    "ui.your_best": "Deine Stimme zur besten Geschichte: {story}",
    "ui.none": "noch keine",
    "todo.volunteer": "Fällt dir eine Geschichte aus deinem Leben zu einer deiner Karten ein? Drück als Erster, um sie zu erzählen.",
    "todo.wait_volunteer_last": "Du hast die letzte Geschichte erzählt. Warte auf einen Freiwilligen.",
    "todo.tell": "Erzähl deine Geschichte und drück dann „Meine Geschichte ist fertig“.",
    "todo.wait_told": "Hör die Geschichte von {name}.",
    "todo.judge": "Drück als Erster, um Richter und Kapitän von Team B zu werden.",
    "todo.wait_judge": "Warte: Jemand aus Team B wird Richter.",
    "todo.decide": "Sieh dir die Karte des Erzählers an und entscheide, welches Team rät.",
    "todo.wait_decide": "Warte: {name} entscheidet, welches Team rät.",
    "todo.mark": "Wenn die Karten ausliegen: Markiere die Position von {cards}.",
    "todo.marked": "Markiert. Bis zur Auflösung kannst du die Markierung noch ändern. Es fehlen: {names}",
    "todo.wait_marks": "Warte, bis die Karten markiert sind. Es fehlen: {names}",
    "todo.vote": "Stimme für die Position der Karte des Erzählers.",
    "todo.voted": "Abgestimmt. Es fehlen: {names}",
    "todo.captain_silent": "Du hast die Karte gesehen: Schweig, während dein Team abstimmt.",
    "todo.wait_votes": "Verwirrt die Ratenden! Es fehlen die Stimmen von: {names}",
    "todo.best": "Welche Geschichte war besser: die aktuelle oder die Titelgeschichte?",
    "todo.best_voted": "Abgestimmt. Es fehlen: {names}",
    "todo.best_excluded": "Deine Geschichte wird verglichen: Du stimmst nicht ab. Es fehlen: {names}",
    "todo.over": "Das Spiel ist vorbei.",
    "todo.wait": "Warte.",
}


Factum.texts = {"en": EN, "de": DE}

GAME = Factum()

"""Shared helpers for the HOAX tests (not a test module itself)."""
from __future__ import annotations

import json
import random

import pytest

from companion.games.base import HOST, SHARED_ERRORS, Illegal, copied, match_action
from companion.games.hoax import GAME
from companion.games.hoax.common import find_claim
from companion.i18n import lookup

# the rulebook's six players, in table order
SYLVIA, CHRISTIAN, PETRA, GREGOR, GABY, TOM = range(6)


def make(n=6, seed=0, idents=None, covers=None, first=0, **opts):
    """A state after the start covers: identities forced, covers as given
    (default: everybody covers the first identity they are not)."""
    options = {"first": first, **opts}
    st, _ = GAME.setup(list(range(n)), options, random.Random(seed))
    if idents:
        for s, i in idents.items():
            st["ident"][str(s)] = i
    covers = covers or {}
    for s in range(n):
        own = st["ident"][str(s)]
        c = covers.get(s) or next(i for i in GAME_IDS if i != own)
        st, _ = act(st, s, type="cover", identity=c)
    assert st["phase"] == "play"
    return st


GAME_IDS = ["baron", "monk", "judge", "trader", "magician", "thief", "farmer"]


def act(st, actor, seed=1, **action):
    """Applies an action to a copy; returns (state, events)."""
    return GAME.apply(copied(st), actor, dict(action), random.Random(seed))


def offered(st, actor, **action):
    """Whether the templates admit this action."""
    tpls = GAME.actions(st, actor) if actor != HOST else GAME.host_actions(st)
    return match_action(tpls, dict(action))[0] is not None


def refused(st, actor, code, status=None, **action):
    """Asserts that the action is refused with ``code`` (a listed code with
    both texts, of ``status``) and changes nothing, and that ``why_not``
    gives the same reason without changing anything either."""
    before = json.dumps(st, sort_keys=True)
    with pytest.raises(Illegal) as err:
        GAME.apply(st, actor, dict(action), random.Random(1))
    assert err.value.code == code, (err.value.code, code)
    assert code in GAME.errors or code in SHARED_ERRORS, code
    if status is not None:
        assert GAME.error_status(code) == status
    assert json.dumps(st, sort_keys=True) == before
    reason = GAME.why_not(st, actor, dict(action))
    assert (reason.code, reason.params) == (code, err.value.params)
    assert json.dumps(st, sort_keys=True) == before
    for lang in ("en", "de"):
        assert lookup(lang, "error." + code, GAME), (lang, code)
    return err.value


def keys(events, public_only=False):
    return [e["key"] for e in events if not public_only or e["to"] is None]


def claim_ids(st):
    return [c["id"] for c in st["claims"]]


def render(ev_, lang="en", names=("Sylvia", "Christian", "Petra", "Gregor", "Gaby", "Tom")):
    """Renders an event like the platform would (for tests of the texts)."""
    texts = GAME.texts[lang]

    def val(v):
        if isinstance(v, dict) and "seat" in v:
            return names[v["seat"]] if v["seat"] < len(names) else f"P{v['seat']}"
        if isinstance(v, dict) and "text" in v:
            return texts[v["text"]]
        if isinstance(v, list):
            return ", ".join(val(x) for x in v)
        return str(v)

    return texts["log." + ev_["key"]].format(**{k: val(v) for k, v in ev_["params"].items()})


def check_invariants(st):
    """Structural invariants of a HOAX state."""
    in_round = GAME.in_round(st)
    if st["winner"] is None:
        assert len(in_round) >= 2
        assert st["final"] == (len(in_round) == 2)
        assert st["to_move"] in in_round
    for s in st["seats"]:
        cov = st["covers"][str(s)]
        assert len(set(cov)) == len(cov)
        assert st["ident"][str(s)] not in cov
    ids = [c["id"] for c in st["claims"]]
    assert len(set(ids)) == len(ids)
    if st["pending"]:
        assert st["pending"]["target"] in in_round and st["doubt"] is None
    if st["doubt"] is not None:
        assert find_claim(st, st["doubt"])["doubt"]["status"] == "open"
    for c in st["claims"]:
        if c["doubt"] is not None and c["doubt"]["status"] == "open":
            assert st["doubt"] == c["id"]


def play_many(n, seeds, options_for):
    """Plays seeded random games to 10 points, checking points against the
    events, the invariants and that every event renders in both languages."""
    from tests.harness import random_play
    finished = 0
    for seed in seeds:
        opts = options_for(seed)
        booked = {s: 0 for s in range(n)}
        last = None
        for st, actor, action, events in random_play(GAME, list(range(n)), opts, seed,
                                                     max_steps=20000):
            for e in events:
                for lang in ("en", "de"):
                    render(e, lang)
                if e["key"] == "points":
                    booked[e["params"]["who"]["seat"]] += e["params"]["n"]
                if e["to"] is not None:
                    assert e["key"] in ("showed_you", "you_showed", "accuse_secret")
            scores = GAME.scores(st)
            assert scores == booked, seed
            if last is not None:
                assert all(scores[s] >= last[s] for s in scores)
            last = scores
            check_invariants(st)
        winners = GAME.winners(st)
        assert winners is not None, f"seed {seed} did not finish"
        (w,) = winners
        assert scores[w] >= 10 and all(v <= 9 for s, v in scores.items() if s != w)
        finished += 1
    return finished

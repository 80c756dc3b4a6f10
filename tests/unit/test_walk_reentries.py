"""The walk of one action through the platform's layers (issue #43,
docs/ARCHITECTURE.md "How often the walk goes back"): one HOAX claim with
six sockets (host, table, four phones) traced in-process with
``sys.setprofile``; only the call structure is looked at, never time.

The measure:

* Layers: the platform pipeline's modules, ``LAYERS`` below, and
  ``companion/transport/*`` as one layer (not on this path: the trace
  starts at ``Service.act`` and the notifier is a stand-in).
* Leaves: everything else a layer calls downward: the games' registry
  (``companion/games/__init__``), the game kit (``games/base.py``), the
  game's own package, ``i18n``, ``errors.py``, ``json_patch.py``,
  ``buckets.py``, the stores, the standard library.  A leaf's frames are
  transparent: a call made through them counts as made by the nearest
  layer frame below them (none of them calls a layer on this path).
* A crossing: a call into a frame of layer M made while the nearest layer
  frame below it belongs to another layer C (edge C -> M).  Generator
  resumptions count as calls (leaving ``with cache.turn()`` enters
  room_cache again).
* The walk *leaves* M when M's last frame on the stack returns, and
  *enters* a layer by a crossing into it.
* A re-entry: a crossing C -> M where M is not on the stack, the walk has
  been in M before in this action, and since it last left M it has
  entered a layer other than C and M (it went elsewhere and came back; a
  caller using a helper of M several times in a row is one visit, and a
  return trip through C itself is C's re-entry, counted there).
* A back-call: a crossing C -> M while M is still on the stack below C
  (a module calling back into one that called it): none is allowed.
"""
from __future__ import annotations

import random
import sys
from collections import Counter

import pytest

from companion import rooms
from companion.games.base import sample_action
from companion.service import Service
from companion.store.sqlite import SqliteStore
from tests.unit.test_views_one_pass import Pushed

LAYERS = {"service", "room_cache", "referee", "lobby", "gameplay", "host_powers", "views",
          "explain", "rooms", "evening"}

#: the re-entries one action may make, each a step of the table that comes
#: after the walk has been elsewhere (docs/ARCHITECTURE.md lists the same)
ALLOWED = {
    # the cache's steps in the order of the action: the turn (the lock) after
    # the load and the token, the store after the referee, keeping the
    # templates the views built after them (steps 3, 4, 7 and 8)
    ("service", "room_cache"),
    # the move writes the room record (its undo step, its log lines) after
    # the service and the cache read it (step 6)
    ("gameplay", "rooms"),
    # the store encodes the changed record after the move (step 7)
    ("room_cache", "rooms"),
    # the broadcast reads the stored record (every socket's token, the names
    # a rename changed, the seats in play) after the store (step 8)
    ("views", "rooms"),
    # the views read the game's step (the timer, whom it waits for) after
    # the move changed it (step 8)
    ("views", "gameplay"),
}


def layer_of(frame) -> str | None:
    parts = (frame.f_globals.get("__name__") or "").split(".")
    if parts[0] != "companion" or len(parts) < 2:
        return None
    if parts[1] == "transport":
        return "transport"
    return parts[1] if parts[1] in LAYERS else None


def walk(call) -> tuple[Counter, Counter]:
    """Runs ``call`` traced; returns its re-entries and back-calls, each
    counted per (caller layer, callee layer)."""
    stack: list[str | None] = []
    seen: set[str] = set()
    since_left: dict[str, set[str]] = {}   # layer -> layers entered since the walk left it
    reentries: Counter = Counter()
    backcalls: Counter = Counter()

    def profile(frame, event, arg):
        if event == "call":
            callee = layer_of(frame)
            if callee is not None:
                caller = next((m for m in reversed(stack) if m), None)
                if caller is not None and caller != callee:
                    if callee in stack:
                        backcalls[(caller, callee)] += 1
                    elif callee in seen and since_left[callee] - {caller, callee}:
                        reentries[(caller, callee)] += 1
                    for other, went in since_left.items():
                        if other != callee:
                            went.add(callee)
                seen.add(callee)
                since_left.pop(callee, None)
            stack.append(callee)
        elif event == "return" and stack:
            left = stack.pop()
            if left is not None and left not in stack:
                since_left[left] = set()
    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return reentries, backcalls


@pytest.fixture
def claim(tmp_path, monkeypatch):
    """A HOAX room of six seats, the host, the table and four phones
    connected, the game started and played (its covers) until a seat may
    claim; returns the service, the pushed views and the claim to make."""
    real_new_room = rooms.new_room
    monkeypatch.setattr(rooms, "new_room", lambda *a: {**real_new_room(*a), "seed": "5eed" * 8})
    pushed = Pushed()
    svc = Service(SqliteStore(str(tmp_path / "r.sqlite3")), action_rate=0, notifier=pushed)
    created = svc.create_room("hoax", {})
    code, host = created["code"], created["host_token"]
    tokens = [svc.join(code, name)["token"] for name in ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")]
    for token, sid in [(host, "host"), (None, "table")] + [(t, f"s{i}") for i, t in enumerate(tokens[:4])]:
        svc.connect(code, token, sid, "en")
    svc.act(code, host, {"type": "start"}, "en")
    rng = random.Random(7)
    for _ in range(50):
        offered = [(token, t) for token in tokens for t in svc.view(code, token, "en")["actions"]
                   if t["type"] not in ("rename", "leave", "explain")]
        claims = [(token, t) for token, t in offered if t["type"] == "claim"]
        if claims:
            token, tpl = claims[0]
            pushed.views.clear()
            return svc, pushed, lambda: svc.act(code, token, sample_action(tpl, rng), "en")
        token, tpl = offered[0]
        svc.act(code, token, sample_action(tpl, rng), "en")
    raise AssertionError("no seat may claim")


def test_a_claim_goes_down_the_layers_with_the_allowed_returns_only(claim):
    svc, pushed, act = claim
    reentries, backcalls = walk(act)
    assert len(pushed.views) == 6   # the trace saw the whole broadcast
    assert set(reentries) == ALLOWED, sorted(reentries)
    assert not backcalls
    assert reentries[("service", "room_cache")] == 3   # turn, store, keep the templates


def test_the_walk_sees_a_planted_return(claim, monkeypatch):
    """The measure can fail: explain mode asking the room record for the
    names again (instead of using the ones passed down) is a new edge."""
    from companion import explain
    real, seat_names = explain.explanation, rooms.seat_names

    def explanation(room, *args):
        seat_names(room)
        return real(room, *args)
    # a function of explain's own module, so its frame is explain's
    planted = type(real)(explanation.__code__, vars(explain), "explanation", None, explanation.__closure__)
    monkeypatch.setattr(explain, "explanation", planted)
    _, _, act = claim
    reentries, _ = walk(act)
    assert set(reentries) - ALLOWED == {("explain", "rooms")}

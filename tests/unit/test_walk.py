"""The walk of one action down the platform's layers (issue #43,
docs/ARCHITECTURE.md): a broadcast builds every audience's templates with
the game, the seats in play and the timer passed down, the explain switch
left open for explain mode, so the lobby calls neither explain mode, the
games' registry, the room record nor gameplay; explain mode is entered once
(the explanations with every switch's value); the views read the host's
skip view from what they gathered (host_powers does not go back into
gameplay).  The whole walk's returns: tests/unit/test_walk_reentries.py."""
from __future__ import annotations

import sys

from companion.service import Service
from companion.store.sqlite import SqliteStore
from tests.unit.test_views_one_pass import Pushed


def module_of(frame) -> str | None:
    name = frame.f_globals.get("__name__", "")
    return name if name.startswith("companion") else None


def crossings(call) -> list[tuple[str, str, str]]:
    """Every call from one companion module into another while ``call``
    runs: (caller module, callee module, callee function)."""
    stack: list[str | None] = []
    seen = []

    def profile(frame, event, arg):
        if event == "call":
            callee = module_of(frame)
            caller = next((m for m in reversed(stack) if m), None)
            if callee and caller and callee != caller:
                seen.append((caller, callee, frame.f_code.co_name))
            stack.append(callee)
        elif event == "return" and stack:
            stack.pop()
    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return seen


def test_an_action_s_broadcast_goes_down_without_returns(tmp_path):
    pushed = Pushed()
    svc = Service(SqliteStore(str(tmp_path / "r.sqlite3")), action_rate=0, notifier=pushed)
    created = svc.create_room("pick", {"rounds": 2, "explain": True})
    code, host = created["code"], created["host_token"]
    tokens = [svc.join(code, name)["token"] for name in ("Sylvia", "Gregor", "Ada")]
    svc.connect(code, host, "host", "en")
    svc.connect(code, None, "table", "en")
    for i, token in enumerate(tokens):
        svc.connect(code, token, f"s{i}", "en")
    svc.act(code, host, {"type": "start"}, "en")
    pushed.views.clear()
    seen = crossings(lambda: svc.act(code, tokens[0], {"type": "pick", "number": 1}, "en"))
    assert len(pushed.views) == 5 and pushed.views[0][1]["actions"]   # the trace saw the broadcast
    from_lobby = {(callee, name) for caller, callee, name in seen if caller == "companion.lobby"}
    assert not {c for c in from_lobby if c[0] in ("companion.explain", "companion.games",
                                                  "companion.rooms", "companion.gameplay")}
    into_explain = [c[2] for c in seen if c[1] == "companion.explain"]
    assert into_explain == ["explanations"]   # the switches' values too, in the one visit
    assert all(tpl["fields"]["mode"] in (["on"], ["off"]) for _, view in pushed.views
               for tpl in view["actions"] if tpl["type"] == "explain")
    assert not [c for c in seen if c[:2] == ("companion.host_powers", "companion.gameplay")]

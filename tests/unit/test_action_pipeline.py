"""One action pipeline (issue #43): HTTP loads the room once, no module on
an action's way calls back into one above it, the platform's modules
import each other without a cycle, and the undo step is passed along,
never carried in the room."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

from companion import gameplay, referee, rooms
from companion.service import Service
from companion.store.sqlite import SqliteStore

PACKAGE = Path(__file__).resolve().parents[2] / "companion"


def package_imports() -> dict[str, set[str]]:
    """companion.* module -> the companion.* modules it imports (anywhere in
    it), the games' modules included."""
    names = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    edges = {}
    for name, path in names.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = (".".join(package[:len(package) - node.level + 1] + [node.module or ""]).rstrip(".")
                        if node.level else node.module)
                found.update(f"{base}.{a.name}" if f"{base}.{a.name}" in names else base for a in node.names)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
        edges[name] = {f for f in found if f in names and f != name}
    return edges


def reachable(edges: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for nxt in edges.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def test_no_module_of_the_package_imports_itself_through_others():
    edges = package_imports()
    assert "companion.transport.api" in edges and "companion.transport.pages" in edges
    assert "companion.games.what_the_rule.budget" in edges
    cycles = sorted(name for name in edges if name in reachable(edges, name))
    assert cycles == []


def test_an_http_action_loads_the_room_once(app_pair, table):
    cache = app_pair[0].extensions["companion"].cache
    seat = table.join("Sylvia")
    table.join("Gregor")
    loads = []
    real = cache.load
    cache.load = lambda code: loads.append(code) or real(code)
    answer = table.host_act(type="start")
    assert answer.status_code == 200 and loads == [table.code]
    loads.clear()
    answer = table.seat_act(seat, type="pick", number=1)
    assert answer.status_code == 200 and len(loads) == 1


def test_an_http_body_is_read_after_the_room_and_the_token(client, table):
    def post(code, token):
        return client.post(f"/api/rooms/{code}/actions", data="{", content_type="text/plain",
                           headers={"Authorization": f"Bearer {token}"})
    assert post("ZZZZZ", table.host).status_code == 404
    assert post(table.code, "not-a-token").status_code == 401
    assert post(table.code, table.host).json["error"]["code"] == "not_json"


def module_of(frame) -> str | None:
    name = frame.f_globals.get("__name__", "")
    return name if name.startswith("companion.") else None


def test_an_action_never_calls_back_into_a_module_above(tmp_path):
    """Tracing one seat's move: every call from one platform module into
    another goes along the imports (a module into one it imports), never
    back up into a module that imports its caller (as the room cache once
    called the service's closure)."""
    svc = Service(SqliteStore(str(tmp_path / "rooms.sqlite3")), action_rate=0)
    created = svc.create_room("pick", {"rounds": 2})
    code, host = created["code"], created["host_token"]
    sylvia = svc.join(code, "Sylvia")["token"]
    svc.join(code, "Gregor")
    svc.act(code, host, {"type": "start"}, "en")
    edges = package_imports()
    stack: list[str | None] = []
    calls = set()

    def profile(frame, event, arg):
        if event == "call":
            callee = module_of(frame)
            caller = next((m for m in reversed(stack) if m), None)
            if callee and caller and callee != caller:
                calls.add((caller, callee))
            stack.append(callee)
        elif event == "return" and stack:
            stack.pop()
    sys.setprofile(profile)
    try:
        svc.act(code, sylvia, {"type": "pick", "number": 1}, "en")
    finally:
        sys.setprofile(None)
    assert ("companion.service", "companion.referee") in calls   # the trace saw the action
    back = sorted((caller, callee) for caller, callee in calls
                  if caller in edges and callee in edges and caller in reachable(edges, callee))
    assert back == []


def test_the_undo_step_goes_beside_the_room_never_inside_it(tmp_path):
    """The undo record is passed along an action's path (``UndoSteps``)
    and handed to the store's ``save``: no room the referee changes and no
    body stored carries it, and undo still puts the game back."""
    store = SqliteStore(str(tmp_path / "rooms.sqlite3"))
    svc = Service(store, action_rate=0)
    created = svc.create_room("pick", {"rounds": 2})
    code, host = created["code"], created["host_token"]
    sylvia = svc.join(code, "Sylvia")["token"]
    svc.join(code, "Gregor")
    saved, applied = [], []
    real_save, real_apply = store.save, referee.apply

    def save(code, body, version, expected, undo=None, log=()):
        saved.append((rooms.decode(body), undo and undo[0]))
        return real_save(code, body, version, expected, undo, log)

    def apply(room, *args):
        result = real_apply(room, *args)
        applied.append(set(room))
        return result
    store.save, referee.apply = save, apply
    try:
        svc.act(code, host, {"type": "start", "first": 0}, "en")
        started = svc.load(code)
        svc.act(code, sylvia, {"type": "pick", "number": 1}, "en")
        svc.act(code, host, {"type": "undo"}, "en")
    finally:
        referee.apply = real_apply
    assert [undo for _, undo in saved] == ["push", "push", "pop"]
    assert len(applied) == 3 and not any("_undo" in keys for keys in applied)
    assert not any("_undo" in body for body, _ in saved)
    after = svc.load(code)
    assert "_undo" not in after and after["undo_n"] == 1
    assert {key: after[key] for key in gameplay.GAME_KEYS} == {
        key: started[key] for key in gameplay.GAME_KEYS}

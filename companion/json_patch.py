"""What changed between two views, as an RFC 6902 JSON Patch.

A socket that asks for patches gets, after its first whole view, only the
difference between the view it was sent last and the new one
(``transport.sockets.Notifier``).  ``diff`` makes that difference with the
three operations a view needs: ``add``, ``remove`` and ``replace``.

Equal branches are skipped by Python's own comparison (in C, no walk in
Python), so a diff costs little more than finding what changed.  Lists are
compared as a phone's lists change: the log's tail moves on (lines drop off
the front, new ones come at the end), a list grows or shrinks at one place,
or items change in place; anything else replaces the list.

``apply`` is the same patch applied in Python, and ``follow`` a ``patch``
event as a client takes it: for the tests' Python clients.  The phone's
and the table's own are in static/socket.js, the load driver's in
bench/driver.js.
"""
from __future__ import annotations

import copy
from itertools import compress
from operator import ne
from typing import Any

#: above this many operations in one list, the whole list is sent instead
LIST_OPS_MAX = 8
_MISSING = object()


def pointer(path: str, key: Any) -> str:
    """``path`` extended by ``key`` (RFC 6901: ``~`` and ``/`` escaped)."""
    key = str(key)
    if "~" in key or "/" in key:
        key = key.replace("~", "~0").replace("/", "~1")
    return f"{path}/{key}"


def diff(old: Any, new: Any, made: dict | None = None) -> list[dict]:
    """The operations that turn ``old`` into ``new``.  ``made``: the diffs
    of the top-level members already made for other documents (the views
    of one broadcast share their public parts: each is compared once)."""
    ops: list[dict] = []
    # the general walk, unless these are two views with the same keys in the same order
    if made is None or type(old) is not dict or type(new) is not dict or tuple(old) != tuple(new):
        _diff(old, new, "", ops)
        return ops
    # it runs for every view pushed, and most of a view's members are as they
    # were: the ones that differ are found in C (``same``'s comparison), and
    # only those are walked here
    olds, news = old.values(), new.values()
    for key, before, value in compress(zip(new, olds, news), map(ne, olds, news)):
        kind = type(value)
        if kind is not dict and kind is not list:
            ops.append({"op": "replace", "path": pointer("", key), "value": value})
            continue
        pair = key, id(before), id(value)   # the ops' paths start with the key
        known = made.get(pair)
        # kept with the objects, so that neither is freed and its id reused meanwhile
        if known is None or known[0] is not before or known[1] is not value:
            known = made[pair] = (before, value, [])
            _diff(before, value, pointer("", key), known[2])
        if known[2]:
            ops.extend(known[2])
    return ops


def same(old: Any, new: Any) -> bool:
    """Equal as JSON, as far as a view needs: Python's ``==`` takes true for
    1 and false for 0, and so does this inside lists and objects (where the
    comparison runs in C); a view's fields keep their types, so no view puts
    true where 1 was.  A key order that alone changed is no change either
    (JSON objects have none; the pages look keys up)."""
    return old is new or (type(old) is type(new) and old == new)


def _diff(old: Any, new: Any, path: str, ops: list) -> None:
    if same(old, new):
        return
    if type(old) is dict and type(new) is dict:
        _diff_dict(old, new, path, ops)
    elif type(old) is list and type(new) is list:
        _diff_list(old, new, path, ops)
    else:
        ops.append({"op": "replace", "path": path, "value": new})


def _diff_dict(old: dict, new: dict, path: str, ops: list) -> None:
    if old.keys() != new.keys():
        added = [key for key in new if key not in old]
        if added and list(new) != [key for key in old if key in new] + added:
            # "add" puts a key last: a key added in the middle resends the
            # object, so that the page holds it in the order a whole view has
            ops.append({"op": "replace", "path": path, "value": new})
            return
        ops.extend({"op": "add", "path": pointer(path, key), "value": new[key]} for key in added)
        ops.extend({"op": "remove", "path": pointer(path, key)} for key in old if key not in new)
    for key, value in new.items():
        before = old.get(key, _MISSING)
        # same(), written out: this loop runs for every key of every object visited
        if before is value or before is _MISSING or (type(before) is type(value) and before == value):
            continue
        _diff(before, value, pointer(path, key), ops)


def _diff_list(old: list, new: list, path: str, ops: list) -> None:
    mine: list = []
    # the log's tail moved on, usually; else a change in one place
    if not _moved_on(old, new, path, mine) or len(mine) > 2:
        placed: list = []
        _one_place(old, new, path, placed)
        if not mine or len(placed) < len(mine):
            mine = placed
    if len(mine) > LIST_OPS_MAX:
        mine = [{"op": "replace", "path": path, "value": new}]
    ops.extend(mine)


def _moved_on(old: list, new: list, path: str, ops: list) -> bool:
    """A window that moved on: ``old[k:]`` is ``new``'s start (the log's
    tail after an action).  Removes k from the front, appends the rest."""
    if not old or not new:
        return False
    first = new[0]
    for k in range(1, min(len(old) - 1, LIST_OPS_MAX) + 1):
        kept = len(old) - k
        if kept <= len(new) and old[k] == first and old[k:] == new[:kept]:
            ops.extend({"op": "remove", "path": pointer(path, 0)} for _ in range(k))
            ops.extend({"op": "add", "path": pointer(path, "-"), "value": value}
                       for value in new[kept:])
            return True
    return False


def _one_place(old: list, new: list, path: str, ops: list) -> None:
    """Equal at both ends: the middle changed in place (item by item) or
    grew or shrank there."""
    start, end_old, end_new = 0, len(old), len(new)
    while start < end_old and start < end_new and same(old[start], new[start]):
        start += 1
    while end_old > start and end_new > start and same(old[end_old - 1], new[end_new - 1]):
        end_old -= 1
        end_new -= 1
    if end_old - start == end_new - start:   # changed in place
        for i in range(start, end_old):
            _diff(old[i], new[i], pointer(path, i), ops)
    else:
        ops.extend({"op": "remove", "path": pointer(path, start)} for _ in range(start, end_old))
        ops.extend({"op": "add", "path": pointer(path, start + i), "value": new[start + i]}
                   for i in range(end_new - start))


# --- applying (tests, checks) ---------------------------------------------------

def _tokens(path: str) -> list[str]:
    return [part.replace("~1", "/").replace("~0", "~") for part in path.split("/")[1:]]


def apply(doc: Any, ops: list[dict]) -> Any:
    """``doc`` with ``ops`` applied (a copy; ``doc`` stays as it was).
    Raises ValueError for an operation that does not fit the document."""
    doc = copy.deepcopy(doc)
    for op in ops:
        tokens = _tokens(op["path"])
        if not tokens:
            if op["op"] != "replace":
                raise ValueError(f"{op['op']} of the whole document")
            doc = copy.deepcopy(op["value"])
            continue
        parent = doc
        for token in tokens[:-1]:
            parent = parent[int(token)] if isinstance(parent, list) else parent[token]
        _apply_one(parent, tokens[-1], op)
    return doc


def _apply_one(parent: Any, last: str, op: dict) -> None:
    kind = op["op"]
    value = copy.deepcopy(op.get("value"))
    if isinstance(parent, list):
        index = len(parent) if last == "-" else int(last)
        if kind == "add" and index <= len(parent):
            parent.insert(index, value)
        elif kind in ("remove", "replace") and index < len(parent):
            if kind == "remove":
                del parent[index]
            else:
                parent[index] = value
        else:
            raise ValueError(f"{kind} at {index} of a list of {len(parent)}")
    elif kind == "add" or (kind == "replace" and last in parent):
        parent[last] = value
    elif kind == "remove" and last in parent:
        del parent[last]
    else:
        raise ValueError(f"{kind} of a missing key {last!r}")


def follow(held: dict, body: dict) -> dict:
    """A ``patch`` event taken as the pages take it (socket.js
    ``patchedViews``): it applies to the document of seq ``base`` only (none
    when ``base`` is null) and must give ``version``.  ``held`` keeps the
    client's ``doc`` and ``seq``; returns the new document, or raises
    ValueError where the client must ask ``resync``."""
    if body["base"] is not None and (body["base"] != held.get("seq") or held.get("doc") is None):
        raise ValueError("a patch against a document this client does not hold")
    try:
        doc = apply(held.get("doc") if body["base"] is not None else None, body["ops"])
    except (KeyError, IndexError, TypeError) as error:
        raise ValueError(f"the patch does not fit: {error!r}") from None
    if doc["version"] != body["version"]:
        raise ValueError("the patch gives another version")
    held.update(doc=doc, seq=body["seq"])
    return doc

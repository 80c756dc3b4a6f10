"""Pushes as patches: what a socket that asked for them (``patches: true``
in its connect auth) is sent instead of a whole view.

Event ``patch``: ``{"seq", "base", "version", "ops"}``.  ``ops`` is an
RFC 6902 JSON Patch against the document this socket was sent with
``seq == base``; ``base`` null means ``ops`` is one ``replace`` of the
whole document (a whole view).  The page applies the patch only to the
document whose seq is ``base``, checks that the result has ``version``,
and otherwise asks with ``resync`` for a whole view.

The base is the view this socket was sent last.  One connection delivers
in order and loses nothing short of breaking, and a broken connection is a
new socket, which starts with a whole view; so the last sent is the last
received, and the page's check of ``base`` catches anything else (a view
sent to this socket by another process, through the message queue, is a
plain ``view``: the page then holds no base and asks again).

A whole view goes out on connect, on a language switch, on ``resync``,
after a socket's first view (kept views cost memory: a socket that only
ever saw its first view, an idle phone, keeps none), and when the patch
would not be smaller.
"""
from __future__ import annotations

from ..json_patch import diff
from ..rooms import encode

#: patches at most this long (bytes of JSON) are sent without weighing the
#: whole view against them: every view is larger
SMALL = 512


def whole(view: dict) -> list[dict]:
    return [{"op": "replace", "path": "", "value": view}]


def next_push(session: dict, view: dict, fresh: bool, made: dict) -> dict | None:
    """The ``patch`` event's body for ``session`` (a socket's transport
    session; it keeps what the next one needs), or None when the view is
    the one it was sent last.  ``made``: the diffs of this broadcast's
    views' members (``json_patch.diff``): what the views share is compared
    once."""
    last = None if fresh else session.get("sent")
    session["sent"] = None if fresh else view
    ops = None
    if last is not None:
        ops = smaller(diff(last, view, made), view)
        if not ops:
            return None
    session["seq"] = seq = session.get("seq", 0) + 1
    if ops is None or ops[0]["path"] == "":
        return {"seq": seq, "base": None, "version": view["version"], "ops": ops or whole(view)}
    return {"seq": seq, "base": seq - 1, "version": view["version"], "ops": ops}


def smaller(ops: list[dict], view: dict) -> list[dict]:
    """``ops``, or the whole view where that is no larger."""
    if not ops:
        return ops
    size = len(encode(ops))
    if size > SMALL and size >= len(encode(view)):
        return whole(view)
    return ops

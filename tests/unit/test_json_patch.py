"""companion/json_patch.py: the patch ``diff`` makes turns the old view into
the new one, applied by this module, by an independent RFC 6902
implementation (the ``jsonpatch`` package) and by the pages' own applier
(tests/browser/test_view_patches.py runs the same cases in Chromium).

Values here never put ``true`` where ``1`` was or the other way round:
``diff`` compares containers with Python's ``==``, for which they are equal
(views keep their fields' types; json_patch.same says why).  Key order
counts only where a key is added (json_patch.same says why)."""
from __future__ import annotations

import json

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import json_patch

KEYS = st.sampled_from(["a", "b", "log", "x/y", "t~0", "~", "/", "", "ü", "1"])
LEAVES = (st.none() | st.booleans() | st.integers(-5, 5).filter(lambda i: i not in (0, 1))
          | st.text(max_size=4))
VALUES = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=6)
                      | st.dictionaries(KEYS, inner, max_size=5), max_leaves=25)


@st.composite
def changed(draw, value, depth=0):
    """``value`` changed the way views change: in places, a list's front
    dropped and items appended (the log's tail), items inserted or removed,
    keys added or removed, or replaced by anything."""
    if depth > 4 or draw(st.integers(0, 9)) == 0:
        return draw(VALUES)
    if isinstance(value, dict):
        out = {key: (draw(changed(item, depth + 1)) if draw(st.booleans()) else item)
                for key, item in value.items() if draw(st.integers(0, 6))}
        out.update(draw(st.dictionaries(KEYS, VALUES, max_size=2)))
        return out
    if isinstance(value, list):
        out = list(value)
        kind = draw(st.integers(0, 3))
        if kind == 0 and out:
            out = out[draw(st.integers(0, len(out))):] + draw(st.lists(VALUES, max_size=3))
        elif kind == 1:
            out.insert(draw(st.integers(0, len(out))), draw(VALUES))
        elif kind == 2 and out:
            del out[draw(st.integers(0, len(out) - 1))]
        elif out:
            i = draw(st.integers(0, len(out) - 1))
            out[i] = draw(changed(out[i], depth + 1))
        return out
    return draw(VALUES)


@st.composite
def pairs(draw):
    old = draw(VALUES)
    return old, draw(changed(old))


def canon(value) -> str:
    return json.dumps(value, sort_keys=True)


def as_json(value):
    return json.loads(json.dumps(value))


@settings(max_examples=600, deadline=None)
@given(pairs())
def test_the_patch_turns_old_into_new(pair):
    old, new = pair
    ops = json_patch.diff(old, new)
    assert canon(json_patch.apply(old, ops)) == canon(new)
    # another implementation of RFC 6902 reads the patch the same way
    assert canon(jsonpatch.apply_patch(as_json(old), as_json(ops))) == canon(new)
    if canon(old) == canon(new):
        assert ops == []


@settings(max_examples=300, deadline=None)
@given(st.lists(pairs(), min_size=1, max_size=4))
def test_views_of_one_broadcast_share_their_members_diffs(pushes):
    """What a broadcast does (``made``): several documents whose members are
    partly the same objects, each patched against its own old one; every
    patch still turns its old document into its new one."""
    shared_old, shared_new = {"shared": pushes[0][0]}, {"shared": pushes[0][1]}
    made: dict = {}
    for old, new in pushes:
        old_doc, new_doc = {**shared_old, "own": old}, {**shared_new, "own": new}
        ops = json_patch.diff(old_doc, new_doc, made)
        # applied as a page holds the document: sent as JSON, no member shared
        assert canon(json_patch.apply(as_json(old_doc), ops)) == canon(new_doc)
        assert canon(jsonpatch.apply_patch(as_json(old_doc), as_json(ops))) == canon(new_doc)


def test_a_tail_that_moved_on_is_a_few_operations():
    """The log's tail after an action: the oldest line drops off, a new one
    comes: two operations, not the list again."""
    lines = [{"n": n, "text": f"line {n}"} for n in range(10, 16)]
    ops = json_patch.diff({"log": lines}, {"log": lines[1:] + [{"n": 16, "text": "line 16"}]})
    assert ops == [{"op": "remove", "path": "/log/0"},
                   {"op": "add", "path": "/log/-", "value": {"n": 16, "text": "line 16"}}]


def test_keys_are_escaped():
    assert json_patch.diff({"a/b": 1, "c~d": 2}, {"a/b": 3, "c~d": 4}) == [
        {"op": "replace", "path": "/a~1b", "value": 3}, {"op": "replace", "path": "/c~0d", "value": 4}]


def test_a_key_added_in_the_middle_keeps_its_place():
    old, new = {"a": 1, "c": 3}, {"a": 1, "b": 2, "c": 3}
    assert list(json_patch.apply(old, json_patch.diff(old, new))) == ["a", "b", "c"]


def test_an_operation_that_does_not_fit_is_refused():
    for ops in ([{"op": "remove", "path": "/missing"}], [{"op": "add", "path": "/list/5", "value": 1}],
                [{"op": "remove", "path": ""}]):
        try:
            json_patch.apply({"list": [1, 2]}, ops)
        except ValueError:
            continue
        raise AssertionError(f"{ops} applied")

"""Per-seat view deltas for the live push (issue 14 "one spectator view plus small per-seat deltas").

A seat's view of a match is the spectators' view plus a few private parts (its hand, its legal actions, the cards
it may see). The push sends the spectators' view once and each seat only ``diff(spectators_view, seat_view)``;
the seat's WebSocket consumer rebuilds its view with ``patch``. The delta is a JSON Patch (RFC 6902) using only
``add``, ``remove`` and ``replace`` with JSON Pointer paths (RFC 6901), so any JSON Patch library can apply it.

``diff`` is cheap because an engine's views of one state share their public parts as the same objects: an
identical object is skipped without being walked.
"""

from __future__ import annotations

from typing import Any

Op = dict[str, Any]


def diff(base: Any, target: Any, path: str = "") -> list[Op]:
    """The JSON Patch turning ``base`` into ``target`` (both JSON values: dicts, lists, str, int, float, bool,
    None). Dicts are compared key by key, lists of equal length index by index; anything else that differs is
    replaced whole. ``patch(base, diff(base, target)) == target``.

    Run for every watched seat on every push, over views of a few hundred nodes: a child that is the same
    object, or an equal scalar of the same type, is passed over before its path is written, so only the parts
    that differ cost a path string (``_escape``) and a call."""
    ops: list[Op] = []
    if base is not target:
        _diff(base, target, path, ops)
    return ops


_SCALARS = (str, int, float, bool, type(None))


def _diff(base: Any, target: Any, path: str, ops: list[Op]) -> None:
    """``diff`` of two values that are not the same object, its ops appended to ``ops``."""
    if isinstance(base, dict) and isinstance(target, dict):
        for key, value in target.items():
            if key in base:
                old = base[key]
                if old is value or (type(old) is type(value) and type(value) in _SCALARS and old == value):
                    continue
                _diff(old, value, f"{path}/{_escape(key)}", ops)
            else:
                ops.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": value})
        if base.keys() != target.keys():  # set-like, in C: the usual case has no key removed
            ops += [{"op": "remove", "path": f"{path}/{_escape(key)}"} for key in base if key not in target]
        return
    if isinstance(base, list) and isinstance(target, list) and len(base) == len(target):
        for index, (old, new) in enumerate(zip(base, target, strict=True)):
            if old is new or (type(old) is type(new) and type(new) in _SCALARS and old == new):
                continue
            _diff(old, new, f"{path}/{index}", ops)
        return
    if type(base) is type(target) and base == target:
        return
    ops.append({"op": "replace", "path": path, "value": target})


def patch(base: Any, ops: list[Op]) -> Any:
    """``base`` with ``ops`` (from ``diff``) applied, as a new value: ``base`` is never changed (the containers on
    each op's path are copied, everything else is shared). Raises ValueError naming the op whose path does not
    exist in ``base`` or whose kind is not add/remove/replace."""
    result, copied = base, set()
    for number, op in enumerate(ops):
        kind, path = op.get("op"), op.get("path")
        if kind not in ("add", "remove", "replace") or not isinstance(path, str):
            raise ValueError(f"delta op {number}: {op!r} is not an add, remove or replace with a path")
        if path == "":
            if kind == "remove":
                raise ValueError(f"delta op {number}: cannot remove the whole view")
            result = op["value"]
            continue
        keys = [_unescape(part) for part in path.split("/")[1:]]
        try:
            result = _set(result, keys, kind, op.get("value"), copied)
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise ValueError(f"delta op {number}: {kind} {path}: no such place in the view") from exc
    return result


def _set(node: Any, keys: list[str], kind: str, value: Any, copied: set[int]) -> Any:
    """``node`` with the op applied at ``keys`` below it; a container on the way is copied the first time an op
    of this patch reaches it (its id is then in ``copied``) and changed in place after that."""
    key, rest = keys[0], keys[1:]
    if not isinstance(node, dict | list):
        raise TypeError(type(node).__name__)
    if id(node) not in copied:
        node = dict(node) if isinstance(node, dict) else list(node)
        copied.add(id(node))
    if isinstance(node, dict):
        if rest:
            node[key] = _set(node[key], rest, kind, value, copied)
        elif kind == "remove":
            del node[key]
        elif kind == "replace" and key not in node:
            raise KeyError(key)
        else:
            node[key] = value
        return node
    index = len(node) if key == "-" else int(key)
    if rest:
        node[index] = _set(node[index], rest, kind, value, copied)
    elif kind == "remove":
        del node[index]
    elif kind == "add":
        if not 0 <= index <= len(node):
            raise IndexError(index)
        node.insert(index, value)
    else:
        node[index] = value
    return node


def _escape(key: Any) -> str:
    key = str(key)
    return key.replace("~", "~0").replace("/", "~1") if "~" in key or "/" in key else key


def _unescape(part: str) -> str:
    return part.replace("~1", "/").replace("~0", "~")

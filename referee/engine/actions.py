"""Actions and events as frozen dataclasses with a JSON codec.

An action class declares ``type`` (its JSON tag) and typed fields; ``register`` adds it to a game's codec.
``encode(action) -> dict`` and ``Codec.decode(dict) -> Action`` round-trip exactly; lists come back as tuples.
``decode`` raises ``MalformedAction`` naming the bad field.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from .errors import MalformedAction


@dataclass(frozen=True)
class Action:
    """Base of every action: ``seat`` is who acts."""

    type: ClassVar[str] = "action"
    seat: str


@dataclass(frozen=True, init=False)
class Event:
    """Something that happened, with the rule ``clause`` it applied and every input it used in ``data``.

    ``to``: seats entitled to see ``data`` while the game runs (empty: public). ``("server",)`` means nobody
    until the log is published at the end (shuffle orders).
    """

    kind: str
    clause: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    to: tuple[str, ...] = ()

    def __init__(self, kind: str, clause: str = "", data: dict[str, Any] | None = None,
                 to: tuple[str, ...] = ()) -> None:
        # What the generated frozen __init__ does (one object.__setattr__ per field), at a third of the cost:
        # every ruling is an Event, several per action (bench/engine.py).
        fields = self.__dict__
        fields["kind"], fields["clause"], fields["data"], fields["to"] = kind, clause, {} if data is None else data, to

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "clause": self.clause, "data": self.data, "to": list(self.to)}


def encode(action: Action) -> dict[str, Any]:
    """``Action -> {"type": ..., field: value}`` with tuples written as lists (a new dict each call)."""
    out: dict[str, Any] = {"type": action.type}
    for name in _field_names(type(action)):  # type: ignore[arg-type]  # a class is hashable (typeshed says not)
        value = getattr(action, name)
        out[name] = _to_json(value) if type(value) is tuple or type(value) is list else value
    return out


@functools.cache
def _field_names(cls: Any) -> tuple[str, ...]:
    """The dataclass fields of an action class, in order (``dataclasses.fields`` is looked up once per class:
    the legal actions of a view are encoded by the hundred)."""
    return tuple(f.name for f in dataclasses.fields(cls))


def _to_json(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_to_json(v) for v in value]
    return value


def _to_tuple(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_to_tuple(v) for v in value)
    return value


def _check_type(name: str, hint: Any, value: Any) -> None:
    """Check ``value`` (lists already turned into tuples) against ``hint`` all the way down:
    ``tuple[tuple[str, str], ...]`` checks every pair. Raises MalformedAction naming the field."""
    origin = typing.get_origin(hint)
    if hint is str and not isinstance(value, str):
        raise MalformedAction(f"field {name!r} must be text, not {value!r}")
    if hint is int and (not isinstance(value, int) or isinstance(value, bool)):
        raise MalformedAction(f"field {name!r} must be a whole number, not {value!r}")
    if origin is not tuple:
        return
    if not isinstance(value, tuple):
        raise MalformedAction(f"field {name!r} must be a list, not {value!r}")
    args = typing.get_args(hint)
    if len(args) == 2 and args[1] is Ellipsis:
        for item in value:
            _check_type(name, args[0], item)
    elif args:
        if len(value) != len(args):
            raise MalformedAction(f"field {name!r}: {value!r} must have {len(args)} items")
        for item_hint, item in zip(args, value, strict=True):
            _check_type(name, item_hint, item)


@functools.cache
def _hints(cls: Any) -> dict[str, Any]:
    return typing.get_type_hints(cls)


A = TypeVar("A", bound="Action")


class Codec:
    """A registry of action classes by ``type``."""

    def __init__(self) -> None:
        self.classes: dict[str, type[Action]] = {}

    def register(self, cls: type[A]) -> type[A]:
        """Register ``cls`` under its ``type``; returns it (a class decorator)."""
        self.classes[cls.type] = cls
        return cls

    def decode(self, raw: Any) -> Action:
        """``dict -> Action``; raises ``MalformedAction`` for an unknown type or a missing/mistyped field."""
        if isinstance(raw, Action):
            return raw
        if not isinstance(raw, dict):
            raise MalformedAction(f"an action is a JSON object, not {type(raw).__name__}")
        kind = raw.get("type")
        cls = self.classes.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise MalformedAction(f"unknown action type {raw.get('type')!r}")
        hints = _hints(cls)  # type: ignore[arg-type]  # a class is hashable (typeshed says not)
        kwargs = {}
        for f in dataclasses.fields(cls):
            if f.name not in raw:
                if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
                    continue
                raise MalformedAction(f"action {cls.type!r} is missing field {f.name!r}")
            value = _to_tuple(raw[f.name])
            _check_type(f.name, hints[f.name], value)
            kwargs[f.name] = value
        extra = set(raw) - {f.name for f in dataclasses.fields(cls)} - {"type"}
        if extra:
            raise MalformedAction(f"action {cls.type!r} has unknown field(s) {', '.join(sorted(extra))}")
        return cls(**kwargs)

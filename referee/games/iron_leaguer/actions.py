"""Iron Leaguer actions: frozen dataclasses registered in ``CODEC`` (JSON tag = ``type``), made by ``action``.

Seats are ``"silver"`` and ``"dark"``. Card and IL references are instance ids from the state (``t017``,
``il03``); a technique half is ``(card_id, "upper"|"lower")``.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from functools import lru_cache
from typing import Any, ClassVar, TypeVar, dataclass_transform

from referee.engine.actions import Action, Codec

CODEC = Codec()
A = TypeVar("A", bound=Action)


@dataclass_transform(frozen_default=True)
def action(cls: type[A]) -> type[A]:
    """``cls`` as a frozen dataclass registered in ``CODEC``, with an ``__init__`` that writes the instance's
    dict directly: the same parameters, defaults and fields as the dataclass's own (which sets each field by
    ``object.__setattr__``, as a frozen class must), at about half the cost — what ``Event`` does in
    referee/engine/actions.py; the engine makes hundreds of actions a game."""
    cls = dataclass(frozen=True)(cls)
    names = [f.name for f in fields(cls)]
    defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    params = ", ".join(f"{n}=_defaults[{n!r}]" if n in defaults else n for n in names)
    body = "".join(f"    fields[{n!r}] = {n}\n" for n in names)
    namespace: dict[str, Any] = {"_defaults": defaults}
    exec(f"def __init__(self, {params}):\n    fields = self.__dict__\n{body}", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]  # the generated constructor replaces the dataclass's
    return CODEC.register(cls)


@action
class Declare(Action):
    """IL 5.1–5.2/6.1/7.1: declare the technique halves of an attack or defence (``mode``)."""

    type: ClassVar[str] = "declare"
    mode: str
    halves: tuple[tuple[str, str], ...]


@action
class Assign(Action):
    """IL 5.3: choose the ILs who use the declared halves; the dice are then rolled."""

    type: ClassVar[str] = "assign"
    ils: tuple[str, ...]


@action
class AddHalf(Action):
    """IL 5.1/5.4.3: add one more technique half to the declared stack before assigning ILs."""

    type: ClassVar[str] = "add_half"
    card: str
    side: str


@action
class Cancel(Action):
    """Withdraw a declaration before any IL is assigned (nothing was revealed or rolled)."""

    type: ClassVar[str] = "cancel"


@action
class Rough(Action):
    """IL 9: Dark's IL ``il`` uses rough-play half ``(card, side)`` on the opposing IL ``target``."""

    type: ClassVar[str] = "rough"
    card: str
    side: str
    il: str
    target: str


@action
class Pass(Action):
    """IL 6.6/7.6: not attacking or defending; ``option`` draw (x.1), refresh (x.2), ready (6.6.3, ``ils``),
    none (6.6.4/7.6.3)."""

    type: ClassVar[str] = "pass"
    option: str
    ils: tuple[str, ...] = ()


@action
class Discard(Action):
    """IL 6.6.2/7.6.2/14.2/14.3: discard one card from hand."""

    type: ClassVar[str] = "discard"
    card: str


@action
class Refill(Action):
    """Stop discarding and draw up to the hand limit (IL 6.6.2/7.6.2/14.1)."""

    type: ClassVar[str] = "refill"


@action
class GrowthSplit(Action):
    """IL 11.6: make the growth checks of ``il`` with these values (one of ``rules.growth_splits``)."""

    type: ClassVar[str] = "growth_split"
    il: str
    parts: tuple[int, ...]


@action
class ChooseInstruction(Action):
    """IL 8.6: after a successful defence whose stack carries several instructions, the defender chooses the
    one that applies: ``attack_right`` (8.6.1/8.6.4), ``reset`` (8.6.2) or ``counter`` (8.6.3)."""

    type: ClassVar[str] = "choose_instruction"
    instruction: str


@action
class ChooseRescuers(Action):
    """IL 13.2: Dark names the three ILs who make the rescue attempts (members of either team, at least one of
    Dark), before the first attempt; ``ils`` in line-up order, Dark's members before Silver's."""

    type: ClassVar[str] = "choose_rescuers"
    ils: tuple[str, ...]


@action
class Rescue(Action):
    """IL 13.3–13.5: ``rescuer``, one of the three chosen (13.2) who has not tried yet, tries to rescue the
    retired ``target``."""

    type: ClassVar[str] = "rescue"
    rescuer: str
    target: str


@action
class EndRescue(Action):
    """IL 13.1/13.5: make no rescue (before choosing rescuers) or no more rescue attempts."""

    type: ClassVar[str] = "end_rescue"


@action
class Release(Action):
    """IL 15.4/19.6: make a member of your team a stray leaguer (team above 11)."""

    type: ClassVar[str] = "release"
    il: str


@action
class Practice(Action):
    """IL 17: draw one technique card, even above the hand limit."""

    type: ClassVar[str] = "practice"


@action
class Training(Action):
    """IL 18: three growth points over one to three own ILs, ``alloc`` = ((il, points), ...)."""

    type: ClassVar[str] = "training"
    alloc: tuple[tuple[str, int], ...]


@action
class Scout(Action):
    """IL 19: try to bring the stray leaguer ``target`` into your team."""

    type: ClassVar[str] = "scout"
    target: str


@action
class Persuade(Action):
    """IL 20 (Silver only): ``persuader`` raises the heart of a Dark member or stray ``target``."""

    type: ClassVar[str] = "persuade"
    persuader: str
    target: str


@action
class Recruit(Action):
    """IL 21.8: bring a stray Dark leaguer into Dark with heart 0 (Dark below 11)."""

    type: ClassVar[str] = "recruit"
    il: str


# How many actions each table below keeps (issue 28, point 6: memory flat over 100 games). At 65,536 a table, the
# 17 tables and ``cached`` could keep over a million actions, and a 100-game self-play at easy grew 16 MB over its
# second half as they filled; at these sizes they are full within five games and the memory stays flat, for the
# same games in the same CPU time within 4% (bench/bot_soak.py; docs/bots.md, "Robust").
MADE_LIMIT = 1 << 12
CACHED_LIMIT = 1 << 14


class Made(dict[Any, Action]):
    """key -> ``build(key)``, an action made once: a list of actions is then built by C-level ``map`` over its
    keys (``list(map(made.__getitem__, keys))``, a look-up each) with only the new ones made in Python. Cleared
    when it grows past ``MADE_LIMIT`` (bounded memory over many games; a list already built keeps its
    actions)."""

    def __init__(self, build: Any) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, key: Any) -> Action:
        if len(self) > MADE_LIMIT:
            self.clear()
        made: Action = self.build(key)
        self[key] = made
        return made


def per_seat(build: Any) -> dict[str, Made]:
    """``{seat: Made(lambda key: build(seat, key))}`` for both seats."""
    return {seat: Made(lambda key, seat=seat: build(seat, key)) for seat in ("silver", "dark")}


@lru_cache(maxsize=CACHED_LIMIT)
def cached(cls: type[Action], *args: Any) -> Any:
    """``cls(*args)``, made once: actions are immutable values, so one instance serves every list that offers
    it (building a frozen dataclass costs about four times a cache look-up, and lists run to hundreds)."""
    return cls(*args)

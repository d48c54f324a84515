"""Riders' Legend actions: frozen dataclasses registered in ``CODEC`` (JSON tag = ``type``).

Seats are ``"p1"`` and ``"p2"``. Cards are instance ids (``p1c07``); a character is named by the id of the bottom
card of its stack; fields are ``justice`` (area 0), ``operation`` and ``battle`` (areas 1..5).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, dataclass_transform

from referee.engine.actions import Action, Codec
from referee.engine.protocol import Data

CODEC = Codec()
A = TypeVar("A", bound="CachedAction")


def _fast_init(cls: type[A]) -> type[A]:
    """Give the frozen dataclass ``cls`` a constructor that does what the generated one does (each field set, the
    defaults for those not given, the same signature) by writing the instance's dict, at a third of the cost, as
    ``referee.engine.actions.Event`` does: ``legal_actions`` builds every complete choice of every decision
    (a placement phase lists some 40; bench/engine.py)."""
    fields = dataclasses.fields(cls)
    params = ", ".join(f.name if f.default is dataclasses.MISSING else f"{f.name}={f.default!r}" for f in fields)
    body = "".join(f"    d[{f.name!r}] = {f.name}\n" for f in fields)
    namespace: Data = {}
    exec(f"def __init__(self, {params}):\n    d = self.__dict__\n{body}", namespace)  # noqa: S102 - our fields
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]  # the generated constructor replaces the dataclass's
    return cls


@dataclass_transform(frozen_default=True)
def _action(cls: type[A]) -> type[A]:
    """Register the action class ``cls`` and give it ``of``: its constructor taking the fields by position
    (``seat`` first, then the class's fields in order; ints, never bools), each action made once and shared
    afterwards (it is frozen, so equal actions may be one object). ``legal_actions`` lists every complete choice
    of each decision, mostly the ones it listed the decision before (card ids are ``p1c07``… in every game):
    a look-up costs a third of a construction."""
    cls = CODEC.register(_fast_init(dataclass(frozen=True)(cls)))
    cls.of = staticmethod(functools.lru_cache(maxsize=4096)(cls))
    return cls


class CachedAction(Action):
    """A Riders' Legend action: ``of(seat, *fields)`` gives the one shared instance of those values (``_action``)."""

    of: ClassVar[Callable[..., Any]]


@_action
class Mulligan(CachedAction):
    """B1.3: show the hand, return it, rebuild the deck and draw 7 again (once)."""

    type: ClassVar[str] = "mulligan"


@_action
class KeepHand(CachedAction):
    """B1.3: keep the opening hand."""

    type: ClassVar[str] = "keep_hand"


@_action
class PlaceMission(CachedAction):
    """B1.5 / B3.3a: lay ``card`` from the hand as a mission in ``area`` (1..5); ``bluff``: face down as a bluff
    (any card; 1 = yes)."""

    type: ClassVar[str] = "place_mission"
    card: str
    area: int
    bluff: int = 0


@_action
class EndOpening(CachedAction):
    """B1.5: the second player lays no second opening mission."""

    type: ClassVar[str] = "end_opening"


@_action
class PlaceCharacter(CachedAction):
    """B3.3b: place the character ``card`` from the hand at ``field`` / ``area`` (0 for the justice field)."""

    type: ClassVar[str] = "place_character"
    card: str
    field: str
    area: int = 0


@_action
class Transform(CachedAction):
    """B3.3c 上位変身: put ``card`` from the hand on top of ``character``."""

    type: ClassVar[str] = "transform"
    card: str
    character: str


@_action
class Untransform(CachedAction):
    """B3.3c 下位変身: the top card of ``character`` goes back to the hand."""

    type: ClassVar[str] = "untransform"
    character: str


@_action
class Move(CachedAction):
    """B3.4: move ``character`` one step to ``field`` / ``area``."""

    type: ClassVar[str] = "move"
    character: str
    field: str
    area: int = 0


@_action
class Attack(CachedAction):
    """B4: ``attackers`` (of one battle area) attack ``target``: ``"mission:i"`` or an opposing character."""

    type: ClassVar[str] = "attack"
    attackers: tuple[str, ...]
    target: str


@_action
class Execute(CachedAction):
    """B5: ``character`` (in an operation area) carries out its side's mission of that area."""

    type: ClassVar[str] = "execute"
    character: str


@_action
class Investigate(CachedAction):
    """B7: ``character`` (in a battle area) investigates the opponent's face-down mission of that area."""

    type: ClassVar[str] = "investigate"
    character: str


@_action
class PlayAction(CachedAction):
    """B3.5: play the action card ``card`` from the hand."""

    type: ClassVar[str] = "play_action"
    card: str


@_action
class EndPhase(CachedAction):
    """End the placement, movement or action phase (the next phase follows)."""

    type: ClassVar[str] = "end_phase"


@_action
class Block(CachedAction):
    """B4.3/B4.5: ``card`` blocks the attack on the mission."""

    type: ClassVar[str] = "block"
    card: str


@_action
class NoBlock(CachedAction):
    """B4.3: let the attack on the mission through."""

    type: ClassVar[str] = "no_block"


@_action
class StrikeBack(CachedAction):
    """B4.6 (group attacks): the attacker ``card`` takes the defending character's attack."""

    type: ClassVar[str] = "strike_back"
    card: str


@_action
class Choose(CachedAction):
    """An effect's choice: one of the pending ``options``."""

    type: ClassVar[str] = "choose"
    option: str


@_action
class ReturnInstead(CachedAction):
    """Static ``instead_of_destruction``: return the top card to the hand instead of being destroyed."""

    type: ClassVar[str] = "return_instead"


@_action
class AcceptDestruction(CachedAction):
    """Static ``instead_of_destruction``: let the character be destroyed."""

    type: ClassVar[str] = "accept_destruction"


@_action
class Declare(CachedAction):
    """A player-dependent effect: make the pending declaration (it is true of you)."""

    type: ClassVar[str] = "declare"


@_action
class DeclineDeclaration(CachedAction):
    """A player-dependent effect: do not make the declaration (nothing happens)."""

    type: ClassVar[str] = "decline_declaration"


@_action
class AcceptDeclaration(CachedAction):
    """The opponent accepts the declaration: it takes effect."""

    type: ClassVar[str] = "accept_declaration"


@_action
class DisputeDeclaration(CachedAction):
    """The opponent disputes the declaration: it does not take effect."""

    type: ClassVar[str] = "dispute_declaration"


@_action
class Discard(CachedAction):
    """B1.6 (reading ``hand_limit_in_end_phase``): discard ``card`` to 墓場 down to 7."""

    type: ClassVar[str] = "discard"
    card: str

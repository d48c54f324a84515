"""Legions! actions: frozen dataclasses registered in ``CODEC`` (JSON tag = ``type``).

Seats are ``"p1"`` and ``"p2"``. Cards and units are instance ids from the state (``p1c07``; a master is
``p1m``); lanes are ``right``, ``centre``, ``left`` from the owner's side.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from referee.engine.actions import Action, Codec

CODEC = Codec()


@CODEC.register
@dataclass(frozen=True)
class CardChange(Action):
    """A5 D2: exile ``card`` from hand and draw 1 (once, in the draw phase)."""

    type: ClassVar[str] = "card_change"
    card: str


@CODEC.register
@dataclass(frozen=True)
class NoCardChange(Action):
    """A5 D2: keep the hand."""

    type: ClassVar[str] = "no_card_change"


@CODEC.register
@dataclass(frozen=True)
class Pick(Action):
    """ダンタリオンドラフト: a card of one's opened packs for the opening hand, or the card kept in the draft
    phase."""

    type: ClassVar[str] = "pick"
    card: str


@CODEC.register
@dataclass(frozen=True)
class ChooseMaster(Action):
    """ダンタリオンドラフト: the master one plays (the first player chooses first)."""

    type: ClassVar[str] = "choose_master"
    card: str


@CODEC.register
@dataclass(frozen=True)
class Activate(Action):
    """M8: activate the ``index``-th 起動 ability of ``card`` (a unit of yours on the field), paying its costs."""

    type: ClassVar[str] = "activate"
    card: str
    index: int = 0


@CODEC.register
@dataclass(frozen=True)
class Unlock(Action):
    """M1: unlock ``card`` from hand, then ``place`` it (a minion into ``lane``, a lord into the lord area),
    ``use`` it (skill, arts) or put it on ``standby`` (minion, skill)."""

    type: ClassVar[str] = "unlock"
    card: str
    then: str
    lane: str = ""


@CODEC.register
@dataclass(frozen=True)
class Deploy(Action):
    """M2/M4: play a standby card at no cost: a minion into ``lane``, a skill used."""

    type: ClassVar[str] = "deploy"
    card: str
    lane: str = ""


@CODEC.register
@dataclass(frozen=True)
class Move(Action):
    """M6: fatigue the minion ``card`` to move it to the adjacent empty ``lane``."""

    type: ClassVar[str] = "move"
    card: str
    lane: str


@CODEC.register
@dataclass(frozen=True)
class Attack(Action):
    """M7/A6: the unit ``card`` attacks ``target`` (a unit or master id); ``via``: the lane a 移動攻撃 unit first
    moves to ("" = no move)."""

    type: ClassVar[str] = "attack"
    card: str
    target: str
    via: str = ""


@CODEC.register
@dataclass(frozen=True)
class Block(Action):
    """A6.5/A6.6: the defender's minion ``card`` blocks the attack."""

    type: ClassVar[str] = "block"
    card: str


@CODEC.register
@dataclass(frozen=True)
class NoBlock(Action):
    """A6.6: let the attack through."""

    type: ClassVar[str] = "no_block"


@CODEC.register
@dataclass(frozen=True)
class Choose(Action):
    """An effect's choice: one of the pending ``options``."""

    type: ClassVar[str] = "choose"
    option: str


@CODEC.register
@dataclass(frozen=True)
class Keep(Action):
    """A4 (reading): the standby cards to keep when too many arrive; the rest are exiled."""

    type: ClassVar[str] = "keep"
    cards: tuple[str, ...]


@CODEC.register
@dataclass(frozen=True)
class RemoveStandby(Action):
    """M9: exile one of your standby cards."""

    type: ClassVar[str] = "remove_standby"
    card: str


@CODEC.register
@dataclass(frozen=True)
class EndTurn(Action):
    """End the main phase: the end phase follows."""

    type: ClassVar[str] = "end_turn"


@lru_cache(maxsize=1 << 14)
def cached(cls: type[Action], *args: Any) -> Any:
    """``cls(*args)`` (fields in order, ``seat`` first), made once: actions are immutable values, so one
    instance serves every list that offers it (building a frozen dataclass costs several cache look-ups)."""
    return cls(*args)

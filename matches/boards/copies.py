"""Identical copies of a card as one choice: two 下忍カスミ in hand are one option "下忍カスミ ×2" of the
choice builder, and picking it picks the first legal copy (``matches.boards.choices``: specs marked ``merge``).

Copies are merged when the player cannot tell them apart and they do the same: the same card data, in the same
zone of the same side (hand, standby, a wait zone, ...), with the same legal actions once every card is named by
its class of copies. A card on the field is never merged (its lane or area, damage and fatigue make it itself).
The hand and the other zones still show every card.

Each game says which action fields name cards and where its cards lie off the field (``CopyRules``); Legions and
Riders' Legend use it (``matches.boards.legions.choices``, ``matches.boards.riders_legend.choices``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from .presenter import BoardInput


@dataclass(frozen=True)
class CopyRules:
    """A game's copies: ``card_fields`` (the action fields that name cards: a card id, a list of them, or an
    option ``card@place``), ``piles(state) -> {card id: (seat, zone)}`` for the cards off the field the view
    lists, and ``units(state) -> {unit id: (seat, place)}`` for the units on the field (never merged)."""

    card_fields: tuple[str, ...]
    piles: Callable[[dict], dict[str, tuple]]
    units: Callable[[dict], dict[str, tuple[str, str]]]
    memo: str  # the attribute of a BoardInput that keeps its Copies (one per game)


@dataclass(frozen=True)
class Copies:
    """``stands_for``: card id → the id of the copy that stands for it (only merged cards); ``count``: the
    standing id → how many copies it stands for (2 or more); ``field``: unit id on the field → (seat, lane),
    ``lord`` for the leader zone and ``master`` for a master."""

    stands_for: dict[str, str]
    count: dict[str, int]
    field: dict[str, tuple[str, str]]

    def value(self, ref: str) -> str:
        """The option value of ``ref``: the standing copy's id, or ``ref`` itself."""
        return self.stands_for.get(ref, ref)

    def option(self, text: str) -> str:
        """An effect's option (``card``, ``card@lane``, ``standby:i``) with its card named by the standing copy."""
        ref, sep, lane = text.partition("@")
        return self.value(ref) + sep + lane


def copies_of(data: BoardInput, rules: CopyRules) -> Copies:
    """The copies of the reader's decision (``data.view["legal_actions"]``; none without them), built once per
    ``data``: the presenter is asked for one action at a time."""
    found = data.__dict__.get(rules.memo)
    if found is None:
        found = copies(data.state or {}, (data.view or {}).get("legal_actions") or [], rules)
        data.__dict__[rules.memo] = found
    return found


def _refs(action: dict, card_fields: tuple[str, ...]) -> list[str]:
    """The card ids an action names, in field order: a card id, an option ``card@lane`` (its card), or a list of
    either or of ``[card, side]`` pairs (Iron Leaguer's technique halves)."""
    out = []
    for name in card_fields:
        value = action.get(name)
        for item in value if isinstance(value, list) else [value] if isinstance(value, str) and value else ():
            text = item[0] if isinstance(item, list | tuple) and item else item
            if isinstance(text, str):
                out.append(text.partition("@")[0])
    return out


def _canon(action: dict, classes: dict[str, int], card_fields: tuple[str, ...]) -> str:
    """``action`` with every card id replaced by its class (a count slot's cards as a sorted list; a list of
    ``[card, side]`` pairs keeps its order)."""
    def named(text: str) -> str:
        ref, sep, lane = text.partition("@")
        return f"#{classes[ref]}{sep}{lane}" if ref in classes else text

    out = {}
    for key, value in action.items():
        if key in card_fields and isinstance(value, list) and all(isinstance(v, str) for v in value):
            out[key] = sorted(named(v) for v in value)
        elif key in card_fields and isinstance(value, list):
            out[key] = [[named(v[0]), *v[1:]] if isinstance(v, list | tuple) and v and isinstance(v[0], str) else v
                        for v in value]
        elif key in card_fields and isinstance(value, str):
            out[key] = named(value)
        else:
            out[key] = value
    return json.dumps(out, sort_keys=True, ensure_ascii=False)


def copies(state: dict, legal: list[dict], rules: CopyRules) -> Copies:
    """The copies among the cards ``legal`` names. Partition refinement: start from (card data, zone), split by
    the legal actions the card takes part in (with every card named by its class) until no class splits."""
    piles, units = rules.piles(state), rules.units(state)
    cards = state.get("cards") or {}
    mentions: dict[str, list[int]] = {}
    for index, action in enumerate(legal):
        for ref in dict.fromkeys(_refs(action, rules.card_fields)):
            mentions.setdefault(ref, []).append(index)
    keys = {ref: ("copy", piles[ref], json.dumps(cards[ref], sort_keys=True, ensure_ascii=False))
            if ref in piles and ref in cards and ref not in units else ("one", ref) for ref in mentions}
    classes = _numbered(keys)
    while True:
        fields = rules.card_fields
        signatures = {ref: (classes[ref], tuple(sorted(_canon(legal[i], classes, fields) for i in mentions[ref])))
                      for ref in mentions}
        split = _numbered(signatures)
        if len(set(split.values())) == len(set(classes.values())):
            break
        classes = split
    members: dict[int, list[str]] = {}
    for ref in sorted(mentions, key=lambda r: mentions[r][0]):  # the first legal copy first
        members.setdefault(classes[ref], []).append(ref)
    stands_for = {ref: group[0] for group in members.values() if len(group) > 1 for ref in group}
    count = {group[0]: len(group) for group in members.values() if len(group) > 1}
    return Copies(stands_for, count, units)


def _numbered(keys: dict) -> dict[str, int]:
    numbers: dict = {}
    return {ref: numbers.setdefault(key, len(numbers)) for ref, key in keys.items()}

"""Legions deck lists as text (the seed sample decks, ``seeds/decks/legions_*.txt``) and catalogue files
(``seeds/catalogue/legions.json``) as the engine's plain card dicts, for the bench, tests and commands that play
seeded games without the database.

A deck list::

    # comments and ``Key: value`` headers are skipped
    Master
    1 マオ・ニャン
    Deck
    3 下忍カスミ

``parse(text) -> {"master": name, "cards": [(count, name)]}``; ``build(parsed, cards)`` -> the engine's deck
``{"master": card, "cards": [card, ...]}`` (each name repeated ``count`` times, in the list's order).

The game's ``decklist`` part in ``referee.registry`` is this module: ``keep`` (what a seat keeps of a checked
list), ``engine_decks`` (the ``decks`` of an online match) and ``sample_decks`` (the seatings of offline games).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.engine.protocol import Data

from .cards import with_abilities

ENGINE_KEYS = ("name", "card_type", "attributes")
"""What the engine reads of a catalogue card (its abilities come from ``cards.with_abilities``)."""


def parse(text: str) -> Data:
    """A deck list's master name and ``(count, name)`` lines. ValueError names a line that is not ``N name``
    under ``Master`` or ``Deck``, and a list without exactly one master."""
    master: list[str] = []
    cards: list[tuple[int, str]] = []
    section = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#") or (section is None and ":" in line):
            continue
        if line in ("Master", "Deck"):
            section = line
            continue
        count, _, name = line.partition(" ")
        if section is None or not count.isdigit() or not name.strip():
            raise ValueError(f"line {number}: {line!r} is not 'N name' under Master or Deck")
        if section == "Master":
            master += [name.strip()] * int(count)
        else:
            cards.append((int(count), name.strip()))
    if len(master) != 1:
        raise ValueError(f"a deck list names one master, not {len(master)}")
    return {"master": master[0], "cards": cards}


def catalogue_cards(catalogue: Data, keys: tuple[str, ...] = ENGINE_KEYS) -> dict[str, Data]:
    """Card name -> plain card dict (``keys`` of each card of a ``shinpan.cards`` catalogue file's ``cards``)
    with its abilities attached (``cards.with_abilities``)."""
    return {c["name"]: with_abilities({k: c[k] for k in keys}) for c in catalogue["cards"]}


def build(parsed: Data, cards: dict[str, Data]) -> Data:
    """The engine's deck from ``parse``'s result and ``catalogue_cards``. KeyError names a card the catalogue
    does not hold."""
    missing = [n for n in (parsed["master"], *(n for _, n in parsed["cards"])) if n not in cards]
    if missing:
        raise KeyError(f"not in the catalogue: {', '.join(dict.fromkeys(missing))}")
    return {"master": cards[parsed["master"]],
            "cards": [cards[name] for count, name in parsed["cards"] for _ in range(count)]}


def keep(entries: list[Mapping[str, Any]]) -> Data:
    """A checked Legions list as card names: ``{"master": name, "cards": [names]}`` (each repeated by its count).
    ``entries``: ``[{"section", "name", "count"}]`` in the list's order."""
    master = [e["name"] for e in entries if e["section"] == "master"]
    cards = [e["name"] for e in entries if e["section"] != "master" for _ in range(e["count"])]
    return {"master": master[0] if master else "", "cards": cards}


def engine_decks(kept: Mapping[str, Mapping[str, Any]], cards: list[Mapping[str, Any]],
                 sample: Callable[[str], Data]) -> Data:
    """``{"p1": {"master": card, "cards": [card, ...]}, "p2": ...}`` (Legions: 開始準備): each seat's kept names,
    or its sample deck (``sample(seat)``: what ``keep`` gives of it), as the catalogue's ``cards`` (the first card
    of a name) with their abilities (``cards.with_abilities``). KeyError names a card the catalogue lacks."""
    by_name: dict[str, Data] = {}
    for card in cards:
        by_name.setdefault(card["name"], with_abilities(dict(card)))
    decks = {}
    for seat in ("p1", "p2"):
        own = kept.get(seat) or {}
        chosen = own if own.get("master") else sample(seat)
        decks[seat] = build({"master": chosen["master"], "cards": [(1, name) for name in chosen["cards"]]}, by_name)
    return decks


def sample_decks(catalogue: Mapping[str, Any], texts: list[str]) -> list[Data]:
    """The ``decks`` of offline games (benches, golden games): the two sample lists ``texts`` of a catalogue
    document, seated both ways (the second list first, then the first)."""
    cards = catalogue_cards(dict(catalogue))
    one, two = (build(parse(text), cards) for text in texts[:2])
    return [{"p1": two, "p2": one}, {"p1": one, "p2": two}]


DANTALION_SET = "LG01"  # the launch booster: the set the Dantalion Draft's virtual packs come from by default


def dantalion_decks(cards: Sequence[Mapping[str, Any]], set_code: str = "") -> Data:
    """``decks`` of a Dantalion Draft (``draft.prepare``): the deck cards of ``set_code`` (default
    ``DANTALION_SET``; each name once, with its abilities) as the boosters' pool, and every master of the
    catalogue to choose from. KeyError when the set has no deck card."""
    set_code = set_code or DANTALION_SET
    pool: dict[str, Data] = {}
    masters: dict[str, Data] = {}
    for card in cards:
        if card["card_type"] == "master":
            masters.setdefault(card["name"], with_abilities(dict(card)))
        elif card.get("set") == set_code:
            pool.setdefault(card["name"], with_abilities(dict(card)))
    if not pool:
        raise KeyError(f"set {set_code!r} has no deck cards in the catalogue")
    return {"pool": list(pool.values()), "masters": list(masters.values())}


def dantalion_sets(cards: Sequence[Mapping[str, Any]]) -> list[str]:
    """The set codes a Dantalion Draft can open boosters of: those with at least a booster's worth
    (``draft.PACK_SIZE``) of different deck cards, every one of them refereed; in the catalogue's order."""
    from .abilities import not_yet_refereed
    from .draft import PACK_SIZE

    by_set: dict[str, dict[str, Data]] = {}
    for card in cards:
        if card["card_type"] != "master" and card.get("set"):
            by_set.setdefault(str(card["set"]), {}).setdefault(card["name"], with_abilities(dict(card)))
    return [code for code, pool in by_set.items()
            if len(pool) >= PACK_SIZE and not not_yet_refereed(list(pool.values()))]


@dataclass(frozen=True)
class DecklessFormat:
    """A format played without decklists (``manage.py playmatch --format F``, the lobby): the engine's
    ``config``; ``decks(cards, set code)``, the match's ``decks`` from the catalogue's cards (KeyError when the set
    cannot make them); ``sets(cards)``, the set codes it can be played from; ``default_set``."""

    config: Data
    decks: Callable[[Sequence[Mapping[str, Any]], str], Data]
    sets: Callable[[Sequence[Mapping[str, Any]]], list[str]]
    default_set: str


FORMATS: dict[str, DecklessFormat] = {
    "dantalion": DecklessFormat({"format": "dantalion"}, dantalion_decks, dantalion_sets, DANTALION_SET),
}

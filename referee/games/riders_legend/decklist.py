"""Riders' Legend deck lists as text (the seed sample decks, ``seeds/decks/riders_legend_*.txt``) and catalogue
files (``seeds/catalogue/riders_legend.json``) as the engine's plain card dicts, for the bench, tests and commands
that play seeded games without the database (the Legions twin is ``referee.games.legions.decklist``).

A deck list::

    # comments and ``Key: value`` headers are skipped
    First half
    3 ショッカー戦闘員
    Second half
    ...
    Eyecatch
    1 ...

``parse(text) -> {"first_half": [(count, name)], "second_half": [...], "eyecatch": name | None}``;
``build(parsed, cards)`` -> the engine's deck ``{"first_half": [card], "second_half": [card], "eyecatch": card}``
(each name repeated ``count`` times, in the list's order).

The game's ``decklist`` part in ``referee.registry`` is this module: ``keep`` (what a seat keeps of a checked
list), ``engine_decks`` (the ``decks`` of an online match) and ``sample_decks`` (the seatings of offline games).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.engine.protocol import Data

from .cards import with_abilities

SECTIONS = {"First half": "first_half", "Second half": "second_half", "Eyecatch": "eyecatch"}
ENGINE_KEYS = ("name", "card_type", "attributes", "rules_text", "abilities")
"""What the engine reads of a catalogue card (``cards.with_abilities`` fills in abilities a card lacks)."""


def parse(text: str) -> Data:
    """A deck list's ``(count, name)`` lines by half and its eyecatch's name. ValueError names a line that is not
    ``N name`` under a section heading."""
    parsed: Data = {"first_half": [], "second_half": [], "eyecatch": None}
    section = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#") or ":" in line:
            continue
        if line in SECTIONS:
            section = SECTIONS[line]
            continue
        count, _, name = line.partition(" ")
        if section is None or not count.isdigit() or not name.strip():
            raise ValueError(f"line {number}: {line!r} is not 'N name' under First half, Second half or Eyecatch")
        if section == "eyecatch":
            parsed["eyecatch"] = name.strip()
        else:
            parsed[section].append((int(count), name.strip()))
    return parsed


def catalogue_cards(catalogue: Data, keys: tuple[str, ...] = ENGINE_KEYS) -> dict[str, Data]:
    """Card name -> plain card dict (``keys`` of each card of a ``shinpan.cards`` catalogue file's ``cards``)
    with its abilities attached (``cards.with_abilities``)."""
    return {c["name"]: with_abilities({k: c[k] for k in keys}) for c in catalogue["cards"]}


def build(parsed: Data, cards: dict[str, Data]) -> Data:
    """The engine's deck from ``parse``'s result and ``catalogue_cards``. KeyError names a card the catalogue
    does not hold."""
    halves = ("first_half", "second_half")
    names = [n for half in halves for _, n in parsed[half]] + ([parsed["eyecatch"]] if parsed["eyecatch"] else [])
    missing = [n for n in names if n not in cards]
    if missing:
        raise KeyError(f"not in the catalogue: {', '.join(dict.fromkeys(missing))}")
    deck = {half: [cards[name] for count, name in parsed[half] for _ in range(count)] for half in halves}
    return {**deck, "eyecatch": cards[parsed["eyecatch"]] if parsed["eyecatch"] else None}


def keep(entries: list[Mapping[str, Any]]) -> Data:
    """A checked 61-card list as card names by section (Riders' Legend: デッキ, 開始準備): ``{"first_half": [names],
    "second_half": [names], "eyecatch": name}`` (each repeated by its count). ``entries``: ``[{"section", "name",
    "count"}]`` in the list's order."""
    kept: Data = {"first_half": [], "second_half": [], "eyecatch": ""}
    for entry in entries:
        if entry["section"] == "eyecatch":
            kept["eyecatch"] = entry["name"]
        elif entry["section"] in kept:
            kept[entry["section"]] += [entry["name"]] * entry["count"]
    return kept


def engine_decks(kept: Mapping[str, Mapping[str, Any]], cards: list[Mapping[str, Any]],
                 sample: Callable[[str], Data]) -> Data:
    """``{"p1": {"first_half": [card], "second_half": [card], "eyecatch": card}, "p2": ...}`` (Riders' Legend:
    開始準備; ``setup.new_game``): each seat's kept names, or its sample deck (``sample(seat)``: what ``keep``
    gives of it), as the catalogue's ``cards`` (the first card of a name) with their abilities
    (``cards.with_abilities``; a card's own abilities win). KeyError names a card the catalogue lacks."""
    by_name: dict[str, Data] = {}
    for card in cards:
        by_name.setdefault(card["name"], with_abilities(dict(card)))
    decks = {}
    for seat in ("p1", "p2"):
        chosen = kept.get(seat) or {}
        if not chosen.get("eyecatch"):
            chosen = sample(seat)
        decks[seat] = {"first_half": [by_name[n] for n in chosen["first_half"]],
                       "second_half": [by_name[n] for n in chosen["second_half"]],
                       "eyecatch": by_name[chosen["eyecatch"]]}
    return decks


def sample_decks(catalogue: Mapping[str, Any], texts: list[str]) -> list[Data]:
    """The ``decks`` of offline games (benches, golden games): the two sample lists ``texts`` of a catalogue
    document, seated both ways (the second list first, then the first)."""
    cards = catalogue_cards(dict(catalogue))
    one, two = (build(parse(text), cards) for text in texts[:2])
    return [{"p1": two, "p2": one}, {"p1": one, "p2": two}]

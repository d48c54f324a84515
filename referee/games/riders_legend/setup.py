"""開始準備 (Riders' Legend: 事前準備, 開始準備, 開始時基本設定; spec B1): the initial state from two decks.

``decks = {"p1": {"first_half": [card, ...], "second_half": [card, ...], "eyecatch": card}, "p2": {...}}``, each
card a plain dict ``{"name", "card_type", "attributes", "abilities"?}`` (the catalogue's card with its abilities
data; ``cards.with_abilities`` attaches the seed data). ``config = {"readings": {...}?, "first": "p1"|"p2"?}``:
without ``first`` the RNG decides who plays first, after the mulligans (B1.4).

Card ids: ``p1c01``… for the first half, the eyecatch, then the second half, in the given order. They are
opaque: a view or event never names the id of a card that is hidden from its reader.
"""

from __future__ import annotations

from typing import Any

from referee.engine import rng as rngmod
from referee.engine.actions import Event
from referee.engine.protocol import Data, RngSeed, State

from . import deck, flow
from .abilities import not_yet_refereed
from .readings import Readings
from .state import SEATS, new_player

HAND = 7  # 開始手札 7枚
HALF_TYPES = ("character", "mission", "action")


def _entry(card: Data, seat: str) -> Data:
    return {"name": card["name"], "card_type": card["card_type"], "attributes": card.get("attributes", {}),
            "abilities": card.get("abilities") or {}, "owner": seat}


def _table(decks: Data) -> tuple[Data, Data]:
    """The card table and each seat's halves. ValueError on a malformed deck (named) or cards the engine cannot
    referee yet (named)."""
    table: dict[str, Data] = {}
    halves: dict[str, Data] = {}
    for seat in SEATS:
        d = decks.get(seat)
        if not isinstance(d, dict) or not isinstance(d.get("eyecatch"), dict) \
                or not isinstance(d.get("first_half"), list) or not isinstance(d.get("second_half"), list):
            raise ValueError(f"deck {seat} needs first_half, second_half (lists) and an eyecatch card")
        if d["eyecatch"].get("card_type") != "eyecatch":
            raise ValueError(f"deck {seat}: the eyecatch must be an eyecatch card")
        every = [*d["first_half"], d["eyecatch"], *d["second_half"]]
        blocked = not_yet_refereed(every)
        if blocked:
            raise ValueError(f"deck {seat} holds cards not yet refereed: "
                             + ", ".join(f"{n} ({why})" for n, why in blocked))
        ids: dict[str, Any] = {"first": [], "second": [], "eyecatch": ""}
        number = 0
        for part, cards in (("first", d["first_half"]), ("eyecatch", [d["eyecatch"]]), ("second", d["second_half"])):
            for card in cards:
                if part != "eyecatch" and card.get("card_type") not in HALF_TYPES:
                    raise ValueError(f"deck {seat} {part} half card {card.get('name')!r}: a half holds characters, "
                                     f"missions and actions, not {card.get('card_type')!r}")
                number += 1
                card_id = f"{seat}c{number:02d}"
                table[card_id] = _entry(card, seat)
                if part == "eyecatch":
                    ids["eyecatch"] = card_id
                else:
                    ids[part].append(card_id)
        halves[seat] = ids
    return table, halves


def prepare(config: Data, decks: Data, rng: RngSeed) -> tuple[Data, list[Event]]:
    """開始準備 / B1.2–B1.3: each deck split into its halves and eyecatch, both halves shuffled and stacked
    (second half, eyecatch, first half), 7 cards drawn each. The state before the mulligans."""
    readings = Readings.from_config(config)
    table, halves = _table(decks)
    first = config.get("first")
    if first is not None and first not in SEATS:
        raise ValueError(f"config first must be p1 or p2, not {first!r}")
    state: State = {"game": "riders_legend", "version": 0, "rng": rngmod.new_rng_state(rng.seed, rng.entropy),
             "readings": readings.as_config(), "cards": table, "halves": halves, "first": None, "turn": 0,
             "turn_seat": "p1",
             "step": flow.SETUP_ORDER[0], "setup_done": False, "setup": {"decided": [], "first": first,
                                                                          "opening_ended": False},
             "players": {s: new_player() for s in SEATS}, "pending": None, "queue": [], "combat": None,
             "outcome": None}
    events = [Event("setup", "開始準備", {"commitment": state["rng"]["commitment"], "entropy": list(rng.entropy),
                                      "readings": readings.as_config(),
                                      "decks": {s: {"first_half": len(halves[s]["first"]),
                                                    "second_half": len(halves[s]["second"])} for s in SEATS}})]
    state["auras"] = aura_cards(table)
    for seat in SEATS:
        state["players"][seat]["eyecatch"] = halves[seat]["eyecatch"]
        deck.build(state, seat, events)
    for seat in SEATS:
        deck.draw(state, seat, HAND, events, "開始時基本設定/B1.3 開始手札")
    return state, events


def new_game(config: Data, decks: Data, rng: RngSeed) -> tuple[Data, list[Event]]:
    """``prepare``, then the flow runs to the first decision (p1's mulligan). Returns ``(state, setup
    events)``."""
    state, events = prepare(config, decks, rng)
    flow.advance(state, events)
    return state, events


def aura_cards(table: Data) -> list[str]:
    """The ids of the cards with an ``aura`` static (``state["auras"]``), sorted: the index the characters'
    numbers read (``characters.attack``), made once at the setup."""
    return sorted(c for c, data in table.items()
                  if any(s.get("static") == "aura" for s in (data.get("abilities") or {}).get("statics", ())))

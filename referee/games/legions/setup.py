"""開始準備 (Legions: ゲーム開始時基本設定, 開始準備; spec A1.3): the initial state from two decks.

``decks = {"p1": {"master": card, "cards": [card, ...]}, "p2": {...}}``, each card a plain dict
``{"name", "card_type", "attributes", "abilities"?}`` (the catalogue's card with its abilities data).
``config = {"readings": {...}?, "first": "p1"|"p2"?}``: without ``first`` the RNG decides who plays first.
"""

from __future__ import annotations

from referee.engine import rng as rngmod
from referee.engine.actions import Event
from referee.engine.protocol import Data, RngSeed, State

from . import flow
from .abilities import not_yet_refereed
from .readings import Readings
from .state import DECK_TYPES, SEATS, _entry, _player, decide_first, other, second_player_core

HAND = 5  # 開始手札: 5枚 (マリガン無し)


def _table(decks: Data) -> tuple[Data, Data]:
    """Instance ids: ``p1m`` for the master, ``p1c01``… for the deck in the given order. ValueError on a deck
    without a master, a card of another type, or cards the engine cannot referee yet (named)."""
    table: dict[str, Data] = {}
    order: dict[str, list[str]] = {}
    for seat in SEATS:
        deck = decks.get(seat)
        if not isinstance(deck, dict) or not isinstance(deck.get("master"), dict):
            raise ValueError(f"deck {seat} needs a master card")
        master = deck["master"]
        if master.get("card_type") != "master" or len(master.get("attributes", {}).get("colours", [])) != 2:
            raise ValueError(f"deck {seat}: the master must be a master card with two colours")
        blocked = not_yet_refereed(deck.get("cards", []))
        if blocked:
            names = ", ".join(f"{n} ({why})" for n, why in blocked)
            raise ValueError(f"deck {seat} holds cards not yet refereed: {names}")
        table[f"{seat}m"] = _entry(master, seat)
        order[seat] = []
        for i, card in enumerate(deck.get("cards", [])):
            if card.get("card_type") not in DECK_TYPES:
                raise ValueError(f"deck {seat} card {i} ({card.get('name')!r}): a deck holds minions, lords, "
                                 f"skills and arts, not {card.get('card_type')!r}")
            card_id = f"{seat}c{i + 1:02d}"
            table[card_id] = _entry(card, seat)
            order[seat].append(card_id)
    return table, order


def new_game(config: Data, decks: Data, rng: RngSeed) -> tuple[Data, list[Event]]:
    """``prepare``, then the first turn runs to its first decision (the first player's card change or main
    phase). Returns ``(state, setup events)``. Config ``format: dantalion``: a Dantalion Draft (``draft.py``),
    which starts with the opening picks."""
    fmt = config.get("format", "standard")
    if fmt == "dantalion":
        from . import draft

        return draft.prepare(config, decks, rng)
    if fmt != "standard":
        raise ValueError(f"unknown Legions format {fmt!r}: standard or dantalion")
    state, events = prepare(config, decks, rng)
    flow.advance(state, events)
    return state, events


def prepare(config: Data, decks: Data, rng: RngSeed) -> tuple[Data, list[Event]]:
    """開始準備 / A1.3: masters in normal mode, decks shuffled, first player decided, life 20, 5 cores on each
    master, the second player's core to wait zone 3, 5 cards each (no mulligan). The state before turn 1."""
    readings = Readings.from_config(config)
    table, order = _table(decks)
    state: State = {"game": "legions", "version": 0, "rng": rngmod.new_rng_state(rng.seed, rng.entropy),
             "readings": readings.as_config(), "cards": table, "first": "p1", "turn": 1, "turn_seat": "p1",
             "step": "start.wait_turns", "players": {s: _player(f"{s}m") for s in SEATS}, "pending": None,
             "queue": [], "combat": None, "outcome": None}
    events = [Event("setup", "開始準備", {"commitment": state["rng"]["commitment"], "entropy": list(rng.entropy),
                                      "readings": readings.as_config()})]
    for seat in SEATS:
        counter = state["rng"]["counter"]
        state["players"][seat]["deck"] = rngmod.shuffle(state["rng"], order[seat])
        events.append(Event("shuffle", "開始準備", {"seat": seat, "count": len(order[seat]), "counter": counter}))
    first = decide_first(state, config, events, "開始準備")
    second_player_core(state, events)
    for seat in (first, other(first)):
        player = state["players"][seat]
        hand = [player["deck"].pop() for _ in range(min(HAND, len(player["deck"])))]
        player["hand"] = hand
        events.append(Event("draw", "開始準備/A1.3", {"seat": seat, "count": len(hand)}))
        events.append(Event("drawn", "開始準備/A1.3", {"seat": seat, "cards": list(hand)}, to=(seat,)))
    return state, events

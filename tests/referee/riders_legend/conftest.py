"""Fixtures for the Riders' Legend engine tests: the seed catalogue's cards with their abilities, the two sample
decks (``seeds/decks/riders_legend_*.txt``, parsed here), a fresh game, and helpers that build a position by
hand (cards into hands, characters onto fields, missions into areas)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.engine.protocol import RngSeed
from referee.engine.rng import seed_from_int
from referee.games.riders_legend import ENGINE
from referee.games.riders_legend.decklist import build, catalogue_cards, parse
from referee.games.riders_legend.state import area_list, new_character, new_mission

ROOT = Path(__file__).parents[3]
CATALOGUE = ROOT / "seeds" / "catalogue" / "riders_legend.json"
DECKS = {"shocker": ROOT / "seeds" / "decks" / "riders_legend_shocker.txt",
         "showa": ROOT / "seeds" / "decks" / "riders_legend_showa_riders.txt"}


def catalogue() -> dict[str, dict]:
    """Card name -> the engine's plain card dict (name, card_type, attributes, rules_text; the abilities from the
    engine's seed table, ``cards.with_abilities``)."""
    return catalogue_cards(json.loads(CATALOGUE.read_text(encoding="utf-8")),
                           keys=("name", "card_type", "attributes", "rules_text"))


CARDS = catalogue()


def deck(which: str) -> dict:
    """A seed sample deck as ``{"first_half": [card], "second_half": [card], "eyecatch": card}``."""
    return build(parse(DECKS[which].read_text(encoding="utf-8")), CARDS)


def decks() -> dict:
    return {"p1": deck("showa"), "p2": deck("shocker")}


def new_state(seed: int = 1, config: dict | None = None) -> dict:
    """A new game on the two sample decks (p1 Showa riders, p2 Shocker), at p1's mulligan decision."""
    return ENGINE.new_game({"first": "p1", **(config or {})}, decks(), RngSeed(seed_from_int(seed)))[0]


def cid(state: dict, name: str, seat: str | None = None, skip: tuple = ()) -> str:
    """The instance id of a card called ``name`` (of ``seat``), not among ``skip``."""
    return next(k for k, v in state["cards"].items()
                if v["name"] == name and (seat is None or v["owner"] == seat) and k not in skip)


def take(state: dict, card_id: str) -> None:
    """Take a card out of every zone of its owner (to put it somewhere by hand)."""
    p = state["players"][state["cards"][card_id]["owner"]]
    for zone in (p["hand"], p["deck"], p["graveyard"], p["discard_pile"]):
        while card_id in zone:
            zone.remove(card_id)
    for i, m in enumerate(p["missions"]):
        if m is not None and m["card"] == card_id:
            p["missions"][i] = None
    for group in (p["justice"], *p["operation"], *p["battle"]):
        for char in list(group):
            if card_id in char["stack"]:
                group.remove(char)


def free(state: dict, name: str, seat: str) -> str:
    """An id of ``name`` of ``seat`` that is not on the field or a mission."""
    p = state["players"][seat]
    used = {m["card"] for m in p["missions"] if m} | set(p["hand"])
    used |= {c for g in (p["justice"], *p["operation"], *p["battle"]) for ch in g for c in ch["stack"]}
    return cid(state, name, seat, tuple(used))


def to_hand(state: dict, seat: str, *names: str) -> list[str]:
    ids: list[str] = []
    for name in names:
        card_id = cid(state, name, seat, tuple(ids) + tuple(state["players"][seat]["hand"]))
        take(state, card_id)
        state["players"][seat]["hand"].append(card_id)
        ids.append(card_id)
    return ids


def put(state: dict, seat: str, names: str | list[str], field: str, area: int = 0, **changes) -> dict:
    """Put a character (a stack of ``names``, bottom first) of ``seat`` at ``field``/``area``."""
    stack = [names] if isinstance(names, str) else names
    ids = []
    for name in stack:
        card_id = free(state, name, seat) if not ids else cid(state, name, seat, tuple(ids) + _used(state, seat))
        take(state, card_id)
        ids.append(card_id)
    char = {**new_character(ids[0]), "stack": ids, **changes}
    area_list(state["players"][seat], field, area).append(char)
    return char


def _used(state: dict, seat: str) -> tuple:
    p = state["players"][seat]
    return tuple(c for g in (p["justice"], *p["operation"], *p["battle"]) for ch in g for c in ch["stack"])


def lay(state: dict, seat: str, name: str, area: int, face_up: bool = True, bluff: bool = False, **changes) -> dict:
    """Put a mission of ``seat`` in ``area`` by hand."""
    card_id = free(state, name, seat)
    take(state, card_id)
    mission = {**new_mission(card_id, face_up, bluff), **changes}
    state["players"][seat]["missions"][area - 1] = mission
    return mission


def phase(state: dict, kind: str = "placement", seat: str = "p1") -> dict:
    """Make it ``seat``'s ``kind`` phase (placement, movement, action) of turn 3, the setup done (mutates and
    returns ``state``); each player keeps a mission in area 5 unless one is there."""
    state["setup_done"], state["first"], state["turn"], state["turn_seat"] = True, "p1", 3, seat
    state["step"] = f"{kind}.{kind}"
    state["pending"] = {"kind": kind, "seat": seat}
    state["queue"], state["combat"] = [], None
    for s, name in (("p1", "怪人の追跡"), ("p2", "浄水場毒物作戦")):
        if not any(state["players"][s]["missions"]):
            lay(state, s, name, 5, face_up=False)
    return state


@pytest.fixture
def state() -> dict:
    return new_state()


def act(state: dict, action) -> tuple[dict, list]:
    return ENGINE.apply(state, action)


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]

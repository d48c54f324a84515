"""Fixtures for the Legions engine tests: the seed catalogue's cards with their abilities, the two sample decks,
a fresh game, and helpers that build a position by hand (cards into hands, units into lanes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.engine.protocol import RngSeed
from referee.engine.rng import seed_from_int
from referee.games.legions import ENGINE
from referee.games.legions.decklist import build, catalogue_cards, parse
from referee.games.legions.state import new_unit

ROOT = Path(__file__).parents[3]
CATALOGUE = ROOT / "seeds" / "catalogue" / "legions.json"
DECKS = {"mao": ROOT / "seeds" / "decks" / "legions_mao_nyan_2017.txt",
         "olivier": ROOT / "seeds" / "decks" / "legions_olivier_2018.txt"}


def catalogue() -> dict[str, dict]:
    """Card name -> the engine's plain card dict (name, card_type, attributes, rules_text, abilities)."""
    return catalogue_cards(json.loads(CATALOGUE.read_text(encoding="utf-8")),
                           ("name", "card_type", "attributes", "rules_text"))


CARDS = catalogue()


def deck(which: str) -> dict:
    """A seed sample deck (``seeds/decks/legions_*.txt``) as ``{"master", "cards"}``."""
    return build(parse(DECKS[which].read_text(encoding="utf-8")), CARDS)


def decks() -> dict:
    return {"p1": deck("mao"), "p2": deck("olivier")}


def wide_decks() -> dict:
    """Each player's deck holds one of every non-master seed card that is refereed (a position builder's
    deck, not a legal one); p1's master is black/red, p2's blue/black."""
    from referee.games.legions.abilities import not_yet_refereed

    cards = [c for c in CARDS.values() if c["card_type"] != "master" and not not_yet_refereed([c])]
    return {"p1": {"master": CARDS["マオ・ニャン"], "cards": cards},
            "p2": {"master": CARDS["深海リラ"], "cards": cards}}


def new_state(seed: int = 1, config: dict | None = None, wide: bool = True) -> dict:
    """A new game, p1 first, on ``wide_decks`` (or the two sample decks with ``wide=False``)."""
    chosen = wide_decks() if wide else decks()
    return ENGINE.new_game({"first": "p1", **(config or {})}, chosen, RngSeed(seed_from_int(seed)))[0]


def cid(state: dict, name: str, seat: str | None = None, skip: tuple = ()) -> str:
    """The instance id of a card called ``name`` (of ``seat``), not among ``skip``."""
    return next(k for k, v in state["cards"].items()
                if v["name"] == name and (seat is None or v["owner"] == seat) and k not in skip)


def take(state: dict, card_id: str) -> None:
    """Take a card out of every zone of its owner (to put it somewhere by hand)."""
    p = state["players"][state["cards"][card_id]["owner"]]
    for zone in (p["hand"], p["deck"], p["standby"], p["exile"], *p["wz"]):
        while card_id in zone:
            zone.remove(card_id)
    for lane, unit in p["lanes"].items():
        if unit and unit["card"] == card_id:
            p["lanes"][lane] = None
    if p["lord"] and p["lord"]["card"] == card_id:
        p["lord"] = None


def to_hand(state: dict, seat: str, *names: str) -> list[str]:
    ids = []
    for name in names:
        card_id = cid(state, name, seat, tuple(ids))
        take(state, card_id)
        state["players"][seat]["hand"].append(card_id)
        ids.append(card_id)
    return ids


def put(state: dict, seat: str, name: str, lane: str, placed: int = 0, **changes) -> str:
    """Put a minion (a lane) or lord (``leader``) of ``seat`` on the field, placed on turn ``placed``."""
    used = [u["card"] for p in state["players"].values() for u in (*p["lanes"].values(), p["lord"]) if u]
    card_id = cid(state, name, seat, tuple(used))
    take(state, card_id)
    unit = {**new_unit(card_id, placed), **changes}
    if lane == "leader":
        state["players"][seat]["lord"] = unit
    else:
        state["players"][seat]["lanes"][lane] = unit
    return card_id


def main_phase(state: dict, seat: str = "p1", active: int = 5, awakened: bool = False) -> dict:
    """Make it ``seat``'s main phase with ``active`` cores to spend (mutates and returns ``state``)."""
    state["turn_seat"] = seat
    state["step"] = "main.main"
    state["pending"] = {"kind": "main", "seat": seat}
    state["queue"], state["combat"] = [], None
    p = state["players"][seat]
    p["active"], p["fatigued"], p["mp"], p["awakened"] = active, 0, 0, awakened
    if awakened:
        p["master_cores"] = 0  # (and no 12-core win by accident)
    return state


@pytest.fixture
def state() -> dict:
    return new_state()


def act(state: dict, action) -> tuple[dict, list]:
    return ENGINE.apply(state, action)


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def skip_to(state: dict, turn: int) -> dict:
    """Play no card change and end every main phase until the main phase of global turn ``turn``."""
    from referee.games.legions.actions import EndTurn, NoCardChange

    while not (state["turn"] == turn and state["pending"]["kind"] == "main"):
        seat = state["pending"]["seat"]
        kind = state["pending"]["kind"]
        state, _ = ENGINE.apply(state, NoCardChange(seat=seat) if kind == "card_change" else EndTurn(seat=seat))
    return state

"""Legions! copies (``matches.boards.copies``): the action fields that name cards, and where the view lists them —
the hand, standby, arriving, in use, exile and the four wait zones off the field; the master, lanes and leader zone
on it (a unit is named with its lane instead of being merged)."""

from __future__ import annotations

from ..copies import Copies, CopyRules, copies
from ..copies import copies_of as _copies_of
from ..presenter import BoardInput


def _field(state: dict) -> dict[str, tuple[str, str]]:
    """Unit id → (seat, lane), ``lord`` for the leader zone and ``master`` for a master."""
    field: dict[str, tuple[str, str]] = {}
    for seat, player in (state.get("players") or {}).items():
        field[player.get("master")] = (seat, "master")
        for lane, unit in [*(player.get("lanes") or {}).items(), ("lord", player.get("lord"))]:
            if unit:
                field[unit["card"]] = (seat, lane)
    return field


def _piles(state: dict) -> dict[str, tuple]:
    """Card id → (seat, zone) for the cards off the field that the view lists."""
    piles: dict[str, tuple] = {}
    for seat, player in (state.get("players") or {}).items():
        zones = [(zone, player.get(zone)) for zone in ("hand", "standby", "arriving", "using", "exile")]
        zones += [(f"wz{n + 1}", cards) for n, cards in enumerate(player.get("wz") or [])]
        for zone, cards in zones:
            for ref in cards if isinstance(cards, list) else ():
                piles.setdefault(ref, (seat, zone))
    return piles


RULES = CopyRules(card_fields=("card", "target", "option", "cards"), piles=_piles, units=_field,
                  memo="_legions_copies")


def copies_of(data: BoardInput) -> Copies:
    """The copies of the reader's Legions decision, built once per board."""
    return _copies_of(data, RULES)


def _copies(state: dict, legal: list[dict]) -> Copies:
    return copies(state, legal, RULES)

"""Look-ups over the Riders' Legend engine view (``referee.games.riders_legend.view``) that the presenter, the
choices and the narration share: where each character stands, its name (its top card's), a card's short
description, a mission option in words. Only the reader's view is read: a hidden card is never named."""

from __future__ import annotations

from django.utils.translation import gettext as _

from . import labels

FIELD_ORDER = ("justice", "operation", "battle")


def characters(state: dict) -> dict[str, tuple[str, str, int, dict]]:
    """Character id (its bottom card) -> ``(seat, field, area, character view)`` for both sides."""
    out: dict[str, tuple[str, str, int, dict]] = {}
    for seat, player in (state.get("players") or {}).items():
        for char in player.get("justice") or []:
            out[char["id"]] = (seat, "justice", 0, char)
        for fld in ("operation", "battle"):
            for i, group in enumerate(player.get(fld) or []):
                for char in group:
                    out[char["id"]] = (seat, fld, i + 1, char)
    return out


def card_name(names: dict, ref) -> str:
    return names.get(ref) or _("?")


def char_name(state: dict, names: dict, ref, index: dict | None = None) -> str:
    """A character by its id: its top card's name (what it is now); a character that has left the field by its
    bottom card's name."""
    found = (index if index is not None else characters(state)).get(ref)
    if found is not None:
        return card_name(names, found[3]["top"])
    return card_name(names, ref)


def where(found: tuple[str, str, int, dict] | None) -> str:
    return labels.position(found[1], found[2]) if found else _("?")


def card_detail(state: dict, ref: str) -> str:
    """A card's type and numbers ("character · ATK 3 / DEF 2 / OP 1", "mission · needs OP 5")."""
    card = (state.get("cards") or {}).get(ref) or {}
    a = card.get("attributes") or {}
    parts = [labels.card_type(card.get("card_type"))] if card else []
    if card.get("card_type") == "character":
        parts.append(_("ATK %(atk)s / DEF %(def)s / OP %(op)s") % {
            "atk": a.get("attack", 0), "def": a.get("defence", 0), "op": a.get("operation", 0)})
    elif card.get("card_type") == "mission":
        parts.append(_("needs OP %(n)s, ATK %(atk)s / DEF %(def)s") % {
            "n": a.get("required_operation", 0), "atk": a.get("attack", 0), "def": a.get("defence", 0)})
    return " · ".join(parts)


def mission_text(state: dict, names: dict, seat: str, area: int) -> str:
    """A side's mission of an area in words, by what the reader may know of it."""
    player = (state.get("players") or {}).get(seat) or {}
    missions = player.get("missions") or []
    mission = missions[area - 1] if 1 <= area <= len(missions) else None
    values = {"seat": labels.seat(seat), "area": area}
    if mission is None:
        return _("%(seat)s's area %(area)s (no mission)") % values
    if "card" in mission:
        return _("%(seat)s's mission %(card)s in area %(area)s") % {**values, "card": card_name(names, mission["card"])}
    return _("%(seat)s's face-down mission in area %(area)s") % values

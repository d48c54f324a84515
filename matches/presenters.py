"""Words for people: each legal action as a button label and each log event as a sentence, per game.

Pure presentation over the engine's JSON (actions, view, events); a game without a presenter falls back to a
generic description (the action type and its fields), so the layer never needs to know a game to work.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _


def _names(view: dict) -> dict[str, str]:
    cards = (view or {}).get("cards") or {}
    return {key: card.get("name", key) for key, card in cards.items()}


def _generic(action: dict, view: dict) -> str:
    names = _names(view)

    def show(value):
        if isinstance(value, list):
            return ", ".join(show(v) for v in value)
        return names.get(value, str(value)) if isinstance(value, str) else str(value)

    fields = [f"{key}: {show(value)}" for key, value in action.items() if key not in ("type", "seat")]
    return f"{action.get('type', '?')}" + (f" — {'; '.join(fields)}" if fields else "")


def _il_half(view: dict, card_id: str, side: str) -> str:
    card = (view.get("cards") or {}).get(card_id, {})
    half = (card.get("attributes") or {}).get(side) or {}
    return f"{half.get('name', card_id)} ({card.get('name', card_id)}, {_('upper') if side == 'upper' else _('lower')})"


def _iron_leaguer(action: dict, view: dict) -> str:
    names = _names(view)
    kind = action.get("type")
    if kind == "declare":
        halves = " + ".join(_il_half(view, c, s) for c, s in action.get("halves", []))
        return (_("Attack with %s") if action.get("mode") == "attack" else _("Defend with %s")) % halves
    if kind == "assign":
        return _("Use: %s") % ", ".join(names.get(i, i) for i in action.get("ils", []))
    if kind == "pass":
        option = action.get("option")
        ils = ", ".join(names.get(i, i) for i in action.get("ils", []))
        labels = {"draw": _("Pass: draw up to the hand limit"), "refresh": _("Pass: discard and redraw"),
                  "ready": _("Pass: ready %s") % ils, "none": _("Pass")}
        return labels.get(option, _generic(action, view))
    if kind == "rough":
        return _("Rough play: %(il)s on %(target)s with %(half)s") % {
            "il": names.get(action["il"], action["il"]), "target": names.get(action["target"], action["target"]),
            "half": _il_half(view, action["card"], action["side"])}
    if kind == "discard":
        return _("Discard %s") % names.get(action["card"], action["card"])
    if kind == "add_half":
        return _("Add %s") % _il_half(view, action["card"], action["side"])
    if kind == "cancel":
        return _("Withdraw the declaration")
    if kind == "refill":
        return _("Draw up to the hand limit")
    return _generic(action, view)


PRESENTERS: dict[str, Callable[[dict, dict], str]] = {"iron_leaguer": _iron_leaguer}


def describe_action(game: str, action: dict, view: dict) -> str:
    """A short label for ``action`` (JSON) as seen in ``view`` (the engine's per-seat view)."""
    return PRESENTERS.get(game, _generic)(action, view)


def _plain(value, names: dict[str, str]) -> str:
    """A value of an event's data in words: card and IL ids as their names, lists joined."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_plain(v, names) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_plain(v, names)}" for k, v in value.items()) + "}"
    return str(value)


HIDDEN_KEYS = {"counter"}  # the RNG's draw counter: for auditors (full log), not for people reading the board


def describe_event(event: dict, view: dict) -> str:
    """One log entry as a sentence: kind, rule clause and its inputs with names for ids (withheld data says so)."""
    names = _names(view)
    if event.get("withheld"):
        return _("%(kind)s (hidden until the match ends)") % {"kind": event["kind"]}
    data = event.get("data") or {}
    parts = [f"{key}={_plain(value, names)}" for key, value in data.items() if key not in HIDDEN_KEYS]
    clause = f" [IL {event['clause']}]" if event.get("clause") else ""
    return f"{event['kind']}{clause}: " + ", ".join(parts)

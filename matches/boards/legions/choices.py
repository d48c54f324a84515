"""Legions! actions as picks (``matches.boards.choices``): one function per action type, each giving the
``ChoiceSpec`` of one legal action. An attack is two picks (the unit, then its target, and a lane to move to
first for 移動攻撃); an unlock is the card, then what to do with it, then the lane for a minion."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

from ..choices import ChoiceSpec, Option, Slot
from ..presenter import BoardInput
from . import labels


def card_option(data: BoardInput, ref: str) -> Option:
    """A card or unit id as an option: its name, and its type (or "master")."""
    card = (data.state.get("cards") or {}).get(ref) or {}
    return Option(ref, data.names.get(ref, "?"), labels.card_type(card.get("card_type")) if card else "")


def _lane(code: str) -> Option:
    return Option(code, labels.lane(code))


def _card_change(action: dict, data: BoardInput) -> ChoiceSpec:
    card = card_option(data, action["card"])
    return ChoiceSpec("card_change", _("Card change: exile a card and draw one"), _("Card change: %s") % card.label,
                      (Slot("card", _("Card to exile")),), {"card": card.value}, {"card": [card]})


def _unlock(action: dict, data: BoardInput) -> ChoiceSpec:
    card, how = card_option(data, action["card"]), Option(action["then"], labels.then(action["then"]))
    picks, options = {"card": card.value, "then": how.value}, {"card": [card], "then": [how]}
    label = _("Unlock %(card)s and %(then)s") % {"card": card.label, "then": how.label}
    if action.get("lane"):
        lane = _lane(action["lane"])
        picks["lane"], options["lane"] = lane.value, [lane]
        label = _("Unlock %(card)s and place it in the %(lane)s") % {"card": card.label, "lane": lane.label}
    return ChoiceSpec("unlock", _("Unlock a card from your hand"), label,
                      (Slot("card", _("Card")), Slot("then", _("Then")), Slot("lane", _("Lane"))), picks, options,
                      "primary")


def _deploy(action: dict, data: BoardInput) -> ChoiceSpec:
    card = card_option(data, action["card"])
    picks, options = {"card": card.value}, {"card": [card]}
    label = _("Play %s from standby") % card.label
    if action.get("lane"):
        lane = _lane(action["lane"])
        picks["lane"], options["lane"] = lane.value, [lane]
        label = _("Play %(card)s from standby into the %(lane)s") % {"card": card.label, "lane": lane.label}
    return ChoiceSpec("deploy", _("Play a standby card"), label,
                      (Slot("card", _("Standby card")), Slot("lane", _("Lane"))), picks, options)


def _move(action: dict, data: BoardInput) -> ChoiceSpec:
    card, lane = card_option(data, action["card"]), _lane(action["lane"])
    return ChoiceSpec("move", _("Move a minion (it is fatigued)"),
                      _("Move %(card)s to the %(lane)s") % {"card": card.label, "lane": lane.label},
                      (Slot("card", _("Minion")), Slot("lane", _("Lane"))),
                      {"card": card.value, "lane": lane.value}, {"card": [card], "lane": [lane]})


def _attack(action: dict, data: BoardInput) -> ChoiceSpec:
    unit, target = card_option(data, action["card"]), card_option(data, action["target"])
    picks, options = {"card": unit.value, "target": target.value}, {"card": [unit], "target": [target]}
    label = _("%(unit)s attacks %(target)s") % {"unit": unit.label, "target": target.label}
    if action.get("via"):
        via = _lane(action["via"])
        picks["via"], options["via"] = via.value, [via]
        label = _("%(unit)s moves to the %(lane)s and attacks %(target)s") % {
            "unit": unit.label, "lane": via.label, "target": target.label}
    return ChoiceSpec("attack", _("Attack: pick a unit, then its target"), label,
                      (Slot("card", _("Attacker")), Slot("target", _("Target")),
                       Slot("via", _("Move first to (moving attack)"))), picks, options, "primary")


def _block(action: dict, data: BoardInput) -> ChoiceSpec:
    card = card_option(data, action["card"])
    return ChoiceSpec("block", _("Block with a minion"), _("Block with %s") % card.label,
                      (Slot("card", _("Blocker")),), {"card": card.value}, {"card": [card]}, "primary")


def option_label(data: BoardInput, option: str) -> str:
    """An effect's option (``card``, ``card@lane``, ``standby:i``) in words."""
    if option.startswith("standby:"):
        return _("standby card %(n)s") % {"n": int(option.split(":")[1]) + 1}
    ref, _sep, lane = option.partition("@")
    name = data.names.get(ref, "?")
    return _("%(card)s into the %(lane)s") % {"card": name, "lane": labels.lane(lane)} if lane else name


def _choose(action: dict, data: BoardInput) -> ChoiceSpec:
    option = Option(action["option"], option_label(data, action["option"]))
    return ChoiceSpec("choose", _("Choose a target for the effect"), _("Choose %s") % option.label,
                      (Slot("option", _("Target")),), {"option": option.value}, {"option": [option]}, "primary")


def _keep(action: dict, data: BoardInput) -> ChoiceSpec:
    cards = [card_option(data, c) for c in action["cards"]]
    return ChoiceSpec("keep", _("Standby cards to keep"), _("Keep %s") % _(", ").join(c.label for c in cards),
                      (Slot("cards", _("Cards to keep"), "count", 1),), {"cards": {c.value: 1 for c in cards}},
                      {"cards": cards}, "primary")


def _remove(action: dict, data: BoardInput) -> ChoiceSpec:
    card = card_option(data, action["card"])
    return ChoiceSpec("remove_standby", _("Exile one of your standby cards"), _("Exile %s from standby") % card.label,
                      (Slot("card", _("Standby card")),), {"card": card.value}, {"card": [card]})


def _button(label: str, tone: str = "") -> Callable[[dict, BoardInput], ChoiceSpec]:
    def spec(action: dict, data: BoardInput) -> ChoiceSpec:
        return ChoiceSpec(action["type"], _(label), _(label), tone=tone)
    return spec


SPECS: dict[str, Callable[[dict, BoardInput], ChoiceSpec]] = {
    "card_change": _card_change, "no_card_change": _button(N_("Keep your hand (no card change)")),
    "unlock": _unlock, "deploy": _deploy, "move": _move, "attack": _attack, "remove_standby": _remove,
    "end_turn": _button(N_("End the turn")), "block": _block, "no_block": _button(N_("Do not block")),
    "choose": _choose, "keep": _keep,
}


def choice_spec(action: dict, data: BoardInput) -> ChoiceSpec:
    """The ``ChoiceSpec`` of one Legions action (the engine's JSON); an unknown type is a neutral button."""
    spec = SPECS.get(action.get("type"))
    if spec is None:
        label = _("Another action")
        return ChoiceSpec(str(action.get("type")), label, label)
    return spec(action, data)

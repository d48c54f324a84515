"""Legions! actions as picks (``matches.boards.choices``): one function per action type, each giving the
``ChoiceSpec`` of one legal action. An attack is two picks (the unit, then its target, and a lane to move to
first for 移動攻撃); an unlock is the card, then what to do with it, then the lane for a minion.

Identical copies of a card are one option with their count ("下忍カスミ ×2", ``copies``): every spec is marked
``merge``, so the first legal copy's action stands for the others'. A unit on the field is named with its lane."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

from ..card_text import rules_text
from ..choices import ChoiceSpec, Option, Slot
from ..presenter import BoardInput
from . import labels
from .copies import copies_of


def _name(data: BoardInput, ref: str) -> str:
    return data.names.get(ref, "?")


def card_option(data: BoardInput, ref: str, *, text: str = "", side: bool = False) -> Option:
    """A card or unit id as an option: its name (or ``text``) with "×n" for n identical copies (the option
    stands for them all), and its type (or "master"), with its lane for a unit on the field (``side``: and
    whose field it is)."""
    copies = copies_of(data)
    card = (data.state.get("cards") or {}).get(ref) or {}
    value = copies.value(ref)
    label = text or _name(data, ref)
    if copies.count.get(value, 1) > 1:
        label = f"{label} ×{copies.count[value]}"  # a count, the same in every language
    parts = [labels.card_type(card.get("card_type"))] if card else []
    seat, place = copies.field.get(ref, (None, None))
    if place and place != "master":
        parts += [labels.seat(seat), labels.lane(place)] if side else [labels.lane(place)]
    unit = _unit_at(data, seat, place) if place else None
    stats = labels.unit_stats(unit) if unit else labels.card_stats(card) if card else []
    detail = _(", ").join(parts)
    return Option(value, label, detail, " · ".join(stats), rules_text(data, card.get("name", "")) if card else "")


def _unit_at(data: BoardInput, seat: str | None, place: str) -> dict | None:
    """The unit view standing at ``place`` (a lane, ``lord``) of ``seat``'s field; None for a master."""
    player = (data.state.get("players") or {}).get(seat) or {}
    return player.get("lord") if place == "lord" else (player.get("lanes") or {}).get(place)


def _lane(code: str) -> Option:
    return Option(code, labels.lane(code))


def _card_change(action: dict, data: BoardInput) -> ChoiceSpec:
    card = card_option(data, action["card"])
    return ChoiceSpec("card_change", _("Card change: exile a card and draw one"),
                      _("Card change: %s") % _name(data, action["card"]), (Slot("card", _("Card to exile")),),
                      {"card": card.value}, {"card": [card]}, merge=True)


def _unlock(action: dict, data: BoardInput) -> ChoiceSpec:
    card, how = card_option(data, action["card"]), Option(action["then"], labels.then(action["then"]))
    picks, options = {"card": card.value, "then": how.value}, {"card": [card], "then": [how]}
    name = _name(data, action["card"])
    label = _("Unlock %(card)s and %(then)s") % {"card": name, "then": how.label}
    if action.get("lane"):
        lane = _lane(action["lane"])
        picks["lane"], options["lane"] = lane.value, [lane]
        label = _("Unlock %(card)s and place it in the %(lane)s") % {"card": name, "lane": lane.label}
    return ChoiceSpec("unlock", _("Unlock a card from your hand"), label,
                      (Slot("card", _("Card")), Slot("then", _("Then")), Slot("lane", _("Lane"))), picks, options,
                      "primary", merge=True, confirm=_loses_at_once(action, data, name))


def _loses_at_once(action: dict, data: BoardInput, name: str) -> str:
    """The question to ask before using a card whose own damage to every master takes the user's life to 0
    (デスクラウド at 3 life; Legions: ゲームの勝敗, life 0 loses), or whose draws exceed the user's deck (勝利条件/A8.2:
    drawing from an empty deck loses): read from the card's abilities, the user's life and deck count, all the
    user's own knowledge. "" when the use is safe."""
    if action.get("then") != "use" or data.seat is None:
        return ""
    life = ((data.state.get("players") or {}).get(data.seat) or {}).get("life")
    card = (data.state.get("cards") or {}).get(action["card"]) or {}
    for effect in (card.get("abilities") or {}).get("effects") or ():
        target = effect.get("target") or {}
        hits_own_master = (effect.get("effect") == "damage" and target.get("pick") == "all"
                           and target.get("side") in ("any", "own") and "master" in (target.get("units") or ()))
        amount = effect.get("amount")
        if hits_own_master and isinstance(amount, int) and isinstance(life, int) and amount >= life:
            return _("%(card)s deals %(amount)s damage to your own master too, and your life is %(life)s: you "
                     "lose the game at once. Use it anyway?") % {"card": name, "amount": amount, "life": life}
        drawn = effect.get("n") if effect.get("effect") == "draw" else None
        deck = ((data.state.get("players") or {}).get(data.seat) or {}).get("deck")
        left = len(deck) if isinstance(deck, list) else deck
        if isinstance(drawn, int) and isinstance(left, int) and drawn > left:  # 勝利条件/A8.2: draw from empty
            return _("%(card)s draws %(n)s cards and your deck holds %(left)s: you must draw from an empty deck "
                     "and lose the game. Use it anyway?") % {"card": name, "n": drawn, "left": left}
    return ""


def _deploy(action: dict, data: BoardInput) -> ChoiceSpec:
    card, name = card_option(data, action["card"]), _name(data, action["card"])
    picks, options = {"card": card.value}, {"card": [card]}
    label = _("Play %s from standby") % name
    if action.get("lane"):
        lane = _lane(action["lane"])
        picks["lane"], options["lane"] = lane.value, [lane]
        label = _("Play %(card)s from standby into the %(lane)s") % {"card": name, "lane": lane.label}
    return ChoiceSpec("deploy", _("Play a standby card"), label,
                      (Slot("card", _("Standby card")), Slot("lane", _("Lane"))), picks, options, merge=True)


def _move(action: dict, data: BoardInput) -> ChoiceSpec:
    card, lane = card_option(data, action["card"]), _lane(action["lane"])
    return ChoiceSpec("move", _("Move a minion (it is fatigued)"),
                      _("Move %(card)s to the %(lane)s") % {"card": _name(data, action["card"]), "lane": lane.label},
                      (Slot("card", _("Minion")), Slot("lane", _("Lane"))),
                      {"card": card.value, "lane": lane.value}, {"card": [card], "lane": [lane]}, merge=True)


def _attack(action: dict, data: BoardInput) -> ChoiceSpec:
    unit, target = card_option(data, action["card"]), card_option(data, action["target"])
    picks, options = {"card": unit.value, "target": target.value}, {"card": [unit], "target": [target]}
    names = {"unit": _name(data, action["card"]), "target": _name(data, action["target"])}
    label = _("%(unit)s attacks %(target)s") % names
    if action.get("via"):
        via = _lane(action["via"])
        picks["via"], options["via"] = via.value, [via]
        label = _("%(unit)s moves to the %(lane)s and attacks %(target)s") % {**names, "lane": via.label}
    return ChoiceSpec("attack", _("Attack: pick a unit, then its target"), label,
                      (Slot("card", _("Attacker")), Slot("target", _("Target")),
                       Slot("via", _("Move first to (moving attack)"))), picks, options, "primary", merge=True)


def _block(action: dict, data: BoardInput) -> ChoiceSpec:
    card = card_option(data, action["card"])
    return ChoiceSpec("block", _("Block with a minion"), _("Block with %s") % _name(data, action["card"]),
                      (Slot("card", _("Blocker")),), {"card": card.value}, {"card": [card]}, "primary", merge=True)


def option_label(data: BoardInput, option: str) -> str:
    """An effect's option (``card``, ``card@lane``, ``standby:i``) in words."""
    if option.startswith("standby:"):
        return _("standby card %(n)s") % {"n": int(option.split(":")[1]) + 1}
    ref, _sep, lane = option.partition("@")
    name = data.names.get(ref, "?")
    return _("%(card)s into the %(lane)s") % {"card": name, "lane": labels.lane(lane)} if lane else name


def _choose(action: dict, data: BoardInput) -> ChoiceSpec:
    text = action["option"]
    option = Option(text, option_label(data, text))
    if not text.startswith("standby:"):  # a card: its copies as one option, its place on the field
        card = card_option(data, text.partition("@")[0], text=option.label, side=True)
        option = Option(copies_of(data).option(text), card.label, card.detail, card.stats, card.text)
    if (data.state.get("pending") or {}).get("effect") == "arrange_deck":  # an order, not a target
        return ChoiceSpec("choose", _("Next card from the top of your deck"),
                          _("Put %s next from the top") % option_label(data, text),
                          (Slot("option", _("Card")),), {"option": option.value}, {"option": [option]}, "primary",
                          merge=True)
    return ChoiceSpec("choose", _("Choose a target for the effect"), _("Choose %s") % option_label(data, text),
                      (Slot("option", _("Target")),), {"option": option.value}, {"option": [option]}, "primary",
                      merge=True)


def _keep(action: dict, data: BoardInput) -> ChoiceSpec:
    cards = [card_option(data, c) for c in action["cards"]]
    picks: dict[str, int] = {}
    for card in cards:
        picks[card.value] = picks.get(card.value, 0) + 1
    most = max(copies_of(data).count.values(), default=1)  # two copies of one card may both be kept
    names = _(", ").join(_name(data, c) for c in action["cards"])
    return ChoiceSpec("keep", _("Standby cards to keep"), _("Keep %s") % names,
                      (Slot("cards", _("Cards to keep"), "count", most),), {"cards": picks},
                      {"cards": list({c.value: c for c in cards}.values())}, "primary", merge=True)


def _remove(action: dict, data: BoardInput) -> ChoiceSpec:
    card = card_option(data, action["card"])
    return ChoiceSpec("remove_standby", _("Exile one of your standby cards"),
                      _("Exile %s from standby") % _name(data, action["card"]),
                      (Slot("card", _("Standby card")),), {"card": card.value}, {"card": [card]}, merge=True)


def _activate(action: dict, data: BoardInput) -> ChoiceSpec:
    """M8: a unit's 起動 ability, its costs said (the card's text says what it does)."""
    card = card_option(data, action["card"])
    printed = ((data.state.get("cards") or {}).get(action["card"]) or {}).get("abilities") or {}
    options = [t for t in printed.get("triggers", []) if t.get("when") == "起動"]
    index = action.get("index", 0)
    ability = options[index] if 0 <= index < len(options) else {}
    costs = []
    if ability.get("mp"):
        costs.append(_("%(mp)s MP") % {"mp": ability["mp"]})
    if ability.get("fatigue"):
        costs.append(_("fatigue it"))
    label = (_("Activate %(card)s (%(costs)s)") % {"card": _name(data, action["card"]), "costs": _(", ").join(costs)}
             if costs else _("Activate %(card)s") % {"card": _name(data, action["card"])})
    return ChoiceSpec("activate", _("Activate an ability (起動)"), label, (Slot("card", _("Unit")),),
                      {"card": card.value}, {"card": [card]}, merge=True)


def _pick(action: dict, data: BoardInput) -> ChoiceSpec:
    """ダンタリオンドラフト: a card for the opening hand, or the one kept in the draft phase."""
    card = card_option(data, action["card"])
    opening = (data.state.get("pending") or {}).get("kind") == "opening"
    group = _("A card for your opening hand") if opening else _("The card you keep")
    return ChoiceSpec("pick", group, _("Keep %s") % _name(data, action["card"]), (Slot("card", _("Card")),),
                      {"card": card.value}, {"card": [card]}, "primary", merge=True)


def _choose_master(action: dict, data: BoardInput) -> ChoiceSpec:
    card = card_option(data, action["card"])
    return ChoiceSpec("choose_master", _("Your master"), _("Play %s as your master") % _name(data, action["card"]),
                      (Slot("card", _("Master")),), {"card": card.value}, {"card": [card]}, "primary", merge=True)


def _button(label: str, tone: str = "") -> Callable[[dict, BoardInput], ChoiceSpec]:
    def spec(action: dict, data: BoardInput) -> ChoiceSpec:
        return ChoiceSpec(action["type"], _(label), _(label), tone=tone)
    return spec


SPECS: dict[str, Callable[[dict, BoardInput], ChoiceSpec]] = {
    "card_change": _card_change, "no_card_change": _button(N_("Keep your hand (no card change)")),
    "unlock": _unlock, "deploy": _deploy, "move": _move, "attack": _attack, "remove_standby": _remove,
    "activate": _activate, "pick": _pick, "choose_master": _choose_master,
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

"""Riders' Legend actions as picks (``matches.boards.choices``): one function per action type, each giving the
``ChoiceSpec`` of one legal action. Laying a mission is three picks (the card, the area, a mission or a bluff);
placing a character two (the card, the field and area); a move two (the character, where to); an attack two (the
attacker, or the attackers of one area, then the target); the other decisions one pick or a button."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

from ..card_text import rules_text
from ..choices import ChoiceSpec, Option, Slot
from ..copies import CopyRules, copies_of
from ..presenter import BoardInput
from . import labels
from .view import card_detail, card_name, char_name, characters, mission_text, where


def _piles(state: dict) -> dict[str, tuple]:
    """Card id → (seat, zone) for the cards in a hand or a graveyard that the view lists."""
    piles: dict[str, tuple] = {}
    for seat, player in (state.get("players") or {}).items():
        for zone in ("hand", "graveyard"):
            cards = player.get(zone)  # the other seat's hand is a count
            for ref in cards if isinstance(cards, list) else ():
                if isinstance(ref, str):
                    piles.setdefault(ref, (seat, zone))
    return piles


def _units(state: dict) -> dict[str, tuple[str, str]]:
    """Every card of a character on the field (its id, its top card) → (seat, field)."""
    units: dict[str, tuple[str, str]] = {}
    for ref, (seat, fld, _area, char) in characters(state).items():
        units[ref] = units[char.get("top") or ref] = (seat, fld)
    return units


# Two copies of a card in hand are one option "name ×2" (``matches.boards.copies``): the card-naming field of an
# action is ``card`` (a character on the field is never merged: its place and numbers make it itself).
COPIES = CopyRules(card_fields=("card",), piles=_piles, units=_units, memo="_riders_copies")


def card_option(data: BoardInput, ref: str) -> Option:
    """A card of the reader's hand (or a graveyard) as an option: its name with "×n" for n identical copies
    (the option stands for them all), its type and numbers, its printed text."""
    copies = copies_of(data, COPIES)
    value = copies.value(ref)
    label = card_name(data.names, ref)
    if copies.count.get(value, 1) > 1:
        label = f"{label} ×{copies.count[value]}"  # a count, the same in every language
    return Option(value, label, card_detail(data.state, ref), text=rules_text(data, data.names.get(ref, "")))


def char_option(data: BoardInput, ref: str, index: dict | None = None) -> Option:
    """A character on the field as an option: its top card's name, where it stands and its numbers now."""
    index = index if index is not None else characters(data.state)
    found = index.get(ref)
    if found is None:
        return Option(ref, card_name(data.names, ref))
    char = found[3]
    detail = _("%(where)s · ATK %(atk)s / DEF %(def)s / OP %(op)s") % {
        "where": where(found), "atk": char["attack"], "def": char["defence"], "op": char["operation"]}
    if found[0] != data.seat:
        detail = f"{labels.seat(found[0])} · {detail}"
    return Option(ref, char_name(data.state, data.names, ref, index), detail)


def place_option(fld: str, area: int) -> Option:
    return Option(f"{fld}:{area}", labels.position(fld, area))


def _mission(action: dict, data: BoardInput) -> ChoiceSpec:
    card = card_option(data, action["card"])
    name = card_name(data.names, action["card"])
    area = Option(str(action["area"]), labels.area(action["area"]))
    how = Option(str(action.get("bluff", 0)), _("face down as a bluff") if action.get("bluff") else _("as a mission"))
    label = (_("Lay %(card)s face down in %(area)s as a bluff") if action.get("bluff")
             else _("Lay %(card)s as a mission in %(area)s")) % {"card": name, "area": area.label}
    return ChoiceSpec("place_mission", _("Lay a mission (a card, an area, a mission or a bluff)"), label,
                      (Slot("card", _("Card")), Slot("area", _("Area")), Slot("bluff", _("As"))),
                      {"card": card.value, "area": area.value, "bluff": how.value},
                      {"card": [card], "area": [area], "bluff": [how]}, "primary", merge=True)


def _character(action: dict, data: BoardInput) -> ChoiceSpec:
    card, place = card_option(data, action["card"]), place_option(action["field"], action.get("area", 0))
    name = card_name(data.names, action["card"])
    return ChoiceSpec("place_character", _("Place a character (a card, then where)"),
                      _("Place %(card)s in %(place)s") % {"card": name, "place": place.label},
                      (Slot("card", _("Character")), Slot("place", _("Where"))),
                      {"card": card.value, "place": place.value}, {"card": [card], "place": [place]}, "primary",
                      merge=True)


def _transform(action: dict, data: BoardInput) -> ChoiceSpec:
    card, onto = card_option(data, action["card"]), char_option(data, action["character"])
    name = card_name(data.names, action["card"])
    return ChoiceSpec("transform", _("Transform a character (上位変身: a card of your hand on top of it)"),
                      _("%(character)s transforms into %(card)s") % {"character": onto.label, "card": name},
                      (Slot("card", _("Card from your hand")), Slot("character", _("Character"))),
                      {"card": card.value, "character": onto.value}, {"card": [card], "character": [onto]},
                      merge=True)


def _untransform(action: dict, data: BoardInput) -> ChoiceSpec:
    index = characters(data.state)
    char = char_option(data, action["character"], index)
    return ChoiceSpec("untransform", _("Un-transform a character (下位変身: its top card back to your hand)"),
                      _("%(character)s un-transforms (its top card goes back to your hand)") % {
                          "character": char.label},
                      (Slot("character", _("Character")),), {"character": char.value}, {"character": [char]})


def _move(action: dict, data: BoardInput) -> ChoiceSpec:
    char, place = char_option(data, action["character"]), place_option(action["field"], action.get("area", 0))
    return ChoiceSpec("move", _("Move a character one step (a character, then where)"),
                      _("Move %(character)s to %(place)s") % {"character": char.label, "place": place.label},
                      (Slot("character", _("Character")), Slot("place", _("Where"))),
                      {"character": char.value, "place": place.value}, {"character": [char], "place": [place]},
                      "primary")


def target_option(data: BoardInput, target: str, index: dict) -> Option:
    """An attack's target: ``"mission:i"`` (the opponent's face-up mission of area i) or a character id."""
    if target.startswith("mission:"):
        area = int(target.split(":")[1])
        foe = "p2" if data.seat == "p1" else "p1"
        return Option(target, mission_text(data.state, data.names, foe, area))
    return char_option(data, target, index)


def _attack(action: dict, data: BoardInput) -> ChoiceSpec:
    index = characters(data.state)
    attackers = [char_option(data, c, index) for c in action["attackers"]]
    target = target_option(data, action["target"], index)
    values = {"attackers": _(", ").join(a.label for a in attackers), "target": target.label}
    if len(attackers) == 1:
        return ChoiceSpec("attack", _("Attack (an attacker, then its target)"),
                          _("%(attackers)s attacks %(target)s") % values,
                          (Slot("attacker", _("Attacking character")), Slot("target", _("Target"))),
                          {"attacker": attackers[0].value, "target": target.value},
                          {"attacker": attackers, "target": [target]}, "primary")
    return ChoiceSpec("group_attack", _("Attack together (the attackers of one battle area, then the target)"),
                      _("%(attackers)s attack %(target)s together") % values,
                      (Slot("attackers", _("Attacking characters"), "count", 1), Slot("target", _("Target"))),
                      {"attackers": {a.value: 1 for a in attackers}, "target": target.value},
                      {"attackers": attackers, "target": [target]})


def _execute(action: dict, data: BoardInput) -> ChoiceSpec:
    index = characters(data.state)
    char = char_option(data, action["character"], index)
    found = index.get(action["character"])
    mission = mission_text(data.state, data.names, data.seat or "p1", found[2]) if found else _("?")
    return ChoiceSpec("execute", _("Carry out a mission (a character of its operation field)"),
                      _("%(character)s carries out %(mission)s") % {"character": char.label, "mission": mission},
                      (Slot("character", _("Character")),), {"character": char.value}, {"character": [char]},
                      "primary")


def _investigate(action: dict, data: BoardInput) -> ChoiceSpec:
    index = characters(data.state)
    char = char_option(data, action["character"], index)
    found = index.get(action["character"])
    foe = "p2" if data.seat == "p1" else "p1"
    mission = mission_text(data.state, data.names, foe, found[2]) if found else _("?")
    return ChoiceSpec("investigate", _("Investigate a face-down mission (捜査)"),
                      _("%(character)s investigates %(mission)s") % {"character": char.label, "mission": mission},
                      (Slot("character", _("Investigator")),), {"character": char.value}, {"character": [char]})


def _play(action: dict, data: BoardInput) -> ChoiceSpec:
    card = card_option(data, action["card"])
    name = card_name(data.names, action["card"])
    return ChoiceSpec("play_action", _("Play an action card"), _("Play %(card)s") % {"card": name},
                      (Slot("card", _("Action card")),), {"card": card.value}, {"card": [card]}, merge=True,
                      confirm=_empties_own_deck(action, data, name))


def _empties_own_deck(action: dict, data: BoardInput, name: str) -> str:
    """The question to ask before playing an action card whose own draws or deck damage to its user take at
    least as many cards as the user's deck holds: the deck emptied loses at that instant (勝利条件/B4.8). Read
    from the card's effects and the user's deck count, both the user's own knowledge. "" when it is safe."""
    if data.seat is None:
        return ""
    deck = ((data.state.get("players") or {}).get(data.seat) or {}).get("deck")
    left = len(deck) if isinstance(deck, list) else deck
    card = (data.state.get("cards") or {}).get(action["card"]) or {}
    taken = 0
    for effect in (card.get("abilities") or {}).get("effects") or ():
        own = effect.get("effect") == "draw" or (effect.get("effect") == "deck_damage"
                                                  and effect.get("side") != "opponent")
        taken += effect["n"] if own and isinstance(effect.get("n"), int) else 0
    if not isinstance(left, int) or not taken or taken < left:
        return ""
    return ngettext("%(card)s takes %(n)s card from your deck, which holds %(left)s: your deck runs out and you "
                    "lose the game at once. Play it anyway?",
                    "%(card)s takes %(n)s cards from your deck, which holds %(left)s: your deck runs out and you "
                    "lose the game at once. Play it anyway?", taken) % {"card": name, "n": taken, "left": left}


def _discard(action: dict, data: BoardInput) -> ChoiceSpec:
    card = card_option(data, action["card"])
    name = card_name(data.names, action["card"])
    return ChoiceSpec("discard", _("Discard a card to the graveyard"), _("Discard %(card)s") % {"card": name},
                      (Slot("card", _("Card")),), {"card": card.value}, {"card": [card]}, "primary", merge=True)


def _block(action: dict, data: BoardInput) -> ChoiceSpec:
    card = char_option(data, action["card"])
    return ChoiceSpec("block", _("Block with a character"), _("Block with %(character)s") % {"character": card.label},
                      (Slot("card", _("Blocking character")),), {"card": card.value}, {"card": [card]}, "primary")


def _strike_back(action: dict, data: BoardInput) -> ChoiceSpec:
    card = char_option(data, action["card"])
    return ChoiceSpec("strike_back", _("Strike back at one attacker"),
                      _("Strike back at %(character)s") % {"character": card.label},
                      (Slot("card", _("Attacking character")),), {"card": card.value}, {"card": [card]}, "primary")


def option_label(data: BoardInput, option: str, index: dict | None = None) -> str:
    """An effect's option in words: a character or card id, ``"p2:mission:3"``, ``"area:2"``,
    ``"id@battle:3"`` (a character to a place), ``"card>character"`` (a transformation), ``"done"``."""
    index = index if index is not None else characters(data.state)
    if option == "done":
        return _("No more (done)")
    if option.startswith("area:"):
        return labels.area(int(option.split(":")[1]))
    if ":mission:" in option:
        seat, _m, area = option.split(":")
        return mission_text(data.state, data.names, seat, int(area))
    if "@" in option:
        ref, _at, place = option.partition("@")
        fld, _c, area = place.partition(":")
        return _("%(character)s to %(place)s") % {"character": char_name(data.state, data.names, ref, index),
                                                  "place": labels.position(fld, int(area or 0))}
    if ">" in option:
        card, _gt, char = option.partition(">")
        return _("%(character)s transforms into %(card)s") % {
            "character": char_name(data.state, data.names, char, index), "card": card_name(data.names, card)}
    if option in index:
        return char_name(data.state, data.names, option, index)
    return card_name(data.names, option)


def effect_option(data: BoardInput, value: str) -> Option:
    """An effect's option: its words (``option_label``) and, for a character on the field, where it stands and its
    ATK/DEF/OP now; for a card, its type and printed numbers and text (issue 27, point 2)."""
    index = characters(data.state)
    label = option_label(data, value, index)
    if value in index:
        return Option(value, label, char_option(data, value, index).detail)
    if value in (data.state.get("cards") or {}):
        return Option(value, label, card_detail(data.state, value), text=rules_text(data, data.names.get(value, "")))
    return Option(value, label)


def _choose(action: dict, data: BoardInput) -> ChoiceSpec:
    pending = data.state.get("pending") or {}
    option = effect_option(data, action["option"])
    group = _("Choose for the effect: %(effect)s") % {"effect": labels.effect(pending.get("effect"))}
    return ChoiceSpec("choose", group,
                      _("Choose %(option)s") % {"option": option.label},
                      (Slot("option", _("Choice")),), {"option": option.value}, {"option": [option]}, "primary")


def claim(pending: dict) -> str:
    """A pending declaration's claim in the reader's language."""
    japanese = (get_language() or "").startswith("ja")
    return (pending.get("claim_ja") if japanese else pending.get("claim_en")) or pending.get("claim_ja") or _("?")


def _declaration(label: str, tone: str = "") -> Callable[[dict, BoardInput], ChoiceSpec]:
    def spec(action: dict, data: BoardInput) -> ChoiceSpec:
        text = _(label) % {"claim": claim(data.state.get("pending") or {})}
        return ChoiceSpec(action["type"], text, text, tone=tone)
    return spec


def _end_phase(action: dict, data: BoardInput) -> ChoiceSpec:
    step = (data.state.get("step") or "").split(".")[0]
    label = {"placement": _("End the placement phase"), "movement": _("End the movement phase"),
             "action": _("End the action phase (and the turn)")}.get(step, _("End the phase"))
    return ChoiceSpec("end_phase", label, label)


def _button(label: str, tone: str = "") -> Callable[[dict, BoardInput], ChoiceSpec]:
    def spec(action: dict, data: BoardInput) -> ChoiceSpec:
        return ChoiceSpec(action["type"], _(label), _(label), tone=tone)
    return spec


SPECS: dict[str, Callable[[dict, BoardInput], ChoiceSpec]] = {
    "keep_hand": _button(N_("Keep this hand"), "primary"),
    "mulligan": _button(N_("Mulligan: show the hand, shuffle it back and draw 7")),
    "place_mission": _mission, "end_opening": _button(N_("Lay no second opening mission")),
    "place_character": _character, "transform": _transform, "untransform": _untransform, "move": _move,
    "attack": _attack, "execute": _execute, "investigate": _investigate, "play_action": _play,
    "end_phase": _end_phase, "discard": _discard, "block": _block, "no_block": _button(N_("Do not block")),
    "strike_back": _strike_back, "choose": _choose,
    "return_instead": _button(N_("Return its top card to your hand instead"), "primary"),
    "accept_destruction": _button(N_("Let it be destroyed")),
    "declare": _declaration(N_("Declare: “%(claim)s”"), "primary"),
    "decline_declaration": _declaration(N_("Do not declare “%(claim)s”")),
    "accept_declaration": _declaration(N_("Accept the declaration “%(claim)s”"), "primary"),
    "dispute_declaration": _declaration(N_("Dispute the declaration “%(claim)s”")),
}


def choice_spec(action: dict, data: BoardInput) -> ChoiceSpec:
    """The ``ChoiceSpec`` of one Riders' Legend action (the engine's JSON); an unknown type is a neutral button."""
    spec = SPECS.get(action.get("type"))
    if spec is None:
        label = _("Another action")
        return ChoiceSpec(str(action.get("type")), label, label)
    return spec(action, data)

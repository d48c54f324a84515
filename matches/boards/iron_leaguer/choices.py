"""Iron Leaguer actions as picks (``matches.boards.choices``): one function per action type, each returning the
``ChoiceSpec`` of one legal action — its group, the slots the player picks (the IL, the target, the card half),
its picks and its sentence. Rough play, for instance, is three picks instead of a button per combination."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from ..choices import ChoiceSpec, Option, Slot
from ..copies import CopyRules, copies_of
from ..presenter import BoardInput
from . import labels


def _hands(state: dict) -> dict[str, tuple]:
    """Technique card id → (seat, "hand") for the cards of the hands the view lists."""
    return {ref: (seat, "hand") for seat, hand in (state.get("hands") or {}).items()
            for ref in (hand if isinstance(hand, list) else ())}


# Two copies of a technique card in hand are one option "name ×2" (``matches.boards.copies``): the fields of an
# action that name technique cards are ``card`` and ``halves`` ([card, side] pairs). ILs are never merged.
COPIES = CopyRules(card_fields=("card", "halves"), piles=_hands, units=lambda state: {}, memo="_il_copies")


def _counted(data: BoardInput, card: str, label: str) -> tuple[str, str]:
    """The option value standing for ``card`` and its copies, and ``label`` with "×n" for n copies."""
    copies = copies_of(data, COPIES)
    value = copies.value(card)
    count = copies.count.get(value, 1)
    return value, f"{label} ×{count}" if count > 1 else label  # a count, the same in every language


def _half(data: BoardInput, card: str, side: str, mode: str = "") -> Option:
    """A technique half as an option: its name (×n for identical copies in hand), the card and side it is printed
    on, its numbers (the AP or DP it would give, what an IL needs to use it) and its text."""
    half = (((data.state.get("cards") or {}).get(card) or {}).get("attributes") or {}).get(side) or {}
    value, label = _counted(data, card, data.names.get(f"{card}:{side}", "?"))
    return Option(f"{value}:{side}", label, f"{data.names.get(card, '?')} · {labels.SIDES.get(side, '')}",
                  half_stats(half, mode), str(half.get("text") or ""))


DICE = (2, 12)  # the least and most two dice total (IL 6.2: AP = attack value − two dice − penalty modifier)


def half_stats(half: dict, mode: str = "") -> str:
    """A technique half's numbers in one line: the AP (``mode`` "attack") or DP ("defence") range it gives
    before penalties (IL 6.2/7.2: the value minus two dice, 2–12), or its values when ``mode`` is "" (a half
    added to a declaration); then what its users need (IL 5.4: heart/skill/body, kind, persons)."""
    parts = []
    for key, points in (("attack", _("AP")), ("defence", _("DP"))):
        value = half.get(key)
        if not isinstance(value, int) or (mode and mode != key):
            continue
        if mode:
            parts.append(_("%(points)s %(low)s to %(high)s") % {"points": points, "low": value - DICE[1],
                                                               "high": value - DICE[0]})
        else:
            parts.append(_("%(points)s +%(value)s") % {"points": points, "value": value})
    needs = [half.get("heart", 0), half.get("skill", 0), half.get("body", 0)]
    if any(needs):
        parts.append(_("needs heart %(h)s / skill %(s)s / body %(b)s") % dict(zip("hsb", needs, strict=True)))
    if half.get("kind") not in (None, "any", "named"):
        parts.append(labels.technique_kind(half["kind"]))
    if half.get("persons"):
        parts.append(_("%(n)s ILs") % {"n": half["persons"]} if half["persons"] > 1 else _("1 IL"))
    return " · ".join(parts)


def _il(data: BoardInput, il: str) -> Option:
    """An IL as an option: its name and its numbers now (heart, skill, body; its penalty when it has one)."""
    state = (data.state.get("ils") or {}).get(il) or {}
    printed = (((data.state.get("cards") or {}).get(il) or {}).get("attributes") or {})
    parts = [_("heart %(n)s") % {"n": state.get("heart", printed.get("heart", "?"))},
             _("skill %(n)s") % {"n": printed.get("skill", "?")}, _("body %(n)s") % {"n": printed.get("body", "?")}]
    if state.get("penalty"):
        parts.append(_("penalty %(n)s") % {"n": state["penalty"]})
    return Option(il, data.names.get(il, "?"), stats=" · ".join(parts))


def _joined(options: list[Option]) -> str:
    return _(", ").join(o.label for o in options)


def _declare(action: dict, data: BoardInput) -> ChoiceSpec:
    half = _half(data, *action["halves"][0], mode=action.get("mode", ""))
    attack = action.get("mode") == "attack"
    return ChoiceSpec(f"declare-{action['mode']}",
                      _("Attack: pick a technique half") if attack else _("Defend: pick a technique half"),
                      (_("Attack with %s") if attack else _("Defend with %s")) % _half_name(data, action["halves"][0]),
                      (Slot("half", _("Technique half")),), {"half": half.value}, {"half": [half]}, "primary",
                      merge=True)


def _half_name(data: BoardInput, half: list) -> str:
    return data.names.get(f"{half[0]}:{half[1]}", "?")


def _add_half(action: dict, data: BoardInput) -> ChoiceSpec:
    half = _half(data, action["card"], action["side"])
    return ChoiceSpec("add_half", _("Add a half to the declaration"),
                      _("Add %s") % _half_name(data, [action["card"], action["side"]]),
                      (Slot("half", _("Technique half")),), {"half": half.value}, {"half": [half]}, merge=True)


def _ils_spec(group: str, title: str, label: str, slot: str, ils: list[str], data: BoardInput,
              tone: str = "") -> ChoiceSpec:
    """A set of ILs picked one by one (a count slot, each IL at most once)."""
    options = [_il(data, il) for il in ils]
    return ChoiceSpec(group, title, label % _joined(options), (Slot("ils", slot, "count", 1),),
                      {"ils": {o.value: 1 for o in options}}, {"ils": options}, tone)


def _assign(action: dict, data: BoardInput) -> ChoiceSpec:
    return _ils_spec("assign", _("Use the declared technique: pick the ILs"), _("Use it with %s"), _("ILs"),
                     action["ils"], data, "primary")


def _rescuers(action: dict, data: BoardInput) -> ChoiceSpec:
    return _ils_spec("rescuers", _("Rescuers: pick three ILs, at least one of Dark Sports"), _("Rescuers: %s"),
                     _("ILs"), action["ils"], data, "primary")


def _rough(action: dict, data: BoardInput) -> ChoiceSpec:
    il, target, half = _il(data, action["il"]), _il(data, action["target"]), _half(data, action["card"],
                                                                                   action["side"])
    return ChoiceSpec("rough", _("Rough play: pick your IL, the target, then the card half"),
                      _("Rough play: %(il)s on %(target)s with %(half)s") % {
                          "il": il.label, "target": target.label,
                          "half": _half_name(data, [action["card"], action["side"]])},
                      (Slot("il", _("Your IL")), Slot("target", _("Target")), Slot("half", _("Card half"))),
                      {"il": il.value, "target": target.value, "half": half.value},
                      {"il": [il], "target": [target], "half": [half]}, "danger", merge=True)


def _pass(action: dict, data: BoardInput) -> ChoiceSpec:
    option = action.get("option")
    if option == "ready":
        return _ils_spec("pass-ready", _("Pass and ready ILs: pick one to three"), _("Pass and ready %s"),
                         _("ILs to ready"), list(action.get("ils") or []), data)
    label = str(labels.PASSES.get(option, _("Pass")))
    return ChoiceSpec(f"pass-{option}", label, label)


def _discard(action: dict, data: BoardInput) -> ChoiceSpec:
    name = data.names.get(action["card"], "?")
    card = Option(*_counted(data, action["card"], name))
    return ChoiceSpec("discard", _("Discard a card"), _("Discard %s") % name, (Slot("card", _("Card")),),
                      {"card": card.value}, {"card": [card]}, merge=True)


def _growth(action: dict, data: BoardInput) -> ChoiceSpec:
    parts = _(" + ").join(str(p) for p in action["parts"])
    il = data.names.get(action["il"], "?")
    option = Option(parts, parts)
    return ChoiceSpec("growth", _("Growth checks of %(il)s: pick the split") % {"il": il},
                      _("Growth checks of %(il)s: %(parts)s") % {"il": il, "parts": parts},
                      (Slot("parts", _("Values")),), {"parts": parts}, {"parts": [option]}, "primary")


def _pair(action: dict, data: BoardInput) -> ChoiceSpec:
    """Rescue (IL 13.4) and persuasion (IL 20): who, then whom."""
    kind = action["type"]
    first = "rescuer" if kind == "rescue" else "persuader"
    one, two = _il(data, action[first]), _il(data, action["target"])
    if kind == "rescue":
        group, label = _("Rescue: pick the rescuer, then the retired IL"), _("%(a)s tries to rescue %(b)s")
    else:
        group, label = _("Persuade: pick the persuader, then the target"), _("%(a)s persuades %(b)s")
    return ChoiceSpec(kind, group, label % {"a": one.label, "b": two.label},
                      (Slot(first, _("Who")), Slot("target", _("Target"))),
                      {first: one.value, "target": two.value}, {first: [one], "target": [two]}, "primary")


def _one_il(action: dict, data: BoardInput) -> ChoiceSpec:
    """Release (15.4/19.6), recruit (21.8), scout (19): one IL."""
    kind = action["type"]
    key = "target" if kind == "scout" else "il"
    il = _il(data, action[key])
    group, label = {"release": (_("Release a member"), _("Release %s")),
                    "recruit": (_("Recruit a stray Dark leaguer"), _("Recruit %s")),
                    "scout": (_("Scout a stray leaguer"), _("Scout %s"))}[kind]
    return ChoiceSpec(kind, group, label % il.label, (Slot(key, _("IL")),), {key: il.value}, {key: [il]})


def _training(action: dict, data: BoardInput) -> ChoiceSpec:
    alloc = {il: points for il, points in action["alloc"]}
    text = _(", ").join(f"{data.names.get(il, '?')} +{points}" for il, points in alloc.items())
    return ChoiceSpec("training", _("Training: give 3 growth points (click an IL once per point)"),
                      _("Training: %s") % text, (Slot("alloc", _("ILs"), "count", 3),), {"alloc": alloc},
                      {"alloc": [_il(data, il) for il in alloc]})


def _instruction(action: dict, data: BoardInput) -> ChoiceSpec:
    label = str(labels.INSTRUCTION_CHOICES.get(action.get("instruction"), _("Another action")))
    return ChoiceSpec(f"instruction-{action.get('instruction')}", label, label, tone="primary")


SIMPLE = {"cancel": _lazy("Withdraw the declaration"), "refill": _lazy("Draw up to the hand limit"),
          "practice": _lazy("Practice: draw one technique card"), "end_rescue": _lazy("Stop rescuing")}
SPECS: dict[str, Callable[[dict, BoardInput], ChoiceSpec]] = {
    "declare": _declare, "add_half": _add_half, "assign": _assign, "choose_rescuers": _rescuers,
    "rough": _rough, "pass": _pass, "discard": _discard, "growth_split": _growth, "rescue": _pair,
    "persuade": _pair, "release": _one_il, "recruit": _one_il, "scout": _one_il, "training": _training,
    "choose_instruction": _instruction,
}


def choice_spec(action: dict, data: BoardInput) -> ChoiceSpec:
    """The ``ChoiceSpec`` of one Iron Leaguer action (JSON as the engine encodes it); a type without a
    function is a button of its own."""
    kind = str(action.get("type"))
    if kind in SPECS:
        return SPECS[kind](action, data)
    label = str(SIMPLE.get(kind, _("Another action")))
    return ChoiceSpec(kind, label, label)

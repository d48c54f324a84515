"""Iron Leaguer log events as sentences with their numbers (IL clause numbers stay on the line's ``clause``).

``narrate(event, names)``: ``event`` as the log gives it (``{"kind", "clause", "data", "to", "withheld"?}``),
``names`` maps card and IL ids to their names. Returns one sentence in the active language. Every kind the engine
emits has a sentence (``SENTENCES``); an unknown kind gets a neutral sentence, never its code.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.utils.translation import ngettext

from . import labels


def _list(items) -> str:
    return _(", ").join(str(i) for i in items)


def _dice(dice) -> str:
    return "+".join(str(d) for d in dice or [])


def _names(names: dict, ids) -> str:
    """The named cards or ILs; ones no longer on the board (left the game at scenes 6 and 12) are counted, never
    shown as "?"."""
    ids = list(ids or [])
    known = [names[i] for i in ids if i in names]
    unknown = len(ids) - len(known)
    if unknown:
        known.append(ngettext("%(n)s card", "%(n)s cards", unknown) % {"n": unknown})
    return _list(known)


def _seat(data: dict, key: str = "seat") -> str:
    return labels.seat(data.get(key))


def _use(data: dict, names: dict, mode: str) -> str:
    """IL 6.2–6.4 / 7.2–7.4: the attack or defence value, the dice, the penalty modifier and the AP/DP."""
    values = {"seat": _seat(data), "techniques": _list(data.get("techniques") or []),
              "ils": _names(names, data.get("ils")), "value": data.get(f"{mode}_value"),
              "dice": _dice(data.get("dice")), "sum": sum(data.get("dice") or []),
              "modifier": data.get("modifier", 0)}
    if mode == "attack":
        text = _("%(seat)s attacks with %(techniques)s (%(ils)s): attack value %(value)s − dice %(dice)s "
                 "(%(sum)s) − penalty %(modifier)s = AP %(points)s.") % {**values, "points": data.get("ap")}
    else:
        text = _("%(seat)s defends with %(techniques)s (%(ils)s): defence value %(value)s − dice %(dice)s "
                 "(%(sum)s) − penalty %(modifier)s = DP %(points)s.") % {**values, "points": data.get("dp")}
    if data.get("failed"):
        text += " " + _("Below 0: it fails.")
    return text


def _pass(data: dict, names: dict) -> str:
    option, who = data.get("option"), _seat(data)
    if option == "ready":
        return _("%(seat)s passes and readies %(ils)s.") % {"seat": who, "ils": _names(names, data.get("ils"))}
    if option == "draw":
        return _("%(seat)s passes and draws up to the hand limit.") % {"seat": who}
    if option == "refresh":
        return _("%(seat)s passes to discard and draw again.") % {"seat": who}
    return _("%(seat)s passes.") % {"seat": who}


def _score(data: dict, names: dict) -> str:
    score = data.get("score") or {}
    values = {"seat": _seat(data), "ap": data.get("ap"), "dp": data.get("dp"),
              "silver": score.get("silver", 0), "dark": score.get("dark", 0), "target": data.get("points_to_win")}
    if data.get("dp") is None:
        text = _("%(seat)s scores with AP %(ap)s against no defence.") % values
    elif data["dp"] < 0:
        text = _("%(seat)s scores: AP %(ap)s, the defence failed (DP %(dp)s).") % values
    else:
        text = _("%(seat)s scores: AP %(ap)s beats DP %(dp)s.") % values
    from matches.boards import sentences

    return sentences(text, _("Score: Silver %(silver)s – Dark %(dark)s (%(target)s to win).") % values)


def _rough(data: dict, names: dict) -> str:
    values = {"il": data.get("name"), "target": data.get("target_name"), "technique": data.get("technique"),
              "rough": data.get("rough_value"), "body": data.get("target_body"), "own": data.get("own_penalty"),
              "value": data.get("success_value"), "dice": _dice(data.get("dice")), "sum": sum(data.get("dice") or []),
              "before": data.get("penalty_before"), "after": data.get("penalty_after")}
    text = _("%(il)s rough-plays %(target)s with %(technique)s: rough value %(rough)s − body %(body)s − own "
             "penalty %(own)s = %(value)s; dice %(dice)s (%(sum)s).") % values
    if data.get("success"):
        text += " " + _("It works: penalty %(before)s → %(after)s.") % values
        if data.get("target_incapacitated"):
            text += " " + _("%(target)s is incapacitated.") % values
    else:
        text += " " + _("It misses.")
    return text


def _growth(data: dict, names: dict) -> str:
    values = {"il": data.get("name"), "value": data.get("value"), "dice": _dice(data.get("dice")),
              "sum": sum(data.get("dice") or []), "before": data.get("heart_before"), "after": data.get("heart_after")}
    if data.get("success"):
        return _("Growth check of %(il)s: dice %(dice)s (%(sum)s) against %(value)s — heart %(before)s → "
                 "%(after)s.") % values
    return _("Growth check of %(il)s: dice %(dice)s (%(sum)s) against %(value)s — no growth.") % values


def _check(data: dict, ok: str, ko: str, **extra) -> str:
    """A die check: the sentence ``ok`` or ``ko`` with the event's data, dice and ``extra``."""
    values = {**data, "dice": _dice(data.get("dice")), "sum": sum(data.get("dice") or []), **extra}
    return (ok if data.get("success") else ko) % values


def _rescue(data: dict, names: dict) -> str:
    return _check(data, _("%(rescuer)s rescues %(target)s: dice %(dice)s (%(sum)s), heart %(heart)s."),
                  _("%(rescuer)s fails to rescue %(target)s: dice %(dice)s (%(sum)s), heart %(heart)s."),
                  rescuer=names.get(data.get("rescuer"), "?"), target=names.get(data.get("target"), "?"))


def _scout(data: dict, names: dict) -> str:
    return _check(data, _("%(seat)s scouts %(name)s: die %(die)s, %(needed)s or less needed — it joins."),
                  _("%(seat)s tries to scout %(name)s: die %(die)s, %(needed)s or less needed — it stays away."),
                  seat=_seat(data))


def _departure(data: dict, names: dict) -> str:
    values = {"name": data.get("name"), "dice": _dice(data.get("dice")), "sum": sum(data.get("dice") or []),
              "value": data.get("value")}
    if data.get("leaves"):
        return _("Departure check of %(name)s: dice %(dice)s (%(sum)s) against %(value)s — it leaves.") % values
    return _("Departure check of %(name)s: dice %(dice)s (%(sum)s) against %(value)s — it stays.") % values


def _retirement(data: dict, names: dict) -> str:
    values = {"check": data.get("check"), "d66": data.get("d66"), "slot": data.get("slot"),
              "name": names.get(data.get("il"), "?")}
    if data.get("slot") is None:  # IL 12.3.2: a D66 no slot answers to
        return _("Retirement check %(check)s: D66 %(d66)s names no slot — nobody retires.") % values
    if data.get("retires"):
        return _("Retirement check %(check)s: D66 %(d66)s, slot %(slot)s — %(name)s retires.") % values
    return _("Retirement check %(check)s: D66 %(d66)s, slot %(slot)s — nobody retires.") % values


def _match_end(data: dict, names: dict) -> str:
    score = data.get("score") or {}
    return _("Scene %(scene)s ends: %(winner)s wins, Silver %(silver)s – Dark %(dark)s.") % {
        "scene": data.get("scene"), "winner": _seat(data, "winner"), "silver": score.get("silver", 0),
        "dark": score.get("dark", 0)}


def _newcomer(data: dict, names: dict) -> str:
    joins = data.get("joins")
    if joins in labels.SEATS:
        return _("%(name)s joins %(seat)s as a newcomer.") % {"name": data.get("name"), "seat": labels.seat(joins)}
    return _("%(name)s arrives as a stray leaguer.") % {"name": data.get("name")}


def _declared(data: dict, names: dict) -> str:
    named = [names.get(f"{c}:{s}", _("a technique")) for c, s in data.get("halves") or []]
    halves = _list(named)
    if len(named) > 1:  # a half added to the stack being built: said as the one added, then the whole stack
        if data.get("mode") == "attack":
            return _("%(seat)s adds %(half)s to the attack: %(halves)s.") % {
                "seat": _seat(data), "half": named[-1], "halves": halves}
        return _("%(seat)s adds %(half)s to the defence: %(halves)s.") % {
            "seat": _seat(data), "half": named[-1], "halves": halves}
    if data.get("mode") == "attack":
        return _("%(seat)s declares an attack: %(halves)s.") % {"seat": _seat(data), "halves": halves}
    return _("%(seat)s declares a defence: %(halves)s.") % {"seat": _seat(data), "halves": halves}


def _drawn(data: dict, names: dict) -> str:
    return _("%(seat)s draws %(cards)s.") % {"seat": _seat(data), "cards": _names(names, data.get("cards"))}


def _draw(data: dict, names: dict) -> str:
    return ngettext("%(seat)s draws %(count)s card.", "%(seat)s draws %(count)s cards.", data.get("count") or 0) % {
        "seat": _seat(data), "count": data.get("count", 0)}


SENTENCES: dict[str, Callable[[dict, dict], str]] = {
    "setup": lambda d, n: _("The game is set up; the dice are committed before the first roll (see Fair dice)."),
    "shuffle": lambda d, n: _("The %(zone)s is shuffled (%(count)s cards).") % {
        "zone": labels.zone(str(d.get("zone", ""))), "count": d.get("count")},
    "draw": _draw,
    "drawn": _drawn,
    "match_start": lambda d, n: _("Scene %(scene)s begins: %(seat)s attacks first, %(points)s points to win.") % {
        "scene": d.get("scene"), "seat": _seat(d, "attacker"), "points": d.get("points_to_win")},
    "declared": _declared,
    "declaration_withdrawn": lambda d, n: _("%(seat)s withdraws the declaration.") % {"seat": _seat(d)},
    "pass": _pass,
    "discard": lambda d, n: _("%(seat)s discards %(name)s.") % {"seat": _seat(d), "name": d.get("name")},
    "attack_right": lambda d, n: _("The attack right goes to %(seat)s.") % {"seat": _seat(d, "to")},
    "attack": lambda d, n: _use(d, n, "attack"),
    "defence": lambda d, n: _use(d, n, "defence"),
    "defence_succeeded": lambda d, n: _("%(seat)s holds: DP %(dp)s against AP %(ap)s; %(then)s.") % {
        "seat": _seat(d), "dp": d.get("dp"), "ap": d.get("ap"),
        "then": labels.INSTRUCTIONS.get(d.get("instruction"), _("the attack right stays"))},
    "counter": lambda d, n: _("%(seat)s counter-attacks with AP %(ap)s.") % {"seat": _seat(d), "ap": d.get("ap")},
    "score": _score,
    "reset": lambda d, n: _("Reset: %(seat)s holds the attack right.") % {"seat": _seat(d, "attacker")},
    "rough_play": _rough,
    "attack_failed": lambda d, n: _("The attack of %(seat)s fails (AP %(ap)s).") % {"seat": _seat(d),
                                                                                 "ap": d.get("ap")},
    "match_end": _match_end,
    "interval_start": lambda d, n: _("The interval begins (scene %(scene)s).") % {"scene": d.get("scene")},
    "interval_step": lambda d, n: _("Interval step %(step)s: %(name)s.") % {
        "step": d.get("step"), "name": labels.INTERVAL_STEPS.get(d.get("name"), _("?"))},
    "growth": _growth,
    "retired": lambda d, n: _("%(name)s retires.") % {"name": d.get("name")},
    "retirement_check": _retirement,
    "rescue": _rescue,
    "rescuers_chosen": lambda d, n: _("%(seat)s names its rescuers: %(ils)s.") % {
        "seat": _seat(d), "ils": _names(n, d.get("rescuers"))},
    "newcomer": _newcomer,
    "scout": _scout,
    "departure": _departure,
    "released": lambda d, n: _("%(seat)s releases %(name)s as a stray leaguer.") % {"seat": _seat(d),
                                                                                    "name": d.get("name")},
    "recruited": lambda d, n: _("%(name)s joins Dark Sports with heart 0.") % {"name": d.get("name")},
    "deck_change": lambda d, n: _("The technique deck of period %(old)s leaves the game; period %(new)s "
                                  "begins.") % {"old": d.get("from_period"), "new": d.get("to_period")},
    "il_deck_empty": lambda d, n: _("The IL deck is empty."),
    "game_end": lambda d, n: _("%(seat)s wins the game: %(reason)s.") % {
        "seat": _seat(d, "winner"), "reason": labels.reason(d.get("reason"))},
}

# Withheld events (addressed to the other seat) say what happened without their data.
WITHHELD = {
    "drawn": _lazy("%(seat)s draws cards (hidden)."),
    "declared": _lazy("%(seat)s declares a technique (hidden until it is used)."),
}


def narrate(event: dict, names: dict) -> str:
    """One log event as a sentence in the active language (see the module docstring)."""
    kind = event.get("kind", "")
    if event.get("withheld"):
        seat = labels.seat((event.get("to") or [None])[0])
        return str(WITHHELD.get(kind, _("%(seat)s makes a hidden move."))) % {"seat": seat}
    sentence = SENTENCES.get(kind)
    if sentence is None:
        return _("The referee records an event.")
    try:
        return sentence(event.get("data") or {}, names)
    except (KeyError, TypeError, ValueError):  # an event of an older log with other fields: still a sentence
        return _("The referee records an event.")

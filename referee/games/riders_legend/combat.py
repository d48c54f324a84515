"""Combat (Riders' Legend: キャラクターの攻撃; spec B4): attacks by area on a face-up mission or on the opponent's
characters in the battle field, the defender's choice to block an attack on a mission, and the exchange of
damage.

``state["combat"]`` while an attack waits for the defender: ``{"seat": attacker's seat, "attackers": [id],
"area": the target's area, "target": "mission" | character id}``. Readings: ``attack_with`` (one character or
a group of one battle area), ``blockers``, ``defender_strikes_back``.
"""

from __future__ import annotations

from referee.engine.actions import Event
from referee.engine.protocol import Data, State

from . import characters as chars_mod
from . import missions, triggers
from . import readings as readings_mod
from .abilities import statics
from .state import abilities, find, located, other, own_character, top

CLAUSE = "キャラクターの攻撃/B4"


def reaches(state: State, char: Data, what: str) -> bool:
    """The ``attack_reach`` static of its top card: it may attack ``what`` (character, mission) of any area."""
    return any(s["what"] == what for s in statics(abilities(state, top(char)), "attack_reach"))


def targets(state: State, seat: str, area: int, char: Data) -> list[str]:
    """B4.1–B4.2: what a character of ``seat``'s battle area ``area`` may attack: ``"mission:i"`` for the
    opponent's face-up mission in area i, or an opposing character id of its battle area i; i = ``area``
    unless the character reaches every area."""
    foe = state["players"][other(seat)]
    out = []
    mission_areas = range(1, 6) if reaches(state, char, "mission") else (area,)
    for i in mission_areas:
        mission = foe["missions"][i - 1]
        if mission is not None and mission["face_up"]:
            out.append(f"mission:{i}")
    char_areas = range(1, 6) if reaches(state, char, "character") else (area,)
    for i in char_areas:
        out += [c["id"] for c in foe["battle"][i - 1]]
    return out


def target_area(state: State, target: str) -> int:
    if target.startswith("mission:"):
        return int(target.split(":")[1])
    found = find(state, target)
    return found[2] if found else 0


def blockers(state: State, defender: str, area: int) -> list[str]:
    """B4.5 (reading ``blockers``): the defender's unacted characters of its battle area ``area`` and, with
    ``battle_and_justice``, of its justice field."""
    player = state["players"][defender]
    pool = list(player["battle"][area - 1])
    if readings_mod.of(state).blockers == "battle_and_justice":
        pool += player["justice"]
    return [c["id"] for c in pool if not c["acted"]]


def declare(state: State, seat: str, attackers: list[str], target: str, events: list[Event]) -> None:
    """The attackers (already checked) become 行動済 and attack ``target``. An attack on a mission waits for the
    defender's block when it has a blocker (decision ``block``)."""
    for card in attackers:
        own_character(state, located(state, card)[3])["acted"] = True
    area = target_area(state, target)
    events.append(Event("attack", CLAUSE, {"seat": seat, "attackers": list(attackers), "target": target,
                                           "area": area}))
    state["combat"] = {"seat": seat, "attackers": list(attackers), "area": area, "target": target}
    if target.startswith("mission:"):
        options = blockers(state, other(seat), area)
        if options:
            state["pending"] = {"kind": "block", "seat": other(seat), "options": options}
            return
        _hit_mission(state, events)
        return
    fight(state, target, events)


def block(state: State, blocker: str | None, events: list[Event]) -> None:
    """B4.3/B4.5: the defender's answer: ``blocker`` becomes 行動済 and the attack resolves against it instead
    of the mission; None lets the attack through."""
    combat = state["combat"]
    if blocker is None:
        events.append(Event("no_block", "キャラクターの攻撃/B4.3", {"seat": other(combat["seat"])}))
        _hit_mission(state, events)
        return
    own_character(state, located(state, blocker)[3])["acted"] = True
    events.append(Event("block", "キャラクターの攻撃/B4.3-B4.5 (reading blockers)",
                        {"seat": other(combat["seat"]), "blocker": blocker}))
    fight(state, blocker, events)


def _living(state: State, ids: list[str]) -> list[tuple[str, Data]]:
    out = []
    for card in ids:
        found = find(state, card)
        if found is not None:
            out.append((found[0], found[3]))
    return out


def _hit_mission(state: State, events: list[Event]) -> None:
    combat = state["combat"]
    state["combat"] = None
    seat, area = combat["seat"], combat["area"]
    if state["players"][other(seat)]["missions"][area - 1] is None:
        return
    total = sum(chars_mod.attack(state, s, c) for s, c in _living(state, combat["attackers"]))
    missions.damage(state, other(seat), area, total, events, "キャラクターの攻撃/B4.7")


def fight(state: State, target: str, events: list[Event]) -> None:
    """B4.6 (reading ``defender_strikes_back``): the attackers' summed attack goes to ``target``; at the same
    time the target's attack goes back to the attacker (the defender chooses which, decision ``strike_back``,
    when a group attacked)."""
    combat = state["combat"]
    found = find(state, target)
    attackers = _living(state, combat["attackers"])
    if found is None or not attackers:
        state["combat"] = None
        return
    defender_seat, _, _, defender = found
    total = sum(chars_mod.attack(state, s, c, against=defender) for s, c in attackers)
    back = chars_mod.attack(state, defender_seat, defender)
    for s, c in attackers:
        triggers.fire(state, s, top(c), "attacks_character", events, attacked=target)
    chars_mod.deal(state, defender, total, events, CLAUSE + ".6", by=attackers[0][1]["id"])
    if readings_mod.of(state).defender_strikes_back and back > 0:
        if len(attackers) == 1:
            chars_mod.deal(state, attackers[0][1], back, events, CLAUSE + ".6 (reading defender_strikes_back)",
                           by=target)
        else:
            state["combat"] = {**combat, "target": target, "back": back}
            state["pending"] = {"kind": "strike_back", "seat": defender_seat,
                                "options": [c["id"] for _, c in attackers]}
            return
    state["combat"] = None


def strike_back(state: State, attacker: str, events: list[Event]) -> None:
    """The defender's choice of the attacker that takes the defending character's attack (group attacks)."""
    combat = state["combat"]
    state["combat"] = None
    found = find(state, attacker)
    if found is not None:
        chars_mod.deal(state, found[3], combat["back"], events, CLAUSE + ".6 (reading defender_strikes_back)",
                       by=combat["target"])

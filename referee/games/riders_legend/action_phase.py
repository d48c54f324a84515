"""The action phase (Riders' Legend: spec B3.5, PROPOSED as one phase, Q-R1): attacks (combat.py), mission
execution (missions.py), investigation (investigation.py) and action cards, in any order; each unacted
character does at most one of the first three and becomes 行動済.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from referee.engine.actions import Event
from referee.engine.protocol import Data, State

from . import characters as chars_mod
from . import combat, investigation, missions, triggers
from . import readings as readings_mod
from .actions import Attack, Execute, Investigate, PlayAction
from .placement import Problem, check
from .state import (
    OnField,
    abilities,
    ability_index,
    characters,
    find,
    kind,
    located,
    name,
    own,
    own_character,
    top,
)


def problem_attack(state: State, a: Attack) -> Problem:
    """B4.1/B4.4: unacted characters of one own battle area (one of them, reading ``attack_with``), and a
    target they reach."""
    if not a.attackers or len(set(a.attackers)) != len(a.attackers):
        return ("bad_attackers", "name each attacker once", "B4.4")
    if len(a.attackers) > 1 and readings_mod.of(state).attack_with == "one":
        return ("one_attacker", "an attack is made by one character (reading attack_with)", "B4.4 (reading)")
    areas = set()
    for card in a.attackers:
        found = find(state, card) if card in state["cards"] else None
        if found is None or found[0] != a.seat:
            return ("not_your_character", f"{card} is not a character of yours on the field", "B4")
        if found[1] != "battle":
            return ("not_in_battle", "attacks are made from the battle field", "キャラクターの攻撃/B4.1")
        if found[3]["acted"]:
            return ("acted", "the character has already acted this turn", "カードの行動表現/B4.4")
        areas.add(found[2])
    if len(areas) != 1:
        return ("areas_differ", "an attack is made by area: the attackers stand in one battle area", "B4.1")
    (area,) = areas
    for card in a.attackers:
        if a.target not in combat.targets(state, a.seat, area, located(state, card)[3]):
            return ("bad_target", f"{a.target} is not a target of that area (a face-up mission or a character "
                    "of the opposing battle area)", "キャラクターの攻撃/B4.1-B4.2")
    return None


def do_attack(state: State, a: Attack, events: list[Event]) -> None:
    check(problem_attack(state, a))
    combat.declare(state, a.seat, list(a.attackers), a.target, events)


def problem_execute(state: State, a: Execute) -> Problem:
    """B5.6: an unacted character of one's operation area i, on one's mission of area i, of its 勢力."""
    found = find(state, a.character) if a.character in state["cards"] else None
    if found is None or found[0] != a.seat:
        return ("not_your_character", f"{a.character} is not a character of yours on the field", "B5")
    _, fld, area, char = found
    if fld != "operation":
        return ("not_in_operation", "missions are carried out from the operation field", "ミッションカード/B5.6")
    return _mission_problem(state, a.seat, area, char)


def _mission_problem(state: State, seat: str, area: int, char: Data) -> Problem:
    """What of ``problem_execute`` remains once ``char`` is known to be ``seat``'s, in operation area ``area``."""
    if char["acted"]:
        return ("acted", "the character has already acted this turn", "B5.6")
    mission = state["players"][seat]["missions"][area - 1]
    if mission is None:
        return ("no_mission", f"you have no mission in area {area}", "B5.6")
    if mission["bluff"] and not readings_mod.of(state).bluff_executable:
        return ("bluff", "a bluff has no 必要作戦力 and cannot be carried out", "B5.7 (reading bluff_executable)")
    if not mission["bluff"] and not missions.faction_fits(state, top(char), mission["card"]):
        return ("faction", "its 作戦力 counts only toward a mission of its 勢力", "B5.6 (reading)")
    if mission["achieved"] and mission["achieved_turn"] == state["turn"] and \
            not readings_mod.of(state).achieve_again_same_turn:
        return ("achieved_this_turn", "the mission was achieved this turn", "B5.8 (reading)")
    return None


def do_execute(state: State, a: Execute, events: list[Event]) -> None:
    check(problem_execute(state, a))
    _, _, area, char = located(state, a.character)
    char = own_character(state, char)
    char["acted"] = True
    missions.execute(state, a.seat, area, chars_mod.operation(state, char), events)


def problem_investigate(state: State, a: Investigate) -> Problem:
    return investigation.problem(state, a.seat, a.character)


def do_investigate(state: State, a: Investigate, events: list[Event]) -> None:
    check(problem_investigate(state, a))
    investigation.investigate(state, a.seat, a.character, events)


def problem_play(state: State, a: PlayAction) -> Problem:
    """B3.5: an action card of the hand, its use conditions met."""
    if a.card not in state["players"][a.seat]["hand"]:
        return ("not_in_hand", f"{a.card} is not in your hand", "アクションカード")
    if kind(state, a.card) != "action":
        return ("not_an_action", "only an action card is played", "アクションカード")
    if not _usable(state, a.seat, a.card):
        return ("use_condition", "its use condition is not met", "アクションカード (use condition)")
    return None


def _usable(state: State, seat: str, card_id: str) -> bool:
    """Every ``use_condition`` static of the card met (most cards have none)."""
    conditions = ability_index(state, card_id).statics.get("use_condition", ())
    return all(chars_mod.condition_met(state, seat, s["condition"]) for s in conditions)


def do_play(state: State, a: PlayAction, events: list[Event]) -> None:
    """The card goes to 墓場 (瞬間使用カードの使用後), then its effects resolve."""
    check(problem_play(state, a))
    player = state["players"][a.seat]
    player["hand"].remove(a.card)
    own(state, a.seat, "graveyard").append(a.card)
    events.append(Event("play_action", "アクションカード/B3.5", {"seat": a.seat, "card": a.card,
                                                              "name": name(state, a.card)}))
    triggers.push(state, a.seat, a.card, list(abilities(state, a.card).get("effects", [])), "アクションカード")


def legal_attacks(state: State, seat: str) -> list[Attack]:
    """Every ``Attack`` of ``seat``: by battle area, each team of its unacted characters (one character, or with
    reading ``attack_with`` every group), each target they all reach, in sorted order."""
    group = readings_mod.of(state).attack_with == "group"
    out = []
    area = 0
    for chars in state["players"][seat]["battle"]:
        area += 1
        if not chars:
            continue
        ready = [c for c in chars if not c["acted"]]
        if not ready:
            continue
        sizes = range(1, len(ready) + 1) if group else (1,)
        for size in sizes:
            for team in combinations(ready, size):
                shared = set(combat.targets(state, seat, area, team[0]))
                for c in team[1:]:
                    shared &= set(combat.targets(state, seat, area, c))
                for target in sorted(shared):
                    out.append(Attack.of(seat, tuple(c["id"] for c in team), target))
    return out


def legal(state: State, seat: str, cards_only: bool = False, on_field: OnField | None = None) -> list[Any]:
    """Every action-phase action of ``seat`` (but ``EndPhase``); ``cards_only``: the action cards. ``on_field``:
    ``characters(state, seat)`` when the caller has it."""
    cards = state["cards"]
    out: list[Any] = []
    for card_id in dict.fromkeys(state["players"][seat]["hand"]):  # problem_play, the card in the hand
        if cards[card_id]["card_type"] == "action" and _usable(state, seat, card_id):
            out.append(PlayAction.of(seat, card_id))
    if cards_only:
        return out
    out += legal_attacks(state, seat)
    for fld, area, char in characters(state, seat) if on_field is None else on_field:
        if char["acted"]:
            continue
        if fld == "operation" and _mission_problem(state, seat, area, char) is None:  # problem_execute, found
            out.append(Execute.of(seat, char["id"]))
        if investigation.where_problem(state, seat, fld, area, char) is None:  # problem_investigate, found
            out.append(Investigate.of(seat, char["id"]))
    return out

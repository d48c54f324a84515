"""The main phase (Legions: アンロックについて, スタンバイカードについて, カード構成; spec A5 M1–M9): unlocking,
placing, using, moving, attacking and removing standby cards.

Each action has ``problem_x(state, action) -> (code, reason, clause) | None`` and ``do_x`` (checks, raising
IllegalAction with the reason, then acts): PokerKit's verify / do. The listing (``legal``) is the same check's
verdict on every ``candidates`` action, so each rule of the main phase is written once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.engine.actions import Action, Event
from referee.engine.errors import IllegalAction
from referee.engine.protocol import Data, State

from . import combat, cores, effects, field, timeline, triggers
from . import readings as readings_mod
from .actions import Activate, Attack, Deploy, Move, RemoveStandby, Unlock
from .state import LANES, LEADER, abilities, attrs, card, find_unit, name, placed

Problem = tuple[str, str, str] | None


def _check(problem: Problem) -> None:
    if problem is not None:
        raise IllegalAction(*problem)


def _master_class(state: State, seat: str) -> list[str]:
    answer: list[str] = attrs(state, state["players"][seat]["master"])["colours"]
    return answer


def cost_of(state: State, seat: str, card_id: str) -> int | None:
    """The MP ``seat`` pays to unlock ``card_id`` (A1.2), None when its symbols forbid it."""
    a = attrs(state, card_id)
    return cores.unlock_cost(_master_class(state, seat), a["colours"], a["unlock_cost"])


def _lane_problem(player: Data, lane: str) -> Problem:
    if lane not in LANES:
        return ("bad_lane", f"a minion goes into a lane (right, centre, left), not {lane!r}", "M2")
    if player["lanes"][lane] is not None:
        return ("lane_taken", f"the {lane} lane already holds a minion", "ミニオンカード/M2")
    return None


def _use_problem(state: State, seat: str, card_id: str) -> Problem:
    if readings_mod.of(state).use_needs_target and not effects.has_target(state, seat, card_id):
        return ("no_target", f"{name(state, card_id)} has no target", "M4/M5 (reading use_needs_target)")
    return None


def problem_unlock(state: State, a: Unlock) -> Problem:
    """M1: in hand; awakening for lords and arts; the symbols; an area for it; the MP and the core cost."""
    player = state["players"][a.seat]
    if a.card not in player["hand"]:
        return ("not_in_hand", f"{a.card} is not in your hand", "アンロックについて/M1")
    kind = card(state, a.card)["card_type"]
    if not cores.awakening_allows(kind, player["awakened"]):
        return ("needs_awakening", f"a {kind} needs an awakened master", "ロードカード/アーツカード")
    cost = cost_of(state, a.seat, a.card)
    if cost is None:
        return ("class_mismatch", "a two-symbol card needs exactly the master's class", "アンロックについて/A1.2")
    allowed = {"minion": ("place", "standby"), "skill": ("use", "standby"), "lord": ("place",), "arts": ("use",)}
    if a.then not in allowed[kind]:
        return ("bad_then", f"a {kind} is not unlocked to {a.then!r} (only {', '.join(allowed[kind])})",
                "スタンバイカードについて/A2")
    if a.lane and not (kind == "minion" and a.then == "place"):
        return ("bad_lane", "only a minion placed now takes a lane", "M2")
    problem = _area_problem(state, a, kind, player)
    if problem:
        return problem
    if cost > cores.available_mp(player):
        return ("not_enough_mp", f"unlocking costs {cost} MP; you can make {cores.available_mp(player)}",
                "アンロックについて/A3.1")
    if kind == "lord":
        moved = cost - min(player["mp"], cost)
        fatigued, active = player["fatigued"] + moved, player["active"] - moved
        core_cost = attrs(state, a.card).get("core_cost", 0)
        extra = active if readings_mod.of(state).core_cost_fresh_cores else 0
        if not cores.core_cost_payable(fatigued + min(extra, max(0, core_cost - fatigued)), core_cost):
            return ("core_cost", f"the core cost {core_cost} needs that many cores in the fatigue area",
                    "ロードカード/M1")
    if a.then == "use":
        return _use_problem(state, a.seat, a.card)
    return None


def _area_problem(state: State, a: Unlock, kind: str, player: Data) -> Problem:
    if a.then == "standby":
        readings = readings_mod.of(state)
        if (readings.unlock_needs_empty_area and not readings.standby_unlock_may_overflow
                and len(player["standby"]) >= timeline.STANDBY_MAX):
            return ("standby_full", "the standby zone holds 2 cards", "スタンバイカードについて/§32-4 (reading)")
        return None
    if kind == "minion":
        return _lane_problem(player, a.lane)
    if kind == "lord" and player["lord"] is not None:
        return ("lord_taken", "the lord area already holds a lord", "ロードカード/M3")
    return None


def do_unlock(state: State, a: Unlock, events: list[Event]) -> None:
    _check(problem_unlock(state, a))
    seat, player = a.seat, state["players"][a.seat]
    kind = card(state, a.card)["card_type"]
    cost = cost_of(state, seat, a.card)
    assert cost is not None  # problem_unlock: class_mismatch
    moved = cores.spend(player, cost)
    player["hand"].remove(a.card)
    public = {"seat": seat, "mp": cost, "cores_fatigued": moved, "then": a.then}
    hidden = a.then == "standby" and not readings_mod.of(state).standby_visible_to_opponent
    if hidden:
        events.append(Event("unlock", "アンロックについて/M1", public))
        events.append(Event("unlocked", "アンロックについて/M1", {"seat": seat, "card": a.card}, to=(seat,)))
    else:
        events.append(Event("unlock", "アンロックについて/M1", {**public, "card": a.card,
                                                             "name": name(state, a.card)}))
    triggers.fire(state, seat, a.card, "アンロック時", events, hidden=hidden)
    if a.then == "standby":  # into a full zone: its owner keeps 2 (超過分…任意に選んで破棄; timeline.to_standby)
        timeline.to_standby(state, seat, [a.card], events, "unlock")
    elif kind == "minion":
        field.place_minion(state, seat, a.card, a.lane, events, "ミニオンカード/M2")
        triggers.fire(state, seat, a.card, "配置時", events)
        triggers.minions_placed(state, seat, [a.card], events)
    elif kind == "lord":
        core_cost = attrs(state, a.card).get("core_cost", 0)
        cores.make_mp_for_core_cost(player, core_cost)
        player["fatigued"] -= core_cost
        field.place_lord(state, seat, a.card, core_cost, events)
        triggers.fire(state, seat, a.card, "配置時", events)
    else:
        use(state, seat, a.card, events)


def use(state: State, seat: str, card_id: str, events: list[Event]) -> None:
    """M4/M5: the card is in use (``player["using"]``, public) while its effects resolve; it goes where it goes
    after use (skill: WZ(WT), arts: exile) once they have (使用後は; issue 29: not while a target choice is
    pending), by the ``then`` of its frame (``effects.run``)."""
    kind = card(state, card_id)["card_type"]
    clause = "スキルカード/M4" if kind == "skill" else "アーツカード/M5"
    player = state["players"][seat]
    player["using"] = [*player.get("using", []), card_id]  # replaced, never changed in place (state.copy_state)
    triggers.push(state, seat, card_id, list(card(state, card_id).get("abilities", {}).get("effects", [])), clause)
    state["queue"][-1]["then"] = {"used": [seat, card_id, clause]}


def problem_deploy(state: State, a: Deploy) -> Problem:
    player = state["players"][a.seat]
    if a.card not in player["standby"]:
        return ("not_standby", f"{a.card} is not one of your standby cards", "スタンバイカードについて")
    if card(state, a.card)["card_type"] == "minion":
        return _lane_problem(player, a.lane)
    if a.lane:
        return ("bad_lane", "a skill takes no lane", "M4")
    return _use_problem(state, a.seat, a.card)


def do_deploy(state: State, a: Deploy, events: list[Event]) -> None:
    _check(problem_deploy(state, a))
    player = state["players"][a.seat]
    player["standby"].remove(a.card)
    if card(state, a.card)["card_type"] == "minion":
        field.place_minion(state, a.seat, a.card, a.lane, events, "スタンバイカードについて/M2")
        triggers.fire(state, a.seat, a.card, "配置時", events)
        triggers.minions_placed(state, a.seat, [a.card], events)
    else:
        events.append(Event("deploy", "スタンバイカードについて/M4", {"seat": a.seat, "card": a.card,
                                                               "name": name(state, a.card)}))
        use(state, a.seat, a.card, events)


def problem_move(state: State, a: Move) -> Problem:
    found = find_unit(state, a.card)
    if found is None or found[0] != a.seat or found[1] == LEADER:
        return ("not_your_minion", f"{a.card} is not a minion of yours on the field", "M6")
    seat, pos, unit = found
    if not field.may_fatigue(state, unit):
        return ("cannot_fatigue", "the minion is fatigued or was placed this turn", "基本構成細則/M6")
    occupied = [lane for lane in LANES if state["players"][seat]["lanes"][lane] is not None]
    if not field.can_move(pos, a.lane, occupied):
        return ("bad_move", f"{a.lane!r} is not an adjacent empty lane", "ミニオンカード/M6")
    return None


def do_move(state: State, a: Move, events: list[Event]) -> None:
    _check(problem_move(state, a))
    seat, pos, unit = placed(state, a.card)
    unit["fatigued"] = True
    field.move(state, seat, pos, a.lane)
    events.append(Event("move", "ミニオンカード/M6", {"seat": seat, "card": a.card, "from": pos, "to": a.lane}))


def problem_attack(state: State, a: Attack) -> Problem:
    found = find_unit(state, a.card)
    if found is None or found[0] != a.seat:
        return ("not_your_unit", f"{a.card} is not a unit of yours on the field", "A6.3")
    seat, pos, unit = found
    hooks = field.hooks(state, unit)
    rush_only = False
    if unit["fatigued"] or unit["no_attack"]:
        return ("cannot_attack", "the unit is fatigued or may not attack", "A6.2")
    if not field.may_fatigue(state, unit, hooks):
        if "rush" not in hooks:
            return ("summoning_sickness", "a unit cannot attack on the turn it is placed", "基本構成細則/A6.2")
        rush_only = True
    if a.via:
        if "move_before_attack" not in hooks or pos == LEADER:
            return ("no_moving_attack", "only a minion with 移動攻撃 moves before attacking", "A7 移動攻撃")
        occupied = [lane for lane in LANES if state["players"][seat]["lanes"][lane] is not None]
        if not field.can_move(pos, a.via, occupied):
            return ("bad_move", f"{a.via!r} is not an adjacent empty lane", "A7 移動攻撃")
        pos = a.via
    if a.target not in combat.targets(state, seat, pos, hooks, minions_only=rush_only):
        return ("bad_target", f"{a.target} is not a target the unit can reach", "A6.4 (reading attack_range)")
    return None


def do_attack(state: State, a: Attack, events: list[Event]) -> None:
    _check(problem_attack(state, a))
    seat, pos, unit = placed(state, a.card)
    if a.via:
        field.move(state, seat, pos, a.via)
        events.append(Event("move", "A7 移動攻撃", {"seat": seat, "card": a.card, "from": pos, "to": a.via}))
        pos = a.via
    unit["fatigued"] = True
    hooks = field.hooks(state, unit)
    impact = field.keywords(state, unit).get("衝撃", {}).get("n", 0)
    combat.declare(state, seat, a.card, pos, a.target, events, hooks=hooks, impact=impact)


def activated(state: State, card_id: str) -> list[Data]:
    """The 起動 abilities of a card, in printed order (an Activate action's ``index`` counts among them)."""
    return [t for t in abilities(state, card_id).get("triggers", ()) if t["when"] == "起動"]


def problem_activate(state: State, a: Activate) -> Problem:
    found = find_unit(state, a.card)
    if found is None or found[0] != a.seat:
        return ("not_your_unit", f"{a.card} is not a unit of yours on the field", "M8")
    _seat, _pos, unit = found
    if unit.get("reversed"):
        return ("face_down", "a face-down unit has no abilities", "M8 (リバース状態)")
    options = activated(state, a.card)
    if not 0 <= a.index < len(options):
        return ("no_ability", f"{a.card} has no 起動 ability number {a.index + 1}", "M8")
    ability = options[a.index]
    if ability.get("fatigue") and not field.may_fatigue(state, unit):
        return ("cannot_fatigue", "the unit is fatigued or was placed this turn", "M8/召喚酔い")
    if cores.available_mp(state["players"][a.seat]) < ability.get("mp", 0):
        return ("not_enough_mp", f"the ability costs {ability.get('mp', 0)} MP", "M8/A3.1")
    return None


def do_activate(state: State, a: Activate, events: list[Event]) -> None:
    """M8: pay the costs (MP, then fatigue the unit), then its effects resolve (the queue)."""
    _check(problem_activate(state, a))
    ability = activated(state, a.card)[a.index]
    player = state["players"][a.seat]
    mp = ability.get("mp", 0)
    moved = cores.spend(player, mp) if mp else 0
    if ability.get("fatigue"):
        placed(state, a.card)[2]["fatigued"] = True
    events.append(Event("activate", "M8 起動", {"seat": a.seat, "card": a.card, "name": name(state, a.card),
                                               "mp": mp, "cores_fatigued": moved,
                                               "fatigue": bool(ability.get("fatigue"))}))
    triggers.push(state, a.seat, a.card, list(ability["effects"]), "M8 起動")


def problem_remove(state: State, a: RemoveStandby) -> Problem:
    if a.card not in state["players"][a.seat]["standby"]:
        return ("not_standby", f"{a.card} is not one of your standby cards", "M9")
    return None


def do_remove(state: State, a: RemoveStandby, events: list[Event]) -> None:
    _check(problem_remove(state, a))
    state["players"][a.seat]["standby"].remove(a.card)
    timeline.exile(state, a.seat, [a.card], events, "スタンバイカードについて/M9")


def legal(state: State, seat: str) -> list[Any]:
    """Every main-phase action of ``seat`` but ``EndTurn`` (the engine adds it): the ``candidates`` its check
    (``PROBLEMS``, the one ``apply`` runs) accepts, in their order. Each rule of the main phase is written once,
    in the ``problem_x`` functions; the listing is their verdict on every candidate."""
    with field.steady(state):  # the checks read the state: the field's negated keywords worked out once
        return [a for a in candidates(state, seat) if PROBLEMS[type(a)](state, a) is None]


def candidates(state: State, seat: str) -> list[Any]:
    """Every main-phase action ``legal`` considers, legal or not, in its order: the definition ``legal`` is
    tested against (``[a for a in candidates(...) if problem(state, a) is None]``)."""
    player = state["players"][seat]
    out: list[Any] = []
    for card_id in dict.fromkeys(player["hand"]):
        kind = card(state, card_id)["card_type"]
        options = {"minion": [("place", lane) for lane in LANES] + [("standby", "")],
                   "skill": [("use", ""), ("standby", "")], "lord": [("place", "")], "arts": [("use", "")]}[kind]
        out += [Unlock(seat=seat, card=card_id, then=then, lane=lane) for then, lane in options]
    for card_id in player["standby"]:
        lanes = LANES if card(state, card_id)["card_type"] == "minion" else ("",)
        out += [Deploy(seat=seat, card=card_id, lane=lane) for lane in lanes]
    for pos, unit in [(lane, player["lanes"][lane]) for lane in LANES] + [(LEADER, player["lord"])]:
        if unit is None:
            continue
        if pos != LEADER:
            out += [Move(seat=seat, card=unit["card"], lane=lane) for lane in field.ADJACENT[pos]]
        out += [Activate(seat=seat, card=unit["card"], index=i) for i in range(len(activated(state, unit["card"])))]
        vias = ("", *field.ADJACENT[pos]) if pos != LEADER else ("",)
        out += [Attack(seat=seat, card=unit["card"], target=t, via=via) for via in vias
                for t in combat.targets(state, seat, via or pos, field.hooks(state, unit))]
    out += [RemoveStandby(seat=seat, card=c) for c in player["standby"]]
    return out


PROBLEMS: dict[type[Action], Callable[[State, Any], Problem]] = {
    Unlock: problem_unlock, Deploy: problem_deploy, Move: problem_move, Attack: problem_attack,
    RemoveStandby: problem_remove, Activate: problem_activate}
"""Each main-phase action class and its check."""

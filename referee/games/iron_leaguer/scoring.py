"""IL 8: scoring — comparing AP with DP (8.1–8.4), the point and its reset (8.5), the instructions of a
successful defence (8.6, the defender choosing among several: decision ``instruction``) and the reset once every
IL has acted (8.7). The attack and the defence are match.py's; the instructions a defending stack carries are
read when it is used (``match.defence_instructions``).

Every function returns what follows it to the flow (flow.py, ``state.Then``): None while a decision waits (the
next attack, a counter-attack's defence, the choice of instruction); ``"exchange"`` once the exchange is over
(``after_exchange``, 8.7); ``("match", winner)`` once a team has the scene's points (4.3/4.4). This module
imports no other step module.
"""

from __future__ import annotations

from typing import Any

from referee.engine.actions import Action, Event
from referee.engine.errors import IllegalAction
from referee.engine.protocol import Data, State

from . import rules
from .actions import ChooseInstruction, cached
from .state import SEATS, Then, can_act, other, reset


def after_defence(state: State, events: list[Event], resume: Data) -> Then:
    """After a defence and its growth checks, or a pass in defence (7.6: ``"defence"`` None): the comparison
    (8.1–8.6). ``resume = {"seat": defender, "attack": the use, "defence": the use or None}``."""
    return resolve(state, events, resume["attack"], resume["defence"], resume["seat"])


def resolve(state: State, events: list[Event], attack: Data, defence: Data | None, defender: str) -> Then:
    """IL 8.1–8.6: compare AP with DP (None: no defence, 7.6) and carry out the result; a successful defence
    whose stack carries several instructions waits for the defender's choice (8.6, ``instruction``)."""
    attacker = other(defender)
    ap, dp = attack["points"], defence["points"] if defence else None
    if rules.attacker_scores(ap, dp):
        clause = "8.2" if dp is not None and dp >= 0 else "7.5/8.4" if dp is not None else "7.6/8.4"
        return score(state, events, attacker, clause, ap=ap, dp=dp)
    assert defence is not None  # a failed or missing defence scored above
    options = defence["instructions"]
    if len(options) > 1:
        state["pending"] = {
            "kind": "instruction",
            "seat": defender,
            "options": list(options),
            "attack": attack,
            "defence": defence,
        }
        return None
    return follow(state, events, attack, defence, defender, options[0] if options else None)


def instruction_actions(state: State, seat: str) -> list[Action]:
    """IL 8.6: one ``ChooseInstruction`` per instruction the successful defence's stack carries."""
    return [cached(ChooseInstruction, seat, how) for how in state["pending"]["options"]]


def do_instruction(state: State, action: ChooseInstruction, events: list[Event]) -> Then:
    """IL 8.6: the defender's choice among the instructions its successful defence carries."""
    pending = state["pending"]
    if action.instruction not in pending["options"]:
        raise IllegalAction(
            "bad_instruction",
            f"the defence carries {', '.join(pending['options'])}, not {action.instruction!r}",
            "8.6",
        )
    return follow(
        state, events, pending["attack"], pending["defence"], action.seat, action.instruction, chosen=True
    )


def follow(
    state: State,
    events: list[Event],
    attack: Data,
    defence: Data,
    defender: str,
    how: str | None,
    chosen: bool = False,
) -> Then:
    """IL 8.3/8.6: the successful defence's instruction ``how`` (None: none, 6.9/7.9); ``chosen``: the
    defender chose it among several (8.6). The exchange is over, unless the defence counter-attacks."""
    attacker = other(defender)
    ap, dp = attack["points"], defence["points"]
    events.append(
        Event(
            "defence_succeeded",
            "8.3/8.6",
            {
                "seat": defender,
                "ap": ap,
                "dp": dp,
                "instruction": how,
                "instructions": list(defence["instructions"]),
                "chosen": chosen,
            },
        )
    )
    state["match"]["attacker"] = attacker
    if how == "counter":  # IL 8.6.3: the DP becomes an AP; the former attacker defends normally
        state["match"]["attacker"] = defender
        counter_attack = {**defence, "counter": True}
        events.append(Event("counter", "8.6.3", {"seat": defender, "ap": dp}))
        state["pending"] = {"kind": "defence", "seat": attacker, "attack": counter_attack}
        return None
    if how == "reset":
        reset(state, events, defender, "8.6.2")
    elif how == "attack_right":
        state["match"]["attacker"] = defender
        events.append(Event("attack_right", "8.6.1/8.6.4", {"to": defender}))
    elif attack["moves_attack_right"] or defence["moves_attack_right"]:
        state["match"]["attacker"] = defender
        events.append(Event("attack_right", "6.9/7.9", {"to": defender}))
    return "exchange", None


def score(state: State, events: list[Event], seat: str, clause: str, **inputs: Any) -> Then:
    """IL 8.2/8.4/8.5: a point; at the scene's points ``seat`` has won the match (4.3/4.4: ``("match", seat)``),
    else reset, the scored-on team attacks."""
    score = state["match"]["score"] = state["match"]["score"].copy()  # replaced, never changed in place
    score[seat] += 1
    target = rules.points_to_win(state["scene"])
    events.append(
        Event(
            "score",
            clause,
            {"seat": seat, **inputs, "score": dict(state["match"]["score"]), "points_to_win": target},
        )
    )
    if state["match"]["score"][seat] >= target:
        return "match", seat
    reset(state, events, other(seat), "8.5")
    state["pending"] = {"kind": "attack", "seat": other(seat)}
    return None


def after_exchange(state: State, events: list[Event], data: None = None) -> Then:
    """After an exchange (an attack, its defence, a rough play; ``data`` unused) IL 8.7: when every IL of both
    teams has acted (or cannot act, 9.9), reset; then the holder attacks."""
    if not any(can_act(state, il) for seat in SEATS for il in state["teams"][seat]):
        reset(state, events, state["match"]["attacker"], "8.7")
    state["pending"] = {"kind": "attack", "seat": state["match"]["attacker"]}
    return None

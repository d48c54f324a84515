"""IL 9: rough play. Our reading of how it fits in a turn (docs/rules/iron_leaguer.md): Dark, holding the
attack right, may make a rough play instead of an attack — one ready IL that meets the rough-play half (5.4),
one opposing IL as target; the IL then has acted (9.7) and the attack right stays unless the card moves it.

The rough plays an attack offers are listed with its other choices (``match.rough_actions``); this module rules
on the one made and returns what follows it to the flow (flow.py): the exchange is over (8.7). It imports no
other step module.
"""

from __future__ import annotations

from referee.engine.actions import Event
from referee.engine.errors import IllegalAction
from referee.engine.protocol import Data, State

from . import rules
from .actions import Rough
from .state import Then, attrs, can_act, discard_cards, name, other, roll, set_il
from .techniques import half_of, il_may_use


def check_rough(state: State, action: Rough) -> Data:
    if action.seat != "dark":
        raise IllegalAction("silver_rough_play", "Silver never makes a rough play", "9.2")
    if state["pending"]["kind"] != "attack":
        raise IllegalAction("wrong_step", "a rough play is made while holding the attack right", "9.3")
    if action.card not in state["hands"][action.seat]:
        raise IllegalAction("not_in_hand", f"card {action.card} is not in your hand", "9.1")
    if action.side not in ("upper", "lower"):
        raise IllegalAction("bad_side", f"side must be upper or lower, not {action.side!r}", "5.2")
    half = half_of(state, action.card, action.side)
    if not half.get("rough_play"):
        raise IllegalAction("not_rough_play", f"{half['name']} is not a rough play", "9.1")
    if action.il not in state["teams"][action.seat] or not can_act(state, action.il):
        raise IllegalAction("il_cannot_act", f"IL {action.il} is not a ready member of your team", "5.3/9.9")
    if not il_may_use(state, action.il, half):
        raise IllegalAction("il_cannot_use", f"IL {action.il} does not meet {half['name']}", "5.4")
    if action.target not in state["teams"][other(action.seat)]:
        raise IllegalAction("bad_target", f"target {action.target} is not an opposing IL", "9.3")
    return half


def do_rough(state: State, action: Rough, events: list[Event]) -> Then:
    """IL 9.3–9.8: success value = rough value − target body − own penalty; 2d6 at most it succeeds."""
    half = check_rough(state, action)
    own_penalty = state["ils"][action.il]["penalty"]
    body = attrs(state, action.target)["body"]
    value = rules.rough_success_value(half["rough_value"], body, own_penalty)
    dice, counter = roll(state, 2)
    success = rules.rough_play_succeeds(value, dice)
    before = state["ils"][action.target]["penalty"]
    if success:
        set_il(state, action.target, penalty=before + half["rough_penalty"])
    discard_cards(state, action.seat, [action.card])
    set_il(state, action.il, acted=True)
    state["match"]["rough_plays"] += 1
    facts = {"body": body, "own_penalty": own_penalty, "value": value, "before": before}
    events.append(_event(state, action, half, facts, dice, counter, success))
    if half.get("moves_attack_right"):
        state["match"]["attacker"] = other(action.seat)
        events.append(Event("attack_right", "9.7", {"to": state["match"]["attacker"]}))
    return "exchange", None


def _event(
    state: State, action: Rough, half: Data, facts: Data, dice: list[int], counter: int, success: bool
) -> Event:
    """The ruling of one rough play with every input it used (IL 9.4–9.6, 9.8; 9.9 for the target)."""
    target = state["ils"][action.target]
    body, own_penalty, value, before = facts["body"], facts["own_penalty"], facts["value"], facts["before"]
    return Event(
        "rough_play",
        "9.4/9.5/9.6/9.8",
        {
            "il": action.il,
            "name": name(state, action.il),
            "technique": half["name"],
            "target": action.target,
            "target_name": name(state, action.target),
            "rough_value": half["rough_value"],
            "target_body": body,
            "own_penalty": own_penalty,
            "success_value": value,
            "dice": dice,
            "counter": counter,
            "success": success,
            "penalty_before": before,
            "penalty_after": target["penalty"],
            "rough_plays": state["match"]["rough_plays"],
            "target_incapacitated": rules.incapacitated(target["heart"], body, target["penalty"]),
        },
    )

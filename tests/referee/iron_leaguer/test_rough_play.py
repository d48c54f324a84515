"""IL 9: rough play — Dark only, the success value, the penalty, the count, incapacitation."""

from __future__ import annotations

import pytest

from referee.engine.errors import IllegalAction
from referee.games.iron_leaguer.actions import Declare, Rough
from referee.games.iron_leaguer.rough_play import check_rough
from referee.games.iron_leaguer.techniques import single_halves

from .conftest import ENGINE, act, cid, give


def rough(state, dice, roll, il_name="ダーク0", target_name="シルバー0"):
    card = give(state, "dark", "ラフ1")[0]  # ラフタックル1: rough value 12, penalty 3, body 2
    dice(*roll)
    return act(state, Rough("dark", card, "upper", cid(state, il_name), cid(state, target_name)))


def test_silver_is_never_offered_a_rough_play_and_is_refused_one(state) -> None:
    state["match"]["attacker"] = "silver"
    state["pending"] = {"kind": "attack", "seat": "silver"}
    card = give(state, "silver", "ラフ1")[0]
    assert not any(isinstance(a, Rough) for a in ENGINE.legal_actions(state, "silver"))
    with pytest.raises(IllegalAction) as err:
        act(state, Rough("silver", card, "upper", cid(state, "シルバー0"), cid(state, "ダーク0")))
    assert (err.value.code, err.value.clause) == ("silver_rough_play", "9.2")


def test_a_rough_play_succeeds_on_dice_at_most_value_minus_body_minus_own_penalty(state, dice) -> None:
    state["ils"][cid(state, "ダーク0")]["penalty"] = 1
    state, events = rough(state, dice, (4, 4))  # 12 - 2 (body of シルバー0) - 1 = 9
    event = next(e for e in events if e.kind == "rough_play")
    assert (event.data["success_value"], event.data["success"], event.data["penalty_after"]) == (9, True, 3)


def test_a_failed_rough_play_has_no_effect_but_is_counted(state, dice) -> None:
    state, events = rough(state, dice, (5, 6))  # 11 > 10
    assert state["ils"][cid(state, "シルバー0")]["penalty"] == 0 and state["match"]["rough_plays"] == 1


def test_the_rough_player_has_acted_and_dark_keeps_the_attack_right(state, dice) -> None:
    state, _ = rough(state, dice, (1, 1))
    assert state["ils"][cid(state, "ダーク0")]["acted"] and state["pending"] == {
        "kind": "attack",
        "seat": "dark",
    }


def test_a_rough_play_half_is_not_an_attack(state) -> None:
    card = give(state, "dark", "ラフ1")[0]
    with pytest.raises(IllegalAction) as err:
        act(state, Declare("dark", "attack", ((card, "upper"),)))
    assert err.value.code == "rough_half"


def test_an_il_whose_penalty_reaches_body_plus_heart_cannot_attack_until_its_heart_grows(state) -> None:
    give(state, "silver", "arm1")
    silver0 = cid(state, "シルバー0")  # heart 2, body 2
    state["ils"][silver0]["penalty"] = 4
    for il in state["teams"]["silver"][1:]:
        state["ils"][il]["acted"] = True
    state["match"]["attacker"], state["pending"] = "silver", {"kind": "attack", "seat": "silver"}
    assert single_halves(state, "silver", "attack") == []
    state["ils"][silver0]["heart"] = 3
    assert single_halves(state, "silver", "attack") != []


def test_each_rough_play_refusal_says_what_was_wrong(state) -> None:
    """The reason a player reads names the rule broken and the card or IL at fault (IL 9.1-9.3)."""
    card = give(state, "dark", "ラフ1")[0]
    dark0, silver0 = cid(state, "ダーク0"), cid(state, "シルバー0")
    cases = [
        (Rough("silver", card, "upper", silver0, dark0), "Silver never makes a rough play"),
        (Rough("dark", "nowhere", "upper", dark0, silver0), "card nowhere is not in your hand"),
        (Rough("dark", card, "middle", dark0, silver0), "side must be upper or lower, not 'middle'"),
        (Rough("dark", card, "upper", silver0, silver0), f"IL {silver0} is not a ready member of your team"),
        (Rough("dark", card, "upper", dark0, dark0), f"target {dark0} is not an opposing IL"),
    ]
    for action, reason in cases:
        with pytest.raises(IllegalAction) as err:
            check_rough(state, action)
        assert err.value.reason == reason, action
    state["pending"] = {"kind": "defence", "seat": "dark"}
    with pytest.raises(IllegalAction) as err:
        check_rough(state, Rough("dark", card, "upper", dark0, silver0))
    assert err.value.reason == "a rough play is made while holding the attack right"

"""IL 5: technique cards — who may use them, stacking, the identical-card ban, discard and reshuffle."""

from __future__ import annotations

import pytest

from referee.engine.errors import IllegalAction
from referee.games.iron_leaguer.actions import AddHalf, Assign, Declare
from referee.games.iron_leaguer.techniques import check_stack, il_may_use

from .conftest import ENGINE, act, cid, give


def test_surplus_heart_makes_up_missing_skill(state) -> None:
    half = {"kind": "any", "heart": 3, "skill": 4, "body": 0}
    il = cid(state, "シルバー0")
    state["ils"][il]["heart"] = 7  # skill 2 + (7 - 3) // 2 = 4
    assert il_may_use(state, il, half)
    state["ils"][il]["heart"] = 6
    assert not il_may_use(state, il, half)


def test_an_il_of_another_kind_cannot_use_the_technique(state) -> None:
    half = state["cards"][cid(state, "strike1")]["attributes"]["upper"]
    assert not il_may_use(state, cid(state, "シルバー0"), half)  # arm/leg
    assert il_may_use(state, cid(state, "シルバー1"), half)  # leg/strike


def test_a_named_technique_is_only_for_the_named_ils(state) -> None:
    half = state["cards"][cid(state, "必殺1")]["attributes"]["upper"]
    state["ils"][cid(state, "シルバー3")]["heart"] = 9
    state["ils"][cid(state, "シルバー4")]["heart"] = 9
    assert il_may_use(state, cid(state, "シルバー3"), half)
    assert not il_may_use(state, cid(state, "シルバー4"), half)


def test_a_defence_only_half_cannot_be_declared_in_attack(state) -> None:
    card = give(state, "dark", "arm1")[0]
    with pytest.raises(IllegalAction) as err:
        act(state, Declare("dark", "attack", ((card, "lower"),)))
    assert (err.value.code, err.value.clause) == ("wrong_timing", "5.4.2")


def test_the_same_technique_twice_in_one_attack_is_refused(state) -> None:
    first, second = give(state, "dark", "補助1", "補助B1")
    state["cards"] = {
        **state["cards"],
        second: {
            **state["cards"][second],
            "attributes": {
                **state["cards"][second]["attributes"],
                "upper": state["cards"][first]["attributes"]["upper"],
            },
        },
    }
    with pytest.raises(IllegalAction) as err:
        check_stack(state, "dark", "attack", ((first, "upper"), (second, "upper")))
    assert (err.value.code, err.value.clause) == ("identical_technique", "5.4.7")


def test_two_lower_half_defences_may_be_used_together(state) -> None:
    first, second = give(state, "silver", "arm1", "leg1")
    assert check_stack(state, "silver", "defence", ((first, "lower"), (second, "lower")))


def test_a_declared_stack_may_grow_one_half_at_a_time(state) -> None:
    twin, support = give(state, "dark", "arm連携1", "補助1")
    for il in state["teams"]["dark"]:
        state["ils"][il]["heart"] = 6
    state, _ = act(state, Declare("dark", "attack", ((twin, "upper"),)))
    assert AddHalf("dark", support, "upper") in ENGINE.legal_actions(state, "dark")
    state, _ = act(state, AddHalf("dark", support, "upper"))
    assert state["pending"]["halves"] == [[twin, "upper"], [support, "upper"]]


def test_a_half_that_does_not_fit_the_stack_is_not_added(state) -> None:
    one, two = give(state, "dark", "strike1", "strike連携1")
    state, _ = act(state, Declare("dark", "attack", ((one, "upper"),)))
    assert AddHalf("dark", two, "upper") not in ENGINE.legal_actions(state, "dark")
    with pytest.raises(IllegalAction) as err:
        act(state, AddHalf("dark", two, "upper"))
    assert err.value.code == "persons_differ"


def test_halves_naming_different_persons_cannot_be_stacked(state) -> None:
    one, two = give(state, "dark", "strike1", "strike連携1")
    with pytest.raises(IllegalAction) as err:
        check_stack(state, "dark", "attack", ((one, "upper"), (two, "upper")))
    assert err.value.code == "persons_differ"


def test_a_persons_dash_half_follows_the_other_halves_persons(state, dice) -> None:
    twin, support = give(state, "dark", "strike連携1", "補助1")
    for il in state["teams"]["dark"]:
        state["ils"][il]["heart"] = 6
    state, _ = act(state, Declare("dark", "attack", ((twin, "upper"), (support, "upper"))))
    assert {len(a.ils) for a in ENGINE.legal_actions(state, "dark") if isinstance(a, Assign)} == {2}


def test_used_cards_go_face_up_to_the_discard_pile(state, dice) -> None:
    card = give(state, "dark", "strike1")[0]
    state, _ = act(state, Declare("dark", "attack", ((card, "upper"),)))
    dice(6, 6)
    state, _ = act(state, Assign("dark", (cid(state, "ダーク0"),)))
    assert card in state["tech"]["discard"] and card not in state["hands"]["dark"]


def test_an_acted_il_cannot_be_assigned(state) -> None:
    card = give(state, "dark", "strike1")[0]
    state["ils"][cid(state, "ダーク0")]["acted"] = True
    state, _ = act(state, Declare("dark", "attack", ((card, "upper"),)))
    with pytest.raises(IllegalAction) as err:
        act(state, Assign("dark", (cid(state, "ダーク0"),)))
    assert err.value.code == "bad_users"


def test_an_empty_technique_deck_is_rebuilt_from_the_shuffled_discard(state) -> None:
    from referee.games.iron_leaguer.state import draw_tech

    state["tech"]["discard"] = list(state["tech"]["decks"]["1"])
    state["tech"]["decks"]["1"] = []
    events: list = []
    draw_tech(state, "silver", 2, events, "test")
    assert [e.clause for e in events if e.kind == "shuffle"] == ["5.6"]
    assert len(state["hands"]["silver"]) == 7 and state["tech"]["discard"] == []


def test_a_card_table_replaced_after_a_decision_is_what_the_next_decision_uses(state) -> None:
    card = give(state, "dark", "strike1")[0]
    assert ENGINE.legal_actions(state, "dark")[0] == Declare("dark", "attack", ((card, "upper"),))
    data = state["cards"][card]
    upper = {**data["attributes"]["upper"], "body": 99}  # no IL has body 99 (IL 5.4.4)
    state["cards"] = {**state["cards"], card: {**data, "attributes": {**data["attributes"], "upper": upper}}}
    assert Declare("dark", "attack", ((card, "upper"),)) not in ENGINE.legal_actions(state, "dark")


def test_a_half_that_names_no_value_asks_for_none() -> None:
    """IL 5.4.4/5.4.5 (rules.meets_values): a half without a heart, skill or body value asks nothing of it."""
    from referee.games.iron_leaguer import rules

    assert rules.meets_values({}, 0, 0, 0)
    assert rules.meets_values({"skill": 5}, 4, 3, 0)  # (4 - 0) // 2 = 2 surplus heart makes skill 5
    assert not rules.meets_values({"heart": 5}, 4, 9, 9)
    assert not rules.meets_values({"body": 5}, 9, 9, 4)


def test_a_card_already_in_the_stack_cannot_add_its_other_half(state) -> None:
    """IL 5.2: a card is used for one half only, even when its other half is added later."""
    (twin,) = give(state, "dark", "arm連携1")
    state, _ = act(state, Declare("dark", "attack", ((twin, "upper"),)))
    assert AddHalf("dark", twin, "lower") not in ENGINE.legal_actions(state, "dark")
    with pytest.raises(IllegalAction) as refused:
        act(state, AddHalf("dark", twin, "lower"))
    assert (refused.value.code, refused.value.clause) == ("half_twice", "5.2")


def test_the_teams_masks_read_a_half_without_values_as_il_may_use_does(state) -> None:
    """IL 5.4.4/5.4.5: a half without a heart, skill or body value asks for 0 of it; the listing's per-team masks
    (``Team``) read it as ``il_may_use`` does."""
    from referee.games.iron_leaguer.techniques import Team

    il = cid(state, "シルバー0")
    card = cid(state, "arm1")
    cards = {
        il: {"name": "zero", "card_type": "iron_leaguer", "attributes": {"skill": 0, "body": 0, "kinds": []}},
        card: {"name": "bare", "card_type": "technique", "attributes": {"upper": {"name": "bare", "kind": "any"}}},
    }
    state["cards"] = cards
    state["ils"][il]["heart"] = 0
    half = cards[card]["attributes"]["upper"]
    assert il_may_use(state, il, half)
    assert Team(cards, (il,), (0,)).mask(card, "upper") == 1
    for key in ("heart", "skill", "body"):
        assert Team(cards, (il,), (0,)).mask(card, "upper") == int(il_may_use(state, il, {**half, key: 0}))

"""The engine's caches are invisible (issue 14, "a faster engine core"): what is remembered outside the state —
per card table content (``state.derived``), per seat profile (``techniques.Profile.memo``), the interval's
action lists — never shows through a state changed in place, a state read back from JSON or a changed card
table; and ``apply`` (``state.copy_state`` shares what it only replaces) never changes its input."""

from __future__ import annotations

import copy
import json

from referee.engine.actions import encode
from referee.games.iron_leaguer import interval_steps as steps
from referee.games.iron_leaguer.actions import AddHalf, Assign, Cancel, Declare, Discard, Pass, Refill, Scout
from referee.games.iron_leaguer.state import derived

from .conftest import ENGINE, act, cid, give, new_state, to_interval


def _encoded(state: dict, seat: str) -> list[dict]:
    return [encode(a) for a in ENGINE.legal_actions(state, seat)]


def test_legal_actions_follow_a_state_changed_in_place(state) -> None:
    card = give(state, "dark", "strike1")[0]
    declare = Declare("dark", "attack", ((card, "upper"),))
    assert declare in ENGINE.legal_actions(state, "dark")  # remembered for this hand and profile
    for il in state["teams"]["dark"]:
        state["ils"][il]["acted"] = True  # in place: the same entries, another content
    legal = ENGINE.legal_actions(state, "dark")
    assert declare not in legal and not any(isinstance(a, Declare) for a in legal)  # IL 5.3: nobody ready
    assert Pass("dark", "ready", (state["teams"]["dark"][0],)) in legal  # IL 6.6.3 may ready them
    state["ils"][state["teams"]["dark"][0]]["acted"] = False
    assert declare in ENGINE.legal_actions(state, "dark")


def test_the_assign_step_follows_a_hand_and_heart_changed_in_place(state) -> None:
    first, second = give(state, "dark", "strike1", "補助1")  # "−" persons, any kind: it may join (5.4.3)
    state, _ = act(state, Declare("dark", "attack", ((first, "upper"),)))
    legal = ENGINE.legal_actions(state, "dark")
    assert Cancel("dark") in legal and any(isinstance(a, Assign) for a in legal)
    assert any(isinstance(a, AddHalf) and a.card == second for a in legal)
    state["hands"]["dark"].remove(second)  # in place
    assert not any(isinstance(a, AddHalf) and a.card == second for a in ENGINE.legal_actions(state, "dark"))
    assign = next(a for a in legal if isinstance(a, Assign))
    state["ils"][assign.ils[0]]["acted"] = True  # IL 5.3: an acted IL uses no technique
    assert assign not in ENGINE.legal_actions(state, "dark")


def test_a_state_read_back_from_json_has_the_same_legal_actions_and_applies_the_same(state) -> None:
    for _ in range(3):
        seat = ENGINE.to_act(state)
        twin = json.loads(json.dumps(state))  # another card table object, of the same content
        assert _encoded(twin, seat) == _encoded(state, seat)
        action = ENGINE.legal_actions(state, seat)[0]
        new, events = ENGINE.apply(state, action)
        new_twin, twin_events = ENGINE.apply(twin, encode(action))
        assert json.dumps(new_twin) == json.dumps(new)
        assert [e.as_dict() for e in twin_events] == [e.as_dict() for e in events]
        state = new


def test_card_tables_of_equal_content_share_what_is_derived_and_a_changed_table_does_not() -> None:
    one, two = new_state(), new_state(2)
    assert one["cards"] is not two["cards"] and derived(one["cards"]) is derived(two["cards"])
    card = cid(one, "strike1")
    data = one["cards"][card]
    upper = {**data["attributes"]["upper"], "attack": data["attributes"]["upper"]["attack"] + 1}
    changed = {**one["cards"], card: {**data, "attributes": {**data["attributes"], "upper": upper}}}
    assert derived(changed) is not derived(one["cards"])


def test_a_changed_card_table_changes_the_legal_actions(state) -> None:
    card = give(state, "dark", "strike1")[0]
    declare = Declare("dark", "attack", ((card, "upper"),))
    assert declare in ENGINE.legal_actions(state, "dark")
    data = state["cards"][card]
    upper = {**data["attributes"]["upper"], "heart": 99}  # IL 5.4.4: no IL meets it any more
    state["cards"] = {**state["cards"], card: {**data, "attributes": {**data["attributes"], "upper": upper}}}
    assert declare not in ENGINE.legal_actions(state, "dark")


def test_apply_leaves_the_parts_it_shares_unchanged(state) -> None:
    """Draws, discards and passes replace the hands, the technique zones and the pending decision: the state
    given keeps its own (``copy_state`` shares them)."""
    for action in (Pass("dark", "refresh"), Discard("dark", state["hands"]["dark"][0]), Refill("dark")):
        before = copy.deepcopy(state)
        new, _ = act(state, action)
        assert state == before and new != before
        state = new


def test_the_interval_action_list_follows_the_line_ups(state) -> None:
    to_interval(state, 4, "silver")
    while state["pending"]["kind"] != "action":
        seat = ENGINE.to_act(state)
        state, _ = act(state, ENGINE.default_action(state, seat))
    seat = state["pending"]["seat"]
    listed = ENGINE.legal_actions(state, seat)
    stray = next(il for il in state["il_deck"])
    state["il_deck"].remove(stray)
    state["strays"].append(stray)  # in place: a new stray to scout or persuade (IL 19, 20)
    grown = ENGINE.legal_actions(state, seat)
    scout = Scout(seat, stray)
    assert scout not in listed and (scout in grown) == (stray in steps._scout_targets(state, seat))
    assert _encoded(state, seat) == _encoded(json.loads(json.dumps(state)), seat)

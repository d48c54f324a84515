"""The engine's caches are invisible (issue 14, "a faster engine core"): what is remembered outside the state —
per card table content (``state.derived``), per seat profile (``techniques.Profile.memo``), the interval's
action lists — never shows through a state changed in place, a state read back from JSON or a changed card
table; and ``apply`` (``state.copy_state`` shares what it only replaces) never changes its input."""

from __future__ import annotations

import copy
import json

import pytest

from referee.engine.actions import encode
from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed
from referee.engine.rng import seed_from_int
from referee.games.iron_leaguer import interval_steps as steps
from referee.games.iron_leaguer import state as state_module
from referee.games.iron_leaguer.actions import (
    CACHED_LIMIT,
    MADE_LIMIT,
    AddHalf,
    Assign,
    Cancel,
    Declare,
    Discard,
    Made,
    Pass,
    Refill,
    Scout,
    cached,
)
from referee.games.iron_leaguer.state import derived

from .conftest import ENGINE, act, cid, give, new_state, to_interval
from .pool import pool
from .test_properties import catalogue_pool

pytestmark = pytest.mark.slow  # whole games played twice over (the quick lane: -m 'not slow')


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



def _played_lists(cards: list[dict], seed: int, pure: bool = False) -> list[list[dict]]:
    """Every decision's legal actions (encoded) of one random game; ``pure``: checking also that ``apply``
    leaves the state it is given as it was (its JSON text before and after)."""
    bots = {"silver": make_bot("random", seed), "dark": make_bot("random", seed + 1)}
    state, _ = ENGINE.new_game({}, {"cards": cards}, RngSeed(seed_from_int(seed)))
    lists = []
    while (seat := ENGINE.to_act(state)) is not None:
        actions = ENGINE.legal_actions(state, seat)
        lists.append([encode(a) for a in actions])
        before = json.dumps(state) if pure else ""
        new, _ = ENGINE.apply(state, bots[seat](ENGINE, state, seat, actions))
        assert not pure or json.dumps(state) == before
        state = new
    return lists


def test_remembered_legal_actions_equal_the_ones_worked_out_afresh_over_whole_games() -> None:
    """The same seeded games three times: first with what earlier games left in the caches, then again (every
    list now remembered: the profiles' memos, the interval's action lists, the shared parts), then with every
    cache of the card table's content dropped (all worked out again): the same lists in the same order."""
    for cards, seed in ((catalogue_pool(), 3), (pool(), 5)):
        first = _played_lists(cards, seed, pure=True)
        assert _played_lists(cards, seed) == first
        state_module._CONTENTS.clear()
        state_module._BY_TABLE.clear()
        assert _played_lists(cards, seed) == first


def _action_tables() -> list[tuple[str, Made]]:
    """Every ``Made`` table of the engine's modules, by name (a table, or a table per seat)."""
    import importlib
    import pkgutil

    import referee.games.iron_leaguer as package

    found = []
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for name, value in vars(module).items():
            if isinstance(value, Made):
                found.append((f"{info.name}.{name}", value))
            elif isinstance(value, dict) and value and all(isinstance(v, Made) for v in value.values()):
                found.extend((f"{info.name}.{name}[{seat}]", v) for seat, v in value.items())
    return found


def test_the_action_tables_together_keep_a_bounded_number_of_actions() -> None:
    """Issue 28, point 6 (memory flat over 100 games): at 65,536 actions a table, the 17 tables and ``cached``
    could keep over a million actions, and a 100-game self-play grew 16 MB over its second half; the whole budget
    is now under 100,000 actions (about 45 MB at some 470 bytes an action)."""
    tables = _action_tables()
    assert len(tables) >= 15  # the tables of the match, the interval and its steps, for both seats
    assert len({id(table) for _, table in tables}) == len(tables)
    budget = len(tables) * (MADE_LIMIT + 1) + cached.cache_info().maxsize
    assert budget < 100_000, f"{len(tables)} tables of {MADE_LIMIT} and cached {CACHED_LIMIT}: {budget} actions"


def test_a_table_past_its_limit_starts_again_and_still_makes_equal_actions() -> None:
    table = Made(lambda card: Discard("dark", card))
    first = table["c0"]
    for n in range(MADE_LIMIT * 2 + 10):
        assert table[f"c{n}"] == Discard("dark", f"c{n}")
        assert len(table) <= MADE_LIMIT + 1
    assert table["c0"] == first  # made again after a clear: another object of the same value

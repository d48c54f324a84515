"""The direct-manipulation choices (matches.boards.choices) offer exactly the engine's legal actions: every legal
action is reached by one set of picks, and no set of picks names another action or two at once."""

from __future__ import annotations

import itertools
import json

import pytest

from matches.boards.choices import build_groups, flatten, resolve
from matches.boards.copies import copies_of
from matches.boards.iron_leaguer import IronLeaguerPresenter
from matches.boards.iron_leaguer.choices import COPIES
from matches.boards.presenter import BoardInput
from referee.engine import encode
from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed, get_engine
from referee.engine.replay import play
from referee.engine.rng import seed_from_int
from tests.referee.iron_leaguer.pool import pool

ENGINE = get_engine("iron_leaguer")
PRESENTER = IronLeaguerPresenter()


def _groups(state: dict, seat: str):
    view = ENGINE.view(state, seat)
    legal = [encode(a) for a in ENGINE.legal_actions(state, seat)]
    data = BoardInput(match=None, view={"to_act": seat, "legal_actions": legal}, state=view, seat=seat,
                      names=PRESENTER.names(view))
    return legal, build_groups(legal, lambda a: PRESENTER.choice(a, data)), copies_of(data, COPIES)


def _as_copies(action: dict, copies) -> str:
    """``action`` with its technique cards named by the copy standing for them (the same choice for a person)."""
    out = dict(action)
    if "card" in out:
        out["card"] = copies.value(out["card"])
    if "halves" in out:
        out["halves"] = [[copies.value(card), *rest] for card, *rest in out["halves"]]
    return _key(out)


def _key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def _check(state: dict, seen_types: set[str]) -> None:
    seat = ENGINE.to_act(state)
    if seat is None:
        return
    legal, groups, copies = _groups(state, seat)
    offered = flatten(groups)
    assert len(set(map(_key, offered))) == len(offered) and set(map(_key, offered)) <= set(map(_key, legal))
    # every legal action is offered, or one that differs only by an identical copy in hand is
    assert {_as_copies(a, copies) for a in legal} == {_as_copies(a, copies) for a in offered}
    seen_types.add("merged" if len(offered) < len(legal) else "")
    for group in groups:
        for choice in group.choices:
            seen_types.add(choice.action["type"])
            assert resolve(group, choice.picks) is choice, (group.key, choice.picks)
            for slot in group.slots:  # every option a choice uses is offered in its slot
                offered = {o.value for o in group.options[slot.key]}
                picked = choice.picks[slot.key]
                assert (set(picked) if slot.kind == "count" else {picked}) <= offered
        for slot in group.slots:
            if slot.kind == "one":
                assert len({o.value for o in group.options[slot.key]}) == len(group.options[slot.key])


@pytest.mark.parametrize("seed", [1, 2])
def test_grouped_choices_map_back_to_the_legal_actions_over_whole_games(seed):
    seen: set[str] = set()
    bots = {"silver": make_bot("random", seed), "dark": make_bot("random", seed + 100)}
    state, _ = ENGINE.new_game({}, {"cards": pool()}, RngSeed(seed_from_int(seed)))
    _check(state, seen)
    play(ENGINE, {}, {"cards": pool()}, RngSeed(seed_from_int(seed)), bots,
         on_step=lambda s, action, events: _check(s, seen))
    assert {"declare", "assign", "pass", "rough", "growth_split", "merged"} <= seen  # copies in hand met


def test_rough_play_is_three_picks_not_a_button_per_combination():
    state, _ = ENGINE.new_game({}, {"cards": pool()}, RngSeed(seed_from_int(3)))
    for seed in itertools.count(3):  # a start where Dark holds a rough play
        legal, groups, copies = _groups(state, "dark")
        if any(a["type"] == "rough" for a in legal):
            break
        state, _ = ENGINE.new_game({}, {"cards": pool()}, RngSeed(seed_from_int(seed + 1)))
    rough = next(g for g in groups if g.key == "rough")
    assert [s.key for s in rough.slots] == ["il", "target", "half"]
    assert len(rough.choices) == len({_as_copies(a, copies) for a in legal if a["type"] == "rough"})
    assert sum(len(opts) for opts in rough.options.values()) < len(rough.choices) or len(rough.choices) <= 3


def test_a_partial_pick_names_no_action():
    state, _ = ENGINE.new_game({}, {"cards": pool()}, RngSeed(seed_from_int(1)))
    _, groups, _copies = _groups(state, "dark")
    for group in groups:
        if group.slots:
            first = group.choices[0]
            partial = {group.slots[0].key: first.picks[group.slots[0].key]}
            if len(group.slots) > 1:
                assert resolve(group, partial) is None

"""ダンタリオンドラフト (the publisher's page "dantalion"; docs/rules/legions.md "ダンタリオンドラフト"): the packs from
the committed seed, the opening picks hidden from the other player, the shared deck, the masters chosen in order,
the draft phase in place of the draw, the shared discard, whole games by the bots."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from referee.engine.bots import make_bot
from referee.engine.errors import IllegalAction
from referee.engine.protocol import RngSeed
from referee.engine.replay import play
from referee.engine.rng import seed_from_int
from referee.games.legions import ENGINE
from referee.games.legions.actions import ChooseMaster, Pick
from referee.games.legions.decklist import catalogue_cards, dantalion_decks
from referee.games.legions.draft import KEEP, LOOK, PACK_SIZE, PACKS

ROOT = Path(__file__).resolve().parents[3]


def decks() -> dict:
    document = json.loads((ROOT / "seeds" / "catalogue" / "legions.json").read_text(encoding="utf-8"))
    by_name = catalogue_cards(document)
    cards = [{**by_name[c["name"]], "set": c["set"]} for c in document["cards"]]
    return dantalion_decks(cards)


def new(seed: int = 1, **config) -> dict:
    return ENGINE.new_game({"format": "dantalion", **config}, decks(), RngSeed(seed_from_int(seed)))[0]


def test_each_player_opens_two_boosters_of_ten_different_cards_of_the_set_from_the_seed() -> None:
    state = new(first="p1")
    pool = {c["name"] for c in decks()["pool"]}
    for seat in ("p1", "p2"):
        opened = state["draft"]["opened"][seat]
        assert len(opened) == PACKS * PACK_SIZE
        for pack in (opened[:PACK_SIZE], opened[PACK_SIZE:]):
            names = [state["cards"][c]["name"] for c in pack]
            assert len(set(names)) == PACK_SIZE and set(names) <= pool
    def names(s: dict) -> list[str]:
        return [s["cards"][c]["name"] for seat in ("p1", "p2") for c in s["draft"]["opened"][seat]]

    assert names(new(first="p1")) == names(state)  # the same seed, the same packs
    assert names(new(seed=2, first="p1")) != names(state)


def test_the_opening_picks_are_three_each_first_player_first_and_hidden_from_the_other() -> None:
    state = new(first="p2")
    opened = {c for seat in ("p1", "p2") for c in state["draft"]["opened"][seat]}
    assert state["pending"]["kind"] == "opening" and state["pending"]["seat"] == "p2"
    theirs = ENGINE.view(state, "p1")
    assert theirs["pending"]["options"] == PACKS * PACK_SIZE  # a count, not the cards
    assert not set(theirs["cards"]) & set(state["draft"]["opened"]["p2"])
    assert set(state["draft"]["opened"]["p2"]) <= set(ENGINE.view(state, "p2")["cards"])
    for seat in ("p2", "p1"):
        for _ in range(KEEP):
            assert ENGINE.to_act(state) == seat
            state, events = ENGINE.apply(state, ENGINE.legal_actions(state, seat)[0])
            assert all(e.to == (seat,) for e in events if e.kind == "opening_picked")
    assert state["pending"]["kind"] == "master" and state["pending"]["seat"] == "p2"
    shared = state["shared"]["deck"]
    assert len(shared) == 2 * PACKS * PACK_SIZE - 2 * KEEP
    assert not set(shared) & set(state["players"]["p1"]["hand"] + state["players"]["p2"]["hand"])
    # the shared deck's cards go under ids no one saw in a booster: a player cannot follow their own cards
    assert not set(shared) & opened and not state["draft"]["opened"] and not state["draft"]["alias"]
    names = sorted(state["cards"][c]["name"] for c in opened if c not in state["players"]["p1"]["hand"]
                   and c not in state["players"]["p2"]["hand"])
    assert sorted(state["cards"][c]["name"] for c in shared) == names  # the same cards, renamed
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Pick(seat="p2", card=shared[0]))


def _through_setup(state: dict) -> dict:
    while state["pending"]["kind"] in ("opening", "master"):
        seat = ENGINE.to_act(state)
        state, _ = ENGINE.apply(state, ENGINE.legal_actions(state, seat)[0])
    return state


def test_the_masters_are_chosen_in_order_each_once_and_the_second_player_gets_its_core() -> None:
    state = new(first="p1")
    state = _through_setup(state)
    p1, p2 = state["players"]["p1"], state["players"]["p2"]
    assert p1["master"] and p2["master"] and p1["master"] != p2["master"]
    assert state["cards"][p1["master"]]["card_type"] == "master"
    # as in constructed play: the second player's core in wait zone 3; the first player's core phase has run
    assert (p1["master_cores"], p2["master_cores"], p2["wz_cores"][2], p1["active"]) == (4, 4, 1, 1)
    assert state["players"]["p1"]["life"] == 20 and len(p1["hand"]) == KEEP


def test_the_draft_phase_looks_at_four_keeps_one_and_discards_three_face_down() -> None:
    state = _through_setup(new(first="p1"))
    # turn 1: the first player's draft phase in place of the draw (no card change)
    assert state["pending"]["kind"] == "draft" and state["pending"]["seat"] == "p1"
    top = state["shared"]["deck"][::-1][:LOOK]
    assert state["pending"]["options"] == top
    assert ENGINE.view(state, "p2")["pending"]["options"] == LOOK
    assert not set(top) & set(ENGINE.view(state, "p2")["cards"])
    state, events = ENGINE.apply(state, Pick(seat="p1", card=top[2]))
    assert top[2] in state["players"]["p1"]["hand"] and state["shared"]["discard"] == [top[0], top[1], top[3]]
    assert ENGINE.view(state, "p2")["shared"] == {"deck": len(state["shared"]["deck"]), "discard": 3, "set": ""}
    assert [e.kind for e in events][:1] == ["draft_pick"] and state["pending"]["kind"] == "main"
    from referee.games.legions.state import owner

    assert owner(state, top[2]) == "p1"
    assert all(owner(state, c) == "" for c in state["shared"]["deck"])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bots_play_whole_draft_games_that_replay_to_one_digest(seed) -> None:
    bots = {"p1": make_bot("greedy", seed), "p2": make_bot("random", seed + 10)}
    config = {"format": "dantalion"}
    state, log = play(ENGINE, config, decks(), RngSeed(seed_from_int(seed)), bots)
    assert ENGINE.outcome(state) is not None
    again = play(ENGINE, config, decks(), RngSeed(seed_from_int(seed)),
                 {"p1": make_bot("greedy", seed), "p2": make_bot("random", seed + 10)})[1]
    assert again["digest"] == log["digest"]
    kinds = Counter(e["kind"] for entry in log["entries"] for e in entry["events"])
    assert kinds["master_chosen"] == 2 and kinds["draft_pick"] >= 2 and kinds["opening_pick"] == 2 * KEEP


def test_an_empty_shared_deck_takes_the_shared_discard_and_only_both_empty_lose() -> None:
    state = _through_setup(new(first="p1"))
    state["shared"] = {"deck": [], "discard": list(state["shared"]["deck"])}
    state["pending"], state["step"] = None, "draw.draft"
    events: list = []
    from referee.games.legions import flow

    flow.advance(state, events)
    assert "reshuffle" in [e.kind for e in events] and state["pending"]["kind"] == "draft"
    state["shared"] = {"deck": [], "discard": []}
    state["pending"], state["step"] = None, "draw.draft"
    flow.advance(state, events)
    assert ENGINE.outcome(state).winner == "p2"


def test_a_pool_too_small_or_without_two_masters_is_refused_by_name() -> None:
    pool = decks()
    with pytest.raises(ValueError, match="10 different cards"):
        ENGINE.new_game({"format": "dantalion"}, {**pool, "pool": pool["pool"][:5]}, RngSeed(seed_from_int(1)))
    with pytest.raises(ValueError, match="two master"):
        ENGINE.new_game({"format": "dantalion"}, {**pool, "masters": pool["masters"][:1]}, RngSeed(seed_from_int(1)))
    with pytest.raises(ValueError, match="unknown Legions format"):
        ENGINE.new_game({"format": "sealed"}, pool, RngSeed(seed_from_int(1)))
    assert ChooseMaster  # the action of the master choice (encoded as choose_master)

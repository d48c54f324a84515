"""The search bot (issue 28): it never peeks, it plays only legal moves, and it is deterministic from its seed.

Never peeks: its input is the seat's information set (``referee.engine.information``), built from the true
state; two states that differ only in the other seat's hidden cards (swapped for others consistent with what the
seat has seen) give the same information set and, with a fixed seed, the same decision. The set holds no secret
seed and none of the other seat's hidden cards."""

from __future__ import annotations

import json
import random

import pytest

from referee.engine import rng
from referee.engine.bots import make_bot
from referee.engine.information import information_set
from referee.engine.knowledge import knowledge_for
from referee.engine.protocol import RngSeed, get_engine
from referee.engine.search import Budget, search
from referee.games.riders_legend.setup import aura_cards

from .iron_leaguer.pool import pool
from .legions import conftest as legions
from .riders_legend import conftest as riders

GAMES = ("iron_leaguer", "legions", "riders_legend")
SMALL = Budget(iterations=24, depth=6)


def _decks(game: str) -> dict:
    return {"iron_leaguer": lambda: {"cards": pool()}, "legions": legions.decks, "riders_legend": riders.decks}[game]()


def _mid_game(game: str, seed: int, moves: int) -> tuple[dict, str]:
    """A state after ``moves`` greedy moves (or more, until the seat to act has a real choice), and that seat."""
    engine = get_engine(game)
    state, _ = engine.new_game({}, _decks(game), RngSeed(rng.seed_from_int(seed)))
    bot = make_bot("greedy", seed)
    made = 0
    while (seat := engine.to_act(state)) is not None:
        actions = engine.legal_actions(state, seat)
        if made >= moves and len(actions) > 1:
            return state, seat
        state, _ = engine.apply(state, bot(engine, state, seat, actions))
        made += 1
    raise AssertionError("the game ended first")


def _swapped(game: str, state: dict, seat: str, swap: random.Random) -> dict:
    """``state`` with the cards hidden from ``seat`` changed for others it could not tell apart: the other seat's
    hidden cards (Legions, Riders' Legend) become other cards of the game; a fixed set's hidden cards (Iron
    Leaguer's decks) are dealt again among their places."""
    engine = get_engine(game)
    visible = set(engine.view(state, seat)["cards"])
    hidden = [ref for ref in state["cards"] if ref not in visible]
    cards = dict(state["cards"])
    if game == "iron_leaguer":
        by_kind: dict[tuple, list[str]] = {}
        for ref in hidden:
            data = cards[ref]
            by_kind.setdefault((data["card_type"], (data.get("attributes") or {}).get("period")), []).append(ref)
        for refs in by_kind.values():
            datas = [cards[r] for r in refs]
            swap.shuffle(datas)
            cards.update(zip(refs, datas, strict=True))
    else:
        theirs = [ref for ref in hidden if cards[ref]["owner"] != seat]
        others = [data for data in state["cards"].values()
                  if data["card_type"] not in ("master", "eyecatch") and data["owner"] == seat]
        standby = {ref for s in ("p1", "p2") for zone in ("standby", "arriving")
                   for ref in (state["players"][s].get(zone) or [])}
        for ref in theirs:
            if ref in standby or cards[ref]["card_type"] in ("master", "eyecatch"):
                continue  # a standby card stays a minion or skill; a master or eyecatch stays itself
            cards[ref] = {**swap.choice(others), "owner": cards[ref]["owner"]}
    changed = {**state, "cards": cards}
    if game == "riders_legend":
        changed["auras"] = aura_cards(cards)
    return changed


@pytest.mark.parametrize("game", GAMES)
def test_the_decision_is_the_same_whatever_the_other_seats_hidden_cards_are(game):
    engine = get_engine(game)
    knowledge = knowledge_for(game)
    state, seat = _mid_game(game, seed=3, moves={"iron_leaguer": 60}.get(game, 20))
    info = information_set(engine, state, seat, knowledge.group_of, knowledge.derived)
    assert "seed" not in info.state["rng"]
    chosen = search(engine, info, knowledge, SMALL, seed=11)
    changes = 0
    for attempt in range(3):
        other = _swapped(game, state, seat, random.Random(attempt))
        if other["cards"] == state["cards"]:
            continue
        changes += 1
        assert engine.view(other, seat) == engine.view(state, seat), "the swap changed what the seat sees"
        again = information_set(engine, other, seat, knowledge.group_of, knowledge.derived)
        assert again.key() == info.key(), "the information set tells the hidden cards apart"
        assert search(engine, again, knowledge, SMALL, seed=11) == chosen
    assert changes, "no hidden card could be swapped: the test checked nothing"


@pytest.mark.parametrize("game", ("legions", "riders_legend"))
def test_the_information_set_names_none_of_the_other_seats_hidden_cards(game):
    engine = get_engine(game)
    knowledge = knowledge_for(game)
    state, seat = _mid_game(game, seed=5, moves=20)
    info = information_set(engine, state, seat, knowledge.group_of, knowledge.derived)
    text = json.dumps(info.state, ensure_ascii=False)
    visible = set(engine.view(state, seat)["cards"])
    hidden = [ref for ref, data in state["cards"].items() if ref not in visible and data["owner"] != seat]
    assert hidden
    assert not [ref for ref in hidden if f'"{ref}"' in text], "a hidden card's id is in the information set"
    assert "other" not in info.pools  # the other seat's deck list is never given


# Iron Leaguer's games are ten times longer: its first 250 moves here (the bench plays whole games, bench/bots.py).
MOVES = {"iron_leaguer": 250}


@pytest.mark.parametrize("game", GAMES)
def test_the_search_bot_plays_with_legal_moves_only(game):
    engine = get_engine(game)
    state, _ = engine.new_game({}, _decks(game), RngSeed(rng.seed_from_int(7)))
    bots = {seat: make_bot("easy", i) for i, seat in enumerate(engine.seats)}
    moves, most = 0, MOVES.get(game, 3000)
    while (seat := engine.to_act(state)) is not None and moves < most:
        actions = engine.legal_actions(state, seat)
        action = bots[seat](engine, state, seat, actions)
        assert action in actions
        state, _ = engine.apply(state, action)
        moves += 1
    assert moves == most or engine.outcome(state) is not None, f"the game did not end in {moves} moves"


def test_the_same_seed_makes_the_same_decision():
    engine = get_engine("legions")
    knowledge = knowledge_for("legions")
    state, seat = _mid_game("legions", seed=9, moves=15)
    info = information_set(engine, state, seat, knowledge.group_of, knowledge.derived)
    assert search(engine, info, knowledge, SMALL, seed=4) == search(engine, info, knowledge, SMALL, seed=4)


def _draft_mid_game(seed: int, moves: int) -> tuple[dict, str]:
    """A Dantalion Draft (``referee.games.legions.draft``) after ``moves`` greedy moves, at a real choice of the
    seat to act outside its draft phase (the shared deck then wholly hidden from it)."""
    from .legions.test_dantalion import decks as draft_decks

    engine = get_engine("legions")
    state, _ = engine.new_game({"format": "dantalion"}, draft_decks(), RngSeed(rng.seed_from_int(seed)))
    bot = make_bot("greedy", seed)
    made = 0
    while (seat := engine.to_act(state)) is not None:
        actions = engine.legal_actions(state, seat)
        if made >= moves and len(actions) > 1 and state["pending"]["kind"] == "main":
            return state, seat
        state, _ = engine.apply(state, bot(engine, state, seat, actions))
        made += 1
    raise AssertionError("the game ended first")


def test_in_a_draft_the_bot_cannot_tell_where_its_own_opened_cards_lie_in_the_shared_deck():
    # ダンタリオンドラフト: the seat saw its own boosters, but the shuffle hides where their cards went. Two
    # states with the shared deck in another order (and the other seat's hand dealt from it) are the same
    # information set and the same decision; the card ids name no booster.
    engine = get_engine("legions")
    knowledge = knowledge_for("legions")
    state, seat = _draft_mid_game(seed=4, moves=12)
    assert state["shared"]["deck"] and not state["draft"]["opened"]
    assert all(ref.startswith(("d", "m")) and data["owner"] == "" for ref, data in state["cards"].items())
    info = information_set(engine, state, seat, knowledge.group_of, knowledge.derived)
    chosen = search(engine, info, knowledge, SMALL, seed=5)
    other_hand = state["players"]["p1" if seat == "p2" else "p2"]["hand"]
    hidden = [*state["shared"]["deck"], *other_hand]
    for attempt in range(3):
        order = list(hidden)
        random.Random(attempt).shuffle(order)  # the same cards, in other places (ids and all)
        cards = dict(state["cards"]) | {ref: state["cards"][new] for ref, new in zip(hidden, order, strict=True)}
        deck = list(state["shared"]["deck"])
        random.Random(attempt).shuffle(deck)
        other = {**state, "cards": cards, "shared": {**state["shared"], "deck": deck}}
        assert engine.view(other, seat) == engine.view(state, seat)
        again = information_set(engine, other, seat, knowledge.group_of, knowledge.derived)
        assert again.key() == info.key(), "the information set tells the shared deck's cards apart"
        assert search(engine, again, knowledge, SMALL, seed=5) == chosen
    assert set(info.groups.values()) >= {"shared"}


def test_the_search_bot_plays_a_whole_dantalion_draft_with_legal_moves_only():
    from .legions.test_dantalion import decks as draft_decks

    engine = get_engine("legions")
    state, _ = engine.new_game({"format": "dantalion"}, draft_decks(), RngSeed(rng.seed_from_int(8)))
    bots = {"p1": make_bot("easy", 1), "p2": make_bot("greedy", 2)}
    moves = 0
    while (seat := engine.to_act(state)) is not None and moves < 3000:
        actions = engine.legal_actions(state, seat)
        action = bots[seat](engine, state, seat, actions)
        assert action in actions
        state, _ = engine.apply(state, action)
        moves += 1
    assert engine.outcome(state) is not None



def _places(state: dict, names: set[str]) -> list[str]:
    """The hidden places of ``state``: the placeholders of ``names`` in the order a fixed reading of its body
    first meets them (``information._order``; a relabelled deal meets its places in the same order)."""
    from referee.engine.information import _order

    found: dict[str, str] = {}
    _order({k: v for k, v in state.items() if k not in ("cards", "rng", "ils", "auras")}, names, found)
    return list(found)


@pytest.mark.parametrize("game", GAMES)
def test_a_deal_lays_each_known_pool_on_its_places_and_changes_nothing_of_the_set(game):
    # The dealer shuffles which placeholder stands where (the same deals as shuffling the cards, relabelled):
    # a place keeps its group, every deal holds each known group's pool exactly on that group's places, deals
    # differ, a deal can be played, and the set is unchanged.
    from collections import Counter

    from referee.engine.information import Dealer
    from referee.engine.search import _seed_part

    engine = get_engine(game)
    knowledge = knowledge_for(game)
    state, seat = _mid_game(game, seed=3, moves={"iron_leaguer": 60}.get(game, 20))
    info = information_set(engine, state, seat, knowledge.group_of, knowledge.derived)
    before = info.key()
    places = _places(info.state, set(info.groups))
    assert info.pools and len(places) == len(info.groups)
    dealer = Dealer(info, knowledge.prior(info), _seed_part, knowledge.rebuild)
    deal_rng = random.Random(1)
    layouts = set()
    for _ in range(8):
        dealt = dealer.deal(deal_rng)
        laid = _places(dealt, set(info.groups))
        assert [info.groups[n] for n in laid] == [info.groups[n] for n in places], "a place changed its group"
        for group, cards in info.pools.items():
            on_places = [json.dumps(dealt["cards"][new], sort_keys=True)
                         for old, new in zip(places, laid, strict=True) if info.groups[old] == group]
            assert Counter(on_places) == Counter(json.dumps(card, sort_keys=True) for card in cards), group
        layouts.add(tuple(dealt["cards"][name]["name"] for name in laid))
        engine.apply(dealt, engine.legal_actions(dealt, seat)[0])
    assert len(layouts) > 1, "every deal laid the cards alike"
    assert info.key() == before, "a deal changed the information set"
    same = [Dealer(info, knowledge.prior(info), _seed_part, knowledge.rebuild).deal(random.Random(1))
            for _ in range(2)]
    assert same[0] == same[1], "a deal is not a function of its seed"
    if game == "iron_leaguer":  # every hidden group known: one card table for every deal of the set
        assert dealer.deal(deal_rng)["cards"] is dealer.deal(deal_rng)["cards"]


def test_a_playout_goes_on_past_its_depth_while_the_position_is_not_settled():
    """``Knowledge.settled``: a playout at its depth goes on while the evaluation cannot judge the position, for
    at most the depth again; a game that says every position is settled searches exactly as one that says
    nothing (the same moves made, the same decision)."""
    import dataclasses

    game = "iron_leaguer"
    state, seat = _mid_game(game, 3, 30)
    base = knowledge_for(game)
    info = information_set(get_engine(game), state, seat, base.group_of, base.derived)

    def run(settled):
        engine = get_engine(game)
        counted = {"moves": 0}

        class Counting:  # the engine, counting the moves the search makes
            def __getattr__(self, name):
                return getattr(engine, name)

            def apply(self, state, action):
                counted["moves"] += 1
                return engine.apply(state, action)

        knowledge = dataclasses.replace(base, settled=settled)
        return repr(search(Counting(), info, knowledge, SMALL, 11)), counted["moves"]

    unset = run(None)
    assert run(lambda state: True) == unset
    never, moves = run(lambda state: False)
    assert unset[1] < moves <= unset[1] + SMALL.iterations * SMALL.depth

"""The analysis of a finished game (issue 28, point 5; ``referee.engine.analysis``): each decision of a seat with a
choice is weighed, the chosen action beside the search's best, deterministically; a random player's choices lose
more than the greedy bot's."""

from __future__ import annotations

import statistics

import pytest

from referee.engine import rng
from referee.engine.analysis import analyse, count_decisions
from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed, get_engine
from referee.engine.replay import play

from .test_search_bot import _decks


def _log(game: str, seed: int, kinds: tuple[str, str]) -> dict:
    engine = get_engine(game)
    bots = {seat: make_bot(kind, seed + i) for i, (seat, kind) in enumerate(zip(engine.seats, kinds, strict=True))}
    _, log = play(engine, {}, _decks(game), RngSeed(rng.seed_from_int(seed)), bots)
    return log


@pytest.fixture(scope="module")
def legions_log() -> dict:
    return _log("legions", 4102, ("greedy", "random"))


def test_every_decision_with_a_choice_is_weighed(legions_log):
    engine = get_engine("legions")
    seat = engine.seats[1]
    found = analyse(legions_log, seat, level="easy", seed=7)
    assert len(found) == count_decisions(legions_log, seat) > 5
    entries = [a.entry for a in found]
    assert entries == sorted(set(entries))
    for a in found:
        assert legions_log["entries"][a.entry]["action"] == a.chosen
        assert legions_log["entries"][a.entry]["action"]["seat"] == seat
        assert 0.0 <= a.chosen_value <= 1.0 and 0.0 <= a.best_value <= 1.0
        assert a.drop == round(max(0.0, a.best_value - a.chosen_value), 4)
        assert a.options > 1
        if a.best == a.chosen:
            assert a.drop == 0.0


def test_the_analysis_is_deterministic(legions_log):
    seat = get_engine("legions").seats[0]
    first = [a.as_dict() for a in analyse(legions_log, seat, level="easy", seed=3)]
    assert first == [a.as_dict() for a in analyse(legions_log, seat, level="easy", seed=3)]


def test_a_random_players_choices_lose_more_than_the_greedy_bots(legions_log):
    greedy, randomer = get_engine("legions").seats
    mean = {seat: statistics.mean(a.drop for a in analyse(legions_log, seat, level="easy", seed=11))
            for seat in (greedy, randomer)}
    assert mean[randomer] > 1.5 * mean[greedy]


@pytest.mark.parametrize("game", ["riders_legend", "iron_leaguer"])
def test_the_other_games_are_weighed(game):
    log = _log(game, 4202, ("greedy", "random"))
    seat = get_engine(game).seats[0]
    log = {**log, "entries": log["entries"][:120]}  # the first decisions are enough; the game need not end
    found = analyse(log, seat, level="easy", seed=1)
    assert found and all(0.0 <= a.chosen_value <= 1.0 for a in found)


def test_bad_arguments_are_refused(legions_log):
    with pytest.raises(ValueError, match="no seat 'p9'"):
        analyse(legions_log, "p9")
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        analyse(legions_log, get_engine("legions").seats[0], level="expert")

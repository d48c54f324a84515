"""The Iron Leaguer knowledge of the search bot (issue 28, ``referee.games.iron_leaguer.knowledge``): what its
evaluation counts (IL 22.1: only World Tour wins end the game), where a playout may stop (not inside an exchange,
IL 5–8), and the moves the search weighs (the greedy bot's best few, never a ``Cancel``, IL 5.2; a
growth split's best ways, IL 11.6). A bench found each of these wrong: the bot lost 16 of 18 games to the greedy
bot at normal."""

from __future__ import annotations

import copy

from referee.engine.protocol import get_engine
from referee.games.iron_leaguer import knowledge
from referee.games.iron_leaguer.actions import Cancel, Declare, GrowthSplit
from referee.games.iron_leaguer.bot import greedy_score, p2d6

from .conftest import act, give
from .test_growth import twin_attack


def _with_results(state: dict, *results: tuple[int, str]) -> dict:
    state = copy.deepcopy(state)
    state["results"] = [{"scene": scene, "winner": winner, "score": {}, "lost_by": 1, "rough_plays": 0}
                        for scene, winner in results]
    return state


def test_a_world_tour_win_is_worth_more_than_any_number_of_earlier_scenes(state) -> None:
    # IL 22.1: two World Tour wins end the game; the earlier scenes only bring growth and the first attack
    world_tour = _with_results(state, (13, "dark"))
    earlier = _with_results(state, (1, "dark"), (3, "dark"), (5, "dark"), (7, "dark"))
    assert knowledge.evaluate(world_tour, "dark") > knowledge.evaluate(earlier, "dark") > 0.5
    assert knowledge.evaluate(earlier, "silver") < 0.5
    # a point of the scene under way counts for its share of the scene (IL 4.4: 2, 3 or 5 points)
    state = copy.deepcopy(state)
    state["match"]["score"]["dark"] = 1
    assert knowledge.evaluate(state, "dark") > 0.5


def test_a_stronger_team_and_hand_are_worth_more_but_a_card_little(state) -> None:
    even = knowledge.evaluate(state, "dark")
    hearted = copy.deepcopy(state)
    for il in hearted["teams"]["dark"][:4]:
        hearted["ils"][il]["heart"] += 1  # four growth checks won
    fewer = copy.deepcopy(state)
    fewer["hands"]["dark"] = fewer["hands"]["dark"][:-1]  # a card spent
    assert knowledge.evaluate(hearted, "dark") > even > knowledge.evaluate(fewer, "dark")
    # a card spent costs less than a point of the scene under way (the bot had hoarded cards and passed)
    scored = copy.deepcopy(fewer)
    scored["match"]["score"]["dark"] = 1
    assert knowledge.evaluate(scored, "dark") > even


def test_a_playout_does_not_stop_inside_an_exchange(state) -> None:
    assert knowledge.settled(state)  # the attack decision: an exchange to come
    card = give(state, "dark", "トライ1")[0]
    declared, _ = act(state, Declare("dark", "attack", ((card, "upper"),)))
    assert declared["pending"]["kind"] == "assign" and not knowledge.settled(declared)


def test_the_search_weighs_the_greedy_bots_best_moves_and_never_a_cancel(state) -> None:
    card = give(state, "dark", "トライ1")[0]
    declared, _ = act(state, Declare("dark", "attack", ((card, "upper"),)))
    legal = list(get_engine("iron_leaguer").legal_actions(declared, "dark"))
    assert Cancel("dark") in legal
    # every way to assign the users and to add a half, and the cancel, all with a score (IL 5.2–5.4)
    weighed = knowledge.considered(declared, "dark", legal)
    assert Cancel("dark") not in weighed and len(weighed) == min(knowledge.CANDIDATES, len(legal) - 1)
    assert [a for a in legal if a in weighed] == list(weighed)  # in their legal order
    left_out = [greedy_score(declared, a) for a in legal if a not in weighed and a != Cancel("dark")]
    assert all(greedy_score(declared, a) >= max(left_out, default=-1e9) for a in weighed)
    # the greedy bot's own choice is always among them
    assert max(legal, key=lambda a: greedy_score(declared, a)) in weighed


def test_of_a_growth_split_only_the_ways_with_the_most_expected_hearts_are_weighed(state, dice) -> None:
    state, _, users = twin_attack(state, dice)
    legal = list(get_engine("iron_leaguer").legal_actions(state, "dark"))
    assert len(legal) > 1 and all(type(a) is GrowthSplit for a in legal)
    weighed = knowledge.considered(state, "dark", legal)
    hearts = {a.parts: sum(p2d6(part) for part in a.parts) for a in legal}  # IL 11.2: 2d6 at most the part
    assert weighed == [GrowthSplit("dark", users[0], (7,))] and hearts[(7,)] == max(hearts.values())


def _weighed_by_scoring_all(state: dict, legal) -> list:
    """``considered`` as it was first written: every legal action scored, the best ``CANDIDATES`` but a Cancel."""
    scores = [greedy_score(state, a) for a in legal]
    kept = sorted((i for i, a in enumerate(legal) if type(a) is not Cancel), key=lambda i: -scores[i])
    return [legal[i] for i in sorted(kept[: knowledge.CANDIDATES])]


def test_the_weighed_moves_are_those_of_scoring_every_legal_action() -> None:
    # ``considered`` scores a training or assignment part of a list (IL 18.3, 5.4.3) once per its ILs' numbers
    # (``_part_best``): whole games of the greedy bot against random check it weighs the same moves
    from referee.engine.bots import make_bot
    from referee.engine.listing import Listing
    from referee.games.iron_leaguer.actions import Training

    from .conftest import ENGINE, new_state

    trainings = 0
    for seed in (5, 6):
        state = new_state(seed)
        bots = {"silver": make_bot("greedy", seed), "dark": make_bot("random", seed + 1)}
        moves = 0
        while (seat := ENGINE.to_act(state)) is not None and moves < 1500:
            legal = ENGINE.legal_actions(state, seat)
            if len(legal) > 1 and state["pending"]["kind"] != "growth":
                assert list(knowledge.considered(state, seat, legal)) == _weighed_by_scoring_all(state, legal)
                trainings += isinstance(legal, Listing) and any(type(a) is Training for a in legal)
            state, _ = ENGINE.apply(state, bots[seat](ENGINE, state, seat, legal))
            moves += 1
    assert trainings > 20  # the intervals' lists were met


def test_two_assignment_lists_of_the_same_ils_in_groups_of_two_and_of_three_are_weighed_apart(state) -> None:
    # C(5, 2) = C(5, 3) = 10: the kept best of a part was found by its length, so a three-IL technique's
    # assignment was weighed with the two-IL list's answer (a hash of the bench's decisions changed)
    from referee.engine.listing import Listing
    from referee.games.iron_leaguer.match import _assign_actions

    users = tuple(state["teams"]["dark"][:5])
    for i, il in enumerate(users):
        state["ils"][il]["penalty"] = i % 3  # weights that order the combinations differently
    for persons in (2, 3, 2):
        legal = Listing((_assign_actions("dark", users, persons),))
        assert len(legal) == 10
        assert list(knowledge.considered(state, "dark", legal)) == _weighed_by_scoring_all(state, legal), persons

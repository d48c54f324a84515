"""Swiss pairings, the MTR tiebreakers and the top cut's bracket (issue 30, point 2; ``tournaments.swiss``),
checked against arithmetic done by hand."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from tournaments.swiss import Played, bracket, pair, standings

THIRD = F(1, 3)


def test_standings_follow_the_mtr_tiebreakers_worked_by_hand():
    # A 4-player event, 2 rounds: A beat B 2-1, C drew D 1-1 (+1 drawn game); A beat C 2-0, B beat D 2-1.
    played = [Played("A", "B", 2, 1), Played("C", "D", 1, 1, 1), Played("A", "C", 2, 0), Played("B", "D", 2, 1)]
    rows = {s.player: s for s in standings("ABCD", played)}
    assert [s.player for s in standings("ABCD", played)] == ["A", "B", "C", "D"]
    assert (rows["A"].points, rows["B"].points, rows["C"].points, rows["D"].points) == (6, 3, 1, 1)
    # match-win: A 6/6, B 3/6, C 1/6, D 1/6; opponents' are floored at 1/3 for OMW
    assert rows["A"].omw == (F(1, 2) + THIRD) / 2  # B 1/2, C 1/6 -> 1/3
    assert rows["B"].omw == (1 + THIRD) / 2  # A 1, D 1/6 -> 1/3
    # game-win: A won 4 of 5 games (12 of 15 points); C: 1 win + 1 draw of 5 games = 4/15
    assert rows["A"].gw == F(12, 15) and rows["C"].gw == F(4, 15)
    # C's opponents D (gw: 1 win, 1 draw over 3 games, then 1 win over 3 games: 7/18) and A (12/15)
    assert rows["C"].ogw == (F(7, 18) + F(12, 15)) / 2
    # C and D both have 1 point: OMW decides (C met A and D; D met C and B)
    assert rows["C"].omw == (1 + THIRD) / 2 and rows["D"].omw == (THIRD + F(1, 2)) / 2
    assert rows["C"].rank < rows["D"].rank


def test_a_bye_is_a_2_0_win_for_its_player_and_no_opponent_of_anyone():
    rows = {s.player: s for s in standings("ABC", [Played("A", "B", 0, 2), Played("C", None)])}
    assert rows["C"].points == 3 and rows["C"].gw == 1 and rows["C"].opponents == ()
    assert rows["C"].omw == 0  # no opponent yet
    assert rows["B"].opponents == ("A",)


def test_final_ties_go_by_the_lots():
    played = [Played("A", "B", 1, 1), Played("C", "D", 1, 1)]
    assert [s.player for s in standings("ABCD", played, {"D": 1, "C": 2, "B": 3, "A": 4})] == ["D", "C", "B", "A"]


def test_pairing_meets_equal_points_and_gives_the_bye_to_the_lowest_ranked_without_one():
    ranked = ["A", "B", "C", "D", "E"]
    points = {"A": 3, "B": 3, "C": 0, "D": 0, "E": 0}
    played = [Played("A", "C", 1, 0), Played("B", "D", 1, 0), Played("E", None)]
    pairs = pair(ranked, played, points)
    assert pairs[-1] == ("D", None)  # E, the lowest, already had a bye
    assert ("A", "B") in pairs and ("C", "E") in pairs


@pytest.mark.parametrize("players", [8, 9, 12])
def test_seeded_random_events_never_pair_a_rematch_and_give_each_player_one_bye_at_most(players):
    rng = random.Random(players)
    names = [f"p{i:02d}" for i in range(players)]
    played: list[Played] = []
    rounds = 4
    for _ in range(rounds):
        table = standings(names, played)
        pairs = pair([s.player for s in table], played, {s.player: s.points for s in table})
        seen = {frozenset((m.p1, m.p2)) for m in played if m.p2}
        assert all(frozenset(p) not in seen for p in pairs if p[1]), "a rematch"
        assert sorted(n for p in pairs for n in p if n) == sorted(names)  # everyone plays once
        for a, b in pairs:
            played.append(Played(a, None) if b is None else Played(a, b, *rng.choice([(1, 0), (0, 1), (0, 0)]),
                                                                   draws=0))
    byes = [m.p1 for m in played if m.p2 is None]
    assert len(byes) == len(set(byes)) == (rounds if players % 2 else 0)


def test_the_top_cut_bracket_keeps_the_first_two_seeds_apart_until_the_final():
    assert bracket(2) == [(1, 2)]
    assert bracket(4) == [(1, 4), (2, 3)]
    assert bracket(8) == [(1, 8), (4, 5), (2, 7), (3, 6)]
    with pytest.raises(ValueError, match="2, 4 or 8"):
        bracket(6)


def test_a_late_entrys_missed_round_is_a_loss_without_an_opponent_and_no_bye():
    played = [Played("A", "B", 1, 0), Played("C", None, 0, 2)]  # C entered late: round 1 lost
    rows = {s.player: s for s in standings("ABC", played)}
    assert rows["C"].points == 0 and rows["C"].gw == 0 and rows["C"].opponents == ()
    assert Played("C", None, 0, 2).result == "p2" and Played("C", None).result == "p1"
    assert pair(["A", "B", "C"], played[1:], {"A": 0, "B": 0, "C": 0})[-1] == ("C", None)  # C may still get a bye

"""Glicko-2 through the kept ``glicko2`` package, its volatility step corrected (``ratings.glicko``), checked against
Glickman's worked example and against this test's own arithmetic of the whole algorithm for a player away from
1500 (where the package's own f(x) differs)."""

from __future__ import annotations

import math

import glicko2
import pytest

from ratings.glicko import TAU, Rated, period

SCALE = 173.7178


def glickman(r: float, rd: float, vol: float, games: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    """Glicko-2 for one period (Glickman's steps 2-8), written from the paper."""
    mu, phi = (r - 1500) / SCALE, rd / SCALE
    opp = [((rj - 1500) / SCALE, rdj / SCALE, s) for rj, rdj, s in games]

    def g(p: float) -> float:
        return 1 / math.sqrt(1 + 3 * p * p / math.pi**2)

    def e(mj: float, pj: float) -> float:
        return 1 / (1 + math.exp(-g(pj) * (mu - mj)))

    v = 1 / sum(g(pj) ** 2 * e(mj, pj) * (1 - e(mj, pj)) for mj, pj, _ in opp)
    delta = v * sum(g(pj) * (s - e(mj, pj)) for mj, pj, s in opp)
    a = math.log(vol**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / TAU**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > 1e-6:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = c, fc
    new_vol = math.exp(big_a / 2)
    phi_star = math.sqrt(phi**2 + new_vol**2)
    new_phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    new_mu = mu + new_phi**2 * sum(g(pj) * (s - e(mj, pj)) for mj, pj, s in opp)
    return new_mu * SCALE + 1500, new_phi * SCALE, new_vol


GAMES = [(1400, 30, 1.0), (1550, 100, 0.0), (1700, 300, 0.0)]


def test_glickmans_worked_example():
    after = period(Rated(1500, 200, 0.06), [(Rated(r, rd, 0.06), s) for r, rd, s in GAMES])
    assert (round(after.rating, 2), round(after.rd, 2), round(after.vol, 5)) == (1464.05, 151.52, 0.06)


@pytest.mark.parametrize(("rating", "rd", "vol"), [(1800, 80, 0.06), (1200, 250, 0.09), (2100, 60, 0.04)])
def test_a_player_away_from_1500_follows_glickmans_algorithm(rating, rd, vol):
    after = period(Rated(rating, rd, vol), [(Rated(r, d, 0.06), s) for r, d, s in GAMES])
    expected = glickman(rating, rd, vol, GAMES)
    assert after.rating == pytest.approx(expected[0], abs=1e-6)
    assert after.rd == pytest.approx(expected[1], abs=1e-6)
    assert after.vol == pytest.approx(expected[2], abs=1e-9)


def test_the_uncorrected_package_differs_there_which_is_why_we_correct_it():
    raw = glicko2.Player(rating=2100, rd=60, vol=0.04)
    raw.update_player([g[0] for g in GAMES], [g[1] for g in GAMES], [g[2] for g in GAMES])
    assert raw.vol != pytest.approx(glickman(2100, 60, 0.04, GAMES)[2], abs=1e-9)


def test_a_period_without_games_only_widens_the_deviation():
    after = period(Rated(1600, 100, 0.06), [])
    assert after.rating == 1600 and after.rd == pytest.approx(math.sqrt(100**2 + (0.06 * SCALE) ** 2))

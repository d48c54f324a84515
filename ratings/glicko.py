"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2022 revision) through the kept ``glicko2`` package
(deepy/glicko2, MIT): one player's rating period at a time.

The package's volatility step reads the player's rating where Glickman's function f(x) has the rating deviation
(step 5: f(x) = e^x (Δ² − φ² − v − e^x) / 2(φ² + v + e^x)² − (x − a)/τ²): at a rating of 1500 (μ = 0, Glickman's
worked example) the two agree, elsewhere the volatility drifts. ``Player`` corrects that one function; everything
else is the package's. Our tests check Glickman's example and a player away from 1500 against their own
arithmetic of step 5.

Shapes: ratings on the Glicko scale (1500 at the start), ``rd`` the rating deviation (350 at the start), ``vol``
the volatility (0.06); a result is 1 (won), 0.5 (drawn) or 0 (lost)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import glicko2

START = (1500.0, 350.0, 0.06)  # rating, RD, volatility of a new player (Glickman)
TAU = 0.5  # the system constant (the package's; Glickman suggests 0.3 to 1.2)


class Player(glicko2.Player):  # type: ignore[misc] - the package has no type hints
    """``glicko2.Player`` with Glickman's f(x) (the module docstring)."""

    _tau = TAU

    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        phi2 = self._Player__rd ** 2  # the package keeps φ (on the Glicko-2 scale) in its private __rd
        ex = math.exp(x)
        return ex * (delta**2 - phi2 - v - ex) / (2 * (phi2 + v + ex) ** 2) - (x - a) / self._tau**2


@dataclass(frozen=True)
class Rated:
    """A rating: ``rating``, ``rd``, ``vol``."""

    rating: float
    rd: float
    vol: float


def period(current: Rated, games: Sequence[tuple[Rated, float]]) -> Rated:
    """``current`` after one rating period with ``games`` (the opponent's rating at the period's start, the
    result); no game: the deviation grows (Glickman step 6 alone)."""
    player = Player(rating=current.rating, rd=current.rd, vol=current.vol)
    if not games:
        player.did_not_compete()
    else:
        player.update_player([g[0].rating for g in games], [g[0].rd for g in games], [g[1] for g in games])
    return Rated(player.rating, player.rd, player.vol)

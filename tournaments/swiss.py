"""Swiss pairings, standings by the Magic Tournament Rules' tiebreakers, and a seeded single-elimination top cut
(issue 30, point 2). Pure Python, no Django: the tournament services and ``manage.py runtournament`` call it, and
its tests check it against their own arithmetic.

Shapes. A player is a name (``str``). A ``Played`` is one match of the Swiss: ``p1``, ``p2`` (None: a bye),
the games each won and the drawn games. ``standings(players, played, lots)`` ranks everyone; ``pair(ranked,
played, dropped)`` pairs the next round; ``bracket(k)`` is the top cut's first round by seed.

Sources and our readings (docs/tournaments.md):

- MTR appendix C: match points 3 for a win, 1 for a draw, 0 for a loss; game points the same per game. A player's
  match-win percentage is their match points over 3 per match played; the game-win percentage the same over
  games. Opponents' match-win (OMW) and game-win (OGW) percentages are the averages of their opponents'
  percentages, each counted as at least 1/3, byes left out. A bye is a match won 2-0.
- Final ties (same points and the three tiebreakers) go by the event's lots, drawn once from its seed.
- Pairing: players with the same points meet where they can, never twice (a rematch only when no pairing without
  one exists, which a small field late in an event can force), by a maximum-weight matching from networkx (a kept
  library, not a home-made search). With an odd count the bye goes to the lowest-ranked player without one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import networkx as nx

WIN, DRAW = 3, 1  # match and game points (MTR appendix C)
FLOOR = Fraction(1, 3)  # the least a match-win or game-win percentage counts as (MTR C.2)
BYE_GAMES = (2, 0)  # a bye: a match won 2-0


@dataclass(frozen=True)
class Played:
    """One Swiss match: ``p1`` against ``p2``, ``wins1``/``wins2`` the games each won, ``draws`` the drawn
    games. ``p2`` None: no opponent — ``p1``'s bye (a 2-0 win; games left at 0-0 read as one), or, with
    ``wins2`` above ``wins1``, a round lost without playing (a late entry's missed round: 0-2)."""

    p1: str
    p2: str | None
    wins1: int = 0
    wins2: int = 0
    draws: int = 0

    @property
    def result(self) -> str:
        """``"p1"``, ``"p2"`` or ``"draw"``: by games won (a bye is ``p1``'s)."""
        if self.p2 is None:
            return "p2" if self.wins2 > self.wins1 else "p1"
        if self.wins1 > self.wins2:
            return "p1"
        return "p2" if self.wins2 > self.wins1 else "draw"


@dataclass(frozen=True)
class Standing:
    """A player's line: ``rank`` (1 first), ``points``, the percentages (``Fraction``: exact; the command
    rounds them to 4 places; ``mwp`` and ``gw`` the player's own, not floored), ``matches`` played (byes
    included) and ``opponents`` met."""

    rank: int
    player: str
    points: int
    mwp: Fraction
    omw: Fraction
    gw: Fraction
    ogw: Fraction
    matches: int
    opponents: tuple[str, ...]


def _lines(players: Iterable[str], played: Iterable[Played]) -> dict[str, dict]:
    lines = {p: {"points": 0, "matches": 0, "game_points": 0, "games": 0, "opponents": []} for p in players}
    for match in played:
        sides = [(match.p1, match.p2, match.wins1, match.wins2)]
        if match.p2 is None:
            won, lost = (match.wins1, match.wins2) if match.wins1 or match.wins2 else BYE_GAMES
            sides = [(match.p1, None, won, lost)]
        else:
            sides.append((match.p2, match.p1, match.wins2, match.wins1))
        for me, them, won, lost in sides:
            line = lines[me]
            line["matches"] += 1
            line["points"] += WIN if won > lost else DRAW if won == lost else 0
            line["game_points"] += WIN * won + DRAW * match.draws
            line["games"] += won + lost + match.draws
            if them is not None:
                line["opponents"].append(them)
    return lines


def _share(points: int, count: int) -> Fraction:
    return Fraction(points, WIN * count) if count else Fraction(0)


def standings(players: Sequence[str], played: Iterable[Played], lots: Mapping[str, int] | None = None
              ) -> list[Standing]:
    """Every player ranked: points, then OMW, GW and OGW (MTR appendix C), then ``lots`` (lower first; by name
    where none). KeyError names a match of a player not in ``players``."""
    lines = _lines(players, played)
    mwp = {p: _share(line["points"], line["matches"]) for p, line in lines.items()}
    gwp = {p: _share(line["game_points"], line["games"]) for p, line in lines.items()}

    def average(values: list[Fraction]) -> Fraction:
        return sum(values, Fraction(0)) / len(values) if values else Fraction(0)

    rows = []
    for p, line in lines.items():
        opponents = line["opponents"]
        rows.append((p, line["points"], mwp[p], average([max(FLOOR, mwp[o]) for o in opponents]), gwp[p],
                     average([max(FLOOR, gwp[o]) for o in opponents]), line["matches"], tuple(opponents)))
    lots = lots or {}
    rows.sort(key=lambda r: (-r[1], -r[3], -r[4], -r[5], lots.get(r[0], 0), r[0]))
    return [Standing(rank, p, points, m, omw, gw, ogw, matches, opponents)
            for rank, (p, points, m, omw, gw, ogw, matches, opponents) in enumerate(rows, start=1)]


def _met(played: Iterable[Played]) -> tuple[set[frozenset[str]], set[str]]:
    pairs, byes = set(), set()
    for match in played:
        if match.p2 is None:
            if match.result == "p1":  # a bye, not a missed round
                byes.add(match.p1)
        else:
            pairs.add(frozenset((match.p1, match.p2)))
    return pairs, byes


def _matching(ranked: list[str], points: Mapping[str, int], met: set[frozenset[str]], rematches: bool
              ) -> list[tuple[str, str]] | None:
    """A perfect matching of ``ranked`` (even), the highest weight first meeting equal points and near ranks;
    None when none exists without a rematch (``rematches`` False)."""
    graph = nx.Graph()
    graph.add_nodes_from(ranked)
    n = len(ranked)
    for i, a in enumerate(ranked):
        for j in range(i + 1, n):
            b = ranked[j]
            again = frozenset((a, b)) in met
            if again and not rematches:
                continue
            # integer weights: a rematch costs more than any score gap, a score gap more than any rank distance
            weight = 10**12 - (10**9 if again else 0) - (points[a] - points[b]) ** 2 * 10**5 - (j - i)
            graph.add_edge(a, b, weight=weight)
    chosen = nx.max_weight_matching(graph, maxcardinality=True)
    if len(chosen) * 2 != n:
        return None
    order = {p: i for i, p in enumerate(ranked)}
    return sorted((tuple(sorted(pair, key=order.__getitem__)) for pair in chosen),  # type: ignore[misc]
                  key=lambda pair: order[pair[0]])


def pair(ranked: Sequence[str], played: Iterable[Played], points: Mapping[str, int] | None = None
         ) -> list[tuple[str, str | None]]:
    """The next round's pairings of the players still in, ``ranked`` best first (``standings``' order; the
    first round: the lots' order): ``[(p1, p2)]``, the higher-ranked player first, table 1 first, and the bye
    last as ``(player, None)``. ``points`` by player (default 0 each). ValueError for fewer than 2 players."""
    ranked = list(ranked)
    if len(ranked) < 2:
        raise ValueError("a round needs at least two players")
    played = list(played)
    points = {p: (points or {}).get(p, 0) for p in ranked}
    met, byes = _met(played)
    candidates = [p for p in reversed(ranked) if p not in byes] or list(reversed(ranked))
    for rematches in (False, True):
        for bye in candidates if len(ranked) % 2 else [None]:
            rest = [p for p in ranked if p != bye]
            pairs = _matching(rest, points, met, rematches)
            if pairs is not None:
                answer: list[tuple[str, str | None]] = list(pairs)
                return answer + ([(bye, None)] if bye is not None else [])
    raise AssertionError("a complete graph always has a perfect matching")  # pragma: no cover


def bracket(size: int) -> list[tuple[int, int]]:
    """The top cut's first round by seed, for ``size`` 2, 4 or 8: 1 v size, ..., ordered so the first two seeds
    can meet only in the final (``[(1, 8), (4, 5), (2, 7), (3, 6)]``). ValueError for another size."""
    if size not in (2, 4, 8):
        raise ValueError(f"a top cut is of 2, 4 or 8 players, not {size}")
    order = [1]
    while len(order) < size:
        total = len(order) * 2 + 1
        order = [seed for s in order for seed in (s, total - s)]
    return list(zip(order[::2], order[1::2], strict=True))

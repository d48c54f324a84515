"""``manage.py runtournament`` (issue 30, point 4): a 9-player bot event with a top cut of 4 run to the end through
the referee (every game a refereed match, in-process here), its standings checked against this test's own
arithmetic of the tiebreakers, the same seed giving the same document, and bad arguments refused by name."""

from __future__ import annotations

import io
import json
from fractions import Fraction

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from matches.models import Match
from tournaments.models import Pairing, Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


@pytest.fixture
def seeded(transactional_db):
    call_command("loadseeds", verbosity=0)


@pytest.fixture(autouse=True)
def eager():
    """The bots' tasks in-process (as with ``REDIS_URL`` unset)."""
    from config.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("runtournament", *args, stdout=out)
    return out.getvalue()


def _own_standings(document: dict) -> dict[str, tuple[int, float, float, float]]:
    """Points, OMW, GW, OGW from the document's Swiss rounds alone (MTR appendix C, written afresh)."""
    points: dict[str, int] = {}
    matches: dict[str, int] = {}
    game_points: dict[str, int] = {}
    games: dict[str, int] = {}
    opponents: dict[str, list[str]] = {}
    for rnd in document["rounds"]:
        for line in rnd["pairings"]:
            a, b = line["p1"], line["p2"]
            for name in (a, b):
                if name is not None:
                    for table in (points, matches, game_points, games):
                        table.setdefault(name, 0)
                    opponents.setdefault(name, [])
            if b is None:
                points[a] += 3
                matches[a] += 1
                game_points[a] += 6
                games[a] += 2
                continue
            opponents[a].append(b)
            opponents[b].append(a)
            for me in (a, b):
                won = sum(1 for g in line["games"] if g["winner"] == me)
                drawn = sum(1 for g in line["games"] if g["winner"] is None)
                matches[me] += 1
                games[me] += len(line["games"])
                game_points[me] += 3 * won + drawn
                points[me] += {"draw": 1}.get(line["result"], 3 if line[line["result"]] == me else 0)

    def mwp(n: str) -> Fraction:
        return max(Fraction(1, 3), Fraction(points[n], 3 * matches[n]))

    def gwp(n: str, floor: bool = True) -> Fraction:
        share = Fraction(game_points[n], 3 * games[n])
        return max(Fraction(1, 3), share) if floor else share

    def mean(values: list[Fraction]) -> Fraction:
        return sum(values, Fraction(0)) / len(values) if values else Fraction(0)

    return {n: (points[n], round(float(mean([mwp(o) for o in opponents[n]])), 4), round(float(gwp(n, False)), 4),
                round(float(mean([gwp(o) for o in opponents[n]])), 4)) for n in points}


def test_a_nine_player_event_with_a_top_cut_of_four_runs_to_the_end(seeded):
    args = ("--game", "legions", "--players", "9", "--bots", "greedy,random", "--top-cut", "4", "--seed", "3",
            "--json")
    document = json.loads(run(*args))
    assert [r["round"] for r in document["rounds"]] == [1, 2, 3, 4]  # ceil(log2 9)
    for rnd in document["rounds"]:
        assert sum(1 for line in rnd["pairings"] if line["p2"] is None) == 1  # 9 players: one bye a round
        assert all(len(line["games"]) == 1 for line in rnd["pairings"] if line["p2"])  # best of 1
    met = [frozenset((line["p1"], line["p2"])) for rnd in document["rounds"] for line in rnd["pairings"]
           if line["p2"]]
    assert len(met) == len(set(met))  # no rematch
    mine = _own_standings(document)
    rows = document["standings"]
    assert len(rows) == 9 and [r["rank"] for r in rows] == list(range(1, 10))
    for row in rows:
        assert (row["points"], row["omw"], row["gw"], row["ogw"]) == mine[row["player"]], row["player"]
    keys = [(-r["points"], -r["omw"], -r["gw"], -r["ogw"]) for r in rows]
    assert keys == sorted(keys)
    # the cut: 1 v 4 and 2 v 3, then the final between their winners
    assert [len(r["pairings"]) for r in document["cut"]] == [2, 1]
    top = [r["player"] for r in rows[:4]]
    assert [(p["p1"], p["p2"]) for p in document["cut"][0]["pairings"]] == [(top[0], top[3]), (top[1], top[2])]
    finalists = {p[p["result"]] if p["result"] != "draw" else p["p1"] for p in document["cut"][0]["pairings"]}
    assert {document["cut"][1]["pairings"][0]["p1"], document["cut"][1]["pairings"][0]["p2"]} == finalists
    assert document["winner"] in finalists
    # every game was a refereed match that ended
    tournament = Tournament.objects.get()
    assert tournament.status == Tournament.Status.FINISHED
    played = Match.objects.filter(tournament_pairings__tournament=tournament)
    assert played.count() == sum(len(line["games"]) for part in ("rounds", "cut") for r in document[part]
                                 for line in r["pairings"])
    assert set(played.values_list("status", flat=True)) == {Match.Status.FINISHED}
    assert Pairing.objects.filter(tournament=tournament, done=False).count() == 0
    assert json.loads(run(*args)) == document  # same seed, same document


def test_the_text_report_names_rounds_byes_and_standings(seeded):
    out = run("--game", "legions", "--players", "3", "--bots", "greedy", "--rounds", "2", "--seed", "1")
    assert "Round 1" in out and "Round 2" in out and "has a bye (2-0)" in out
    assert "Standings" in out and "greedy-01" in out


@pytest.mark.parametrize(("args", "message"), [
    (("--game", "chess", "--players", "4"), "--game 'chess'"),
    (("--game", "legions", "--players", "1"), "at least 2 players"),
    (("--game", "legions", "--players", "4", "--bots", "greedy,wizard"), "wizard is not a bot"),
    (("--game", "legions", "--players", "4", "--top-cut", "8"), "--top-cut 8"),
    (("--game", "legions", "--players", "4", "--best-of", "2"), "--best-of 2"),
])
def test_bad_arguments_are_refused_by_name_and_nothing_is_made(args, message):
    with pytest.raises(CommandError, match=message):
        run(*args)
    assert not Tournament.objects.exists()

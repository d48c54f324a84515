"""The search bot's benches in a short run (issue 28: "a short bot-versus-bot smoke run in .ci/run"):
``bench/bots.py`` plays whole games and prints the figures and its last line in the issue's shape, resumes from its
results file, and ``bench/bot_soak.py`` self-plays with every action checked."""

from __future__ import annotations

import json
import re

import pytest

from bench import bot_soak, bots

LAST = re.compile(r"^legions easy vs random: (\d+) wins, (\d+) draws, (\d+) losses of (\d+) "
                  r"\((\d+)%, Wilson 95% (\d+)-(\d+)%\)$")


def test_the_wilson_interval_is_the_textbook_one():
    lo, hi = bots.wilson(19, 20)
    assert (round(lo, 3), round(hi, 3)) == (0.764, 0.991)
    assert bots.wilson(0, 0) == (0.0, 1.0)


def test_a_short_strength_run_prints_its_figures_and_resumes(tmp_path, capsys):
    results = tmp_path / "games.jsonl"
    assert bots.main(["--game", "legions", "--level", "easy", "--against", "random", "--games", "2",
                      "--results", str(results)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    wins, draws, losses, n = map(int, LAST.match(out[-1]).groups()[:4])
    assert n == 2 and wins + draws + losses == 2
    assert any(line.startswith("thinking time of easy per decision") for line in out)
    assert any("python " in line and "machine_speed" in line for line in out)
    kept = [json.loads(line) for line in results.read_text().splitlines()]
    assert sorted(r["seed"] for r in kept) == [100_000, 100_001] and {r["level"] for r in kept} == {"easy"}

    assert bots.main(["--game", "legions", "--level", "easy", "--against", "random", "--games", "3",
                      "--results", str(results)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith("interpreter: ") and out[1].startswith("machine: ")  # every bench's header
    assert out[2] == f"2 games already in {results}"
    assert [line for line in out if line.startswith("game ")] == [line for line in out if "100002" in line]
    assert LAST.match(out[-1]).group(4) == "3"


def test_the_strength_run_says_the_wins_by_seat_and_what_the_seats_are_worth_between_equals(capsys):
    # Iron Leaguer's two teams are not even: the bench says what each seat won, and --baseline what the
    # opponent's bot wins against itself in the same seats on the same seeds
    assert bots.main(["--game", "iron_leaguer", "--level", "greedy", "--against", "random", "--games", "2",
                      "--baseline"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    seats = re.fullmatch(r"by seat: dark (\d) of 1 \(\d+%\), silver (\d) of 1 \(\d+%\)", out[-3])
    assert seats, out[-3]
    base = re.fullmatch(r"baseline, random vs random on the same seeds and decks, the seat of the bot under test: "
                        r"dark (\d) of 1 \(\d+%\), silver (\d) of 1 \(\d+%\)", out[-2])
    assert base, out[-2]
    wins = int(re.match(r"iron_leaguer greedy vs random: (\d) wins, ", out[-1]).group(1))
    assert int(seats.group(1)) + int(seats.group(2)) == wins


@pytest.mark.parametrize("game", ["legions", "riders_legend", "iron_leaguer"])
def test_a_short_soak_self_plays_with_every_action_legal(game, capsys):
    assert bot_soak.main(["--game", game, "--level", "easy", "--decisions", "150", "--games", "0"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    found = re.match(rf"^{game} easy soak: (\d+) decisions in (\d+) games, no illegal action, no exception$", last)
    assert found and int(found.group(1)) >= 150


def test_a_soak_of_a_few_games_names_each_game_once_in_its_memory_line(capsys):
    # A soak of 10 games or fewer printed its last game twice ("game 10: …, game 10: …").
    assert bot_soak.main(["--game", "legions", "--level", "easy", "--decisions", "1", "--games", "2"]) == 0
    memory = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("RSS after "))
    assert re.findall(r"game (\d+): [\d.]+ MB", memory) == ["1", "2"], memory

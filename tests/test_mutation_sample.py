"""scripts/mutation_sample.py: a seeded, prefix-filtered sample of mutmut's mutant names."""

from __future__ import annotations

from scripts.mutation_sample import main, sample

LINES = [f"    referee.games.legions.main.x_legal__mutmut_{n}: survived" for n in range(1, 41)] + \
    [f"    referee.games.legions_extra.x_f__mutmut_{n}: killed" for n in range(1, 5)] + \
    ["    decks.legality.common.x__want__mutmut_3: not checked", "not a mutant line"]


def test_a_sample_is_seeded_sorted_and_of_the_prefix_only() -> None:
    first = sample(LINES, "referee.games.legions", 10, seed=26)
    assert first == sample(LINES, "referee.games.legions", 10, seed=26) == sorted(first)
    assert len(set(first)) == 10 and all(n.startswith("referee.games.legions.main.") for n in first)
    assert first != sample(LINES, "referee.games.legions", 10, seed=27)


def test_a_sample_larger_than_the_target_is_the_whole_target() -> None:
    assert sample(LINES, "decks.legality", 5, seed=1) == ["decks.legality.common.x__want__mutmut_3"]


def test_the_command_prints_one_name_a_line_and_fails_on_an_unknown_prefix(tmp_path, capsys) -> None:
    results = tmp_path / "mutants.txt"
    results.write_text("\n".join(LINES), encoding="utf-8")
    assert main([str(results), "referee.games.legions_extra", "2", "--seed", "3"]) == 0
    assert len(capsys.readouterr().out.split()) == 2
    assert main([str(results), "referee.games.riders_legend", "2"]) == 1
    assert "no mutant of referee.games.riders_legend" in capsys.readouterr().err

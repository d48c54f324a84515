"""``manage.py validatedeck``: exit 0 legal, 1 illegal, 2 unreadable; text or JSON report."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from .conftest import SEED_DECKS


def run(*args) -> tuple[int, str]:
    out = io.StringIO()
    with pytest.raises(SystemExit) as stop:
        call_command("validatedeck", *args, stdout=out, stderr=io.StringIO())
    return stop.value.code, out.getvalue()


@pytest.mark.parametrize("path", SEED_DECKS, ids=lambda p: p.stem)
def test_every_sample_deck_is_legal_through_the_command(seeded, path):
    code, out = run(str(path), "--json")
    assert (code, json.loads(out)["legal"]) == (0, True), out


def test_an_illegal_deck_exits_1_with_each_problem_in_json(seeded, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("Game: legions\nDeck\n4 下忍カスミ\n2 存在しないカード\n", encoding="utf-8")
    code, out = run(str(deck), "--json")
    report = json.loads(out)
    assert code == 1 and report["legal"] is False
    assert {"code", "message", "section", "card", "line"} <= set(report["errors"][0])
    assert ("codec.unknown_card", 4) in [(e["code"], e["line"]) for e in report["errors"]]


def test_a_missing_file_exits_2(seeded, tmp_path):
    assert run(str(tmp_path / "nope.txt"))[0] == 2


def test_a_file_of_no_known_game_exits_2(seeded, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("3 something\n", encoding="utf-8")
    assert run(str(deck))[0] == 2


def test_the_format_option_overrides_the_files_format_line(seeded):
    path = next(p for p in SEED_DECKS if p.stem == "iron_leaguer_dark_gold_fighters")
    code, out = run(str(path), "--format", "iron_leaguer_standard", "--json")
    assert code == 1
    assert {e["code"] for e in json.loads(out)["errors"]} == {"iron_leaguer.not_on_side"}


def test_the_text_report_names_the_line_and_the_code(seeded, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("Game: legions\nDeck\n2 ダークフレム\n", encoding="utf-8")
    code, out = run(str(deck))
    assert code == 1 and "line 3" in out and "codec.unknown_card" in out and "ダークフレイム" in out

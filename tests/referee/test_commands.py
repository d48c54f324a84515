"""``manage.py playmatch`` and ``manage.py replay`` over the catalogue in the database."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cards.models import Card as CardRow
from cards.models import CardSet, Game

from .iron_leaguer.pool import pool


@pytest.fixture
def catalogue(db):
    game = Game.objects.create(code="iron_leaguer", name="Iron Leaguer", name_ja="アイアンリーガー")
    card_set = CardSet.objects.create(game=game, code="IL-T", name="Test", name_ja="テスト")
    for i, card in enumerate(pool()):
        CardRow.objects.create(
            game=game,
            card_set=card_set,
            collector_number=f"{i:03d}",
            name=card["name"],
            card_type=card["card_type"],
            attributes=card["attributes"],
        )


def run(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def digest_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("digest:"))


def test_playmatch_with_the_same_seed_prints_the_same_digest(catalogue) -> None:
    first = run("playmatch", "--game", "iron_leaguer", "--bots", "greedy,random", "--seed", "4")
    assert "winner:" in first and "scene  1:" in first
    assert digest_line(first) == digest_line(run("playmatch", "--bots", "greedy,random", "--seed", "4"))


def test_playmatch_with_another_seed_plays_another_game(catalogue) -> None:
    assert digest_line(run("playmatch", "--seed", "4")) != digest_line(run("playmatch", "--seed", "5"))


def test_replay_verifies_a_saved_log_and_refuses_a_tampered_one(catalogue, tmp_path) -> None:
    path = tmp_path / "game.json"
    run("playmatch", "--seed", "3", "--log", str(path))
    assert run("replay", str(path)).startswith("ok:")
    log = json.loads(path.read_text())
    log["seed"] = "00" * 32
    path.write_text(json.dumps(log))
    with pytest.raises(CommandError, match="commitment"):
        run("replay", str(path))


def test_playmatch_without_cards_says_to_load_the_seeds(db) -> None:
    with pytest.raises(CommandError, match="loadseeds"):
        run("playmatch", "--seed", "1")

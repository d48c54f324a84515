"""Fixtures of the card admin tests: a media folder of the test's own, the three games and a set of each, a stored
Legions minion."""

from __future__ import annotations

import pytest

from cards.models import Card, CardSet, Game

from .forms import LEGIONS_MINION, add, card_post


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast admin_user
    return settings.MEDIA_ROOT


@pytest.fixture
def games(db):
    rows = [
        ("legions", "Legions!", "レギオンズ!"),
        ("riders_legend", "Riders' Legend", "仮面ライダー"),
        ("iron_leaguer", "Iron Leaguer", "アイアンリーガー"),
    ]
    return {code: Game.objects.create(code=code, name=name, name_ja=ja) for code, name, ja in rows}


@pytest.fixture
def sets(games):
    return {
        code: CardSet.objects.create(game=game, code=code[:2].upper() + "01", name="Booster 1")
        for code, game in games.items()
    }


@pytest.fixture
def minion(admin_client, sets):
    add(admin_client, card_post(sets, "legions", "minion", LEGIONS_MINION))
    return Card.objects.get()

"""Fixtures for community card data: a small Legions catalogue, a player and an editor (staff in the "Card
editors" group that migrate makes)."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from PIL import Image

from cards.models import CardSet, Game
from community.models import EDITORS_GROUP
from tests.cards.conftest import make_card

PASSWORD = "pw-Shinpan-123"


@pytest.fixture
def catalogue(db):
    game = Game.objects.create(code="legions", name="Legions!", name_ja="レギオンズ!")
    card_set = CardSet.objects.create(game=game, code="LG01", name="Booster 1", name_ja="第1弾", sample_data=True)
    minion = make_card(card_set, "001", "下忍カスミ", "minion",
                       {"colours": ["black"], "unlock_cost": 1, "atk": 2, "hp": 1, "wt": 1},
                       sample_fields=["atk", "hp", "wt", "rarity"], reading="げにんカスミ")
    make_card(card_set, "002", "赤の弓兵", "minion", {"colours": ["red"], "unlock_cost": 1, "atk": 1, "hp": 2, "wt": 1})
    return {"game": game, "set": card_set, "minion": minion}


@pytest.fixture
def player(db):
    return get_user_model().objects.create_user("player1", password=PASSWORD)


@pytest.fixture
def editor(db):
    user = get_user_model().objects.create_user("editor1", password=PASSWORD, is_staff=True)
    user.groups.add(Group.objects.get(name=EDITORS_GROUP))
    return user


def photo_bytes(size=(300, 420)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (200, 40, 40)).save(out, "PNG")
    return out.getvalue()


@pytest.fixture(autouse=True)
def private_media(settings, tmp_path):
    """Proposal photos in a folder of the test's own (community.storage reads the setting when used)."""
    settings.PRIVATE_MEDIA_ROOT = tmp_path / "private"
    return settings.PRIVATE_MEDIA_ROOT

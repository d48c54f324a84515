"""manage.py loadseeds loads the sample decks of seeds/decks/ as public decks of the site's own account (issue 11,
point 7: what loadseeds loads is what it says)."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from decks.models import Deck
from seeds.management.commands.loadseeds import SAMPLE_DECK_OWNER

pytestmark = pytest.mark.django_db

SAMPLE_DECKS = sorted((Path(__file__).resolve().parents[2] / "seeds" / "decks").glob("*.txt"))


def test_every_sample_deck_is_loaded_as_a_public_deck_of_an_account_that_cannot_sign_in():
    out = StringIO()
    call_command("loadseeds", stdout=out)
    owner = get_user_model().objects.get(username=SAMPLE_DECK_OWNER)
    assert not owner.is_active and not owner.has_usable_password()
    decks = Deck.objects.filter(owner=owner)
    assert decks.count() == len(SAMPLE_DECKS) >= 6
    assert set(decks.values_list("visibility", flat=True)) == {Deck.PUBLIC}
    assert all(deck.entries.exists() for deck in decks)
    assert f"sample decks: {len(SAMPLE_DECKS)} loaded" in out.getvalue()


def test_loading_twice_keeps_each_sample_deck_once_with_the_same_id():
    call_command("loadseeds", stdout=StringIO())
    first = dict(Deck.objects.values_list("name", "pk"))
    call_command("loadseeds", stdout=StringIO())
    assert dict(Deck.objects.values_list("name", "pk")) == first

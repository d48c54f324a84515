"""The builder's "Add" under concurrent clicks: every increment counts, no error (PostgreSQL row locks)."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, connections

from cards.models import Card
from decks import services
from decks.models import DeckEntry

CLICKS = 12


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL (SQLite runs one writer)")
def test_twelve_concurrent_adds_of_a_new_card_make_twelve_copies_without_an_error():
    from django.core.management import call_command

    call_command("loadseeds", verbosity=0)
    owner = get_user_model().objects.create_user("racer")
    deck = services.deck_create(owner=owner, format_code="legions_standard", name="Race")
    card = Card.objects.filter(game=deck.game, card_type="minion").first()
    barrier, errors = threading.Barrier(CLICKS), []

    def click():
        try:
            barrier.wait()
            services.deck_set_count(deck=deck, card=card, section="deck", delta=1)
        except Exception as exc:  # noqa: BLE001 - any error is the failure being tested
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=click) for _ in range(CLICKS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert list(DeckEntry.objects.filter(deck=deck).values_list("count", flat=True)) == [CLICKS]


@pytest.mark.django_db
def test_adding_then_removing_a_card_leaves_no_row(seeded):
    owner = get_user_model().objects.create_user("clicker")
    deck = services.deck_create(owner=owner, format_code="legions_standard", name="Clicks")
    card = Card.objects.get(name="下忍カスミ")
    for delta in (1, 1, -1, -1):
        services.deck_set_count(deck=deck, card=card, section="deck", delta=delta)
    assert not DeckEntry.objects.filter(deck=deck).exists()

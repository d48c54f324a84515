"""The catalogue version the deck index is kept by (issue 14.3): a counter read by key, not an aggregate over the
catalogue, that changes whenever a card a check reads changes: an import, an admin edit or delete, ``loadseeds``,
a set's edit. Each path is checked by what a deck check then sees, not by timing."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection, transaction
from django.db.models.fields.files import FieldFile
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cards.models import Card, CardSet
from cards.services import cards_import, read_card_file
from decks import catalogue, services

DECK = "Game: legions\nMaster\n1 マオ・ニャン\nDeck\n3 {name}\n"


def codes(name: str) -> list[str]:
    """The reading problems of a one-card Legions deck naming ``name``, through the service (and its index)."""
    report = services.deck_check_text(text=DECK.format(name=name)).report
    return [p.code for p in report.errors if p.code.startswith("codec.")]


def admin_data(client, card: Card) -> dict:
    """The card's admin change form as it would be posted unchanged."""
    form = client.get(reverse("admin:cards_card_change", args=[card.pk])).context["adminform"].form
    data = {}
    for name in form.fields:
        value = form[name].value()
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif value is not None and not isinstance(value, FieldFile):
            data[name] = value
    return data


@pytest.fixture
def kasumi(seeded):
    assert codes("下忍カスミ") == []  # the index is built and kept
    return Card.objects.get(name="下忍カスミ")


def test_an_admin_edit_of_a_card_is_seen_by_the_next_deck_check(admin_client, kasumi):
    before = catalogue.catalogue_key("legions")
    data = admin_data(admin_client, kasumi) | {"name": "下忍カスミ改"}
    response = admin_client.post(reverse("admin:cards_card_change", args=[kasumi.pk]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert catalogue.catalogue_key("legions") != before
    assert codes("下忍カスミ改") == [] and codes("下忍カスミ") == ["codec.unknown_card"]


def test_an_admin_delete_of_a_card_is_seen_by_the_next_deck_check(admin_client, kasumi):
    extra = Card.objects.create(game=kasumi.game, card_set=kasumi.card_set, collector_number="900", name="消えるカード",
                                card_type="minion", attributes=kasumi.attributes)
    assert codes("消えるカード") == []
    before = catalogue.catalogue_key("legions")
    response = admin_client.post(reverse("admin:cards_card_delete", args=[extra.pk]), {"post": "yes"})
    assert response.status_code == 302 and not Card.objects.filter(pk=extra.pk).exists()
    assert catalogue.catalogue_key("legions") != before and codes("消えるカード") == ["codec.unknown_card"]


def test_a_queryset_delete_is_seen_by_the_next_deck_check(kasumi):
    Card.objects.create(game=kasumi.game, card_set=kasumi.card_set, collector_number="901", name="消えるカード",
                        card_type="minion", attributes=kasumi.attributes)
    assert codes("消えるカード") == []
    Card.objects.filter(name="消えるカード").delete()
    assert codes("消えるカード") == ["codec.unknown_card"]


def test_a_sets_release_date_changes_the_version(kasumi):
    before = catalogue.catalogue_key("legions")
    card_set = CardSet.objects.get(pk=kasumi.card_set_id)
    card_set.release_date = None
    card_set.save()  # the first printing of a shared name follows the release dates
    assert catalogue.catalogue_key("legions") != before


def test_another_games_change_leaves_the_version_alone(kasumi):
    before = catalogue.catalogue_key("legions")
    rider = Card.objects.filter(game__code="riders_legend").first()
    rider.name = rider.name + "改"
    rider.save()
    assert catalogue.catalogue_key("legions") == before


def test_a_card_import_is_seen_by_the_next_deck_check(kasumi, tmp_path):
    document = {
        "format": "shinpan.cards",
        "version": 1,
        "game": {"code": "legions", "name": kasumi.game.name, "name_ja": kasumi.game.name_ja},
        "sets": [],
        "cards": [],
    }
    seed = json.loads((Path(settings.BASE_DIR) / "seeds" / "catalogue" / "legions.json").read_text(encoding="utf-8"))
    document["sets"] = [s for s in seed["sets"] if s["code"] == kasumi.card_set.code]
    card = next(c for c in seed["cards"] if c["name"] == "下忍カスミ")
    document["cards"] = [card | {"number": "950", "name": "輸入されたカード", "reading": "ゆにゅうされたかーど"}]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    assert codes("輸入されたカード") == ["codec.unknown_card"]
    report = cards_import(card_file=read_card_file(path))
    assert report.ok, report.problems
    assert codes("輸入されたカード") == []


def test_loadseeds_is_seen_by_the_next_deck_check(kasumi):
    Card.objects.filter(pk=kasumi.pk).update(name="一時的な名前")  # as raw SQL would: no signal, no version
    catalogue.catalogue_changed(game_ids=[kasumi.game_id])
    assert codes("一時的な名前") == []  # the index now holds the wrong name
    call_command("loadseeds", stdout=io.StringIO())  # the seed catalogue puts the name back
    assert codes("下忍カスミ") == []


def test_a_rolled_back_change_never_gives_its_version_to_another_catalogue(kasumi):
    before = catalogue.catalogue_key("legions")
    with pytest.raises(RuntimeError), transaction.atomic():
        catalogue.catalogue_changed(game_ids=[kasumi.game_id])
        inside = catalogue.catalogue_key("legions")
        raise RuntimeError("rolled back")
    assert catalogue.catalogue_key("legions") == before
    catalogue.catalogue_changed(game_ids=[kasumi.game_id])
    assert catalogue.catalogue_key("legions") not in (before, inside)


def test_a_deck_check_reads_the_version_by_key_and_counts_nothing(kasumi):
    with CaptureQueriesContext(connection) as queries:
        codes("下忍カスミ")
    sql = " ".join(q["sql"].upper() for q in queries.captured_queries)
    assert "COUNT(" not in sql and "MAX(" not in sql and 'FROM "CARDS_CARD"' not in sql
    assert len(queries.captured_queries) == 1  # every game's version: the formats and the index are kept


def test_a_banned_card_added_in_the_admin_is_seen_by_the_next_deck_check(kasumi):
    from decks.models import Format, FormatCardLimit

    fmt = Format.objects.get(code="legions_standard")
    assert "format.banned" not in services.deck_check_text(text=DECK.format(name="下忍カスミ")).report.codes
    FormatCardLimit.objects.create(format=fmt, card_name="下忍カスミ", limit=0)
    assert "format.banned" in services.deck_check_text(text=DECK.format(name="下忍カスミ")).report.codes
    FormatCardLimit.objects.filter(format=fmt, card_name="下忍カスミ").delete()
    assert "format.banned" not in services.deck_check_text(text=DECK.format(name="下忍カスミ")).report.codes


def _number(game_id: int) -> int:
    from decks.models import CatalogueVersion

    return CatalogueVersion.objects.get(game_id=game_id).number


def test_a_queryset_delete_of_many_cards_bumps_the_version_once(kasumi):
    """One bump a transaction, not one a card: 90,000 bumps grew the version table every deck check reads."""
    Card.objects.bulk_create(
        Card(game=kasumi.game, card_set=kasumi.card_set, collector_number=str(n), name=f"消えるカード{n}",
             card_type="minion", attributes=kasumi.attributes)
        for n in range(1000, 1050)
    )
    before = _number(kasumi.game_id)
    with transaction.atomic():
        Card.objects.filter(name__startswith="消えるカード").delete()
    assert _number(kasumi.game_id) == before + 1


def test_a_write_after_a_read_of_the_version_bumps_it_again_in_the_same_transaction(kasumi):
    first = Card.objects.create(game=kasumi.game, card_set=kasumi.card_set, collector_number="902", name="一枚目",
                                card_type="minion", attributes=kasumi.attributes)
    with transaction.atomic():
        Card.objects.create(game=kasumi.game, card_set=kasumi.card_set, collector_number="903", name="二枚目",
                            card_type="minion", attributes=kasumi.attributes)
        assert codes("二枚目") == []  # the index is built and kept by the version now
        first.delete()
        assert codes("一枚目") == ["codec.unknown_card"]  # the delete gave a new version: the index is rebuilt


def test_a_bump_rolled_back_with_its_savepoint_is_made_again(kasumi):
    before = _number(kasumi.game_id)
    with transaction.atomic():
        with pytest.raises(RuntimeError), transaction.atomic():
            kasumi.save()
            raise RuntimeError("rolled back")
        assert _number(kasumi.game_id) == before
        kasumi.save()
        assert _number(kasumi.game_id) == before + 1

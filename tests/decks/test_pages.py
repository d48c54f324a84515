"""Deck pages through Django's test client: builder actions, public pages, copy, export, sample hands."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from cards.models import Card
from decks import services
from decks.builder import deck_stats, opening_hand
from decks.legality import labels
from decks.models import Deck

from .conftest import SEED_DECKS, read, sample

MAO = next(p for p in SEED_DECKS if p.stem == "legions_mao_nyan_2017").read_text(encoding="utf-8")
SHOCKER = next(p for p in SEED_DECKS if p.stem == "riders_legend_shocker").read_text(encoding="utf-8")


@pytest.fixture
def owner(seeded):
    return get_user_model().objects.create_user("owner")


@pytest.fixture
def signed_in(client, owner):
    client.force_login(owner)
    return client


def test_adding_a_card_through_htmx_answers_the_refreshed_legality_panel(signed_in, owner):
    deck = services.deck_create(owner=owner, format_code="legions_standard", name="New")
    master = Card.objects.get(name="マオ・ニャン")
    response = signed_in.post(
        f"/decks/{deck.pk}/card/",
        {"card": master.pk, "section": "master", "delta": "1"},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert response.status_code == 200 and 'id="deck-panel"' in html
    assert 'data-code="deck.section_size"' in html and 'data-code="legions.master_count"' not in html


def test_a_card_cannot_go_into_a_section_the_format_lacks(signed_in, owner):
    deck = services.deck_create(owner=owner, format_code="legions_standard", name="New")
    card = Card.objects.get(name="下忍カスミ")
    response = signed_in.post(f"/decks/{deck.pk}/card/", {"card": card.pk, "section": "roster", "delta": "1"})
    assert response.status_code == 400 and not deck.entries.exists()


def test_the_builder_search_finds_cards_of_the_decks_game_only(signed_in, owner):
    deck = services.deck_create(owner=owner, format_code="legions_standard", name="New")
    html = signed_in.get(f"/decks/{deck.pk}/search/", {"q": "下忍"}).content.decode()
    assert 'data-result="下忍カスミ"' in html and "Add to Deck" in html


def test_a_private_deck_page_is_hidden_from_others_and_a_public_one_is_shown(client, owner):
    deck = services.deck_create(owner=owner, text=MAO)
    assert client.get(f"/decks/{deck.pk}/").status_code == 404
    services.deck_update(deck=deck, visibility=Deck.PUBLIC)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Mao Nyan 2017" in page and 'data-legal="true"' in page


def test_export_text_reads_back_as_the_same_deck(client, owner):
    deck = services.deck_create(owner=owner, text=MAO, visibility=Deck.UNLISTED)
    text = client.get(f"/decks/{deck.pk}/export.txt").content.decode()
    again = services.deck_create(owner=owner, text=text)
    assert sorted(again.entries.values_list("section", "card_id", "count")) == sorted(
        deck.entries.values_list("section", "card_id", "count")
    )


def test_copying_a_public_deck_gives_the_copier_a_private_copy(client, owner):
    deck = services.deck_create(owner=owner, text=MAO, visibility=Deck.PUBLIC)
    copier = get_user_model().objects.create_user("copier")
    client.force_login(copier)
    response = client.post(f"/decks/{deck.pk}/copy/")
    copy = Deck.objects.get(owner=copier)
    assert response.status_code == 302 and copy.visibility == Deck.PRIVATE
    assert copy.entries.count() == deck.entries.count()


def test_importing_an_unreadable_decklist_on_the_page_saves_nothing(signed_in, owner):
    response = signed_in.post("/decks/new/", {"text": "Game: legions\nDeck\n2 ダークフレム\n"})
    assert response.status_code == 400 and 'data-code="codec.unknown_card"' in response.content.decode()
    assert not Deck.objects.filter(owner=owner).exists()


def test_a_legions_opening_hand_is_five_cards_from_the_deck():
    result = sample("legions_mao_nyan_2017")
    hand = opening_hand("legions", result.entries, result.index.cards, result.format, seed=7)
    assert len(hand) == 5 and "マオ・ニャン" not in {result.index.cards[k]["name"] for k in hand}


def test_a_riders_opening_hand_is_seven_cards_from_the_first_half():
    result = read(SHOCKER)
    first_half = {
        result.index.cards[e["card"]]["name"] for e in result.entries if e["section"] == "first_half"
    }
    hand = opening_hand("riders_legend", result.entries, result.index.cards, result.format, seed=3)
    assert len(hand) == 7 and {result.index.cards[k]["name"] for k in hand} <= first_half


def test_the_riders_hand_offers_one_mulligan_and_no_second(signed_in, owner):
    deck = services.deck_create(owner=owner, text=SHOCKER)
    first = signed_in.get(f"/decks/{deck.pk}/hand/", HTTP_HX_REQUEST="true").content.decode()
    after = signed_in.get(f"/decks/{deck.pk}/hand/", {"mulligans": "1"}, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="mulligan"' in first and "mulligans=1" in first
    assert 'id="mulligan"' not in after and "Mulligan taken" in after
    assert after.count('class="hand-card"') == 7


def test_deck_statistics_count_the_cost_curve_types_and_colours():
    result = sample("legions_mao_nyan_2017")
    stats = deck_stats("legions", result.entries, result.index.cards)
    assert stats["total"] == 41
    assert sum(b["count"] for b in stats["curve"]["bars"]) == 40  # the master has no unlock cost
    assert {b["label"]: b["count"] for b in stats["types"]}["master"] == 1


@pytest.mark.parametrize(
    "field, value", [("visibility", "bogus"), ("side", "zzz"), ("name", ""), ("name", "x" * 201)]
)
def test_the_settings_form_refuses_a_bad_value_and_saves_nothing(signed_in, owner, field, value):
    deck = services.deck_create(owner=owner, format_code="legions_standard", name="Kept")
    response = signed_in.post(f"/decks/{deck.pk}/settings/", {field: value})
    deck.refresh_from_db()
    assert response.status_code == 400
    assert (deck.name, deck.visibility, deck.side) == ("Kept", Deck.PRIVATE, "")


def test_adding_a_card_that_is_not_an_id_answers_400(signed_in, owner):
    deck = services.deck_create(owner=owner, format_code="legions_standard", name="New")
    response = signed_in.post(f"/decks/{deck.pk}/card/", {"card": "abc", "section": "deck", "delta": "1"})
    assert response.status_code == 400 and not deck.entries.exists()


def test_a_legions_text_with_an_eyecatch_section_is_not_saved(owner):
    text = MAO + "\nEyecatch\n1 下忍カスミ\n"
    with pytest.raises(services.DeckTextError) as caught:
        services.deck_create(owner=owner, text=text)
    assert "deck.unknown_section" in caught.value.report.codes
    assert not Deck.objects.filter(owner=owner).exists()


def test_a_decks_description_is_saved_from_its_text_and_exported_again(owner):
    deck = services.deck_create(owner=owner, text=MAO.replace("Name:", "Description: Black-red tempo\nName:"))
    assert deck.description == "Black-red tempo"
    assert "Description: Black-red tempo\n" in services.deck_to_text(deck)
    assert read(services.deck_to_text(deck)).meta["description"] == "Black-red tempo"


def test_the_japanese_builder_titles_sections_and_visibility_in_japanese(signed_in, owner):
    deck = services.deck_create(owner=owner, format_code="legions_standard", name="New")
    html = signed_in.get(f"/decks/{deck.pk}/edit/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert 'id="section-master">マスター' in html and 'id="section-deck">デッキ' in html
    assert ">非公開</option>" in html


@pytest.mark.parametrize("delta", ["5", "0", "-2", "", "one"])
def test_a_delta_other_than_plus_or_minus_one_is_refused_with_a_sentence(signed_in, owner, delta):
    deck = services.deck_create(owner=owner, format_code="legions_standard", name="New")
    card = Card.objects.get(name="下忍カスミ")
    services.deck_set_count(deck=deck, card=card, section="deck", delta=2)
    response = signed_in.post(f"/decks/{deck.pk}/card/", {"card": card.pk, "section": "deck", "delta": delta})
    assert response.status_code == 400 and labels.BAD_DELTA[0] in response.content.decode()
    assert deck.entries.get().count == 2


def test_a_missing_delta_is_refused(signed_in, owner):
    deck = services.deck_create(owner=owner, format_code="legions_standard", name="New")
    card = Card.objects.get(name="下忍カスミ")
    response = signed_in.post(f"/decks/{deck.pk}/card/", {"card": card.pk, "section": "deck"})
    assert response.status_code == 400 and not deck.entries.exists()


@pytest.mark.parametrize(("delta", "count"), [("1", 3), ("+1", 3), ("-1", 1), ("−1", 1)])
def test_plus_and_minus_one_change_the_count_by_one(signed_in, owner, delta, count):
    deck = services.deck_create(owner=owner, format_code="legions_standard", name="New")
    card = Card.objects.get(name="下忍カスミ")
    services.deck_set_count(deck=deck, card=card, section="deck", delta=2)
    signed_in.post(f"/decks/{deck.pk}/card/", {"card": card.pk, "section": "deck", "delta": delta})
    assert deck.entries.get().count == count


def test_the_delta_sentence_is_japanese_for_a_japanese_reader(signed_in, owner):
    deck = services.deck_create(owner=owner, format_code="legions_standard", name="New")
    card = Card.objects.get(name="下忍カスミ")
    response = signed_in.post(
        f"/decks/{deck.pk}/card/", {"card": card.pk, "section": "deck", "delta": "3"}, HTTP_ACCEPT_LANGUAGE="ja"
    )
    assert response.status_code == 400 and labels.BAD_DELTA[1] in response.content.decode()

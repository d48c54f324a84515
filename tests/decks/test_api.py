"""``/api/decks/validate/`` (anonymous) and ``/api/decks/`` (the owner's decks)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from decks.models import Deck

from .conftest import SEED_DECKS

MAO = next(p for p in SEED_DECKS if p.stem == "legions_mao_nyan_2017").read_text(encoding="utf-8")
BROKEN = (
    "Game: legions\nMaster\n1 マオ・ニャン\nDeck\n３ 下忍カスミ\n2 存在しないカード\n2 ダークフレム\n3x\n"
)


@pytest.fixture
def owner(seeded):
    return get_user_model().objects.create_user("kasumi")


@pytest.fixture
def api(owner):
    client = APIClient()
    client.force_authenticate(owner)
    return client


@pytest.mark.parametrize("path", SEED_DECKS, ids=lambda p: p.stem)
def test_every_sample_deck_is_legal_through_the_api(seeded, path):
    response = APIClient().post(
        "/api/decks/validate/", {"text": path.read_text(encoding="utf-8")}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["legal"] is True, response.json()


def test_validate_takes_plain_text_without_an_account(seeded):
    response = APIClient().post("/api/decks/validate/", BROKEN.encode(), content_type="text/plain")
    body = response.json()
    assert response.status_code == 200 and body["legal"] is False
    assert [(e["code"], e["line"]) for e in body["errors"] if e["code"].startswith("codec.")] == [
        ("codec.unknown_card", 6),
        ("codec.unknown_card", 7),
        ("codec.unreadable_line", 8),
    ]


def test_validate_answers_400_when_no_game_can_be_told(seeded):
    response = APIClient().post("/api/decks/validate/", {"text": "3 foo"}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "deck.unreadable"


def test_the_deck_list_needs_an_account(seeded):
    assert APIClient().get("/api/decks/").status_code in (401, 403)


def test_an_owner_creates_a_deck_from_text_and_reads_it_back(api):
    response = api.post("/api/decks/", {"text": MAO, "visibility": "public"}, format="json")
    assert response.status_code == 201, response.json()
    deck = api.get(f"/api/decks/{response.json()['id']}/").json()
    assert deck["name"] == "Mao Nyan 2017" and deck["format"] == "legions_standard"
    assert deck["report"]["legal"] is True
    assert sum(e["count"] for e in deck["entries"]) == 41


def test_a_decklist_with_unreadable_lines_saves_no_deck(api):
    before = Deck.objects.count()  # the seeds' public sample decks
    response = api.post("/api/decks/", {"text": BROKEN}, format="json")
    assert response.status_code == 400
    assert {e["line"] for e in response.json()["error"]["details"]} >= {6, 7, 8}
    assert Deck.objects.count() == before


def test_an_owner_updates_and_deletes_a_deck(api):
    deck_id = api.post("/api/decks/", {"text": MAO}, format="json").json()["id"]
    response = api.patch(
        f"/api/decks/{deck_id}/",
        {"name": "Renamed", "text": MAO.replace("3 下忍カスミ", "2 下忍カスミ")},
        format="json",
    )
    assert response.status_code == 200
    assert response.json()["name"] == "Renamed"
    assert [e["code"] for e in response.json()["report"]["errors"]] == ["deck.section_size"]
    assert api.delete(f"/api/decks/{deck_id}/").status_code == 204
    assert not Deck.objects.filter(id=deck_id).exists()


def test_another_user_cannot_see_an_owners_deck(api):
    deck_id = api.post("/api/decks/", {"text": MAO}, format="json").json()["id"]
    other = APIClient()
    other.force_authenticate(get_user_model().objects.create_user("other"))
    assert other.get(f"/api/decks/{deck_id}/").status_code == 404
    assert other.get("/api/decks/").json()["results"] == []


SJIS_TEXT = "Game: legions\nマスター\n1 マオ・ニャン\nデッキ\n3 下忍カスミ\n"


def test_validate_reads_plain_text_in_the_charset_the_request_names(seeded):
    response = APIClient().post(
        "/api/decks/validate/", SJIS_TEXT.encode("shift_jis"), content_type="text/plain; charset=shift_jis"
    )
    assert response.status_code == 200
    assert [e["code"] for e in response.json()["errors"]] == ["deck.section_size"]


def test_validate_answers_400_for_bytes_that_are_not_valid_in_the_charset(seeded):
    response = APIClient().post(
        "/api/decks/validate/", SJIS_TEXT.encode("shift_jis"), content_type="text/plain; charset=utf-8"
    )
    assert response.status_code == 400
    assert "not valid utf-8 text" in response.json()["error"]["message"]


def test_validate_ignores_a_byte_order_mark_in_plain_text(seeded):
    response = APIClient().post("/api/decks/validate/", b"\xef\xbb\xbf" + MAO.encode(), content_type="text/plain")
    assert response.status_code == 200 and response.json()["legal"] is True


def test_the_deck_list_answers_401_with_a_challenge_without_an_account(seeded):
    response = APIClient().get("/api/decks/")
    assert response.status_code == 401 and response["WWW-Authenticate"].startswith("Basic")

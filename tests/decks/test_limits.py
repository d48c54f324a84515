"""Absurd input is refused with the line named, never a database error: counts, name lengths, text size."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from decks import codec
from decks.models import Deck
from decks.textcheck import MAX_LINES

from .conftest import read

KASUMI_LINES = "Game: legions\nDeck\n" + "99 下忍カスミ\n" * 3


def _codec_errors(response) -> list[tuple[str, int]]:
    body = response.json()
    problems = body["error"]["details"] if "error" in body else body["errors"]  # a 400: the error's details
    return [(e["code"], e["line"]) for e in problems if e["code"].startswith("codec.")]


@pytest.fixture
def api(seeded):
    client = APIClient()
    client.force_authenticate(get_user_model().objects.create_user("kasumi"))
    return client


def test_copies_of_one_card_added_up_over_many_lines_are_refused_at_the_line_that_passes_99():
    errors = read(KASUMI_LINES).report.errors
    assert [(p.code, p.line, p.card) for p in errors if p.code.startswith("codec.")] == [
        ("codec.too_many_copies", 4, "下忍カスミ")
    ]


def test_a_deck_name_over_200_characters_is_a_bad_header_on_its_line():
    result = read("Game: legions\nName: " + "長" * (codec.MAX_NAME + 1) + "\nDeck\n3 下忍カスミ\n")
    assert [(p.code, p.line) for p in result.report.errors if p.code.startswith("codec.")] == [
        ("codec.bad_header", 2)
    ]
    assert "name" not in result.meta


def test_the_api_answers_400_naming_the_line_for_a_huge_merged_count_and_saves_nothing(api):
    before = Deck.objects.count()  # the seeds' public sample decks
    response = api.post("/api/decks/", {"text": KASUMI_LINES}, format="json")
    assert response.status_code == 400
    assert _codec_errors(response) == [("codec.too_many_copies", 4)]
    assert Deck.objects.count() == before


def test_the_api_answers_400_naming_the_line_for_an_over_long_name_header(api):
    text = "Game: legions\nName: " + "x" * 201 + "\nDeck\n3 下忍カスミ\n"
    response = api.post("/api/decks/", {"text": text}, format="json")
    assert response.status_code == 400
    assert _codec_errors(response) == [("codec.bad_header", 2)]


def test_the_api_refuses_an_empty_name_on_update(api):
    deck_id = api.post("/api/decks/", {"format": "legions_standard", "name": "Mine"}, format="json").json()["id"]
    response = api.patch(f"/api/decks/{deck_id}/", {"name": "  "}, format="json")
    assert response.status_code == 400 and response.json()["error"]["field"] == "name"
    assert Deck.objects.get(id=deck_id).name == "Mine"


def test_a_text_over_the_line_limit_is_refused_naming_the_limit(seeded):
    text = "Game: legions\nDeck\n" + "1 なにか\n" * MAX_LINES
    response = APIClient().post("/api/decks/validate/", {"text": text}, format="json")
    assert response.status_code == 400
    assert f"at most {MAX_LINES} are read" in response.json()["error"]["message"]


def test_suggestions_are_computed_once_per_distinct_unknown_name_and_for_the_first_twenty_only(monkeypatch):
    calls = []
    real = codec.CardIndex.suggestions
    monkeypatch.setattr(codec.CardIndex, "suggestions", lambda self, name: calls.append(name) or real(self, name))
    names = [f"ないカード{i}" for i in range(30)]
    text = "Game: legions\nDeck\n" + "".join(f"1 {n}\n1 {n}\n" for n in names)
    unknown = [p for p in read(text).report.errors if p.code == "codec.unknown_card"]
    assert calls == names[: codec.MAX_SUGGESTED]
    assert len(unknown) == 60 and unknown[-1].suggestions == ()


def test_anonymous_validation_is_throttled(seeded, settings):
    settings.DECKS_VALIDATE_ANON_RATE = "2/minute"
    client = APIClient()
    codes = [client.post("/api/decks/validate/", {"text": KASUMI_LINES}, format="json").status_code for _ in "abc"]
    assert codes == [200, 200, 429]


def test_the_catalogue_index_is_reused_until_the_catalogue_changes(seeded):
    from cards.models import Card
    from decks.services import catalogue_index

    first = catalogue_index("legions")
    assert catalogue_index("legions") is first
    card = Card.objects.get(name="下忍カスミ")
    card.name = "上忍カスミ"
    card.save()
    assert "上忍カスミ" in catalogue_index("legions").by_name

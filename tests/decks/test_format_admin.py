"""Format data is checked before it is saved: a malformed format or a limit naming no card is refused."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from decks.models import Format, FormatCardLimit


def _errors(fmt: Format) -> dict:
    with pytest.raises(ValidationError) as caught:
        fmt.full_clean()
    return caught.value.message_dict


def test_malformed_sections_are_refused_under_the_sections_field(seeded):
    fmt = Format.objects.get(code="legions_standard")
    fmt.sections = {"master": {"size": "one"}, "deck": 40}
    errors = _errors(fmt)
    assert set(errors) == {"sections"}
    assert errors["sections"] == [
        "master.size: must be a whole number of 0 or more, not 'one'",
        "deck: must be an object such as {\"size\": 40}, not 40",
    ]


def test_unknown_sections_card_types_and_rules_are_each_named(seeded):
    fmt = Format.objects.get(code="iron_leaguer_custom")
    fmt.sections = {"roster": {"size": 11, "types": ["il", "dragon"]}, "deck": {"size": 40}}
    fmt.copy_sections = ["sideboard"]
    fmt.rules = {"roster": "anything", "opening_hand": -1}
    errors = _errors(fmt)
    assert errors["sections"] == [
        "roster.types: unknown card types dragon",
        "'deck' is not a section of this game (roster)",
    ]
    assert errors["copy_sections"] == ["'sideboard' is not one of the format's sections"]
    assert errors["rules"] == [
        "opening_hand: must be a whole number of 0 or more, not -1",
        "roster: must be one of starters, custom, not 'anything'",
    ]


def test_every_seed_format_is_well_formed(seeded):
    for fmt in Format.objects.all():
        fmt.full_clean()


def test_a_card_limit_must_name_a_card_of_the_formats_game(seeded):
    fmt = Format.objects.get(code="legions_standard")
    with pytest.raises(ValidationError) as caught:
        FormatCardLimit(format=fmt, card_name="下忍カスミX", limit=0).full_clean()
    assert caught.value.message_dict == {"card_name": ["No card named 下忍カスミX in Legions!."]}
    FormatCardLimit(format=fmt, card_name="下忍カスミ", limit=0).full_clean()


def test_the_admin_refuses_malformed_sections_and_saves_nothing(seeded, client):
    client.force_login(get_user_model().objects.create_superuser("admin", "a@example.com", "pw"))
    fmt = Format.objects.get(code="legions_standard")
    data = {
        "game": fmt.game_id,
        "code": fmt.code,
        "name": fmt.name,
        "name_ja": fmt.name_ja,
        "description": "",
        "sections": '{"master": {"size": "one"}, "deck": 40}',
        "copy_limit": "3",
        "copy_sections": '["deck"]',
        "rules": "{}",
        "limits-TOTAL_FORMS": "1",
        "limits-INITIAL_FORMS": "0",
        "limits-MIN_NUM_FORMS": "0",
        "limits-MAX_NUM_FORMS": "1000",
        "limits-0-card_name": "ないカード",
        "limits-0-limit": "0",
    }
    response = client.post(f"/admin/decks/format/{fmt.pk}/change/", data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "master.size: must be a whole number" in html and "No card named ないカード" in html
    assert Format.objects.get(pk=fmt.pk).sections["deck"] == {"size": 40, "types": ["minion", "lord", "skill", "arts"]}

"""The card admin tests' form data and requests: a card's form fields per game, adding it, reading its errors."""

from __future__ import annotations

from django.urls import reverse

from cards.forms import attribute_field_name

ADD_URL = "admin:cards_card_add"
LIST_URL = "admin:cards_card_changelist"


def field(game_code: str, path: str) -> str:
    return attribute_field_name(game_code, path)


def card_post(sets, game_code: str, card_type: str, attributes: dict, **extra) -> dict:
    """Admin form data for a new card of ``game_code``; ``attributes`` maps schema paths to form values."""
    card_set = sets[game_code]
    data = {
        "game": card_set.game_id,
        "card_set": card_set.pk,
        "collector_number": "001",
        "name": "テスト",
        "reading": "てすと",
        "card_type": card_type,
        "rarity": "C",
        "rules_text": "",
        "flavour_text": "",
    }
    data.update({field(game_code, path): value for path, value in attributes.items()})
    data.update(extra)
    return data


LEGIONS_MINION = {"colours": ["red"], "unlock_cost": 2, "atk": 3, "hp": 2, "wt": 1, "keywords": "速攻\n貫通"}
RIDERS_CHARACTER = {"alignment": "justice", "faction": "正義", "attack": 2, "defence": 2, "operation": 3}
HALF = {
    "name": "マグナムショット",
    "kind": "strike",
    "timing": "attack",
    "persons": "1",
    "skill": 2,
    "attack": 8,
}
IRON_TECHNIQUE = {
    "period": 1,
    **{f"upper.{k}": v for k, v in HALF.items()},
    **{
        f"lower.{k}": v
        for k, v in {
            **HALF,
            "name": "ディフェンス",
            "kind": "any",
            "timing": "defence",
            "attack": "",
            "defence": 6,
            "on_defence": "reset",
        }.items()
    },
}


def add(admin_client, data):
    return admin_client.post(reverse(ADD_URL), data)


def form_errors(response) -> dict:
    return response.context["adminform"].form.errors


def stored_files(media_root) -> list:
    return sorted(p for p in media_root.rglob("*") if p.is_file()) if media_root.exists() else []


def change_url(card):
    return reverse("admin:cards_card_change", args=[card.pk])

"""The card admin: per-game attribute fields, errors next to the field, images, filters, search, export."""

from __future__ import annotations

import io
import json
import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from PIL import Image

from cards import images
from cards.forms import attribute_field_name
from cards.models import Card, CardSet, Game
from tests.cards.test_images import image_bytes, png_with_declared_size

pytestmark = pytest.mark.django_db

ADD_URL = "admin:cards_card_add"
LIST_URL = "admin:cards_card_changelist"


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


# -- add page ------------------------------------------------------------------------------------------------


def test_the_add_page_shows_a_fieldset_for_each_game(admin_client, games):
    page = admin_client.get(reverse(ADD_URL)).content.decode()
    assert all(f"game-{code}" in page for code in games)


def test_the_add_page_for_a_chosen_game_shows_only_that_games_fields(admin_client, games):
    page = admin_client.get(reverse(ADD_URL), {"game": games["riders_legend"].pk}).content.decode()
    assert (field("riders_legend", "faction") in page, field("legions", "hp") in page) == (True, False)


def test_the_add_page_shows_iron_leaguer_technique_halves_as_upper_and_lower_fields(admin_client, games):
    page = admin_client.get(reverse(ADD_URL), {"game": games["iron_leaguer"].pk}).content.decode()
    assert field("iron_leaguer", "upper.timing") in page and field("iron_leaguer", "lower.timing") in page


def test_a_legions_minion_is_added_with_its_attributes(admin_client, sets):
    response = add(admin_client, card_post(sets, "legions", "minion", LEGIONS_MINION))
    assert response.status_code == 302
    assert Card.objects.get().attributes == {
        "colours": ["red"],
        "unlock_cost": 2,
        "atk": 3,
        "hp": 2,
        "wt": 1,
        "keywords": ["速攻", "貫通"],
    }


def test_a_zero_cost_zero_attack_minion_is_added_with_its_zeros(admin_client, sets):
    # Regression: 0 == False in Python, and the form once dropped every 0 as an empty field.
    response = add(admin_client, card_post(sets, "legions", "minion", {**LEGIONS_MINION, "unlock_cost": 0, "atk": 0}))
    assert response.status_code == 302
    assert (Card.objects.get().attributes["unlock_cost"], Card.objects.get().attributes["atk"]) == (0, 0)


def test_an_il_with_heart_zero_is_added_and_saved_again_unchanged(admin_client, sets):
    il = {"affiliation": "dark_starter", "heart": 0, "skill": 4, "body": 5, "growth": "−"}
    add(admin_client, card_post(sets, "iron_leaguer", "il", il))
    card = Card.objects.get()
    response = admin_client.post(change_url(card), card_post(sets, "iron_leaguer", "il", il))
    assert response.status_code == 302
    card.refresh_from_db()
    assert card.attributes["heart"] == 0


def test_a_riders_legend_character_is_added_with_its_attributes(admin_client, sets):
    add(admin_client, card_post(sets, "riders_legend", "character", RIDERS_CHARACTER))
    assert Card.objects.get().attributes["operation"] == 3


def test_an_iron_leaguer_technique_is_added_with_both_halves(admin_client, sets):
    add(admin_client, card_post(sets, "iron_leaguer", "technique", IRON_TECHNIQUE))
    card = Card.objects.get()
    assert (card.attributes["upper"]["attack"], card.attributes["lower"]["on_defence"]) == (8, "reset")


def test_an_iron_leaguer_growth_value_written_as_a_dash_is_stored_as_none(admin_client, sets):
    il = {"affiliation": "dark_leaguer", "heart": 3, "skill": 4, "body": 5, "growth": "−"}
    add(admin_client, card_post(sets, "iron_leaguer", "il", il))
    assert Card.objects.get().attributes["growth"] is None


def test_sample_values_are_saved_as_the_list_of_ticked_fields(admin_client, sets):
    add(
        admin_client,
        card_post(sets, "legions", "minion", LEGIONS_MINION, sample_fields=["atk", "rules_text"]),
    )
    assert Card.objects.get().sample_fields == ["atk", "rules_text"]


# -- impossible cards are refused with the field named -------------------------------------------------------


def test_a_legions_minion_without_hp_is_refused_next_to_the_hp_field(admin_client, sets):
    data = card_post(sets, "legions", "minion", {**LEGIONS_MINION, "hp": ""})
    errors = form_errors(add(admin_client, data))
    assert errors[field("legions", "hp")] == ["hp: is required on a minion card"]


def test_a_legions_minion_with_wait_turn_five_is_refused_next_to_the_wt_field(admin_client, sets):
    errors = form_errors(add(admin_client, card_post(sets, "legions", "minion", {**LEGIONS_MINION, "wt": 5})))
    assert list(errors) == [field("legions", "wt")]


def test_an_evil_riders_legend_card_of_the_justice_faction_is_refused_next_to_faction(admin_client, sets):
    data = card_post(sets, "riders_legend", "character", {**RIDERS_CHARACTER, "alignment": "evil"})
    assert list(form_errors(add(admin_client, data))) == [field("riders_legend", "faction")]


def test_a_rough_play_half_without_a_penalty_is_refused_next_to_upper_rough_penalty(admin_client, sets):
    technique = {**IRON_TECHNIQUE, "upper.rough_play": "on", "upper.rough_value": 5}
    errors = form_errors(add(admin_client, card_post(sets, "iron_leaguer", "technique", technique)))
    assert list(errors) == [field("iron_leaguer", "upper.rough_penalty")]


def test_a_technique_without_a_lower_half_names_each_missing_lower_field(admin_client, sets):
    technique = {k: v for k, v in IRON_TECHNIQUE.items() if not k.startswith("lower.")}
    errors = form_errors(add(admin_client, card_post(sets, "iron_leaguer", "technique", technique)))
    assert {field("iron_leaguer", f"lower.{name}") for name in ("name", "kind", "timing", "persons")} <= set(
        errors
    )


def test_a_card_type_of_another_game_is_refused_next_to_card_type(admin_client, sets):
    errors = form_errors(add(admin_client, card_post(sets, "legions", "technique", {})))
    assert list(errors) == ["card_type"]


def test_a_set_of_another_game_is_refused_next_to_the_set(admin_client, sets):
    data = card_post(sets, "legions", "minion", LEGIONS_MINION, card_set=sets["iron_leaguer"].pk)
    assert list(form_errors(add(admin_client, data))) == ["card_set"]


def test_a_sample_value_naming_another_games_field_is_refused(admin_client, sets):
    data = card_post(sets, "legions", "minion", LEGIONS_MINION, sample_fields=["faction"])
    assert "sample_fields" in form_errors(add(admin_client, data))


def test_a_refused_card_is_not_saved(admin_client, sets):
    add(admin_client, card_post(sets, "legions", "minion", {**LEGIONS_MINION, "wt": 5}))
    assert Card.objects.count() == 0


# -- change page ---------------------------------------------------------------------------------------------


@pytest.fixture
def minion(admin_client, sets):
    add(admin_client, card_post(sets, "legions", "minion", LEGIONS_MINION))
    return Card.objects.get()


def change_url(card):
    return reverse("admin:cards_card_change", args=[card.pk])


def test_the_change_page_shows_only_the_cards_game_fields_with_stored_values(admin_client, minion):
    form = admin_client.get(change_url(minion)).context["adminform"].form
    shown = admin_client.get(change_url(minion)).content.decode()
    assert (form.initial[field("legions", "atk")], field("iron_leaguer", "period") in shown) == (3, False)


def test_the_change_page_shows_a_list_attribute_one_per_line(admin_client, minion):
    form = admin_client.get(change_url(minion)).context["adminform"].form
    assert form.initial[field("legions", "keywords")] == "速攻\n貫通"


def test_the_change_page_of_a_technique_shows_its_upper_and_lower_values(admin_client, sets):
    add(admin_client, card_post(sets, "iron_leaguer", "technique", IRON_TECHNIQUE))
    form = admin_client.get(change_url(Card.objects.get())).context["adminform"].form
    assert (
        form.initial[field("iron_leaguer", "upper.attack")],
        form.initial[field("iron_leaguer", "lower.defence")],
    ) == (8, 6)


def test_changing_an_attribute_saves_it(admin_client, sets, minion):
    admin_client.post(change_url(minion), card_post(sets, "legions", "minion", {**LEGIONS_MINION, "atk": 7}))
    minion.refresh_from_db()
    assert minion.attributes["atk"] == 7


def test_an_impossible_change_is_refused_next_to_the_field_and_not_saved(admin_client, sets, minion):
    response = admin_client.post(
        change_url(minion), card_post(sets, "legions", "minion", {**LEGIONS_MINION, "colours": []})
    )
    minion.refresh_from_db()
    assert (list(form_errors(response)), minion.attributes["colours"]) == (
        [field("legions", "colours")],
        ["red"],
    )


# -- images --------------------------------------------------------------------------------------------------


def upload(data: bytes, name: str = "card.png", content_type: str = "image/png") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type=content_type)


def test_an_uploaded_image_is_stored_normalised_with_a_thumbnail(admin_client, sets):
    add(admin_client, card_post(sets, "legions", "minion", LEGIONS_MINION, image=upload(image_bytes())))
    card = Card.objects.get()
    assert (card.image.name.endswith(".webp"), card.thumbnail.name.startswith("cards/thumbs/")) == (
        True,
        True,
    )


def test_the_change_page_shows_the_thumbnail(admin_client, sets):
    add(admin_client, card_post(sets, "legions", "minion", LEGIONS_MINION, image=upload(image_bytes())))
    card = Card.objects.get()
    page = admin_client.get(change_url(card)).content.decode()
    assert f'src="{card.thumbnail.url}"' in page


def test_the_card_list_shows_the_thumbnail(admin_client, sets):
    add(admin_client, card_post(sets, "legions", "minion", LEGIONS_MINION, image=upload(image_bytes())))
    assert Card.objects.get().thumbnail.url in admin_client.get(reverse(LIST_URL)).content.decode()


def test_replacing_the_image_deletes_the_old_files(
    admin_client, sets, minion, media_root, django_capture_on_commit_callbacks
):
    data = card_post(sets, "legions", "minion", LEGIONS_MINION)
    admin_client.post(change_url(minion), {**data, "image": upload(image_bytes(colour=(1, 2, 3)))})
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post(change_url(minion), {**data, "image": upload(image_bytes(colour=(9, 9, 9)))})
    minion.refresh_from_db()
    assert stored_files(media_root) == sorted(
        [media_root / minion.image.name, media_root / minion.thumbnail.name]
    )


def test_clearing_the_image_clears_the_thumbnail_too(admin_client, sets, minion):
    data = card_post(sets, "legions", "minion", LEGIONS_MINION)
    admin_client.post(change_url(minion), {**data, "image": upload(image_bytes())})
    admin_client.post(change_url(minion), {**data, "image-clear": "on"})
    minion.refresh_from_db()
    assert (minion.image.name, minion.thumbnail.name) == ("", "")


def truncated_jpeg() -> bytes:
    data = image_bytes(fmt="JPEG")
    return data[: len(data) // 2]


def noisy_png(size=(200, 200)) -> bytes:
    """A PNG of random pixels: it cannot compress, so it is about 3 bytes a pixel."""
    noise = random.Random(7).randbytes(size[0] * size[1] * 3)
    buffer = io.BytesIO()
    Image.frombytes("RGB", size, noise).save(buffer, format="PNG")
    return buffer.getvalue()


def damaged_png() -> bytes:
    data = bytearray(image_bytes())
    data[60:80] = bytes(b ^ 0xFF for b in data[60:80])
    return bytes(data)


BAD_IMAGES = {
    images.NOT_AN_IMAGE: lambda: b"not an image at all",
    images.TRUNCATED: truncated_jpeg,
    images.CORRUPT: damaged_png,
    images.TOO_MANY_PIXELS: lambda: png_with_declared_size(100_000, 100_000),
    images.TOO_LARGE: noisy_png,
}


@pytest.mark.parametrize("code", sorted(BAD_IMAGES))
def test_a_bad_image_is_refused_next_to_the_image_field_and_leaves_no_file(
    admin_client, sets, settings, media_root, code
):
    settings.IMAGE_MAX_BYTES = 20_000
    response = add(
        admin_client, card_post(sets, "legions", "minion", LEGIONS_MINION, image=upload(BAD_IMAGES[code]()))
    )
    image_errors = form_errors(response).as_data()["image"]
    assert ([e.code for e in image_errors], stored_files(media_root), Card.objects.count()) == ([code], [], 0)


# -- list: filters, search, export ---------------------------------------------------------------------------


@pytest.fixture
def catalogue(admin_client, sets):
    add(
        admin_client,
        card_post(sets, "legions", "minion", LEGIONS_MINION, name="赤の戦士", reading="あかのせんし"),
    )
    add(
        admin_client,
        card_post(
            sets,
            "legions",
            "minion",
            {**LEGIONS_MINION, "colours": ["blue", "black"]},
            collector_number="002",
            name="青の魔術師",
            reading="あおのまじゅつし",
        ),
    )
    add(
        admin_client,
        card_post(
            sets,
            "riders_legend",
            "character",
            {**RIDERS_CHARACTER, "alignment": "evil", "faction": "ショッカー"},
            name="戦闘員",
        ),
    )
    add(
        admin_client,
        card_post(
            sets,
            "iron_leaguer",
            "il",
            {"affiliation": "dark_leaguer", "heart": 1, "skill": 2, "body": 3, "growth": "2"},
            name="ダークプリンス",
        ),
    )
    assert Card.objects.count() == 4
    return Card.objects.all()


def listed(admin_client, **params) -> list[str]:
    response = admin_client.get(reverse(LIST_URL), params)
    return sorted(card.name for card in response.context["cl"].result_list)


def test_the_list_filters_legions_cards_by_colour(admin_client, catalogue):
    assert listed(admin_client, legions_colours="black") == ["青の魔術師"]


def test_the_list_filters_riders_legend_cards_by_faction(admin_client, catalogue):
    assert listed(admin_client, riders_legend_faction="ショッカー") == ["戦闘員"]


def test_the_list_filters_iron_leaguer_cards_by_affiliation(admin_client, catalogue):
    assert listed(admin_client, iron_leaguer_affiliation="dark_leaguer") == ["ダークプリンス"]


def test_the_list_filters_by_game_and_card_type(admin_client, catalogue, games):
    assert listed(admin_client, game__id__exact=games["riders_legend"].pk, type="character") == ["戦闘員"]


def test_the_list_searches_by_reading(admin_client, catalogue):
    assert listed(admin_client, q="あおの") == ["青の魔術師"]


def test_the_list_searches_by_collector_number(admin_client, catalogue):
    assert listed(admin_client, q="002") == ["青の魔術師"]


def export(admin_client, cards):
    return admin_client.post(
        reverse(LIST_URL), {"action": "export_selected_json", "_selected_action": [c.pk for c in cards]}
    )


def test_exporting_selected_cards_downloads_them_in_the_import_format(admin_client, catalogue):
    legions = [c for c in catalogue if c.game.code == "legions"]
    document = json.loads(export(admin_client, legions).content)
    assert (document["format"], document["game"]["code"], [c["number"] for c in document["cards"]]) == (
        "shinpan.cards",
        "legions",
        ["001", "002"],
    )


def test_exporting_cards_of_two_games_at_once_is_refused_with_a_message(admin_client, catalogue):
    response = export(admin_client, catalogue)
    assert response.status_code == 302 and response.get("Content-Disposition") is None


def test_the_set_list_filters_by_game(admin_client, sets, games):
    response = admin_client.get(
        reverse("admin:cards_cardset_changelist"), {"game__id__exact": games["legions"].pk}
    )
    assert [s.code for s in response.context["cl"].result_list] == [sets["legions"].code]


# -- the seed catalogues -------------------------------------------------------------------------------------


@pytest.fixture
def seed_catalogue(db):
    call_command("loadseeds", stdout=io.StringIO())
    return Card.objects.select_related("game")


def resubmitted(admin_client, card):
    """Post the card's change form back exactly as the admin rendered it."""
    form = admin_client.get(change_url(card)).context["adminform"].form
    data = {}
    for name in form.fields:
        value = form[name].value()
        if name == "image" or value in (None, False, "", []):
            continue
        data[name] = "on" if value is True else value
    return admin_client.post(change_url(card), data)


def test_every_kind_of_seed_card_round_trips_through_its_change_form_unchanged(admin_client, seed_catalogue):
    samples = {(card.game.code, card.card_type): card for card in seed_catalogue}
    for card in samples.values():
        before = (card.attributes, card.sample_fields)
        response = resubmitted(admin_client, card)
        card.refresh_from_db()
        assert (response.status_code, card.attributes, card.sample_fields) == (302, *before), card

"""The card admin in a browser: a superuser adds a Legions card with a PNG image and sees its thumbnail."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cards.models import Card, CardSet, Game
from tests.cards.test_images import image_bytes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-test-password-0451"


@pytest.fixture
def legions_set(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    game = Game.objects.create(code="legions", name="Legions!", name_ja="レギオンズ!")
    Game.objects.create(code="iron_leaguer", name="Iron Leaguer", name_ja="アイアンリーガー")
    return CardSet.objects.create(game=game, code="LG01", name="Booster 1")


@pytest.fixture
def superuser(django_user_model):
    return django_user_model.objects.create_superuser("referee", "referee@example.com", PASSWORD)


def test_a_superuser_adds_a_legions_card_with_an_image_and_sees_its_thumbnail(
    page, live_server, legions_set, superuser, tmp_path
):
    picture = tmp_path / "kasumi.png"
    picture.write_bytes(image_bytes(size=(630, 880)))
    page.goto(f"{live_server.url}/admin/login/?next=/admin/cards/card/add/")
    page.fill("#id_username", "referee")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")

    iron_leaguer_fields = page.locator("fieldset.game-iron_leaguer").first
    expect(iron_leaguer_fields).to_be_visible()  # no game chosen yet: every game's fields show
    page.select_option("#id_game", label="Legions!")
    expect(iron_leaguer_fields).to_be_hidden()  # now only the chosen game's
    page.select_option("#id_card_set", label="LG01 — Booster 1")
    page.fill("#id_collector_number", "012")
    page.fill("#id_name", "下忍カスミ")
    page.fill("#id_reading", "げにんかすみ")
    page.select_option("#id_card_type", "minion")
    page.check("input[name=attr__legions__colours][value=black]")
    for name, value in (("unlock_cost", "1"), ("atk", "1"), ("hp", "1"), ("wt", "1")):
        page.fill(f"#id_attr__legions__{name}", value)
    page.set_input_files("#id_image", str(picture))
    page.click("input[name=_continue]")

    thumbnail = page.locator("img.card-thumbnail")
    thumbnail.wait_for()
    card = Card.objects.get()
    assert (thumbnail.get_attribute("src"), card.attributes["colours"]) == (card.thumbnail.url, ["black"])

"""Catalogue pages: home, a game's search (grid/table, errors on the page), a card, help, and Japanese."""

from __future__ import annotations

import re
from pathlib import Path

import polib
from django.urls import reverse

from cards.models import CardSet, Game

from .conftest import make_card

ROOT = Path(__file__).resolve().parents[2]
GAME_URL = "/games/legions/"


def result_names(response) -> set[str]:
    return {card.name for card in response.context["page"]}


def test_the_home_page_links_each_game(client, legions):
    response = client.get("/")
    assert GAME_URL in response.content.decode() and response.context["games"][0].card_count == 6


def test_a_game_page_lists_its_sets(client, legions):
    sets = visible_text(client.get(GAME_URL).content.decode().split('id="sets-heading"')[1])
    assert "LG01 Booster 1" in sets and "6 cards" in sets


def test_a_search_shows_only_the_matching_cards(client, legions):
    response = client.get(GAME_URL, {"q": "t:minion c:red atk>=2"})
    assert response.status_code == 200 and result_names(response) == {"下忍カスミ", "炎の双剣士"}


def test_the_grid_shows_each_card_as_its_face_named_and_typed(client, legions):
    html = client.get(GAME_URL, {"q": "下忍"}).content.decode()
    grid = html.split('id="result-grid"')[1].split("</ul>")[0]
    assert 'class="card-face card-face--legions' in grid and 'aria-label="下忍カスミ — Minion"' in grid


def test_the_table_view_lists_the_results_in_a_table(client, legions):
    html = client.get(GAME_URL, {"q": "c:green", "view": "table"}).content.decode()
    assert 'id="result-table"' in html and "緑の巨人" in html and 'id="result-grid"' not in html


def test_a_bad_query_answers_400_with_the_message_and_position_on_the_page(client, legions):
    response = client.get(GAME_URL, {"q": "atk>="})
    html = response.content.decode()
    assert response.status_code == 400 and 'role="alert"' in html and "At position 4" in html


def test_an_htmx_search_answers_only_the_results_fragment(client, legions):
    response = client.get(GAME_URL, {"q": "c:green"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert "<html" not in html and "緑の巨人" in html


def test_an_htmx_search_with_an_error_answers_200_so_htmx_shows_it(client, legions):
    response = client.get(GAME_URL, {"q": "(c:red"}, headers={"HX-Request": "true"})
    assert response.status_code == 200 and "unclosed parenthesis" in response.content.decode()


def test_results_are_paginated(client, legions, monkeypatch):
    monkeypatch.setattr("cards.views.PAGE_SIZE", 4)
    response = client.get(GAME_URL, {"page": 2})
    assert response.context["page"].number == 2 and len(result_names(response)) == 2


def test_a_card_page_shows_its_set_number_and_attributes(client, legions):
    card = legions["緑の巨人"]
    html = client.get(reverse("cards:card", args=[card.pk])).content.decode()
    for text in ("LG01", "003", "Unlock cost", "<dd>10</dd>", "<dd>Green</dd>", "<dd>Minion</dd>"):
        assert text in html


def test_a_card_page_lists_other_printings_of_the_same_name(client, legions):
    card = legions["下忍カスミ"]
    reprint = make_card(
        CardSet.objects.create(game=card.game, code="LG02", name="Booster 2"),
        "010",
        card.name,
        "minion",
        dict(card.attributes),
    )
    html = client.get(reverse("cards:card", args=[card.pk])).content.decode()
    assert reverse("cards:card", args=[reprint.pk]) in html


def test_a_riders_legend_card_page_shows_its_transform_chain_both_ways(client, db):
    game = Game.objects.create(code="riders_legend", name="Riders' Legend", name_ja="仮面ライダー")
    card_set = CardSet.objects.create(game=game, code="RL01", name="Set 1")
    stats = {"alignment": "justice", "faction": "正義", "attack": 3, "defence": 3, "operation": 1}
    human = make_card(card_set, "001", "本郷猛", "character", stats)
    rider = make_card(card_set, "002", "仮面ライダー1号", "character", {**stats, "transforms_from": ["本郷猛"]})
    new = make_card(card_set, "003", "新1号", "character", {**stats, "transforms_from": ["仮面ライダー1号"]})
    html = client.get(reverse("cards:card", args=[human.pk])).content.decode()
    assert reverse("cards:card", args=[rider.pk]) in html and reverse("cards:card", args=[new.pk]) in html


def test_the_help_page_lists_every_games_keys(client, db):
    html = client.get(reverse("cards:search_help")).content.decode()
    for key in ("<code>hp</code>", "<code>faction</code>", "<code>growth</code>", "<code>timing</code>"):
        assert key in html


def test_a_japanese_browser_gets_the_japanese_interface(client, legions):
    html = client.get(GAME_URL, headers={"Accept-Language": "ja"}).content.decode()
    assert 'lang="ja"' in html and "カードを検索" in html and "レギオンズ!" in html


def test_the_language_form_switches_the_interface(client, legions):
    client.post("/i18n/setlang/", {"language": "ja", "next": "/"})
    assert "カードゲーム" in client.get("/").content.decode()


def visible_text(html: str) -> str:
    """The page's text as a reader sees it: no tags, attributes, scripts or styles."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def template_msgids() -> set[str]:
    paths = list((ROOT / "templates" / "cards").glob("**/*.html"))
    text = "".join(path.read_text() for path in paths)
    plain = set(re.findall(r"""\{% translate ["']([^"']+)["']""", text))
    blocks = re.findall(r"\{% blocktranslate[^%]*%\}(.*?)(?:\{% plural %\}.*?)?\{% endblocktranslate %\}", text)
    return plain | {re.sub(r"\{\{ (\w+) \}\}", r"%(\1)s", block) for block in blocks}


def translated_msgids() -> set[str]:
    """The msgids translated in the project's catalogue or an app's own (``cards/locale``; the card page's
    proposal and history links are ``community/locale``'s)."""
    translated = set()
    for path in (ROOT / "locale", ROOT / "cards" / "locale", ROOT / "community" / "locale"):
        po = polib.pofile(str(path / "ja" / "LC_MESSAGES" / "django.po"))
        translated |= {entry.msgid for entry in po if entry.msgstr or entry.msgstr_plural}
    return translated


def test_every_interface_string_of_the_catalogue_pages_has_a_japanese_translation():
    assert template_msgids() - translated_msgids() == set()


# QA report 3: D (Japanese values and errors), E (readable table), C (help page), F (docs offline).

JA = {"Accept-Language": "ja"}


def test_a_japanese_card_page_names_the_card_type_and_colours_in_japanese(client, legions):
    html = client.get(reverse("cards:card", args=[legions["下忍カスミ"].pk]), headers=JA).content.decode()
    assert "<dd>ミニオン</dd>" in html and "<dd>赤</dd>" in html and "minion" not in visible_text(html).lower()


def test_a_japanese_search_error_gives_its_message_in_japanese(client, legions):
    html = client.get(GAME_URL, {"q": "colour:red"}, headers=JA).content.decode()
    assert "検索キー &#x27;colour&#x27; はありません" in html and "unknown search key" not in html


def test_the_results_table_shows_attributes_readably(client, legions):
    html = client.get(GAME_URL, {"q": "炎の双剣士", "view": "table"}).content.decode()
    assert "Colour symbols: Red / Black; Unlock cost: 2; ATK: 3; HP: 3; Wait turn (WT): 2" in html
    assert "[" not in html.split('id="result-table"')[1].split("</table>")[0]


def test_the_japanese_results_table_shows_japanese_labels_and_values(client, legions):
    html = client.get(GAME_URL, {"q": "炎の双剣士", "view": "table"}, headers=JA).content.decode()
    assert "<td>ミニオン</td>" in html and "カラーシンボル: 赤 / 黒" in html


def test_a_technique_shows_its_halves_readably_in_the_table(client, db):
    game = Game.objects.create(code="iron_leaguer", name="Iron Leaguer", name_ja="アイアンリーガー")
    card_set = CardSet.objects.create(game=game, code="IL01", name="Set 1")
    upper = {"name": "シュート", "kind": "leg", "timing": "attack", "persons": 1, "attack": 6}
    lower = {"name": "ディフェンス", "kind": "any", "timing": "defence", "persons": None, "defence": 5}
    make_card(card_set, "001", "シュート/ディフェンス", "technique", {"period": 1, "upper": upper, "lower": lower})
    html = client.get("/games/iron_leaguer/", {"view": "table"}).content.decode()
    assert "Upper half: (Name: シュート; Kind: Leg; Timing: Attack; Persons: 1;" in html
    assert "Persons: −" in html and "{" not in html.split('id="result-table"')[1]


def test_the_help_page_states_the_limits_and_the_aff_dark_and_growth_forms(client, db):
    html = client.get(reverse("cards:search_help")).content.decode()
    assert "at most 500 characters, 30 words and terms, and 12 nested" in html
    assert "<code>aff:dark</code> means either Dark affiliation" in html and "<code>growth:−</code>" in html


def test_the_api_docs_page_loads_swagger_ui_from_this_site_not_a_cdn(client, db):
    html = client.get("/api/docs/").content.decode()
    assert "cdn.jsdelivr.net" not in html and "/static/drf_spectacular_sidecar/swagger-ui-dist/" in html

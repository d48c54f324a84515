"""The card face component draws a card from its data in its game's style (issue 10, point 2)."""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template
from django.utils import translation

from cards.faces import card_face_context, label
from cards.games import labels

TEMPLATE = Template('{% load faces %}{% card_face card size %}')


def render(card: dict, *, size: str = "md", lang: str = "en") -> str:
    with translation.override(lang):
        return TEMPLATE.render(Context({"card": card, "size": size}))


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


MINION = {"game": "legions", "name": "下忍カスミ", "card_type": "minion", "rules_text": "配置時：1ダメージ。",
          "attributes": {"colours": ["black"], "unlock_cost": 1, "atk": 2, "hp": 1, "wt": 1, "keywords": ["速攻"]}}
LORD = {"game": "legions", "name": "死神少女『ルルシュ』", "card_type": "lord",
        "attributes": {"colours": ["black"], "unlock_cost": 5, "core_cost": 2, "atk": 4, "hp": 5}}
MISSION = {"game": "riders_legend", "name": "人質の救出", "card_type": "mission",
           "attributes": {"alignment": "justice", "faction": "正義", "required_operation": 4, "attack": 2,
                          "defence": 4}}
EYECATCH = {"game": "riders_legend", "name": "アイキャッチ 仮面ライダー", "card_type": "eyecatch",
            "attributes": {"side_a": "前半終了。", "side_b": "後半開始。"}}
IL = {"game": "iron_leaguer", "name": "マグナムエース", "card_type": "il",
      "attributes": {"affiliation": "silver_starter", "heart": 5, "skill": 7, "body": 6, "growth": 5,
                     "kinds": ["arm", "strike"]}}
TECHNIQUE = {"game": "iron_leaguer", "name": "パワーシュート／ディフェンス", "card_type": "technique",
             "attributes": {"period": 1,
                            "upper": {"name": "パワーシュート", "kind": "any", "timing": "attack", "persons": 1,
                                      "skill": 2, "body": 2, "attack": 10},
                            "lower": {"name": "ディフェンス", "kind": "any", "timing": "defence", "persons": None,
                                      "skill": 1, "body": 1, "defence": 9, "on_defence": "attack_right"}}}


def test_a_legions_minion_face_shows_cost_colour_stats_wait_turn_keywords_and_text():
    shown = text(render(MINION))
    parts = ("下忍カスミ", "Unlock cost 1", "Black", "Minion", "WT 1", "速攻", "配置時：1ダメージ。", "ATK 2", "HP 1")
    for part in parts:
        assert part in shown, part


def test_a_lord_face_shows_its_core_cost():
    assert "CC 2" in text(render(LORD))


def test_a_riders_legend_mission_shows_required_operation_power_and_its_alignment():
    shown = text(render(MISSION))
    assert "Required operation power 4" in shown and "Justice" in shown and "DEF 4" in shown


def test_an_eyecatch_shows_both_sides():
    shown = text(render(EYECATCH))
    assert "Side A 前半終了。" in shown and "Side B 後半開始。" in shown


def test_an_il_face_shows_heart_skill_body_growth_and_kinds_in_japanese():
    shown = text(render(IL, lang="ja"))
    assert "心 5" in shown and "技 7" in shown and "体 6" in shown and "成長 5" in shown
    assert "腕技" in shown and "シルバースタメン" in shown and "silver" not in shown


def test_a_technique_card_shows_both_halves_with_timing_persons_and_values():
    html = render(TECHNIQUE)
    assert html.count("cf-half ") == 2
    shown = text(html)
    assert "Attack パワーシュート" in shown and "AP 10" in shown
    assert "Defence ディフェンス" in shown and "DP 9" in shown and "1 pers." in shown and "pers. −" in shown


def test_a_persons_dash_reads_as_the_persons_field_not_a_number_of_people():
    # IL 5.4.3: "−" persons follows the other cards'; the face said "−人" (minus people) in Japanese
    shown = text(render(TECHNIQUE, lang="ja"))
    assert "1人" in shown and "人数−" in shown and "−人" not in shown


def test_a_card_with_an_image_shows_the_image_and_keeps_its_name_readable():
    html = render({**MINION, "image_url": "/media/cards/x.png"})
    assert 'src="/media/cards/x.png"' in html and "card-face-caption" in html and "下忍カスミ" in html
    assert "cf-stats" not in html


@pytest.mark.parametrize("card", [MINION, LORD, MISSION, EYECATCH, IL, TECHNIQUE])
def test_a_japanese_face_shows_no_stored_code(card):
    shown = text(render(card, lang="ja"))
    for code in ("minion", "lord", "mission", "eyecatch", "technique", "silver_starter", "justice", "attack",
                 "defence", "black"):
        assert code not in shown.lower()


def test_every_label_has_an_english_and_a_japanese_word():
    assert all(en and ja for en, ja in labels().values())
    assert label("minion", True) == "ミニオン" and label(None, False) == "−" and label("不明", False) == "不明"


def test_a_face_of_an_unknown_game_or_with_missing_attributes_still_renders():
    face = card_face_context({"name": "X", "card_type": "minion", "game": "legions"}, japanese=False)["face"]
    assert face["atk"] is None
    assert "X" in text(render({"name": "X", "type": "thing"}))


# A rendered face is kept per process, keyed by what it reads (issue 31, point 1: a search page's 32 faces were
# most of its CPU)


def _uncached(card, size: str, lang: str) -> str:
    from django.template.loader import render_to_string

    with translation.override(lang):
        return render_to_string("components/card_face.html",
                                {"f": card_face_context(card, japanese=lang == "ja", size=size)})


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("card", [MINION, LORD, MISSION, EYECATCH, IL, TECHNIQUE], ids=lambda c: c["card_type"])
def test_a_kept_face_is_the_face_the_component_draws(card, lang):
    assert render(card, size="sm", lang=lang) == _uncached(card, "sm", lang)
    assert render(card, size="sm", lang=lang) == _uncached(card, "sm", lang)  # the kept one, the same


def test_a_catalogue_cards_face_is_kept_and_an_edit_by_any_means_redraws_it(legions):
    from cards.faces import _rendered
    from cards.models import Card

    card = legions["下忍カスミ"]
    first = render(card, lang="ja")
    assert first == _uncached(card, "md", "ja")
    before = _rendered.cache_info().hits
    assert render(Card.objects.get(pk=card.pk), lang="ja") == first
    assert _rendered.cache_info().hits == before + 1  # drawn once, then kept
    Card.objects.filter(pk=card.pk).update(name="上忍カスミ")  # no save(), no updated_at: the key still changes
    redrawn = render(Card.objects.get(pk=card.pk), lang="ja")
    assert "上忍カスミ" in redrawn and "下忍カスミ" not in redrawn
    card.refresh_from_db()
    card.attributes = {**card.attributes, "atk": 9}
    card.save()
    assert render(Card.objects.get(pk=card.pk), lang="ja") == _uncached(card, "md", "ja") != redrawn
    assert render(Card.objects.get(pk=card.pk), lang="en") != render(Card.objects.get(pk=card.pk), lang="ja")

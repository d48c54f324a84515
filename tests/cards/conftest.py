"""Fixtures of the catalogue tests: a small Legions catalogue, and compiled translations for the pages."""

from __future__ import annotations

import pytest

from cards.models import Card, CardSet, Game
from scripts.compile_messages import ROOT, compile_all


@pytest.fixture(scope="session", autouse=True)
def compiled_translations():
    """The pages' Japanese needs ``locale/ja/LC_MESSAGES/django.mo`` and ``cards/locale/ja/…/django.mo``; they are
    generated, so make them if missing or older than their ``.po``."""
    pos = [
        ROOT / "locale" / "ja" / "LC_MESSAGES" / "django.po",
        ROOT / "cards" / "locale" / "ja" / "LC_MESSAGES" / "django.po",
    ]
    stale = [
        po
        for po in pos
        if po.exists()
        and (not po.with_suffix(".mo").exists() or po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime)
    ]
    if stale:
        compile_all()
        from django.utils.translation import trans_real

        trans_real._translations = {}  # forget catalogues loaded before the .mo existed


@pytest.fixture(autouse=True)
def fresh_cache():
    """Each test starts with an empty cache: the API's anonymous throttle counts requests there."""
    from tests.cache import clear_cache

    clear_cache()


@pytest.fixture
def nothing_compiled():
    """The test starts with no search compiled or looked up in this process (the parsed queries, the API's cached
    searches and their page statements, the games' ids). Used by the search-cost and page-statement tests."""
    import cards.search
    from cards.api import card_search as api_search
    from cards.search import games as search_games

    cards.search._compiled.cache_clear()
    api_search._card_search.cache_clear()
    search_games.forget_game_ids()


def make_card(card_set: CardSet, number: str, name: str, card_type: str, attributes: dict, **fields) -> Card:
    """Create a card through ``Card.clean`` (so attributes are the schema's normalised ones)."""
    card = Card(
        game=card_set.game,
        card_set=card_set,
        collector_number=number,
        name=name,
        card_type=card_type,
        attributes=attributes,
        **fields,
    )
    card.full_clean()
    card.save()
    return card


@pytest.fixture
def legions(db):
    """A Legions game with one set and six cards of known colours and stats, keyed by name."""
    game = Game.objects.create(code="legions", name="Legions!", name_ja="レギオンズ!")
    card_set = CardSet.objects.create(game=game, code="LG01", name="Booster 1", name_ja="第1弾")
    specs = [
        (
            "001",
            "下忍カスミ",
            "げにんかすみ",
            "minion",
            {"colours": ["red"], "unlock_cost": 1, "atk": 2, "hp": 1, "wt": 1},
            "相手に2ダメージを与える。",
        ),
        (
            "002",
            "赤の弓兵",
            "あかのきゅうへい",
            "minion",
            {"colours": ["red"], "unlock_cost": 1, "atk": 1, "hp": 2, "wt": 1},
            "",
        ),
        (
            "003",
            "緑の巨人",
            "みどりのきょじん",
            "minion",
            {"colours": ["green"], "unlock_cost": 3, "atk": 10, "hp": 9, "wt": 3},
            "",
        ),
        (
            "004",
            "ダークフレイム",
            "だーくふれいむ",
            "arts",
            {"colours": ["red"], "unlock_cost": 2},
            "ATK+3。",
        ),
        ("005", "マオ・ニャン", "まお・にゃん", "master", {"colours": ["red", "green"]}, ""),
        (
            "006",
            "炎の双剣士",
            "ほのおのそうけんし",
            "minion",
            {"colours": ["red", "black"], "unlock_cost": 2, "atk": 3, "hp": 3, "wt": 2},
            "",
        ),
    ]
    cards = {}
    for number, name, reading, card_type, attributes, text in specs:
        cards[name] = make_card(
            card_set, number, name, card_type, attributes, reading=reading, rules_text=text, rarity="C"
        )
    return cards

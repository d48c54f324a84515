"""Deck lists as text and catalogue files as the engine's cards (decklist.py)."""

from __future__ import annotations

import pytest

from referee.games.legions.decklist import build, parse

from .conftest import CARDS, DECKS


def test_a_deck_list_names_one_master_and_counted_cards() -> None:
    text = "# a comment\nGame: legions\nMaster\n1 マオ・ニャン\nDeck\n3 下忍カスミ\n2 ダークフレイム\n"
    assert parse(text) == {"master": "マオ・ニャン", "cards": [(3, "下忍カスミ"), (2, "ダークフレイム")]}


def test_a_deck_list_without_one_master_or_with_a_line_that_is_no_count_is_refused() -> None:
    with pytest.raises(ValueError, match="one master"):
        parse("Deck\n3 下忍カスミ\n")
    with pytest.raises(ValueError, match="line 2"):
        parse("Master\nマオ・ニャン\n")


def test_a_seed_sample_deck_builds_forty_cards_with_their_abilities() -> None:
    deck = build(parse(DECKS["olivier"].read_text(encoding="utf-8")), CARDS)
    assert deck["master"]["name"] == "深海リラ" and len(deck["cards"]) == 40
    assert all("abilities" in c for c in deck["cards"])


def test_a_card_the_catalogue_does_not_hold_is_named() -> None:
    with pytest.raises(KeyError, match="幻のカード"):
        build({"master": "マオ・ニャン", "cards": [(1, "幻のカード")]}, CARDS)

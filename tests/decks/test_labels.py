"""Every code a deck page can show has words in English and Japanese, and the messages read as sentences."""

from __future__ import annotations

import re

import pytest

from cards.games import schema_for
from decks import games
from decks.legality import check, labels

from .conftest import FORMATS, INDEXES, key_of, read

ALL_CODES = {
    "codec.unreadable", "codec.unreadable_line", "codec.unknown_card", "codec.ambiguous_card", "codec.unknown_ref",
    "codec.ref_mismatch", "codec.no_section", "codec.bad_header", "codec.too_many_copies", "codec.too_long",
    "deck.unknown_card", "deck.wrong_game", "deck.unknown_section", "deck.bad_count", "deck.section_size",
    "deck.type_not_allowed", "deck.copy_limit", "format.banned", "format.restricted", "legions.master_count",
    "legions.class_mismatch", "legions.off_class_symbol", "riders.eyecatch_outside_section",
    "iron_leaguer.side_missing", "iron_leaguer.duplicate_il", "iron_leaguer.not_on_side", "iron_leaguer.roster_size",
}
LATIN = re.compile(r"[A-Za-z_]")


def without_names(text: str, game: str) -> str:
    """``text`` with every card name of ``game`` removed (names may hold Latin letters, such as GZ or V3)."""
    for name in sorted(INDEXES[game].by_name, key=len, reverse=True):
        text = text.replace(name, "")
    return text


def test_every_problem_code_has_a_heading_in_both_languages_and_the_japanese_one_has_no_latin():
    known = {**labels.PROBLEMS, **labels.game_problems()}
    assert ALL_CODES <= set(known)
    for code in ALL_CODES:
        english, japanese = known[code]
        assert english and japanese and not LATIN.search(japanese), code
        assert labels.problem_heading(code) == english and labels.problem_heading(code, True) == japanese


@pytest.mark.parametrize("game", ["legions", "riders_legend", "iron_leaguer"])
def test_every_section_and_card_type_of_a_game_has_both_labels(game):
    for section in games.game_sections(game):
        assert labels.section_en(section) != section and not LATIN.search(labels.section_ja(section))
    for card_type in schema_for(game).card_types:
        assert labels.type_ja(card_type) != card_type and not LATIN.search(labels.type_ja(card_type))
        assert labels.type_plural_en(card_type) and labels.type_en(card_type)


def test_a_section_size_problem_is_a_sentence_without_codes_in_either_language():
    result = read("Game: riders_legend\nFirst half\n2 さそり男\n")
    problem = next(p for p in result.report.errors if p.section == "first_half")
    assert problem.message_en == "The first half must hold exactly 30 cards; it holds 2."
    assert problem.message_ja == "前半デッキは30枚ちょうどにしてください（現在2枚）。"


def test_a_card_type_problem_names_the_types_in_words():
    deck = {"game": "legions", "side": None,
            "entries": [{"card": key_of("legions", "マオ・ニャン"), "count": 1, "section": "deck", "line": None}]}
    report = check(deck, INDEXES["legions"].cards, FORMATS["legions_standard"])
    problem = next(p for p in report.errors if p.code == "deck.type_not_allowed")
    assert problem.message_en == (
        "マオ・ニャン is a master card; the deck takes only minion, lord, skill and arts cards."
    )
    assert problem.message_ja == (
        "マオ・ニャンはマスターカードなのでデッキには入れられません（入れられるのはミニオン・ロード・スキル・アーツのみ）。"
    )


def test_an_iron_leaguer_side_problem_names_the_side_and_format_not_their_codes():
    result = read("Game: iron_leaguer\nFormat: iron_leaguer_standard\nSide: silver\nRoster\n1 GZ\n")
    problem = next(p for p in result.report.errors if p.code == "iron_leaguer.not_on_side")
    assert "Silver Castle" in problem.message_en and "iron_leaguer_standard" not in problem.message_en
    assert "dark_leaguer" not in problem.message_en and "silver_starter" not in problem.message_en
    assert not LATIN.search(without_names(problem.message_ja, "iron_leaguer"))


@pytest.mark.parametrize(
    "text",
    [
        "Game: legions\nDeck\n3 下忍カスミン\n",  # unknown card
        "Game: legions\nDeck\n0 下忍カスミ\n",  # unreadable count
        "Game: legions\nColour: red\nDeck\n1 下忍カスミ\n",  # unknown header
        "Game: riders_legend\n1 さそり男\n",  # no section
        "Game: iron_leaguer\nSide: purple\nRoster\n1 GZ\n",  # bad side
        "Game: legions\nMaster\n1 下忍カスミ\nDeck\n1 マオ・ニャン\n",  # types in the wrong sections
        "Game: riders_legend\nFirst half\n5 さそり男\n",  # copy limit
    ],
)
def test_japanese_messages_hold_no_latin_words_but_card_names(text):
    result = read(text)
    game = result.game
    problems = result.report.errors + result.report.warnings
    assert problems
    for problem in problems:
        rest = without_names(problem.message_ja, game)
        for typed in ("下忍カスミン", "purple", "Colour"):  # what the player typed is quoted back as typed
            rest = rest.replace(f"「{typed}」", "")
        assert not LATIN.search(rest), (problem.code, problem.message_ja)
        assert "_" not in problem.message_en and "(s)" not in problem.message_en, problem.message_en


def test_a_suggestion_names_the_type_of_an_il_as_il_not_il_lowercased(client, db):
    from decks.views import _capital

    assert _capital("IL") == "IL" and _capital("minion") == "Minion"

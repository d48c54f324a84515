"""The search language (cards.search): tokens, parse errors with 1-based positions, and compiled filters."""

from __future__ import annotations

import pytest

from cards.models import Card, CardSet, Game
from cards.search import QueryError, parse, search
from cards.search import errors as E
from cards.search.parser import And, Not, Or, Term, Word

from .conftest import make_card


def error_of(query: str, games=("legions",)) -> QueryError:
    with pytest.raises(QueryError) as caught:
        search(Card.objects.all(), query, list(games))
    return caught.value


def names(query: str, games=("legions",)) -> set[str]:
    return set(search(Card.objects.all(), query, list(games)).values_list("name", flat=True))


# Parsing, no database.


def test_an_empty_query_parses_to_nothing():
    assert parse("   ") is None


def test_terms_side_by_side_are_all_required():
    node = parse("t:minion c:red")
    assert isinstance(node, And) and [child.key for child in node.children] == ["t", "c"]


def test_or_binds_looser_than_side_by_side_terms():
    node = parse("a b or c")
    assert isinstance(node, Or) and isinstance(node.children[0], And)


def test_minus_negates_the_group_after_it():
    node = parse("-(a or b)")
    assert isinstance(node, Not) and isinstance(node.child, Or)


def test_a_quoted_phrase_is_one_word_with_its_spaces():
    assert parse('"2 damage"') == Word("2 damage", 1, '"2 damage"')


def test_full_width_key_operator_and_digits_read_as_half_width():
    node = parse("ＡＴＫ＞＝３")
    assert isinstance(node, Term) and (node.key, node.op, node.value) == ("atk", ">=", "3")


def test_a_key_with_no_value_points_at_its_operator():
    with pytest.raises(QueryError) as caught:
        parse("atk>=")
    assert (caught.value.position, caught.value.key) == (4, "atk")
    assert caught.value.message == E.MISSING_VALUE.format(key="atk", op=">=")


def test_positions_count_characters_as_typed_before_full_width_normalisation():
    with pytest.raises(QueryError) as caught:
        parse("ＡＴＫ＞＝")
    assert caught.value.position == 4


@pytest.mark.parametrize(
    ("query", "message", "position"),
    [
        ('t:minion "unclosed', E.UNCLOSED_QUOTE, 10),
        ("(c:red or c:green", E.UNCLOSED_PAREN, 1),
        ("c:red )", E.UNEXPECTED_PAREN, 7),
        ("a ()", E.EMPTY_PARENS, 3),
        ("a or", E.DANGLING_OR, 3),
        ("or a", E.DANGLING_OR, 1),
        ("a -", E.DANGLING_MINUS, 3),
    ],
)
def test_a_malformed_query_names_the_problem_and_its_position(query, message, position):
    with pytest.raises(QueryError) as caught:
        parse(query)
    assert (caught.value.message, caught.value.position) == (message, position)


# Compiling and running, on the database the suite runs on (SQLite or PostgreSQL).


def test_the_done_when_query_finds_only_red_minions_with_attack_two_or_more(legions):
    assert names("t:minion c:red atk>=2") == {"下忍カスミ", "炎の双剣士"}


def test_numbers_compare_as_numbers_not_as_text(legions):
    # As text "10" < "3"; the 10-ATK giant must still be found.
    assert names("atk>=3") == {"緑の巨人", "炎の双剣士"}


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("atk=2", {"下忍カスミ"}),
        ("atk:2", {"下忍カスミ"}),
        ("atk<2", {"赤の弓兵"}),
        ("atk<=2", {"下忍カスミ", "赤の弓兵"}),
        ("atk>3", {"緑の巨人"}),
        ("hp!=1", {"赤の弓兵", "緑の巨人", "炎の双剣士"}),
    ],
)
def test_each_numeric_operator_compares_as_written(legions, query, expected):
    assert names(query) == expected


def test_full_width_query_finds_the_same_cards_as_half_width(legions):
    assert names("ＡＴＫ＞＝３") == names("atk>=3")


def test_a_single_colour_matches_every_card_with_that_symbol(legions):
    assert names("c:red") == {"下忍カスミ", "赤の弓兵", "ダークフレイム", "マオ・ニャン", "炎の双剣士"}


def test_a_colour_pair_matches_exactly_that_class_in_either_order(legions):
    assert names("c:green/red") == {"マオ・ニャン"}


def test_a_japanese_colour_name_means_the_colour(legions):
    assert names("c:緑") == {"緑の巨人", "マオ・ニャン"}


def test_negating_a_stat_keeps_the_cards_without_that_stat(legions):
    assert names("-atk>=2") == {"赤の弓兵", "ダークフレイム", "マオ・ニャン"}


def test_or_and_parentheses_combine_as_written(legions):
    assert names("(t:arts or t:master) c:red") == {"ダークフレイム", "マオ・ニャン"}


def test_a_hiragana_word_matches_the_reading(legions):
    assert names("かすみ") == {"下忍カスミ"}


def test_a_katakana_word_also_matches_a_hiragana_reading(legions):
    assert names("name:キョジン") == {"緑の巨人"}


def test_a_kanji_word_matches_the_name(legions):
    assert names("下忍") == {"下忍カスミ"}


def test_a_quoted_phrase_matches_rules_text(legions):
    assert names('"2ダメージ"') == {"下忍カスミ"}


def test_set_and_rarity_keys_ignore_case(legions):
    assert len(names("set:lg01 r:c")) == 6


def test_an_unknown_key_is_refused_naming_the_key(legions):
    error = error_of("t:minion foo:1")
    assert (error.key, error.position, error.message) == ("foo", 10, E.UNKNOWN_KEY.format(key="foo"))


def test_a_key_of_another_game_is_unknown_in_this_game(legions):
    assert error_of("def>=2").key == "def"


def test_a_word_for_a_number_is_refused_naming_the_key(legions):
    error = error_of("hp:abc")
    assert (error.key, error.position) == ("hp", 4)


def test_an_unknown_colour_is_refused_listing_the_colours(legions):
    assert "black, red, white, green, blue" in error_of("c:purple").message


def test_an_unknown_card_type_is_refused(legions):
    assert error_of("t:dragon").key == "t"


def test_a_text_key_refuses_a_numeric_operator(legions):
    assert error_of("t>3").message == E.BAD_OPERATOR.format(key="t", op=">")


def test_a_shared_key_searches_each_games_own_attribute(legions):
    game = Game.objects.create(code="riders_legend", name="Riders' Legend", name_ja="仮面ライダー")
    card_set = CardSet.objects.create(game=game, code="RL01", name="Set 1")
    make_card(
        card_set,
        "001",
        "仮面ライダー1号",
        "character",
        {"alignment": "justice", "faction": "正義", "attack": 5, "defence": 4, "operation": 2},
    )
    assert names("atk>=5", games=("legions", "riders_legend")) == {"緑の巨人", "仮面ライダー1号"}


def test_iron_leaguer_timing_searches_both_halves_of_a_technique(db):
    game = Game.objects.create(code="iron_leaguer", name="Iron Leaguer", name_ja="アイアンリーガー")
    card_set = CardSet.objects.create(game=game, code="IL01", name="Set 1")
    half = {"name": "ディフェンス", "kind": "any", "timing": "defence", "persons": 1, "defence": 5}
    upper = {"name": "シュート", "kind": "leg", "timing": "attack", "persons": 1, "attack": 6}
    make_card(
        card_set, "001", "シュート/ディフェンス", "technique", {"period": 1, "upper": upper, "lower": half}
    )
    assert names("timing:防 period=1", games=("iron_leaguer",)) == {"シュート/ディフェンス"}


def test_negating_one_colour_keeps_the_cards_of_other_single_colours(legions):
    # A one-colour card has no second element; that must count as "not green", not as unknown.
    assert names("-c:green") == {"下忍カスミ", "赤の弓兵", "ダークフレイム", "炎の双剣士"}


def test_a_colour_not_equal_keeps_cards_with_colours_but_without_that_one(legions):
    assert names("c!=red") == {"緑の巨人"}


@pytest.mark.parametrize(
    "query",
    [
        "t:minion c:red atk>=2",
        "c:red/green or wt=1",
        "(c:red or c:green) hp>=5",
        "-t:arts cost<=2",
        "atk!=2 c:red",
        "かすみ or c:black",
        "-(atk>=3 -c:green)",
    ],
)
def test_a_negated_query_finds_exactly_the_other_cards(legions, query):
    everything = names("")
    assert names(f"-({query})") == everything - names(query)


def test_a_latin_word_still_ignores_case(legions):
    assert names("atk+3") == {"ダークフレイム"}

"""Game keys the QA report found wrong (report 3, C): ``aff:dark`` means both Dark affiliations,
``faction:`` matches the whole faction (``*`` for part of it) and ``growth:−`` finds the ILs without a
growth value (IL 11.7)."""

from __future__ import annotations

import pytest

from cards.models import Card, CardSet, Game
from cards.search import QueryError, search
from cards.search import errors as E

from .conftest import make_card


def names(query: str, game: str) -> set[str]:
    return set(search(Card.objects.all(), query, [game]).values_list("name", flat=True))


@pytest.fixture
def leaguers(db):
    """Four ILs, one per affiliation; the stray leaguer has growth value "−"."""
    game = Game.objects.create(code="iron_leaguer", name="Iron Leaguer", name_ja="アイアンリーガー")
    card_set = CardSet.objects.create(game=game, code="IL01", name="Set 1")
    specs = [
        ("001", "マグナムエース", "silver_starter", 3),
        ("002", "ダークスター", "dark_starter", 5),
        ("003", "ダークリーガーA", "dark_leaguer", 6),
        ("004", "はぐれリーガー", "stray_leaguer", None),
    ]
    for number, name, affiliation, growth in specs:
        attributes = {"affiliation": affiliation, "heart": 5, "skill": 4, "body": 4, "growth": growth}
        make_card(card_set, number, name, "il", attributes)


@pytest.fixture
def factions(db):
    game = Game.objects.create(code="riders_legend", name="Riders' Legend", name_ja="仮面ライダーTCG")
    card_set = CardSet.objects.create(game=game, code="RL01", name="Set 1")
    for number, name, faction in [("001", "戦闘員", "ショッカー"), ("002", "ゲル戦闘員", "ゲルショッカー")]:
        attributes = {"alignment": "evil", "faction": faction, "attack": 2, "defence": 2, "operation": 1}
        make_card(card_set, number, name, "character", attributes)


def test_aff_dark_finds_both_dark_affiliations(leaguers):
    assert names("aff:dark", "iron_leaguer") == {"ダークスター", "ダークリーガーA"}


def test_the_help_page_example_with_aff_dark_answers_200(client, leaguers):
    response = client.get("/api/cards/", {"game": "iron_leaguer", "q": "aff:dark heart>=5"})
    assert (response.status_code, len(response.json()["results"])) == (200, 2)


def test_negated_aff_dark_keeps_silver_and_stray(leaguers):
    assert names("-aff:dark", "iron_leaguer") == {"マグナムエース", "はぐれリーガー"}


def test_a_single_affiliation_is_still_exact(leaguers):
    assert names("aff:dark_leaguer", "iron_leaguer") == {"ダークリーガーA"}


def test_growth_dash_finds_the_ils_without_a_growth_value(leaguers):
    assert names("growth:−", "iron_leaguer") == {"はぐれリーガー"}


def test_growth_written_with_a_hyphen_or_full_width_minus_also_means_none(leaguers):
    assert names("growth:-", "iron_leaguer") == names("growth=－", "iron_leaguer") == {"はぐれリーガー"}


def test_growth_not_dash_finds_the_ils_with_a_growth_value(leaguers):
    assert names("growth!=−", "iron_leaguer") == {"マグナムエース", "ダークスター", "ダークリーガーA"}


def test_growth_compared_with_dash_is_refused(leaguers):
    with pytest.raises(QueryError) as caught:
        search(Card.objects.all(), "growth>=−", ["iron_leaguer"])
    assert (caught.value.message, caught.value.position) == (E.NONE_NEEDS_EQUALITY.format(key="growth", op=">="), 1)


def test_a_growth_number_still_compares(leaguers):
    assert names("growth>=5", "iron_leaguer") == {"ダークスター", "ダークリーガーA"}


def test_faction_matches_the_whole_faction_only(factions):
    assert names("faction:ショッカー", "riders_legend") == {"戦闘員"}


def test_faction_with_a_leading_star_matches_the_end_of_the_faction(factions):
    assert names("faction:*ショッカー", "riders_legend") == {"戦闘員", "ゲル戦闘員"}


def test_faction_with_stars_on_both_sides_matches_part_of_the_faction(factions):
    assert names("faction:*ルショ*", "riders_legend") == {"ゲル戦闘員"}


def test_faction_with_a_trailing_star_matches_the_start_of_the_faction(factions):
    assert names("faction:ゲル*", "riders_legend") == {"ゲル戦闘員"}


def test_a_faction_of_only_stars_is_refused(factions):
    with pytest.raises(QueryError) as caught:
        search(Card.objects.all(), "faction:**", ["riders_legend"])
    assert (caught.value.key, caught.value.position) == ("faction", 9)


def test_a_growth_comparison_never_counts_dash_as_zero(leaguers):
    assert names("growth<=3", "iron_leaguer") == {"マグナムエース"}

"""Any string in ``q`` answers 200 or 400 from the API, never a 500 (QA report 3, A): random text with control
characters, search syntax, deep nesting and huge numbers, for one game and for every game."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.models import CardSet, Game

from .conftest import make_card

SYNTAX = [
    "(", ")", "-", " or ", '"', "“", "「", ":", "=", "!=", "<", "<=", ">=", ">", "/", "*", "−", "ー",
    "atk", "c", "kind", "aff", "growth", "faction", "name", "t", "set", "r", "red", "dark", "赤", "攻",
    "9" * 25, "-9", "፩", "３", "\x00", "\x1b", "\u200b", "\ud7ff", "%", "_", "\\", " ",
]
pieces = st.one_of(st.sampled_from(SYNTAX), st.text(max_size=4), st.integers().map(str))
queries = st.one_of(
    st.text(max_size=60),
    st.lists(pieces, max_size=25).map("".join),
    st.integers(min_value=1, max_value=600).map(lambda n: "(" * n + "a" + ")" * n),
    st.integers(min_value=1, max_value=6000).map(lambda n: "-" * n + "a"),
)


@pytest.fixture
def three_games(legions):
    """The Legions cards plus one Riders' Legend character and one Iron Leaguer IL."""
    riders = Game.objects.create(code="riders_legend", name="Riders' Legend", name_ja="仮面ライダーTCG")
    make_card(
        CardSet.objects.create(game=riders, code="RL01", name="Set 1"),
        "001",
        "仮面ライダー1号",
        "character",
        {"alignment": "justice", "faction": "正義", "attack": 5, "defence": 4, "operation": 2},
    )
    iron = Game.objects.create(code="iron_leaguer", name="Iron Leaguer", name_ja="アイアンリーガー")
    make_card(
        CardSet.objects.create(game=iron, code="IL01", name="Set 1"),
        "001",
        "マグナムエース",
        "il",
        {"affiliation": "silver_starter", "heart": 5, "skill": 4, "body": 4, "growth": None},
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=queries, game=st.sampled_from(["legions", "iron_leaguer", "riders_legend", None]))
def test_any_query_answers_200_or_400_never_500(client, three_games, query, game):
    params = {"q": query, **({"game": game} if game else {})}
    response = client.get("/api/cards/", params)
    assert response.status_code in (200, 400), (query, response.status_code)
    if response.status_code == 400:
        assert response.json()["error"]["position"] >= 1

"""Malformed and hostile queries answer 400 with a message naming the bad part and its position, never a 500
(QA report 3, A and B): on the API and on the game page, SQLite and PostgreSQL alike."""

from __future__ import annotations

import pytest

from cards.search import errors as E
from cards.search.compiler import MAX_NUMBER
from cards.search.lexer import MAX_LENGTH, MAX_TERMS
from cards.search.parser import MAX_DEPTH

GAME_URL = "/games/legions/"


def api_error(client, query: str, game: str | None = "legions") -> tuple[int, dict]:
    params = {"q": query, **({"game": game} if game else {})}
    response = client.get("/api/cards/", params)
    body = response.json()
    return response.status_code, body.get("error", body)  # an error: the API's error member (docs/api.md)


def page_error(client, query: str, **headers):
    response = client.get(GAME_URL, {"q": query}, headers=headers)
    return response.status_code, response.context["error"]


# A: each of these answered 500.

CASES = [
    # (query, game, message, position)
    ("c:/", "legions", E.BAD_CHOICE.format(key="c", choices="black, red, white, green, blue", value="/"), 3),
    ("kind:/", "iron_leaguer", E.BAD_CHOICE.format(key="kind", choices="arm, leg, strike, martial", value="/"), 6),
    ("atk>=--3", "legions", E.NOT_A_NUMBER.format(key="atk", value="--3"), 6),
    ("atk:፩", "legions", E.NOT_A_NUMBER.format(key="atk", value="፩"), 5),
    (
        "atk>=99999999999999999999999",
        "legions",
        E.NUMBER_TOO_BIG.format(key="atk", value="99999999999999999999999", limit=MAX_NUMBER - 1),
        6,
    ),
    ("a\x00b", "legions", E.CONTROL_CHARACTER.format(code="0000"), 2),
    ("name:a\x00b", "legions", E.CONTROL_CHARACTER.format(code="0000"), 7),
]


@pytest.mark.parametrize(("query", "game", "message", "position"), CASES)
def test_a_query_that_used_to_crash_answers_400_from_the_api_naming_its_position(
    client, legions, query, game, message, position
):
    status, body = api_error(client, query, game)
    assert (status, body["message"], body["position"]) == (400, message, position)


@pytest.mark.parametrize(("query", "game", "message", "position"), [c for c in CASES if c[1] == "legions"])
def test_a_query_that_used_to_crash_answers_400_on_the_page_naming_its_position(
    client, legions, query, game, message, position
):
    status, error = page_error(client, query)
    assert (status, error.message, error.position) == (400, message, position)


def test_a_crashing_query_typed_live_answers_the_partial_with_the_message(client, legions):
    response = client.get(GAME_URL, {"q": "c:/"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200 and 'id="search-error"' in html and "<html" not in html


def test_the_largest_allowed_number_still_compares(client, legions):
    status, body = api_error(client, f"atk<={MAX_NUMBER - 1}")
    assert (status, len(body["results"])) == (200, 4)


def test_a_query_over_the_length_limit_names_the_limit_and_where_it_is_crossed(client, legions):
    status, body = api_error(client, "a" * (MAX_LENGTH + 1))
    message = E.TOO_LONG.format(limit=MAX_LENGTH, length=MAX_LENGTH + 1)
    assert (status, body["message"], body["position"]) == (400, message, MAX_LENGTH + 1)


def test_brackets_nested_too_deep_name_the_limit_at_the_first_bracket_too_many(client, legions):
    query = "(" * (MAX_DEPTH + 1) + "a" + ")" * (MAX_DEPTH + 1)
    status, body = api_error(client, query)
    message = E.TOO_DEEP.format(limit=MAX_DEPTH)
    assert (status, body["message"], body["position"]) == (400, message, MAX_DEPTH + 1)


def test_a_run_of_minus_signs_is_refused_as_too_deep(client, legions):
    status, body = api_error(client, "-" * 400 + "a")
    assert (status, body["message"], body["position"]) == (400, E.TOO_DEEP.format(limit=MAX_DEPTH), MAX_DEPTH + 1)


def test_too_many_words_name_the_limit_at_the_first_word_too_many(client, legions):
    status, body = api_error(client, " ".join(["a"] * (MAX_TERMS + 1)))
    message = E.TOO_MANY_TERMS.format(limit=MAX_TERMS)
    assert (status, body["message"], body["position"]) == (400, message, 2 * MAX_TERMS + 1)


def test_the_most_words_allowed_still_search(client, legions):
    status, body = api_error(client, " ".join(["カスミ"] * MAX_TERMS))
    assert (status, [card["name"] for card in body["results"]]) == (200, ["下忍カスミ"])


# B: malformed queries no longer read as free text.


def test_an_operator_with_spaces_before_it_is_refused_naming_the_operator(client, legions):
    status, body = api_error(client, "atk >= 3")
    assert (status, body["message"], body["position"], body["fragment"]) == (
        400,
        E.OPERATOR_WITHOUT_KEY.format(op=">="),
        5,
        ">=",
    )


def test_an_operator_glued_to_its_value_but_not_its_key_is_refused(client, legions):
    status, body = api_error(client, "atk >=3")
    assert (status, body["message"], body["position"]) == (400, E.OPERATOR_WITHOUT_KEY.format(op=">="), 5)


def test_an_empty_phrase_is_refused(client, legions):
    status, body = api_error(client, 'カスミ ""')
    assert (status, body["message"], body["position"]) == (400, E.EMPTY_PHRASE, 5)


def test_an_empty_quoted_name_is_refused(client, legions):
    status, body = api_error(client, 'name:""')
    assert (status, body["message"], body["position"]) == (400, E.EMPTY_PHRASE, 6)


def test_a_phrase_of_spaces_is_refused_as_empty(client, legions):
    status, body = api_error(client, '"  "')
    assert (status, body["message"]) == (400, E.EMPTY_PHRASE)


def test_an_exclamation_mark_inside_a_word_is_still_a_word(client, legions):
    status, body = api_error(client, "カスミ!")
    assert (status, body["results"]) == (200, [])


# F: an unknown game.


def test_an_unknown_game_without_a_query_answers_400_naming_it(client, legions):
    status, body = api_error(client, "", game="nope")
    assert (status, body["field"], body["fragment"]) == (400, "game", "nope")
    assert body["message"].startswith("unknown game 'nope'")


def test_an_unknown_game_with_a_query_answers_the_same_400(client, legions):
    assert api_error(client, "atk>=1", game="nope") == api_error(client, "", game="nope")

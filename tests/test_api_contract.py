"""One API contract (issue 11, point 3): every 4xx and 5xx of ``/api/`` in one error shape (docs/api.md), the
message in the caller's language, one status per situation, no field ignored or coerced, public decks as on
the site."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.test import APIClient

from config import api_errors
from decks.models import Deck
from decks.views import PUBLIC_LIMIT

pytestmark = pytest.mark.django_db

MAO = "Game: legions\nMaster\n1 マオ・ニャン\nDeck\n3 下忍カスミ\n"


@pytest.fixture(autouse=True)
def _fresh_throttles():
    from tests.cache import clear_cache

    clear_cache()


@pytest.fixture
def seeded(db):
    call_command("loadseeds", stdout=io.StringIO())


@pytest.fixture
def owner(db):
    return get_user_model().objects.create_user("kasumi")


@pytest.fixture
def api(owner):
    client = APIClient()
    client.force_authenticate(owner)
    return client


def error_of(response) -> dict:
    """The ``error`` of an answer in the one error shape; fails when the answer has another shape."""
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    body = response.json()
    assert set(body) == {"error"}, body
    error = body["error"]
    assert isinstance(error["code"], str) and error["code"]
    assert isinstance(error["message"], str) and error["message"]
    assert set(error) <= set(api_errors.ERROR_MEMBERS), error
    return error


def test_an_unknown_api_path_answers_a_json_404_in_the_error_shape(db):
    response = APIClient().get("/api/no-such-thing/")
    assert response.status_code == 404
    assert error_of(response)["code"] == "not_found"


def test_an_unknown_site_path_still_answers_the_html_404_page(db):
    response = APIClient().get("/no-such-page/")
    assert response.status_code == 404 and response["Content-Type"].startswith("text/html")


def test_an_api_path_without_its_slash_is_still_redirected(db):
    assert APIClient().get("/api/cards").status_code == 301


def test_a_method_the_endpoint_does_not_take_answers_405_in_the_error_shape(api):
    response = api.delete("/api/cards/")
    assert response.status_code == 405 and error_of(response)["code"] == "method_not_allowed"


def test_a_malformed_search_names_the_field_and_position(seeded):
    error = error_of(APIClient().get("/api/cards/", {"q": "hp:abc"}))
    assert (error["code"], error["field"], error["position"]) == ("bad_query", "q", 4)


def test_a_bad_order_names_the_order_parameter(seeded):
    error = error_of(APIClient().get("/api/cards/", {"game": "legions", "order": "heart"}))
    assert (error["code"], error["field"]) == ("bad_order", "order")


@pytest.mark.parametrize("path", ["/api/cards/", "/api/sets/", "/api/cards/suggest/", "/api/decks/public/",
                                  "/api/matches/"])
def test_an_unknown_game_is_a_400_on_every_list(seeded, path):
    response = APIClient().get(path, {"game": "chess"})
    assert response.status_code == 400
    error = error_of(response)
    assert (error["code"], error["field"]) == ("unknown_game", "game")


@pytest.mark.parametrize("path", ["/api/cards/", "/api/sets/", "/api/games/", "/api/decks/public/"])
def test_a_bad_cursor_is_a_400(seeded, path):
    response = APIClient().get(path, {"cursor": "not a cursor!"})
    assert response.status_code == 400
    assert error_of(response) | {"message": ""} == {"code": "bad_cursor", "message": "", "field": "cursor"}


@pytest.mark.parametrize(
    "method, path",
    [("post", "/api/decks/"), ("patch", "/api/decks/1/"), ("delete", "/api/decks/1/"), ("post", "/api/matches/"),
     ("post", "/api/matches/1/join/"), ("post", "/api/matches/1/actions/")],
)
def test_an_anonymous_write_is_a_401_with_a_challenge_everywhere(db, method, path):
    response = getattr(APIClient(), method)(path, {}, format="json")
    assert response.status_code == 401, response.content
    assert response["WWW-Authenticate"].startswith("Basic")
    assert error_of(response)["code"] == "not_authenticated"


def test_the_message_is_in_the_callers_language(seeded):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="ja")
    assert error_of(client.get("/api/no-such-thing/"))["message"] == "そのような API のパスはありません。"
    missing = error_of(client.post("/api/decks/validate/", {}, format="json"))
    assert missing["field"] == "text" and missing["message"] == "この項目は必須です。"
    english = error_of(APIClient().post("/api/decks/validate/", {}, format="json"))
    assert english["message"] == "This field is required."


def test_validation_errors_list_every_field_in_details(seeded):
    error = error_of(APIClient().post("/api/decks/validate/", {"as_of": "soon"}, format="json"))
    assert error["code"] == "invalid"
    assert {(d["field"], d["code"]) for d in error["details"]} == {("text", "required"), ("as_of", "invalid")}


def test_a_text_that_is_not_a_string_is_refused_not_coerced(seeded, api):
    for response in (APIClient().post("/api/decks/validate/", {"text": 123}, format="json"),
                     api.post("/api/decks/", {"text": 123}, format="json")):
        assert response.status_code == 400
        assert error_of(response)["field"] == "text"


def test_an_unknown_field_is_refused_and_named(seeded, api):
    response = APIClient().post("/api/decks/validate/", {"text": MAO, "fromat": "legions_standard"}, format="json")
    assert response.status_code == 400
    error = error_of(response)
    assert (error["field"], error["details"][0]["code"]) == ("fromat", "unknown_field")
    deck = api.post("/api/decks/", {"text": MAO}, format="json").json()
    assert error_of(api.patch(f"/api/decks/{deck['id']}/", {"nmae": "x"}, format="json"))["field"] == "nmae"


def test_a_deck_patch_with_a_format_is_refused_not_ignored(seeded, api):
    deck = api.post("/api/decks/", {"text": MAO}, format="json").json()
    response = api.patch(f"/api/decks/{deck['id']}/", {"format": "legions_open"}, format="json")
    assert response.status_code == 400
    error = error_of(response)
    assert (error["code"], error["field"]) == ("deck.format_fixed", "format")


def test_a_decklist_that_cannot_be_saved_lists_its_problems_in_details(seeded, api):
    error = error_of(api.post("/api/decks/", {"text": MAO + "2 存在しないカード\n"}, format="json"))
    assert error["code"] == "deck.text_invalid" and error["field"] == "text"
    assert any(d["line"] == 6 for d in error["details"])


def test_an_unreadable_decklist_is_an_error_in_the_shape(seeded):
    error = error_of(APIClient().post("/api/decks/validate/", {"text": "hello"}, format="json"))
    assert (error["code"], error["field"]) == ("deck.unreadable", "text")


def test_a_refusal_of_the_match_layer_is_in_the_shape(seeded, api):
    assert error_of(api.get("/api/matches/999999/"))["code"] == "not_found"
    error = error_of(api.post("/api/matches/", {"game": "iron_leaguer"}, format="json"))
    assert error["field"] == "seat"


def test_public_decks_are_listed_by_the_api_as_by_the_site(seeded, owner):
    for visibility in (Deck.PUBLIC, Deck.UNLISTED, Deck.PRIVATE):
        client = APIClient()
        client.force_authenticate(owner)
        client.post("/api/decks/", {"text": MAO, "name": visibility, "visibility": visibility}, format="json")
    site = APIClient().get("/decks/").context["public"]
    listed = APIClient().get("/api/decks/public/", {"page_size": PUBLIC_LIMIT}).json()["results"]
    assert [d["id"] for d in listed] == [row.id for row in site]
    assert "private" not in {d["name"] for d in listed}
    unlisted = Deck.objects.get(name="unlisted", owner=owner)
    private = Deck.objects.get(name="private", owner=owner)
    assert APIClient().get(f"/api/decks/{unlisted.pk}/").status_code == 200  # its page is open to a link too
    assert APIClient().get(f"/api/decks/{private.pk}/").status_code == 404


@pytest.mark.parametrize("path", ["/api/matches/", "/api/decks/"])
def test_a_body_over_the_size_limit_is_a_413_in_the_shape(seeded, api, settings, path):
    """Found by acceptance testing: a body over Django's limit answered Django's HTML "Bad Request" page."""
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
    response = api.post(path, {"game": "legions", "text": "x" * (2 * 1024 * 1024)}, format="json")
    assert response.status_code == 413
    assert error_of(response)["code"] == "too_large" and "1 MB" in error_of(response)["message"]


def test_the_too_large_message_is_in_japanese_for_a_japanese_caller(seeded, api, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
    response = api.post("/api/decks/", {"game": "legions", "text": "x" * (2 * 1024 * 1024)}, format="json",
                        HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 413 and "1 MB を超えています" in error_of(response)["message"]

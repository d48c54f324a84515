"""The catalogue REST API: search in ``q`` with 400s that point at the bad part, pagination, caching,
schema."""

from __future__ import annotations

import json

import pytest
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema
from rest_framework.throttling import AnonRateThrottle

from cards import bulk
from cards.models import Card


def get_json(client, url, **headers):
    response = client.get(url, headers=headers)
    return response.status_code, response.json()


def test_a_query_missing_its_value_answers_400_pointing_at_position_4(client, legions):
    status, body = get_json(client, "/api/cards/?q=atk>=")
    assert (status, body["error"]["position"], body["error"]["field"]) == (400, 4, "q")
    assert "atk" in body["error"]["message"]


def test_a_word_for_a_number_answers_400_naming_the_key(client, legions):
    status, body = get_json(client, "/api/cards/?q=hp:abc")
    assert (status, body["error"]["code"]) == (400, "bad_query")
    assert "hp" in body["error"]["message"]


def test_an_unknown_key_answers_400_naming_the_key(client, legions):
    status, body = get_json(client, "/api/cards/?q=colour:red")
    assert (status, body["error"]["fragment"]) == (400, "colour:red")
    assert "'colour'" in body["error"]["message"]


def test_an_unknown_game_with_a_query_answers_400(client, legions):
    status, body = get_json(client, "/api/cards/?game=chess&q=atk>=1")
    assert (status, body["error"]["field"]) == (400, "game")


def test_the_search_language_filters_cards(client, legions):
    status, body = get_json(client, "/api/cards/?game=legions&q=t:minion c:red atk>=2")
    assert status == 200
    assert {card["name"] for card in body["results"]} == {"下忍カスミ", "炎の双剣士"}


def test_plain_filters_combine_with_the_query(client, legions):
    _, body = get_json(client, "/api/cards/?card_type=minion&q=c:red")
    assert {card["name"] for card in body["results"]} == {"下忍カスミ", "赤の弓兵", "炎の双剣士"}


def test_a_card_answers_by_id_with_its_set_and_attributes(client, legions):
    card = legions["緑の巨人"]
    status, body = get_json(client, f"/api/cards/{card.pk}/")
    assert (status, body["set"], body["number"], body["attributes"]["atk"]) == (200, "LG01", "003", 10)


@pytest.mark.parametrize("url", ["/api/games/", "/api/sets/"])
def test_every_list_is_cursor_paginated(client, legions, url):
    status, body = get_json(client, url)
    assert status == 200 and set(body) == {"next", "previous", "results"}


def test_the_card_list_is_cursor_paginated_with_a_count(client, legions):
    status, body = get_json(client, "/api/cards/")
    assert status == 200 and set(body) == {"count", "count_exact", "count_at_least", "next", "previous", "results"}
    assert body["count"] == 6 and body["count_exact"] is True


def test_a_page_size_gives_a_next_cursor_that_continues_without_repeats(client, legions):
    _, first = get_json(client, "/api/cards/?page_size=4")
    _, second = get_json(client, first["next"])
    ids = [card["id"] for card in first["results"] + second["results"]]
    assert len(ids) == len(set(ids)) == 6 and second["next"] is None


def test_a_get_carries_an_etag_and_cache_control(client, legions):
    response = client.get("/api/cards/")
    assert response.has_header("ETag") and "max-age" in response["Cache-Control"]


def test_a_matching_if_none_match_answers_304(client, legions):
    etag = client.get("/api/cards/")["ETag"]
    assert client.get("/api/cards/", headers={"If-None-Match": etag}).status_code == 304


def test_anonymous_clients_are_throttled(client, legions, monkeypatch, settings):
    from tests.cache import clear_cache

    clear_cache()
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "2/minute"})
    statuses = [client.get("/api/games/").status_code for _ in range(3)]
    clear_cache()
    assert statuses == [200, 200, 429]


def openapi_schema():
    return SchemaGenerator().get_schema(request=None, public=True)


def test_the_openapi_schema_validates(db):
    validate_schema(openapi_schema())  # raises on an invalid schema


def test_every_list_endpoint_in_the_schema_is_paginated(db):
    unpaginated = []
    for path, operations in openapi_schema()["paths"].items():
        get = operations.get("get", {})
        content = get.get("responses", {}).get("200", {}).get("content", {})
        for media in content.values():
            if media.get("schema", {}).get("type") == "array":
                unpaginated.append(path)
    assert unpaginated == []


def test_the_schema_and_docs_pages_answer(client, db):
    assert client.get("/api/schema/").status_code == 200
    assert client.get("/api/docs/").status_code == 200


def read_bulk(client, code="legions"):
    response = client.get(f"/api/bulk/{code}.json")
    assert response.status_code == 200
    return json.loads(b"".join(response.streaming_content))


def test_the_bulk_file_holds_the_whole_catalogue_in_the_import_format(client, legions, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    document = read_bulk(client)
    assert (document["format"], len(document["cards"]), document["sets"][0]["code"]) == (
        "shinpan.cards",
        6,
        "LG01",
    )


def test_the_bulk_file_is_regenerated_when_a_card_changes(client, legions, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    read_bulk(client)
    card = legions["赤の弓兵"]
    card.name = "赤の長弓兵"
    card.save()
    assert "赤の長弓兵" in {c["name"] for c in read_bulk(client)["cards"]}
    assert len(list((tmp_path / "bulk").glob("legions-*.json"))) == 1


def test_the_bulk_index_lists_each_game_with_its_version(client, legions):
    status, body = get_json(client, "/api/bulk/")
    entry = body["data"][0]
    assert (status, entry["game"], entry["card_count"]) == (200, "legions", 6)
    assert entry["version"] == bulk.catalogue_version(legions["下忍カスミ"].game).key


def test_an_unknown_bulk_game_answers_404(client, db):
    assert client.get("/api/bulk/chess.json").status_code == 404


def test_deleting_a_card_changes_the_catalogue_version(legions):
    game = legions["下忍カスミ"].game
    before = bulk.catalogue_version(game).key
    Card.objects.filter(name="赤の弓兵").delete()
    assert bulk.catalogue_version(game).key != before


def test_a_listed_card_is_the_same_as_the_card_by_id(client, legions):
    card = legions["下忍カスミ"]
    Card.objects.filter(pk=card.pk).update(image="cards/kasumi.png", sample_fields=["atk"])
    _, listed = get_json(client, "/api/cards/?game=legions&q=かすみ")
    _, by_id = get_json(client, f"/api/cards/{card.pk}/")
    assert by_id.pop("sources") == {}  # one card also says where its community values come from (issue 29.4)
    assert listed["results"] == [by_id]


def test_a_plain_filter_still_applies_beside_a_game_and_query(client, legions):
    _, body = get_json(client, "/api/cards/?game=legions&q=c:red&card_type=arts")
    assert [card["name"] for card in body["results"]] == ["ダークフレイム"]

"""Issue 31, point 2: NUL (which PostgreSQL refuses in text) through every page and endpoint of the URL
configuration, in a query parameter, a form field and the path, is answered 400 naming the field, never 500; an
oversized query string 414. Run on PostgreSQL in CI, where a NUL reaching a query used to give 500."""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

pytestmark = pytest.mark.django_db

CONVERTERS = {"int": "1", "str": "x", "slug": "x", "path": "x", "uuid": "00000000-0000-0000-0000-000000000000"}


def _paths(patterns=None, prefix: str = "") -> list[str]:
    """Every route of the URL configuration as a concrete path (converters filled in)."""
    found: list[str] = []
    for entry in patterns if patterns is not None else get_resolver().url_patterns:
        route = str(entry.pattern)
        if route.startswith("^"):  # a regular expression (a router's): its groups filled in; a catch-all left out
            route = re.sub(r"\(\?P<\w+>[^)]*\)", "1", route.strip("^$")).replace("\\.", ".").replace("/?", "/")
            if re.search(r"[()*+?\[\]|\\]", route):
                continue
        route = re.sub(r"<(?:(\w+):)?\w+>", lambda m: CONVERTERS.get(m.group(1) or "str", "x"), route)
        if isinstance(entry, URLResolver):
            found += _paths(entry.url_patterns, prefix + route)
        elif isinstance(entry, URLPattern):
            found.append("/" + prefix + route)
    return sorted(set(p for p in found if not p.startswith("/admin/")))


def test_the_url_configuration_has_the_pages_and_endpoints_this_test_sends_to():
    paths = _paths()
    assert len(paths) > 40 and "/matches/new/" in paths and "/api/cards/" in paths and "/events/new/" in paths


@pytest.mark.parametrize("path", _paths())
def test_nul_anywhere_in_a_request_is_a_400_naming_the_field(client, django_user_model, path):
    user = django_user_model.objects.create_user("nul-tester", password="pw-Shinpan-123")
    client.force_login(user)
    got = client.get(path, {"game": "legions\x00", "q": "a"})
    assert got.status_code == 400, (path, got.status_code)
    assert "game" in got.content.decode()
    posted = client.post(path, {"name": "x\x00y", "deck": "ok"})
    assert posted.status_code == 400, (path, posted.status_code)
    if path.startswith("/api/"):
        assert posted.json()["error"] == {"code": "bad_character", "field": "name",
                                          "message": posted.json()["error"]["message"]}


def test_nul_in_the_path_and_an_oversized_query_string(client):
    assert client.get("/cards/%00/").status_code == 400
    long = client.get("/api/cards/", {"q": "a" * 9000})
    assert long.status_code == 414 and long.json()["error"]["code"] == "query_too_long"
    assert client.get("/api/cards/", {"q": "name:maou"}).status_code == 200  # an ordinary query is untouched

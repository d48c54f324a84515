"""Issue 31, point 2 (config.input_layer): NUL (which PostgreSQL refuses in text) through every page and endpoint of
the URL configuration, in a query parameter, a form field and the path, is answered 400 naming the field, never 500; an
oversized query string 414. Run on PostgreSQL in CI, where a NUL reaching a query used to give 500."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urljoin

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, resolve

from config.input_layer import _marked

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
    """Every route: NUL in a query parameter and in a form field is refused with 400 naming the field (the layer's
    answer), or, by a view that checks its own input, with its own refusal (400 naming the field or position) or a
    4xx the request earns anyway (405 to a POST it does not take, 404 for a missing object); never a 500."""
    user = django_user_model.objects.create_user("nul-tester", password="pw-Shinpan-123")
    client.force_login(user)
    marked = _marked(resolve(path).func)
    got = client.get(path, {"game": "legions\x00", "q": "a"})
    posted = client.post(path, {"name": "x\x00y", "deck": "ok"})
    if not marked:
        assert got.status_code == 400 and "game" in got.content.decode(), (path, got.status_code)
        assert posted.status_code == 400 and "name" in posted.content.decode(), (path, posted.status_code)
        if path.startswith("/api/"):
            assert posted.json()["error"] == {"code": "bad_character", "field": "name",
                                              "message": posted.json()["error"]["message"]}
    else:
        assert 400 <= got.status_code < 500 and 400 <= posted.status_code < 500, (path, got.status_code,
                                                                                  posted.status_code)


class _Forms(HTMLParser):
    """The forms of a page: ``[(action, method, [field names])]``; a field outside any form is left out."""

    def __init__(self):
        super().__init__()
        self.forms: list[tuple[str, str, list[str]]] = []
        self._open: tuple[str, str, list[str]] | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self._open = (a.get("action") or "", (a.get("method") or "get").lower(), [])
            self.forms.append(self._open)
        elif tag in ("input", "textarea", "select") and self._open and a.get("name"):
            if a["name"] != "csrfmiddlewaretoken":
                self._open[2].append(a["name"])

    def handle_endtag(self, tag):
        if tag == "form":
            self._open = None


@pytest.mark.parametrize("path", [p for p in _paths() if not p.startswith("/api/")])
def test_nul_in_every_field_of_every_form_a_page_offers_is_refused(client, django_user_model, path):
    """Each page's forms, as drawn for a signed-in player: every field given a NUL and the form sent where and how
    it is sent (its action, its method): 400 naming a field (or a view's own 4xx), never a 500."""
    user = django_user_model.objects.create_user("nul-fields", password="pw-Shinpan-123")
    client.force_login(user)
    page = client.get(path)
    if page.status_code != 200 or not page.get("content-type", "").startswith("text/html"):
        return
    parser = _Forms()
    parser.feed(page.content.decode())
    sent_to = []
    for action, method, names in parser.forms:
        if not names or action.startswith(("http://", "https://", "javascript:")):
            continue
        target = urljoin(path, action) if action else path
        target = target.split("?")[0]
        data = {name: "x\x00" for name in names}
        sent = client.post(target, data) if method == "post" else client.get(target, data)
        sent_to.append(target)
        assert sent.status_code != 500, (path, target, names)
        if not _marked(resolve(target).func):
            assert sent.status_code == 400 and 'data-refused-field="' in sent.content.decode(), (path, target)
        else:
            assert 400 <= sent.status_code < 500, (path, target, sent.status_code)
    if path in ("/matches/", "/decks/"):  # the lobby's challenge (entropy, deck), the deck import (text): reached
        assert path + "new/" in sent_to or path + "import/" in sent_to, sent_to


def test_a_view_that_checks_its_own_input_keeps_its_answer(client):
    assert _marked(resolve("/api/cards/").func) and not _marked(resolve("/matches/new/").func)
    got = client.get("/api/cards/", {"q": "name:a\x00b"})
    assert got.status_code == 400 and got.json()["error"]["position"] == 7  # the search's own message


def test_nul_in_the_path_and_an_oversized_query_string(client):
    assert client.get("/cards/%00/").status_code == 400
    japanese = client.get("/decks/", {"game": "x\x00"}, headers={"accept-language": "ja"})
    assert japanese.status_code == 400 and "項目「game」に保存できない文字" in japanese.content.decode()
    long = client.get("/api/cards/", {"q": "a" * 9000})
    assert long.status_code == 414 and long.json()["error"]["code"] == "query_too_long"
    page = client.get("/cards/", {"q": "a" * 100_000})  # the page does not repeat the address it refused
    assert page.status_code == 414 and len(page.content) < 50_000 and "aaaaaaaaaa" not in page.content.decode()
    assert client.get("/api/cards/", {"q": "name:maou"}).status_code == 200  # an ordinary query is untouched


def _post_json(client, path: str, text: str):
    return client.generic("POST", path, text.encode(), content_type="application/json")


@pytest.mark.parametrize(("path", "body", "field"), [
    ("/api/decks/", '{"name\\ud800": "ok"}', "name\\ud800"),
    ("/api/decks/validate/", '{"text\\udfff": "x"}', "text\\udfff"),
    ("/api/matches/", '{"game": "iron_leaguer", "x": {"y": [1, "a\\udc00b"]}}', "x.y[1]"),
    ("/api/matches/1/actions/", '{"action": {"type": "card_change", "seat": "p1", "card": "\\ud800"}, '
                                '"version": 0, "idempotency_key": "k"}', "action.card"),
    ("/api/decks/", '{"na\\u0000me": "ok"}', "na\\0me"),
])
def test_a_lone_surrogate_anywhere_in_a_json_body_or_nul_in_a_key_is_a_400_naming_the_field(
        client, django_user_model, path, body, field):
    # No UTF-8 text holds a lone surrogate: PostgreSQL refuses it, and an answer that repeats it back (an unknown
    # key, a card named in a refusal) could not be encoded: a 500 (found by a helper). NUL in a value stays the
    # serializers' (they name the field); in a key it is refused here.
    client.force_login(django_user_model.objects.create_user("surrogate", password="x"))
    answer = _post_json(client, path, body)
    assert answer.status_code == 400, answer.content
    error = answer.json()["error"]
    assert error["code"] == "bad_character" and error["field"] == field
    assert ("lone surrogate" in error["message"]) == ("\\u0000" not in body)


def test_a_json_body_with_escapes_that_are_fine_is_left_to_the_view(client, django_user_model):
    # A surrogate pair is one character (an emoji): the layer parses the body and lets it through to the view.
    client.force_login(django_user_model.objects.create_user("pairs", password="x"))
    answer = _post_json(client, "/api/decks/validate/", '{"game": "nope", "text": "1 \\ud83d\\ude00\\u30de"}')
    assert answer.status_code == 400 and answer.json()["error"]["code"] != "bad_character", answer.content


@pytest.mark.parametrize("depth", [500, 100_000])
def test_a_surrogate_deep_in_nested_json_is_a_400_never_a_500(client, depth):
    # Past the decoder's depth the parser's own 400 ("nested too deeply"); within it the layer walks without
    # recursion and names the place. The layer's parse had raised RecursionError: a 500.
    client.raise_request_exception = False
    body = '{"a": ' + "[" * depth + '"\\ud800"' + "]" * depth + "}"
    answer = _post_json(client, "/api/decks/validate/", body)
    assert answer.status_code == 400, answer.content[:200]
    error = answer.json()["error"]
    if depth < 1000:
        assert error["code"] == "bad_character" and error["field"] == "a" + "[0]" * depth
    else:
        assert error["code"] == "parse_error"


@pytest.mark.parametrize(("content_type", "encoding"), [
    ("application/*", "utf-8"), ("*/*", "utf-8"), ("application/json; charset=utf-16", "utf-16"),
    ("application/json; charset=utf-32", "utf-32"),
])
def test_a_lone_surrogate_in_json_of_any_media_type_the_api_parses_is_a_400(client, django_user_model,
                                                                              content_type, encoding):
    # DRF parses these as JSON too: the layer's byte check does not see them, the parser's own check does (a
    # helper found {"na\ud800me": "x"} sent as application/* gave a 500).
    client.raise_request_exception = False
    client.force_login(django_user_model.objects.create_user("media", password="x"))
    body = '{"na\\ud800me": "x", "game": "legions"}'.encode(encoding)
    answer = client.generic("POST", "/api/decks/validate/", body, content_type=content_type)
    assert answer.status_code == 400, answer.content[:200]
    assert answer.json()["error"]["code"] == "bad_character" and answer.json()["error"]["field"] == "na\\ud800me"

"""Issue 27, point 8: page weight. Bulma is served with only the rules the site uses (config/purged_css.py), and
pages are compressed for a client that accepts it."""

from __future__ import annotations

import gzip

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from config.purged_css import OUTPUT, bulma_source, purge


def test_the_purge_keeps_what_is_used_and_drops_what_is_not():
    css = (".button{color:red}.navbar-burger{color:blue}.button.is-tiny,.button.is-large{x:1}"
           "@media (min-width: 10px){.navbar-burger{a:b}.button{c:d}}:root{--v:1}a{b:c}"
           "@keyframes spin{from{a:b}to{a:c}}")
    kept = purge(css, {"button", "is-large"})
    assert ".button{color:red}" in kept and ".button.is-large{x:1}" in kept
    assert "navbar-burger" not in kept and "is-tiny" not in kept
    assert "@media (min-width: 10px){.button{c:d}}" in kept
    assert ":root{--v:1}" in kept and "a{b:c}" in kept and "@keyframes spin" in kept


def test_the_site_links_a_purged_bulma_a_fraction_of_the_whole(db):
    page = Client().get("/").content.decode()
    assert f"/static/{OUTPUT}" in page and "bulma/css/style.min.css" not in page
    built = finders.find(OUTPUT)
    assert built is not None
    text = open(built, encoding="utf-8").read()
    whole = bulma_source().read_text(encoding="utf-8")
    assert len(text) < len(whole) * 0.6
    for used in (".button", ".notification", ".navbar", ".tag", ".is-primary", ".select", ".box"):
        assert used in text, used  # the classes the templates write are kept
    assert ".pagination-ellipsis" not in text  # a component the site never uses


@pytest.mark.parametrize("path", ["/", "/matches/"])
def test_pages_are_compressed_for_a_client_that_accepts_it(db, path):
    response = Client().get(path, HTTP_ACCEPT_ENCODING="gzip")
    assert response["Content-Encoding"] == "gzip"
    assert b"<html" in gzip.decompress(response.content)


def test_a_class_under_not_is_not_needed():
    """Found by comparing screenshots: ``.container:not(.is-max-desktop)`` (the container's width) was dropped."""
    kept = purge(".container:not(.is-max-desktop):not(.is-max-tablet){max-width:1152px}", {"container"})
    assert "max-width:1152px" in kept


@pytest.mark.parametrize("path", ["abc", "shinpan/nonexistent.js", "shinpan/js/board.js.missing", "../settings.py",
                                  "shinpan/../../manage.py", "../"])
def test_a_missing_static_file_is_not_found_not_an_error(path, rf):
    # Under make run (DEBUG, runserver) /static/<path> is served by the finders: the purged-CSS finder answered a
    # miss with None, which Django's find() wrapped into a match of None, and the page was a 500 (found by a helper).
    from django.contrib.staticfiles.views import serve
    from django.http import Http404

    assert finders.find(path) is None
    assert finders.find(path, find_all=True) == []
    assert finders.find(OUTPUT)  # the purged stylesheet is still found
    with pytest.raises(Http404):
        serve(rf.get(f"/static/{path}"), path, insecure=True)

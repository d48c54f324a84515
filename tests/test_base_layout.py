"""The layout every page shares (templates/base.html)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_the_sign_in_link_returns_to_the_page_it_was_clicked_on(client):
    # Found by the independent tester: signing in from a match page landed on the lobby.
    html = client.get("/search/help/?from=x").content.decode()
    assert 'href="/accounts/login/?next=/search/help/%3Ffrom%3Dx"' in html


def test_every_page_links_one_stylesheet_and_the_favicon(client):
    html = client.get("/").content.decode()
    assert html.count('rel="stylesheet"') == 2  # Bulma and site.css (which imports its parts)
    assert 'rel="icon"' in html and "favicon.svg" in html

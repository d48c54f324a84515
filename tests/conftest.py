"""Shared fixtures.

``page`` gives a Playwright page in Debian's headless Chromium (``/usr/bin/chromium``); ``new_context`` makes
more browser contexts (one per user). Browser tests are skipped when Chromium is missing, except when
``SHINPAN_REQUIRE_BROWSER=1`` (set by ``.ci/run``), where a missing browser is a failure.
"""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = os.environ.get("SHINPAN_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]

# Playwright's sync API runs an event loop in the test thread; Django's ORM must still be usable there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser():
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        if os.environ.get("SHINPAN_REQUIRE_BROWSER") == "1":
            pytest.fail(f"Chromium not found at {CHROMIUM}")
        pytest.skip(f"Chromium not found at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture
def new_context(browser):
    """Factory: ``new_context(locale="ja-JP")`` returns a fresh browser context (closed after the test)."""
    contexts = []

    def make(**kwargs):
        context = browser.new_context(**kwargs)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_context):
    return new_context(locale="en-US").new_page()


@pytest.fixture(autouse=True)
def _fresh_match_caches():
    """Each test starts with empty per-process match caches (``matches.models``): a test database may hand out
    an id again after a rollback (SQLite does), and tests replay the same seeds."""
    from matches import models, selectors

    models._CARDS_CACHE.clear()
    models._TABLES.clear()
    models._SEATS_CACHE.clear()
    selectors._LEGAL_CACHE.clear()
    yield


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the site's default language: a page a test asked for in Japanese leaves its thread in
    Japanese (LocaleMiddleware activates the request's language and nothing turns it off after the response), and
    a later test that builds a board outside a request would read Japanese sentences."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


def pytest_make_parametrize_id(config, val, argname):
    """ASCII test ids: a Japanese parameter (a card name, a decklist line) is spelt by its code points
    (``下忍カスミ`` -> ``u4e0bu5fcd…``), so an id can be passed back to pytest by tools that re-run single tests
    (mutmut runs them in its own process, where escaped non-ASCII ids are not found)."""
    if isinstance(val, str) and not val.isascii():
        return "".join(c if c.isascii() else f"u{ord(c):04x}" for c in val)
    return None

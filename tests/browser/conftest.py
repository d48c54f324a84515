"""Shared pieces of the browser journeys (docs/testing.md): the two viewports and two languages every journey runs
at, browser contexts made for them, signing in, labels in the page's language, and screenshots.

Pages are found by role, label and text, with the labels taken from the project's own translations
(``t("Search cards")`` is "カードを検索" in a Japanese test), so a journey runs the same in both languages and a
missing translation does not hide a broken page.

Screenshots: with ``SHINPAN_SCREENSHOTS`` set to a folder, ``shots.take(page, step)`` writes a full-page PNG
``<journey>-<step>-<viewport>-<lang>.png`` there; without it nothing is written.
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from config.celery import app as celery_app

PASSWORD = "pw-Shinpan-123"
VIEWPORTS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 900}},
}
LOCALES = {"en": "en-US", "ja": "ja-JP"}
CLICK_TIMEOUT_MS = 10_000


# --- database, tasks, translations -------------------------------------------------------------------------------

@pytest.fixture(scope="session", autouse=True)
def compiled_translations():
    """The Japanese pages need ``locale/*/LC_MESSAGES/django.mo``; it is generated, never committed."""
    from scripts.compile_messages import compile_all

    compile_all()
    from django.utils.translation import trans_real

    trans_real._translations = {}  # forget catalogues loaded before the .mo files existed


@pytest.fixture(autouse=True)
def eager_tasks():
    """Celery tasks (the bot's moves, adjudication) run in the live server's thread, as in ``make run``."""
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """A cheap password hash in these tests only: every journey and page signs a user up or in (the default
    PBKDF2 costs a few tenths of a second a hash, for nothing the tests check)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_cache():
    """Throttles and search caches count in the cache: each journey starts with none used."""
    from tests.cache import clear_cache

    clear_cache()


@pytest.fixture
def seeded(transactional_db):
    """The seed catalogues, formats and sample decks (``manage.py loadseeds``), visible to the live server."""
    call_command("loadseeds", verbosity=0, stdout=io.StringIO())


@pytest.fixture
def make_user(transactional_db):
    """Factory: ``make_user("alice")`` creates a user with the shared test password."""

    def make(username: str):
        return get_user_model().objects.create_user(username, password=PASSWORD)

    return make


# --- viewports, languages, contexts ------------------------------------------------------------------------------

@pytest.fixture(params=list(VIEWPORTS))
def viewport(request) -> str:
    return request.param


@pytest.fixture(params=list(LOCALES))
def lang(request) -> str:
    return request.param


def open_context(new_context, live_server, viewport: str, lang: str):
    """A browser context at ``viewport`` whose browser asks for ``lang`` (Accept-Language and the
    ``django_language`` cookie, as a visitor who picked the language would have)."""
    context = new_context(locale=LOCALES[lang], **VIEWPORTS[viewport])
    context.set_default_timeout(CLICK_TIMEOUT_MS)
    context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": lang, "url": live_server.url}])
    return context


@pytest.fixture
def context(new_context, live_server, viewport, lang):
    return open_context(new_context, live_server, viewport, lang)


@pytest.fixture
def t(lang):
    """``t("Sign in")``: the text as the page shows it in the test's language (the project's translations)."""

    def translate(text: str) -> str:
        with translation.override(lang):
            return translation.gettext(text)

    return translate


def exact(text: str) -> re.Pattern:
    """A pattern matching ``text`` as the whole (trimmed) accessible name."""
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


def sign_in_by_cookie(context, live_server, user) -> None:
    """Sign ``user`` in without the form (for journeys whose subject is not signing in)."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])


def sign_in_with_form(page, live_server, t, username: str) -> None:
    """Sign in through the sign-in page, as a person would."""
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label(t("User name")).fill(username)
    page.get_by_label(t("Password"), exact=True).fill(PASSWORD)
    page.get_by_role("main").get_by_role("button", name=t("Sign in")).click()
    page.wait_for_load_state()


def go_by_menu(page, name: str) -> None:
    """Follow the main navigation's link ``name``; on a phone the menu is folded behind its button first."""
    nav = page.get_by_role("navigation", name=translated_main(page))
    link = nav.get_by_role("link", name=exact(name))
    if not link.is_visible():
        nav.get_by_role("button", name=translated_menu(page)).click()
    link.click()
    page.wait_for_load_state()


def translated_main(page) -> str:
    with translation.override(page_language(page)):
        return translation.gettext("Main")


def translated_menu(page) -> str:
    with translation.override(page_language(page)):
        return translation.gettext("Menu")


def page_language(page) -> str:
    return page.evaluate("document.documentElement.lang") or "en"


def assert_no_sideways_scroll(page) -> None:
    """Issue 10, point 1: nothing wider than the viewport (a phone never scrolls sideways)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport_width = page.evaluate("window.innerWidth")
    assert width <= viewport_width, f"{page.url} is {width} px wide in a {viewport_width} px viewport"


# --- screenshots -------------------------------------------------------------------------------------------------

SHOT_NAME = re.compile(r"^[a-z0-9_]+$")


@dataclass
class Shots:
    """Full-page screenshots of one journey at one viewport and language (``folder`` None: none are taken)."""

    journey: str
    viewport: str
    lang: str
    folder: Path | None

    def path(self, step: str) -> Path | None:
        assert SHOT_NAME.match(step), f"screenshot step {step!r}: lower-case letters, digits and _ only"
        if self.folder is None:
            return None
        return self.folder / f"{self.journey}-{step}-{self.viewport}-{self.lang}.png"

    def for_journey(self, journey: str) -> Shots:
        return Shots(journey=journey, viewport=self.viewport, lang=self.lang, folder=self.folder)

    def take(self, page, step: str) -> Path | None:
        path = self.path(step)
        if path is not None:
            page.wait_for_load_state()
            page.screenshot(path=str(path), full_page=True, animations="disabled")
        return path


def screenshot_folder() -> Path | None:
    value = os.environ.get("SHINPAN_SCREENSHOTS", "").strip()
    if not value:
        return None
    folder = Path(value)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def shots(request, viewport, lang) -> Shots:
    """Screenshots named after the test module's ``JOURNEY`` constant."""
    journey = request.module.JOURNEY
    return Shots(journey=journey, viewport=viewport, lang=lang, folder=screenshot_folder())


# --- the main pages (tests/browser/pages.py) ---------------------------------------------------------------------

@pytest.fixture
def site(transactional_db):
    """The seeds plus a player's deck and a live match against a bot (``pages.make_site``)."""
    from .pages import make_site

    return make_site()


def open_main_page(new_context, live_server, site, main_page, *, viewport: str, lang: str):
    """Open ``main_page`` (a ``pages.MainPage``) as its reader would, with scripts settled; returns the page."""
    context = open_context(new_context, live_server, viewport, lang)
    if main_page.signed_in:
        sign_in_by_cookie(context, live_server, site.player)
    page = context.new_page()
    response = page.goto(live_server.url + main_page.path(site))
    assert response is not None and response.ok, f"{main_page.name}: HTTP {response and response.status}"
    page.wait_for_load_state("networkidle")
    return page

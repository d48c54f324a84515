"""Journeys (c) and (d), issue 10 point 7: a signed-in player creates an Iron Leaguer match against a bot from the
lobby and plays it with clicks on the board until a point is scored (or the match ends); a visitor watches a match
from the lobby as a spectator and sees a move arrive without reloading."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from matches import services
from matches.models import Match
from referee.engine import encode, get_engine
from tests.matches.board_play import new_match_form

from .conftest import assert_no_sideways_scroll, go_by_menu, sign_in_by_cookie

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

JOURNEY = "match"
MAX_DECISIONS = 30  # CI time: the greedy bot scores well before this with the choices below
MAX_PICKS = 8  # option clicks tried in one pick-by-pick choice before passing instead
LIVE_UPDATE_MS = 8_000  # the board polls every 3 s when no WebSocket is up (the test server has none)


def score_text(lang: str, score: dict) -> str:
    with translation.override(lang):
        return translation.gettext("Silver %(silver)s – Dark %(dark)s") % {"silver": score.get("silver", 0),
                                                                            "dark": score.get("dark", 0)}


def points(match: Match) -> int:
    return sum((match.state.get("match") or {}).get("score", {}).values())


def board_version(page) -> int:
    """The version the board shows (``#board[data-version]``, set by the board template)."""
    return int(page.locator("#board").get_attribute("data-version"))


def wait_for_turn(page, match_id: int) -> Match:
    """Wait until the referee has ruled and the board shows the latest version; reload if it lags behind."""
    match = Match.objects.get(pk=match_id)
    for _ in range(3):
        try:
            page.wait_for_function(f"() => Number(document.getElementById('board').dataset.version) >= "
                                   f"{match.version}", timeout=4_000)
            return match
        except PlaywrightTimeout:  # a board left behind (a missed push): a person would reload too
            page.reload()
        match = Match.objects.get(pk=match_id)
    return match


def single_buttons(choices):
    """The one-click choices (Pass, …): buttons of the choices panel outside a pick-by-pick group."""
    return [b for b in choices.get_by_role("button").all() if b.evaluate("b => !b.closest('fieldset')")]


def play_by_picks(page, choices, t) -> bool:
    """Build the first pick-by-pick choice (pick the ILs, then a card half, …) with option clicks, then Play.
    False when the picks tried do not make a complete action (the player then passes instead)."""
    group = choices.get_by_role("group").first
    play = group.get_by_role("button", name=t("Play"), exact=True)
    for _ in range(MAX_PICKS):
        if play.is_enabled():
            play.click()
            return True
        options = [b for b in group.get_by_role("button", pressed=False).all()  # not the group's own title, which
                   if b.is_enabled() and b.get_attribute("aria-expanded") is None]  # opens and folds it
        if not options:
            break
        options[0].click()
    if play.is_enabled():
        play.click()
        return True
    clear = group.get_by_role("button", name=t("Clear"), exact=True)
    if clear.is_visible():
        clear.click()
    return False


def test_a_player_plays_a_bot_match_from_the_lobby_until_a_point(seeded, make_user, live_server, context, t, shots,
                                                                  lang, viewport):
    user = make_user(f"player_{viewport}_{lang}")
    sign_in_by_cookie(context, live_server, user)
    page = context.new_page()
    page.goto(f"{live_server.url}/")
    go_by_menu(page, t("Matches"))
    expect(page.get_by_role("heading", level=1)).to_have_text(t("Matches"))
    form = new_match_form(page, "iron_leaguer")  # the lobby has one form per game (docs/testing.md)
    form.get_by_label(t("Your side")).select_option("silver")
    form.get_by_label(t("Opponent")).select_option("greedy")
    if viewport == "phone":
        assert_no_sideways_scroll(page)
    shots.take(page, "lobby")
    form.get_by_role("button", name=t("Create match")).click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match_id = int(re.search(r"/matches/(\d+)/", page.url).group(1))
    match = Match.objects.get(pk=match_id)
    assert match.status == Match.Status.ACTIVE and services.seat_of(match, user) == "silver"

    by_picks = clicks = 0
    for decision in range(MAX_DECISIONS):
        match = wait_for_turn(page, match_id)
        if points(match) >= 1 or match.status != Match.Status.ACTIVE:
            break
        assert (match.state.get("pending") or {}).get("seat") == "silver", "the bot did not answer"
        choices = page.get_by_role("region", name=t("Your choices"))
        expect(choices).to_be_visible()
        if decision == 0:
            if viewport == "phone":
                assert_no_sideways_scroll(page)
            shots.take(page, "board_start")
        version = match.version
        if choices.get_by_role("group").count() and play_by_picks(page, choices, t):
            by_picks += 1
        else:
            single_buttons(choices)[-1].click()  # the last one-click choice: Pass (or the only one there is)
        clicks += 1
        page.wait_for_function(f"() => Number(document.getElementById('board').dataset.version) > {version}")
    else:
        pytest.fail(f"no point was scored in {MAX_DECISIONS} decisions")

    assert clicks >= 1 and by_picks >= 1, "the match was played without building a choice by picks"
    match = wait_for_turn(page, match_id)
    if match.status == Match.Status.ACTIVE:
        expect(page.locator('[data-stat="score"]')).to_contain_text(score_text(lang, match.state["match"]["score"]))
    expect(page.get_by_role("region", name=t("Last ruling"))).to_be_visible()
    shots.take(page, "board_point")


def test_a_visitor_watches_a_match_from_the_lobby_and_sees_a_move_arrive(seeded, make_user, live_server, context,
                                                                         t, shots, lang, viewport):
    shots = shots.for_journey("watch")
    player = make_user(f"watched_{viewport}_{lang}")
    match = services.match_challenge(user=player, game="iron_leaguer", seat="silver", opponent="greedy")
    page = context.new_page()
    page.goto(f"{live_server.url}/matches/")
    watch = page.get_by_role("region", name=t("Watch"))
    watch.get_by_role("link", name=re.compile(rf"#{match.pk}\b")).click()
    page.wait_for_url(re.compile(rf"/matches/{match.pk}/$"))
    expect(page.get_by_role("status").filter(has_text=t("You are watching as a spectator."))).to_be_visible()
    assert not page.get_by_role("region", name=t("Your choices")).count(), "a spectator is offered choices"
    shown = board_version(page)
    match.refresh_from_db()
    assert shown == match.version
    shots.take(page, "board")

    engine = get_engine("iron_leaguer")
    action = engine.legal_actions(match.state, "silver")[0]
    services.match_submit_action(match_id=match.pk, user=player, action=encode(action),
                                 expected_version=match.version, idempotency_key="watch-1")
    match.refresh_from_db()
    assert match.version > shown
    page.wait_for_function(f"() => Number(document.getElementById('board').dataset.version) >= {match.version}",
                           timeout=LIVE_UPDATE_MS)
    expect(page.get_by_role("status").filter(has_text=t("You are watching as a spectator."))).to_be_visible()
    if viewport == "phone":
        assert_no_sideways_scroll(page)
    shots.take(page, "board_after_move")

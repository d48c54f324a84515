"""Issue 27, point 4, in the browser: against a bot the player clicks "Take back"; the board comes back rewound to
the decision, with the decision's log lines marked and a line for the takeback (headless Chromium)."""

from __future__ import annotations

import pytest

from matches.models import Match
from matches.services.takeback import takeback_problem

from .test_browser_match import _sign_in
from .test_takeback import _act, _first, _match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _decided(game: str, me, other=None) -> tuple[Match, dict, int]:
    """A seeded match where ``me`` (the first seat) has just made a decision they may take back; the state and
    version before it."""
    match = _match(game, me, other)
    seat = match.seats.get(user=me).seat
    for _ in range(30):
        state, version = match.state, match.version
        match = _act(match, me, seat, _first(match, seat))
        if match.events.filter(version=version + 1).exists() and not takeback_problem(match, seat)[2]:
            return match, state, version
    raise AssertionError("no decision that may be taken back")


def test_take_back_against_a_bot_rewinds_the_board_and_logs_it(live_server, new_context, seeded, users):
    match, before, version = _decided("legions", users[0])
    page = _sign_in(new_context(locale="en-US", viewport={"width": 1280, "height": 800}), live_server, "player1")
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.wait_for_selector("#board")
    assert page.locator("#board").get_attribute("data-version") == str(match.version)

    page.get_by_role("button", name="Take back").click()

    page.wait_for_selector(f"#board[data-version='{match.version + 1}']")
    assert Match.objects.get(pk=match.pk).state == before
    lines = page.locator("#board .log-text").all_inner_texts()
    assert any(line.startswith("(taken back)") for line in lines), lines
    assert "Player 1 took back their last decision; Player 2 accepted." in lines
    assert page.get_by_text("Your last decision was taken back.").is_visible()
    assert page.locator("#actions-heading").is_visible()  # the decision is theirs to make again

"""Two users in two browser contexts create, accept and play an Iron Leaguer match until a point is scored,
each seeing only its own hand; a third context watches as a spectator (headless Chromium, Playwright)."""

from __future__ import annotations

import re

import pytest

from matches.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _sign_in(context, live_server, username):
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill("pw-Shinpan-123")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"/matches/$"))
    return page


def _score(page) -> tuple[int, int]:
    text = page.locator(".score").inner_text()
    silver, dark = re.search(r"Silver (\d+) – Dark (\d+)", text).groups()
    return int(silver), int(dark)


def test_two_players_play_until_a_point_is_scored_and_a_spectator_watches(live_server, new_context, seeded,
                                                                         users):
    dark = _sign_in(new_context(locale="en-US"), live_server, "player1")
    dark.get_by_label("Your side").select_option("dark")
    dark.get_by_label("Opponent").select_option("open")
    dark.get_by_role("button", name="Create match").click()
    dark.wait_for_url(re.compile(r"/matches/\d+/$"))
    match_id = int(re.search(r"/matches/(\d+)/", dark.url).group(1))
    assert "Waiting for an opponent" in dark.locator("#board-summary").inner_text()

    silver = _sign_in(new_context(locale="en-US"), live_server, "player2")
    silver.get_by_role("button", name="Accept").click()
    silver.wait_for_url(re.compile(rf"/matches/{match_id}/$"))
    assert Match.objects.get(pk=match_id).status == Match.Status.ACTIVE

    spectator = new_context(locale="en-US").new_page()
    spectator.goto(f"{live_server.url}/matches/{match_id}/")
    assert "spectator" in spectator.locator("#board-summary").inner_text()

    dark.reload()
    pages = {"dark": dark, "silver": silver}
    for _ in range(200):
        match = Match.objects.get(pk=match_id)
        if sum(match.state["match"]["score"].values()) >= 1 or match.status != Match.Status.ACTIVE:
            break
        seat = match.state["pending"]["seat"] if match.state.get("pending") else None
        page = pages[seat]
        page.reload()
        page.locator("button.action").first.click()
        page.wait_for_function(
            f"() => Number(document.getElementById('board').dataset.version) > {match.version}", timeout=10_000)
    else:
        pytest.fail("no point was scored in 200 clicks")

    for seat, page in pages.items():
        page.reload()
        other = "silver" if seat == "dark" else "dark"
        assert page.locator(f".hand-{seat} .technique-card").count() >= 1
        assert page.locator(f".hand-{other} .technique-card").count() == 0
        assert page.locator(f".hand-{other} .hand-count").count() == 1
    spectator.reload()
    assert spectator.locator(".technique-card").count() == 0
    assert spectator.locator(".hand-count").count() == 2
    assert sum(_score(spectator)) >= 1
    assert _score(spectator) == _score(dark) == _score(silver)

"""Two users in two browser contexts create, accept and play an Iron Leaguer match until a point is scored,
each seeing only its own hand; a third context watches as a spectator (headless Chromium, Playwright). Every
move is made on the board as a person makes it: a button, or the choice builder's picks then "Play"."""

from __future__ import annotations

import re

import pytest

from matches.models import Match

from .board_play import new_match_form, open_group

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
    text = page.locator("[data-stat=score] dd").inner_text()
    silver, dark = re.search(r"Silver (\d+) – Dark (\d+)", text).groups()
    return int(silver), int(dark)


def _play_first_choice(page) -> None:
    """Make the first choice on the board: a plain button, or in a builder the first open option of each slot
    (top down) and then "Play". Checks the pending state: right after the click nothing can be clicked."""
    group = page.locator(".choice-group").first
    button = group.locator("button.action:not([data-submit])")
    if not button.count():
        open_group(group)
        slots = group.locator("[data-slot]")
        for index in range(slots.count()):
            slot = slots.nth(index)
            for _ in range(4):  # a count slot (the ILs of a technique) takes several picks
                if group.locator("[data-submit]").is_enabled() or (
                        slot.get_attribute("data-kind") == "one" and slot.locator(".is-selected").count()):
                    break
                slot.locator(".choice-option:not([disabled]):not(.is-selected)").first.click()
        button = group.locator("[data-submit]")
    assert button.is_enabled()
    page.evaluate("() => { window.__pending = null; document.addEventListener('submit', () => setTimeout(() => {"
                  " const b = document.getElementById('board'); window.__pending = b.classList.contains('is-pending')"
                  " && [...b.querySelectorAll('.board-choices button')].every(x => x.disabled); }, 0), true); }")
    button.click()
    page.wait_for_function("() => window.__pending !== null", timeout=5_000)
    assert page.evaluate("window.__pending") is True  # sent at once; a second click is impossible


def test_two_players_play_until_a_point_is_scored_and_a_spectator_watches(live_server, new_context, seeded,
                                                                         users):
    dark = _sign_in(new_context(locale="en-US"), live_server, "player1")
    form = new_match_form(dark, "iron_leaguer")
    form.get_by_label("Your side").select_option("dark")
    form.get_by_label("Opponent").select_option("open")
    form.get_by_role("button", name="Create match").click()
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
        _play_first_choice(page)
        try:
            page.wait_for_function(
                f"() => Number(document.getElementById('board').dataset.version) > {match.version}", timeout=10_000)
        except Exception:
            error = page.locator(".board-error")
            pytest.fail(f"the move was not made: {error.inner_text() if error.count() else page.content()[:3000]}")
    else:
        pytest.fail("no point was scored in 200 clicks")

    for seat, page in pages.items():
        page.reload()
        other = "silver" if seat == "dark" else "dark"
        assert page.locator(f"[data-zone=hand-{seat}] .zone-card").count() >= 1
        assert page.locator(f"[data-zone=hand-{other}] .zone-card").count() == 0
        assert page.locator(f"[data-zone=hand-{other}] .zone-hidden-count").count() == 1
    spectator.reload()
    assert spectator.locator("[data-zone^=hand-] .zone-card").count() == 0
    assert spectator.locator("[data-zone^=hand-] .zone-hidden-count").count() == 2
    assert sum(_score(spectator)) >= 1
    assert _score(spectator) == _score(dark) == _score(silver)

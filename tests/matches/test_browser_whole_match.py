"""Issue 27, point 10: a person plays a whole match of each game through the board against the greedy bot (Iron
Leaguer with the default board settings), in headless Chromium: every decision asked is a click on the board (a
button, or the choice builder's picks and "Play"), no console error from the first page to the end panel, and the
board is photographed mid-match and at the end at 390 and 1280 px in English and Japanese (into
``SHINPAN_SCREENSHOTS`` when set: CI keeps them as artifacts). Iron Leaguer also counts the decisions asked: at most
150 (issue 27, point 3).

Each match's secret seed is fixed, so the dice, the shuffles and the bot's moves are the same on every run."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from django.core.cache import cache

from matches.models import Match, PlaySettings
from matches.services import match_challenge

from .board_play import failure, play_preferred, wait_for_ruling
from .test_browser_match import _sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# game: (the person's seat, the seed byte, what the person prefers to do, first to last). The preferences play to
# end the game: attack first, then build, then pass.
GAMES = {
    "iron_leaguer": ("silver", 3, ("declare-attack", "declare-defence", "add_half", "assign", "refill", "pass-draw",
                                   "pass-refresh", "growth", "rescuers", "rescue", "action", "practice")),
    "legions": ("p1", 2, ("no_card_change", "keep", "choose", "attack", "unlock", "deploy", "no_block", "end_turn")),
    "riders_legend": ("p1", 2, ("keep_hand", "execute", "attack", "group_attack", "place_character", "place_mission",
                                "transform", "choose", "accept_declaration", "declare", "no_block", "discard",
                                "move", "end_phase")),
}
MOST_DECISIONS = 600  # a bound on the person's clicks: the match must end before
SIZES = ((1280, 800, "desktop"), (390, 844, "phone"))


def _photograph(page, live_server, game: str, moment: str) -> list[str]:
    """The board at both widths in both languages, into ``SHINPAN_SCREENSHOTS`` (nothing saved when unset); the
    page is left in English at 1280 px. Returns the names saved."""
    folder = os.environ.get("SHINPAN_SCREENSHOTS", "").strip()
    saved = []
    for language in ("ja", "en"):
        page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        for width, height, size in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.reload()
            page.wait_for_selector("#board")
            assert page.locator("html").get_attribute("lang").startswith(language)
            if folder:
                name = f"whole_match-{game}-{moment}-{size}-{language}.png"
                page.screenshot(path=str(Path(folder) / name))
                saved.append(name)
    page.set_viewport_size({"width": 1280, "height": 800})
    return saved


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_person_plays_a_whole_match_against_the_bot_through_the_board(live_server, new_context, seeded, users,
                                                                       game, monkeypatch):
    seat, seed, preference = GAMES[game]
    PlaySettings.objects.filter(user=users[0]).delete()  # the defaults, as a new player has them
    cache.clear()
    monkeypatch.setattr("matches.services.creation.secrets.token_bytes", lambda n: bytes([seed]) * n)
    match = match_challenge(user=users[0], game=game, seat=seat, opponent="greedy")
    page = _sign_in(new_context(locale="en-US", viewport={"width": 1280, "height": 800}), live_server, "player1")
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error"
            and "WebSocket" not in message.text else None)  # the test server has no WebSocket: polling serves
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server.url}/matches/{match.pk}/")

    clicks = 0
    while clicks < MOST_DECISIONS:
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.ACTIVE:
            break
        if match.to_act != seat:  # the bot is still moving
            time.sleep(0.05)
            continue
        page.reload()
        if page.locator("#board").get_attribute("data-version") != str(match.version):
            continue
        if clicks == 8:  # mid-match (a Legions match against the greedy bot can end within 20 decisions)
            _photograph(page, live_server, game, "mid")
        play_preferred(page, preference)
        clicks += 1
        if not wait_for_ruling(page, match.version):
            pytest.fail(f"move {clicks} was not made: {failure(page)}")
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED, f"the match did not end within {MOST_DECISIONS} decisions"
    asked = match.submissions.filter(seat=seat, source="player").count()
    print(f"{game}: {clicks} decisions asked of the person, {asked} stored as theirs; outcome {match.outcome}")
    assert asked == clicks  # every click was one decision, and nothing else was stored as the person's
    if game == "iron_leaguer":
        assert clicks <= 150, f"{clicks} decisions asked of a person keeping the defaults"

    page.reload()
    end = page.locator("[data-end]")
    assert end.count() == 1, "the end panel is shown"
    winner = (match.outcome or {}).get("winner")
    expected = "Draw" if winner is None else "You won" if winner == seat else "You lost"
    assert expected in end.inner_text()
    assert page.get_by_role("link", name="Watch the replay").is_visible()
    _photograph(page, live_server, game, "end")
    assert errors == []

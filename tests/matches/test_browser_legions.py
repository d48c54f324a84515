"""A user plays a Legions! match against a bot from the lobby, for several turns, through the board (headless
Chromium, Playwright): the lobby's Legions form with a sample deck, then every move on the board as a person makes
it -- a button, or the choice builder's picks (a card, what to do with it, a lane; a unit, then its target) and
"Play"."""

from __future__ import annotations

import re
import time

import pytest

from matches.models import Match

from .board_play import failure, new_match_form, play_preferred, wait_for_ruling
from .test_browser_match import _sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What the player prefers, first to last: each main phase unlocks what it can, attacks, then ends the turn.
PREFERENCE = ("no_card_change", "keep", "choose", "no_block", "unlock", "attack", "end_turn")


def test_a_player_plays_legions_against_a_bot_from_the_lobby_for_several_turns(live_server, new_context, seeded,
                                                                             users):
    page = _sign_in(new_context(locale="en-US"), live_server, "player1")
    errors: list[str] = []  # issue 27, point 5: no console error over the match
    page.on("console", lambda message: errors.append(message.text) if message.type == "error"
            and "WebSocket" not in message.text else None)  # the test server has no WebSocket: polling serves
    page.on("pageerror", lambda error: errors.append(str(error)))
    form = new_match_form(page, "legions")
    form.get_by_label("Your side", exact=True).select_option("p1")
    form.get_by_label("Opponent", exact=True).select_option("greedy")
    form.get_by_label("Saved deck", exact=True).select_option(label="Mao Nyan 2017 (by shinpan)")
    form.get_by_role("button", name="Create match").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match_id = int(re.search(r"/matches/(\d+)/", page.url).group(1))
    match = Match.objects.get(pk=match_id)
    assert match.game == "legions" and match.config["decks"]["p1"]["master"]["name"] == "マオ・ニャン"

    played: list[str] = []
    for _ in range(400):
        match = Match.objects.get(pk=match_id)
        if match.status != Match.Status.ACTIVE or match.state["turn"] >= 7:
            break
        if (match.state.get("pending") or {}).get("seat") != "p1":  # the bot is still moving
            time.sleep(0.05)
            continue
        page.reload()
        if page.locator("#board").get_attribute("data-version") != str(match.version):
            continue
        played.append(play_preferred(page, PREFERENCE))
        if not wait_for_ruling(page, match.version):
            pytest.fail(f"the move was not made: {failure(page)}")
    else:
        pytest.fail("the match did not reach turn 7")

    match = Match.objects.get(pk=match_id)
    assert match.state["turn"] >= 7 or match.status == Match.Status.FINISHED
    assert "unlock" in set(played)
    ended = match.submissions.filter(seat="p1", action__type="end_turn")
    assert ended.exists()  # by a click, or made for the player when it was the only choice left (issue 27)
    assert "end_turn" in played or ended.filter(source="forced").exists()
    assert match.submissions.filter(source="player").count() == len(played)
    page.reload()
    assert page.locator("[data-zone=hand-p1] .zone-card").count() + page.locator(
        "[data-zone=field-p1] [data-unit^=p1c]").count() >= 1
    assert errors == []
    assert page.locator("[data-zone=hand-p2] .zone-card").count() == 0  # the bot's hand: backs and a count
    assert page.locator("[data-zone=hand-p2] .zone-hidden-count").count() == 1
    assert page.locator("[data-zone=field-p1] .zone-unit").count() == 4  # three lanes and the leader zone
    assert "Legions" in page.locator("#board").inner_text()

"""Issue 27, point 1: one screen. At 1280x800 the reader's hand, the choices and both sides' fields are on screen
without scrolling (the opponent's above, the reader's below, the choices and the hand beside); at 390 px the hand and
the choices sit in a panel fixed at the bottom of the screen while the board scrolls; each event shows once. For
the three games, in English and Japanese (headless Chromium)."""

from __future__ import annotations

from pathlib import Path

import pytest

from matches.services import match_challenge

from .test_browser_match import _sign_in

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The first zone of each side's field, per game (the opponent's above, the reader's below).
FIELDS = {"iron_leaguer": ("team-dark", "team-silver", "silver"), "legions": ("field-p2", "field-p1", "p1"),
          "riders_legend": ("battle1-p2", "battle1-p1", "p1")}

BOX = """(selector) => { const e = document.querySelector(selector); if (!e) return null;
  const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, fixed: getComputedStyle(e).position}; }"""


@pytest.mark.parametrize("language", ["en-US", "ja-JP"])
@pytest.mark.parametrize("game", sorted(FIELDS))
def test_the_hand_the_choices_and_both_fields_are_on_one_screen(live_server, new_context, seeded, users, game,
                                                                language):
    theirs, mine, seat = FIELDS[game]
    match = match_challenge(user=users[0], game=game, seat=seat, opponent="greedy")
    context = new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    page = _sign_in(context, live_server, "player1")
    context.add_cookies([{"name": "django_language", "value": language[:2], "url": live_server.url}])
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.wait_for_selector("#board")
    assert page.locator("html").get_attribute("lang").startswith(language[:2])
    places = (("the opponent's field", f"[data-zone={theirs}]"), ("the reader's field", f"[data-zone={mine}]"),
              ("the hand", ".board-dock [data-zone^=hand-]"), ("the choices", "#actions-heading"))
    for what, selector in places:
        box = page.evaluate(BOX, selector)
        assert box is not None, f"{what} ({selector}) is not on the board"
        assert 0 <= box["top"] < 800 - 40, f"{what} is not on screen at 1280x800: top {box['top']:.0f}"
    ruling = page.locator("#board .board-log.is-ruling .log-text").all_inner_texts()
    latest = page.locator("#board .board-log:not(.is-ruling) .log-text").all_inner_texts()
    assert ruling or game != "iron_leaguer", "Dark Sports (the bot) moved first: its move is the last ruling"
    if ruling:
        assert latest[: len(ruling)] not in (ruling, ruling[::-1]), "the ruling shows twice"


@pytest.mark.parametrize("game", sorted(FIELDS))
def test_on_a_phone_the_hand_and_choices_stay_at_the_bottom_while_the_board_scrolls(live_server, new_context, seeded,
                                                                                  users, game):
    seat = FIELDS[game][2]
    match = match_challenge(user=users[0], game=game, seat=seat, opponent="greedy")
    page = _sign_in(new_context(locale="en-US", viewport={"width": 390, "height": 844}), live_server, "player1")
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.wait_for_selector("#board")
    for scroll in (0, 900):
        page.evaluate(f"window.scrollTo(0, {scroll})")
        dock = page.evaluate(BOX, ".board-dock")
        hand = page.evaluate(BOX, ".board-dock [data-zone^=hand-]")
        assert dock["fixed"] == "fixed" and dock["bottom"] <= 844 + 1 and dock["top"] > 844 / 3
        assert dock["top"] <= hand["top"] < 844, "the hand is not in the bottom panel"


def test_a_move_that_loses_at_once_asks_first_and_nothing_is_sent_when_declined(live_server, new_context, seeded,
                                                                                 users):
    """Issue 27, point 2: デスクラウド at 3 life (it deals 4 to every master) asks before it is used."""
    from matches.models import Match, Submission
    from tests.referee.legions.conftest import main_phase, to_hand

    deck = (ROOT / "seeds" / "decks" / "legions_mao_nyan_2017.txt").read_text(encoding="utf-8")
    match = match_challenge(user=users[0], game="legions", seat="p1", opponent="greedy", deck=deck)
    state = main_phase(Match.objects.get(pk=match.pk).state, "p1", active=9, awakened=True)
    to_hand(state, "p1", "デスクラウド")
    state["players"]["p1"]["life"] = 3
    Match.objects.filter(pk=match.pk).update(state={k: v for k, v in state.items() if k != "cards"}, to_act="p1")
    page = _sign_in(new_context(locale="en-US", viewport={"width": 1280, "height": 800}), live_server, "player1")
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    unlock = page.locator("[data-choice-group=unlock]")
    unlock.locator("[data-slot=card] .choice-option", has_text="デスクラウド").click()
    use = unlock.locator("[data-slot=then] .choice-option", has_text="use it")
    if use.is_enabled() and use.get_attribute("aria-pressed") != "true":
        use.click()
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    unlock.locator("[data-submit]").click()
    page.wait_for_timeout(500)
    assert asked and "you lose the game at once" in asked[0]
    assert not Submission.objects.filter(match_id=match.pk, seat="p1").exists()  # declined: nothing sent

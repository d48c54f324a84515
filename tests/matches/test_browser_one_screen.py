"""Issue 27, point 1: one screen. At 1280x800 the reader's hand, the choices and both sides' fields are on screen
without scrolling (the opponent's above, the reader's below, the choices and the hand beside); at 390 px the hand and
the choices sit in a panel fixed at the bottom of the screen while the board scrolls; each event shows once. For
the three games, in English and Japanese (headless Chromium): at the start, and mid-match, when the fields are full
(every zone of the table whole on screen, the hand not scrolling sideways, the open choice's "Play" in view, and the
page not moving when a move is made)."""

from __future__ import annotations

from pathlib import Path

import pytest

from matches.models import Match, PlaySettings
from matches.services import match_challenge, match_submit_action
from referee.engine import encode, get_engine
from referee.engine.bots import make_bot

from .board_play import open_group
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
    open_group(unlock)
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


# game: (the person's seat, the secret seed's byte, the person's decisions made by the greedy policy first). Each
# leaves the match under way with full fields: Legions turn 7 with units on both fields and cards in wait zones,
# Iron Leaguer scene 7 with strays and retired ILs, Riders' Legend turn 13 with characters in ten areas.
MID_MATCH = {"legions": ("p1", 2, 10), "iron_leaguer": ("silver", 2, 40), "riders_legend": ("p1", 2, 50)}

WHOLE = """(selector) => Array.from(document.querySelectorAll(selector)).map((e) => {
  const r = e.getBoundingClientRect(); return {key: e.dataset.zone || e.className, top: r.top, bottom: r.bottom}; })"""


def _mid_match(user, game: str, monkeypatch) -> Match:
    """A match of ``user`` against the greedy bot, ``MID_MATCH[game]`` of the person's decisions in (each the greedy
    policy's), through the same service as a click; the person is to act."""
    seat, seed, decisions = MID_MATCH[game]
    PlaySettings.objects.filter(user=user).delete()  # the defaults
    monkeypatch.setattr("matches.services.creation.secrets.token_bytes", lambda n: bytes([seed]) * n)
    match = match_challenge(user=user, game=game, seat=seat, opponent="greedy")
    engine = get_engine(game)
    for made in range(decisions):
        match = Match.objects.get(pk=match.pk)
        assert match.status == Match.Status.ACTIVE and engine.to_act(match.state) == seat
        action = make_bot("greedy", made)(engine, match.state, seat, engine.legal_actions(match.state, seat))
        match_submit_action(match_id=match.pk, user=user, action=encode(action), expected_version=match.version,
                            idempotency_key=f"mid-{made}")
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.ACTIVE and engine.to_act(match.state) == seat
    return match


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game", sorted(MID_MATCH))
def test_mid_match_the_whole_table_the_hand_and_play_are_on_one_screen(live_server, new_context, seeded, users,
                                                                       game, language, monkeypatch):
    match = _mid_match(users[0], game, monkeypatch)
    page = _sign_in(new_context(locale="en-US", viewport={"width": 1280, "height": 800}), live_server, "player1")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.wait_for_selector("#board")
    assert page.locator("html").get_attribute("lang").startswith(language)
    zones = page.evaluate(WHOLE, ".board-table [data-zone], .board-dock [data-zone^=hand-]")
    units = page.locator(".board-table .zone-unit").count()
    assert units >= 8, f"only {units} units on the table: not the full mid-match board this test is about"
    off = [f"{z['key']} {z['top']:.0f}-{z['bottom']:.0f}" for z in zones if z["top"] < 0 or z["bottom"] > 800]
    assert not off, f"zones not whole on the 1280x800 screen: {off}"
    hand = page.evaluate("() => { const h = document.querySelector('.dock-hand'); "
                         "return [h.scrollWidth, h.clientWidth]; }")
    assert hand[0] <= hand[1] + 1, f"the hand scrolls sideways: {hand}"
    # The choice to make now: a lone button, or the open group's "Play" (it stays in view while its options scroll).
    group = page.locator(".choice-group.box:not(.is-collapsed)")
    button = group.first.locator("[data-submit]") if group.count() else page.locator(".choice-group .action").first
    box = button.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 800, f"the move's button is off screen: {box}"
    assert page.locator(".choice-group.is-collapsed").count() == max(0, page.locator(".choice-group.box").count() - 1)
    # the one-click choices (end the turn, pass) are never below the fold of the side (a tester found them hidden
    # under a long group of picks in half the decisions)
    singles = page.evaluate(WHOLE, ".board-choices > .choice-group:not(.box) .action")
    hidden = [f"{b['top']:.0f}-{b['bottom']:.0f}" for b in singles if b["top"] < 0 or b["bottom"] > 800]
    assert not hidden, f"one-click choices off screen: {hidden}"

    # A move: the page does not jump (the board is replaced, the scroll stays where the reader left it).
    page.evaluate("window.scrollTo(0, 120)")
    before = page.evaluate("window.scrollY")
    version = page.locator("#board").get_attribute("data-version")
    single = page.locator(".choice-group:not(.box) button[type=submit]")
    if single.count():
        single.last.click()
    else:
        for _ in range(8):
            if button.is_enabled():
                break
            open_slots = "[data-slot]:not(:has([aria-pressed=true])) .choice-option:not([disabled])"
            group.first.locator(open_slots).first.click()
        page.once("dialog", lambda dialog: dialog.accept())
        button.click()
    page.wait_for_function(f"document.querySelector('#board').dataset.version !== '{version}'")
    page.wait_for_timeout(300)
    assert abs(page.evaluate("window.scrollY") - before) <= 12, "the page moved when the move was made"

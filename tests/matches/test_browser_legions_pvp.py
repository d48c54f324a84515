"""Two users play a Legions! match from the lobby, through the board, until a minion is broken and a master has
taken damage, while a third watches (headless Chromium, Playwright): A creates an open challenge with a saved
sample deck, B accepts it with the other sample deck, C opens it from the lobby's Watch list. Each player's page
shows its own hand and never the other's; the spectator's page shows the board (both masters' life) and no hand.
With ``SHINPAN_SCREENSHOTS`` the three boards are saved (``legions_pvp-board_<reader>-desktop-en.png``)."""

from __future__ import annotations

import json
import re
import time

import pytest

from matches.models import Match
from matches.selectors import match_log
from referee.engine.protocol import get_engine
from tests.browser.conftest import Shots, screenshot_folder

from .board_play import failure, new_match_form, play_preferred, reload_board, wait_for_ruling
from .test_browser_match import _sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Attack before anything else, never block, unlock what can be unlocked (standby cards stay there): the attacks
# reach minions and masters. In 150 games simulated with the engine (the first option of each slot, as below) a
# break and a hit on a master took a median of 14.5 decisions of both players, at most 33.
PREFERENCE = ("no_card_change", "keep", "choose", "no_block", "attack", "unlock", "end_turn")
MOST_MOVES = 50
PLAY_SECONDS = 75
ENGINE = get_engine("legions")


def _wanted(match: Match) -> bool:
    """A minion has been broken and a master has lost life."""
    hurt = any(p["life"] < 20 for p in match.state["players"].values())
    return hurt and match.events.filter(kind="break").exists()


def _hand_names(match: Match, seat: str) -> set[str]:
    return {match.state["cards"][c]["name"] for c in match.state["players"][seat]["hand"]}


def _secret_names(match: Match, seat: str | None, others: list[str]) -> set[str]:
    """The names of the ``others``' hand cards that ``seat`` (None: a spectator) may not know: not a card of its
    view (field, wait zones, its own hand...) and not named in a log entry it is shown."""
    known = {card["name"] for card in ENGINE.view(match.state, seat)["cards"].values()}
    log = json.dumps(match_log(match=match, seat=seat), ensure_ascii=False)
    return {name for other in others for name in _hand_names(match, other) - known if name not in log}


def _open_challenge(page, deck: str) -> int:
    form = new_match_form(page, "legions")
    form.get_by_label("Your side", exact=True).select_option("p1")
    form.get_by_label("Opponent", exact=True).select_option("open")
    form.get_by_label("Saved deck", exact=True).select_option(label=deck)
    form.get_by_role("button", name="Create match").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    return int(re.search(r"/matches/(\d+)/", page.url).group(1))


def _accept(page, match_id: int, deck: str) -> None:
    item = page.locator(".lobby-item").filter(has=page.locator(f"form[action$='/{match_id}/join/']"))
    item.get_by_label("Saved deck", exact=True).select_option(label=deck)
    item.get_by_role("button", name="Accept").click()
    page.wait_for_url(re.compile(rf"/matches/{match_id}/$"))


def _play_until_a_break_and_a_hit(pages: dict, url: str, match_id: int) -> list[str]:
    """Each player's moves on its page, opened when it is to act and left for a blank page after its ruling:
    fewer pages polling the test server's in-memory SQLite, whose reads make a write fail ("database table is
    locked") instead of waiting."""
    played: list[str] = []
    refused: list[str] = []
    deadline = time.monotonic() + PLAY_SECONDS
    while len(played) < MOST_MOVES and time.monotonic() < deadline:
        match = Match.objects.get(pk=match_id)
        if _wanted(match) or match.status != Match.Status.ACTIVE:
            break
        seat = (match.state.get("pending") or {}).get("seat")
        if seat not in pages:  # the referee is between decisions
            time.sleep(0.05)
            continue
        page = pages[seat]
        if reload_board(page, url) != match.version:
            continue
        key = play_preferred(page, PREFERENCE)
        if wait_for_ruling(page, match.version):
            played.append(key)
            page.goto("about:blank")
            continue
        refused.append(failure(page))  # tried again from the top (a repeat for an old version is refused)
        assert len(refused) < 3, refused
    return played


def test_two_players_play_legions_from_the_lobby_and_a_spectator_watches(live_server, new_context, seeded,
                                                                         users):
    shots = Shots("legions_pvp", "desktop", "en", screenshot_folder())
    first = _sign_in(new_context(locale="en-US"), live_server, "player1")
    match_id = _open_challenge(first, "Mao Nyan 2017 (by shinpan)")
    assert Match.objects.get(pk=match_id).status == Match.Status.OPEN

    second = _sign_in(new_context(locale="en-US"), live_server, "player2")
    _accept(second, match_id, "Blue/black Olivier 2018 (by shinpan)")
    match = Match.objects.get(pk=match_id)
    assert match.status == Match.Status.ACTIVE
    assert {s: match.config["decks"][s]["master"]["name"] for s in ("p1", "p2")} == {"p1": "マオ・ニャン",
                                                                                     "p2": "深海リラ"}

    spectator = _sign_in(new_context(locale="en-US"), live_server, "player3")
    spectator.locator("section[aria-labelledby=watch]").get_by_role("link", name=re.compile(rf"#{match_id}\b")).click()
    spectator.wait_for_url(re.compile(rf"/matches/{match_id}/$"))
    assert "spectator" in spectator.locator("#board-summary").inner_text()

    pages = {"p1": first, "p2": second}
    url = f"{live_server.url}/matches/{match_id}/"
    played = _play_until_a_break_and_a_hit(pages, url, match_id)
    match = Match.objects.get(pk=match_id)
    assert _wanted(match), f"no break and hit on a master in {len(played)} moves: {played}"
    assert match.status == Match.Status.ACTIVE, "the match ended first: its hands are no longer secret"
    assert match.submissions.filter(source="player", status="applied").count() == len(played)

    for seat, page in pages.items():
        other = "p2" if seat == "p1" else "p1"
        assert reload_board(page, url) == match.version
        hand = page.locator(f"[data-zone=hand-{seat}]")
        assert hand.locator(".zone-card").count() == len(match.state["players"][seat]["hand"])
        text = hand.inner_text()
        assert all(name in text for name in _hand_names(match, seat)), (seat, text)
        assert page.locator(f"[data-zone=hand-{other}] .zone-card").count() == 0
        assert page.locator(f"[data-zone=hand-{other}] .zone-hidden-count").count() == 1
        html = page.content()
        assert not {name for name in _secret_names(match, seat, [other]) if name in html}, seat
        shots.take(page, f"board_{seat}")

    spectator.wait_for_function(  # the spectator's board follows the match by itself
        f"() => Number(document.getElementById('board')?.dataset.version) === {match.version}", timeout=10_000)
    assert reload_board(spectator) == match.version
    assert spectator.locator("[data-zone^=hand-] .zone-card").count() == 0
    assert spectator.locator("[data-zone^=hand-] .zone-hidden-count").count() == 2
    html = spectator.content()
    secret = _secret_names(match, None, ["p1", "p2"])
    assert secret and not {name for name in secret if name in html}
    for seat in ("p1", "p2"):
        life = match.state["players"][seat]["life"]
        assert spectator.locator(f"[data-stat=life-{seat}] dd").inner_text().strip() == str(life)
        master = spectator.locator(f"[data-zone=master-{seat}] [data-unit={seat}m]")
        assert re.search(rf"Life\s*{life}\b", master.inner_text()), master.inner_text()
    assert spectator.locator("[data-zone=field-p1] .zone-unit").count() == 4
    assert spectator.locator(".choice-group").count() == 0  # a spectator has nothing to play
    shots.take(spectator, "board_spectator")

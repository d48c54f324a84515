"""Two users play a Riders' Legend match from the lobby until a mission is achieved or destroyed, and a third
context watches as a spectator (headless Chromium, Playwright). Player 1 creates the challenge with a sample deck,
player 2 accepts it with the other; every move is made on the board as a person makes it: a button, or the choice
builder's picks (a card, an area, a mission or a bluff; a character and where) and "Play". Each player sees its
own hand and its own face-down missions, never the other's; the spectator sees neither hand and only backs.

Which move a player makes is decided here from the match's legal actions (lay real missions, place a character
where it can carry out a mission of its faction, carry missions out, end the phase), then made through the
board's controls; the submission the board sent must be that action. With ``SHINPAN_SCREENSHOTS`` set to a folder,
the board is saved there as ``riders_legend-board-<390|1280>-<en|ja>.png`` for the first player and
``riders_legend-spectator-1280-en.png``.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest
from django.conf import settings

from matches.models import Event, Match, Submission
from referee.engine import encode, get_engine

from .board_play import new_match_form, open_group
from .test_browser_match import _sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ENGINE = get_engine("riders_legend")
MAX_MOVES = 100
ID = re.compile(r"p[12]c\d\d")


def _wanted(match: Match) -> dict:
    """The move a purposeful player makes now: keep the hand, carry a mission out, lay a real mission, place a
    character in the operation field of an own mission of its faction, do not block, end the phase."""
    state = match.state
    seat = state["pending"]["seat"]
    cards, me = state["cards"], state["players"][seat]
    actions = [encode(a) for a in ENGINE.legal_actions(state, seat)]

    def fits(a: dict) -> bool:
        mission = me["missions"][a["area"] - 1] if a["field"] == "operation" else None
        faction = cards[a["card"]]["attributes"].get("faction")
        return mission is not None and cards[mission["card"]]["attributes"].get("faction") == faction

    for wanted in (lambda a: a["type"] in ("keep_hand", "execute"),
                   lambda a: a["type"] == "place_mission" and not a["bluff"],
                   lambda a: a["type"] == "end_opening",
                   lambda a: a["type"] == "place_character" and fits(a),
                   lambda a: a["type"] in ("no_block", "end_phase")):
        found = next((a for a in actions if wanted(a)), None)
        if found is not None:
            return found
    return actions[0]


def _make(page, match: Match, action: dict) -> None:
    """Make ``action`` on the board: its button, or its group's picks (by the options' values) and "Play"."""
    from matches.boards import build_board

    board = build_board(match, seat=match.state["pending"]["seat"])
    group = next(g for g in board.groups if any(c.action == action for c in g.choices))
    choice = next(c for c in group.choices if c.action == action)
    if group.single is not None:
        form = page.locator(f"form.choice-group:has(input[name=action][value='{choice.json}'])")
        form.locator("button.action").click()
        return
    form = page.locator(f"form.choice-group[data-choice-group='{group.key}']")
    open_group(form)
    for slot in group.slots:
        picked = choice.picks.get(slot.key)
        if picked is None:
            continue
        for value in (picked if isinstance(picked, dict) else {picked: 1}):
            option = form.locator(f"[data-slot='{slot.key}'] .choice-option[data-value='{value}']")
            for _ in range(20):  # until board.js (loaded after the page) has taken the pick
                option.click()
                if option.get_attribute("aria-pressed") == "true" or "is-selected" in (option.get_attribute("class")
                                                                                       or ""):
                    break
                time.sleep(0.05)
    play = form.locator("[data-submit]")
    assert play.is_enabled(), (group.key, choice.picks, form.inner_text())
    play.click()


def _achieved_or_destroyed(match: Match) -> bool:
    """From the match's log in the database: a mission was achieved, or destroyed (to the graveyard by damage)."""
    events = Event.objects.filter(match=match, kind__in=("achieved", "mission_to_graveyard"))
    return any(e.kind == "achieved" or e.data.get("why") == "destroyed" for e in events)


def _check_sight(page, match: Match, seat: str | None) -> None:
    """The page shows ``seat``'s own hand and face-down missions (its cards, as faces), the other side's as card
    backs and counts, and names nowhere in the page (not even in an attribute or the log's raw events) a card
    hidden from it and never shown to it: the other hand, the other face-down missions, any deck or 捨山 card."""
    state = match.state
    html = page.content()
    # a card the reader was shown (a character that went back to the hand from the field) may be named in its log
    known = {ref for event in Event.objects.filter(match=match) if not event.to or seat in event.to
             for ref in ID.findall(json.dumps(event.data))}
    for owner, player in state["players"].items():
        own = owner == seat
        assert page.locator(f"[data-zone=hand-{owner}] .zone-card").count() == (len(player["hand"]) if own else 0)
        if not own and player["hand"]:
            assert page.locator(f"[data-zone=hand-{owner}] .zone-hidden-count").count() == 1
        hidden = [*player["deck"], *player["discard_pile"]] + ([] if own else list(player["hand"]))
        for area, mission in enumerate(player["missions"], start=1):
            if mission is None or mission["face_up"]:
                continue
            zone = page.locator(f"[data-zone=mission{area}-{owner}]")
            assert zone.locator(f"[data-unit='{mission['card']}']").count() == (1 if own else 0)
            assert zone.locator(".zone-back").count() == (0 if own else 1)
            if not own:
                hidden.append(mission["card"])
        for card in set(hidden) - known:
            assert card not in html, (seat, card)


def test_two_players_play_riders_legend_until_a_mission_is_achieved_or_destroyed(live_server, new_context,
                                                                                seeded, users):
    started = time.monotonic()
    first = _sign_in(new_context(locale="en-US"), live_server, "player1")
    form = new_match_form(first, "riders_legend")
    form.get_by_label("Your side", exact=True).select_option("p1")
    form.get_by_label("Opponent", exact=True).select_option("open")
    form.get_by_label("Saved deck", exact=True).select_option(label="Shocker (by shinpan)")
    form.get_by_role("button", name="Create match").click()
    first.wait_for_url(re.compile(r"/matches/\d+/$"))
    match_id = int(re.search(r"/matches/(\d+)/", first.url).group(1))

    second = _sign_in(new_context(locale="en-US"), live_server, "player2")
    item = second.locator(".lobby-item", has_text=f"#{match_id}")
    item.get_by_label("Saved deck", exact=True).select_option(label="Showa Riders (by shinpan)")
    item.get_by_role("button", name="Accept").click()
    second.wait_for_url(re.compile(rf"/matches/{match_id}/$"))
    match = Match.objects.get(pk=match_id)
    assert match.status == Match.Status.ACTIVE and match.game == "riders_legend"
    assert match.config["decks"]["p2"]["eyecatch"]["name"] != ""
    spectator = new_context(locale="en-US").new_page()
    spectator.goto(f"{live_server.url}/matches/{match_id}/")
    assert "spectator" in spectator.locator("#board-summary").inner_text()

    pages = {"p1": first, "p2": second}
    made: list[str] = []
    for _ in range(MAX_MOVES):
        match = Match.objects.get(pk=match_id)
        if _achieved_or_destroyed(match) or match.status != Match.Status.ACTIVE:
            break
        seat = match.state["pending"]["seat"]
        page = pages[seat]
        page.reload()
        action = _wanted(match)
        _make(page, match, action)
        try:
            page.wait_for_function(
                f"() => Number(document.getElementById('board').dataset.version) > {match.version}", timeout=10_000)
        except Exception:
            error = page.locator(".board-error")
            pytest.fail(f"the move was not made: {error.inner_text() if error.count() else page.content()[:3000]}")
        sent = Submission.objects.filter(match_id=match_id, seat=seat, source="player").order_by("-id").first()
        assert sent.action == action and sent.status == Submission.Status.APPLIED, (sent.action, action)
        made.append(action["type"])
    else:
        pytest.fail(f"no mission was achieved or destroyed in {MAX_MOVES} moves: {made}")

    match = Match.objects.get(pk=match_id)
    assert _achieved_or_destroyed(match), made
    assert {"keep_hand", "place_mission"} <= set(made)
    ended = match.submissions.filter(action__type="end_phase")  # clicked, or made when it was the only choice
    assert ended.exists() and ("end_phase" in made or ended.filter(source="forced").exists())
    assert match.submissions.filter(source="player").count() == len(made)
    for seat, page in pages.items():
        page.reload()
        _check_sight(page, match, seat)
    spectator.reload()
    _check_sight(spectator, match, None)
    assert "Riders' Legend" in first.locator("#board").inner_text()
    _screenshots(new_context, live_server, first, spectator, match_id)
    assert time.monotonic() - started < 150, "the journey should take well under 90 s on an idle machine"


def _screenshots(new_context, live_server, page, spectator, match_id: int) -> None:
    folder = os.environ.get("SHINPAN_SCREENSHOTS", "").strip()
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    session = [c for c in page.context.cookies() if c["name"] == settings.SESSION_COOKIE_NAME]
    for lang, locale in (("en", "en-US"), ("ja", "ja-JP")):
        for width in (390, 1280):
            context = new_context(locale=locale, viewport={"width": width, "height": 900})
            context.add_cookies([*session, {"name": settings.LANGUAGE_COOKIE_NAME, "value": lang,
                                            "url": live_server.url}])
            shot = context.new_page()
            shot.goto(f"{live_server.url}/matches/{match_id}/")
            assert shot.evaluate("document.documentElement.scrollWidth") <= width + 1  # no sideways scrolling
            shot.screenshot(path=f"{folder}/riders_legend-board-{width}-{lang}.png", full_page=True)
    spectator.set_viewport_size({"width": 1280, "height": 900})
    spectator.screenshot(path=f"{folder}/riders_legend-spectator-1280-en.png", full_page=True)

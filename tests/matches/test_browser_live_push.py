"""The live push as a person meets it: the ASGI server (daphne) serving the pages and the WebSocket, a real Celery
worker adjudicating, Redis as broker and channel layer, PostgreSQL. A player's board and a spectator's follow the
match, each WebSocket receives every version, and what each delivered is exactly the view the API gives that
reader (a seat's view is rebuilt from the spectators' view and its delta: ``matches.live``,
``matches.consumers``)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from types import SimpleNamespace

import pytest

from matches.models import Match
from matches.selectors import match_view
from matches.services import match_challenge, match_join, match_submit_action
from referee.engine import get_engine
from tests.browser.conftest import sign_in_by_cookie

from .conftest import ROOT, wait_until

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def asgi_server(worker_env):
    port = _free_port()
    (ROOT / ".pytest_cache").mkdir(exist_ok=True)
    log = open(ROOT / f".pytest_cache/daphne-{port}.log", "wb")  # noqa: SIM115 - closed below
    proc = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                             "config.asgi:application"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                            env={**worker_env, "ALLOWED_HOSTS": "127.0.0.1,localhost"})
    try:
        def up():
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                return True
            except OSError:
                return proc.poll() is not None and pytest.fail("daphne exited")

        wait_until(up, timeout=30, interval=0.1, what="daphne listening")
        yield SimpleNamespace(url=f"http://127.0.0.1:{port}")  # as pytest-django's live_server
    finally:
        proc.terminate()
        proc.wait(15)
        log.close()


def _wait_in_browser(page, predicate, *, what: str, timeout: float = 15) -> None:
    """Poll ``predicate`` while Playwright runs (its sync API delivers WebSocket frames only inside its calls)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        page.wait_for_timeout(50)


def test_a_player_and_a_spectator_follow_a_match_by_websocket_push(seeded, users, worker, asgi_server, new_context):
    engine = get_engine("iron_leaguer")
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    match = match_join(match_id=match.pk, user=users[1])
    frames: dict[str, list[dict]] = {"player": [], "spectator": []}
    pages = {}
    for reader in frames:
        context = new_context(locale="en-US")
        if reader == "player":
            sign_in_by_cookie(context, asgi_server, users[0])
        page = context.new_page()
        page.on("websocket", lambda ws, reader=reader: ws.on(
            "framereceived", lambda payload, reader=reader: frames[reader].append(json.loads(payload))))
        page.goto(f"{asgi_server.url}/matches/{match.pk}/")
        pages[reader] = page
    for reader, page in pages.items():
        _wait_in_browser(page, lambda reader=reader: frames[reader], what=f"the {reader}'s WebSocket view")
    for step in range(5):  # both seats act, through the service as the API does; the worker adjudicates
        match = Match.objects.live().get(pk=match.pk)
        seat = engine.to_act(match.state)
        action = match_view(match=match, seat=seat)["legal_actions"][0]
        match_submit_action(match_id=match.pk, user=users[0] if seat == "dark" else users[1], action=action,
                            expected_version=match.version, idempotency_key=f"live-{step}")
        version = match.version + 1
        for reader, page in pages.items():
            _wait_in_browser(page, lambda reader=reader, version=version: any(
                f["view"]["version"] == version for f in frames[reader]),
                what=f"the {reader}'s push of version {version}")
            page.wait_for_selector(f'#board[data-version="{version}"]', timeout=15_000)  # the board followed
    match = Match.objects.live().get(pk=match.pk)
    assert match.version == 5
    pages["player"].wait_for_timeout(300)  # nothing more is on its way
    for reader, seat in (("player", "dark"), ("spectator", None)):
        last = max(frames[reader], key=lambda f: f["view"]["version"])["view"]
        assert last == json.loads(json.dumps(match_view(match=match, seat=seat))), reader
        assert [f["view"]["version"] for f in frames[reader]][-5:] == [1, 2, 3, 4, 5], reader
    assert isinstance(frames["player"][-1]["view"]["state"]["hands"]["dark"], list)  # the player's own hand
    assert all(isinstance(f["view"]["state"]["hands"]["dark"], int) for f in frames["spectator"])


def test_a_push_landing_while_a_click_is_answered_still_brings_the_board_forward(seeded, users, worker, asgi_server,
                                                                                 new_context):
    """Found by acceptance testing: a push that arrived while the answer to the player's click was on its way
    started its refresh on the board that answer then replaced; htmx drops a reply for a board no longer on the
    page, so the board showed "sent" until the 3-s poll. Here the answer to the click is held back until the push
    has come, as on a fast worker; the board must move on by push, not wait for the poll (which a new board
    starts 3 s after its swap)."""
    from .board_play import board_version, play_preferred

    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="greedy")
    context = new_context(locale="en-US")
    sign_in_by_cookie(context, asgi_server, users[0])
    page = context.new_page()
    frames: list[dict] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))))
    page.goto(f"{asgi_server.url}/matches/{match.pk}/")
    _wait_in_browser(page, lambda: frames, what="the WebSocket's first view")
    # Playwright runs route handlers one at a time in this thread: while the answer to the click is held here,
    # the push reaches the page and its refresh leaves, and is let through only after that answer.
    page.route("**/board/**", lambda route: route.continue_())
    for _ in range(3):
        page.wait_for_selector(".choice-group", timeout=10_000)  # the player's turn again (the bot has answered)
        before = board_version(page)

        def held(route):
            response = route.fetch()  # the server stores the action; the worker adjudicates and pushes
            time.sleep(1.0)
            route.fulfill(response=response)

        page.route("**/act/", held)
        play_preferred(page, ())
        clicked = time.monotonic()
        page.wait_for_function("v => Number(document.getElementById('board').dataset.version) > v", arg=before,
                               timeout=10_000)
        moved_after = time.monotonic() - clicked
        page.unroute("**/act/")
        assert moved_after < 3.5, f"the board moved on {moved_after:.1f} s after the click: it waited for the poll"
        if Match.objects.get(pk=match.pk).status != Match.Status.ACTIVE:
            break

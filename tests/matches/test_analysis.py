"""Issue 28, point 5: the analysis of a finished match, on request, on the bots' queue. Only after the match has
ended; one per seat (asked twice, made once; a failed or lost one asked again is made again); the replay lists each
seat's largest drops with links to their steps, marks the steps, and says at a step what the action chosen there was
worth beside the best. Under the embedded default it runs on a thread, so the request that asks returns at once.
In headless Chromium: a player asks, waits on the progress, and reads the marks."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone, translation
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from config.celery import route_task
from matches.models import Analysis, Match
from matches.queueing import ANALYSE
from matches.selectors import match_replay_log
from matches.services import AnalysisRefused, match_analyse, match_challenge, match_request_analysis
from referee.engine.analysis import count_decisions

from .conftest import wait_until

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def quick(settings):
    settings.SHINPAN_ANALYSIS_LEVEL = "easy"
    settings.SHINPAN_ANALYSIS_INLINE = True  # eager tasks run in the request (the thread is tested apart)


@pytest.fixture
def finished(seeded, users, monkeypatch) -> Match:
    # a seed at which greedy play gives some decisions away at easy (7 stopped doing so when the 2017 list's
    # unlock costs became known, issue 29.3)
    monkeypatch.setattr("matches.services.creation.secrets.token_bytes", lambda n: bytes([1]) * n)
    match = match_challenge(user=users[0], game="legions", seat="p1", opponent="greedy", autoplay="greedy")
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    return match


def test_a_match_in_play_is_not_analysed(seeded, users, quick, client):
    match = match_challenge(user=users[0], game="legions", seat="p1", opponent="greedy")
    with translation.override("en"), pytest.raises(AnalysisRefused, match="only after it has ended"):
        match_request_analysis(match=match, seat="p1", user=users[0])
    client.force_login(users[0])
    assert client.get(f"/matches/{match.pk}/analysis/").status_code == 409
    response = client.post(f"/matches/{match.pk}/analysis/", {"seat": "p1"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 204 and response["HX-Redirect"] == f"/matches/{match.pk}/"  # said there
    assert not Analysis.objects.exists()


def test_an_unknown_seat_is_refused(finished, users, quick):
    with translation.override("en"), pytest.raises(AnalysisRefused, match="no seat “p9”"):
        match_request_analysis(match=finished, seat="p9", user=users[0])
    assert not Analysis.objects.exists()


def test_asking_weighs_every_decision_once_and_the_replay_marks_them(finished, users, quick, client, monkeypatch):
    client.force_login(users[0])
    response = client.post(f"/matches/{finished.pk}/analysis/", {"seat": "p2", "as": "p1", "step": "7", "hidden": "1"})
    # without JavaScript the reader comes back to the replay as it was
    assert response.status_code == 302
    assert response["Location"] == f"/matches/{finished.pk}/replay/?step=7&as=p1&hidden=1"
    row = Analysis.objects.get(match=finished, seat="p2")
    log = match_replay_log(match=finished)
    assert row.status == Analysis.Status.DONE and row.level == "easy" and row.requested_by == users[0]
    assert len(row.result) == row.total == row.done == count_decisions(log, "p2") > 3
    for entry in row.result:
        assert log["entries"][entry["entry"]]["action"] == entry["chosen"]

    queued_ids: list[int] = []
    monkeypatch.setattr("matches.services.analysis._queue", queued_ids.append)
    again, queued = match_request_analysis(match=finished, seat="p2", user=users[1])
    assert again.pk == row.pk and not queued and queued_ids == []  # asked twice, made once

    page = client.get(f"/matches/{finished.pk}/replay/?as=p2").content.decode()
    assert "decisions weighed" in page
    ended = client.get(f"/matches/{finished.pk}/").content.decode()  # the end panel points to the analysis
    assert f'href="/matches/{finished.pk}/replay/#replay-analysis"' in ended
    assert 'data-analysis-status="done"' in page and 'data-analysis-seat="p1" data-analysis-status=""' in page
    graded = [e for e in row.result if e["drop"] >= 0.10]
    if graded:  # each graded step is listed (the five largest) and linked
        worst = max(graded, key=lambda e: (e["drop"], -e["entry"]))
        assert f'data-replay-goto="{worst["entry"] + 1}"' in page
    step = row.result[0]["entry"] + 1
    board = client.get(f"/matches/{finished.pk}/replay/?step={step}&partial=board").content.decode()
    assert f'data-analysis-step="{step}"' in board and "%" in board
    other = client.get(f"/matches/{finished.pk}/replay/?step=0&partial=board").content.decode()
    assert "data-analysis-step" not in other


def test_the_japanese_replay_words_the_analysis(finished, users, quick, client):
    match_request_analysis(match=finished, seat="p1", user=users[0])
    client.cookies["django_language"] = "ja"
    page = client.get(f"/matches/{finished.pk}/replay/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "件の判断を評価" in page and "解析" in page
    assert "悪手 " in page and "誤りがあるとき" not in page  # "Mistakes" in the analysis's own sense


def test_a_failed_or_lost_analysis_asked_again_is_made_again(finished, users, quick):
    row = Analysis.objects.create(match=finished, seat="p1", level="easy", status=Analysis.Status.FAILED,
                                  error="RuntimeError: worker lost")
    again, queued = match_request_analysis(match=finished, seat="p1", user=users[0])
    assert queued and Analysis.objects.get(pk=row.pk).status == Analysis.Status.DONE

    running = Analysis.objects.create(match=finished, seat="p2", level="easy", status=Analysis.Status.RUNNING)
    _, queued = match_request_analysis(match=finished, seat="p2", user=users[0])
    assert not queued  # a worker is on it
    assert match_analyse(analysis_id=running.pk) is False  # delivered again while it runs: left be
    Analysis.objects.filter(pk=running.pk).update(updated=timezone.now() - timedelta(minutes=10))
    _, queued = match_request_analysis(match=finished, seat="p2", user=users[0])
    assert queued and Analysis.objects.get(pk=running.pk).status == Analysis.Status.DONE


def test_a_failure_is_recorded_and_said(finished, users, quick, client, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("the engine refused entry 3")

    monkeypatch.setattr("referee.engine.analysis.analyse", broken)
    match_request_analysis(match=finished, seat="p1", user=users[0])
    row = Analysis.objects.get(match=finished, seat="p1")
    assert row.status == Analysis.Status.FAILED and "the engine refused entry 3" in row.error
    page = client.get(f"/matches/{finished.pk}/replay/").content.decode()
    assert "The analysis failed:" in page and "the engine refused entry 3" in page


def test_a_visitor_must_sign_in_to_ask(finished, client, quick):
    response = client.post(f"/matches/{finished.pk}/analysis/", {"seat": "p1"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not Analysis.objects.exists()
    assert "Sign in to ask for an analysis." in client.get(f"/matches/{finished.pk}/replay/").content.decode()


def test_the_task_goes_to_the_bots_queue():
    from config.celery import app

    assert route_task(ANALYSE, (), {}, {}) == {"queue": app.conf.task_default_queue + ".bots"}


def test_the_embedded_default_analyses_on_a_thread(finished, users, settings, client):
    settings.SHINPAN_ANALYSIS_LEVEL = "easy"
    settings.SHINPAN_ANALYSIS_INLINE = False
    client.force_login(users[0])
    response = client.post(f"/matches/{finished.pk}/analysis/", {"seat": "p1"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "hx-trigger=\"every 2s\"" in response.content.decode()
    row = wait_until(lambda: Analysis.objects.filter(match=finished, seat="p1", status="done").first(),
                     timeout=120, what="the analysis thread")
    assert row.result
    polled = client.get(f"/matches/{finished.pk}/analysis/?waiting=1")
    assert polled["HX-Refresh"] == "true"  # done: the page reloads for its marks


def _grade(drop: float) -> str:
    return "blunder" if drop >= 0.3 else "mistake" if drop >= 0.2 else "inaccuracy"


@pytest.mark.browser
def test_a_player_asks_for_the_analysis_and_reads_it_on_the_replay(finished, users, settings, live_server,
                                                                  new_context):
    settings.SHINPAN_ANALYSIS_LEVEL = "easy"
    settings.SHINPAN_ANALYSIS_INLINE = False  # the embedded default: a thread, the page polls
    from tests.browser.conftest import sign_in_by_cookie

    context = new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    sign_in_by_cookie(context, live_server, users[0])
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server.url}/matches/{finished.pk}/replay/")
    panel = page.locator("[data-analysis-seat=p1]")
    panel.get_by_role("button", name="Analyse the decisions of Player 1").click()
    try:
        page.wait_for_selector("[data-analysis-seat=p1][data-analysis-status=done]", timeout=90_000)
    except PlaywrightTimeout:  # seen on a loaded CI machine: the request never reached the server; reload, as a
        page.reload()          # person would, and the panel shows the analysis made meanwhile (or asks again)
        ask = panel.get_by_role("button", name="Analyse the decisions of Player 1")
        if ask.count():
            ask.click()
        page.wait_for_selector("[data-analysis-seat=p1][data-analysis-status=done]", timeout=90_000)
    page.wait_for_load_state("networkidle")
    assert "decisions weighed" in panel.inner_text()
    row = Analysis.objects.get(match=finished, seat="p1")
    marks = page.locator("[data-analysis-seat=p1] .analysis-largest [data-replay-goto]")
    graded = sorted((e for e in row.result if e["drop"] >= 0.10), key=lambda e: (-e["drop"], e["entry"]))
    assert graded and marks.count() == min(5, len(graded))  # greedy play at this seed gives some away
    # the step of the first decision weighed: the board says what the action chosen there was worth
    step = row.result[0]["entry"] + 1
    page.goto(f"{live_server.url}/matches/{finished.pk}/replay/?step={step}")
    assert "%" in page.locator(f"[data-analysis-step='{step}']").inner_text()
    page.goto(f"{live_server.url}/matches/{finished.pk}/replay/")
    page.wait_for_load_state("networkidle")  # board.js in (a click before it loads the whole page: same step)
    # the largest drop: its step on the board. Clicked again if the board did not move (on a loaded CI machine a
    # click could land while the panel's last poll swapped it: the person clicks again; the mark must still work)
    moved = f"Number(document.getElementById('replay-board').dataset.step) === {graded[0]['entry'] + 1}"
    for attempt in range(3):
        marks.first.click()
        try:
            page.wait_for_function(moved, timeout=20_000)
            break
        except PlaywrightTimeout:
            if attempt == 2:
                raise
    assert page.locator("#replay-board .replay-step-analysis .tag.is-" + _grade(graded[0]["drop"])).count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert errors == []


@pytest.mark.worker
def test_a_bots_worker_makes_the_analysis(seeded, users, worker_env, monkeypatch, settings):
    """On the real queues: a worker that takes only the bots' queue makes it (at the level asked for)."""
    from config.celery import app as celery_app

    from .conftest import Worker

    monkeypatch.setattr("matches.services.creation.secrets.token_bytes", lambda n: bytes([7]) * n)
    celery_app.conf.task_always_eager = True  # the match itself is played in-process
    match = match_challenge(user=users[0], game="legions", seat="p1", opponent="greedy", autoplay="greedy")
    celery_app.conf.task_always_eager = False
    settings.SHINPAN_ANALYSIS_LEVEL = "easy"
    bots = Worker(worker_env).start(queues=[".bots"])
    try:
        match_request_analysis(match=Match.objects.get(pk=match.pk), seat="p2", user=users[0])
        row = wait_until(lambda: Analysis.objects.filter(match_id=match.pk, status="done").first(), timeout=120,
                         what="the bots' worker to make the analysis")
        assert row.level == "easy" and len(row.result) == row.total > 3
    finally:
        bots.stop()


def test_the_api_asks_for_and_reads_the_analysis(finished, users, quick):
    from rest_framework.test import APIClient

    api = APIClient()
    url = f"/api/matches/{finished.pk}/analysis/"
    assert api.get(url).json() == {"match": finished.pk, "analyses": []}
    assert api.post(url, {"seat": "p1"}, format="json").status_code in (401, 403)  # signed out
    api.force_authenticate(users[0])
    refused = api.post(url, {"seat": "p9"}, format="json")
    assert refused.status_code == 422 and refused.json()["error"]["field"] == "seat"
    assert api.post(url, {}, format="json").status_code in (400, 422)
    made = api.post(url, {"seat": "p1"}, format="json")
    assert made.status_code == 202
    again = api.post(url, {"seat": "p1"}, format="json")
    assert again.status_code == 200
    (analysis,) = again.json()["analyses"]
    assert analysis["seat"] == "p1" and analysis["status"] == "done" and analysis["decisions"]
    first = analysis["decisions"][0]
    assert set(first) == {"step", "chosen", "chosen_value", "best", "best_value", "drop", "options"}
    assert first["step"] >= 1


def test_the_api_refuses_a_match_in_play(seeded, users, quick):
    from rest_framework.test import APIClient

    match = match_challenge(user=users[0], game="legions", seat="p1", opponent="greedy")
    api = APIClient()
    api.force_authenticate(users[0])
    answer = api.post(f"/api/matches/{match.pk}/analysis/", {"seat": "p1"}, format="json")
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "in_play"


def test_the_words_of_a_weighed_decision():
    from matches.boards.analysis import Mark, grade, percent

    def mark(**changes) -> Mark:
        values = {"step": 3, "seat": "p1", "seat_label": "Player 1", "chosen": "End the turn", "chosen_value": "38%",
                  "best": "Unlock X", "best_value": "71%", "drop": 0.33, "grade": "blunder",
                  "grade_label": "Blunder", "same": False}
        return Mark(**{**values, **changes})

    with translation.override("en"):
        assert mark().sentence == "“Unlock X” was worth 71%; the chosen “End the turn” 38%."
        assert mark(same=True, best="End the turn", chosen_value="71%").sentence == \
            "The bot would have chosen this too: 71% to win."
        assert mark(drop=0.004, chosen_value="90%").sentence == \
            "As good as the bot's choice, “Unlock X” (90% either way)."
        assert mark(best="Defend with ブロック", chosen="Defend with ブロック", drop=0.12).sentence.startswith(
            "Another way to “Defend with ブロック” was worth 71%")
        assert mark(best="").sentence.startswith("The bot's best here (hidden in this view) was worth 71%")
    assert (percent(0.999), percent(0.001), percent(0.384)) == (">99%", "<1%", "38%")
    assert (grade(0.30), grade(0.2), grade(0.0999), grade(0.1)) == ("blunder", "mistake", "", "inaccuracy")


def test_a_view_that_hides_a_seats_cards_does_not_name_its_best_actions(finished, users, quick, client):
    match_request_analysis(match=finished, seat="p2", user=users[0])
    row = Analysis.objects.get(match=finished, seat="p2")
    hidden_best = [e for e in row.result if e["best"] != e["chosen"]]
    assert hidden_best
    step = hidden_best[0]["entry"] + 1
    as_p1 = client.get(f"/matches/{finished.pk}/replay/?step={step}&as=p1&partial=board").content.decode()
    assert "hidden in this view" in as_p1
    as_p2 = client.get(f"/matches/{finished.pk}/replay/?step={step}&as=p2&partial=board").content.decode()
    shown = client.get(f"/matches/{finished.pk}/replay/?step={step}&as=p1&hidden=1&partial=board").content.decode()
    assert "hidden in this view" not in as_p2 and "hidden in this view" not in shown
    page = client.get(f"/matches/{finished.pk}/replay/?as=p1").content.decode()
    assert "View as Player 2 or show the hidden cards" in page or "No decision lost" in page


def test_a_lost_analysis_is_said_and_offered_again(finished, users, quick, client):
    client.force_login(users[0])
    Analysis.objects.create(match=finished, seat="p1", level="easy", status=Analysis.Status.RUNNING, done=15,
                            total=103)
    Analysis.objects.filter(match=finished).update(updated=timezone.now() - timedelta(minutes=5))
    page = client.get(f"/matches/{finished.pk}/replay/").content.decode()
    assert 'data-analysis-status="lost"' in page and "stopped at decision 15 of 103" in page
    assert 'hx-trigger="every 2s"' not in page  # nothing to wait for
    client.post(f"/matches/{finished.pk}/analysis/", {"seat": "p1"})
    assert Analysis.objects.get(match=finished, seat="p1").status == Analysis.Status.DONE


def test_bad_requests_are_said_plainly(finished, users, quick, client):
    client.force_login(users[0])
    url = f"/matches/{finished.pk}/analysis/"
    with translation.override("en"):
        long_seat = client.post(url, {"seat": "x" * 100_000, "as": "x" * 100_000}, HTTP_HX_REQUEST="true")
        assert long_seat.status_code == 200 and "This game has no seat “xxxxxxxxxxxxxxxxxxxx…”" in \
            long_seat.content.decode()
        empty = client.post(url, {"seat": ""}, HTTP_HX_REQUEST="true").content.decode()
        assert "Choose the seat whose decisions are to be analysed." in empty
        plain = client.post(url, {"seat": "x" * 100_000})  # without htmx: back to the replay, with the message
        assert plain.status_code == 302 and len(plain["Location"]) < 200
    assert not Analysis.objects.exists()
    client.logout()
    signed_out = client.post(url, {"seat": "p1", "as": "p2"}, HTTP_HX_REQUEST="true")
    assert signed_out.status_code == 204 and signed_out["HX-Redirect"].startswith("/accounts/login/?next=")


def test_asking_before_the_end_goes_back_to_the_match(seeded, users, quick, client):
    match = match_challenge(user=users[0], game="legions", seat="p1", opponent="greedy")
    client.force_login(users[0])
    response = client.post(f"/matches/{match.pk}/analysis/", {"seat": "p1"}, follow=True)
    assert response.redirect_chain[-1][0] == f"/matches/{match.pk}/"
    assert "analysed only after it has ended" in response.content.decode()

"""Deck checks at match start, time control, replay page and the WebSocket push (tasks in-process)."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from django.test import override_settings
from django.utils import timezone

from matches.errors import Conflict
from matches.models import Match
from matches.selectors import match_view
from matches.services import (
    match_apply_deadline,
    match_apply_overdue_deadline,
    match_challenge,
    match_join,
    match_resign,
    match_submit_action,
)

from .conftest import run_off_thread, site_socket

pytestmark = pytest.mark.django_db(transaction=True)

ROSTERS = Path(__file__).resolve().parents[2] / "seeds" / "decks"
SILVER = (ROSTERS / "iron_leaguer_silver_castle.txt").read_text(encoding="utf-8")
DARK_CUSTOM = (ROSTERS / "iron_leaguer_dark_gold_fighters.txt").read_text(encoding="utf-8")


def _ten_il_roster() -> str:
    lines = SILVER.splitlines()
    return "\n".join(lines[:-1])  # the last IL dropped: 10 ILs


def test_a_challenge_with_an_illegal_roster_is_refused_with_its_reasons(seeded, users):
    with pytest.raises(Conflict) as refused:
        match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="open", deck=_ten_il_roster())
    assert refused.value.code == "illegal_deck"
    assert [p["code"] for p in refused.value.details] == ["iron_leaguer.roster_size"]
    assert "11" in refused.value.reason and "iron_leaguer." not in refused.value.reason  # a sentence, no codes
    assert not Match.objects.exists()


def test_accepting_with_an_illegal_roster_is_refused_and_the_challenge_stays_open(seeded, users):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="open", deck=SILVER)
    with pytest.raises(Conflict) as refused:
        match_join(match_id=match.pk, user=users[1], deck=SILVER.replace("Side: silver", "Side: dark"))
    assert refused.value.code == "illegal_deck"
    match.refresh_from_db()
    assert match.status == Match.Status.OPEN and match.seats.filter(user=users[1]).count() == 0


def test_legal_rosters_on_both_sides_start_the_match_with_the_custom_line_up(seeded, users):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="open", deck=SILVER)
    match = match_join(match_id=match.pk, user=users[1], deck=DARK_CUSTOM)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    dark_names = {match.state["cards"][il]["name"] for il in match.state["teams"]["dark"]}
    assert {"トップジョイ", "GZ", "ファイタースピリッツ"} <= dark_names


def test_a_timed_out_attack_is_passed_by_the_clock(seeded, users):
    # docs/matches.md "Time control": the engine's default at an attack is the plain pass (IL 6.6.4).
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open", decision_seconds=30)
    match = match_join(match_id=match.pk, user=users[1])
    Match.objects.filter(pk=match.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
    assert match_apply_deadline(match_id=match.pk, version=0) is True
    match.refresh_from_db()
    clock = match.submissions.get()
    assert (clock.source, clock.status, clock.action["option"]) == ("clock", "applied", "none")
    assert match.status == Match.Status.ACTIVE and match.version == 1


def test_a_timed_out_choice_without_a_default_loses_on_time(seeded, users, monkeypatch):
    from referee.games.iron_leaguer.engine import IronLeaguerEngine

    # The engine names a default for every decision now (issue 11); a game without one still loses on time.
    monkeypatch.setattr(IronLeaguerEngine, "default_action", staticmethod(lambda state, seat: None))
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open", decision_seconds=30)
    match = match_join(match_id=match.pk, user=users[1])
    declare = next(a for a in match_view(match=match, seat="dark")["legal_actions"] if a["type"] == "declare")
    match_submit_action(match_id=match.pk, user=users[0], action=declare, expected_version=0, idempotency_key="d")
    Match.objects.filter(pk=match.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
    assert match_apply_deadline(match_id=match.pk, version=1) is True
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.outcome == {"winner": "silver", "reason": "time", "summary": {"lost_on_time": "dark"}}


def test_a_deadline_task_for_an_older_version_does_nothing(seeded, users):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open", decision_seconds=30)
    match = match_join(match_id=match.pk, user=users[1])
    Match.objects.filter(pk=match.pk).update(version=3, deadline_at=timezone.now() - timedelta(seconds=1))
    assert match_apply_deadline(match_id=match.pk, version=0) is False
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE


def test_a_deadline_not_yet_passed_does_nothing(seeded, users):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open", decision_seconds=30)
    match = match_join(match_id=match.pk, user=users[1])
    assert match_apply_deadline(match_id=match.pk, version=0) is False
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE


def test_the_replay_page_steps_through_a_finished_match(seeded, users, client):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy", autoplay="random")
    response = client.get(f"/matches/{match.pk}/replay/")
    assert response.status_code == 200
    first = response.content.decode().count('class="replay-step')  # the first run; the stepper fetches the rest
    rest = client.get(f"/matches/{match.pk}/replay/?from={first}&all=1", HTTP_HX_REQUEST="true")
    assert first + rest.content.decode().count('class="replay-step') == Match.objects.get(pk=match.pk).version


def test_the_replay_pages_download_link_gives_the_json_log(seeded, users, client):
    """Regression (acceptance testing): the link led to the API's browsable HTML page, not the log."""
    import re

    match = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy", autoplay="random")
    page = client.get(f"/matches/{match.pk}/replay/").content.decode()
    link = re.search(r'<a href="([^"]+)" download="[^"]+\.json"', page)
    assert link is not None
    response = client.get(link.group(1).replace("&amp;", "&"), HTTP_ACCEPT="text/html,*/*")  # as a browser asks
    assert response.status_code == 200 and response["Content-Type"].startswith("application/json")
    assert response.json()["digest"] and len(response.json()["entries"]) == Match.objects.get(pk=match.pk).version


def test_the_lobby_lists_finished_matches_with_their_winner_and_replay(seeded, users, client):
    """Found by acceptance testing: a finished match (one manage.py playmatch made, say) was listed nowhere."""
    match = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy", autoplay="random")
    finished = Match.objects.get(pk=match.pk)
    page = client.get("/matches/").content.decode()
    section = page[page.index('id="finished"'):]
    assert f'href="/matches/{match.pk}/replay/"' in section
    winner = {"silver": "Silver Castle", "dark": "Dark Sports"}[finished.outcome["winner"]]
    assert f"{winner} wins: " in section and finished.outcome["winner"] not in section.split("</section>")[0]


def test_the_replay_page_of_a_match_in_play_is_refused(seeded, users, client):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    match = match_join(match_id=match.pk, user=users[1])
    response = client.get(f"/matches/{match.pk}/replay/")
    assert response.status_code == 302


@override_settings(CHANNEL_LAYERS={"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}})
def test_a_websocket_receives_the_current_view_then_each_new_one(seeded, users):
    from matches.live import push_views

    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    match = match_join(match_id=match.pk, user=users[1])

    from channels.db import database_sync_to_async

    async def scenario():
        communicator = site_socket(f"/ws/matches/{match.pk}/")
        connected, _ = await communicator.connect()
        assert connected
        first = await communicator.receive_json_from(timeout=5)
        await database_sync_to_async(push_views)(Match.objects.get(pk=match.pk))
        second = await communicator.receive_json_from(timeout=5)
        await communicator.disconnect()
        return first, second

    first, second = run_off_thread(scenario())
    assert first["type"] == "view" and first["view"]["seat"] is None  # anonymous: the spectators' view
    assert second["view"]["version"] == first["view"]["version"]
    assert all(isinstance(hand, int) for hand in second["view"]["state"]["hands"].values())


def test_a_roster_sent_with_an_acceptance_through_the_api_is_checked(seeded, users):
    # Found by acceptance testing: the API's join ignored the deck, so Dark fielded its line-up unchecked.
    from rest_framework.test import APIClient

    match = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="open", deck=SILVER)
    client = APIClient()
    client.force_authenticate(users[1])
    refused = client.post(f"/api/matches/{match.pk}/join/", {"deck": SILVER}, format="json")  # a Silver roster
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "wrong_side"
    accepted = client.post(f"/api/matches/{match.pk}/join/", {"deck": DARK_CUSTOM}, format="json")
    assert accepted.status_code == 200
    match.refresh_from_db()
    assert "トップジョイ" in {match.state["cards"][il]["name"] for il in match.state["teams"]["dark"]}


def test_a_bot_match_i_started_to_watch_is_listed_among_my_matches(seeded, users):
    from rest_framework.test import APIClient

    match = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy", autoplay="random")
    client = APIClient()
    client.force_authenticate(users[0])
    assert [m["id"] for m in client.get("/api/matches/").json()["results"]] == [match.pk]


def _time_out(match):
    """Let the decision at the match's version time out, as the board's read would find it."""
    match.refresh_from_db()
    Match.objects.filter(pk=match.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
    match.refresh_from_db()
    return match_apply_overdue_deadline(match=match)


def test_the_board_applies_a_passed_deadline_when_it_is_read(client, seeded, users):
    # The embedded default runs tasks in-process: no timer waits for the deadline, the board's read applies it.
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open", decision_seconds=30)
    match = match_join(match_id=match.pk, user=users[1])
    Match.objects.filter(pk=match.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
    assert client.get(f"/matches/{match.pk}/board/").status_code == 200
    match.refresh_from_db()
    assert match.version == 1 and match.submissions.get().source == "clock"


def test_a_seat_whose_decisions_time_out_three_times_in_a_row_forfeits_and_leaves_the_watch_list(client, seeded,
                                                                                                  users):
    from matches.services import FORFEIT_AFTER_TIMEOUTS

    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open", decision_seconds=30)
    match = match_join(match_id=match.pk, user=users[1])
    for _ in range(4 * FORFEIT_AFTER_TIMEOUTS):
        if not _time_out(match):
            break
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.outcome["reason"] in ("abandoned", "aborted")
    assert match.submissions.filter(source="clock").count() <= 2 * FORFEIT_AFTER_TIMEOUTS
    assert match.pk not in [m.pk for m in client.get("/matches/").context["watching"]]


def test_nobody_acting_aborts_the_match_with_no_winner(seeded, users):
    from matches.services import FORFEIT_AFTER_TIMEOUTS

    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open", decision_seconds=30)
    match = match_join(match_id=match.pk, user=users[1])
    while _time_out(match):
        pass
    match.refresh_from_db()
    clock_seats = set(match.submissions.filter(source="clock").values_list("seat", flat=True))
    assert clock_seats == {"dark", "silver"}  # the attack right passes on a timed-out attack (IL 6.6.4)
    assert match.status == Match.Status.FINISHED
    assert (match.outcome["winner"], match.outcome["reason"]) == (None, "aborted")
    assert match.submissions.filter(source="clock").count() == 2 * FORFEIT_AFTER_TIMEOUTS


def test_a_seat_that_acts_between_time_outs_does_not_forfeit(seeded, users):
    from matches.services import FORFEIT_AFTER_TIMEOUTS
    from matches.services.clock import _timed_out_in_a_row

    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open", decision_seconds=30)
    match = match_join(match_id=match.pk, user=users[1])
    for round_ in range(FORFEIT_AFTER_TIMEOUTS + 1):
        match.refresh_from_db()
        seat = match.state["pending"]["seat"]
        if round_ % 2:  # the seat acts itself now and then
            view = match_view(match=match, seat=seat)
            user = users[0] if seat == "dark" else users[1]
            match_submit_action(match_id=match.pk, user=user, action=view["legal_actions"][0],
                                expected_version=match.version, idempotency_key=f"k{round_}")
        else:
            _time_out(match)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert all(_timed_out_in_a_row(match, s) < FORFEIT_AFTER_TIMEOUTS for s in ("dark", "silver"))


def _signed_in(user, lang: str):
    from django.test import Client

    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(user)
    return client


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_refused_new_match_shows_the_form_again_with_everything_typed_and_why(seeded, users, lang):
    # Found by the independent tester: a bad decklist came back as one garbled sentence (English codes inside
    # Japanese, "the deck cannot be read: Cannot tell which game…") and the lobby's form was emptied.
    deck = "3 下忍カスミ\n2 Nonexistent card"
    response = _signed_in(users[0], lang).post("/matches/new/", {
        "game": "legions", "seat": "p2", "opponent": "random", "decision_seconds": "30", "deck": deck,
        "entropy": "mine"})
    assert response.status_code == 400 and not Match.objects.exists()
    page = response.content.decode()
    form = page[page.index('id="new-match-legions"'):]
    form = form[:form.index("</form>")]
    assert f">{deck}</textarea>" in form and 'value="30"' in form and 'value="mine"' in form
    assert '<option value="p2" selected>' in form and '<option value="random" selected>' in form
    error = form[form.index('role="alert"'):form.index("</div>")]
    assert "legions." not in error and "codec." not in error and "Cannot tell which game" not in error
    if lang == "ja":
        assert "2行目：「Nonexistent card」というカードはありません。" in error and "。 " not in error
    else:
        assert "Line 2: there is no card named “Nonexistent card”." in error and "Line 2: Line 2" not in error


def test_a_refused_acceptance_keeps_the_decklist_typed(seeded, users):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="open", deck=SILVER)
    response = _signed_in(users[1], "en").post(f"/matches/{match.pk}/join/", {"deck": _ten_il_roster()})
    assert response.status_code == 400
    page = response.content.decode()
    row = page[page.index(f'action="/matches/{match.pk}/join/"'):]
    row = row[:row.index("</form>")]
    assert "The roster must hold exactly 11 cards; it holds 10." in row
    assert _ten_il_roster().splitlines()[-1] in row
    assert Match.objects.get(pk=match.pk).status == Match.Status.OPEN


def test_a_player_resigns_and_the_other_side_wins(seeded, users):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    match_join(match_id=match.pk, user=users[1])
    page = _signed_in(users[1], "en").get(f"/matches/{match.pk}/").content.decode()
    assert f'action="/matches/{match.pk}/resign/"' in page
    assert 'resign/"' not in _signed_in(users[2], "en").get(f"/matches/{match.pk}/").content.decode()  # spectator
    response = _signed_in(users[1], "ja").post(f"/matches/{match.pk}/resign/", follow=True)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.outcome["winner"] == "dark"
    assert match.outcome["reason"] == "resigned" and match.outcome["summary"]["resigned"] == "silver"
    assert "相手が投了した" in response.content.decode()
    again = _signed_in(users[0], "en").post(f"/matches/{match.pk}/resign/", follow=True)
    assert "The match is not in play." in again.content.decode()
    assert Match.objects.get(pk=match.pk).outcome["winner"] == "dark"  # nothing changed


def test_the_api_resigns_and_refuses_a_spectator(seeded, users):
    from rest_framework.test import APIClient

    match = match_challenge(user=users[0], game="legions", seat="p1", opponent="greedy")
    spectator = APIClient()
    spectator.force_authenticate(users[2])
    response = spectator.post(f"/api/matches/{match.pk}/resign/")
    assert response.status_code == 403 and response.json()["error"]["code"] == "not_a_player"
    player = APIClient()
    player.force_authenticate(users[0])
    response = player.post(f"/api/matches/{match.pk}/resign/")
    assert response.status_code == 200 and response.json()["status"] == "finished"
    finished = Match.objects.get(pk=match.pk)
    assert finished.outcome == {"winner": "p2", "reason": "resigned",
                                "summary": {"resigned": "p1", "version": finished.version}}
    assert finished.deadline_at is None and finished.to_act == ""


def test_the_creator_withdraws_an_open_challenge_and_nobody_else_can(seeded, users):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    lobby = _signed_in(users[0], "en").get("/matches/").content.decode()
    assert f'action="/matches/{match.pk}/withdraw/"' in lobby and f'action="/matches/{match.pk}/join/"' not in lobby
    other = _signed_in(users[1], "en")
    assert f'action="/matches/{match.pk}/withdraw/"' not in other.get("/matches/").content.decode()
    response = other.post(f"/matches/{match.pk}/withdraw/", follow=True)
    assert "Only the player who opened the challenge" in response.content.decode()
    assert Match.objects.get(pk=match.pk).status == Match.Status.OPEN
    response = _signed_in(users[0], "en").post(f"/matches/{match.pk}/withdraw/", follow=True)
    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED and match.outcome["reason"] == "withdrawn"
    assert f"#{match.pk}" not in response.content.decode().split('id="open-challenges"')[1].split("</section>")[0]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_my_matches_say_my_side_my_opponent_and_the_result_from_my_side(seeded, users, lang):
    # Found by the independent tester: "My matches" listed "#12 Iron Leaguer [finished]" with no opponent and
    # no result, so a player could not tell a won match from a lost one.
    won = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    match_join(match_id=won.pk, user=users[1])
    from matches.services import match_resign

    match_resign(match_id=won.pk, user=users[1])
    waiting = match_challenge(user=users[0], game="legions", seat="p1", opponent="open")
    page = _signed_in(users[0], lang).get("/matches/").content.decode()
    mine = page[page.index('id="my-matches"'):]
    mine = mine[:mine.index("</section>")]
    row = mine[mine.index(f">#{won.pk}<"):]
    row = row[:row.index("</li>")]
    other = mine[mine.index(f">#{waiting.pk}<"):]
    other = other[:other.index("</li>")]
    assert "player2" in row
    if lang == "ja":
        assert "勝ち" in row and "対 player2" in row and "対戦相手待ち" in other
    else:
        assert "Won" in row and "vs player2" in row and "Waiting for an opponent" in other
    loser = _signed_in(users[1], lang).get("/matches/").content.decode()
    assert ("負け" if lang == "ja" else "Lost") in loser[loser.index('id="my-matches"'):]


@pytest.mark.parametrize("game, seat", [("iron_leaguer", "dark"), ("legions", "p1"), ("riders_legend", "p1")])
def test_the_log_of_a_resigned_match_replays_and_says_how_it_ended(seeded, users, game, seat, tmp_path):
    """Found by acceptance testing: the log of a resigned match failed `manage.py replay` ("the log stops before
    the game is over"): it did not say how the match ended. Its ``ending`` does, and is covered by the digest."""
    from django.core.management import call_command
    from rest_framework.test import APIClient

    from referee.engine.replay import replay

    match = match_challenge(user=users[0], game=game, seat=seat, opponent="greedy")
    match_resign(match_id=match.pk, user=users[0])
    client = APIClient()
    client.force_authenticate(users[0])
    log = client.get(f"/api/matches/{match.pk}/replay/").json()
    assert log["ending"] == {"reason": "resigned", "winner": Match.objects.get(pk=match.pk).outcome["winner"]}
    report = replay(log)
    assert report.ok and report.digest_checked, report
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    call_command("replay", str(path))
    forged = {**log, "ending": {"reason": "time", "winner": log["ending"]["winner"]}}
    assert replay(forged).where == "digest"  # the ending is part of what the digest covers
    unended = {key: value for key, value in log.items() if key != "ending"}
    assert replay(unended).where in ("end", "digest")

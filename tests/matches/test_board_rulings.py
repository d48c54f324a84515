"""The last ruling and the log as a player reads them after several things happened between two decisions, and
moves the clock played marked as time-outs (log, last ruling and replay)."""

from __future__ import annotations

import re

import pytest

from matches.models import Event, Match, Submission
from matches.services import match_challenge
from tests.matches.test_board_pages import _client, _match

pytestmark = pytest.mark.django_db(transaction=True)


def _applied(match: Match, *, seat: str, version: int, events: list[tuple[str, dict]], source: str = "player",
             to: tuple[str, ...] = ()):
    """Record an applied action at ``version`` with its ``events`` ((kind, data)), as the worker would (each told
    to the seats ``to``; none: public)."""
    sub = Submission.objects.create(match=match, seat=seat, source=source, idempotency_key=f"k{version}",
                                    action={"type": "pass", "seat": seat, "option": "none"},
                                    expected_version=version - 1, status="applied", applied_version=version)
    match.refresh_from_db()
    for offset, (kind, data) in enumerate(events):
        Event.objects.create(match=match, seq=match.next_seq + offset, version=version, submission=sub, kind=kind,
                             clause="6.4", data=data, to=list(to))
    Match.objects.filter(pk=match.pk).update(next_seq=match.next_seq + len(events), version=version)


def _ruling(page: str) -> str:
    return page[page.index('id="ruling-heading"'):page.index('id="log-heading"')]


SCORE = ("score", {"seat": "dark", "ap": 9, "dp": 4, "score": {"silver": 0, "dark": 1}, "points_to_win": 3})


def test_the_last_ruling_keeps_the_point_scored_before_the_other_side_drew(seeded, users):
    match = _match(users)
    _applied(match, seat="dark", version=1, events=[SCORE])
    _applied(match, seat="silver", version=2, events=[("draw", {"seat": "silver", "count": 3}),
                                                      ("attack_right", {"to": "silver"})])
    ruling = _ruling(_client(users[0]).get(f"/matches/{match.pk}/board/").content.decode())
    assert "Dark Sports scores: AP 9 beats DP 4." in ruling
    assert "The attack right goes to Silver Castle." in ruling
    assert ruling.index("Dark Sports scores") < ruling.index("draws 3 cards")  # in the order they happened
    assert re.search(r'class="log-line[^"]*is-decisive[^"]*" data-kind="score"', ruling)  # the score stands out
    assert not re.search(r'is-decisive[^"]*" data-kind="draw"', ruling)


def test_the_last_ruling_reads_in_the_order_it_happened(seeded, users):
    """An attack before the defence that answered it (the decisive lines used to come first, reversed)."""
    match = _match(users)
    _applied(match, seat="dark", version=1, events=[("draw", {"seat": "dark", "count": 1})])
    _applied(match, seat="silver", version=2, events=[("draw", {"seat": "silver", "count": 2}), SCORE,
                                                      ("attack_right", {"to": "silver"})])
    ruling = _ruling(_client(users[0]).get(f"/matches/{match.pk}/board/").content.decode())
    assert ruling.index("draws 2 cards") < ruling.index("Dark Sports scores") < ruling.index("The attack right")


def test_a_spectators_last_ruling_is_the_last_action(seeded, users):
    match = _match(users)
    _applied(match, seat="dark", version=1, events=[SCORE])
    _applied(match, seat="silver", version=2, events=[("attack_right", {"to": "silver"})])
    ruling = _ruling(_client(users[2]).get(f"/matches/{match.pk}/board/").content.decode())
    assert "The attack right goes to Silver Castle." in ruling and "scores" not in ruling


def test_a_move_the_clock_played_reads_as_a_time_out_in_the_log(seeded, users):
    match = _match(users)
    _applied(match, seat="dark", version=1, source="clock", events=[("pass", {"seat": "dark", "option": "none"})])
    page = _client(users[1]).get(f"/matches/{match.pk}/board/").content.decode()
    assert "(time ran out) Dark Sports passes." in page
    ja = _client(users[1], "ja").get(f"/matches/{match.pk}/board/").content.decode()
    assert "（時間切れ）" in ja


def test_a_move_the_clock_played_reads_as_a_time_out_in_the_replay(seeded, users):
    finished = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy",
                               autoplay="random")
    Submission.objects.filter(match=finished, applied_version=1).update(source="clock")
    page = _client(users[0]).get(f"/matches/{finished.pk}/replay/").content.decode()
    assert page.count("(time ran out)") == 1


def test_the_lobby_says_every_decision_has_a_default_and_when_a_side_forfeits(seeded, users):
    from matches.services import FORFEIT_AFTER_TIMEOUTS

    page = _client(users[0]).get("/matches/").content.decode()
    assert "lose on time" not in page
    assert "withdrawing the declaration at a choice of ILs, a single growth check" in page
    assert f"time out {FORFEIT_AFTER_TIMEOUTS} times in a row forfeits the match" in page
    ja = _client(users[0], "ja").get("/matches/").content.decode()
    assert "時間切れ負け" not in ja and f"{FORFEIT_AFTER_TIMEOUTS}回続けて" in ja


# -- signed out in another tab ---------------------------------------------------------------------------------
def test_a_signed_out_htmx_action_redirects_to_sign_in_and_back_to_the_match(seeded, users):
    from django.test import Client

    match = _match(users)
    response = Client().post(f"/matches/{match.pk}/act/", {"action": "{}", "version": 0, "key": "x"},
                             HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "<html" not in response.content.decode()
    assert response["HX-Redirect"] == f"/accounts/login/?next=/matches/{match.pk}/"


def test_a_signed_out_plain_action_redirects_to_sign_in_with_the_match_as_next(seeded, users):
    from django.test import Client

    match = _match(users)
    response = Client().post(f"/matches/{match.pk}/act/", {"action": "{}", "version": 0, "key": "x"})
    assert response.status_code == 302 and response["Location"] == f"/accounts/login/?next=/matches/{match.pk}/"


def test_the_match_page_offers_to_sign_in_and_come_back(seeded, users):
    from django.test import Client

    match = _match(users)
    page = Client().get(f"/matches/{match.pk}/").content.decode()
    assert f'/accounts/login/?next=/matches/{match.pk}/"' in page


# -- prompts, language and header ------------------------------------------------------------------------------
def test_the_defence_prompt_says_dice_and_penalty_come_off_the_defence_value(seeded, users):
    from matches.boards.iron_leaguer import IronLeaguerPresenter
    from matches.boards.presenter import BoardInput

    state = {"pending": {"kind": "defence", "seat": "silver", "attack": {"points": 7}}}
    data = BoardInput(match=None, view={"to_act": "silver"}, state=state, seat="silver", names={})
    prompt = IronLeaguerPresenter().prompt(data)
    assert "Your DP is the defence value minus two dice and your penalty; it must exceed AP 7." in prompt
    assert "beats AP" not in prompt


def test_the_board_partial_answers_in_the_pages_language_not_the_sessions(seeded, users):
    match = _match(users)
    client = _client(users[0], "en")  # another tab switched the session to English; this page is Japanese
    page = client.get(f"/matches/{match.pk}/board/", HTTP_HX_REQUEST="true",
                      HTTP_X_PAGE_LANGUAGE="ja").content.decode()
    assert "ダークスポーツ" in page and "Dark Sports" not in page
    assert "Dark Sports" in client.get(f"/matches/{match.pk}/board/", HTTP_HX_REQUEST="true").content.decode()


def test_the_header_seats_refresh_with_the_board_once_the_challenge_is_accepted(seeded, users):
    from matches.services import match_join

    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    client = _client(users[0])
    assert "free seat" in client.get(f"/matches/{match.pk}/").content.decode()
    match_join(match_id=match.pk, user=users[1])
    page = client.get(f"/matches/{match.pk}/board/", HTTP_HX_REQUEST="true").content.decode()
    header = page[page.index('id="match-players"'):]
    assert page.index('id="match-players"') > page.index('id="board"')  # inside the board: no out-of-band swap
    assert "hx-swap-oob" not in page and users[1].username in header and "free seat" not in header


def test_the_low_time_warning_lives_in_the_players_own_clock_not_a_toast(seeded, users):
    match = _match(users, decision_seconds=60)
    mine = _client(users[0]).get(f"/matches/{match.pk}/board/").content.decode()
    clock = mine[mine.index('data-seat="dark"'):]
    clock = clock[:clock.index("</div>")]
    assert 'role="alert" data-clock-alert' in clock  # board.js writes the warning there
    theirs = _client(users[1]).get(f"/matches/{match.pk}/board/").content.decode()
    assert "data-clock-alert" not in theirs


def test_a_stack_told_to_its_player_names_its_techniques_after_they_leave_sight(seeded, users):
    """The tester's match 12: after the technique deck was shuffled, the reader's own declared stack read "a
    technique". An event told to the reader alone names its cards from the whole table; public lines do not."""
    match = _match(users)
    cards = Match.objects.get(pk=match.pk).state["cards"]
    hidden = next(ref for ref in Match.objects.get(pk=match.pk).state["tech"]["decks"]["2"])  # in no hand
    name = cards[hidden]["attributes"]["lower"]["name"]
    _applied(match, seat="dark", version=1, events=[SCORE])
    _applied(match, seat="silver", version=2, to=("silver",), events=[
        ("declared", {"seat": "silver", "mode": "defence", "halves": [[hidden, "lower"]]})])
    _applied(match, seat="dark", version=3, events=[
        ("declared", {"seat": "silver", "mode": "defence", "halves": [[hidden, "lower"]]})])
    silver = next(user for user in users if user.pk == match.seats.get(seat="silver").user_id)
    html = _client(silver).get(f"/matches/{match.pk}/board/").content.decode()
    assert f"Silver Castle declares a defence: {name}." in html  # told to silver: named
    assert "Silver Castle declares a defence: a technique." in html  # the same line in public: not named

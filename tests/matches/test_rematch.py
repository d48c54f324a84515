"""Issue 27, point 6: the end of a match — the result said to each reader, its reason and rule, the replay, and a
rematch offered to both players (same decks, the other player first)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from matches.boards import build_board
from matches.errors import Conflict, NotAPlayer
from matches.models import Match
from matches.services import SeatSpec, match_create, match_rematch, match_resign

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db):
    users = get_user_model().objects
    return users.create_user("ann", password="pw-ann-12345"), users.create_user("bo", password="pw-bo-12345")


def _legions(seats, **kwargs) -> Match:
    return match_create(game="legions", seats=seats, config={"first": "p1"}, decks=_decks(), **kwargs)


def _decks() -> dict:
    from tests.referee.legions.conftest import decks

    return decks()


def test_the_end_says_won_lost_and_the_winner_to_a_spectator(people):
    ann, bo = people
    match = _legions([SeatSpec("p1", user_id=ann.pk), SeatSpec("p2", user_id=bo.pk)])
    match_resign(match_id=match.pk, user=bo)
    match = Match.objects.get(pk=match.pk)
    ends = {seat: build_board(match, seat=seat).end for seat in ("p1", "p2", None)}
    assert (ends["p1"].title, ends["p1"].tone) == ("You won", "success")
    assert (ends["p2"].title, ends["p2"].tone) == ("You lost", "danger")
    assert ends[None].title == "Player 1 won" and ends[None].rematch == ""
    assert "resigned" in ends["p2"].reason
    assert ends["p1"].rematch == ends["p2"].rematch == "offer"
    assert build_board(match, seat="p1").prompt == "The match is over."  # said once, in the end panel


def test_a_rematch_between_people_waits_for_the_other_and_swaps_the_first_player(people):
    ann, bo = people
    match = _legions([SeatSpec("p1", user_id=ann.pk), SeatSpec("p2", user_id=bo.pk)])
    assert match.state["first"] == "p1"
    with pytest.raises(Conflict):
        match_rematch(match_id=match.pk, user=ann)  # still in play
    match_resign(match_id=match.pk, user=ann)
    old, new = match_rematch(match_id=match.pk, user=ann)
    assert new is None and build_board(old, seat="p1").end.rematch == "waiting"
    assert build_board(old, seat="p2").end.rematch == "accept"
    assert match_rematch(match_id=match.pk, user=ann)[1] is None  # asking again changes nothing
    old, new = match_rematch(match_id=match.pk, user=bo)
    assert new.status == Match.Status.ACTIVE and new.state["first"] == "p2"
    assert {s.seat: s.user_id for s in new.seats.all()} == {"p1": ann.pk, "p2": bo.pk}
    assert new.config["decks"] == old.config["decks"] and new.game == old.game
    assert match_rematch(match_id=match.pk, user=ann)[1].pk == new.pk  # one rematch, however often asked
    assert build_board(Match.objects.get(pk=match.pk), seat="p1").end.rematch == "made"
    with pytest.raises(NotAPlayer):
        match_rematch(match_id=match.pk, user=get_user_model().objects.create_user("cy"))


def test_a_rematch_against_a_bot_starts_at_once_from_the_board(people):
    ann, _ = people
    match = _legions([SeatSpec("p1", user_id=ann.pk), SeatSpec("p2", bot="random")])
    match_resign(match_id=match.pk, user=ann)
    client = Client()
    client.force_login(ann)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "You lost" in page and f'action="/matches/{match.pk}/rematch/"' in page and "is-primary" in page
    response = client.post(f"/matches/{match.pk}/rematch/")
    new = Match.objects.exclude(pk=match.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/matches/{new.pk}/"
    assert new.status == Match.Status.ACTIVE and new.seats.get(seat="p2").bot == "random"
    assert new.state["first"] == "p2"


def test_the_api_offers_then_makes_a_rematch(people):
    from rest_framework.test import APIClient

    ann, bo = people
    match = _legions([SeatSpec("p1", user_id=ann.pk), SeatSpec("p2", user_id=bo.pk)])
    clients = {}
    for user in (ann, bo):
        clients[user.username] = APIClient()
        clients[user.username].force_authenticate(user)
    refused = clients["ann"].post(f"/api/matches/{match.pk}/rematch/")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_finished"
    match_resign(match_id=match.pk, user=bo)
    offered = clients["ann"].post(f"/api/matches/{match.pk}/rematch/")
    assert offered.status_code == 202 and offered.json() == {"offered": True}
    made = clients["bo"].post(f"/api/matches/{match.pk}/rematch/")
    assert made.status_code == 201 and made.json()["status"] == "active" and made.json()["id"] != match.pk

"""Issue 28, point 2: the search bot's levels are offered in the lobby and the API, hold a seat like any bot, and
move on the bots' queue (in-process here, Celery eager); its name shows on the board in both languages."""

from __future__ import annotations

import pytest
from django.utils import translation

from matches.models import Match, Submission
from matches.selectors import match_view
from matches.services import match_submit_action

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_lobby_offers_every_level_and_a_hard_bot_plays_its_seat(seeded, users, client):
    client.force_login(users[0])
    page = client.get("/matches/").content.decode()
    form = page[page.index('id="new-match-legions"'):]
    form = form[:form.index("</form>")]
    for level in ("easy", "normal", "hard", "greedy", "random"):
        assert f'<option value="{level}"' in form
    response = client.post("/matches/new/", {"game": "legions", "seat": "p2", "opponent": "hard"})
    match = Match.objects.get()
    assert response.status_code == 302 and match.seats.get(seat="p1").bot == "hard"
    # the bot holds Player 1: it moves whenever it is to act, until the person is asked again
    for made in range(12):
        if Submission.objects.filter(match=match, seat="p1", source="bot").exists():
            break
        match = Match.objects.get(pk=match.pk)
        assert match.to_act == "p2", "the bot left its decision unmade"
        action = match_view(match=match, seat="p2")["legal_actions"][0]
        match_submit_action(match_id=match.pk, user=users[0], action=action, expected_version=match.version,
                            idempotency_key=f"k{made}")
    assert Submission.objects.filter(match=match, seat="p1", source="bot", status="applied").exists()
    assert Match.objects.get(pk=match.pk).to_act in ("p2", None)
    board = client.get(f"/matches/{match.pk}/").content.decode()
    assert "bot (hard)" in board
    with translation.override("ja"):
        client.cookies["django_language"] = "ja"
        assert "ボット（上級）" in client.get(f"/matches/{match.pk}/").content.decode()


def test_the_api_takes_a_level_and_refuses_an_unknown_bot(seeded, users, client):
    client.force_login(users[0])
    made = client.post("/api/matches/", {"game": "iron_leaguer", "seat": "silver", "opponent": "easy"},
                       content_type="application/json")
    assert made.status_code == 201, made.content
    assert Match.objects.get(pk=made.json()["id"]).seats.get(seat="dark").bot == "easy"
    refused = client.post("/api/matches/", {"game": "legions", "seat": "p1", "opponent": "grandmaster"},
                          content_type="application/json")
    assert refused.status_code == 400

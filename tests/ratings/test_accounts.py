"""Users own their data (issue 31, point 7): one JSON file with all of a player's data; deleting an account takes
the decks, withdraws the open challenges and resigns the matches in play, and leaves the past matches a neutral
name."""

from __future__ import annotations

import json

import pytest

from decks.services import deck_create
from matches.models import Match
from matches.services import match_challenge, match_join, match_resign

pytestmark = pytest.mark.django_db(transaction=True)

MAO = "Master\n1 マオ・ニャン\n"


def test_a_player_downloads_all_their_data_as_one_json_file(client, seeded, users):
    a, b, _c = users
    deck_create(owner=a, name="Draft notes", text=MAO)
    played = match_challenge(user=a, game="iron_leaguer", seat="silver", opponent="open", rated=True)
    match_join(match_id=played.pk, user=b)
    match_resign(match_id=played.pk, user=b)
    client.force_login(a)
    response = client.get("/players/me/data.json")
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["user"]["username"] == "player1"
    assert [d["name"] for d in data["decks"]] == ["Draft notes"] and "マオ・ニャン" in data["decks"][0]["text"]
    match = next(m for m in data["matches"] if m["id"] == played.pk)
    assert (match["result"], match["opponents"], match["rated"]) == ("won", ["player2"], True)
    assert match["replay"] == f"/matches/{played.pk}/replay/"
    assert [r["game"] for r in data["ratings"]] == ["iron_leaguer"]
    client.logout()
    assert client.get("/players/me/data.json").status_code == 302  # signed in only


def test_deleting_an_account_keeps_the_past_matches_with_a_neutral_name(client, seeded, users):
    a, b, _c = users
    deck_create(owner=a, name="Mine", text=MAO)
    past = match_challenge(user=a, game="iron_leaguer", seat="silver", opponent="open")
    match_join(match_id=past.pk, user=b)
    match_resign(match_id=past.pk, user=b)
    live = match_challenge(user=a, game="iron_leaguer", seat="silver", opponent="open")
    match_join(match_id=live.pk, user=b)
    waiting = match_challenge(user=a, game="iron_leaguer", seat="silver", opponent="open")
    client.force_login(a)
    wrong = client.post("/players/me/account/", {"password": "nope"})
    assert wrong.status_code == 400 and "account is kept" in wrong.content.decode()
    a.refresh_from_db()
    assert a.is_active and a.decks.exists()
    done = client.post("/players/me/account/", {"password": "pw-Shinpan-123"}, follow=True)
    assert "Your account is deleted" in done.content.decode()
    a.refresh_from_db()
    assert (a.username, a.is_active, a.has_usable_password()) == (f"deleted-{a.pk}", False, False)
    assert not a.decks.exists()
    assert Match.objects.get(pk=live.pk).outcome["reason"] == "resigned"  # the match in play: resigned
    assert Match.objects.get(pk=waiting.pk).outcome["reason"] == "withdrawn"
    client.force_login(b)
    page = client.get("/players/player2/").content.decode()  # the opponent's history: a neutral name
    assert f"vs deleted-{a.pk}" in page and "player1" not in page
    assert not client.login(username="player1", password="pw-Shinpan-123")
    assert client.get("/players/player1/").status_code == 404

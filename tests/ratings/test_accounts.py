"""Users own their data (issue 31, point 7): one JSON file with all of a player's data; deleting an account takes
the decks, withdraws the open challenges and resigns the matches in play, and leaves the past matches a neutral
name."""

from __future__ import annotations

import json
import re

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
    invited = match_challenge(user=b, game="iron_leaguer", seat="silver", opponent="user", invitee=a.username)
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
    assert Match.objects.get(pk=invited.pk).outcome["reason"] == "withdrawn"  # an invitation to them: gone too
    client.force_login(b)
    page = client.get("/players/player2/").content.decode()  # the opponent's history: a neutral name
    assert f"vs deleted-{a.pk}" in page and "player1" not in page
    assert not client.login(username="player1", password="pw-Shinpan-123")
    assert client.get("/players/player1/").status_code == 404


def test_a_deleted_player_s_name_leaves_the_pages_of_a_match_read_while_it_was_in_play(client, seeded, users):
    # The seats of a match in play are kept per process (Match.seat_rows): a deletion resigns the match, and the
    # match's page and API then name the neutral record, not the cached player (a helper found the old name).
    a, b, _c = users
    match = match_challenge(user=a, game="iron_leaguer", seat="silver", opponent="open")
    match_join(match_id=match.pk, user=b)
    client.force_login(b)
    assert "player1" in client.get(f"/api/matches/{match.pk}/").content.decode()  # read (and kept) in play
    assert "player1" in client.get(f"/matches/{match.pk}/").content.decode()
    from ratings.accounts import close

    close(a)
    for url in (f"/api/matches/{match.pk}/", f"/matches/{match.pk}/"):
        page = client.get(url).content.decode()
        assert f"deleted-{a.pk}" in page and "player1" not in page, url


def test_no_one_signs_up_with_a_deleted_account_s_name_and_a_deletion_never_finds_its_name_taken(client, seeded,
                                                                                                   users):
    from django.contrib.auth.models import User

    from ratings.accounts import close

    a = users[0]
    for name in (f"deleted-{a.pk}", f"Deleted-{a.pk + 1}", "DELETED-x"):
        answer = client.post("/accounts/signup/", {"username": name, "password1": "pw-Shinpan-987",
                                                   "password2": "pw-Shinpan-987"})
        assert answer.status_code == 200 and "kept for deleted accounts" in answer.content.decode(), name
        assert not User.objects.filter(username=name).exists()
    User.objects.create_user(f"deleted-{a.pk}", password="x")  # an account made before such names were refused
    live = match_challenge(user=a, game="iron_leaguer", seat="silver", opponent="open")
    match_join(match_id=live.pk, user=users[1])
    name = close(a)
    a.refresh_from_db()
    assert name.startswith(f"deleted-{a.pk}-") and a.username == name and not a.is_active
    assert Match.objects.get(pk=live.pk).outcome["reason"] == "resigned"


def test_a_sign_up_error_is_tied_to_its_field_for_a_screen_reader(client, seeded):
    """A refused name's message is what the name field's ``aria-describedby`` names (a screen reader reads it on
    the field), and the field says it is invalid; the bug: the errors had no id, so the reference pointed nowhere."""
    page = client.post("/accounts/signup/", {"username": "deleted-9", "password1": "pw-Shinpan-987",
                                             "password2": "pw-Shinpan-987"}).content.decode()
    field = re.search(r"<input[^>]*name=\"username\"[^>]*>", page).group(0)
    assert 'aria-invalid="true"' in field
    described = re.search(r'aria-describedby="([^"]+)"', field).group(1).split()
    assert "id_username_error" in described
    for ref in described:  # every id the field names is on the page
        assert f'id="{ref}"' in page, ref
    error = re.search(r'<div id="id_username_error"[^>]*>(.*?)</div>', page, re.S).group(1)
    assert "kept for deleted accounts" in error
    # and the form's summary at its top links to the field (components/error_summary.html)
    summary = re.search(r'<div[^>]*id="error-summary".*?</div>', page, re.S).group(0)
    assert '<a href="#id_username">' in summary and "kept for deleted accounts" in summary
    assert page.index('id="error-summary"') < page.index('name="username"')


@pytest.mark.parametrize(("status", "winner", "seat", "expected"), [
    ("finished", "first", "first", "won"), ("finished", "first", "second", "lost"),
    ("finished", None, "first", "draw"), ("finished", "first", None, "lost"),
    ("open", None, "first", "open"), ("active", None, "first", "active"), ("aborted", None, "first", "aborted"),
])
def test_a_match_result_for_a_seat(status, winner, seat, expected):
    """``Match.result_for``: what the player page and the export both show (they had a copy each)."""
    assert Match(status=status, outcome={"winner": winner} if winner else {}).result_for(seat) == expected

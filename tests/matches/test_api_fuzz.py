"""Bad requests to the match API: every one answers a 4xx with a reason and changes nothing."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from matches.models import Event, Match, Submission
from matches.selectors import match_view
from matches.services import match_challenge, match_join
from referee.engine import get_engine

pytestmark = pytest.mark.django_db(transaction=True)


def _client(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def match(seeded, users):
    created = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    return match_join(match_id=created.pk, user=users[1])


def _snapshot(match_id):
    m = Match.objects.get(pk=match_id)
    return (m.version, m.state, Submission.objects.filter(match_id=match_id).count(),
            Event.objects.filter(match_id=match_id).count())


def _legal(match, seat):
    return match_view(match=Match.objects.get(pk=match.pk), seat=seat)["legal_actions"]


def _bad_requests(match, users):
    dark_action = _legal(match, "dark")[0]
    url = f"/api/matches/{match.pk}/actions/"
    return [
        ("anonymous", None, url, {"action": dark_action, "version": 0, "idempotency_key": "a"}, 401),
        ("spectator", users[2], url, {"action": dark_action, "version": 0, "idempotency_key": "a"}, 403),
        ("out of turn", users[1], url, {"action": {"type": "pass", "option": "none"}, "version": 0,
                                        "idempotency_key": "a"}, 422),
        ("other seat", users[1], url, {"action": dark_action, "version": 0, "idempotency_key": "a"}, 403),
        ("unknown type", users[0], url, {"action": {"type": "teleport"}, "version": 0, "idempotency_key": "a"}, 400),
        # a list as the type once answered 500 (found by the fuzz test below)
        ("type not text", users[0], url, {"action": {"type": []}, "version": 0, "idempotency_key": "a"}, 400),
        ("field of wrong shape", users[0], url, {"action": {"type": "declare", "mode": "attack",
                                                            "halves": [[1, {"x": 2}]]},
                                                 "version": 0, "idempotency_key": "a"}, 400),
        # [["t015"]] once crashed the engine (HTTP 500): a half is a [card, side] pair
        ("half of one item", users[0], url, {"action": {"type": "declare", "mode": "attack", "halves": [["t015"]]},
                                             "version": 0, "idempotency_key": "a"}, 400),
        ("no version", users[0], url, {"action": dark_action, "idempotency_key": "a"}, 400),
        ("negative version", users[0], url, {"action": dark_action, "version": -1, "idempotency_key": "a"}, 400),
        ("far future", users[0], url, {"action": dark_action, "version": 10_000, "idempotency_key": "a"}, 409),
        ("no key", users[0], url, {"action": dark_action, "version": 0}, 400),
        ("action not an object", users[0], url, {"action": [1, 2], "version": 0, "idempotency_key": "a"}, 400),
        ("someone else's match", users[0], "/api/matches/999999/actions/",
         {"action": dark_action, "version": 0, "idempotency_key": "a"}, 404),
        ("not a match id", users[0], "/api/matches/abc/actions/",
         {"action": dark_action, "version": 0, "idempotency_key": "a"}, 404),
    ]


def test_every_bad_request_answers_a_4xx_with_a_reason_and_changes_nothing(match, users):
    before = _snapshot(match.pk)
    for name, user, url, body, expected in _bad_requests(match, users):
        response = _client(user).post(url, body, format="json")
        assert response.status_code == expected, (name, response.content)
        assert response.json()["error"]["message"], name
        assert _snapshot(match.pk) == before, name


def test_a_stale_action_answers_409_with_the_current_view(match, users):
    url = f"/api/matches/{match.pk}/actions/"
    first = _client(users[0]).post(url, {"action": _legal(match, "dark")[0], "version": 0,
                                         "idempotency_key": "one"}, format="json")
    assert first.status_code == 202
    before = _snapshot(match.pk)
    seat = Match.objects.get(pk=match.pk).state and match_view(match=Match.objects.get(pk=match.pk),
                                                               seat=None)["to_act"]
    user = users[0] if seat == "dark" else users[1]
    stale = _client(user).post(url, {"action": _legal(match, seat)[0], "version": 0, "idempotency_key": "two"},
                               format="json")
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "stale_version"
    assert stale.json()["error"]["view"]["version"] == 1
    assert _snapshot(match.pk) == before


def test_someone_elses_match_cannot_be_joined_twice(match, users):
    response = _client(users[2]).post(f"/api/matches/{match.pk}/join/", {}, format="json")
    assert response.status_code == 409 and response.json()["error"]["message"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**6) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=st.fixed_dictionaries(
           {"type": st.sampled_from(sorted(get_engine("iron_leaguer").codec.classes)) | json_values},
           optional={k: json_values for k in ("seat", "option", "ils", "card", "side", "il", "target", "mode",
                                              "halves", "parts", "alloc", "x")}),
       version=json_values)
def test_random_garbage_actions_never_change_the_match(match, users, action, version):
    before = _snapshot(match.pk)
    response = _client(users[0]).post(f"/api/matches/{match.pk}/actions/",
                                      {"action": action, "version": version, "idempotency_key": "fuzz"},
                                      format="json")
    if response.status_code == 202:  # a random dict that happens to be a legal action: applied once
        Submission.objects.filter(match_id=match.pk).delete()
        return
    assert 400 <= response.status_code < 500, response.content
    assert _snapshot(match.pk) == before


def test_json_nested_thousands_deep_answers_400_not_500(match, users):
    # Found by acceptance testing: Python's JSON decoder raised RecursionError (HTTP 500).
    body = '{"action": {"type": "pass", "option": "draw", "ils": ' + "[" * 5000 + "]" * 5000 + '}, "version": 0, ' \
           '"idempotency_key": "deep"}'
    before = _snapshot(match.pk)
    response = _client(users[0]).post(f"/api/matches/{match.pk}/actions/", body, content_type="application/json")
    assert response.status_code == 400 and "nested too deeply" in response.json()["error"]["message"]
    assert _snapshot(match.pk) == before


def test_a_used_idempotency_key_with_a_different_action_is_refused(match, users):
    # Found by acceptance testing: the first submission was answered again, so the client never knew.
    url = f"/api/matches/{match.pk}/actions/"
    legal = _legal(match, "dark")
    first = _client(users[0]).post(url, {"action": legal[0], "version": 0, "idempotency_key": "x"}, format="json")
    again = _client(users[0]).post(url, {"action": legal[0], "version": 0, "idempotency_key": "x"}, format="json")
    before = _snapshot(match.pk)
    other = _client(users[0]).post(url, {"action": legal[1], "version": 0, "idempotency_key": "x"}, format="json")
    assert (first.status_code, again.status_code, again.json()["created"]) == (202, 202, False)
    assert other.status_code == 409 and other.json()["error"]["code"] == "idempotency_key_reused"
    assert _snapshot(match.pk) == before

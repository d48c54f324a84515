"""Match services with tasks run in-process: creation, joining, submitting, adjudication and refusals."""

from __future__ import annotations

import pytest

from matches.errors import BadRequest, Conflict, NotAPlayer, Refused
from matches.models import Match, Submission
from matches.selectors import match_replay_log, match_view
from matches.services import match_challenge, match_join, match_submit_action
from referee.engine import get_engine
from referee.engine.replay import replay

pytestmark = pytest.mark.django_db(transaction=True)

ENGINE = get_engine("iron_leaguer")


def _two_player_match(users) -> Match:
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    return match_join(match_id=match.pk, user=users[1])


def _first_legal(match: Match, seat: str) -> dict:
    return match_view(match=match, seat=seat)["legal_actions"][0]


def test_a_challenge_waits_open_until_someone_accepts(seeded, users):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    assert match.status == Match.Status.OPEN and match.state is None
    match = match_join(match_id=match.pk, user=users[1])
    assert match.status == Match.Status.ACTIVE and match.version == 0
    assert match.events.filter(version=0).exists()


def test_joining_your_own_challenge_is_refused(seeded, users):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    with pytest.raises(Conflict) as refused:
        match_join(match_id=match.pk, user=users[0])
    assert refused.value.code == "already_seated"


def test_an_action_is_applied_and_the_version_moves_on(seeded, users):
    match = _two_player_match(users)
    action = _first_legal(match, "dark")  # IL 2.5: Dark holds the attack right first
    submission, created = match_submit_action(match_id=match.pk, user=users[0], action=action,
                                              expected_version=0, idempotency_key="k1")
    submission.refresh_from_db()
    match.refresh_from_db()
    assert created and submission.status == Submission.Status.APPLIED and match.version == 1


def test_the_same_idempotency_key_twice_is_applied_once(seeded, users):
    match = _two_player_match(users)
    action = _first_legal(match, "dark")
    first, _ = match_submit_action(match_id=match.pk, user=users[0], action=action, expected_version=0,
                                   idempotency_key="same")
    again, created = match_submit_action(match_id=match.pk, user=users[0], action=action, expected_version=0,
                                         idempotency_key="same")
    match.refresh_from_db()
    assert not created and again.pk == first.pk and match.version == 1


def test_a_stale_version_is_refused_with_the_current_view(seeded, users):
    match = _two_player_match(users)
    match_submit_action(match_id=match.pk, user=users[0], action=_first_legal(match, "dark"), expected_version=0,
                        idempotency_key="a")
    match.refresh_from_db()
    seat_to_act = ENGINE.to_act(match.state)
    user = users[0] if seat_to_act == "dark" else users[1]
    with pytest.raises(Conflict) as refused:
        match_submit_action(match_id=match.pk, user=user, action=_first_legal(match, seat_to_act),
                            expected_version=0, idempotency_key="b")
    assert refused.value.code == "stale_version" and refused.value.view["version"] == 1


def test_acting_out_of_turn_is_refused_and_changes_nothing(seeded, users):
    match = _two_player_match(users)
    silver_action = {"type": "pass", "seat": "silver", "option": "none"}
    with pytest.raises(Refused) as refused:
        match_submit_action(match_id=match.pk, user=users[1], action=silver_action, expected_version=0,
                            idempotency_key="x")
    match.refresh_from_db()
    assert refused.value.code == "not_your_turn" and match.version == 0
    assert not Submission.objects.exists()


def test_an_action_for_another_seat_is_refused(seeded, users):
    match = _two_player_match(users)
    with pytest.raises(NotAPlayer):
        match_submit_action(match_id=match.pk, user=users[1], action=_first_legal(match, "dark"),
                            expected_version=0, idempotency_key="x")


def test_a_malformed_action_is_refused(seeded, users):
    match = _two_player_match(users)
    with pytest.raises(BadRequest) as refused:
        match_submit_action(match_id=match.pk, user=users[0], action={"type": "fly"}, expected_version=0,
                            idempotency_key="x")
    assert refused.value.code == "malformed"


def test_a_spectator_cannot_act(seeded, users):
    match = _two_player_match(users)
    with pytest.raises(NotAPlayer):
        match_submit_action(match_id=match.pk, user=users[2], action=_first_legal(match, "dark"),
                            expected_version=0, idempotency_key="x")


def test_a_match_between_two_bots_plays_to_the_end_and_its_log_replays(seeded, users):
    match = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy",
                            autoplay="random")
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.outcome["winner"] in ("silver", "dark")
    log = match_replay_log(match=match)
    report = replay(log)
    assert report.ok, report.difference
    assert report.state == match.state


def test_the_spectator_view_hides_both_hands(seeded, users):
    match = _two_player_match(users)
    seen = str(match_view(match=match, seat=None)["state"])
    for seat in ("silver", "dark"):
        for card_id in match.state["hands"][seat]:
            assert card_id not in seen or seen.count(card_id) == 0


def test_an_applied_action_without_events_keeps_its_place_in_the_replay_log(seeded, users):
    # Regression: the log was grouped by events, so an action producing none (a refill already at the hand
    # limit) vanished from it, and the replay page and manage.py replay were one step short.
    from matches.models import Event

    match = _two_player_match(users)
    action = _first_legal(match, "dark")
    match_submit_action(match_id=match.pk, user=users[0], action=action, expected_version=0, idempotency_key="k")
    Event.objects.filter(match=match, version=1).delete()  # as if the action had produced no event
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    log = match_replay_log(match=Match.objects.get(pk=match.pk))
    assert [entry["action"] for entry in log["entries"]] == [Submission.objects.get().action]
    assert log["entries"][0]["events"] == []


def test_event_descriptions_name_cards_and_leave_out_the_rng_counter():
    from matches.boards.iron_leaguer import IronLeaguerPresenter
    from matches.boards.presenter import BoardInput

    presenter = IronLeaguerPresenter()
    view = {"cards": {"t018": {"name": "根性プレー", "attributes": {"upper": {"name": "スライディング"}}},
                      "il01": {"name": "マグナムエース"}}}
    data = BoardInput(match=None, view={}, state=view, seat="dark", names=presenter.names(view))
    line = presenter.narrate({"kind": "attack", "clause": "6.2", "data": {
        "seat": "dark", "halves": [["t018", "upper"]], "techniques": ["スライディング"], "ils": ["il01"],
        "attack_value": 12, "dice": [3, 4], "counter": 128, "modifier": 0, "ap": 5, "failed": False}}, data)
    assert "スライディング" in line and "マグナムエース" in line and "t018" not in line and "il01" not in line
    assert "128" not in line and "counter" not in line
    label = presenter.describe({"type": "add_half", "seat": "dark", "card": "t018", "side": "upper"}, data)
    assert "スライディング" in label and "add_half" not in label


def test_a_worker_that_starts_queues_the_bot_move_a_crashed_worker_lost(seeded, users, monkeypatch):
    """Regression (acceptance testing): a worker killed after committing a move but before queueing the next
    bot move left the match waiting for ever; the start-up sweep now queues the move of the bot to act."""
    from matches import tasks

    lost = []
    with monkeypatch.context() as patched:
        patched.setattr(tasks.bot_move, "delay", lambda *args: lost.append(args))  # the crash: never queued
        patched.setattr(tasks.bot_move, "apply_async", lambda args, **kw: lost.append(tuple(args)))
        match = match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy")
    match.refresh_from_db()
    assert lost == [(match.pk, 0)] and match.version == 0  # IL 2.5: Dark (the bot) attacks first
    assert tasks.sweep_pending() >= 1  # eager: the queued move is made at once
    match.refresh_from_db()
    assert match.version >= 1 and ENGINE.to_act(match.state) == "silver"
    assert tasks.sweep_pending() == 0  # nothing left to queue: the user is to act


def test_a_worker_that_starts_applies_a_deadline_that_passed_while_no_worker_ran(seeded, users):
    from datetime import timedelta

    from django.utils import timezone

    from matches import tasks

    match = _two_player_match(users)
    Match.objects.filter(pk=match.pk).update(decision_seconds=30, deadline_at=timezone.now() - timedelta(seconds=1))
    assert tasks.sweep_pending() == 1
    match.refresh_from_db()
    assert match.version == 1  # IL 6.6.4: the clock passed for Dark (the documented default at an attack)
    assert match.submissions.get().source == "clock"


def test_a_bot_seed_reveals_nothing_of_the_secret_seed() -> None:
    # Issue 11.5: the bot seed was the first 4 bytes of the secret seed XOR the version (found by the dice audit).
    import hmac

    from matches.services import bot_seed

    secret = bytes(range(32))
    twin = secret[:4] + bytes(28)  # the same first 4 bytes
    assert bot_seed(secret.hex(), 0) != int.from_bytes(secret[:4], "big")
    assert [bot_seed(secret.hex(), v) for v in range(4)] != [bot_seed(twin.hex(), v) for v in range(4)]
    assert bot_seed(secret.hex(), 3) == int.from_bytes(
        hmac.digest(secret, b"shinpan-bot\0" + (3).to_bytes(8, "big"), "sha256")[:16], "big")

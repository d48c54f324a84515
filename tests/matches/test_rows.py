"""The precompiled statements of each adjudicated action (matches/rows.py, issue 14 "a cheaper action"): they
store what the ORM would, run as one statement each, and the lock is a real row lock on PostgreSQL."""

from __future__ import annotations

import pytest
from django.db import connection, connections, transaction
from django.db.utils import OperationalError
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from matches import rows
from matches.adapters import engine_decks
from matches.models import PLAY_FIELDS, Event, Match, Submission
from matches.services import match_bot_move, match_challenge, match_join
from referee.engine import encode, get_engine

pytestmark = pytest.mark.django_db(transaction=True)

EVENT = ("match_id", "seq", "version", "submission_id", "kind", "clause", "data", "to", "created_at")


def _started(users) -> Match:
    match = match_challenge(user=users[0], game="iron_leaguer", seat="dark", opponent="open")
    return match_join(match_id=match.pk, user=users[1])


def _event_fields(event: Event) -> tuple:
    return (event.version, event.submission_id, event.kind, event.clause, event.data, event.to, event.created_at)


def test_insert_rows_stores_what_the_orm_stores_in_one_statement(seeded, users):
    match = _started(users)
    now = timezone.now()
    data = {"dice": [3, 6], "ils": ["il01"], "nested": {"ja": "ゴールド", "none": None}, "n": 1.5}
    by_orm = Event.objects.create(match=match, seq=1000, version=7, kind="attack", clause="IL 6.2", data=data,
                                  to=["dark"])
    Event.objects.filter(pk=by_orm.pk).update(created_at=now)
    with CaptureQueriesContext(connection) as queries:
        rows.insert_rows(Event, EVENT, [(match.pk, 1001, 7, None, "attack", "IL 6.2", data, ["dark"], now),
                                        (match.pk, 1002, 7, None, "scored", "IL 8.2", {}, [], now)])
    assert len(queries) == 1
    stored = {e.seq: e for e in Event.objects.filter(match=match, seq__gte=1000)}
    assert _event_fields(stored[1001]) == _event_fields(Event.objects.get(pk=by_orm.pk))
    assert (stored[1002].kind, stored[1002].data, stored[1002].to) == ("scored", {}, [])
    with CaptureQueriesContext(connection) as queries:
        rows.insert_rows(Event, EVENT, [])
    assert len(queries) == 0  # no rows: no statement


def test_insert_unless_conflict_gives_the_new_id_then_none_and_leaves_the_first_row(seeded, users):
    match = _started(users)
    now = timezone.now()
    values = {"match_id": match.pk, "seat": "dark", "source": "bot", "idempotency_key": "bot:99",
              "action": {"type": "pass", "seat": "dark", "option": "none"}, "expected_version": 99,
              "status": Submission.Status.APPLIED, "applied_version": 100, "created_at": now, "processed_at": now}
    key = ("match_id", "seat", "idempotency_key")
    first = rows.insert_unless_conflict(Submission, values, key)
    assert first == Submission.objects.get(match=match, idempotency_key="bot:99").pk
    assert rows.insert_unless_conflict(Submission, {**values, "expected_version": 5}, key) is None
    kept = Submission.objects.get(pk=first)
    assert (kept.expected_version, kept.action, kept.status) == (99, values["action"], "applied")


def test_update_row_writes_only_the_named_columns_and_the_state_without_its_card_table(seeded, users):
    match = _started(users)
    before = Match.objects.get(pk=match.pk)
    state = {**match.state, "version": 41}
    with CaptureQueriesContext(connection) as queries:
        rows.update_row(Match, match.pk, {"state": state, "version": 41, "to_act": "silver", "deadline_at": None})
    assert len(queries) == 1
    stored_state, version, to_act, status, cards = (
        Match.objects.filter(pk=match.pk).values_list("state", "version", "to_act", "status", "cards").get())
    assert "cards" not in stored_state and stored_state["version"] == 41  # StateField's own preparation
    assert (version, to_act, status) == (41, "silver", before.status)
    assert cards == before.cards


def test_get_row_loads_the_play_columns_with_the_whole_state_or_says_there_is_no_such_row(seeded, users):
    match = _started(users)
    with transaction.atomic():
        loaded = rows.get_row(Match, match.pk, PLAY_FIELDS, for_update=True)
    assert loaded.state == Match.objects.get(pk=match.pk).state  # the card table put back (Match.from_db)
    assert set(loaded.get_deferred_fields()) >= {"config", "cards"}
    assert (loaded.version, loaded.status, loaded.seed_hex) == (match.version, match.status, match.seed_hex)
    with pytest.raises(Match.DoesNotExist, match="no match 987654"):
        rows.get_row(Match, 987654, PLAY_FIELDS)


def test_get_row_for_update_holds_a_row_lock_another_connection_cannot_take(seeded, users):
    if connection.vendor != "postgresql":
        pytest.skip("row locks are PostgreSQL's (SQLite locks the whole file for a write transaction)")
    match = _started(users)
    other = connections.create_connection("default")
    try:
        with transaction.atomic():
            rows.get_row(Match, match.pk, PLAY_FIELDS, for_update=True)
            with pytest.raises(OperationalError, match="could not obtain lock"):
                with other.cursor() as cursor:
                    cursor.execute("SELECT id FROM matches_match WHERE id = %s FOR UPDATE NOWAIT", [match.pk])
    finally:
        other.close()


def _bot_match():
    from matches import services

    engine = get_engine("iron_leaguer")
    decks = engine_decks("iron_leaguer", {seat: {} for seat in engine.seats})
    return services.match_create(game="iron_leaguer", decks=decks, seed=bytes(32),
                                 seats=[services.SeatSpec(seat=s, bot="random") for s in engine.seats])


def _statements(queries) -> list[str]:
    return [q["sql"].split()[0].upper() for q in queries.captured_queries]


def test_a_bot_move_is_the_lock_and_one_write_in_one_transaction(seeded, monkeypatch):
    """Issue 31, point 4: an adjudicated action in at most 2 statements and one commit: the lock, then the
    submission, the events and the match row in one statement (``rows.write_step``: data-modifying WITH on
    PostgreSQL; on SQLite, the embedded default, one statement per kind of write). The seat rows and the card table
    come from the per-process caches after the first move."""
    from matches.services import handoff

    monkeypatch.setattr(handoff, "after_commit", lambda *args, **kwargs: None)  # no push, no next task
    match = _bot_match()
    assert match_bot_move(match_id=match.pk, version=match.version)
    with CaptureQueriesContext(connection) as queries:
        assert match_bot_move(match_id=match.pk, version=match.version + 1)
    statements = _statements(queries)
    if connection.vendor == "postgresql":
        assert statements == ["BEGIN", "SELECT", "WITH", "COMMIT"], statements
        assert "FOR UPDATE" in queries.captured_queries[1]["sql"]
    else:
        assert statements == ["BEGIN", "SELECT", "INSERT", "INSERT", "UPDATE", "COMMIT"], statements
    stored = Match.objects.get(pk=match.pk)
    assert stored.version == match.version + 2 and stored.next_seq == Event.objects.filter(match=match).count()
    submission = Submission.objects.get(match=match, idempotency_key=f"bot:{match.version + 1}")
    assert submission.status == "applied" and submission.applied_version == match.version + 2
    moved = Event.objects.filter(match=match, version=match.version + 2)
    assert moved.exists() and set(moved.values_list("submission_id", flat=True)) == {submission.pk}


def test_a_person_s_action_is_adjudicated_in_the_lock_and_one_write(seeded, users, monkeypatch):
    """Issue 31, point 4, for a person's action: the lock with the pending submissions in one statement
    (``locking.locked_with_pending``), then their status, the events and the match row in one statement."""
    from matches.services import handoff, match_adjudicate
    from matches.services.submission import match_submit_action

    monkeypatch.setattr(handoff, "after_commit", lambda *args, **kwargs: None)
    match = _started(users)
    engine = get_engine("iron_leaguer")
    seat = engine.to_act(match.state)
    user = users[0] if match.seats.get(seat=seat).user_id == users[0].pk else users[1]
    action = engine.legal_actions(match.state, seat)[0]
    monkeypatch.setattr("matches.services.submission.enqueue_adjudication", lambda *a, **k: None)  # run below
    match_submit_action(match_id=match.pk, user=user, action=encode(action), expected_version=match.version,
                        idempotency_key="k1")
    with CaptureQueriesContext(connection) as queries:
        assert match_adjudicate(match_id=match.pk) == 1
    statements = _statements(queries)
    if connection.vendor == "postgresql":
        assert statements == ["BEGIN", "SELECT", "WITH", "COMMIT"], statements
        assert "FOR UPDATE" in queries.captured_queries[1]["sql"]
    submission = Submission.objects.get(match=match, idempotency_key="k1")
    assert submission.status == "applied" and submission.applied_version == match.version + 1
    assert Match.objects.get(pk=match.pk).version >= match.version + 1


def test_a_bot_move_whose_key_was_left_pending_by_an_earlier_release_is_adjudicated_as_before(seeded, monkeypatch):
    """The fast path's one write finds the key taken: it writes nothing, and the pending row is adjudicated."""
    from matches.services import handoff

    monkeypatch.setattr(handoff, "after_commit", lambda *args, **kwargs: None)
    match = _bot_match()
    engine = get_engine("iron_leaguer")
    seat = engine.to_act(match.state)
    legal = engine.legal_actions(match.state, seat)
    Submission.objects.create(match=match, seat=seat, source="bot", idempotency_key=f"bot:{match.version}",
                              action=encode(legal[-1]), expected_version=match.version)
    events_before = Event.objects.filter(match=match).count()
    assert match_bot_move(match_id=match.pk, version=match.version)
    left = Submission.objects.get(match=match, idempotency_key=f"bot:{match.version}")
    assert left.status == "applied" and Submission.objects.filter(match=match).count() == 1
    stored = Match.objects.get(pk=match.pk)
    assert stored.version == match.version + 1 and stored.next_seq == Event.objects.filter(match=match).count()
    assert Event.objects.filter(match=match).count() > events_before


def test_the_lock_reads_the_pending_submissions_in_order_with_their_actions(seeded, users):
    """``locking.locked_with_pending``: only the match's pending submissions, by expected version then arrival,
    each with its id, expected version and action as stored (one statement on PostgreSQL)."""
    from matches.services.locking import locked_with_pending

    match, other = _started(users), _started(users)
    rows = [(match, 5, "pending", {"type": "b", "n": [1, "ゴールド"]}), (match, 3, "pending", {"type": "a"}),
            (match, 3, "applied", {"type": "x"}), (other, 1, "pending", {"type": "y"}),
            (match, 3, "pending", {"type": "c", "none": None})]
    made = [Submission.objects.create(match=m, seat="dark", expected_version=v, status=st, action=a,
                                      idempotency_key=f"k{i}") for i, (m, v, st, a) in enumerate(rows)]
    with transaction.atomic():
        locked, pending = locked_with_pending(match.pk)
    assert locked.pk == match.pk and locked.version == match.version and locked.state == match.state
    assert [(p.pk, p.expected_version, p.action) for p in pending] == [
        (made[1].pk, 3, {"type": "a"}), (made[4].pk, 3, {"type": "c", "none": None}),
        (made[0].pk, 5, {"type": "b", "n": [1, "ゴールド"]})]
    with transaction.atomic():
        assert locked_with_pending(other.pk)[1][0].action == {"type": "y"}


@pytest.mark.django_db(transaction=True)
def test_a_lock_awaited_while_another_adjudication_commits_reads_the_submissions_it_left(seeded, users):
    """READ COMMITTED: a lock awaited returns the row's newest version, but the rest of its statement reads the
    snapshot taken before the wait. A submission another adjudication applied meanwhile must not come back as
    pending (it would be applied again, or marked rejected over its application): the rows are read again."""
    import threading
    import time

    from django.db import close_old_connections

    from matches.services.locking import locked_with_pending

    if connection.vendor != "postgresql":
        pytest.skip("row locks are PostgreSQL's")
    match = _started(users)
    submission = Submission.objects.create(match=match, seat="dark", expected_version=match.version,
                                           action={"type": "x"}, idempotency_key="race")
    other = connections.create_connection("default")
    found: dict = {}

    def waiter():
        try:
            with transaction.atomic():
                found["match"], found["pending"] = locked_with_pending(match.pk)
        except Exception as exc:  # noqa: BLE001 - reported below
            found["error"] = exc
        finally:
            close_old_connections()

    try:
        other.set_autocommit(False)
        with other.cursor() as cursor:  # another adjudication holds the lock, applies the submission, moves on
            cursor.execute("SELECT id FROM matches_match WHERE id = %s FOR UPDATE", [match.pk])
            thread = threading.Thread(target=waiter)
            thread.start()
            for _ in range(200):  # until the waiter's statement waits for the lock
                cursor.execute("SELECT pg_stat_clear_snapshot()")  # else one snapshot for the transaction
                cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                               "AND query LIKE %s", ["%FOR UPDATE%"])
                if cursor.fetchone()[0]:
                    break
                time.sleep(0.01)
            else:
                raise AssertionError(f"the second lock never waited: {found}")
            cursor.execute("UPDATE matches_submission SET status = 'applied', applied_version = %s WHERE id = %s",
                           [match.version + 1, submission.pk])
            cursor.execute("UPDATE matches_match SET version = version + 1 WHERE id = %s", [match.pk])
        other.commit()
        thread.join(10)
    finally:
        other.close()
    assert found["match"].version == match.version + 1  # the newest row
    assert found["pending"] == []  # not the snapshot's stale pending submission

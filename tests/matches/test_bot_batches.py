"""Issue 31, point 4: in a chain, the moves of a match's bots are made in one transaction (one lock, one commit,
one push), each still its own version, ``bot:<version>`` submission and log entries, whether anyone watches or
not: a watcher gets one view a batch, of the position it ends in, with every move in its log. The whole game is
the same however the moves are batched."""

from __future__ import annotations

from matches import live, tasks
from matches.models import Event, Match
from matches.services import bots as bot_service
from matches.services import handoff, match_bot_chain, match_challenge


def _bot_match(users, monkeypatch):
    monkeypatch.setattr(tasks.bot_move, "delay", lambda *args: None)  # the chain alone plays
    return match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy", autoplay="random")


def _counting_locks(monkeypatch) -> list:
    """The match row locks the bots' moves take from now on (``locked_for_play``: one a transaction)."""
    taken = []
    real = bot_service.locked_for_play
    monkeypatch.setattr(bot_service, "locked_for_play", lambda match_id: (taken.append(match_id), real(match_id))[1])
    return taken


def _play(match, monkeypatch, seconds=60) -> tuple[int, int]:
    """The chain from the match's version: moves made and row locks taken."""
    taken = _counting_locks(monkeypatch)
    made = match_bot_chain(match_id=match.pk, version=Match.objects.get(pk=match.pk).version, seconds=seconds)
    return made, len(taken)


def test_an_unwatched_bot_match_makes_its_chain_in_a_few_transactions_each_move_its_own(seeded, users, monkeypatch):
    match = _bot_match(users, monkeypatch)
    pushes = []
    real_after_commit = handoff.after_commit
    monkeypatch.setattr(bot_service, "after_commit", lambda m, seats: (pushes.append(m.version),
                                                                       real_after_commit(m, seats)))
    made, locks = _play(match, monkeypatch)
    match.refresh_from_db()
    assert made == match.version >= 40 or match.status == Match.Status.FINISHED
    assert locks <= -(-made // bot_service.BATCH_MOVES) + 1  # a lock a batch of up to 32 moves
    assert len(pushes) == locks and pushes[-1] == match.version  # one push a batch, the last at its version
    keys = list(match.submissions.order_by("applied_version").values_list("idempotency_key", flat=True))
    assert keys == [f"bot:{v}" for v in range(match.version)]  # each move its own submission
    logged = list(Event.objects.filter(match=match).order_by("seq")
                  .values_list("version", "submission__idempotency_key"))
    assert [v for v, _ in logged] == sorted(v for v, _ in logged) and logged[-1][0] == match.version
    assert all(key == f"bot:{version - 1}" for version, key in logged if version)  # each its move's log entries


def test_a_watched_bot_match_is_batched_too_and_its_watcher_gets_a_view_a_batch_with_every_move_logged(
        seeded, users, monkeypatch):
    from matches.selectors import match_views

    match = _bot_match(users, monkeypatch)
    live.mark_watched(match.pk, None)  # a spectator listens
    sent = []
    monkeypatch.setattr(live, "_run", lambda layer, send_all: sent.append(send_all))  # the sends, not run
    real_views = live.match_views
    pushed = []
    monkeypatch.setattr(live, "match_views", lambda **kw: (pushed.append(kw["match"].version), real_views(**kw))[1])
    before = Match.objects.get(pk=match.pk).version
    made, locks = _play(match, monkeypatch)
    match.refresh_from_db()
    assert made >= 40 or match.status == Match.Status.FINISHED
    assert locks <= -(-made // bot_service.BATCH_MOVES) + 1 < made  # batched although watched
    assert pushed == sorted(pushed) and len(pushed) == len(sent) == locks and pushed[-1] == match.version
    view = match_views(match=match, seats=[None], seat_rows=match.seat_rows())[None]
    assert view["version"] == match.version
    keys = list(match.submissions.filter(applied_version__gte=before).order_by("applied_version")
                .values_list("idempotency_key", flat=True))
    assert keys == [f"bot:{v}" for v in range(before, match.version)]  # every move of every batch its own
    logged = list(Event.objects.filter(match=match, version__gt=before).values_list("version", flat=True))
    assert logged and max(logged) == match.version  # the log goes to the position the watcher was sent


def test_outside_a_chain_a_bot_move_is_one_move(seeded, users, monkeypatch):
    match = _bot_match(users, monkeypatch)
    version = Match.objects.get(pk=match.pk).version
    assert bot_service.match_bot_move(match_id=match.pk, version=version)
    assert Match.objects.get(pk=match.pk).version == version + 1


def test_the_game_is_the_same_in_batches_or_move_by_move(seeded, users, monkeypatch):
    """The same seed plays the same game whatever the batch size: the moves are the engine's and the bots',
    seeded by the match and the version, not by how they were committed."""
    from matches.adapters import engine_decks
    from matches.services import match_create
    from matches.services.creation import SeatSpec

    monkeypatch.setattr(tasks.bot_move, "delay", lambda *args: None)
    games = []
    for batch in (1, 32):
        with monkeypatch.context() as patched:
            patched.setattr(bot_service, "BATCH_MOVES", batch)
            with monkeypatch.context() as quiet:
                quiet.setattr(handoff, "after_commit", lambda *args: None)
                match = match_create(game="iron_leaguer", seed=bytes(range(32)),
                                     decks=engine_decks("iron_leaguer", {"silver": {}, "dark": {}}),
                                     seats=[SeatSpec("silver", bot="greedy"), SeatSpec("dark", bot="random")])
            taken = _counting_locks(patched)
            while (version := Match.objects.get(pk=match.pk)).status == Match.Status.ACTIVE:
                assert match_bot_chain(match_id=match.pk, version=version.version, seconds=60)
        match.refresh_from_db()
        events = list(Event.objects.filter(match=match).order_by("seq").values_list("version", "kind", "data"))
        games.append(((match.version, match.outcome, events), len(taken)))
    (batched_game, batched_locks), (alone_game, alone_locks) = games[1], games[0]
    assert batched_game == alone_game and batched_game[0] > 50
    assert alone_locks >= batched_game[0] > 4 * batched_locks

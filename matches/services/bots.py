"""Bots' moves: the bot holding the seat to act decides (seeded by the match's secret seed and the version), its
move is stored and applied in one transaction, and the bots to act after it go on in the same task for a few
milliseconds (``match_bot_chain``). In a chain, a match's bots' moves are made in one transaction, up to
``BATCH_MOVES`` of them (each still its own version, submission and log entries), with one push for them all."""

from __future__ import annotations

import hmac
import time

from django.db import transaction
from django.utils import timezone

from referee.engine import ActionRefused, encode, get_engine
from referee.engine.bots import KINDS

from .. import rows as rows_module
from ..models import Match, Seat, Submission
from .adjudication import adjudicate_locked
from .handoff import after_commit, chain
from .locking import locked_for_play
from .progress import append_events, start_step, store_progress

# The bot kinds a seat may hold (``referee.engine.bots.make_bot``): the two rule-of-thumb bots and the search
# bot's levels (issue 28).
BOTS = KINDS
# What a bot's seed is drawn under, apart from every dice block (``bot_seed``).
BOT_SEED_DOMAIN = b"shinpan-bot\0"


def bot_seed(seed_hex: str, version: int) -> int:
    """The seed of the bot that decides at ``version`` (the number of actions applied so far) in a match whose
    secret seed is ``seed_hex``: HMAC-SHA256(secret seed, "shinpan-bot\\0" + version as 8 bytes big-endian), its
    first 16 bytes as an integer. Deterministic, so a bot move run twice is the same move (and ``manage.py
    playmatch --offline`` plays the online game), and a pseudorandom function of the seed, so a bot's moves
    reveal nothing of it (docs/dice.md). The message is never a dice block's (counter + framed entropy)."""
    message = BOT_SEED_DOMAIN + version.to_bytes(8, "big")
    return int.from_bytes(hmac.digest(bytes.fromhex(seed_hex), message, "sha256")[:16], "big")


def match_bot_move(*, match_id: int, version: int) -> bool:
    """Let the bot holding the seat to act at ``version`` choose its move, then store and adjudicate it in one
    transaction under the match row lock (no second trip through the broker); False if the match moved on.

    Safe to run twice: a run that committed moved the version on, and one that did not left nothing behind
    (the move is deterministic, seeded by the match and version, and keyed ``bot:<version>``)."""
    return _bot_moves(match_id, version) > 0


# Issue 31, point 4: in a chain (``match_bot_chain``), the moves of the bots to act next are made in the same
# transaction as the first, under the same row lock, up to this many and within the chain's budget: each its own
# version, ``bot:<version>`` submission and log entries, one write each, but one lock, one commit and one push for
# them all. A watcher (a seat's board or a spectator's) gets the position the batch ends in, every move of it in
# the log: a push only asks the board to refresh, so a push a move was a refresh a move of moves made a
# millisecond apart, which no one could follow (docs/matches.md, "Bots' moves in batches").
BATCH_MOVES = 32


def _bot_moves(match_id: int, version: int, *, batching: bool = True) -> int:
    """The bot's move at ``version`` and, in a chain (and ``batching``), the bots' moves after it
    (``BATCH_MOVES``), in one transaction; the number of moves made (0: the match moved on, or a person is to
    act)."""
    from referee.engine.bots import make_bot

    try:
        with transaction.atomic():
            match = locked_for_play(match_id)
            if match.status != Match.Status.ACTIVE or match.version != version:
                return 0
            engine = get_engine(match.game)
            seats = match.seat_rows()
            batch = batching and getattr(chain, "until", 0) > time.monotonic()
            made = 0
            while True:
                seat = engine.to_act(match.state)
                holder = next((s for s in seats if s.seat == seat), None)
                if holder is None or not holder.bot:
                    break
                actions = engine.legal_actions(match.state, seat)
                action = make_bot(holder.bot, bot_seed(match.seed_hex, match.version))(
                    engine, match.state, seat, actions)
                if not _apply_bot_move_locked(match, engine, seats, seat, encode(action), push=not batch):
                    if made == 0:  # the engine refused it: adjudicated as a pending submission (its own push)
                        _pending_bot_move(match, engine, seats, seat, encode(action))
                        return 1
                    break  # a refused move after others: the chain's next run takes it alone
                made += 1
                if (not batch or made >= BATCH_MOVES or match.status != Match.Status.ACTIVE
                        or time.monotonic() >= chain.until):
                    break
            if batch and made:
                transaction.on_commit(lambda: after_commit(match, seats))  # one push and hand-off for the batch
            return made
    except _KeyTaken as taken:
        if taken.args[0] != f"bot:{version}":  # a later move of the batch: nothing was written, one move alone
            return _bot_moves(match_id, version, batching=False)
        # a pending bot:<version> left by an earlier release: the fast path wrote nothing; adjudicated as before
        with transaction.atomic():
            match = locked_for_play(match_id)
            if match.status != Match.Status.ACTIVE or match.version != version:
                return False
            engine = get_engine(match.game)
            seats = match.seat_rows()
            adjudicate_locked(match, engine, seats)
    return 1


class _KeyTaken(Exception):
    """The bot move's submission key exists already: the fast path's transaction is abandoned."""


def _pending_bot_move(match: Match, engine, seats: list[Seat], seat: str, action: dict) -> None:
    Submission.objects.bulk_create([Submission(
        match_id=match.pk, seat=seat, source="bot", idempotency_key=f"bot:{match.version}",
        action=action, expected_version=match.version)], ignore_conflicts=True)
    adjudicate_locked(match, engine, seats)


def _apply_bot_move_locked(match: Match, engine, seats: list[Seat], seat: str, action: dict, *,
                           push: bool = True) -> bool:
    """Apply a bot's move and store it with its submission already applied (issue 14 "a cheaper action": no
    pending row to read back and update), under the match row lock: the submission (``INSERT … ON CONFLICT DO
    NOTHING`` keyed ``bot:<version>``), the events and the match row in one statement (issue 31, point 4:
    ``rows.write_step``), so an action is the lock and that statement, and the commit. False when the engine
    refuses the move (nothing written: the caller takes the pending path); raises ``_KeyTaken`` when that key
    exists already (nothing written either). ``push`` false: the caller pushes and hands the turn on after the
    commit itself (a batch of moves)."""
    version = match.version
    try:
        state, events = engine.apply(match.state, action)
    except ActionRefused:
        return False
    now = timezone.now()
    values = {"match_id": match.pk, "seat": seat, "source": "bot", "idempotency_key": f"bot:{version}",
              "action": action, "expected_version": version, "status": Submission.Status.APPLIED,
              "applied_version": version + 1, "created_at": now, "processed_at": now}
    start_step(match)
    match.bot_moved = True  # see handoff._after_commit_once
    seq = append_events(match, events, version=version + 1, submission=Submission(pk=rows_module.NEW_SUBMISSION),
                        start_seq=match.next_seq)
    if not store_progress(match, engine, state=state, version=version + 1, seq=seq, now=now, seats=seats,
                          moved=True, new_submission=values, push=push):
        raise _KeyTaken(values["idempotency_key"])
    return True


# Issue 14 "bot-versus-bot moves chained": a bot_move task goes on making the moves of the bots to act next in
# the same match, each in its own transaction (its own version, idempotency key, log entries and push), for up
# to CHAIN_SECONDS, then hands the next one back to the queue. The budget keeps a chain from holding a worker
# process for long while a person's action waits.
CHAIN_SECONDS = 0.03


def match_bot_chain(*, match_id: int, version: int, seconds: float = CHAIN_SECONDS) -> int:
    """``match_bot_move`` at ``version``, then the moves of the bots to act after it, until a person is to act,
    the match ends or ``seconds`` have passed (the next move then goes back to the queue as a task). Returns
    the number of moves made. Each move is ``match_bot_move`` itself, so it is as safe to run twice."""
    made = 0
    chain.until = time.monotonic() + seconds
    try:
        while True:
            chain.next = None
            moved = _bot_moves(match_id, version)
            if not moved:
                return made
            made += moved
            if chain.next is None:  # a person to act, the end, or the budget spent (the task was queued)
                return made
            match_id, version = chain.next
    finally:
        chain.until = 0
        chain.next = None

"""Decisions the referee makes for a person (issue 27, point 3): one with a single legal action (``forced``: the
board never asks it) and one a player's settings answer (``setting``: ``matches.models.PlaySettings``, by the
rules the game's presenter offers in ``Presenter.settings``). Each is stored as that seat's applied submission with
its source, so the log shows it as the player's decision, said as made for them.

Runs inside the transaction of the step that moved the match (``progress.store_progress``), the match row locked.
Bots and the clock keep their own paths; a seat without a person is never played here.
"""

from __future__ import annotations

from referee.engine import encode

from .. import rows as rows_module
from ..models import Match, PlaySettings, Submission

# A bound on the decisions made in one go (a game whose decisions are all forced for a while cannot hold the
# row lock for long; the next step of the match goes on from where this stops).
MAX_IN_A_ROW = 200


def play_for_people(match: Match, engine, state: dict, version: int, seq: int, now, *,
                    append_events, seats: list | None = None) -> tuple[dict, int, int]:
    """Make every decision now due that is forced or settled by its player's settings, one after another;
    returns the new ``(state, version, next seq)``. ``append_events`` is ``progress.append_events`` (passed in:
    progress calls this module); ``seats``: the match's Seat rows when the caller has them. Stops at a decision a
    person makes, a bot's or nobody's turn, the end of the game, or after ``MAX_IN_A_ROW``."""
    from ..boards import presenter_for
    from ..boards.presenter import ASK

    presenter = presenter_for(match.game)
    settings = {s.kind: s for s in presenter.settings}
    people: dict[str, int] | None = None
    chosen: dict[int, dict] = {}
    for _ in range(MAX_IN_A_ROW):
        if engine.outcome(state) is not None:
            break
        seat = engine.to_act(state)
        if seat is None:
            break
        actions = list(engine.legal_actions(state, seat))
        kind = (state.get("pending") or {}).get("kind", "")
        if len(actions) != 1 and kind not in settings:
            break
        if people is None:  # the caller's seat rows, else the match's (cached per process once it started)
            rows = seats if seats is not None else match.seat_rows()
            people = {s.seat: s.user_id for s in rows if s.user_id is not None}
        user_id = people.get(seat)
        if user_id is None:
            break
        if len(actions) == 1:
            action, source = actions[0], "forced"
        else:
            if user_id not in chosen:
                chosen[user_id] = PlaySettings.chosen(user_id, match.game)
            code = presenter.setting_choice(settings[kind], chosen[user_id])
            action = presenter.choose(state, seat, actions, code) if code != ASK else None
            if action is None:
                break
            source = "setting"
        state, events = engine.apply(state, action)
        version += 1
        submission_id = rows_module.insert_unless_conflict(Submission, {
            "match_id": match.pk, "seat": seat, "source": source, "idempotency_key": f"{source}:{version}",
            "action": encode(action), "expected_version": version - 1, "status": Submission.Status.APPLIED,
            "applied_version": version, "created_at": now, "processed_at": now,
        }, ("match_id", "seat", "idempotency_key"))
        seq = append_events(match, events, version=version, submission=Submission(pk=submission_id),
                            start_seq=seq)
    return state, version, seq

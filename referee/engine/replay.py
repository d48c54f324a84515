"""Playing a whole game into a log, and replaying a log to verify it.

A log is JSON: ``{"format": "shinpan.log", "version": 1, "game", "config", "decks", "seed", "commitment",
"entropy", "setup_events", "entries": [{"action", "events"}], "digest"}``. ``replay`` rebuilds the state
from the
initial configuration and the actions, checks the seed against the commitment and every recorded event (dice
included), and reports the first difference.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from .actions import Event, encode
from .errors import ActionRefused
from .protocol import RngSeed, get_engine
from .rng import verify_commitment


def digest(entries: list[dict], setup_events: list[dict]) -> str:
    """Hex SHA-256 of the canonical JSON of the setup events and entries."""
    text = json.dumps({"setup": setup_events, "entries": entries}, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def play(
    engine: Any,
    config: dict,
    decks: dict,
    rng: RngSeed,
    bots: dict,
    max_actions: int = 100_000,
    on_step: Any = None,
) -> tuple[dict, dict]:
    """Play to the end with ``bots`` (seat -> bot). Returns ``(final state, log)``.

    ``on_step(state, action, events)`` is called after every action (property tests use it).
    RuntimeError if the game has not ended after ``max_actions``.
    """
    state, setup = engine.new_game(config, decks, rng)
    entries = []
    for _ in range(max_actions):
        seat = engine.to_act(state)
        if seat is None:
            break
        actions = engine.legal_actions(state, seat)
        if not actions:
            raise RuntimeError(f"{seat} is to act but has no legal action (version {state.get('version')})")
        action = bots[seat](engine, state, seat, actions)
        state, events = engine.apply(state, action)
        entries.append({"action": encode(action), "events": [e.as_dict() for e in events]})
        if on_step is not None:
            on_step(state, action, events)
    else:
        raise RuntimeError(f"game not over after {max_actions} actions")
    return state, _log(engine, config, decks, rng, state["rng"]["commitment"], setup, entries)


def _log(
    engine: Any, config: dict, decks: dict, rng: RngSeed, commitment: str, setup: list[Event], entries: list
) -> dict:
    """The log of a played game (shape: the module docstring)."""
    setup_events = [e.as_dict() for e in setup]
    return {
        "format": "shinpan.log",
        "version": 1,
        "game": engine.name,
        "config": config,
        "decks": decks,
        "seed": rng.seed.hex(),
        "commitment": commitment,
        "entropy": list(rng.entropy),
        "setup_events": setup_events,
        "entries": entries,
        "digest": digest(entries, setup_events),
    }


@dataclass(frozen=True)
class ReplayReport:
    """``ok``; else ``where`` (``"commitment"``, ``"setup"``, ``"entry 12"``) and ``difference`` (text)."""

    ok: bool
    state: dict | None
    where: str = ""
    difference: str = ""


def _first_difference(recorded: list[dict], actual: list[Event]) -> str:
    got = [e.as_dict() for e in actual]
    for i, (a, b) in enumerate(zip(recorded, got, strict=False)):
        if a != b:
            return (
                f"event {i}: recorded {json.dumps(a, ensure_ascii=False)} but replay gives "
                f"{json.dumps(b, ensure_ascii=False)}"
            )
    if len(recorded) != len(got):
        return f"recorded {len(recorded)} events but replay gives {len(got)}"
    return ""


def replay(log: dict) -> ReplayReport:
    """Verify a log; never raises for a bad log, reports it instead (``where`` = ``"log"`` for a log that is
    not a well-formed ``shinpan.log``: a missing or mistyped key, an unknown game, an unusable pool)."""
    try:
        return _replay(log)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        return ReplayReport(False, None, "log", f"not a well-formed log: {exc.__class__.__name__}: {exc}")


def _replay(log: dict) -> ReplayReport:
    if not isinstance(log, dict):
        raise TypeError(f"a log is a JSON object, not {type(log).__name__}")
    if not verify_commitment(log["seed"], log["commitment"]):
        return ReplayReport(False, None, "commitment", "SHA-256 of the seed is not the published commitment")
    engine = get_engine(log["game"])
    rng = RngSeed(bytes.fromhex(log["seed"]), tuple(log.get("entropy", ())))
    state, setup = engine.new_game(log["config"], log["decks"], rng)
    diff = _first_difference(log["setup_events"], setup)
    if diff:
        return ReplayReport(False, state, "setup", diff)
    for i, entry in enumerate(log["entries"]):
        try:
            state, events = engine.apply(state, entry["action"])
        except ActionRefused as refused:
            return ReplayReport(
                False, state, f"entry {i}", f"action refused: {refused.code}: {refused.reason}"
            )
        diff = _first_difference(entry["events"], events)
        if diff:
            return ReplayReport(False, state, f"entry {i}", diff)
    if engine.to_act(state) is not None:
        return ReplayReport(False, state, "end", "the log stops before the game is over")
    return ReplayReport(True, state)

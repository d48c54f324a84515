"""Playing a whole game into a log, and replaying a log to verify it.

A log is JSON: ``{"format": "shinpan.log", "version": 2, "game", "config", "decks", "seed", "commitment",
"entropy", "setup_events", "entries": [{"action", "events"}], "ending"?, "draws", "digest"}``. ``ending``
(``ENDINGS``), only in the log of a match that ended outside the rules of the game (a resignation, the clock):
``{"reason", "winner"}``; the game then stops where the entries stop. ``digest`` is the SHA-256 of
the canonical JSON of ``DIGEST_FIELDS``: everything that determines the game, nothing run-specific (no match id,
no time). ``draws`` (``referee.engine.rng.recording``, each with ``"at"``: ``"setup"`` or the entry's index) lists
every random draw in order; it follows from the other fields, so the digest leaves it out (logs written before
it existed keep their digest), and ``replay`` recomputes it. It is what lets a player check the dice with the
standard library alone (``docs/dice.md``, ``scripts/verify_dice.py``); a log without it is read as before.
``replay`` checks the log's shape, rebuilds the state from the initial configuration and the actions, checks the
seed against the commitment and every recorded event (dice included), then the draws, then the recorded digest,
and reports the first difference.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

from .actions import Event, encode
from .errors import ActionRefused
from .protocol import RngSeed, get_engine
from .rng import recording, verify_commitment

LOG_FORMAT = "shinpan.log"
LOG_VERSION = 2
"""Version 2: the digest covers every field of the log (version 1's covered the setup events and entries only)."""

DIGEST_FIELDS = ("format", "version", "game", "config", "decks", "seed", "commitment", "entropy", "setup_events",
                 "entries")
"""Every field of a log but ``digest`` itself: everything that determines the game, and nothing run-specific."""


ENDINGS = ("resigned", "time", "abandoned", "aborted")
"""Reasons a match ends outside the game's rules (``matches.services``: resignation, the clock, both seats gone):
a log's ``ending`` names one, and ``replay`` then accepts a game that is not over where its entries stop."""


def digest(log: dict[str, Any]) -> str:
    """Hex SHA-256 of the canonical JSON (sorted keys, UTF-8) of the log's ``DIGEST_FIELDS``, and of its
    ``ending`` when it has one (so a log without one keeps the digest it always had).

    The one digest of a log: ``play`` (offline), ``matches.selectors.match_replay_log`` (online, through
    ``build_log``) and ``replay`` all use it. KeyError for a missing field."""
    fields = {key: log[key] for key in DIGEST_FIELDS}
    if "ending" in log:
        fields["ending"] = log["ending"]
    text = json.dumps(fields, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def build_log(
    *, game: str, config: dict[str, Any], decks: dict[str, Any], seed_hex: str, commitment: str, entropy: Any,
    setup_events: list[Any], entries: list[Any], draws: list[Any] | None = None, ending: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A log (shape: the module docstring), its digest included. ``draws``: the game's draws as ``play`` recorded
    them; None (an online match's log, ``matches.selectors.match_replay_log``) replays the actions through the
    engine to record them, and leaves them out if the actions do not replay (``replay`` then says why)."""
    log = {
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        "game": game,
        "config": config,
        "decks": decks,
        "seed": seed_hex,
        "commitment": commitment,
        "entropy": list(entropy),
        "setup_events": setup_events,
        "entries": entries,
    }
    if ending is not None:
        log["ending"] = ending
    if draws is None:
        draws = _draws_of(log)
    if draws is not None:
        log["draws"] = draws
    log["digest"] = digest(log)
    return log


def _tagged(at: str | int, draws: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"at": at, **draw} for draw in draws]


def _draws_of(log: dict[str, Any]) -> list[dict[str, Any]] | None:
    """Every draw of the game ``log`` records, found by replaying its actions; None if they do not replay."""
    try:
        engine = get_engine(log["game"])
        with recording() as setup:
            state, _ = engine.new_game(log["config"], log["decks"], RngSeed(bytes.fromhex(log["seed"]),
                                                                            tuple(log["entropy"])))
        draws = _tagged("setup", setup)
        for i, entry in enumerate(log["entries"]):
            with recording() as made:
                state, _ = engine.apply(state, entry["action"])
            draws += _tagged(i, made)
    except Exception:  # noqa: BLE001 - a log whose actions do not replay has no draws; ``replay`` reports it
        return None
    return draws


def play(
    engine: Any,
    config: dict[str, Any],
    decks: dict[str, Any],
    rng: RngSeed,
    bots: dict[str, Any],
    max_actions: int = 100_000,
    on_step: Any = None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Play to the end with ``bots`` (seat -> bot). Returns ``(final state, log)``.

    ``on_step(state, action, events)`` is called after every action (property tests use it).
    RuntimeError if the game has not ended after ``max_actions``.
    """
    with recording() as made:
        state, setup = engine.new_game(config, decks, rng)
    draws = _tagged("setup", made)
    entries: list[dict[str, Any]] = []
    for _ in range(max_actions):
        seat = engine.to_act(state)
        if seat is None:
            break
        actions = engine.legal_actions(state, seat)
        if not actions:
            raise RuntimeError(f"{seat} is to act but has no legal action (version {state.get('version')})")
        action = bots[seat](engine, state, seat, actions)
        with recording() as made:
            state, events = engine.apply(state, action)
        draws += _tagged(len(entries), made)
        entries.append({"action": encode(action), "events": [e.as_dict() for e in events]})
        if on_step is not None:
            on_step(state, action, events)
    else:
        raise RuntimeError(f"game not over after {max_actions} actions")
    return state, _log(engine, config, decks, rng, state["rng"]["commitment"], setup, entries, draws)


def _log(
    engine: Any, config: dict[str, Any], decks: dict[str, Any], rng: RngSeed, commitment: str, setup: list[Event],
    entries: list[Any], draws: list[dict[str, Any]],
) -> dict[str, Any]:
    """The log of a played game (shape: the module docstring)."""
    return build_log(game=engine.name, config=config, decks=decks, seed_hex=rng.seed.hex(), commitment=commitment,
                     entropy=rng.entropy, setup_events=[e.as_dict() for e in setup], entries=entries, draws=draws)


@dataclass(frozen=True)
class ReplayReport:
    """``ok``; else ``where`` (``"log"`` for a log that is not well-formed, ``"commitment"``, ``"setup"``,
    ``"entry 12"``, ``"end"``, ``"draws"``, ``"digest"``) and ``difference`` (text). ``digest``: the log's digest as
    recomputed (when the log is well-formed); ``digest_checked``: the log recorded a digest and it is that one (a
    log without one replays, event by event, with ``digest_checked`` False)."""

    ok: bool
    state: dict[str, Any] | None
    where: str = ""
    difference: str = ""
    digest: str = ""
    digest_checked: bool = False


def json_type(value: Any) -> str:
    """``"a JSON array"``, ``"a JSON null"``...: what a decoded JSON value is, for messages."""
    if value is None:
        return "a JSON null"
    if isinstance(value, bool):
        return "a JSON boolean"
    if isinstance(value, int | float):
        return "a JSON number"
    if isinstance(value, str):
        return "a JSON string"
    if isinstance(value, list | tuple):
        return "a JSON array"
    if isinstance(value, dict):
        return "a JSON object"
    return f"a {type(value).__name__}, not JSON"


_KINDS = {"object": dict, "array": list | tuple, "string": str}


def _wrong_type(value: Any, kind: str, name: str) -> str:
    if isinstance(value, _KINDS[kind]):
        return ""
    return f"{name} is {json_type(value)}, not {'an' if kind[0] in 'aeiou' else 'a'} {kind}"


_DIGEST_SHAPE = re.compile(r"[0-9a-f]{64}")


def shape_problem(log: Any) -> str:
    """What makes ``log`` not a well-formed log of this version ("" when nothing does): not an object, another
    format or version, a missing field, a field of the wrong JSON type (down to each entry and event), a digest
    that is present but not 64 lowercase hex digits (null and ``""`` included). The rules of the game check the
    rest on replay."""
    if not isinstance(log, dict):
        return f"the log is {json_type(log)}, not an object"
    if log.get("format") != LOG_FORMAT:
        return f"format is {json.dumps(log.get('format'), ensure_ascii=False)}, not \"{LOG_FORMAT}\""
    version = log.get("version")
    if type(version) is not int or version != LOG_VERSION:
        older = " (version 1 logs, whose digest covered the events only, are no longer read: export the log again)"
        return (f"unknown log version {json.dumps(version, ensure_ascii=False)[:40]}: this replay reads version "
                f"{LOG_VERSION}{older if version == 1 and type(version) is int else ''}")
    missing = [key for key in DIGEST_FIELDS if key not in log]
    if missing:
        return "no " + ", no ".join(missing)
    for key, kind in (("game", "string"), ("config", "object"), ("decks", "object"), ("seed", "string"),
                      ("commitment", "string"), ("entropy", "array"), ("setup_events", "array"),
                      ("entries", "array")):
        problem = _wrong_type(log[key], kind, key)
        if problem:
            return problem
    for i, part in enumerate(log["entropy"]):
        if not isinstance(part, str):
            return _wrong_type(part, "string", f"entropy[{i}]")
    for i, event in enumerate(log["setup_events"]):
        if not isinstance(event, dict):
            return _wrong_type(event, "object", f"setup_events[{i}]")
    for i, entry in enumerate(log["entries"]):
        if not isinstance(entry, dict):
            return _wrong_type(entry, "object", f"entries[{i}]")
        for key, kind in (("action", "object"), ("events", "array")):
            if key not in entry:
                return f"entries[{i}] has no {key}"
            problem = _wrong_type(entry[key], kind, f"entries[{i}].{key}")
            if problem:
                return problem
        for k, event in enumerate(entry["events"]):
            if not isinstance(event, dict):
                return _wrong_type(event, "object", f"entries[{i}].events[{k}]")
    if "ending" in log:
        ending = log["ending"]
        if not isinstance(ending, dict):
            return _wrong_type(ending, "object", "ending")
        if ending.get("reason") not in ENDINGS:
            return (f"ending.reason is {json.dumps(ending.get('reason'), ensure_ascii=False)[:40]}, not one of "
                    f"{', '.join(ENDINGS)}")
    if "draws" in log:
        problem = _wrong_type(log["draws"], "array", "draws")
        if problem:
            return problem
        for i, draw in enumerate(log["draws"]):
            if not isinstance(draw, dict):
                return _wrong_type(draw, "object", f"draws[{i}]")
    if "digest" in log:
        recorded = log["digest"]
        if recorded == "":
            return "the digest is empty (a log's digest is 64 hex digits, or the log has none)"
        if not isinstance(recorded, str):
            return f"the digest is {json_type(recorded)}, not a string of 64 hex digits"
        if not _DIGEST_SHAPE.fullmatch(recorded):
            return "the digest is not 64 lowercase hex digits"
    return ""


def _first_difference(recorded: list[dict[str, Any]], actual: list[Event]) -> str:
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


def _first_draw_difference(recorded: list[dict[str, Any]], actual: list[dict[str, Any]]) -> str:
    for i, (a, b) in enumerate(zip(recorded, actual, strict=False)):
        if a != b:
            return (f"draw {i}: recorded {json.dumps(a, ensure_ascii=False)[:300]} but replay gives "
                    f"{json.dumps(b, ensure_ascii=False)[:300]}")
    if len(recorded) != len(actual):
        return f"recorded {len(recorded)} draws but replay gives {len(actual)}"
    return ""


def replay(log: Any) -> ReplayReport:
    """Verify a log; never raises for a bad log (or any other value), reports it instead (``where`` = ``"log"``
    for a value that is not a well-formed log of this version: ``shape_problem``, an unknown game, an unusable
    pool or config). A recorded digest is checked last, once every event has replayed (``where`` =
    ``"digest"``): it covers the fields the events do not show, such as the config and the decks."""
    try:
        return _replay(log)
    except Exception as exc:  # noqa: BLE001 - the contract: a bad log is reported, never raised
        return ReplayReport(False, None, "log", f"not a well-formed log: {exc.__class__.__name__}: {exc}"[:500])


def _replay(log: Any) -> ReplayReport:
    problem = shape_problem(log)
    if problem:
        return ReplayReport(False, None, "log", f"not a well-formed log: {problem}")
    computed = digest(log)
    if not verify_commitment(log["seed"], log["commitment"]):
        return ReplayReport(False, None, "commitment", "SHA-256 of the seed is not the published commitment",
                            computed)
    engine = get_engine(log["game"])
    rng = RngSeed(bytes.fromhex(log["seed"]), tuple(log["entropy"]))
    with recording() as made:
        state, setup = engine.new_game(log["config"], log["decks"], rng)
    draws = _tagged("setup", made)
    diff = _first_difference(log["setup_events"], setup)
    if diff:
        return ReplayReport(False, state, "setup", diff, computed)
    for i, entry in enumerate(log["entries"]):
        try:
            with recording() as made:
                state, events = engine.apply(state, entry["action"])
            draws += _tagged(i, made)
        except ActionRefused as refused:
            return ReplayReport(
                False, state, f"entry {i}", f"action refused: {refused.code}: {refused.reason}", computed
            )
        diff = _first_difference(entry["events"], events)
        if diff:
            return ReplayReport(False, state, f"entry {i}", diff, computed)
    over = engine.to_act(state) is None
    if not over and "ending" not in log:
        return ReplayReport(False, state, "end", "the log stops before the game is over", computed)
    if over and "ending" in log:
        return ReplayReport(False, state, "end", f"the game is over by its rules, yet the log says it ended "
                            f"{log['ending']['reason']}", computed)
    diff = _first_draw_difference(log["draws"], draws) if "draws" in log else ""
    if diff:
        return ReplayReport(False, state, "draws", diff, computed)
    if "digest" not in log:
        return ReplayReport(True, state, digest=computed, digest_checked=False)
    if log["digest"] != computed:
        return ReplayReport(
            False, state, "digest",
            f"every event replays, but the recorded digest is not theirs: the log's fields give {computed}, "
            f"the log records {log['digest']} (a field the events do not show, such as the version, the config or "
            "a deck, or the digest itself, was edited)", computed)
    return ReplayReport(True, state, digest=computed, digest_checked=True)

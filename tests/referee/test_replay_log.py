"""The replay log and its digest, and ``manage.py replay`` on files that are not logs or are edited logs (found by
acceptance testing: non-object JSON and deep nesting gave tracebacks; an edited config, deck, version or a removed
digest still printed "ok")."""

from __future__ import annotations

import copy
import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from referee.engine import rng
from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed, get_engine
from referee.engine.replay import LOG_VERSION, digest, play, replay

from .iron_leaguer.pool import pool

ENGINE = get_engine("iron_leaguer")


@pytest.fixture(scope="module")
def game() -> tuple[dict, dict]:
    bots = {"silver": make_bot("greedy", 5), "dark": make_bot("random", 6)}
    return play(ENGINE, {}, {"cards": pool()}, RngSeed(rng.seed_from_int(5)), bots)


@pytest.fixture
def log(game) -> dict:
    return copy.deepcopy(game[1])


def run_replay(tmp_path, content: str) -> str:
    path = tmp_path / "game.json"
    path.write_text(content, encoding="utf-8")
    out = io.StringIO()
    call_command("replay", str(path), stdout=out)
    return out.getvalue()


def unused_technique(log: dict) -> dict:
    """The upper half of a technique card whose name appears in no action or event of the log."""
    played = json.dumps(log["setup_events"] + log["entries"], ensure_ascii=False)
    return next(card["attributes"]["upper"] for card in log["decks"]["cards"]
                if card["card_type"] == "technique" and card["attributes"]["upper"]["name"] not in played
                and card["attributes"]["upper"]["attack"] is not None)


# --- the command on files that are not logs ---------------------------------------------------------------------

@pytest.mark.parametrize(("content", "message"), [
    ("[]", "a JSON array, not an object"),
    ("null", "a JSON null, not an object"),
    ("42", "a JSON number, not an object"),
    ('"x"', "a JSON string, not an object"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"format": "other"}', "is not a shinpan.log file"),
])
def test_replay_of_a_file_that_is_not_a_log_is_a_one_line_error(tmp_path, content, message) -> None:
    with pytest.raises(CommandError, match=message) as refused:
        run_replay(tmp_path, content)
    assert "\n" not in str(refused.value)


# --- replay() reports, never raises -----------------------------------------------------------------------------

@pytest.mark.parametrize("bad", [[], None, 42, "x", [[[]]], {}])
def test_replay_of_something_that_is_not_a_log_object_is_reported(bad) -> None:
    report = replay(bad)
    assert (report.ok, report.where) == (False, "log") and report.difference


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(("key", "value", "message"), [
    ("entries", {"a": 1}, "entries is a JSON object, not an array"),
    ("entries", None, "entries is a JSON null, not an array"),
    ("entries", [7], "entries[0] is a JSON number, not an object"),
    ("entries", [{"action": {"type": "pass"}}], "entries[0] has no events"),
    ("entries", [{"action": {"type": "pass"}, "events": [1]}], "entries[0].events[0] is a JSON number"),
    ("setup_events", None, "setup_events is a JSON null, not an array"),
    ("setup_events", ["x"], "setup_events[0] is a JSON string, not an object"),
    ("config", None, "config is a JSON null, not an object"),
    ("config", [], "config is a JSON array, not an object"),
    ("decks", None, "decks is a JSON null, not an object"),
    ("decks", {"cards": None}, ""),
    ("decks", {"cards": [1, "x", None]}, ""),
    ("decks", {"cards": nested(100_000)}, ""),
    ("seed", 7, "seed is a JSON number, not a string"),
    ("commitment", None, "commitment is a JSON null, not a string"),
    ("entropy", None, "entropy is a JSON null, not an array"),
    ("entropy", [1], "entropy[0] is a JSON number, not a string"),
    ("game", ["iron_leaguer"], "game is a JSON array, not a string"),
    ("game", "chess", "chess"),
])
def test_replay_reports_a_part_of_the_wrong_type_instead_of_raising(log, key, value, message) -> None:
    log[key] = value
    report = replay(log)
    assert (report.ok, report.where) == (False, "log")
    assert message in report.difference


def test_replay_reports_a_missing_part(log) -> None:
    del log["decks"]
    report = replay(log)
    assert (report.ok, report.where) == (False, "log") and "no decks" in report.difference


# --- the digest covers the whole game ---------------------------------------------------------------------------

def test_an_untouched_log_replays_with_its_digest_checked(log) -> None:
    report = replay(log)
    assert report.ok and report.digest_checked and report.digest == log["digest"] == digest(log)


@pytest.mark.parametrize("edit", [
    lambda log: log.update(config={"x": 1}),
    lambda log: log["decks"].update(extra=1),
    lambda log: unused_technique(log).update(attack=unused_technique(log)["attack"] + 1),
])
def test_the_digest_covers_the_config_and_the_decks(log, edit) -> None:
    edit(log)
    report = replay(log)
    assert (report.ok, report.where) == (False, "digest"), report
    assert "recorded digest" in report.difference


def test_the_digest_covers_every_field_that_determines_the_game(log) -> None:
    changed = {"format": "shinpan.log2", "version": 3, "game": "other", "config": {"x": 1}, "decks": {},
               "seed": "00" * 32, "commitment": "11" * 32, "entropy": ["a"], "setup_events": [],
               "entries": []}
    for key, value in changed.items():
        assert digest({**log, key: value}) != digest(log), key
    assert digest({**log, "digest": "whatever"}) == digest(log)


@pytest.mark.parametrize("version", [99, 0, "1", None, True])
def test_an_unknown_log_version_is_refused(log, version) -> None:
    log["version"] = version
    report = replay(log)
    assert (report.ok, report.where) == (False, "log") and f"version {LOG_VERSION}" in report.difference


def test_a_log_without_a_digest_replays_but_says_the_digest_was_not_checked(log) -> None:
    recorded = log.pop("digest")
    report = replay(log)
    assert report.ok and not report.digest_checked and report.digest == recorded


@pytest.mark.parametrize("value", ["", None, 5, "abc"])
def test_an_empty_null_or_malformed_digest_is_an_error(log, value) -> None:
    log["digest"] = value
    report = replay(log)
    assert (report.ok, report.where) == (False, "log") and "digest" in report.difference


# --- the command on edited logs ---------------------------------------------------------------------------------

def test_replay_command_says_when_there_was_no_digest_to_check(tmp_path, log) -> None:
    assert run_replay(tmp_path, json.dumps(log)).startswith(f"ok: {len(log['entries'])} actions replay exactly")
    recorded = log.pop("digest")
    out = run_replay(tmp_path, json.dumps(log))
    assert out.startswith("ok (no digest in the log: every event was checked one by one)")
    assert not out.startswith("ok:") and out.strip().endswith(f"digest {recorded}")


@pytest.mark.parametrize(("key", "value", "message"), [
    ("digest", "", "the digest is empty"),
    ("digest", None, "the digest is a JSON null"),
    ("version", 99, "unknown log version 99"),
    ("config", {"x": 1}, "recorded digest is not"),
    ("config", None, "config is a JSON null"),
])
def test_replay_command_refuses_an_edited_log(tmp_path, log, key, value, message) -> None:
    log[key] = value
    with pytest.raises(CommandError, match=message) as refused:
        run_replay(tmp_path, json.dumps(log))
    assert "\n" not in str(refused.value)


def test_replay_command_refuses_a_changed_card_stat(tmp_path, log) -> None:
    unused_technique(log)["attack"] += 1
    with pytest.raises(CommandError, match="recorded digest is not"):
        run_replay(tmp_path, json.dumps(log))

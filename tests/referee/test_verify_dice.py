"""``scripts/verify_dice.py``, the standalone dice verifier a player downloads (``docs/dice.md``), and the draw
record (``referee.engine.rng.recording``, a log's ``draws``) it reads.

The verifier runs as a player runs it: ``python -I`` (no site-packages, no project on the path) in another
folder, on logs written by ``manage.py playmatch --log`` (offline and online, Celery eager as with ``REDIS_URL``
unset). Edited logs have their digest recomputed, as whoever edits a log can: the dice must be refused for
themselves, not for the digest.
"""

from __future__ import annotations

import copy
import importlib.util
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from config.celery import app as celery_app
from referee.engine import rng
from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed, get_engine
from referee.engine.replay import digest, play, replay

from .iron_leaguer.pool import pool
from .test_commands import load_pool

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "verify_dice.py"
ENGINE = get_engine("iron_leaguer")


def load_verifier():
    spec = importlib.util.spec_from_file_location("verify_dice", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


verifier = load_verifier()


def verify_file(path: Path, *args: str) -> subprocess.CompletedProcess:
    """The verifier as a player runs it: isolated Python, in a folder of its own."""
    return subprocess.run([sys.executable, "-I", str(SCRIPT), *args, str(path)], capture_output=True, text=True,
                          cwd=path.parent, timeout=120)


def verify_log(tmp_path: Path, log) -> subprocess.CompletedProcess:
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
    return verify_file(path)


def verdict(log) -> tuple[int, str]:
    """``(exit status, message)`` of the verifier, in process."""
    try:
        return verifier.OK, verifier.verify(log)
    except verifier.Refused as refused:
        return refused.status, refused.message


def redigest(log: dict) -> dict:
    log["digest"] = digest(log)
    return log


@pytest.fixture(scope="module")
def game() -> dict:
    bots = {"silver": make_bot("greedy", 5), "dark": make_bot("random", 6)}
    return play(ENGINE, {}, {"cards": pool()}, RngSeed(rng.seed_from_int(7), ("alice", "bob")), bots)[1]


@pytest.fixture
def log(game) -> dict:
    return copy.deepcopy(game)


def first_roll(log: dict) -> tuple[int, int, dict]:
    """``(entry index, event index, event)`` of the first event that shows dice."""
    return next((i, k, e) for i, entry in enumerate(log["entries"]) for k, e in enumerate(entry["events"])
                if isinstance(e["data"].get("dice"), list))


# --- real logs of playmatch ---------------------------------------------------------------------------------------

@pytest.fixture
def eager_celery():
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


def playmatch_log(tmp_path: Path, *extra: str) -> Path:
    path = tmp_path / "x.json"
    call_command("playmatch", "--game", "iron_leaguer", "--bots", "greedy,random", "--seed", "7", "--log",
                 str(path), *extra, stdout=io.StringIO())
    return path


def test_the_verifier_accepts_a_real_offline_log_of_playmatch(transactional_db, tmp_path) -> None:
    load_pool()
    path = playmatch_log(tmp_path, "--offline")
    result = verify_file(path)
    log = json.loads(path.read_text(encoding="utf-8"))
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith(f"ok: seed matches commitment {log['commitment']}; digest {log['digest']}")
    assert f"{len(log['draws'])} draws" in result.stdout


def test_the_verifier_accepts_a_real_online_log_of_playmatch(transactional_db, tmp_path, eager_celery) -> None:
    load_pool()
    path = playmatch_log(tmp_path)
    result = verify_file(path)
    assert (result.returncode, result.stderr) == (0, ""), result.stdout
    assert result.stdout.startswith("ok: ") and json.loads(path.read_text(encoding="utf-8"))["draws"]


def test_the_verifier_refuses_a_real_log_with_one_changed_die(transactional_db, tmp_path) -> None:
    load_pool()
    log = json.loads(playmatch_log(tmp_path, "--offline").read_text(encoding="utf-8"))
    i, k, event = first_roll(log)
    event["data"]["dice"][0] = event["data"]["dice"][0] % 6 + 1
    result = verify_log(tmp_path, redigest(log))
    assert result.returncode == 1 and result.stdout.startswith(f"MISMATCH at entries[{i}].events[{k}]: ")


# --- tampered logs ------------------------------------------------------------------------------------------------

def test_an_untouched_log_is_ok_with_every_draw_and_roll_checked(log) -> None:
    status, message = verdict(log)
    rolls = sum(isinstance(e["data"].get("dice"), list) or "die" in e["data"]
                for entry in log["entries"] for e in entry["events"])
    assert status == 0 and f"{len(log['draws'])} draws" in message and f"{rolls} rolls shown" in message


def test_a_changed_die_in_an_event_is_refused_at_its_position(log) -> None:
    i, k, event = first_roll(log)
    event["data"]["dice"][1] = event["data"]["dice"][1] % 6 + 1
    status, message = verdict(redigest(log))
    assert status == 1 and message.startswith(f"entries[{i}].events[{k}]: ") and "no such draw" in message


def test_a_changed_die_in_the_draws_is_refused_at_its_position(log) -> None:
    n, draw = next((n, d) for n, d in enumerate(log["draws"]) if d["kind"] == "dice")
    draw["result"][0] = draw["result"][0] % 6 + 1
    status, message = verdict(redigest(log))
    assert status == 1 and message.startswith(f"draws[{n}]: dice (entry {draw['at']}, block {draw['counter']})")


def test_a_changed_entropy_is_refused(log) -> None:
    log["entropy"][1] = "bob!"
    log["setup_events"][0]["data"]["entropy"][1] = "bob!"
    status, message = verdict(redigest(log))
    assert status == 1 and message.startswith("draws[0]: shuffle")


def test_an_entropy_other_than_the_one_shown_at_the_start_is_refused(log) -> None:
    log["entropy"] = ["mallory"]
    status, message = verdict(redigest(log))
    assert status == 1 and message.startswith("setup_events[0]: the match started with entropy")


def test_a_changed_seed_is_refused(log) -> None:
    log["seed"] = rng.seed_from_int(8).hex()
    status, message = verdict(redigest(log))
    assert status == 1 and message.startswith("commitment: SHA-256 of the revealed seed is not the commitment")


def test_a_changed_seed_with_its_commitment_is_refused(log) -> None:
    seed = rng.seed_from_int(8)
    log["seed"], log["commitment"] = seed.hex(), rng.commitment(seed)
    status, message = verdict(redigest(log))
    assert status == 1 and message.startswith("setup_events[0]: the match started with commitment")


def test_a_changed_commitment_is_refused(log) -> None:
    log["commitment"] = "0" * 64
    status, message = verdict(redigest(log))
    assert status == 1 and message.startswith("commitment: ")


@pytest.mark.parametrize(("edit", "message"), [
    (lambda draws: draws.pop(4), "draws[4]: starts at block"),
    (lambda draws: draws.insert(5, dict(draws[4])), "draws[5]: starts at block"),
    (lambda draws: draws[4].update(count=3), "draws[4]: dice"),
    (lambda draws: draws[4].update(kind="coin"), "draws[4].kind is \"coin\""),
    (lambda draws: draws[0].update(at=3), "draws[1]: a draw of the setup after one of entry 3"),
])
def test_a_skipped_repeated_or_reshaped_draw_is_refused(log, edit, message) -> None:
    edit(log["draws"])
    status, found = verdict(redigest(log))
    assert status in (1, 2) and found.startswith(message), found


def test_an_edit_no_draw_shows_is_refused_by_the_digest(log) -> None:
    log["decks"]["cards"][0]["name"] += "x"
    status, message = verdict(log)
    assert status == 1 and message.startswith("digest: the log's fields give digest")


# --- logs without draws (written before logs listed them) ---------------------------------------------------------

def test_a_log_without_draws_is_partially_checked_and_says_what_was_not(log) -> None:
    del log["draws"]
    status, message = verdict(log)
    assert status == 0 and message.startswith("PARTIAL: ") and "shuffles and the draws no event shows" in message


def test_a_log_without_draws_still_refuses_a_changed_die(log) -> None:
    del log["draws"]
    i, k, event = first_roll(log)
    event["data"]["dice"][0] = event["data"]["dice"][0] % 6 + 1
    status, message = verdict(redigest(log))
    assert status == 1 and message.startswith(f"entries[{i}].events[{k}]: ")


# --- files that are not logs --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("content", "message"), [
    ("{", "is not JSON"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ("[]", "the file holds an array, not a log"),
    ('{"format": "other"}', 'format is "other"'),
    ('{"format": "shinpan.log", "version": 1}', "log version 1: this verifier reads version 2"),
    ('{"format": "shinpan.log", "version": 2}', "the log has no seed, no commitment, no entropy"),
    ('{"format": "shinpan.log", "version": 2, "seed": 7, "commitment": "", "entropy": [], "setup_events": [], '
     '"entries": []}', "seed is a number, not a string"),
    ("\udcff", "not UTF-8"),
])
def test_a_file_that_is_not_a_log_is_unreadable_in_one_line(tmp_path, content, message) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    result = verify_file(path)
    assert (result.returncode, result.stdout) == (2, "") and message in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_a_missing_file_and_a_bad_command_line_are_unreadable(tmp_path) -> None:
    result = verify_file(tmp_path / "missing.json")
    assert result.returncode == 2 and "cannot be read" in result.stderr and "Traceback" not in result.stderr
    bad = subprocess.run([sys.executable, "-I", str(SCRIPT)], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.startswith("usage:")


@pytest.mark.parametrize(("key", "value"), [
    ("entries", [{"events": None}]), ("draws", {"a": 1}), ("draws", [1]), ("entropy", [3]),
    ("decks", {"deep": json.loads("[" * 900 + "]" * 900)}),
])
def test_a_log_with_a_part_of_the_wrong_shape_is_unreadable(log, key, value) -> None:
    log[key] = value
    status, message = verdict(log)
    assert status in (1, 2) and message and "\n" not in message


# --- the script stands alone --------------------------------------------------------------------------------------

def test_the_verifier_imports_only_the_standard_library_and_runs_isolated(tmp_path) -> None:
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import verify_dice; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'referee', 'matches', 'django', 'config'}))")
    found = subprocess.run([sys.executable, "-I", "-c", code, str(SCRIPT.parent)], capture_output=True, text=True,
                           cwd=tmp_path, timeout=60)
    assert (found.returncode, found.stdout.strip(), found.stderr) == (0, "[]", "")


def test_the_trace_shows_each_block_of_the_first_draws(tmp_path, log) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    result = verify_file(path, "--trace", "1")
    lines = result.stdout.splitlines()
    assert result.returncode == 0 and lines[0] == "entropy suffix (hex): 00000005616c69636500000003626f62"
    assert lines[1].startswith("draws[0] shuffle 15 (the setup) -> ") and lines[2].startswith("  block 0 = 0x")


def test_the_verifiers_generator_is_the_engines(log) -> None:
    state = rng.new_rng_state(rng.seed_from_int(3), ("x", "yz"))
    stream = verifier.Stream(rng.seed_from_int(3), ["x", "yz"])
    for n in (1, 2, 3, 6, 7, 1000, 2**31 + 1):
        assert [rng.randbelow(state, n) for _ in range(20)] == [stream.below(n) for _ in range(20)]
    assert rng.dice(state, 9) == stream.dice(9) and state["counter"] == stream.counter


# --- the draw record of the engine --------------------------------------------------------------------------------

def test_recording_lists_every_draw_with_its_kind_counter_bounds_and_result() -> None:
    state = rng.new_rng_state(rng.seed_from_int(1))
    with rng.recording() as draws:
        below = rng.randbelow(state, 10)
        rolled = rng.dice(state, 2)
        counter = state["counter"]
        shuffled = rng.shuffle(state, list("abcd"))
    assert draws[:2] == [{"kind": "randbelow", "counter": 0, "n": 10, "result": below},
                         {"kind": "dice", "counter": 1, "count": 2, "result": rolled}]
    assert draws[2]["kind"] == "shuffle" and draws[2]["counter"] == counter and draws[2]["count"] == 4
    assert ["abcd"[k] for k in draws[2]["result"]] == shuffled
    rng.randbelow(state, 2)
    assert len(draws) == 3  # nothing is recorded outside the block


def test_a_played_log_lists_its_draws_and_keeps_its_digest_without_them(log) -> None:
    assert log["draws"][0] == {"at": "setup", **log["draws"][0]} and log["draws"][-1]["at"] < len(log["entries"])
    assert digest({k: v for k, v in log.items() if k != "draws"}) == log["digest"]


def test_replay_refuses_a_log_whose_draws_are_not_the_games(log) -> None:
    log["draws"][4]["result"] = [6, 6]
    report = replay(log)
    assert (report.ok, report.where) == (False, "draws") and report.difference.startswith("draw 4: recorded")


def test_replay_reads_a_log_without_draws_as_before(log) -> None:
    del log["draws"]
    assert replay(log).ok


def test_a_log_that_ends_outside_the_rules_is_checked_with_its_ending(log) -> None:
    """A resigned match's log (``ending``, covered by the digest: ``referee.engine.replay``): the verifier agrees
    with the replay, and an edited ending is refused by the digest."""
    from referee.engine.replay import build_log, replay

    cut = len(log["entries"]) // 2
    fields = {key: log[key] for key in ("game", "config", "decks", "commitment", "entropy", "setup_events")}
    ended = build_log(**fields, seed_hex=log["seed"], entries=log["entries"][:cut],
                      ending={"reason": "resigned", "winner": "silver"})
    assert replay(ended).ok
    assert verdict(ended)[0] == 0
    ended["ending"]["winner"] = "dark"
    status, message = verdict(ended)
    assert status == 1 and message.startswith("digest:")

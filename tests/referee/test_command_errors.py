"""``playmatch`` and ``replay`` on bad arguments, bad paths, missing workers, an unmigrated database, two runs at
once on SQLite and logs without a digest (found by acceptance testing). ``playmatch`` refuses a ``--log`` or
``--timeout`` it cannot use before playing (these once played a whole game, then failed with a traceback)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management.base import CommandError

from matches.models import Match

from .test_commands import catalogue, eager_celery, load_pool, no_workers, run  # noqa: F401 - fixtures used by name

pytestmark = pytest.mark.slow  # commands run on a database and in subprocesses (the quick lane: -m 'not slow')

ROOT = Path(__file__).resolve().parents[2]


def test_playmatch_refuses_a_log_path_in_a_missing_folder_before_playing(catalogue, tmp_path) -> None:  # noqa: F811
    with pytest.raises(CommandError, match="folder does not exist"):
        run("playmatch", "--game", "iron_leaguer", "--seed", "1", "--log", str(tmp_path / "missing" / "game.json"))
    assert Match.objects.count() == 0


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "chess"], "no engine for game 'chess'"),
    (["--bots", "greedy,clever"], "unknown bot 'clever'"),
    (["--bots", "greedy"], "--bots takes 2 bots, silver first"),
    (["--bots", "greedy,random,random"], "--bots takes 2 bots"),
    (["--timeout", "0"], "--timeout takes a number of seconds above 0"),
    (["--timeout=nan"], "--timeout takes a number of seconds above 0"),  # found by acceptance testing: nan
    (["--timeout=inf"], "--timeout takes a number of seconds above 0"),  # never timed out
    (["--timeout=-inf"], "--timeout takes a number of seconds above 0"),
])
def test_playmatch_refuses_bad_arguments_before_playing(catalogue, args, message) -> None:  # noqa: F811
    with pytest.raises(CommandError, match=message):
        run("playmatch", "--game", "iron_leaguer", "--seed", "1", *args)
    assert Match.objects.count() == 0


def test_playmatch_without_workers_gives_up_after_its_timeout(catalogue, no_workers) -> None:  # noqa: F811
    with pytest.raises(CommandError) as refused:
        run("playmatch", "--game", "iron_leaguer", "--seed", "1", "--timeout", "0.5")
    match = Match.objects.get()
    assert match.status == Match.Status.ACTIVE and match.version == 0
    assert f"match {match.pk} did not finish within 0.5 s: it reached version 0" in str(refused.value)
    assert "celery -A config worker" in str(refused.value)


def test_playmatch_inside_a_transaction_says_the_match_stopped(db) -> None:
    load_pool()
    with pytest.raises(CommandError, match=r"match \d+ stopped at version 0 .* inside a transaction"):
        run("playmatch", "--game", "iron_leaguer", "--seed", "1")


def test_replay_verifies_a_log_without_a_recorded_digest(catalogue, tmp_path) -> None:  # noqa: F811
    path = tmp_path / "game.json"
    run("playmatch", "--game", "iron_leaguer", "--seed", "2", "--offline", "--log", str(path))
    log = json.loads(path.read_text())
    recorded = log.pop("digest")
    path.write_text(json.dumps(log))
    out = run("replay", str(path))
    # it says the digest was not checked, never a plain "ok:" as if it had been
    assert out.startswith("ok (no digest in the log: every event was checked one by one): ")
    assert out.strip().endswith(f"digest {recorded}")


@pytest.mark.parametrize("bad", ["", "   "])
def test_playmatch_refuses_an_empty_log_path(catalogue, bad) -> None:  # noqa: F811
    with pytest.raises(CommandError, match="--log takes the path of the file to write"):
        run("playmatch", "--game", "iron_leaguer", "--seed", "1", "--log", bad)
    assert Match.objects.count() == 0


def test_playmatch_refuses_a_folder_as_its_log_before_playing(catalogue, tmp_path) -> None:  # noqa: F811
    with pytest.raises(CommandError, match="this is a folder"):
        run("playmatch", "--game", "iron_leaguer", "--seed", "1", "--log", str(tmp_path))
    assert Match.objects.count() == 0


def test_playmatch_refuses_a_log_in_a_folder_the_system_will_not_write(catalogue) -> None:  # noqa: F811
    with pytest.raises(CommandError, match="cannot be written"):
        run("playmatch", "--game", "iron_leaguer", "--seed", "1", "--log", "/proc/shinpan-game.json")
    assert Match.objects.count() == 0


def test_playmatch_checking_a_new_log_path_leaves_no_file_behind(catalogue, tmp_path) -> None:  # noqa: F811
    with pytest.raises(CommandError, match="--bots takes"):  # refused after the --log check, before playing
        run("playmatch", "--game", "iron_leaguer", "--seed", "1", "--bots", "greedy",
            "--log", str(tmp_path / "game.json"))
    assert not (tmp_path / "game.json").exists()


def test_playmatch_on_an_unmigrated_database_says_to_migrate(tmp_path) -> None:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite3'}", "DEBUG": "1"}
    env.pop("REDIS_URL", None)
    done = subprocess.run([sys.executable, "manage.py", "playmatch", "--game", "iron_leaguer", "--seed", "1"],
                          cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "run manage.py migrate" in done.stderr and "Traceback" not in done.stderr


def test_two_playmatch_runs_at_once_on_the_embedded_sqlite_database_both_finish(tmp_path) -> None:
    """Regression (acceptance testing): two writers on the embedded default's SQLite file failed with "database
    is locked" and left a match in play for ever; write transactions now queue for the lock (IMMEDIATE)."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "DEBUG": "1"}
    env.pop("REDIS_URL", None)
    for command in (["migrate", "-v", "0"], ["loadseeds"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True,
                       timeout=300)
    runs = [subprocess.Popen([sys.executable, "manage.py", "playmatch", "--seed", "7", "--bots", "random,random"],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(2)]
    outputs = [run.communicate(timeout=300) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], [err[-2000:] for _, err in outputs]
    digests = {line for out, _ in outputs for line in out.splitlines() if line.startswith("digest: ")}
    assert len(digests) == 1

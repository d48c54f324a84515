"""``playmatch`` and ``replay`` on bad arguments, bad paths, missing workers and logs without a digest (found by
acceptance testing)."""

from __future__ import annotations

import json

import pytest
from django.core.management.base import CommandError

from matches.models import Match

from .test_commands import catalogue, eager_celery, load_pool, no_workers, run  # noqa: F401 - fixtures used by name


def test_playmatch_refuses_a_log_path_in_a_missing_folder_before_playing(catalogue, tmp_path) -> None:  # noqa: F811
    with pytest.raises(CommandError, match="folder does not exist"):
        run("playmatch", "--seed", "1", "--log", str(tmp_path / "missing" / "game.json"))
    assert Match.objects.count() == 0


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "chess"], "no engine for game 'chess'"),
    (["--bots", "greedy,clever"], "unknown bot 'clever'"),
    (["--bots", "greedy"], "--bots takes 2 bots, silver first"),
    (["--bots", "greedy,random,random"], "--bots takes 2 bots"),
    (["--timeout", "0"], "--timeout takes a number of seconds above 0"),
])
def test_playmatch_refuses_bad_arguments_before_playing(catalogue, args, message) -> None:  # noqa: F811
    with pytest.raises(CommandError, match=message):
        run("playmatch", "--seed", "1", *args)
    assert Match.objects.count() == 0


def test_playmatch_without_workers_gives_up_after_its_timeout(catalogue, no_workers) -> None:  # noqa: F811
    with pytest.raises(CommandError) as refused:
        run("playmatch", "--seed", "1", "--timeout", "0.5")
    match = Match.objects.get()
    assert match.status == Match.Status.ACTIVE and match.version == 0
    assert f"match {match.pk} did not finish within 0.5 s: it reached version 0" in str(refused.value)
    assert "celery -A config worker" in str(refused.value)


def test_playmatch_inside_a_transaction_says_the_match_stopped(db) -> None:
    load_pool()
    with pytest.raises(CommandError, match=r"match \d+ stopped at version 0 .* inside a transaction"):
        run("playmatch", "--seed", "1")


def test_replay_verifies_a_log_without_a_recorded_digest(catalogue, tmp_path) -> None:  # noqa: F811
    path = tmp_path / "game.json"
    run("playmatch", "--seed", "2", "--offline", "--log", str(path))
    log = json.loads(path.read_text())
    recorded = log.pop("digest")
    path.write_text(json.dumps(log))
    out = run("replay", str(path))
    # it says the digest was not checked, never a plain "ok:" as if it had been
    assert out.startswith("ok (no digest in the log: every event was checked one by one): ")
    assert out.strip().endswith(f"digest {recorded}")

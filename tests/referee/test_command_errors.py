"""``playmatch`` and ``replay`` on bad paths and on logs without a digest (found by acceptance testing)."""

from __future__ import annotations

import json

import pytest
from django.core.management.base import CommandError

from .test_commands import catalogue, run  # noqa: F401 - the fixture is used by name


def test_playmatch_refuses_a_log_path_in_a_missing_folder_before_playing(catalogue, tmp_path) -> None:  # noqa: F811
    with pytest.raises(CommandError, match="folder does not exist"):
        run("playmatch", "--seed", "1", "--log", str(tmp_path / "missing" / "game.json"))


def test_replay_verifies_a_log_without_a_recorded_digest(catalogue, tmp_path) -> None:  # noqa: F811
    path = tmp_path / "game.json"
    run("playmatch", "--seed", "2", "--log", str(path))
    log = json.loads(path.read_text())
    recorded = log.pop("digest")
    path.write_text(json.dumps(log))
    assert run("replay", str(path)).strip().endswith(f"digest {recorded}")

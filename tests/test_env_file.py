"""A local .env file fills in settings the environment lacks (issue 11, point 7: manage.py commands pasted after
``make run`` work, as ``make run`` writes DEBUG=1 there)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import load_env_file

ROOT = Path(__file__).resolve().parents[1]


def test_values_of_the_file_fill_in_unset_variables_and_never_override_set_ones(tmp_path, monkeypatch):
    monkeypatch.delenv("SHINPAN_T_A", raising=False)
    monkeypatch.setenv("SHINPAN_T_B", "from-env")
    env = tmp_path / ".env"
    env.write_text("# comment\n\nSHINPAN_T_A='one two'\nexport SHINPAN_T_B=from-file\n")
    assert load_env_file(env) == ["SHINPAN_T_A"]
    assert os.environ["SHINPAN_T_A"] == "one two" and os.environ["SHINPAN_T_B"] == "from-env"
    monkeypatch.delenv("SHINPAN_T_A")


def test_a_missing_file_is_no_error_and_a_bad_line_names_the_file_and_line(tmp_path):
    assert load_env_file(tmp_path / "absent") == []
    bad = tmp_path / ".env"
    bad.write_text("DEBUG=1\nnot a setting\n")
    with pytest.raises(ImproperlyConfigured, match=r"line 2: expected NAME=value"):
        load_env_file(bad)


def test_manage_py_runs_without_debug_in_the_environment_after_make_run_wrote_env():
    # What a newcomer does after `make run`: paste `.venv/bin/python manage.py <command>` with nothing exported.
    env_file = ROOT / ".env"
    if env_file.exists():
        pytest.skip("a .env of this checkout exists; the test writes and removes its own")
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY")}
    command = [sys.executable, "manage.py", "shell", "-c", "from django.conf import settings; print(settings.DEBUG)"]
    refused = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert refused.returncode != 0 and "SECRET_KEY must be set" in refused.stderr
    env_file.write_text("DEBUG=1\n")
    try:
        result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    finally:
        env_file.unlink()
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "True"

"""The OpenAPI schema (``/api/schema/``): valid without a warning, and a schema-driven fuzzer (schemathesis)
over every operation finds no 5xx and no answer the schema does not describe (status, content type, body)."""

from __future__ import annotations

import base64
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
import schemathesis
from django.core.management import call_command
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from config.wsgi import application

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "pw-Shinpan-fuzz-1"
# Sized for CI (2 cores): about 30 operations, a few seconds each.
EXAMPLES = int(os.environ.get("SHINPAN_FUZZ_EXAMPLES", "10"))


def test_the_schema_validates_without_a_warning(tmp_path):
    # The command CI must pass (issue 11): spectacular's own validation, warnings fatal.
    result = subprocess.run(
        [sys.executable, "manage.py", "spectacular", "--validate", "--fail-on-warn", "--file",
         str(tmp_path / "schema.yml")],
        cwd=ROOT, capture_output=True, text=True, env=os.environ | {"DEBUG": "1"}, timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]


def test_the_schema_describes_the_error_shape_and_the_untyped_endpoints(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    assert "Error" in schema["components"]["schemas"]
    validate = schema["paths"]["/api/decks/validate/"]["post"]
    assert {"application/json", "text/plain", "multipart/form-data"} <= set(validate["requestBody"]["content"])
    assert validate["responses"]["400"]["content"]["application/json"]["schema"]["$ref"].endswith("/Error")
    actions = schema["paths"]["/api/matches/{match_id}/actions/"]["post"]
    assert "requestBody" in actions and {"202", "409", "422"} <= set(actions["responses"])


def test_every_paged_list_names_page_size_in_the_schema(client):
    """docs/api.md: `page_size` on every list (found by acceptance testing: the matches list did not say so)."""
    schema = client.get("/api/schema/", {"format": "json"}).json()
    paged = {path: {p["name"] for p in op.get("parameters", [])} for path, item in schema["paths"].items()
             for method, op in item.items() if method == "get"
             and any(p["name"] == "cursor" for p in op.get("parameters", []))}
    assert "/api/matches/" in paged and all("page_size" in names for names in paged.values()), paged


# The WSGI app answers in this thread on the test's database connection: as Django's test client does, keep
# Django from closing that connection after each request.
@pytest.fixture
def wsgi_db(db):
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def catalogue(wsgi_db):
    from tests.cache import clear_cache

    clear_cache()  # the throttles' counts
    call_command("loadseeds", stdout=io.StringIO())


@pytest.fixture
def credentials(catalogue, settings):
    from django.contrib.auth import get_user_model

    # Basic authentication checks the password on every request: a fast hasher keeps the fuzzer in budget.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    get_user_model().objects.create_user("fuzzer", password=PASSWORD)
    # identity: schemathesis's in-process WSGI transport does not undo the gzip a browser or HTTP client would
    return {"Authorization": "Basic " + base64.b64encode(f"fuzzer:{PASSWORD}".encode()).decode(),
            "Accept-Encoding": "identity"}


schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@schema.parametrize()
@hypothesis_settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_the_fuzzer_finds_no_server_error_and_no_answer_outside_the_schema(case, credentials):
    case.call_and_validate(headers=credentials, checks=CHECKS)

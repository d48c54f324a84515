"""The one registry of games (issue 26, "One registry"; ``referee.registry``): every registered game has every
part, a game lacking one is named with the part, and no code outside a game's own folders names a game."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from dataclasses import replace
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from decks import codec, textcheck
from matches.game_checks import game_problems
from referee import registry

from .fourth_game.spec import SPEC as DUEL

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def duel():
    with registry.registered(DUEL):
        yield DUEL


@pytest.mark.parametrize("code", [*registry.codes(), "duel"])
def test_every_registered_game_has_every_part(code, duel):
    assert game_problems(registry.spec(code)) == []


@pytest.mark.parametrize(("change", "said"), [
    ({"board": "tests.fourth_game.board:Nowhere"}, "duel: its board (tests.fourth_game.board:Nowhere) cannot be"),
    ({"engine": "tests.fourth_game.cards:GAME"}, "duel: engine: has no callable new_game"),
    ({"card_schema": "tests.fourth_game.engine:ENGINE"}, "duel: card_schema: is a DuelEngine, not"),
    ({"face_template": "fourth_game/nothing.html"}, "duel: face: its template 'fourth_game/nothing.html' does not"),
    ({"legality": "tests.fourth_game.decklist"}, "duel: legality: has no callable check"),
    ({"decklist": "tests.fourth_game.legality"}, "duel: decklist: has no callable keep"),
    ({"seeds": replace(DUEL.seeds, formats=())}, "duel: seeds: the default format 'duel_standard' is none of"),
])
def test_a_game_lacking_a_part_is_named_with_the_part(change, said):
    problems = game_problems(replace(DUEL, **change))
    assert any(p.startswith(said) for p in problems), problems


def test_a_card_type_or_value_without_words_is_a_problem():
    schema = registry.spec("legions").part("card_schema")
    bare = replace(schema, labels={k: v for k, v in schema.labels.items() if k not in ("lord", "blue")})
    spec = replace(DUEL, code="legions", card_schema="x")
    from matches import game_checks

    assert game_checks._schema(spec, bare) == ["the card type 'lord' has no English and Japanese label",
                                               "the value 'blue' of colours has no label"]


def test_manage_py_check_refuses_to_start_with_an_incomplete_game():
    with registry.registered(replace(DUEL, board="tests.fourth_game.board:Nowhere")):
        with pytest.raises(SystemCheckError, match="games.E001"):
            call_command("check", stdout=StringIO(), stderr=StringIO())
    call_command("check", stdout=StringIO())


@pytest.mark.django_db
def test_registering_a_game_needs_no_migration(duel):
    call_command("makemigrations", "--check", "--dry-run", stdout=StringIO())


@pytest.mark.parametrize("code", [*registry.codes(), "duel"])
def test_every_sample_deck_of_a_game_is_legal_in_its_default_format(code, duel):
    spec = registry.spec(code)
    formats = {}
    for path in spec.seeds.paths("formats"):
        data = json.loads(path.read_text(encoding="utf-8"))
        formats[data["code"]] = data
    index = codec.index_from_document(json.loads(spec.seeds.paths("catalogue")[0].read_text(encoding="utf-8")))
    for path in spec.seeds.paths("decks"):
        result = textcheck.check_text(path.read_text(encoding="utf-8"), formats=formats, index_for=lambda g: index)
        assert result.game == code and result.report.legal, (path.name, result.report.errors)


def test_the_registry_imports_no_game_until_a_part_is_asked_for():
    code = ("import sys, referee.registry as r; r.codes(); "
            "print(sorted(m for m in sys.modules if m.startswith(('referee.games.', 'django', 'cards', 'decks'))"
            " and not m.endswith('.spec') and m != 'referee.games'))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    games = ["referee.games.iron_leaguer", "referee.games.legions", "referee.games.riders_legend"]
    assert out.stdout.strip() == str(games)


# -- no game code outside its folders -----------------------------------------------------------------------------

# A game's own files: its folders in each app (engine, schema, legality, board, face and board templates) and its
# seed tools. Outside them the only mention of a game is its registration line (referee/registry.py).
OWN = ("referee/games/{c}/", "cards/games/{c}.py", "decks/legality/{c}.py", "matches/boards/{c}/",
       "templates/components/faces/{c}", "templates/matches/boards/{c}.html", "seeds/tools/make_{c}.py")
SKIPPED = ("tests/", "bench/", ".venv/", ".git/", "artifacts/", "media/", "staticfiles/")
REGISTRATION = "referee/registry.py"


def _own(relative: str) -> bool:
    return relative == REGISTRATION or any(relative.startswith(o.format(c=c)) for o in OWN for c in registry.codes())


def _code_like(text: str, pattern: re.Pattern) -> bool:
    """A string that names a game as code does (``"legions"``, ``"legions.master_count"``, a path): no spaces."""
    return " " not in text and bool(pattern.search(text))


def _docstrings(tree: ast.AST) -> set[int]:
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}


def game_mentions() -> list[str]:
    """``path:line: text`` of each string constant (docstrings and prose aside) of the site's Python, and each
    template or script line comparing with a game's code, outside the game's own files."""
    codes = "|".join(registry.codes())
    pattern = re.compile(rf"(?<![a-z_])({codes})(?![a-z_])")
    compared = re.compile(rf"""(==|!=|in)\s*["']({codes})["']|["']({codes})["']\s*(==|!=)""")
    found = []
    for path in sorted(ROOT.rglob("*")):
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith(SKIPPED) or "/migrations/" in relative or _own(relative) or not path.is_file():
            continue
        if path.suffix == ".py":
            tree = ast.parse(path.read_text(encoding="utf-8"))
            skip = _docstrings(tree)
            found += [f"{relative}:{node.lineno}: {node.value!r}" for node in ast.walk(tree)
                      if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
                      and _code_like(node.value, pattern)]
        elif path.suffix in (".html", ".js"):
            lines = path.read_text(encoding="utf-8").splitlines()
            found += [f"{relative}:{n}: {line.strip()}" for n, line in enumerate(lines, 1) if compared.search(line)]
    return found


def test_no_code_outside_a_games_own_folders_names_the_game():
    assert game_mentions() == []


def test_the_mention_finder_finds_a_game_code_and_a_template_branch(tmp_path, monkeypatch):
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "x.py").write_text('"""legions in a docstring"""\nX = {"legions": 1, "a b": "legions x"}\n')
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "t.html").write_text('{% if game == "iron_leaguer" %}x{% endif %}\n')
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert game_mentions() == ["cards/x.py:2: 'legions'",
                               'templates/t.html:1: {% if game == "iron_leaguer" %}x{% endif %}']

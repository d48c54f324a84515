"""The flow (flow.py): the one place that says which step follows which. The step modules import no other step
module and no module of the engine imports another in a cycle (imports inside functions count); the flow
table names every step the step modules say is over, and carries each on."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed
from referee.engine.replay import play
from referee.engine.rng import seed_from_int
from referee.games.iron_leaguer import flow

from .conftest import ENGINE
from .pool import pool

PACKAGE = "referee.games.iron_leaguer"
SOURCES = Path(flow.__file__).parent
MODULES = {path.stem: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(SOURCES.glob("*.py"))}
# the modules of the game's steps: each says when its step is over, flow.py says what follows
STEP_MODULES = ("match", "scoring", "rough_play", "scenes", "interval", "interval_steps", "growth")
# what every step module may use: the rules' numbers, the state, the actions, the techniques' tables
LOWER_MODULES = ("rules", "state", "actions", "techniques")
# The checks that read the engine's source: mutation testing (mutmut, docs/testing.md) rewrites it, so they say
# nothing there and are left out (mutmut sets MUTANT_UNDER_TEST in the processes it runs tests in).
reads_source = pytest.mark.skipif("MUTANT_UNDER_TEST" in os.environ,
                                  reason="reads the engine's source, which mutation testing rewrites")


def imports(module: str) -> set[str]:
    """The modules of the package that ``module`` imports, at module level or inside a function."""
    return imported(MODULES[module])


def imported(tree: ast.Module) -> set[str]:
    """The modules of the package that the source ``tree`` imports, wherever the import stands."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 or node.module == PACKAGE:  # from . import x / from .x import y
                base = node.module if node.level == 1 else None
                names = [base] if base else [alias.name for alias in node.names]
            elif node.level == 0 and node.module and node.module.startswith(PACKAGE + "."):
                names = [node.module.removeprefix(PACKAGE + ".").split(".")[0]]
            else:
                continue
        elif isinstance(node, ast.Import):
            names = [a.name.removeprefix(PACKAGE + ".").split(".")[0] for a in node.names if a.name.startswith(PACKAGE)]
        else:
            continue
        found.update(name for name in names if name in MODULES)
    return found


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` (module -> the modules it imports) as ``[a, b, ..., a]``, or None."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return path[path.index(module) :] + [module]
        if module in done:
            return None
        for target in sorted(graph[module]):
            found = visit(target, [*path, module])
            if found:
                return found
        done.add(module)
        return None

    return next((found for module in sorted(graph) if (found := visit(module, []))), None)


def test_the_cycle_finder_finds_a_cycle_through_several_modules() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_imports_are_read_in_every_form_at_module_level_and_inside_functions() -> None:
    source = (
        "from . import rules, state\n"
        "from .actions import Pass\n"
        "def end_match():\n"
        "    from .interval import begin\n"
        "    from referee.games.iron_leaguer import match\n"
        "    import referee.games.iron_leaguer.scenes\n"
        "    from referee.engine import rng\n"
    )
    assert imported(ast.parse(source)) == {"rules", "state", "actions", "interval", "match", "scenes"}


@reads_source
def test_no_two_modules_of_the_engine_import_each_other_in_a_cycle() -> None:
    found = cycle({module: imports(module) for module in MODULES})
    assert found is None, f"import cycle: {' -> '.join(found)}"


@reads_source
@pytest.mark.parametrize("module", STEP_MODULES)
def test_a_step_module_imports_only_lower_level_modules(module) -> None:
    assert imports(module) <= set(LOWER_MODULES), f"{module} imports {sorted(imports(module) - set(LOWER_MODULES))}"


@reads_source
@pytest.mark.parametrize("module", LOWER_MODULES)
def test_a_lower_level_module_imports_no_step_module(module) -> None:
    assert imports(module) <= set(LOWER_MODULES)


def test_the_interval_steps_are_the_seven_of_il_10_2_in_order() -> None:
    assert flow.INTERVAL_STEPS == (
        "growth",  # １） 心の成長
        "retirement",  # ２） 強制引退
        "rescue",  # ３） 救出
        "replenish",  # ４） カード補充
        "newcomers",  # ５） 新人登場
        "actions",  # ６） アクション
        "departure",  # ７） 脱退
    )
    assert [enter.__name__ for _, enter in flow.INTERVAL] == [f"enter_{step}" for step in flow.INTERVAL_STEPS]


def _steps_said_over(module: str) -> set[str]:
    """The steps ``module`` says are over: the first item of every ``("step", data)`` it returns (``return
    None if ... else ("step", data)`` too), and the ``"then"`` of every growth hand-off (``{"checks", "then",
    "resume"}``)."""
    found = set()
    for node in ast.walk(MODULES[module]):
        returned = ast.walk(node.value) if isinstance(node, ast.Return) and node.value else ()
        for value in returned:
            if isinstance(value, ast.Tuple) and len(value.elts) == 2 and isinstance(value.elts[0], ast.Constant):
                found.add(value.elts[0].value)
        if isinstance(node, ast.Dict):
            for key, item in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "then" and isinstance(item, ast.Constant):
                    found.add(item.value)
    return found


@reads_source
def test_every_step_a_module_says_is_over_is_carried_on_by_the_flow_table_and_every_entry_is_named() -> None:
    named = set().union(*(_steps_said_over(module) for module in (*STEP_MODULES, "flow")))
    assert named == set(flow.FOLLOWS)


def test_random_games_go_through_every_entry_of_the_flow_table(monkeypatch) -> None:
    """Whole games: every step the flow carries on from is one of ``FOLLOWS`` and every entry is met; a waiting
    growth check's ``then`` is an entry too."""
    met: set[str] = set()
    for step, follow in list(flow.FOLLOWS.items()):

        def recorded(state, events, data, step=step, follow=follow):
            met.add(step)
            return follow(state, events, data)

        monkeypatch.setitem(flow.FOLLOWS, step, recorded)
    thens: set[str] = set()

    def keep(state, action, events) -> None:
        if state["pending"] and state["pending"]["kind"] == "growth":
            thens.add(state["pending"]["then"])

    for seed in range(3):
        bots = {"silver": make_bot("random", seed), "dark": make_bot("random", seed + 100)}
        final, _ = play(ENGINE, {}, {"cards": pool()}, RngSeed(seed_from_int(seed)), bots, on_step=keep)
        assert final["outcome"] is not None
    assert met == set(flow.FOLLOWS)
    assert thens and thens <= set(flow.FOLLOWS) - {"growth"}

"""No module of the project imports itself back through others (issue 26, point 6).

Every ``.py`` file under the project's packages (``tests/`` and ``migrations/`` left out) is parsed, not imported,
and every import statement in it counts: at the top, inside a function, under ``if TYPE_CHECKING:``. A relative
import is resolved against the file's package. ``from package import name`` leads to the submodule
``package.name`` when there is one, else to the package's ``__init__`` (a module importing a package's
``__init__`` imports that package module); ``import a.b.c`` leads to ``a.b.c``. A circle of such imports is a
failure, printed with the file and line of each import in it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("cards", "decks", "matches", "referee", "config", "seeds", "bench")
SKIPPED_FOLDERS = {"migrations", "__pycache__"}


@dataclass(frozen=True)
class Edge:
    """``importer`` imports ``imported`` at ``path:line``."""

    importer: str
    imported: str
    path: str
    line: int


def module_files(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """``{dotted module name: file}`` for every ``.py`` file under ``root/<package>``, a package's
    ``__init__.py`` named as the package itself; folders in ``SKIPPED_FOLDERS`` are left out."""
    modules: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if SKIPPED_FOLDERS.intersection(parts):
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def _known(name: str, modules: dict[str, Path]) -> str | None:
    """The longest prefix of ``name`` that is one of ``modules`` (None: not the project's, e.g. ``django``)."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


def _base(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The absolute module an ``ImportFrom`` names: ``from ..x import y`` in ``a.b.c`` is ``a.x``."""
    if not node.level:
        return node.module or ""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    if node.level > 1:
        package = package[: len(package) - (node.level - 1)]
    return ".".join([*package, *([node.module] if node.module else [])])


def imports_of(module: str, path: Path, modules: dict[str, Path]) -> list[Edge]:
    """Every import of a project module that ``module`` (the file ``path``) makes, wherever it stands in the
    file."""
    edges = []
    where = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)

    def add(name: str, node: ast.stmt) -> None:
        target = _known(name, modules)
        if target is not None and target != module:
            edges.append(Edge(module, target, where, node.lineno))

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node)
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, path, node)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                add(submodule if submodule in modules else base, node)
    return edges


def import_graph(modules: dict[str, Path]) -> dict[str, list[Edge]]:
    """``{module: [its imports of project modules]}`` for every module in ``modules``."""
    return {module: imports_of(module, path, modules) for module, path in modules.items()}


def strongly_connected(graph: dict[str, list[Edge]]) -> list[list[str]]:
    """The groups of modules that import one another, directly or through others (Tarjan's algorithm, iterative);
    each group sorted, groups of one module left out."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            edge = next(edges, None)
            if edge is not None:
                target = edge.imported
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(graph.get(target, []))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return sorted(groups)


def cycle_through(group: list[str], graph: dict[str, list[Edge]]) -> list[Edge]:
    """A shortest circle of imports from the first module of ``group`` back to it, within the group."""
    members, start = set(group), group[0]
    came_by: dict[str, Edge] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for edge in graph[node]:
                if edge.imported not in members:
                    continue
                if edge.imported == start:
                    path = [edge]
                    while path[0].importer != start:
                        path.insert(0, came_by[path[0].importer])
                    return path
                if edge.imported not in came_by:
                    came_by[edge.imported] = edge
                    following.append(edge.imported)
        frontier = following
    raise AssertionError(f"no circle through {start} in {group}")  # a group always has one


def describe(group: list[str], graph: dict[str, list[Edge]]) -> str:
    """A group and one circle in it, an import a line: ``a -> b  (a.py:3)``."""
    lines = [f"modules importing one another: {', '.join(group)}", "  for example:"]
    lines += [f"    {e.importer} -> {e.imported}  ({e.path}:{e.line})" for e in cycle_through(group, graph)]
    return "\n".join(lines)


def test_no_module_imports_itself_back_through_others():
    graph = import_graph(module_files(ROOT, PACKAGES))
    groups = strongly_connected(graph)
    assert not groups, "import cycles:\n" + "\n".join(describe(group, graph) for group in groups)


# The walker itself, on a small tree of its own.


def _tree(tmp_path: Path, files: dict[str, str]) -> dict[str, Path]:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return module_files(tmp_path, ["pkg"])


def test_a_circle_through_an_import_inside_a_function_and_a_relative_one_is_found(tmp_path):
    modules = _tree(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "def f():\n    from pkg.sub import b\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/b.py": "from ..c import thing\n",
        "pkg/c.py": "if TYPE_CHECKING:\n    from . import a\n",
        "pkg/migrations/m.py": "from pkg import a\n",
    })
    graph = import_graph(modules)
    assert "pkg.migrations.m" not in modules
    assert strongly_connected(graph) == [["pkg.a", "pkg.c", "pkg.sub.b"]]
    assert [(e.importer, e.imported, e.line) for e in cycle_through(["pkg.a", "pkg.c", "pkg.sub.b"], graph)] == [
        ("pkg.a", "pkg.sub.b", 2), ("pkg.sub.b", "pkg.c", 1), ("pkg.c", "pkg.a", 2)]


def test_importing_a_name_from_a_package_imports_its_init(tmp_path):
    modules = _tree(tmp_path, {
        "pkg/__init__.py": "from .a import f\n",
        "pkg/a.py": "import os\n\ndef f():\n    from pkg import g\n",
    })
    assert strongly_connected(import_graph(modules)) == [["pkg", "pkg.a"]]


def test_a_package_init_that_gathers_its_modules_is_no_circle(tmp_path):
    modules = _tree(tmp_path, {
        "pkg/__init__.py": "from .a import f\nfrom .b import g\n",
        "pkg/a.py": "from . import b\nfrom .b import g\n",
        "pkg/b.py": "import pkg.c\n",
        "pkg/c.py": "",
    })
    graph = import_graph(modules)
    assert strongly_connected(graph) == []
    assert {e.imported for e in graph["pkg.a"]} == {"pkg.b"} and {e.imported for e in graph["pkg.b"]} == {"pkg.c"}

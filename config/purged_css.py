"""Only the CSS the site uses (issue 27, point 8): Bulma as django-bulma ships it, less every rule whose selector
names a class the project never writes.

``PurgedBulmaFinder`` is a staticfiles finder that serves ``shinpan/bulma.css``: built from django-bulma's
``bulma/css/style.css`` the first time it is asked for, and again when a template, script, stylesheet or Python
file of the project is newer than the built file. It lives in ``var/static-build/`` (not in git), so ``runserver``
serves it in development and ``collectstatic`` copies it (then compressed and fingerprinted by WhiteNoise) for
production. Nothing is downloaded: the CSS is parsed with tinycss2.

The reading is conservative: a selector stays unless one of its classes (outside ``:not()``) appears nowhere in
the project as a word (a class written in a template, a script, a stylesheet, or a Python string, also with
Bulma's colour prefixes ``is-``, ``has-text-`` and ``has-background-`` before any word, for classes a template
composes such as ``is-{{ tone }}``). Rules without a class (the elements, ``:root``'s variables, the themes)
always stay.
"""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.finders import BaseFinder
from django.core.files.storage import FileSystemStorage

OUTPUT = "shinpan/bulma.css"
_PREFIXES = ("is-", "has-text-", "has-background-")
_SUFFIXES = (".html", ".js", ".css", ".py")
_SKIPPED = {".venv", "var", "mutants", "staticfiles", "node_modules", ".git", "media", "artifacts", "__pycache__",
            ".pytest_cache", ".mypy_cache", ".ruff_cache", ".benchmarks", ".hypothesis", "bench", "docs", "tests"}
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_CLASS = re.compile(r"\.((?:[A-Za-z0-9_-]|\\.)+)")
_NOT = re.compile(r":not\((?:[^()]|\([^()]*\))*\)")
_lock = threading.Lock()


def build_dir() -> Path:
    return Path(settings.BASE_DIR) / "var" / "static-build"


def bulma_source() -> Path:
    """django-bulma's unminified Bulma 1.0 (the purge keeps its order and minifies what it keeps)."""
    import bulma

    return Path(bulma.__file__).parent / "static" / "bulma" / "css" / "style.css"


def _project_files(root: Path) -> list[Path]:
    """The project's templates, scripts, stylesheets and Python files (not its virtualenv, caches or builds)."""
    files = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d not in _SKIPPED and not d.startswith(".")]
        files += [Path(folder) / name for name in names if name.endswith(_SUFFIXES)]
    return files


def used_words(root: Path) -> set[str]:
    """Every word of the project's templates, scripts, stylesheets and Python files, and each with Bulma's colour
    prefixes before it."""
    words: set[str] = set()
    for path in _project_files(root):
        words.update(_WORD.findall(path.read_text(encoding="utf-8", errors="ignore")))
    return words | {prefix + word for word in words for prefix in _PREFIXES}


def purge(css: str, used: set[str]) -> str:
    """``css`` with the selectors naming a class outside ``used`` removed (a rule left with none is removed, an
    at-rule left empty too); whitespace collapsed."""
    import tinycss2

    def keep(selector: str) -> bool:  # (a class under :not() is not needed for the rule to match)
        return all(name.replace("\\", "") in used for name in _CLASS.findall(_NOT.sub("", selector)))

    def walk(rules) -> list[str]:
        out = []
        for rule in rules:
            if rule.type == "qualified-rule":
                kept = [s.strip() for s in tinycss2.serialize(rule.prelude).split(",") if keep(s)]
                if kept:
                    out.append(",".join(kept) + "{" + tinycss2.serialize(rule.content).strip() + "}")
            elif rule.type == "at-rule":
                if rule.lower_at_keyword in ("media", "supports", "container", "layer") and rule.content is not None:
                    inner = walk(tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True))
                    if inner:
                        out.append(f"@{rule.at_keyword}{tinycss2.serialize(rule.prelude)}{{{''.join(inner)}}}")
                else:
                    out.append(tinycss2.serialize([rule]))
        return out

    rules = tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True)
    return re.sub(r"\s+", " ", "".join(walk(rules)))


def build(force: bool = False) -> Path:
    """The purged Bulma's path, built when missing or older than a project file or the source. Thread-safe."""
    root = Path(settings.BASE_DIR)
    target = build_dir() / OUTPUT
    with _lock:
        source = bulma_source()
        if not force and target.exists():
            built = target.stat().st_mtime
            newest = max([source.stat().st_mtime, *(p.stat().st_mtime for p in _project_files(root))])
            if newest <= built:
                return target
        text = purge(source.read_text(encoding="utf-8"), used_words(root))
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".tmp")
        partial.write_text(f"/* Bulma 1.0 (MIT), the rules Shinpan uses: config/purged_css.py */\n{text}\n",
                           encoding="utf-8")
        partial.replace(target)
    return target


class PurgedBulmaFinder(BaseFinder):
    """Finds ``shinpan/bulma.css`` (see the module docstring)."""

    def check(self, **kwargs):
        return []

    def find(self, path, find_all=False, **kwargs):
        every = find_all or kwargs.get("all", False)  # Django 5.2 still passes the old name ``all``
        if path != OUTPUT:
            return []  # as Django's own finders: ``finders.find`` wraps a None in a list, a "match" of None
        found = str(build())
        return [found] if every else found

    def list(self, ignore_patterns):
        build()
        yield OUTPUT, FileSystemStorage(location=str(build_dir()))

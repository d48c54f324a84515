"""The one registry of games (ARCHITECTURE, "One registry of games"; docs/adding_a_game.md).

Each game declares one ``GameSpec`` in its own package (``referee/games/<game>/spec.py``) naming every part of it:
the engine, the card schema, the ability vocabulary, the deck sections and default format, the legality module,
the decklist wiring, the board presenter, the card face, the seed files. Cards, decks, matches, boards, benches and
commands look a part up here (``spec(code).part("legality")``) and never branch on a game's code.

Pure Python, like the engines: a part that lives in a Django app (a board presenter, a legality module) is named by
its import path, ``"package.module:attribute"`` or ``"package.module"`` for a whole module, and imported when first
asked for. Importing this module imports no game.

Registering a game is one line of ``REGISTERED``; a test registers a game of its own with ``registered(spec)``.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any

# The games of the site, in the order every list shows them: one line each.
REGISTERED = (
    "referee.games.legions.spec:SPEC",
    "referee.games.riders_legend.spec:SPEC",
    "referee.games.iron_leaguer.spec:SPEC",
)

ROOT = Path(__file__).resolve().parents[1]  # the checkout: seed paths in a spec are relative to it

# The parts every spec names (GameSpec fields holding an import path), with what each must provide; the registry
# completeness test (tests/test_registry.py) loads every one of every registered game.
PARTS = {
    "engine": "the rules engine: an object of the referee.engine.protocol.Engine protocol",
    "card_schema": "the card schema: a cards.games.schema.GameSchema (types, attributes, labels, search)",
    "legality": "the deck rules beyond the common ones: a module (decks/legality/<game>.py)",
    "decklist": "the decklist wiring: a module with keep(), engine_decks(), with_abilities() and sample_decks()",
    "board": "the board presenter: a matches.boards.presenter.Presenter subclass",
    "face": "the card face builder: face(card_type, attributes, japanese) -> dict",
}
OPTIONAL_PARTS = {
    "abilities": "the ability vocabulary: a referee.abilities.Vocabulary (None: the game's cards carry none)",
}


@dataclass(frozen=True)
class Section:
    """A deck section: ``code`` (``first_half``), ``title`` (English, Japanese), ``phrase`` (the section in an
    English sentence: "the first half"), ``headers`` (the header lines a decklist text may write for it, compared
    folded: case, width, kana and punctuation ignored) and ``names_game`` (False for a header so common that it
    does not tell which game a list is for: "Deck")."""

    code: str
    title: tuple[str, str]
    phrase: str
    headers: tuple[str, ...] = ()
    names_game: bool = True


@dataclass(frozen=True)
class Side:
    """A side a deck is built for (Iron Leaguer: Silver Castle or Dark Sports): ``code``, ``name`` (English,
    Japanese), ``short`` (English, Japanese: a form's choice), and the ``spellings`` a decklist's ``Side:`` header
    may use."""

    code: str
    name: tuple[str, str]
    short: tuple[str, str]
    spellings: tuple[str, ...] = ()


@dataclass(frozen=True)
class OpeningHand:
    """Where the deck builder's sample opening hand comes from.

    ``size``: cards in it (None: the format's ``opening_hand`` rule); ``sections``: the deck sections it is drawn
    from; or ``pool``: ``(card type, {attribute: value})``, the catalogue cards it is drawn from instead (Iron
    Leaguer's shared period-1 technique deck); ``source``: (English, Japanese) sentence under the hand."""

    source: tuple[str, str]
    size: int | None = None
    sections: tuple[str, ...] = ()
    pool: tuple[str, Mapping[str, Any]] | None = None


@dataclass(frozen=True)
class DeckSpec:
    """A game's decks: its ``sections`` in order, the section of lines before any header (``default_section``,
    None: such lines are refused), the ``default_format`` code (a seed format), the ``opening_hand``, the ``sides``
    a deck may be built for (empty: none), and the deck builder's two charts: ``curve`` (attribute, English title,
    Japanese title) drawn over a number and ``group`` (attribute, titles) counted by value."""

    sections: tuple[Section, ...]
    default_format: str
    opening_hand: OpeningHand
    curve: tuple[str, str, str]
    group: tuple[str, str, str]
    default_section: str | None = None
    sides: tuple[Side, ...] = ()

    @property
    def section_codes(self) -> tuple[str, ...]:
        return tuple(s.code for s in self.sections)


@dataclass(frozen=True)
class Seeds:
    """The seed files of a game, each a path relative to the checkout (or absolute): its catalogue files (card JSON,
    ``manage.py loadseeds``), its format files (``seeds/formats``), and its sample decks (decklist texts, in the
    order seats take them: the first for the engine's first seat when a seat brings no deck)."""

    catalogue: tuple[str, ...] = ()
    formats: tuple[str, ...] = ()
    decks: tuple[str, ...] = ()

    def paths(self, kind: str) -> list[Path]:
        """The files of ``kind`` (``catalogue``, ``formats``, ``decks``) as absolute paths."""
        return [p if p.is_absolute() else ROOT / p for p in map(Path, getattr(self, kind))]


@dataclass(frozen=True)
class GameSpec:
    """Everything the site knows of one game. ``code`` is the game's key everywhere (``Game.code``, URLs, the API);
    ``name`` is what pages call it, (English, Japanese); ``title`` its full title, (English, Japanese), the
    catalogue's ``Game`` row; ``aliases`` are other spellings a decklist's ``Game:`` header may use. The
    parts of ``PARTS`` and ``OPTIONAL_PARTS`` are import paths (see the module docstring), loaded by ``part``;
    ``face_template`` and ``board_template`` name templates; ``templates`` is a folder of templates of the game's
    own (absolute or relative to the checkout), searched after the site's."""

    code: str
    name: tuple[str, str]
    title: tuple[str, str]
    engine: str
    card_schema: str
    legality: str
    decklist: str
    board: str
    face: str
    face_template: str
    deck: DeckSpec
    seeds: Seeds
    abilities: str | None = None
    aliases: tuple[str, ...] = ()
    templates: str | None = None
    _parts: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def part(self, name: str) -> Any:
        """The part ``name`` (a key of ``PARTS`` or ``OPTIONAL_PARTS``), imported once; None for an optional part
        the game has not. KeyError for a name that is not a part; ImportError or AttributeError when its import
        path names nothing (the completeness test reports which)."""
        if name not in PARTS and name not in OPTIONAL_PARTS:
            raise KeyError(f"{name!r} is not a part of a game (parts: {', '.join([*PARTS, *OPTIONAL_PARTS])})")
        try:
            return self._parts[name]
        except KeyError:
            pass
        path = getattr(self, name)
        value = None if path is None else load(path)
        self._parts[name] = value  # the same object whichever thread loads it first (modules are imported once)
        return value

    @property
    def name_en(self) -> str:
        return self.name[0]

    @property
    def name_ja(self) -> str:
        return self.name[1]

    def label(self, japanese: bool) -> str:
        """The game's name in the reader's language."""
        return self.name[1 if japanese else 0]

    def template_folder(self) -> Path | None:
        if self.templates is None:
            return None
        folder = Path(self.templates)
        return folder if folder.is_absolute() else ROOT / folder


def load(path: str) -> Any:
    """The object an import path names: ``"a.b:C"`` is attribute ``C`` of module ``a.b``, ``"a.b"`` the module."""
    module, _, attribute = path.partition(":")
    loaded = import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


_LOCK = threading.Lock()
_SPECS: dict[str, GameSpec] | None = None  # code -> spec, in registration order; filled on first use
_EXTRA: list[GameSpec] = []  # registered at run time (tests), after REGISTERED


def _specs() -> dict[str, GameSpec]:
    global _SPECS
    if _SPECS is None:
        specs: dict[str, GameSpec] = {}
        for path in REGISTERED:
            spec = load(path)
            if not isinstance(spec, GameSpec):
                raise TypeError(f"{path} is not a GameSpec but {type(spec).__name__}")
            specs[spec.code] = spec
        for spec in _EXTRA:
            specs[spec.code] = spec
        _SPECS = specs
    return _SPECS


class UnknownGame(KeyError):
    """No registered game has this code. ``str()`` names the code and the known games."""

    def __str__(self) -> str:
        return str(self.args[0])


def spec(code: str) -> GameSpec:
    """The spec of the game ``code``. UnknownGame (a KeyError) names the registered games."""
    specs = _specs()
    try:
        return specs[code]
    except (KeyError, TypeError):
        raise UnknownGame(f"no game {code!r}; known: {', '.join(specs)}") from None


def specs() -> list[GameSpec]:
    """Every registered game's spec, in registration order."""
    return list(_specs().values())


def codes() -> tuple[str, ...]:
    """Every registered game's code, in registration order."""
    return tuple(_specs())


def is_game(code: object) -> bool:
    """True when ``code`` is a registered game's code."""
    return isinstance(code, str) and code in _specs()


def register(game: GameSpec) -> None:
    """Register ``game`` for this process, after the games of ``REGISTERED`` (a game registered twice replaces its
    first registration). For tests; a game of the site is one line of ``REGISTERED``."""
    global _SPECS
    with _LOCK:
        _EXTRA[:] = [g for g in _EXTRA if g.code != game.code] + [game]
        _SPECS = None
        _forget()


def unregister(code: str) -> None:
    """Remove a game ``register`` added (the games of ``REGISTERED`` stay)."""
    global _SPECS
    with _LOCK:
        _EXTRA[:] = [g for g in _EXTRA if g.code != code]
        _SPECS = None
        _forget()


@contextlib.contextmanager
def registered(game: GameSpec) -> Iterator[GameSpec]:
    """``with registered(spec):`` the game is registered inside the block only."""
    register(game)
    try:
        yield game
    finally:
        unregister(game.code)


_LISTENERS: list[Any] = []


def on_change(listener: Any) -> Any:
    """Call ``listener()`` whenever the registered games change (a cache built from the registry forgets itself);
    returns ``listener``, so it decorates a function."""
    _LISTENERS.append(listener)
    return listener


def cached(function: Any) -> Any:
    """``function`` with its results kept until the registered games change (``functools.lru_cache`` of 64
    results, cleared by ``on_change``): for what is worked out from every game's parts (the merged labels, the
    search keys)."""
    kept = functools.lru_cache(maxsize=64)(function)
    on_change(kept.cache_clear)
    return kept


def _forget() -> None:
    for listener in _LISTENERS:
        listener()


__all__ = ["OPTIONAL_PARTS", "PARTS", "REGISTERED", "DeckSpec", "GameSpec", "OpeningHand", "Section", "Seeds",
           "Side", "UnknownGame", "cached", "codes", "is_game", "load", "on_change", "register", "registered", "spec",
           "specs", "unregister"]

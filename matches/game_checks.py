"""Every registered game has every part (``referee.registry``): a Django system check (``manage.py check``, run by
``runserver``, ``migrate`` and the tests) and the function the registry test calls (tests/test_registry.py).

It loads each part a spec names and checks it is what the site will use it as: an engine on the protocol, the
game's card schema with words for its codes, a legality module with headings for its problem codes, the decklist
wiring, a board presenter whose template exists, a face builder and template, the deck sections the schema's card
types fit, and seed files that exist (the default format among them). The matches app registers it: it is the one
app that knows every other part.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Iterable
from typing import Any

from django.core import checks
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from cards.games.schema import CHOICE, CHOICES, Attr, GameSchema
from referee import registry
from referee.abilities import Vocabulary
from referee.registry import GameSpec

ENGINE_CALLS = ("new_game", "to_act", "legal_actions", "apply", "view", "outcome", "greedy_score", "default_action",
                "report")
LEGALITY_NAMES = ("SECTION_SIZE_CODES", "TYPE_CODES", "PROBLEMS", "check")
DECKLIST_CALLS = ("keep", "engine_decks", "sample_decks")


def game_problems(spec: GameSpec) -> list[str]:
    """Every way ``spec`` falls short of a complete game, each a sentence naming the game and the part; ``[]``
    when it is complete."""
    problems: list[str] = []
    loaded: dict[str, Any] = {}
    for name in (*registry.PARTS, *registry.OPTIONAL_PARTS):
        try:
            loaded[name] = spec.part(name)
        except Exception as exc:  # noqa: BLE001 - any failure to import a part is reported, not raised
            problems.append(f"{spec.code}: its {name} ({getattr(spec, name)}) cannot be loaded: {exc!r}")
    checkers = {"engine": _engine, "card_schema": _schema, "legality": _legality, "decklist": _decklist,
                "board": _board, "face": _face, "abilities": _abilities}
    for name, value in loaded.items():
        problems += [f"{spec.code}: {name}: {p}" for p in checkers[name](spec, value)]
    if isinstance(loaded.get("card_schema"), GameSchema):
        problems += [f"{spec.code}: deck: {p}" for p in _deck(spec, loaded["card_schema"])]
    problems += [f"{spec.code}: seeds: {p}" for p in _seeds(spec)]
    return problems


def _missing(value: Any, names: Iterable[str], callable_: bool = True) -> list[str]:
    return [f"has no {'callable ' if callable_ else ''}{n}" for n in names
            if not hasattr(value, n) or (callable_ and not callable(getattr(value, n)))]


def _engine(spec: GameSpec, engine: Any) -> list[str]:
    problems = _missing(engine, ENGINE_CALLS)
    if getattr(engine, "name", None) != spec.code:
        problems.append(f"its name is {getattr(engine, 'name', None)!r}, not the game's code {spec.code!r}")
    seats = getattr(engine, "seats", ())
    if not isinstance(seats, tuple) or len(seats) < 2 or not all(isinstance(s, str) for s in seats):
        problems.append(f"its seats must be a tuple of at least two seat codes, not {seats!r}")
    if not hasattr(getattr(engine, "codec", None), "decode"):
        problems.append("has no codec (referee.engine.actions.Codec)")
    return problems


def _labelled(schema: GameSchema, attr: Attr) -> list[str]:
    found = []
    if attr.kind in (CHOICE, CHOICES):
        found += [f"the value {c!r} of {attr.name} has no label" for c in attr.choices if c not in schema.labels]
    for field in attr.fields:
        found += _labelled(schema, field)
    return found


def _schema(spec: GameSpec, schema: Any) -> list[str]:
    if not isinstance(schema, GameSchema):
        return [f"is a {type(schema).__name__}, not a cards.games.schema.GameSchema"]
    problems = [] if schema.code == spec.code else [f"its code is {schema.code!r}, not {spec.code!r}"]
    for card_type in schema.card_types:
        pair = schema.labels.get(card_type)
        if not pair or not all(pair):
            problems.append(f"the card type {card_type!r} has no English and Japanese label")
        if card_type not in schema.type_nouns:
            problems.append(f"the card type {card_type!r} has no English singular and plural (type_nouns)")
    for attr in schema.attrs:
        problems += _labelled(schema, attr)
    for key, paths in schema.search.nested.items():
        for path in paths:
            try:
                schema.field_at(path)
            except KeyError:
                problems.append(f"the search key {key!r} reads {'.'.join(path)}, which is no attribute")
    return problems


def _legality(spec: GameSpec, module: Any) -> list[str]:
    problems = _missing(module, LEGALITY_NAMES[-1:]) + _missing(module, LEGALITY_NAMES[:-1], callable_=False)
    codes = {*getattr(module, "SECTION_SIZE_CODES", {}).values(), *getattr(module, "TYPE_CODES", {}).values()}
    headings = getattr(module, "PROBLEMS", {})
    problems += [f"the problem code {code!r} has no heading (PROBLEMS)" for code in sorted(codes - set(headings))]
    problems += [f"the heading of {code!r} is not (English, Japanese)" for code, pair in headings.items()
                 if not (isinstance(pair, tuple) and len(pair) == 2 and all(pair))]
    return problems


def _decklist(spec: GameSpec, module: Any) -> list[str]:
    return _missing(module, DECKLIST_CALLS)


def _template(name: str) -> list[str]:
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return [f"its template {name!r} does not exist"]
    return []


def _board(spec: GameSpec, presenter: Any) -> list[str]:
    from matches.boards.presenter import Presenter

    if not (inspect.isclass(presenter) and issubclass(presenter, Presenter)):
        return ["is not a matches.boards.presenter.Presenter subclass"]
    return _template(presenter.template)


def _face(spec: GameSpec, face: Any) -> list[str]:
    if not callable(face):
        return ["is not callable"]
    problems = _template(spec.face_template)
    try:
        built = face("", {}, False)
    except Exception as exc:  # noqa: BLE001 - a face must never fail on missing attributes
        return [*problems, f"fails on a card without attributes: {exc!r}"]
    return problems if isinstance(built, dict) else [*problems, "does not return a dict"]


def _abilities(spec: GameSpec, vocabulary: Any) -> list[str]:
    if vocabulary is None or isinstance(vocabulary, Vocabulary):
        return []
    return [f"is a {type(vocabulary).__name__}, not a referee.abilities.Vocabulary"]


def _deck(spec: GameSpec, schema: GameSchema) -> list[str]:
    deck, problems = spec.deck, []
    codes = deck.section_codes
    if not codes:
        problems.append("no section")
    for section in deck.sections:
        if not all(section.title) or not section.phrase:
            problems.append(f"the section {section.code!r} has no English and Japanese title and phrase")
    if deck.default_section is not None and deck.default_section not in codes:
        problems.append(f"the default section {deck.default_section!r} is not one of {codes}")
    problems += [f"the opening hand draws from {s!r}, not a section" for s in deck.opening_hand.sections
                 if s not in codes]
    hand = deck.opening_hand
    if hand.pool is not None and hand.pool[0] not in schema.card_types:
        problems.append(f"the opening hand's pool takes {hand.pool[0]!r} cards, not a card type of the game")
    if not all(hand.source):
        problems.append("the opening hand says not where it comes from (source)")
    attributes = {a.name for a in schema.attrs}
    for chart, (attribute, *titles) in (("curve", deck.curve), ("group", deck.group)):
        if attribute not in attributes or not all(titles):
            problems.append(f"the {chart} chart needs an attribute of the schema and two titles, not {attribute!r}")
    return problems


def _seeds(spec: GameSpec) -> list[str]:
    problems = []
    for kind in ("catalogue", "formats", "decks"):
        problems += [f"the {kind} file {p} does not exist" for p in spec.seeds.paths(kind) if not p.is_file()]
    formats = []
    for path in spec.seeds.paths("formats"):
        if path.is_file():
            data = json.loads(path.read_text(encoding="utf-8"))
            formats.append(data.get("code"))
            if data.get("game") != spec.code:
                problems.append(f"the format {path.name} is for {data.get('game')!r}")
    if spec.deck.default_format not in formats:
        problems.append(f"the default format {spec.deck.default_format!r} is none of its seed formats {formats}")
    for path in spec.seeds.paths("catalogue"):
        if path.is_file() and json.loads(path.read_text(encoding="utf-8"))["game"]["code"] != spec.code:
            problems.append(f"the catalogue {path.name} is for another game")
    return problems


def check_games(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """The system check: one error per problem of a registered game (``games.E001``)."""
    return [checks.Error(problem, hint="docs/adding_a_game.md lists every part a game names in its spec",
                         id="games.E001")
            for spec in registry.specs() for problem in game_problems(spec)]

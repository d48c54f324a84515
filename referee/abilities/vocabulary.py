"""A game's ability vocabulary: the closed set of keywords, triggers, effects and static abilities a card's
``abilities`` data may use, each with typed parameters and its text in Japanese and English.

One definition serves four users (STYLE.md, "Card abilities as data": Forge's card scripts and ``Keyword.java``,
fireplace's actions over selectors):

- validation: ``Vocabulary.validate(abilities) -> [Problem(field, message)]`` names the field (a dotted path such
  as ``triggers.0.effects.1.amount``) and the problem, every problem at once;
- card text: ``Vocabulary.render(abilities, "ja"|"en") -> [line]`` and ``reminder(code, lang)``;
- the admin: ``Vocabulary.describe()`` lists every term with its parameters (kinds, choices, bounds) as plain
  data a form can be built from;
- the engine: ``@vocabulary.implements(code)`` registers the function that interprets an effect,
  ``handler(code)`` finds it, and ``unimplemented()`` lists effects nobody interprets yet.

The shape of ``abilities`` (game-neutral; the terms are the game's)::

    {"keywords": [{"keyword": code, <param>: value, ...}],
     "triggers": [{"when": code, <param>: value, ..., "effects": [effect, ...]}],
     "effects":  [effect, ...],                     # what using the card does (an instant card)
     "statics":  [{"static": code, <param>: value, ...}],
     "sample": bool,                                # the abilities are sample data, not the printed card
     "not_refereed": "why"}                         # text the vocabulary cannot express yet
    effect = {"effect": code, <param>: value, ...}

Nothing here knows a game; ``referee.games.legions.abilities`` is the Legions vocabulary.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

TOP_FIELDS = ("keywords", "triggers", "effects", "statics", "sample", "not_refereed", "note")
EffectFn = TypeVar("EffectFn", bound=Callable[..., Any])
SECTIONS = {"keywords": "keyword", "triggers": "when", "statics": "static"}  # section -> the field naming its term


@dataclass(frozen=True)
class Problem:
    """One problem of an abilities value: ``field`` is a dotted path (``triggers.0.effects.1.amount``)."""

    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message


@dataclass(frozen=True)
class Param:
    """One parameter of a term: ``kind`` is a kind of the vocabulary (``int``, ``text``, ``bool``, ``choice``,
    ``effects`` or one the game adds, such as a target selector)."""

    name: str
    kind: str
    required: bool = True
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    label_ja: str = ""
    label_en: str = ""


@dataclass(frozen=True)
class Term:
    """A keyword, trigger, effect or static ability. ``ja``/``en`` are text templates with ``{param}`` slots;
    ``hooks`` are the rule hooks an engine reads (a keyword's meaning); ``reminder_*`` explain a keyword."""

    code: str
    ja: str
    en: str
    params: tuple[Param, ...] = ()
    hooks: tuple[str, ...] = ()
    reminder_ja: str = ""
    reminder_en: str = ""
    name_en: str = ""
    compose: Callable[[dict[str, Any], dict[str, Any], str], str] | None = None
    """Optional text builder ``(item, rendered params, lang) -> text`` for a term whose optional parameters a
    plain template cannot phrase."""

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)


Check = Callable[["Vocabulary", Any, str], list[Problem]]  # noqa: UP037 (forward reference)
Render = Callable[["Vocabulary", Any, str], str]


@dataclass(frozen=True)
class Kind:
    """A kind of parameter value: ``check(vocabulary, value, path) -> problems`` and
    ``render(vocabulary, value, lang) -> text``."""

    name: str
    check: Check
    render: Render


def _check_int(vocab: Vocabulary, value: Any, path: str) -> list[Problem]:
    if not isinstance(value, int) or isinstance(value, bool):
        return [Problem(path, f"must be a whole number, not {value!r}")]
    return []


def _check_text(vocab: Vocabulary, value: Any, path: str) -> list[Problem]:
    return [] if isinstance(value, str) and value else [Problem(path, f"must be non-empty text, not {value!r}")]


def _check_bool(vocab: Vocabulary, value: Any, path: str) -> list[Problem]:
    return [] if isinstance(value, bool) else [Problem(path, f"must be true or false, not {value!r}")]


def _check_effects(vocab: Vocabulary, value: Any, path: str) -> list[Problem]:
    if not isinstance(value, list) or not value:
        return [Problem(path, "must be a non-empty list of effects")]
    out: list[Problem] = []
    for i, effect in enumerate(value):
        out += vocab.check_term("effect", effect, f"{path}.{i}")
    return out


def _render_effects(vocab: Vocabulary, value: Any, lang: str) -> str:
    return ("" if lang == "ja" else " ").join(vocab.render_term("effect", e, lang) for e in value)


BASE_KINDS = (
    Kind("int", _check_int, lambda v, value, lang: str(value)),
    Kind("text", _check_text, lambda v, value, lang: v.label(value, lang)),
    Kind("bool", _check_bool, lambda v, value, lang: str(value)),
    Kind("choice", lambda v, value, path: [], lambda v, value, lang: v.label(value, lang)),  # choices: per Param
    Kind("effects", _check_effects, _render_effects),
)


@dataclass
class Vocabulary:
    """The closed vocabulary of one game (see the module docstring). ``kinds`` adds the game's parameter kinds
    to ``BASE_KINDS``."""

    game: str
    keywords: tuple[Term, ...] = ()
    triggers: tuple[Term, ...] = ()
    effects: tuple[Term, ...] = ()
    statics: tuple[Term, ...] = ()
    kinds: tuple[Kind, ...] = ()
    labels: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Readable names of choice values and keyword codes: value -> (ja, en)."""
    handlers: dict[str, Callable[..., Any]] = field(default_factory=dict)
    target_rows: tuple[tuple[str, str, tuple[str, ...], bool], ...] = ()
    """The target fields of the admin's trigger rows (``cards.ability_forms``): ``(row field, the target's key,
    its choices, a list value?)``; a target's kind is the game's own, so the game says which parts a row offers."""

    def __post_init__(self) -> None:
        self.terms: dict[str, dict[str, Term]] = {
            "keyword": {t.code: t for t in self.keywords},
            "when": {t.code: t for t in self.triggers},
            "effect": {t.code: t for t in self.effects},
            "static": {t.code: t for t in self.statics},
        }
        self.kind_table = {k.name: k for k in (*BASE_KINDS, *self.kinds)}
        for term in self.keywords:
            self.labels.setdefault(term.code, (term.code, term.name_en or term.code))

    def label(self, value: Any, lang: str) -> str:
        """The readable name of a choice value or keyword in ``lang`` (the value itself when unnamed)."""
        names = self.labels.get(value) if isinstance(value, str) else None
        return str(value) if names is None else names[0 if lang == "ja" else 1]

    # --- validation -------------------------------------------------------------------------------------
    def validate(self, abilities: Any) -> list[Problem]:
        """Every problem of an ``abilities`` value (shape: the module docstring); ``[]`` when it is valid."""
        if not isinstance(abilities, dict):
            return [Problem("", f"abilities must be an object, not {type(abilities).__name__}")]
        out = [Problem(k, "unknown field") for k in abilities if k not in TOP_FIELDS]
        for section, tag in SECTIONS.items():
            items = abilities.get(section, [])
            if not isinstance(items, list):
                out.append(Problem(section, "must be a list"))
                continue
            for i, item in enumerate(items):
                out += self.check_term(tag, item, f"{section}.{i}")
        if "effects" in abilities:
            out += _check_effects(self, abilities["effects"], "effects")
        if "sample" in abilities:
            out += _check_bool(self, abilities["sample"], "sample")
        for key in ("not_refereed", "note"):
            if key in abilities:
                out += _check_text(self, abilities[key], key)
        return out

    def check_term(self, tag: str, item: Any, path: str) -> list[Problem]:
        """Problems of one keyword/trigger/effect/static value ``{tag: code, <param>: value}``."""
        if not isinstance(item, dict):
            return [Problem(path, f"must be an object with {tag!r}, not {item!r}")]
        code = item.get(tag)
        term = self.terms[tag].get(code) if isinstance(code, str) else None
        if term is None:
            known = ", ".join(sorted(self.terms[tag]))
            return [Problem(f"{path}.{tag}", f"unknown {_TAG_NAMES[tag]} {code!r} (known: {known})")]
        out: list[Problem] = []
        names = {p.name for p in term.params}
        if tag == "when":
            names.add("effects")
        for key in item:
            if key != tag and key not in names:
                out.append(Problem(f"{path}.{key}", f"not a parameter of {code}"))
        for param in term.params:
            if param.name not in item:
                if param.required:
                    out.append(Problem(f"{path}.{param.name}", f"{code} needs {param.name}"))
                continue
            out += self.check_param(param, item[param.name], f"{path}.{param.name}")
        if tag == "when":
            out += _check_effects(self, item.get("effects"), f"{path}.effects")
        return out

    def check_param(self, param: Param, value: Any, path: str) -> list[Problem]:
        kind = self.kind_table.get(param.kind)
        if kind is None:
            return [Problem(path, f"the vocabulary has no parameter kind {param.kind!r}")]
        out = kind.check(self, value, path)
        if out:
            return out
        if param.choices and value not in param.choices:
            return [Problem(path, f"must be one of {', '.join(param.choices)}, not {value!r}")]
        if isinstance(value, int) and not isinstance(value, bool):
            if param.minimum is not None and value < param.minimum:
                return [Problem(path, f"must be at least {param.minimum}, not {value}")]
            if param.maximum is not None and value > param.maximum:
                return [Problem(path, f"must be at most {param.maximum}, not {value}")]
        return []

    # --- text ---------------------------------------------------------------------------------------------
    def render(self, abilities: dict[str, Any], lang: str = "ja") -> list[str]:
        """Readable card text, one line per keyword, trigger, static and the use effect (``lang`` ja or en).
        The abilities must be valid (``validate``)."""
        lines = [self.render_term("keyword", k, lang) for k in abilities.get("keywords", [])]
        lines += [self.render_term("static", s, lang) for s in abilities.get("statics", [])]
        for trigger in abilities.get("triggers", []):
            head = self.render_term("when", trigger, lang)
            body = _render_effects(self, trigger["effects"], lang)
            lines.append(f"{head}{'：' if lang == 'ja' else ': '}{body}")
        if abilities.get("effects"):
            lines.append(_render_effects(self, abilities["effects"], lang))
        return lines

    def render_term(self, tag: str, item: dict[str, Any], lang: str) -> str:
        term = self.terms[tag][item[tag]]
        values = {}
        for param in term.params:
            if param.name in item:
                values[param.name] = self.kind_table[param.kind].render(self, item[param.name], lang)
            else:
                values[param.name] = ""
        if term.compose is not None:
            return term.compose(item, values, lang)
        return (term.ja if lang == "ja" else term.en).format(**values)

    def reminder(self, code: str, lang: str = "ja", **params: Any) -> str:
        """A keyword's reminder text with its parameters filled in (``reminder("衝撃", n=1)``)."""
        term = self.terms["keyword"][code]
        return (term.reminder_ja if lang == "ja" else term.reminder_en).format(**params)

    def describe(self) -> dict[str, Any]:
        """Every term with its parameters, as plain data (what an admin form or a help page is built from)."""
        def term(t: Term) -> dict[str, Any]:
            return {
                "code": t.code, "ja": t.ja, "en": t.en, "name_en": t.name_en, "hooks": list(t.hooks),
                "reminder_ja": t.reminder_ja, "reminder_en": t.reminder_en,
                "params": [
                    {"name": p.name, "kind": p.kind, "required": p.required, "choices": list(p.choices),
                     "minimum": p.minimum, "maximum": p.maximum, "label_ja": p.label_ja, "label_en": p.label_en}
                    for p in t.params
                ],
            }
        return {"game": self.game, **{f"{_TAG_NAMES[tag]}s": [term(t) for t in table.values()]
                                      for tag, table in self.terms.items()}}

    # --- interpretation -------------------------------------------------------------------------------
    def implements(self, code: str) -> Callable[[EffectFn], EffectFn]:
        """Decorator: register the engine's interpretation of effect ``code`` (KeyError for an unknown one)."""
        if code not in self.terms["effect"]:
            raise KeyError(f"{self.game}: no effect {code!r} in the vocabulary")

        def register(fn: EffectFn) -> EffectFn:
            self.handlers[code] = fn
            return fn

        return register

    def handler(self, code: str) -> Callable[..., Any]:
        return self.handlers[code]

    def unimplemented(self) -> list[str]:
        """Effects of the vocabulary that no registered function interprets."""
        return sorted(set(self.terms["effect"]) - set(self.handlers))

    def hooks_of(self, keyword: str) -> tuple[str, ...]:
        term = self.terms["keyword"].get(keyword)
        return term.hooks if term else ()


_TAG_NAMES = {"keyword": "keyword", "when": "trigger", "effect": "effect", "static": "static"}

"""The contract between ``apply`` and ``legal_actions`` (issue 26, "Each rule once"), checked at a decision.

``apply`` must accept every action ``legal_actions`` lists, and refuse every well-formed action it does not list:
with ``IllegalAction`` ``wrong_step`` when the pending decision does not take that kind of action, else with the
decision's own rule code (never ``wrong_step``, never an accepted action, never another exception). A rule that
only one of the two enforces (the listing offers what ``apply`` refuses, or ``apply`` takes what the listing never
offers) breaks it. The unlisted actions are the listed ones with one field changed to another value of its kind
(``neighbours``), and actions of the other kinds the game's codec knows built from the same values.

Not a test module: each engine's ``test_contract.py`` plays whole games and calls ``check`` at every decision.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from referee.engine.actions import Action, encode
from referee.engine.errors import ActionRefused, IllegalAction

MAX_LISTED = 40  # listed actions applied at one decision (a sample of a long listing)
MAX_UNLISTED = 30  # unlisted actions tried at one decision
CODE = re.compile(r"[a-z][a-z_]*[a-z]")  # a rule code: lower-case words joined by _
_ID = r"[A-Z]\d+(?:\.\d+)*[a-z]?(?:-[A-Z]\d+(?:\.\d+)*)?"  # a spec id: A6.5, B3.3a, A6.5-A6.6
_JA = r"\d*[^\x00-\x7f](?:[^\x00-\x7f]|[\d.-])*N?"  # a heading or note: 場の構成, 衝撃N, 1ターンに1枚, §38-4
_PATH = rf"(?:{_ID}|{_JA})(?:/(?:{_ID}|{_JA}))*"
_PAREN = r"\((?![A-Z_ ]+\))[^()]*\)"  # our reading or a remark, in brackets (never shouted)
HEADINGS = re.compile(rf"{_PATH}(?: (?:{_PATH}|{_PAREN}))*")
"""A clause of Legions or Riders' Legend: headings of the rule document and spec ids joined by /, then more of
them, our reading in brackets or a note: ``場の構成/A6.5-A6.6``, ``A6.4 (reading attack_range)``,
``ミッションカード/B3.3a 1ターンに1枚``, ``A7 衝撃N (remove standby)``."""
NUMBERS = re.compile(r"\d+(?:\.\d+)*(?:[/–]\d+(?:\.\d+)*)*")
"""A clause of Iron Leaguer: rule numbers joined by / or a range: ``5.3/5.4.3/5.4.6``, ``20.2–20.4/11.7``."""


def refusal_problem(exc: IllegalAction, clauses: re.Pattern[str]) -> str | None:
    """What is wrong with a refusal's shape (None: nothing): a rule code of lower-case words, a reason, and a
    clause the game's rule documents name (``clauses``)."""
    if not isinstance(exc.code, str) or not CODE.fullmatch(exc.code):
        return f"code {exc.code!r} is not a rule code"
    if not isinstance(exc.reason, str) or not exc.reason.strip():
        return f"{exc.code}: no reason"
    if not isinstance(exc.clause, str) or not clauses.fullmatch(exc.clause):
        return f"{exc.code}: clause {exc.clause!r} is not one the rule documents name"
    return None


def _is_tuple(f: dataclasses.Field[Any]) -> bool:
    """The field holds a tuple (of cards, of (card, side) pairs, of numbers…): its pool holds elements."""
    return str(f.type).startswith("tuple")


def _values(listed: Iterable[Action]) -> dict[str, set[Any]]:
    """Every value each field name takes among ``listed`` (the values of the decision's own kinds); for a tuple
    field, its elements."""
    seen: dict[str, set[Any]] = {}
    for action in listed:
        for f in dataclasses.fields(action):
            if f.name != "seat":
                value = getattr(action, f.name)
                seen.setdefault(f.name, set()).update(value if _is_tuple(f) else (value,))
    return seen


def _changed(value: Any, pool: Sequence[Any], rng: random.Random) -> Any:
    """Another value of the kind of ``value``: from ``pool``, or for a tuple one element (from ``pool``)
    dropped, added or replaced."""
    if isinstance(value, tuple):
        elements = list(pool) or list(value) or [""]
        choice = rng.randrange(3)
        if choice == 0 and value:
            drop = rng.randrange(len(value))
            return value[:drop] + value[drop + 1:]
        if choice == 1 or not value:
            return (*value, rng.choice(elements))
        at = rng.randrange(len(value))
        return value[:at] + (rng.choice(elements),) + value[at + 1:]
    others = [v for v in pool if v != value and type(v) is type(value)]
    return rng.choice(others) if others else value


def neighbours(listed: Sequence[Action], pools: Mapping[str, Sequence[Any]], classes: Iterable[type[Action]],
               seat: str, rng: random.Random, count: int) -> list[Action]:
    """Up to ``count`` well-formed actions near ``listed`` (by ``seat``): a listed action with one field changed
    (to a value from ``pools`` for that field name, or another value the field takes in ``listed``), and actions of
    ``classes`` with every field drawn so (a tuple field: up to three elements). A tuple field's pool holds its
    elements."""
    seen = _values(listed)
    merged = {name: [*pools.get(name, ()), *sorted(seen.get(name, ()), key=repr)] for name in {*pools, *seen}}
    out: list[Action] = []
    for _ in range(count * 3):
        if len(out) >= count:
            break
        if listed and rng.random() < 0.6:
            base = listed[rng.randrange(len(listed))]
            names = [f.name for f in dataclasses.fields(base) if f.name != "seat"]
            if not names:
                continue
            name = rng.choice(names)
            value = getattr(base, name)
            changed = _changed(value, merged.get(name, ()), rng)
            if changed != value:
                out.append(dataclasses.replace(base, **{name: changed}))
            continue
        cls = rng.choice(list(classes))
        kwargs: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name == "seat":
                continue
            pool = merged.get(f.name) or ([f.default] if f.default is not dataclasses.MISSING else [""])
            if _is_tuple(f):
                kwargs[f.name] = tuple(rng.choice(pool) for _ in range(rng.randint(0, 3))) if pool != [""] else ()
            else:
                kwargs[f.name] = rng.choice(pool)
        try:
            out.append(cls(seat=seat, **kwargs))
        except TypeError:
            continue
    return out


def check(engine: Any, state: dict, seat: str, rng: random.Random, pools: Mapping[str, Sequence[Any]],
          codes: Mapping[str, set[str]] | None = None,
          shorthand: Callable[[Any, dict, Action], bool] | None = None,
          clauses: re.Pattern[str] | None = None) -> list[str]:
    """The breaches of the contract at this decision of ``seat`` (``[]`` when there is none): a listed action
    ``apply`` refuses, an unlisted one it accepts, or refuses with the wrong code. ``pools``: values of each field
    name to try (card ids, lanes…); ``codes``: the rule codes each kind of decision may refuse with (default:
    any code but ``wrong_step``); ``shorthand(engine, state, action)``: True for an accepted unlisted action the
    game documents as a shorthand for listed ones (Iron Leaguer's declaration of a whole stack); ``clauses``: the
    game's clause grammar (``HEADINGS``, ``NUMBERS``): every refusal's shape (``refusal_problem``) and the clause
    of every event of the listed actions are checked against it. ``state`` is never changed."""
    kind = state["pending"]["kind"]
    before = json.dumps(state, sort_keys=True)
    decision = engine.decision(state, kind)
    listed = list(engine.legal_actions(state, seat))
    problems: list[str] = []
    for action in rng.sample(listed, min(MAX_LISTED, len(listed))):
        try:
            _, events = engine.apply(state, action)
        except ActionRefused as exc:
            problems.append(f"{kind}: listed {encode(action)} refused: {exc}")
            continue
        if clauses is not None:
            problems += [f"{kind}: {encode(action)} gave a {e.kind} event citing {e.clause!r}"
                         for e in events if not isinstance(e.clause, str) or not clauses.fullmatch(e.clause)]
    offered = set(listed)
    tried = neighbours(listed, pools, engine.codec.classes.values(), seat, rng, MAX_UNLISTED)
    for action in tried:
        if action in offered:
            continue
        taken = type(action) in decision.handlers
        try:
            engine.apply(state, action)
        except IllegalAction as exc:
            if clauses is not None and (wrong := refusal_problem(exc, clauses)):
                problems.append(f"{kind}: {encode(action)} refused badly: {wrong}")
            if taken and exc.code == "wrong_step":
                problems.append(f"{kind}: {encode(action)} refused as wrong_step, though the decision takes it")
            elif not taken and exc.code != "wrong_step":
                problems.append(f"{kind}: {encode(action)}, a kind the decision does not take, refused {exc.code}")
            elif taken and codes and kind in codes and exc.code not in codes[kind]:
                problems.append(f"{kind}: {encode(action)} refused {exc.code}, not one of {sorted(codes[kind])}")
        except ActionRefused as exc:
            problems.append(f"{kind}: well-formed {encode(action)} refused as {type(exc).__name__}: {exc}")
        except Exception as exc:  # noqa: BLE001 - a crash is a breach too, reported with the action
            problems.append(f"{kind}: {encode(action)} crashed apply: {exc!r}")
        else:
            if not _respelled(engine, state, action, listed) and not (shorthand and shorthand(engine, state, action)):
                problems.append(f"{kind}: unlisted {encode(action)} accepted")
    if json.dumps(state, sort_keys=True) != before:
        problems.append(f"{kind}: apply changed the state it was given")
    return problems


def _same_but_order(a: Action, b: Action) -> bool:
    """``a`` and ``b`` are the same kind of action with the same fields, tuples compared as multisets."""
    if type(a) is not type(b):
        return False
    for f in dataclasses.fields(a):
        x, y = getattr(a, f.name), getattr(b, f.name)
        reordered = isinstance(x, tuple) and isinstance(y, tuple) and sorted(map(repr, x)) == sorted(map(repr, y))
        if x != y and not reordered:
            return False
    return True


def _respelled(engine: Any, state: dict, action: Action, listed: Sequence[Action]) -> bool:
    """``action`` is a listed action with the elements of a tuple field in another order, and applying it does
    exactly what applying that listed action does (a choice of cards is a set: the listing spells it once)."""
    new = engine.apply(state, action)
    return any(_same_but_order(action, other) and engine.apply(state, other) == new for other in listed)


def positions(engine: Any, games: Iterable[tuple[dict, dict, int]], per_kind: int, seed: int = 0,
              bots: tuple[str, str] = ("random", "random")) -> dict[str, list[tuple[dict, str]]]:
    """Decisions to check, by kind: whole games (``games``: ``(config, decks, seed)`` each) between ``bots``,
    keeping up to ``per_kind`` decisions of each kind from each game (a reservoir sample, so late decisions of
    a long game are kept as often as early ones). Returns ``{kind: [(state, seat), …]}``."""
    from referee.engine.bots import make_bot
    from referee.engine.protocol import RngSeed
    from referee.engine.rng import seed_from_int

    rng = random.Random(seed)
    out: dict[str, list[tuple[dict, str]]] = {}
    for config, decks, game_seed in games:
        first, second = engine.seats
        players = {first: make_bot(bots[0], game_seed), second: make_bot(bots[1], game_seed + 10_000)}
        state, _ = engine.new_game(config, decks, RngSeed(seed_from_int(game_seed)))
        seen: dict[str, int] = {}
        kept: dict[str, list[tuple[dict, str]]] = {}
        while (seat := engine.to_act(state)) is not None:
            kind = state["pending"]["kind"]
            n = seen[kind] = seen.get(kind, 0) + 1
            sample = kept.setdefault(kind, [])
            if len(sample) < per_kind:
                sample.append((state, seat))
            elif (at := rng.randrange(n)) < per_kind:
                sample[at] = (state, seat)
            actions = engine.legal_actions(state, seat)
            state, _ = engine.apply(state, players[seat](engine, state, seat, actions))
        for kind, sample in kept.items():
            out.setdefault(kind, []).extend(sample)
    return out


def check_all(engine: Any, found: Sequence[tuple[dict, str]], pools: Callable[[dict], Mapping[str, Sequence[Any]]],
              seed: int = 0, codes: Mapping[str, set[str]] | None = None,
              shorthand: Callable[[Any, dict, Action], bool] | None = None,
              clauses: re.Pattern[str] | None = None) -> list[str]:
    """``check`` at every decision of ``found`` (from ``positions``), ``pools(state)`` giving the values to try;
    the breaches, each once."""
    rng = random.Random(seed)
    problems: dict[str, None] = {}
    for state, seat in found:
        for problem in check(engine, state, seat, rng, pools(state), codes, shorthand, clauses):
            problems[problem] = None
    return list(problems)

"""Iron Leaguer knowledge for the search bot (issue 28; ``referee.engine.search``). Every hidden card comes from
the game's fixed set (the IL deck, the technique decks of each period), so each hidden group's cards are known as a
multiset and dealt at random: nothing is guessed. Each IL's record (``ils``: heart, penalty, acted) is made again
for an IL dealt to a hidden place, as the IL deck holds it.

Evaluation (``_side``, the difference through a logistic curve, 0.5 when even): World Tour wins (only they end the
game, IL 22.1), the earlier scenes won (they bring growth, IL 11.5, and the first attack, IL 3.3), the points of
the scene under way as their share of the scene (IL 4.4), the team's hearts, skill and body less its penalties,
and a little for each card in hand. A playout goes on past its depth to the end of an exchange (``settled``).

The search weighs, of each decision, only the greedy bot's four best moves (``considered``): between two greedy
bots Silver Castle wins seven games in eight with the seed box, and a search over every move lost to the greedy bot
in both seats (2 of 18 games at normal); weighing greedy's best few, it plays greedy's judgement and looks ahead
among them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from referee.engine.actions import Action
from referee.engine.knowledge import even_at_half
from referee.engine.listing import Counted, Listing
from referee.engine.protocol import State
from referee.engine.search import Knowledge

from . import rules
from .actions import Cancel
from .bot import PER_IL, greedy_score
from .scenes import world_tour_wins
from .setup import new_il
from .state import SEATS


def group_of(card_id: str, card: dict[str, Any], seat: str, where: str) -> tuple[str, bool]:
    """An IL (``"il"``) or a technique card of its period (``"tech1"``…): a fixed set, known as a multiset."""
    if card.get("card_type") == "technique":
        return f"tech{(card.get('attributes') or {}).get('period', 0)}", True
    return "il", True


def _prior(info: Any) -> Any:
    def draw(group: str, count: int, rng: Any) -> list[dict[str, Any]]:  # never asked: every group is known
        raise ValueError(f"no prior for the Iron Leaguer group {group}")
    return draw


# The evaluation's weights (``_side``): a World Tour win, an earlier scene won (a scene under way counts its
# points as their share of these), a card in hand, a point of heart, skill or body of a team member.
WORLD_TOUR_WIN, SCENE_WIN, HAND, TEAM = 30.0, 6.0, 0.1, 0.25
# How many of the greedy bot's best moves the search weighs (``considered``).
CANDIDATES = 4


def _side(state: State, seat: str) -> float:
    won = sum(1 for result in state["results"] if result["winner"] == seat)
    world_tour = world_tour_wins(state)[seat]
    match = state.get("match") or {}
    score = (match.get("score") or {}).get(seat, 0)
    scene = state.get("scene") or 1
    worth = WORLD_TOUR_WIN if scene in rules.WORLD_TOUR_SCENES else SCENE_WIN
    hand = state["hands"][seat]
    hand = hand if isinstance(hand, int) else len(hand)
    ils, cards = state.get("ils") or {}, state["cards"]
    team = 0.0
    for il in state["teams"][seat]:
        record, a = ils.get(il), cards[il].get("attributes") or {}
        if record is not None:
            team += record["heart"] + a.get("skill", 0) + a.get("body", 0) - record["penalty"]
    value: float = (WORLD_TOUR_WIN * world_tour + SCENE_WIN * (won - world_tour)
                    + worth * score / rules.points_to_win(scene) + HAND * hand + TEAM * team)
    return value


# ``seat``'s chance at a cut-off position, 0..1 (the module docstring).
evaluate = even_at_half(_side, SEATS, 8.0)


def rebuild(state: State, groups: dict[str, str]) -> None:
    """An IL dealt to a hidden place gets the record a new IL has: its heart as printed, no penalty, not acted."""
    ils = state.setdefault("ils", {})
    for name, group in groups.items():
        if group == "il" and name not in ils:
            ils[name] = new_il(state["cards"][name])


# The decisions inside an exchange (IL 5–8: the halves and users, the defence, a discard to draw, the instruction,
# a growth split): a playout stopped there holds cards spent and the point not yet scored.
_UNSETTLED = frozenset({"assign", "defence", "discard", "instruction", "growth"})


def settled(state: State) -> bool:
    """Whether the evaluation can judge ``state``: not inside an exchange (``_UNSETTLED``)."""
    pending = state.get("pending")
    return pending is None or pending["kind"] not in _UNSETTLED


def considered(state: State, seat: str, legal: Sequence[Action]) -> Sequence[Action]:
    """The moves the search weighs, in their legal order: the ``CANDIDATES`` the greedy bot scores highest
    (``bot.greedy_score``; of equal scores the first listed), never a ``Cancel``: it only undoes a declaration
    (IL 5.2), and a search that finds declaring and withdrawing even goes round in circles (a bench game withdrew
    77 declarations). Of a growth split's ways (IL 11.6), only those with the most expected hearts (the greedy
    score is the exact figure there): a heart more or less is too small for a few hundred playouts to tell
    apart, and the search chose worse splits by chance. Our reading for the bot only (``docs/bots.md``); the
    rules are unchanged."""
    if state["pending"]["kind"] == "growth":
        scores = [greedy_score(state, action) for action in legal]
        best = max(scores)
        return [action for action, score in zip(legal, scores, strict=True) if score == best]
    kept = sorted(_scored(state, legal))[:CANDIDATES]  # the best scores, of equal ones the first listed
    return [legal[i] for i in sorted(i for _, i in kept)]


def _scored(state: State, legal: Sequence[Action]) -> list[tuple[float, int]]:
    """``(-score, index)`` of each legal action but a ``Cancel``, except that a part of a ``Listing`` whose
    actions' scores read one number per IL (``bot.PER_IL``: a training, IL 18.3, a few hundred ways to share the
    points; an assignment, IL 5.4.3, every few ILs of a handful) gives only its own ``CANDIDATES`` best
    (``_part_best``): no other of them can be among the best of all, so the result of ``considered`` is the same
    as scoring them all."""
    if not isinstance(legal, Listing):
        return [(-greedy_score(state, action), i) for i, action in enumerate(legal) if type(action) is not Cancel]
    out: list[tuple[float, int]] = []
    at = 0
    for part in legal.parts:
        per_il = PER_IL.get(part.cls) if isinstance(part, Counted) else None
        if per_il is not None:
            out.extend((score, at + i) for score, i in _part_best(state, part, per_il))  # type: ignore[arg-type]
        else:
            actions = part if isinstance(part, tuple) else part.built()
            out.extend((-greedy_score(state, action), at + i) for i, action in enumerate(actions)
                       if type(action) is not Cancel)
        at += len(part)
    return out


# ``_part_best``'s answers: (the actions' class, the part's class and size of its groups, its ILs' numbers in order)
# -> the best (-score, index in part)
_PART_BEST: dict[tuple[Any, ...], list[tuple[float, int]]] = {}


def _part_best(state: State, part: Counted, per_il: Callable[[State, str], float]) -> list[tuple[float, int]]:
    """``(-score, index in part)`` of the ``CANDIDATES`` best actions of ``part``, whose scores read one number
    per IL (``per_il``). The ``i``-th action of a part takes its ILs by a pattern of the part's class, its number of
    ILs and, for combinations, their size (``referee.engine.listing``; C(5, 2) = C(5, 3): the size, not the length),
    so the answer is kept by those and the ILs' numbers in order: the line-ups and the determinizations change, a
    growth value or an IL's strength mostly do not."""
    items: tuple[str, ...] = part.items  # type: ignore[attr-defined]  # every counted part of ILs has them
    key = (part.cls, type(part), getattr(part, "r", None), tuple(per_il(state, il) for il in items))
    found = _PART_BEST.get(key)
    if found is None:
        if len(_PART_BEST) >= 4096:
            _PART_BEST.clear()
        found = _PART_BEST[key] = sorted((-greedy_score(state, action), i)
                                         for i, action in enumerate(part.built()))[:CANDIDATES]
    return found


KNOWLEDGE = Knowledge(group_of=group_of, prior=_prior, evaluate=evaluate, rebuild=rebuild, settled=settled,
                      considered=considered)

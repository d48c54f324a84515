"""The search bot: information-set Monte Carlo tree search (issue 28).

Single-observer ISMCTS (Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG
4(2), 2012; OpenSpiel's ``ISMCTSBot`` read for reference): one tree over the moves of both seats as the searching
seat sees them. Each iteration deals a *determinization* — a full state consistent with the seat's information
set (``referee.engine.information``) — walks the tree by UCB1 over the moves legal in that determinization (a
child's exploration counts the iterations it was *available*, not its parent's visits), adds one node, then plays
on with a policy until the game ends or ``depth`` moves have passed, where the game's evaluation scores the
position. The move chosen is the root's most visited.

It never peeks: :func:`search` takes an :class:`~referee.engine.information.InformationSet`, which holds no card
the seat may not see and no secret seed; the only way in from a true state is :func:`information_set`, whose
output is the same for every state that differs only in what the seat cannot see (a test swaps the other seat's
hidden cards and checks the decision). The game's knowledge (:class:`Knowledge`) lives in its own package:
which group a hidden card belongs to, a prior for the cards of the other seat's hidden groups, an evaluation.

Deterministic from ``seed``: the same information set, budget and seed give the same move.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .information import Dealer, GroupOf, InformationSet, Prior, information_set
from .protocol import State

Evaluate = Callable[[State, str], float]  # (state, seat) -> the seat's chance, 0..1, at a cut-off


@dataclass(frozen=True)
class Knowledge:
    """A game's knowledge for the search: ``group_of`` (``information.GroupOf``), ``prior`` (the information set
    → a ``Prior`` for its unknown groups; it must not depend on anything the set does not hold), ``evaluate``."""

    group_of: GroupOf
    prior: Callable[[InformationSet], Prior]
    evaluate: Evaluate
    derived: tuple[str, ...] = ()  # the state's parts worked out from its cards (information.information_set)
    rebuild: Callable[[State, dict[str, str]], None] | None = None  # makes them again in a determinization
    # The moves the search weighs of those legal (``(state, seat, legal) -> moves``; never empty when ``legal``
    # is not): a game leaves out moves that only undo others, which the rules allow without end (a search
    # finding them even would go round in circles). None: every legal move.
    considered: Callable[[State, str, Sequence[Action]], Sequence[Action]] | None = None
    # Whether the evaluation can judge a position (``state -> bool``): a playout cut off at its depth goes on
    # while it cannot, for at most the depth again (a quiescence search's idea: an Iron Leaguer exchange half
    # played holds cards spent and no point yet). None: every position.
    settled: Callable[[State], bool] | None = None


@dataclass(frozen=True)
class Budget:
    """How hard a level thinks: ``iterations`` per decision, each playout cut off after ``depth`` moves, the
    playout's share of greedy moves (the rest random), and UCB1's exploration constant."""

    iterations: int
    depth: int = 12
    greedy: float = 0.8
    exploration: float = 0.7


LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=24, depth=6),
    "normal": Budget(iterations=96, depth=10),
    "hard": Budget(iterations=320, depth=14),
}


@dataclass
class _Node:
    seat: str | None = None  # who moved into this node
    visits: int = 0
    reward: float = 0.0  # summed from ``seat``'s side
    available: int = 0
    children: dict[str, _Node] = field(default_factory=dict)  # by the move's repr (some moves hold lists)


def _seed_part(rng: random.Random) -> dict[str, Any]:
    return {"seed": rng.getrandbits(256).to_bytes(32, "big").hex()}


def _value(engine: Any, state: State, seat: str, evaluate: Evaluate) -> float:
    outcome = engine.outcome(state)
    if outcome is not None:
        return 0.5 if outcome.winner is None else 1.0 if outcome.winner == seat else 0.0
    return min(1.0, max(0.0, evaluate(state, seat)))


def _policy_move(engine: Any, state: State, seat: str, actions: Sequence[Action], greedy: float,
                 rng: random.Random) -> Action:
    if len(actions) == 1:
        return actions[0]
    if rng.random() < greedy:  # the rule of thumb's best, ties broken at random
        score = engine.greedy_score
        best = -math.inf
        ties: list[Action] = []
        for action in actions:
            value = score(state, action)
            if value > best:
                best, ties = value, [action]
            elif value == best:
                ties.append(action)
        return ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]
    return actions[rng.randrange(len(actions))]


# Iterations discarded because a determinization could not be played (counted for the bench; they leave no node).
STATS = {"discarded": 0}


def _moves(engine: Any, knowledge: Knowledge, state: State, mover: str) -> Sequence[Action]:
    """The moves the search weighs for ``mover`` (``Knowledge.considered`` of the legal ones)."""
    legal: Sequence[Action] = engine.legal_actions(state, mover)
    if knowledge.considered is None or len(legal) < 2:
        return legal
    return knowledge.considered(state, mover, legal) or legal


def _descend(engine: Any, knowledge: Knowledge, state: State, root: _Node, path: list[_Node], budget: Budget,
             rng: random.Random, force: Action | None = None) -> tuple[State, tuple[_Node, str] | None]:
    """Selection (UCB1 over the moves available here, by availability) and the expansion of one node: the state
    reached, and ``(parent, key)`` of the node added (None at the end of the game). ``force``: the root's move
    (the analysis of a move the search would not weigh or try enough)."""
    node = root
    c = budget.exploration
    if force is not None:
        key = repr(force)
        child = root.children.get(key)
        if child is None:
            child = root.children[key] = _Node(seat=engine.to_act(state))
        child.available += 1
        state, _ = engine.apply(state, force)
        path.append(child)
        if child.visits == 0:
            return state, (root, key)
        node = child
    while True:
        mover = engine.to_act(state)
        if mover is None:
            return state, None
        legal = _moves(engine, knowledge, state, mover)
        keys = [repr(a) for a in legal]
        children = node.children
        untried = []
        for i, key in enumerate(keys):
            child = children.get(key)
            if child is None:
                untried.append(i)
            else:
                child.available += 1
        if untried:
            i = untried[rng.randrange(len(untried))]
            state, _ = engine.apply(state, legal[i])
            child = children[keys[i]] = _Node(seat=mover, available=1)
            path.append(child)
            return state, (node, keys[i])
        i = max(range(len(legal)), key=lambda j: children[keys[j]].reward / children[keys[j]].visits
                + c * math.sqrt(math.log(children[keys[j]].available) / children[keys[j]].visits))
        state, _ = engine.apply(state, legal[i])
        node = children[keys[i]]
        path.append(node)


@dataclass(frozen=True)
class Estimate:
    """A root move's figures after a search: the move, the iterations that played it, and its mean value for
    the searching seat (0..1: its estimated chance of winning; None when no iteration played it)."""

    action: Action
    visits: int
    value: float | None


def _iterate(engine: Any, info: InformationSet, knowledge: Knowledge, budget: Budget, prior: Prior, root: _Node,
             rng: random.Random, iterations: int, force: Action | None = None) -> None:
    seat = info.seat
    dealer = Dealer(info, prior, _seed_part, knowledge.rebuild)
    settled = knowledge.settled
    longest = 2 * budget.depth if settled is not None else budget.depth  # a playout's moves at most
    for _ in range(iterations):
        state = dealer.deal(rng)
        path: list[_Node] = [root]
        added: tuple[_Node, str] | None = None
        try:
            state, added = _descend(engine, knowledge, state, root, path, budget, rng, force)
            for move in range(longest):  # the playout
                mover = engine.to_act(state)
                if mover is None or move >= budget.depth and settled(state):  # type: ignore[misc]
                    break
                legal = _moves(engine, knowledge, state, mover)
                state, _ = engine.apply(state, _policy_move(engine, state, mover, legal, budget.greedy, rng))
            value = _value(engine, state, seat, knowledge.evaluate)
        except Exception:  # noqa: BLE001 - a guess the rules cannot play (a card no hidden place could hold)
            if added is not None:  # the iteration leaves nothing behind
                del added[0].children[added[1]]
            STATS["discarded"] += 1
            continue
        for visited in path:
            visited.visits += 1
            visited.reward += value if visited.seat == seat else 1.0 - value


def _root_actions(engine: Any, info: InformationSet) -> Sequence[Action]:
    """The legal actions of the searching seat in its information set; ValueError when it is not to act."""
    seat = info.seat
    actions: Sequence[Action] = engine.legal_actions(info.state, seat) if engine.to_act(info.state) == seat else []
    if not actions:
        raise ValueError(f"{seat} is not to act")
    return actions


def estimates(engine: Any, info: InformationSet, knowledge: Knowledge, budget: Budget, seed: int,
              include: Action | None = None, include_iterations: int = 0) -> list[Estimate]:
    """Search ``info`` (``budget.iterations`` iterations) and return each legal root move's ``Estimate``, the
    search's most visited first (ties: the higher value; ``include``'s own iterations do not count for the
    order). ``include``: a legal move to estimate as well, given at least
    ``include_iterations`` iterations of its own after the search (the analysis of a finished match weighs the
    move a player chose beside the search's own). ValueError when the seat is not to act."""
    return _estimates(engine, info, knowledge, budget, seed, _root_actions(engine, info), include,
                      include_iterations)


def _estimates(engine: Any, info: InformationSet, knowledge: Knowledge, budget: Budget, seed: int,
               actions: Sequence[Action], include: Action | None, include_iterations: int) -> list[Estimate]:
    rng = random.Random(seed)
    root = _Node()
    prior = knowledge.prior(info)
    searched: dict[str, int] = {}  # the visits before ``include``'s own iterations: the order of the moves
    if len(actions) > 1:
        _iterate(engine, info, knowledge, budget, prior, root, rng, budget.iterations)
        searched = {key: child.visits for key, child in root.children.items()}
        if include is not None:
            child = root.children.get(repr(include))
            extra = include_iterations - (child.visits if child is not None else 0)
            if extra > 0:
                _iterate(engine, info, knowledge, budget, prior, root, rng, extra, force=include)
    found = []
    for action in actions:
        child = root.children.get(repr(action))
        visits = child.visits if child is not None else 0
        found.append(Estimate(action, visits, child.reward / visits if child is not None and visits else None))
    found.sort(key=lambda e: (searched.get(repr(e.action), 0), -1.0 if e.value is None else e.value), reverse=True)
    return found


def search(engine: Any, info: InformationSet, knowledge: Knowledge, budget: Budget, seed: int) -> Action:
    """The move ``info.seat`` makes (the module docstring). ValueError when the seat is not to act in the
    information set's state."""
    actions = _root_actions(engine, info)
    if len(actions) == 1:
        return actions[0]  # a decision with one legal action costs no search
    best = _estimates(engine, info, knowledge, budget, seed, actions, None, 0)[0]
    if best.visits == 0:  # every determinization failed: the rule of thumb
        return max(actions, key=lambda a: engine.greedy_score(info.state, a))
    return best.action


def make_search_bot(level: str, seed: int, knowledge_for: Callable[[str], Knowledge]) -> Callable[..., Action]:
    """A bot (``referee.engine.bots.Bot``) searching at ``level`` (``LEVELS``): it turns the state it is handed
    into its seat's information set at once, and decides from that alone. ``knowledge_for(game)`` gives the
    game's knowledge. Each decision's search seed is drawn from the bot's own ``random.Random(seed)``."""
    budget = LEVELS[level]
    chooser = random.Random(seed)

    def search_bot(engine: Any, state: State, seat: str, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        knowledge = knowledge_for(engine.name)
        info = information_set(engine, state, seat, knowledge.group_of, knowledge.derived)
        chosen = search(engine, info, knowledge, budget, chooser.getrandbits(64))
        return next((a for a in actions if a == chosen), actions[0])

    return search_bot

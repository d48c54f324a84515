"""Riders' Legend knowledge for the search bot (issue 28; ``referee.engine.search``): hidden cards grouped by
owner, the other seat's guessed from its cards in sight and the searcher's own list (never an eyecatch), the
``auras`` index made again for the cards dealt, and an evaluation of a cut-off position.

Evaluation (勝利条件/B8, B4.8: a player with no mission left, or whose deck runs out, loses): each side's missions
left (most), the damage they carry, its characters' ATK and DEF on the field, its deck (a thin deck is a danger)
and hand; the difference through a logistic curve, 0.5 when even."""

from __future__ import annotations

from collections.abc import Sequence

from referee.engine.actions import Action
from referee.engine.knowledge import by_owner, even_at_half, shown_and_own_prior
from referee.engine.protocol import State
from referee.engine.search import Knowledge

from . import characters
from .actions import Untransform
from .setup import aura_cards
from .state import SEATS


def _side(state: State, seat: str) -> float:
    player = state["players"][seat]
    missions = [m for m in player["missions"] if m]
    damage = sum(m.get("damage", 0) for m in missions)
    chars = [c for row in (player["battle"], player["operation"]) for area in row for c in area]
    chars += list(player["justice"])
    power = sum(characters.attack(state, seat, c) + characters.defence(state, c) for c in chars)
    deck = player["deck"] if isinstance(player["deck"], int) else len(player["deck"])
    hand = player["hand"] if isinstance(player["hand"], int) else len(player["hand"])
    value: float = 12.0 * len(missions) - 1.5 * damage + 0.6 * power + 0.5 * hand - (10.0 if deck <= 3 else 0.0)
    return value


# ``seat``'s chance at a cut-off position, 0..1 (the module docstring).
evaluate = even_at_half(_side, SEATS, 10.0)


def rebuild(state: State, groups: dict[str, str]) -> None:
    """The ``auras`` index (``setup.aura_cards``) for the cards as dealt."""
    state["auras"] = aura_cards(state["cards"])


def considered(state: State, seat: str, legal: Sequence[Action]) -> list[Action]:
    """The moves the search weighs: every legal one but an untransform (下位変身). ※変身 lets a character
    transform and untransform any number of times in one turn; a search that finds the two even goes round in
    circles (a bench game made 190 of them in one turn), and a player's untransform to play the card again
    elsewhere is a line the bot forgoes. Our reading for the bot only (``docs/bots.md``); the rules are
    unchanged."""
    return [action for action in legal if type(action) is not Untransform]


KNOWLEDGE = Knowledge(group_of=by_owner, prior=shown_and_own_prior(SEATS, never=("eyecatch",)), evaluate=evaluate,
                      derived=("auras",), rebuild=rebuild, considered=considered)

"""Iron Leaguer knowledge for the search bot (issue 28; ``referee.engine.search``). Every hidden card comes from
the game's fixed set (the IL deck, the technique decks of each period), so each hidden group's cards are known as a
multiset and dealt at random: nothing is guessed. Each IL's record (``ils``: heart, penalty, acted) is made again
for an IL dealt to a hidden place, as the IL deck holds it. Evaluation: the scenes won (most), the points of the
scene under way, the cards in hand; the difference through a logistic curve, 0.5 when even."""

from __future__ import annotations

from typing import Any

from referee.engine.knowledge import even_at_half
from referee.engine.protocol import State
from referee.engine.search import Knowledge

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


def _scenes(state: State, seat: str) -> int:
    return sum(1 for result in state.get("results") or [] if isinstance(result, dict) and result.get("winner") == seat)


def _side(state: State, seat: str) -> float:
    match = state.get("match") or {}
    score = (match.get("score") or {}).get(seat, 0)
    hand = state["hands"][seat]
    hand = hand if isinstance(hand, int) else len(hand)
    value: float = 10.0 * _scenes(state, seat) + 3.0 * score + 0.4 * hand
    return value


# ``seat``'s chance at a cut-off position, 0..1 (the module docstring).
evaluate = even_at_half(_side, SEATS, 8.0)


def rebuild(state: State, groups: dict[str, str]) -> None:
    """An IL dealt to a hidden place gets the record a new IL has: its heart as printed, no penalty, not acted."""
    ils = state.setdefault("ils", {})
    for name, group in groups.items():
        if group == "il" and name not in ils:
            ils[name] = new_il(state["cards"][name])


KNOWLEDGE = Knowledge(group_of=group_of, prior=_prior, evaluate=evaluate, rebuild=rebuild)

"""Fixtures for the Iron Leaguer engine tests: a fresh game on the test pool, named-card helpers, loaded
dice."""

from __future__ import annotations

import pytest

from referee.engine import rng as rngmod
from referee.engine.actions import Event
from referee.engine.protocol import RngSeed, get_engine
from referee.engine.rng import seed_from_int
from referee.games.iron_leaguer import flow, scenes
from referee.games.iron_leaguer import state as st

from .pool import pool

ENGINE = get_engine("iron_leaguer")


def new_state(seed: int = 1) -> dict:
    return ENGINE.new_game({}, {"cards": pool()}, RngSeed(seed_from_int(seed)))[0]


def cid(state: dict, name: str) -> str:
    """The instance id of the card called ``name`` (the first one)."""
    return next(k for k, v in state["cards"].items() if v["name"] == name)


def give(state: dict, seat: str, *names: str) -> list[str]:
    """Make ``seat``'s hand exactly the named technique cards (others go back on the deck). Mutates
    ``state``."""
    for card in state["hands"][seat]:
        st.tech_deck(state).append(card)
    state["hands"][seat] = []
    ids = []
    for card_name in names:
        card = next(k for k, v in state["cards"].items() if v["name"] == card_name and k not in ids)
        for zone in (*state["tech"]["decks"].values(), state["tech"]["discard"], *state["hands"].values()):
            if card in zone:
                zone.remove(card)
        state["hands"][seat].append(card)
        ids.append(card)
    return ids


def to_interval(
    state: dict, scene: int, winner: str, score: dict | None = None, rough_plays: int = 0
) -> list[Event]:
    """Put ``state`` at the start of the interval of ``scene`` after a match ``winner`` won. Mutates
    ``state``."""
    score = score or {winner: 2, st.other(winner): 1}
    state["scene"] = scene
    state["results"].append(
        {
            "scene": scene - 1,
            "winner": winner,
            "score": score,
            "lost_by": score[winner] - score[st.other(winner)],
            "rough_plays": rough_plays,
        }
    )
    state["match"] = None
    events: list[Event] = []
    scenes.begin_interval(state, events)  # IL 10.1
    flow.advance(state, events, ("interval", None))  # IL 10.2: its steps, up to the first decision
    return events


@pytest.fixture
def state() -> dict:
    return new_state()


@pytest.fixture
def dice(monkeypatch):
    """Load the dice: ``dice(3, 4, ...)`` queues values that the next rolls take, in order."""
    queue: list[int] = []
    real = rngmod.dice

    def loaded(rng: dict, count: int) -> list[int]:
        if len(queue) >= count:
            out = queue[:count]
            del queue[:count]
            return out
        return real(rng, count)

    monkeypatch.setattr(rngmod, "dice", loaded)

    def load(*values: int) -> None:
        queue.extend(values)

    return load


def act(state: dict, action) -> tuple[dict, list[Event]]:
    return ENGINE.apply(state, action)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]

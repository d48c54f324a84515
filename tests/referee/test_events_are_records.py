"""An event is a record of what happened when it was made: its data never changes afterwards. A bug found in the
replay (issue 27): the Legions setup's private "drawn" event held the hand list itself, so the first player's turn
draw (made in the same setup) grew it, and step 0 read "draws 5 cards", then named 6. Whole bot games of every
engine: each private "drawn" event names exactly the cards its public "draw" counted, and each event's JSON taken
when the action made it is the same at the end of the game."""

from __future__ import annotations

import json

import pytest

from referee.engine import rng
from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed, get_engine

from .iron_leaguer.pool import pool
from .legions import conftest as legions
from .riders_legend import conftest as riders


def _decks(game: str) -> dict:
    return {"iron_leaguer": lambda: {"cards": pool()}, "legions": legions.decks, "riders_legend": riders.decks}[game]()


def _text(events) -> list[str]:
    return [json.dumps(e.as_dict(), sort_keys=True, ensure_ascii=False) for e in events]


def _draws_named_as_counted(events) -> list[str]:
    wrong, counted = [], None
    for event in events:
        if event.kind == "draw":
            counted = event.data.get("count")
        elif event.kind == "drawn":
            if counted is not None and len(event.data["cards"]) != counted:
                wrong.append(f"{event.clause}: draw counted {counted}, drawn names {len(event.data['cards'])}")
            counted = None
    return wrong


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game", ["iron_leaguer", "legions", "riders_legend"])
def test_no_event_changes_after_it_was_made(game: str, seed: int) -> None:
    engine = get_engine(game)
    state, setup = engine.new_game({}, _decks(game), RngSeed(rng.seed_from_int(seed)))
    made = [(setup, _text(setup))]
    wrong = _draws_named_as_counted(setup)
    bot = make_bot("greedy", seed)
    while (seat := engine.to_act(state)) is not None and len(made) < 3000:
        state, events = engine.apply(state, bot(engine, state, seat, engine.legal_actions(state, seat)))
        made.append((events, _text(events)))
        wrong += _draws_named_as_counted(events)
    assert engine.to_act(state) is None, "the game did not end"
    assert not wrong, wrong[:3]
    changed = [(step, before, after) for step, (events, text) in enumerate(made)
               for before, after in zip(text, _text(events), strict=True) if before != after]
    assert not changed, f"{len(changed)} events changed after they were made; the first (step 0 is the setup): " \
                        f"{changed[0]}"

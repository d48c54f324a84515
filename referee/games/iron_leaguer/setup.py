"""IL 2 (setup) and 3.2: the initial state from the card pool."""

from __future__ import annotations

from referee.engine import rng as rngmod
from referee.engine.actions import Event
from referee.engine.protocol import RngSeed

from . import rules
from .state import draw_tech


def _catalogue(cards: list[dict]) -> tuple[dict, list[str], list[str]]:
    """Assign instance ids: ILs ``il01``…, techniques ``t001``… in the given order. ValueError on a card that
    is neither."""
    table: dict[str, dict] = {}
    ils: list[str] = []
    techs: list[str] = []
    for i, card in enumerate(cards):
        kind = card.get("card_type")
        if kind == "il":
            card_id = f"il{len(ils) + 1:02d}"
            ils.append(card_id)
        elif kind == "technique":
            card_id = f"t{len(techs) + 1:03d}"
            techs.append(card_id)
        else:
            raise ValueError(
                f"card {i} ({card.get('name')!r}): card_type must be il or technique, not {kind!r}"
            )
        table[card_id] = {"name": card["name"], "card_type": kind, "attributes": card["attributes"]}
    return table, ils, techs


def _empty_state(table: dict, ils: list[str], rng: RngSeed) -> dict:
    """The state before anything is dealt (shape: see state.py)."""
    return {
        "game": "iron_leaguer",
        "version": 0,
        "rng": rngmod.new_rng_state(rng.seed, rng.entropy),
        "cards": table,
        "ils": {il: {"heart": table[il]["attributes"]["heart"], "penalty": 0, "acted": False} for il in ils},
        "teams": {"silver": [], "dark": []},
        "il_deck": [],
        "strays": [],
        "retired": [],
        "tech": {"period": 1, "decks": {"1": [], "2": [], "3": []}, "discard": [], "out": []},
        "hands": {"silver": [], "dark": []},
        "scene": 1,
        "match": None,
        "results": [],
        "interval": None,
        "pending": None,
        "outcome": None,
    }


def new_game(config: dict, decks: dict, rng: RngSeed) -> tuple[dict, list[Event]]:
    """IL 2.1–2.5, 3.2. ``decks = {"cards": [card dicts as in the seed JSON]}`` (the whole Iron Leaguer pool:
    both line-ups, the Dark/stray leaguers and the technique cards). Returns ``(state, setup events)``."""
    table, ils, techs = _catalogue(decks["cards"])
    state = _empty_state(table, ils, rng)
    events = [Event("setup", "2", {"commitment": state["rng"]["commitment"], "entropy": list(rng.entropy)})]
    rest = []
    for il in ils:  # IL 2.2: the two starting line-ups; 2.3: the rest make the IL deck
        aff = table[il]["attributes"]["affiliation"]
        if aff == "silver_starter":
            state["teams"]["silver"].append(il)
        elif aff == "dark_starter":
            state["teams"]["dark"].append(il)
        else:
            rest.append(il)
    counter = state["rng"]["counter"]
    state["il_deck"] = rngmod.shuffle(state["rng"], rest)
    events.append(Event("shuffle", "2.3", {"zone": "il_deck", "count": len(rest), "counter": counter}))
    for period in ("1", "2", "3"):  # IL 2.4: three technique decks by period
        cards = [t for t in techs if str(table[t]["attributes"]["period"]) == period]
        counter = state["rng"]["counter"]
        state["tech"]["decks"][period] = rngmod.shuffle(state["rng"], cards)
        events.append(
            Event(
                "shuffle",
                "2.4",
                {"zone": f"technique_deck_{period}", "count": len(cards), "counter": counter},
            )
        )
    for seat in ("silver", "dark"):
        draw_tech(state, seat, rules.hand_limit(1), events, "2.4")
    state["match"] = {"score": {"silver": 0, "dark": 0}, "attacker": "dark", "rough_plays": 0}
    events.append(
        Event(
            "match_start",
            "2.5/3.2",
            {"scene": 1, "attacker": "dark", "points_to_win": rules.points_to_win(1)},
        )
    )
    state["pending"] = {"kind": "attack", "seat": "dark"}
    return state, events

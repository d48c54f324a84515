"""IL 2 (setup) and 3.2: the initial state from the card pool."""

from __future__ import annotations

from referee.engine import rng as rngmod
from referee.engine.actions import Event
from referee.engine.protocol import Data, RngSeed

from . import rules
from .state import draw_tech


def _catalogue(cards: list[Data]) -> tuple[Data, list[str], list[str]]:
    """Assign instance ids: ILs ``il01``…, techniques ``t001``… in the given order. ValueError on a card that
    is neither."""
    table: dict[str, Data] = {}
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


def _empty_state(table: Data, ils: list[str], rng: RngSeed) -> Data:
    """The state before anything is dealt (shape: see state.py)."""
    return {
        "game": "iron_leaguer",
        "version": 0,
        "rng": rngmod.new_rng_state(rng.seed, rng.entropy),
        "cards": table,
        "ils": {il: new_il(table[il]) for il in ils},
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


def line_ups(table: Data, ils: list[str], rosters: dict[str, list[str]]) -> tuple[Data, list[str], list[str]]:
    """IL 2.2–2.3: ``(teams, IL deck before shuffling, ILs out of the game)``.

    Without a roster a side fields its starting line-up (affiliation ``silver_starter``/``dark_starter``). A side
    with a custom roster (names, checked for legality by the decks feature) fields those ILs instead; its own
    starters left out of the roster sit the game out (docs/rules/iron_leaguer.md, "Custom rosters"). The Dark and
    stray leaguers that no roster took make the IL deck. ValueError names a roster IL missing from the pool.
    """
    teams: dict[str, list[str]] = {"silver": [], "dark": []}
    taken: set[str] = set()
    for seat, names in rosters.items():
        for name in names:
            il = next((i for i in ils if table[i]["name"] == name and i not in taken), None)
            if il is None:
                raise ValueError(f"the {seat} roster names {name!r}, which is not an IL of the pool")
            teams[seat].append(il)
            taken.add(il)
    deck, out = [], []
    for il in ils:
        if il in taken:
            continue
        side = {"silver_starter": "silver", "dark_starter": "dark"}.get(table[il]["attributes"]["affiliation"])
        if side is None:
            deck.append(il)
        elif side in rosters:
            out.append(il)
        else:
            teams[side].append(il)
    return teams, deck, out


def new_game(config: Data, decks: Data, rng: RngSeed) -> tuple[Data, list[Event]]:
    """IL 2.1–2.5, 3.2. ``decks = {"cards": [card dicts as in the seed JSON], "rosters"?: {seat: [IL names]}}``
    (the whole Iron Leaguer pool: both line-ups, the Dark/stray leaguers and the technique cards; a custom roster
    replaces a side's starting line-up). Returns ``(state, setup events)``."""
    table, ils, techs = _catalogue(decks["cards"])
    teams, rest, out = line_ups(table, ils, decks.get("rosters") or {})
    for il in out:  # starters who sit the game out are not part of it at all
        del table[il]
    ils = [il for il in ils if il not in out]
    state = _empty_state(table, ils, rng)
    events = [Event("setup", "2", {"commitment": state["rng"]["commitment"], "entropy": list(rng.entropy)})]
    state["teams"] = teams
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


def new_il(card: Data) -> Data:
    """An IL's record as the game starts it (``state["ils"]``): its heart as printed, no penalty, not acted."""
    return {"heart": card["attributes"]["heart"], "penalty": 0, "acted": False}

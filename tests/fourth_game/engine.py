"""The rules engine of Duel, a two-card-type game made for the tests (the whole rules, by clause):

- D1 Each player has a deck of 8 cards (units and spells) and 10 life.
- D2 Setup: each deck is shuffled, each player draws 3 cards; p1 takes the first turn.
- D3 On your turn you may play cards from your hand, one at a time: a unit goes to your field, a spell deals its
  damage to the other player. Then you pass.
- D4 When you pass, your units deal their total power to the other player, who draws a card (if any is left)
  and takes the next turn.
- D5 A player at 0 life or less loses at once. After turn 12, or when neither player holds or can draw a card,
  the player with more life wins; equal life is a draw.

Pure Python on the engine shell every game shares (``referee.engine.shell``), deterministic from the seed.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import ClassVar

from referee.engine import rng as rngmod
from referee.engine.actions import Action, Codec, Event
from referee.engine.errors import IllegalAction
from referee.engine.protocol import RngSeed
from referee.engine.shell import Decision, Shell

SEATS = ("p1", "p2")
LIFE, HAND, LAST_TURN = 10, 3, 12
CODEC = Codec()


@CODEC.register
@dataclass(frozen=True)
class Play(Action):
    """D3: play ``card`` from the hand."""

    type: ClassVar[str] = "play"
    card: str


@CODEC.register
@dataclass(frozen=True)
class Pass(Action):
    """D4: end the turn."""

    type: ClassVar[str] = "pass"


def _other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


def new_game(config: dict, decks: dict, rng: RngSeed) -> tuple[dict, list[Event]]:
    """D1–D2. ``decks``: ``{seat: [card dict]}`` (``name``, ``card_type``, ``attributes``)."""
    state: dict = {"version": 0, "turn": 1, "outcome": None, "rng": rngmod.new_rng_state(rng.seed, rng.entropy),
                   "cards": {}, "players": {}, "pending": {"seat": "p1", "kind": "main"}}
    events = [Event("setup", "D2", {"commitment": state["rng"]["commitment"], "entropy": list(rng.entropy)})]
    for seat in SEATS:
        ids = []
        for n, card in enumerate(decks[seat], 1):
            ids.append(f"{seat}c{n:02d}")
            state["cards"][ids[-1]] = {"name": card["name"], "card_type": card["card_type"],
                                       "attributes": card["attributes"], "owner": seat}
        counter = state["rng"]["counter"]
        deck = rngmod.shuffle(state["rng"], ids)
        events.append(Event("shuffle", "D2", {"seat": seat, "count": len(deck), "counter": counter}))
        events.append(Event("deck_order", "D2", {"seat": seat, "order": deck}, to=("server",)))
        state["players"][seat] = {"life": LIFE, "hand": deck[:HAND], "deck": deck[HAND:], "field": []}
        events.append(Event("drawn", "D2", {"seat": seat, "cards": deck[:HAND]}, to=(seat,)))
    return state, events


def _end(state: dict, events: list[Event], winner: str | None, reason: str, clause: str) -> None:
    state["outcome"] = {"winner": winner, "reason": reason, "clause": clause}
    state["pending"] = None
    events.append(Event("game_end", clause, dict(state["outcome"])))


def _check_life(state: dict, events: list[Event]) -> bool:
    """D5: a player at 0 life loses at once (both at once: a draw)."""
    down = [s for s in SEATS if state["players"][s]["life"] <= 0]
    if down:
        _end(state, events, None if len(down) == 2 else _other(down[0]), "life", "D5")
    return bool(down)


def _play(state: dict, action: Play, events: list[Event]) -> None:
    player = state["players"][action.seat]
    if action.card not in player["hand"]:
        raise IllegalAction("not_in_hand", f"{action.card} is not in your hand", "D3")
    player["hand"].remove(action.card)
    card = state["cards"][action.card]
    if card["card_type"] == "unit":
        player["field"].append(action.card)
        events.append(Event("unit", "D3", {"seat": action.seat, "card": action.card, "name": card["name"]}))
        return
    target = state["players"][_other(action.seat)]
    target["life"] -= card["attributes"]["damage"]
    events.append(Event("spell", "D3", {"seat": action.seat, "card": action.card, "name": card["name"],
                                        "damage": card["attributes"]["damage"], "life": target["life"]}))
    _check_life(state, events)


def _pass(state: dict, action: Pass, events: list[Event]) -> None:
    seat, other = action.seat, _other(action.seat)
    power = sum(state["cards"][c]["attributes"]["power"] for c in state["players"][seat]["field"])
    state["players"][other]["life"] -= power
    events.append(Event("attack", "D4", {"seat": seat, "power": power, "life": state["players"][other]["life"]}))
    if _check_life(state, events):
        return
    nobody_can_play = all(not p["hand"] and not p["deck"] for p in state["players"].values())
    if state["turn"] >= LAST_TURN or nobody_can_play:
        lives = {s: state["players"][s]["life"] for s in SEATS}
        winner = None if lives["p1"] == lives["p2"] else max(lives, key=lives.__getitem__)
        _end(state, events, winner, "more_life", "D5")
        return
    target = state["players"][other]
    if target["deck"]:
        target["hand"].append(target["deck"].pop(0))
        events.append(Event("drawn", "D4", {"seat": other, "cards": target["hand"][-1:]}, to=(other,)))
    state["turn"] += 1
    state["pending"] = {"seat": other, "kind": "main"}


def _actions(state: dict, seat: str) -> list[Action]:
    """D3–D4: every card of the hand, then passing."""
    return [*(Play(seat=seat, card=c) for c in state["players"][seat]["hand"]), Pass(seat=seat)]


class DuelEngine(Shell):
    """The shell every engine shares (``referee.engine.shell``) with Duel's one decision."""

    name = "duel"
    seats = SEATS
    codec = CODEC
    decisions = {"main": Decision({Play: _play, Pass: _pass}, _actions)}
    rule_prefix = "Duel"
    step_clause = "D3"
    new_game = staticmethod(new_game)
    copy = staticmethod(copy.deepcopy)

    @staticmethod
    def view(state: dict, seat: str | None) -> dict:
        """What ``seat`` sees: both lives and fields, its own hand; hands and decks of others as counts."""
        players = {s: {"life": p["life"], "field": list(p["field"]), "hand_count": len(p["hand"]),
                       "deck_count": len(p["deck"]), **({"hand": list(p["hand"])} if s == seat else {})}
                   for s, p in state["players"].items()}
        visible = {c for p in players.values() for c in (*p["field"], *p.get("hand", ()))}
        return {"turn": state["turn"], "pending": state["pending"], "outcome": state["outcome"], "players": players,
                "cards": {c: data for c, data in state["cards"].items() if c in visible}}

    @staticmethod
    def summary(state: dict) -> dict:
        return {"life": {s: p["life"] for s, p in state["players"].items()}}

    @staticmethod
    def greedy_score(state: dict, action: Action) -> float:
        """Play spells and units before passing, the strongest first."""
        if isinstance(action, Pass):
            return 0.0
        attributes = state["cards"][action.card]["attributes"]
        return 1.0 + attributes.get("damage", 0) + attributes.get("power", 0)

    def default_action(self, state: dict, seat: str) -> Action | None:
        """What the clock plays: pass (D4)."""
        return Pass(seat=seat) if self.to_act(state) == seat else None

    @staticmethod
    def report(state: dict) -> list[str]:
        return [f"turn {state['turn']}: life {state['players']['p1']['life']} - {state['players']['p2']['life']}"]


ENGINE = DuelEngine()

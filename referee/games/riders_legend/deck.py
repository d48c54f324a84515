"""The deck and its halves (Riders' Legend: デッキ, 開始準備, アイキャッチカード, 捨山; spec B1.2, B1.3, B3.2, B4.7,
B4.8): the deck stacked from the two shuffled halves and the eyecatch, drawing (the eyecatch drawn in one's own
draw phase goes to 墓場, applies its effect and ends the draw; at any other time it does nothing), deck damage
(top cards face down to 捨山), the mulligan's rebuild, and the instant loss of an empty deck.

A player's ``deck`` lists card ids bottom to top (the top is the last). Events never name a card that stays
hidden: draws are counted in public and named only to the drawer, 捨山 cards are counted.
"""

from __future__ import annotations

from typing import Any

from referee.engine import rng as rngmod
from referee.engine.actions import Event
from referee.engine.protocol import Data, State

from . import readings as readings_mod
from . import triggers, wins
from .state import kind, name, own, own_rng

CLAUSE_STACK = "開始準備/B1.2"
CLAUSE_EYECATCH = "アイキャッチカード/B3.2"


def stack(first_half: list[Any], eyecatch: Any, second_half: list[Any]) -> list[Any]:
    """B1.2: the deck top to bottom: the first half, the eyecatch, the second half (each half already
    shuffled): the second half is laid first, the eyecatch on it, the first half on top."""
    return [*first_half, eyecatch, *second_half]


def build(state: State, seat: str, events: list[Event], second_too: bool = True) -> None:
    """Shuffle the first half (of the cards not in the hand: all of them before the opening draw) and, with
    ``second_too``, the second half, then stack the deck (B1.2). Shuffle events name counts and RNG counters."""
    player = state["players"][seat]
    halves = state["halves"][seat]
    rng = own_rng(state)  # the shuffles advance its counter
    in_hand = set(player["hand"])
    first = [c for c in halves["first"] if c not in in_hand]
    counter = rng["counter"]
    first = rngmod.shuffle(rng, first)
    if second_too:
        second = rngmod.shuffle(rng, halves["second"])
    else:
        below = player["deck"][:player["deck"].index(halves["eyecatch"])] if halves["eyecatch"] in player["deck"] \
            else []
        second = list(reversed(below))
    player["deck"] = list(reversed(stack(first, halves["eyecatch"], second)))
    events.append(Event("shuffle", CLAUSE_STACK, {"seat": seat, "first_half": len(first), "second_half": len(second),
                                                  "second_reshuffled": second_too, "counter": counter}))


def above_eyecatch(player: Data) -> int | None:
    """How many cards lie above the eyecatch (the first half left), None once it has left the deck. Public: every
    card taken from or put into the deck is counted in public."""
    eyecatch = player["eyecatch"]
    if eyecatch not in player["deck"]:
        return None
    answer: int | None = len(player["deck"]) - 1 - player["deck"].index(eyecatch)
    return answer


def _left(state: State, seat: str, card_id: str, drawn: bool, events: list[Event]) -> None:
    player = state["players"][seat]
    if card_id != player["eyecatch"] or player["half"] == "second":
        return
    starts = readings_mod.of(state).second_half_starts
    if drawn or starts == "eyecatch_left_deck":
        player["half"] = "second"
        events.append(Event("second_half", f"{CLAUSE_EYECATCH} (reading second_half_starts)", {"seat": seat}))


def _take_top(state: State, seat: str, events: list[Event]) -> str | None:
    """The top card, or None from an empty deck. The deck becoming empty loses at once (B4.8)."""
    player = state["players"][seat]
    if not player["deck"]:
        return None
    card_id = own(state, seat, "deck").pop()
    if not player["deck"]:
        player["deck_out"] = True
        events.append(Event("deck_out", "勝利条件/B4.8", {"seat": seat}))
    answer: str | None = card_id
    return answer


def draw(state: State, seat: str, n: int, events: list[Event], clause: str, draw_phase: bool = False) -> list[str]:
    """Draw up to ``n`` cards into the hand; returns those that reached the hand. The eyecatch drawn in one's
    own draw phase (``draw_phase``) goes to 墓場, its sides' effects are queued and the draw ends; drawn at any
    other time it goes to 墓場 with no effect (and, reading ``eyecatch_outside_counts_as_draw``, counts as a
    card drawn). Stops when the game ends (an emptied deck)."""
    player = state["players"][seat]
    got: list[str] = []
    taken = 0
    while taken < n and state["outcome"] is None:
        card_id = _take_top(state, seat, events)
        if card_id is None:
            break
        taken += 1
        if kind(state, card_id) == "eyecatch":
            own(state, seat, "graveyard").append(card_id)
            _left(state, seat, card_id, True, events)
            events.append(Event("eyecatch", CLAUSE_EYECATCH, {"seat": seat, "card": card_id,
                                                              "name": name(state, card_id), "applies": draw_phase}))
            if draw_phase:
                triggers.eyecatch(state, seat, card_id, events)
                break
            if not readings_mod.of(state).eyecatch_outside_counts_as_draw:
                taken -= 1
        else:
            got.append(card_id)
        if wins.check(state, events):
            break
    player["hand"].extend(got)
    events.append(Event("draw", clause, {"seat": seat, "count": len(got), "deck": len(player["deck"])}))
    if got:
        events.append(Event("drawn", clause, {"seat": seat, "cards": got}, to=(seat,)))
    wins.check(state, events)
    return got


def damage(state: State, seat: str, n: int, events: list[Event], clause: str) -> int:
    """Deck damage (B4.7, B5.4): the top ``n`` cards of ``seat``'s deck go face down to 捨山; returns how many.
    An eyecatch among them does nothing. The deck emptied loses at once."""
    player = state["players"][seat]
    moved = 0
    for _ in range(n):
        card_id = _take_top(state, seat, events)
        if card_id is None:
            break
        own(state, seat, "discard_pile").append(card_id)
        _left(state, seat, card_id, False, events)
        moved += 1
        if player["deck_out"]:
            break
    events.append(Event("deck_damage", clause, {"seat": seat, "n": n, "moved": moved, "deck": len(player["deck"]),
                                                "discard_pile": len(player["discard_pile"])}))
    wins.check(state, events)
    return moved


def discard_pile_to_bottom(state: State, seat: str, n: int, events: list[Event], clause: str) -> int:
    """The top ``n`` cards of 捨山 go, still face down, under the deck; returns how many."""
    player = state["players"][seat]
    moved = 0
    for _ in range(min(n, len(player["discard_pile"]))):
        own(state, seat, "deck").insert(0, own(state, seat, "discard_pile").pop())
        moved += 1
    events.append(Event("discard_pile_to_deck", clause, {"seat": seat, "moved": moved, "deck": len(player["deck"]),
                                                         "discard_pile": len(player["discard_pile"])}))
    return moved


def mulligan(state: State, seat: str, events: list[Event]) -> None:
    """B1.3: the hand is shown to the opponent (a public event naming the cards, no ids), returned to the first
    half, the deck rebuilt (reading ``mulligan_reshuffles_second_half``) and 7 drawn again."""
    player = state["players"][seat]
    events.append(Event("mulligan", "開始時基本設定/B1.3 マリガン", {
        "seat": seat, "shown": sorted(name(state, c) for c in player["hand"])}))
    player["hand"] = []
    player["mulliganed"] = True
    build(state, seat, events, readings_mod.of(state).mulligan_reshuffles_second_half)
    draw(state, seat, 7, events, "開始時基本設定/B1.3")

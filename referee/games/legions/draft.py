"""ダンタリオンドラフト (the Dantalion Draft; the publisher's page "dantalion"; docs/rules/legions.md, its section):
a match with no decks. Each player opens two virtual boosters drawn from the committed seed, keeps 3 cards as the
opening hand, and the rest are shuffled into one shared deck; the first player, then the second, chooses a master;
in each turn a draft phase (look at the top 4 of the shared deck, keep 1, the others face down onto the shared
discard) replaces the draw phase.

``config = {"format": "dantalion", "set": code?, "first": "p1"|"p2"?, "readings": {...}?}`` (``set``: the set the
pool is of, kept for the board); ``decks = {"pool": [card, ...],
"masters": [card, ...]}``: the set's deck cards (a booster draws from them) and the masters to choose from (plain
card dicts as for constructed play). ValueError names what is wrong with them.

State additions: ``format``; ``shared`` = ``{"deck": [ids], "discard": [ids]}`` (top = last); ``draft`` =
``{"opened": {seat: [ids]}, "alias": {id: id}, "masters": [ids], "set": code}`` (``opened`` and ``alias``, each
opened card's second id, emptied once the shared deck is made);
``owners`` (``state.take_ownership``). The pre-game decisions are pending kinds ``opening`` (pick a card
of one's opened packs for the opening hand, three times) and ``master``; the turn's is ``draft``.
"""

from __future__ import annotations

from referee.engine import rng as rngmod
from referee.engine.actions import Event
from referee.engine.errors import IllegalAction
from referee.engine.protocol import Data, RngSeed, State

from .abilities import not_yet_refereed
from .readings import Readings
from .state import DECK_TYPES, SEATS, _entry, _player, decide_first, other, second_player_core, take_ownership

PACKS = 2  # boosters per player (the page: 2個ずつ)
PACK_SIZE = 10  # cards per booster
KEEP = 3  # the opening hand (3枚のカードを自由に選んで初期手札とする)
LOOK = 4  # the draft phase looks at the top 4 (カードを4枚見て)
FORMAT = "dantalion"
CLAUSE = "ダンタリオンドラフト"


def _check(decks: Data) -> tuple[list[Data], list[Data]]:
    pool, masters = decks.get("pool"), decks.get("masters")
    if not isinstance(pool, list) or not isinstance(masters, list):
        raise ValueError("a Dantalion Draft needs decks {'pool': [cards of a set], 'masters': [master cards]}")
    pool = [c for c in pool if isinstance(c, dict) and c.get("card_type") in DECK_TYPES]
    if len(pool) < PACK_SIZE:
        raise ValueError(f"a booster holds {PACK_SIZE} different cards: the pool has {len(pool)} deck cards")
    blocked = not_yet_refereed(pool)
    if blocked:
        raise ValueError("the pool holds cards not yet refereed: " + ", ".join(f"{n} ({w})" for n, w in blocked))
    masters = [m for m in masters if isinstance(m, dict) and m.get("card_type") == "master"
               and len(m.get("attributes", {}).get("colours", [])) == 2]
    if len(masters) < 2:
        raise ValueError("a Dantalion Draft needs at least two master cards to choose from")
    return pool, masters


def prepare(config: Data, decks: Data, rng: RngSeed) -> tuple[State, list[Event]]:
    """The state before the opening picks: the packs opened (from the seed), the first player decided, the
    first player to pick. ValueError on a pool or masters that cannot make a draft."""
    readings = Readings.from_config(config)
    pool, masters = _check(decks)
    state: State = {"game": "legions", "format": FORMAT, "version": 0,
                    "rng": rngmod.new_rng_state(rng.seed, rng.entropy), "readings": readings.as_config(),
                    "cards": {}, "first": "p1", "turn": 1, "turn_seat": "p1", "step": "start.wait_turns",
                    "players": {s: _player("") for s in SEATS}, "pending": None, "queue": [], "combat": None,
                    "outcome": None, "shared": {"deck": [], "discard": []},
                    "draft": {"opened": {}, "alias": {}, "masters": [], "set": str(config.get("set") or "")}}
    events = [Event("setup", CLAUSE, {"commitment": state["rng"]["commitment"], "entropy": list(rng.entropy),
                                      "readings": readings.as_config(), "format": FORMAT})]
    table: dict[str, Data] = {}
    # Card ids name no pack: a card seen later (drafted, played) must not tell whose booster it came from, as
    # the shuffled cards on a table would not. The ids are numbered in an order drawn from the seed, and each
    # opened card has a second id (its ``alias``) that it takes when it is shuffled into the shared deck, so a
    # player who saw their own boosters' ids cannot follow those cards through the shared deck either.
    numbers = rngmod.shuffle(state["rng"], list(range(1, 2 * len(SEATS) * PACKS * PACK_SIZE + 1)))
    alias: dict[str, str] = {}
    for seat in SEATS:
        opened: list[str] = []
        for _pack in range(PACKS):
            counter = state["rng"]["counter"]
            picked = rngmod.shuffle(state["rng"], list(range(len(pool))))[:PACK_SIZE]
            for index in picked:
                card_id, alias[card_id] = f"d{numbers.pop():02d}", f"d{numbers.pop():02d}"
                table[card_id] = _entry(pool[index], "")
                table[alias[card_id]] = _entry(pool[index], "")
                opened.append(card_id)
            events.append(Event("pack", CLAUSE, {"seat": seat, "count": PACK_SIZE, "counter": counter}))
        state["draft"]["opened"][seat] = opened
        take_ownership(state, seat, opened)  # the opener's until picked or shuffled into the shared deck
        events.append(Event("opened", CLAUSE, {"seat": seat, "cards": list(opened)}, to=(seat,)))
    state["draft"]["alias"] = alias
    for i, master in enumerate(masters):
        table[f"m{i + 1:02d}"] = {**_entry(master, ""), "owner": ""}
    state["draft"]["masters"] = [f"m{i + 1:02d}" for i in range(len(masters))]
    state["cards"] = table
    _ask_opening(state, decide_first(state, config, events, CLAUSE))
    return state, events


def _ask_opening(state: State, seat: str) -> None:
    hand = state["players"][seat]["hand"]
    options = [c for c in state["draft"]["opened"][seat] if c not in hand]
    state["pending"] = {"kind": "opening", "seat": seat, "options": options, "left": KEEP - len(hand)}


def opening_pick(state: State, card_id: str, events: list[Event]) -> bool:
    """One card of the opened packs into the opening hand. True when both players have picked and the
    masters are to be chosen."""
    pending = state["pending"]
    if card_id not in pending["options"]:
        raise IllegalAction("not_opened", f"{card_id} is not one of your opened cards still to pick", CLAUSE)
    seat = pending["seat"]
    player = state["players"][seat]
    player["hand"] = [*player["hand"], card_id]
    events.append(Event("opening_pick", CLAUSE, {"seat": seat, "count": len(player["hand"])}))
    events.append(Event("opening_picked", CLAUSE, {"seat": seat, "card": card_id}, to=(seat,)))
    if len(player["hand"]) < KEEP:
        _ask_opening(state, seat)
        return False
    if seat == state["first"]:
        _ask_opening(state, other(seat))
        return False
    _shared_deck(state, events)
    _ask_master(state, state["first"])
    return True


def _shared_deck(state: State, events: list[Event]) -> None:
    alias = state["draft"]["alias"]
    rest = [alias[c] for seat in SEATS for c in state["draft"]["opened"][seat]
            if c not in state["players"][seat]["hand"]]  # under their second ids: no one can follow them
    state["rng"] = dict(state["rng"])  # copy_state shares the RNG (setup's alone draws elsewhere): drawn anew here
    counter = state["rng"]["counter"]
    state["shared"] = {"deck": rngmod.shuffle(state["rng"], rest), "discard": []}
    # The opened lists go: kept, they would tell which places of the shuffled shared deck came from whose packs
    # (a seat's information set names the cards by where they first appear: the search bot would peek)
    state["draft"] = {**state["draft"], "opened": {}, "alias": {}}
    take_ownership(state, "", rest)  # no one's until drafted or drawn
    events.append(Event("shuffle", CLAUSE, {"seat": None, "count": len(rest), "counter": counter, "shared": True}))


def _ask_master(state: State, seat: str) -> None:
    taken = {p["master"] for p in state["players"].values()}
    state["pending"] = {"kind": "master", "seat": seat,
                        "options": [m for m in state["draft"]["masters"] if m not in taken]}


def choose_master(state: State, card_id: str, events: list[Event]) -> bool:
    """A master chosen (the first player's, then the second's); True once both have one and play begins."""
    pending = state["pending"]
    if card_id not in pending["options"]:
        raise IllegalAction("not_a_master", f"{card_id} is not a master still to choose", CLAUSE)
    seat = pending["seat"]
    state["players"][seat]["master"] = card_id
    take_ownership(state, seat, [card_id])
    events.append(Event("master_chosen", CLAUSE, {"seat": seat, "card": card_id,
                                                  "name": state["cards"][card_id]["name"]}))
    if seat == state["first"]:
        _ask_master(state, other(seat))
        return False
    state["pending"] = None
    second_player_core(state, events)
    return True


def refill(state: State, events: list[Event]) -> None:
    """An empty shared deck takes the shared discard, shuffled by the seed (our reading: the page's text on
    the shared deck's end is cut off in every copy we have; docs/rules/legions.md). Nothing when the deck still
    holds cards or the discard is empty."""
    shared = state["shared"]
    if shared["deck"] or not shared["discard"]:
        return
    state["rng"] = dict(state["rng"])  # shared with the state ``apply`` was given: drawn on a copy
    counter = state["rng"]["counter"]
    state["shared"] = {"deck": rngmod.shuffle(state["rng"], list(shared["discard"])), "discard": []}
    events.append(Event("reshuffle", CLAUSE, {"count": len(state["shared"]["deck"]), "counter": counter}))


def look(state: State, events: list[Event]) -> bool:
    """The draft phase (ドローフェイズの代わりにドラフトフェイズ): the turn player looks at the top 4 of the shared
    deck (refilled from the shared discard when empty); deck and discard both empty: they cannot draw and lose
    (A8.2, our reading). Returns False when a pick is pending."""
    seat = state["turn_seat"]
    refill(state, events)
    deck = state["shared"]["deck"]
    if not deck:
        state["players"][seat]["deck_out"] = True
        events.append(Event("deck_out", "勝利条件/A8.2", {"seat": seat}))
        return True
    top = deck[::-1][:LOOK]
    state["pending"] = {"kind": "draft", "seat": seat, "options": top}
    events.append(Event("draft_look", CLAUSE, {"seat": seat, "count": len(top), "deck": len(deck)}))
    events.append(Event("draft_looked", CLAUSE, {"seat": seat, "cards": list(top)}, to=(seat,)))
    return False


def draft_pick(state: State, card_id: str, events: list[Event]) -> None:
    """The pick: one of the cards looked at to the hand, the others face down onto the shared discard."""
    pending = state["pending"]
    if card_id not in pending["options"]:
        raise IllegalAction("not_looked_at", f"{card_id} is not one of the cards you look at", CLAUSE)
    seat = pending["seat"]
    looked = pending["options"]
    deck = state["shared"]["deck"]
    rest = [c for c in looked if c != card_id]
    state["shared"] = {"deck": deck[:len(deck) - len(looked)], "discard": [*state["shared"]["discard"], *rest]}
    take_ownership(state, seat, [card_id])
    state["players"][seat]["hand"] = [*state["players"][seat]["hand"], card_id]
    events.append(Event("draft_pick", CLAUSE, {"seat": seat, "discarded": len(rest),
                                               "deck": len(state["shared"]["deck"])}))
    events.append(Event("draft_picked", CLAUSE, {"seat": seat, "card": card_id}, to=(seat,)))

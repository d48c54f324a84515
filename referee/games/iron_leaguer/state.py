"""The Iron Leaguer game state (plain JSON) and the small operations every clause shares.

Shape::

    {"game": "iron_leaguer", "version": int, "rng": {...referee.engine.rng...},
     "cards": {id: {"name", "card_type", "attributes"}},         # set up once, never changed in place
                                                                  # (``derived`` caches per table: to
                                                                  # change a card, replace the whole table)
     "ils": {il_id: {"heart": int, "penalty": int, "acted": bool}},
     "teams": {"silver": [il_id, ...], "dark": [...]},           # line-up order (IL 12.3.2 slots)
     "il_deck": [...], "strays": [...], "retired": [...],
     "tech": {"period": 1, "decks": {"1": [...], "2": [...], "3": [...]}, "discard": [...], "out": [...]},
     "hands": {"silver": [...], "dark": [...]},
     "scene": 1..17, "match": {"score", "attacker", "rough_plays"} | None, "results": [...],
     "interval": {...} | None, "pending": {"kind", "seat", ...} | None, "outcome": {...} | None}
"""

from __future__ import annotations

from typing import Any

from referee.engine import rng as rngmod
from referee.engine.actions import Event
from referee.engine.protocol import Data, State

from . import rules

SEATS = ("silver", "dark")

# What every function the flow calls (flow.py: a decision's handler, an interval step's ``enter``, what follows a
# step) returns: None when it has set a decision pending (or ended the game), else ``(step, data)``: ``step`` is
# over and ``flow.FOLLOWS[step]`` carries the game on with ``data``.
Then = tuple[str, Any] | None


def copy_state(state: State) -> Data:
    """A copy deep enough for ``apply`` to mutate: every part a rule changes in place is copied — the top
    level, ``rng`` (the dice advance its counter), ``ils`` (``set_il`` replaces entries in it), ``match`` (the
    attacker and the rough plays) and ``interval`` with its lists and dicts (the step, actions left, rescue).
    Everything else is shared with the state ``apply`` was given and replaced, never changed in place: the
    static card data; the per-IL entries (``set_il``); the dicts ``teams``, ``hands``, ``tech`` (and its
    ``decks``), the match score and ``pending``, each replaced as a whole when a part of it changes (``put``,
    ``draw_tech``, ``discard_cards``, ``join``, ``match.score``, ``match.do_add_half``); and every zone, a list
    replaced by a new one (``without``): the line-ups, hands, ``il_deck``, ``strays``, ``retired``,
    ``results``, the technique decks, the discard pile and ``tech["out"]``. The property test checks that
    ``apply`` never changes its input. (A caller that changes a state ``apply`` returned in place may change
    the state it came from: states are values, replaced, never edited.)
    Written out by hand: this runs on every ``apply`` (bench/engine.py), so it copies only what a rule may
    change in place."""
    new = state.copy()
    new["rng"] = state["rng"].copy()
    new["ils"] = state["ils"].copy()  # entries are replaced, never changed in place (set_il)
    match = state["match"]
    if match is not None:
        new["match"] = match.copy()  # the score is replaced, never changed in place (match.score)
    interval = state["interval"]
    if interval is not None:
        interval = new["interval"] = interval.copy()
        for key, value in interval.items():
            if type(value) is list or type(value) is dict:
                interval[key] = value.copy()
        if "rescue" in interval:
            rescue = interval["rescue"]
            interval["rescue"] = {key: value.copy() for key, value in rescue.items()}
    return new


def put(state: State, part: str, key: str, value: object) -> None:
    """``state[part][key] = value`` by replacing ``state[part]`` (``teams``, ``hands``, ``tech``):
    ``copy_state`` shares those dicts with the state ``apply`` was given. The keys keep their order."""
    state[part] = {**state[part], key: value}


class Derived(Data):
    """What the engine works out from a card table alone, made on first use: each part under a name of its
    own (``techniques`` and ``usable`` in techniques.py, ``match`` and ``rough_play`` in match.py,
    ``interval_steps``). ``cards``: the first table of this content (kept alive)."""

    __slots__ = ("cards",)

    def __init__(self, cards: Data) -> None:
        super().__init__()
        self.cards = cards


# id(table) -> (the table, kept alive so its id is not reused; its Derived); and one Derived per content
_BY_TABLE: dict[int, tuple[Data, Derived]] = {}
_CONTENTS: list[Derived] = []


def derived(cards: Data) -> Derived:
    """The ``Derived`` of the card table ``cards``, shared by every table of equal content (``==``: each game
    of a pool sets up its own table, and a state read back from JSON has a new one), so what depends on the
    cards alone is worked out once per pool, not once per game. A table is never changed in place once the
    game is set up (a test that changes a card replaces the whole table: another content)."""
    entry = _BY_TABLE.get(id(cards))
    if entry is not None:
        return entry[1]
    found = next((d for d in _CONTENTS if len(d.cards) == len(cards) and d.cards == cards), None)
    if found is None:
        if len(_CONTENTS) >= 8:  # a few pools at once; bounded memory
            del _CONTENTS[0]
        found = Derived(cards)
        _CONTENTS.append(found)
    if len(_BY_TABLE) >= 16:  # each game sets up a table of its own: keep the last few (bounded memory)
        _BY_TABLE.clear()
    _BY_TABLE[id(cards)] = (cards, found)
    return found


def without(items: list[Any], item: object) -> list[Any]:
    """A new list: ``items`` without the first ``item`` (``list.remove`` on a copy; ValueError if absent). The
    line-ups, hands and discard pile are shared with the state ``apply`` was given (``copy_state``), so they
    are replaced, never changed in place."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def set_il(state: State, il: str, **changes: int | bool) -> None:
    """Change ``heart``/``penalty``/``acted`` of one IL by replacing its entry: ``copy_state`` shares the
    entries with the state ``apply`` was given, so changing one in place would change that state too."""
    ils = state["ils"]
    ils[il] = {**ils[il], **changes}


def clear_penalties(state: State) -> None:
    """IL 10.1 (and a new match, 3.3): every penalty removed."""
    for il, s in state["ils"].items():
        if s["penalty"]:
            set_il(state, il, penalty=0)


def other(seat: str) -> str:
    return "dark" if seat == "silver" else "silver"


def attrs(state: State, card_id: str) -> Data:
    answer: Data = state["cards"][card_id]["attributes"]
    return answer


def name(state: State, card_id: str) -> str:
    answer: str = state["cards"][card_id]["name"]
    return answer


def team_of(state: State, il: str) -> str | None:
    for seat in SEATS:
        if il in state["teams"][seat]:
            return seat
    return None


def roll(state: State, count: int) -> tuple[list[int], int]:
    """``count`` dice from the game's RNG; returns (dice, the RNG counter before the roll)."""
    counter = state["rng"]["counter"]
    return rngmod.dice(state["rng"], count), counter


def incapacitated(state: State, il: str) -> bool:
    """IL 9.9 for an IL in the state."""
    a, s = attrs(state, il), state["ils"][il]
    return rules.incapacitated(s["heart"], a["body"], s["penalty"])


def can_act(state: State, il: str) -> bool:
    """IL 5.3/9.9: unacted and not incapacitated."""
    return not state["ils"][il]["acted"] and not incapacitated(state, il)


def in_order(ils: tuple[Any, ...] | list[Any], line: list[Any] | tuple[Any, ...]) -> bool:
    """``ils`` are distinct members of ``line`` in its order (a subsequence): how an action names several ILs
    of a line-up (IL 6.6.3 readying, 18.3 training, 5.4.6 users), checked without listing every choice."""
    try:
        positions = [line.index(il) for il in ils]
    except ValueError:  # not a member
        return False
    return positions == sorted(set(positions))  # distinct and increasing


def tech_deck(state: State) -> list[Any]:
    answer: list[Any] = state["tech"]["decks"][str(state["tech"]["period"])]
    return answer


def draw_tech(state: State, seat: str, count: int, events: list[Event], clause: str) -> None:
    """Draw ``count`` technique cards; an empty deck is rebuilt from the shuffled discard (IL 5.6). With both
    empty, fewer cards are drawn. Emits a public count event and a private event naming the cards."""
    drawn: list[str] = []
    tech = state["tech"] = state["tech"].copy()  # replaced, never changed in place (copy_state)
    period = str(tech["period"])
    deck = list(tech["decks"][period])
    for _ in range(count):
        if not deck and tech["discard"]:
            counter = state["rng"]["counter"]
            deck.extend(rngmod.shuffle(state["rng"], tech["discard"]))
            tech["discard"] = []
            events.append(
                Event("shuffle", "5.6", {"zone": "technique_deck", "count": len(deck), "counter": counter})
            )
        if not deck:
            break
        drawn.append(deck.pop())
    tech["decks"] = {**tech["decks"], period: deck}
    if drawn:
        put(state, "hands", seat, state["hands"][seat] + drawn)
    if count:
        events.append(Event("draw", clause, {"seat": seat, "asked": count, "count": len(drawn)}))
        if drawn:
            events.append(Event("drawn", clause, {"seat": seat, "cards": drawn}, to=(seat,)))


def draw_to_limit(state: State, seat: str, events: list[Event], clause: str) -> None:
    """Draw until the hand holds the scene's limit (IL 5.7); a hand above the limit keeps its cards."""
    missing = rules.hand_limit(state["scene"]) - len(state["hands"][seat])
    if missing > 0:
        draw_tech(state, seat, missing, events, clause)


def discard_cards(state: State, seat: str, cards: list[str]) -> None:
    """IL 5.5: used or discarded cards go face up to the discard pile."""
    hand = state["hands"][seat]
    for card in cards:
        hand = without(hand, card)
    put(state, "hands", seat, hand)
    put(state, "tech", "discard", state["tech"]["discard"] + list(cards))


def unact_all(state: State) -> None:
    ils = state["ils"]
    for seat in SEATS:
        for il in state["teams"][seat]:
            if ils[il]["acted"]:
                set_il(state, il, acted=False)


def reset(state: State, events: list[Event], attacker: str, clause: str) -> None:
    """IL 8.5/8.6.2/8.7: every IL unacted, both teams draw to the limit (attacker first), ``attacker``
    attacks."""
    unact_all(state)
    state["match"]["attacker"] = attacker
    events.append(Event("reset", clause, {"attacker": attacker}))
    for seat in (attacker, other(attacker)):
        draw_to_limit(state, seat, events, clause)


def join(state: State, seat: str, il: str) -> None:
    """Add ``il`` to ``seat``'s team (removing it from strays/retired/deck)."""
    for zone in ("strays", "retired", "il_deck"):  # replaced, never changed in place (copy_state)
        if il in state[zone]:
            state[zone] = [x for x in state[zone] if x != il]
    put(state, "teams", seat, [*state["teams"][seat], il])


def make_stray(state: State, il: str) -> None:
    seat = team_of(state, il)
    if seat:
        put(state, "teams", seat, without(state["teams"][seat], il))
    state["strays"] = [*state["strays"], il]


def grow(state: State, il: str, value: int, clause: str, events: list[Event], inputs: Data, parts: list[int]) -> bool:
    """One growth check (IL 11.2/11.3): 2d6 at most ``value`` adds 1 heart. Emits the ruling event, its data
    ``il``, ``name``, the check's ``inputs``, the split's ``parts`` (11.6), then the roll and its result."""
    dice, counter = roll(state, 2)
    ok = rules.growth_succeeds(value, dice)
    before = state["ils"][il]["heart"]
    if ok:
        set_il(state, il, heart=before + 1)
    data = {
        "il": il,
        "name": state["cards"][il]["name"],
        **inputs,
        "parts": parts,
        "value": value,
        "dice": dice,
        "counter": counter,
        "success": ok,
        "heart_before": before,
        "heart_after": before + 1 if ok else before,
    }
    events.append(Event("growth", clause, data))
    return ok


def growth_check(il: str, seat: str, value: int, clause: str, **inputs: object) -> Data:
    """One growth check to make: ``il`` checks ``value`` (IL 11.2); ``inputs`` go into its ruling event. A
    step hands its checks to the flow (``("growth", {"checks", "then", "resume"})``), which makes them with
    growth.py, each maybe split (11.6).

    ``seat`` makes the check and chooses its split (IL 11.6; our reading, docs/rules/iron_leaguer.md, "Growth
    split choices"): the seat whose action makes it — the user's team in a match (11.4) and in training (18),
    Silver in persuasion (20.5, whoever's IL the target is: it may be Dark's or a stray, which has no team) —
    and at the interval (11.5) and after a rescue (13.8) the team of each IL."""
    return {"il": il, "seat": seat, "value": value, "clause": clause, "inputs": inputs}

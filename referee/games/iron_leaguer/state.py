"""The Iron Leaguer game state (plain JSON) and the small operations every clause shares.

Shape::

    {"game": "iron_leaguer", "version": int, "rng": {...referee.engine.rng...},
     "cards": {id: {"name", "card_type", "attributes"}},         # set up once, never changed in place
                                                                  # (techniques.py caches per table: to
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

from referee.engine import rng as rngmod
from referee.engine.actions import Event

from . import rules

SEATS = ("silver", "dark")


def copy_state(state: dict) -> dict:
    """A copy deep enough for ``apply`` to mutate: every part a rule changes in place is copied. Shared: the
    static card data, entries never changed once written (queued growth checks, nested pending data, the
    per-IL entries of ``ils``, which ``set_il`` replaces instead of changing), and every zone, which is
    replaced by a new list, never changed in place (``without``, ``draw_tech``, ``discard_cards``, ``join``):
    the line-ups and hands (their dicts are copied, the lists shared), ``il_deck``, ``strays``, ``retired``,
    ``results``, the technique decks, the discard pile and ``tech["out"]`` (the property test checks that
    ``apply`` never changes its input).
    Written out by hand (``.copy()`` of each part, no comprehension or ``zip``): a generic deep copy costs more
    than a whole decision, and this runs on every ``apply`` (bench/engine.py)."""
    new = state.copy()
    new["rng"] = state["rng"].copy()
    new["ils"] = state["ils"].copy()  # entries are replaced, never changed in place (set_il)
    new["teams"] = state["teams"].copy()  # each line-up is replaced, never changed in place
    new["hands"] = state["hands"].copy()  # each hand is replaced, never changed in place
    tech = state["tech"]
    new["tech"] = {
        "period": tech["period"],
        "decks": tech["decks"].copy(),  # each deck is replaced, never changed in place (draw_tech)
        "discard": tech["discard"],
        "out": tech["out"],
    }
    match = state["match"]
    if match is not None:
        match = new["match"] = match.copy()
        match["score"] = match["score"].copy()
    pending = state["pending"]
    if pending is not None:
        new["pending"] = pending.copy()
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


def without(items: list, item: object) -> list:
    """A new list: ``items`` without the first ``item`` (``list.remove`` on a copy; ValueError if absent). The
    line-ups, hands and discard pile are shared with the state ``apply`` was given (``copy_state``), so they
    are replaced, never changed in place."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def set_il(state: dict, il: str, **changes: int | bool) -> None:
    """Change ``heart``/``penalty``/``acted`` of one IL by replacing its entry: ``copy_state`` shares the
    entries with the state ``apply`` was given, so changing one in place would change that state too."""
    ils = state["ils"]
    ils[il] = {**ils[il], **changes}


def clear_penalties(state: dict) -> None:
    """IL 10.1 (and a new match, 3.3): every penalty removed."""
    for il, s in state["ils"].items():
        if s["penalty"]:
            set_il(state, il, penalty=0)


def other(seat: str) -> str:
    return "dark" if seat == "silver" else "silver"


def attrs(state: dict, card_id: str) -> dict:
    return state["cards"][card_id]["attributes"]


def name(state: dict, card_id: str) -> str:
    return state["cards"][card_id]["name"]


def team_of(state: dict, il: str) -> str | None:
    for seat in SEATS:
        if il in state["teams"][seat]:
            return seat
    return None


def roll(state: dict, count: int) -> tuple[list[int], int]:
    """``count`` dice from the game's RNG; returns (dice, the RNG counter before the roll)."""
    counter = state["rng"]["counter"]
    return rngmod.dice(state["rng"], count), counter


def incapacitated(state: dict, il: str) -> bool:
    """IL 9.9 for an IL in the state."""
    a, s = attrs(state, il), state["ils"][il]
    return rules.incapacitated(s["heart"], a["body"], s["penalty"])


def can_act(state: dict, il: str) -> bool:
    """IL 5.3/9.9: unacted and not incapacitated."""
    return not state["ils"][il]["acted"] and not incapacitated(state, il)


def in_order(ils: tuple | list, line: list | tuple) -> bool:
    """``ils`` are distinct members of ``line`` in its order (a subsequence): how an action names several ILs
    of a line-up (IL 6.6.3 readying, 18.3 training, 5.4.6 users), checked without listing every choice."""
    if not all(il in line for il in ils):
        return False
    positions = [line.index(il) for il in ils]
    return all(a < b for a, b in zip(positions, positions[1:], strict=False))


def tech_deck(state: dict) -> list:
    return state["tech"]["decks"][str(state["tech"]["period"])]


def draw_tech(state: dict, seat: str, count: int, events: list[Event], clause: str) -> None:
    """Draw ``count`` technique cards; an empty deck is rebuilt from the shuffled discard (IL 5.6). With both
    empty, fewer cards are drawn. Emits a public count event and a private event naming the cards."""
    drawn: list[str] = []
    tech = state["tech"]
    period = str(tech["period"])
    deck = tech["decks"][period] = list(tech["decks"][period])  # replaced, never changed in place (copy_state)
    for _ in range(count):
        if not deck and state["tech"]["discard"]:
            counter = state["rng"]["counter"]
            deck.extend(rngmod.shuffle(state["rng"], state["tech"]["discard"]))
            state["tech"]["discard"] = []
            events.append(
                Event("shuffle", "5.6", {"zone": "technique_deck", "count": len(deck), "counter": counter})
            )
        if not deck:
            break
        drawn.append(deck.pop())
    if drawn:
        state["hands"][seat] = state["hands"][seat] + drawn  # replaced, never changed in place (copy_state)
    if count:
        events.append(Event("draw", clause, {"seat": seat, "asked": count, "count": len(drawn)}))
        if drawn:
            events.append(Event("drawn", clause, {"seat": seat, "cards": drawn}, to=(seat,)))


def draw_to_limit(state: dict, seat: str, events: list[Event], clause: str) -> None:
    """Draw until the hand holds the scene's limit (IL 5.7); a hand above the limit keeps its cards."""
    missing = rules.hand_limit(state["scene"]) - len(state["hands"][seat])
    if missing > 0:
        draw_tech(state, seat, missing, events, clause)


def discard_cards(state: dict, seat: str, cards: list[str]) -> None:
    """IL 5.5: used or discarded cards go face up to the discard pile."""
    hand = state["hands"][seat]
    for card in cards:
        hand = without(hand, card)
    state["hands"][seat] = hand  # both replaced, never changed in place (copy_state)
    state["tech"]["discard"] = state["tech"]["discard"] + list(cards)


def unact_all(state: dict) -> None:
    ils = state["ils"]
    for seat in SEATS:
        for il in state["teams"][seat]:
            if ils[il]["acted"]:
                set_il(state, il, acted=False)


def reset(state: dict, events: list[Event], attacker: str, clause: str) -> None:
    """IL 8.5/8.6.2/8.7: every IL unacted, both teams draw to the limit (attacker first), ``attacker``
    attacks."""
    unact_all(state)
    state["match"]["attacker"] = attacker
    events.append(Event("reset", clause, {"attacker": attacker}))
    for seat in (attacker, other(attacker)):
        draw_to_limit(state, seat, events, clause)


def join(state: dict, seat: str, il: str) -> None:
    """Add ``il`` to ``seat``'s team (removing it from strays/retired/deck)."""
    for zone in ("strays", "retired", "il_deck"):  # replaced, never changed in place (copy_state)
        if il in state[zone]:
            state[zone] = [x for x in state[zone] if x != il]
    state["teams"][seat] = [*state["teams"][seat], il]  # replaced, never changed in place (copy_state)


def make_stray(state: dict, il: str) -> None:
    seat = team_of(state, il)
    if seat:
        state["teams"][seat] = without(state["teams"][seat], il)
    state["strays"] = [*state["strays"], il]


def grow(state: dict, il: str, value: int, clause: str, events: list[Event], **inputs) -> bool:
    """One growth check (IL 11.2/11.3): 2d6 at most ``value`` adds 1 heart. Emits the ruling event."""
    dice, counter = roll(state, 2)
    ok = rules.growth_succeeds(value, dice)
    before = state["ils"][il]["heart"]
    if ok:
        set_il(state, il, heart=before + 1)
    events.append(
        Event(
            "growth",
            clause,
            {
                "il": il,
                "name": name(state, il),
                **inputs,
                "value": value,
                "dice": dice,
                "counter": counter,
                "success": ok,
                "heart_before": before,
                "heart_after": state["ils"][il]["heart"],
            },
        )
    )
    return ok

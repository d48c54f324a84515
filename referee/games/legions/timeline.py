"""The timeline and standby cards (Legions: タイムラインとウェイトターン経過処理について, スタンバイカードについて;
spec A2, A4).

Wait zones are ``player["wz"][0..3]`` (ウェイトゾーン1..4) with their cores in ``player["wz_cores"]``. Cards
that arrive in a full standby zone wait in ``player["arriving"]`` while their owner chooses which to keep
(reading ``overflow_owner_chooses``).
"""

from __future__ import annotations

from referee.engine.actions import Event
from referee.engine.protocol import Data, State

from . import readings as readings_mod
from .state import card, owner

STANDBY_MAX = 2  # スタンバイゾーンには最大2枚まで
STANDBY_TYPES = ("minion", "skill")  # スタンバイカードにすることができるのは、ミニオンカードとスキルカード


def may_stand_by(card_type: str) -> bool:
    """スタンバイカードについて / A2: only minions and skills become standby cards."""
    return card_type in STANDBY_TYPES


def leaves_play(card_type: str, wt: int | None, how: str) -> str:
    """Where a card goes (A4, A6.8): a broken minion and a used skill to the wait zone of their WT (``"wz3"``),
    a broken lord and a used arts to the exclusion zone (``"exile"``). ValueError for another combination."""
    if (card_type, how) in (("minion", "broken"), ("skill", "used")):
        if wt is None or not 1 <= wt <= 4:
            raise ValueError(f"a {card_type} needs a WT of 1 to 4, not {wt!r}")
        return f"wz{wt}"
    if (card_type, how) in (("lord", "broken"), ("arts", "used")):
        return "exile"
    raise ValueError(f"no rule sends a {card_type} that is {how}")


def wait_turns(state: State, seat: str, events: list[Event]) -> bool:
    """ウェイトターン経過処理 steps 1–4 (S1) for ``seat``: WZ1's cores to the active area and its cards to standby,
    then WZ2→WZ1, WZ3→WZ2, WZ4→WZ3. Returns False when the owner must first choose which standby cards
    to keep (the decision ``keep`` is then pending), True when done."""
    player = state["players"][seat]
    wz, cores = player["wz"], player["wz_cores"]
    arriving, returning = wz[0], cores[0]
    player["active"] += returning
    player["wz"] = [wz[1], wz[2], wz[3], []]
    player["wz_cores"] = [cores[1], cores[2], cores[3], 0]
    events.append(Event("wait_turns", "タイムラインとウェイトターン経過処理/A4",
                        {"seat": seat, "cores_returned": returning, "cards_returned": list(arriving)}))
    return to_standby(state, seat, arriving, events, "step")


def to_standby(state: State, seat: str, cards: list[str], events: list[Event], origin: str) -> bool:
    """Put ``cards`` into ``seat``'s standby zone. When they do not fit, the owner chooses which 2 to keep
    (reading ``overflow_owner_chooses``; otherwise the arrivals that do not fit are exiled). Returns False when
    that choice is now pending."""
    player = state["players"][seat]
    if not cards:
        return True
    if len(player["standby"]) + len(cards) <= STANDBY_MAX:
        player["standby"].extend(cards)
        return True
    if not readings_mod.of(state).overflow_owner_chooses:
        room = STANDBY_MAX - len(player["standby"])
        player["standby"].extend(cards[:room])
        exile(state, seat, cards[room:], events, "スタンバイカードについて/A4")
        return True
    player["arriving"] = list(cards)
    state["pending"] = {"kind": "keep", "seat": seat, "origin": origin,
                        "options": [*player["standby"], *cards], "n": STANDBY_MAX}
    return False


def do_keep(state: State, seat: str, keep: tuple[str, ...], events: list[Event]) -> None:
    """The owner keeps ``keep`` (2 of the pending options): the rest are exiled (A4 reading)."""
    player = state["players"][seat]
    options = state["pending"]["options"]
    player["standby"] = [c for c in options if c in keep]
    player["arriving"] = []
    exile(state, seat, [c for c in options if c not in keep], events, "スタンバイカードについて/A4 (reading)")


def exile(state: State, seat: str, cards: list[str], events: list[Event], clause: str) -> None:
    if not cards:
        return
    player = state["players"][seat]
    player["exile"] = [*player["exile"], *cards]  # replaced: copy_state shares the zone
    events.append(Event("exile", clause, {"seat": seat, "cards": list(cards)}))


def to_wait_zone(state: State, seat: str, card_id: str, zone: int, events: list[Event], clause: str) -> None:
    """Put a card into wait zone ``zone`` (1–4) of its owner."""
    state["players"][seat]["wz"][zone - 1].append(card_id)
    events.append(Event("to_wait_zone", clause, {"seat": seat, "card": card_id, "zone": zone}))


def leave_play(state: State, card_id: str, how: str, events: list[Event], clause: str) -> str:
    """Send a card that was broken or used where ``leaves_play`` says; returns the zone (``wz2``, ``exile``)."""
    data = card(state, card_id)
    where = leaves_play(data["card_type"], data["attributes"].get("wt"), how)
    seat = owner(state, card_id)
    if where == "exile":
        exile(state, seat, [card_id], events, clause)
    else:
        to_wait_zone(state, seat, card_id, int(where[2]), events, clause)
    return where


def remove_from_timeline(player: Data, card_id: str) -> int:
    """Take a card out of its wait zone; returns that zone's number (1–4). ValueError when it is in none."""
    for i, zone in enumerate(player["wz"]):
        if card_id in zone:
            zone.remove(card_id)
            return i + 1
    raise ValueError(f"{card_id} is in no wait zone")

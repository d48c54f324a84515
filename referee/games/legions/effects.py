"""The interpretation of the Legions effect vocabulary (abilities.py): one function per effect, registered on
``VOCABULARY``, and ``run``, which resolves the effect queue (triggers.py) until a choice is needed.

A choice is a pending decision ``{"kind": "choose", "seat", "options": [str], "effect", "source"}``; options are
card ids, ``"card@lane"`` for a card and the lane it goes to, or ``"standby:i"`` for the i-th card of the
opponent's standby zone (hidden cards are chosen by position, never named). When there are no more candidates
than picks left, the engine picks them all itself. ``arrange_deck`` offers the top cards of the chooser's own
deck (the chooser alone sees them, view.py) and asks for all of them but the last, one at a time: the first
picked goes on top.
"""

from __future__ import annotations

from collections.abc import Iterator

from referee.engine.actions import Event
from referee.engine.protocol import Data, State

from . import combat, damage, field, timeline, triggers
from . import readings as readings_mod
from .abilities import VOCABULARY
from .cores import change_life
from .state import (
    LEADER,
    abilities,
    attrs,
    deck_of,
    drafting,
    find_unit,
    is_master,
    other,
    owner,
    set_deck,
    take_ownership,
    units,
)


def _sides(frame_seat: str, side: str) -> tuple[str, ...]:
    return {"opponent": (other(frame_seat),), "own": (frame_seat,), "any": (frame_seat, other(frame_seat))}[side]


def field_candidates(state: State, seat: str, target: Data, source: str | None = None) -> list[str]:
    """The units a field ``target`` (pick choose/all/master) reaches for ``seat``'s ability, in field order."""
    side, kinds = target.get("side", "opponent"), target.get("units", ["minion"])
    least = target.get("atk_at_least")
    chooser = target["pick"] == "choose"
    out = []
    for s in _sides(seat, side):
        if target["pick"] != "master":
            for pos, unit in units(state, s):
                if ("lord" if pos == LEADER else "minion") not in kinds:
                    continue
                if least is not None and field.atk(state, unit) < least:
                    continue
                if chooser and s != seat and "untargetable" in field.hooks(state, unit):
                    continue  # 結界 (our reading): not chosen by the opponent's effects
                out.append(unit["card"])
        if "master" in kinds or target["pick"] == "master":
            out.append(state["players"][s]["master"])
    return out


def _card_matches(state: State, card_id: str, target: Data) -> bool:
    data = state["cards"][card_id]
    if "card_type" in target and data["card_type"] != target["card_type"]:
        return False
    return "category" not in target or data["attributes"].get("category") == target["category"]


def choice(state: State, frame: Data, effect: Data) -> tuple[list[str], int] | None:
    """``(options, picks needed)`` when ``effect`` needs a choice, else None."""
    seat, code, target = frame["seat"], effect["effect"], effect.get("target")
    if code == "master_attack":
        return combat.targets(state, seat, LEADER, _source_hooks(state, frame["source"])), 1
    if code == "remove_standby":
        side = other(seat) if effect["side"] == "opponent" else seat
        return [f"standby:{i}" for i in range(len(state["players"][side]["standby"]))], effect["n"]
    if code == "arrange_deck":
        top = deck_top(deck_of(state, seat), effect["n"])
        return (top, len(top) - 1) if len(top) > 1 else None  # one card or none: no order to choose
    if target is None or target["pick"] != "choose":
        return None
    player = state["players"][seat]
    zone = target.get("zone", "field")
    if zone == "hand":
        options = [c for c in player["hand"] if _card_matches(state, c, target)]
    elif zone == "timeline":
        zones = player["wz"][1:] if code == "advance_wait" else player["wz"]
        options = [c for z in zones for c in z if _card_matches(state, c, target)]
    else:
        options = field_candidates(state, seat, target, frame["source"])
        if code == "fatigue":  # a unit on its placement turn cannot be fatigued (召喚酔い): not a target
            options = [o for o in options if (found := find_unit(state, o)) is None or not field.sick(state, found[2])]
    if code == "place_from_timeline":
        options = [f"{c}@{lane}" for c in options for lane in field.empty_lanes(player)]
    elif code == "move_unit":
        options = [f"{c}@{lane}" for c in options for lane in _free_adjacent(state, c)]
    return options, target.get("count", 1)


def _free_adjacent(state: State, card_id: str) -> list[str]:
    found = find_unit(state, card_id)
    if found is None or found[1] == LEADER:
        return []
    lanes = state["players"][found[0]]["lanes"]
    return [lane for lane in field.ADJACENT[found[1]] if lanes[lane] is None]


def _source_hooks(state: State, source: str | None) -> set[str]:
    if source is None:
        return set()
    out: set[str] = set()
    for k in abilities(state, source).get("keywords", ()):
        out.update(VOCABULARY.hooks_of(k["keyword"]))
    return out


def _impact(state: State, source: str | None) -> int:
    if source is None:
        return 0
    return sum(k.get("n", 0) for k in abilities(state, source).get("keywords", ()) if k["keyword"] == "衝撃")


NOT_TARGETS = frozenset({"arrange_deck"})
"""Effects whose choice is no target (the order of one's own deck): reading ``use_needs_target`` skips them."""


def deck_top(deck: list[str], n: int) -> list[str]:
    """The top ``n`` cards of a deck (``player["deck"]``, top = last), the top one first."""
    return deck[::-1][:n]


def has_target(state: State, seat: str, card_id: str) -> bool:
    """Reading ``use_needs_target``: the first effect of the card that chooses a target has a candidate."""
    frame = {"seat": seat, "source": card_id, "previous": [], "broken": 0}
    for effect in abilities(state, card_id).get("effects", ()):
        if effect["effect"] in NOT_TARGETS:
            continue
        found = choice(state, frame, effect)
        if found is not None:
            return bool(found[0])
    return True


def _targets(state: State, frame: Data, effect: Data) -> list[str]:
    target = effect.get("target")
    if target is None:
        return []
    pick = target["pick"]
    if pick == "self":
        return [frame["source"]] if find_unit(state, frame["source"]) else []
    if pick == "previous":
        return list(frame["previous"])
    if pick == "adjacent":
        out = []
        for ref in frame["previous"]:
            found = None if is_master(state, ref) else find_unit(state, ref)
            if found and found[1] != LEADER:
                lanes = state["players"][found[0]]["lanes"]
                out += [lanes[x]["card"] for x in field.ADJACENT[found[1]] if lanes[x] is not None]
        return out
    return field_candidates(state, frame["seat"], target, frame["source"])


def run(state: State, events: list[Event]) -> None:
    """Resolve the effect queue until it is empty, a decision is pending, an attack waits for its block, the game
    is over, or a player's life has reached 0 (A8.1: the loss is at that moment; the caller settles it)."""
    queue = state["queue"]
    while queue and state["pending"] is None and state["combat"] is None and state["outcome"] is None:
        frame = queue[0]
        if frame["i"] >= len(frame["effects"]):
            queue.pop(0)
            then = frame.get("then")
            if then is not None:  # 使用後は: the used card leaves play once its effects have resolved
                seat, used, clause = then["used"]
                player = state["players"][seat]
                player["using"] = [c for c in player.get("using", []) if c != used]
                timeline.leave_play(state, used, "used", events, clause)
            continue
        effect = frame["effects"][frame["i"]]
        found = choice(state, frame, effect)
        if found is not None:
            options, need = found
            picked = frame["picked"]
            options = [o for o in options if o not in picked and not _clashes(o, picked)]
            if len(picked) < need and options:
                if len(options) <= need - len(picked) and not any(_clashes(o, options[:i])
                                                                   for i, o in enumerate(options)):
                    frame["picked"] = frame["picked"] + options
                else:
                    state["pending"] = {"kind": "choose", "seat": frame["seat"], "options": options,
                                        "effect": effect["effect"], "source": frame["source"]}
                    return
            chosen = list(frame["picked"])
        else:
            chosen = _targets(state, frame, effect)
        frame["i"] += 1
        frame["picked"] = []
        VOCABULARY.handler(effect["effect"])(state, frame, effect, chosen, events)
        frame["previous"] = [c.split("@")[0] for c in chosen]
        frame["broken"] = damage.check_breaks(state, events)
        if any(player["life"] <= 0 for player in state["players"].values()):
            # 勝利条件/A8.1 ライフが0になった時点でゲームに敗北する: the game ends at that moment, in the middle of an
            # ability, before the triggers it queued resolve (``flow.advance`` settles it next; issue 29)
            return


def _clashes(option: str, others: list[str]) -> bool:
    """A ``card@lane`` option that names a card or a lane of one of ``others``: one card goes to one lane, one
    lane takes one card (an effect that places or moves two asks for two that fit together)."""
    if "@" not in option:
        return False
    card, lane = option.split("@")
    return any(o.split("@")[0] == card or o.split("@")[1] == lane for o in others if "@" in o)


def pick(state: State, option: str) -> None:
    """The chooser's answer to a pending ``choose``."""
    frame = state["queue"][0]
    frame["picked"] = [*frame["picked"], option]  # replaced: copy_state shares the list
    state["pending"] = None


def _clause(frame: Data) -> str:
    answer: str = frame["clause"]
    return answer


def _amount(state: State, frame: Data, amount: int | Data, target: str | None) -> int:
    if isinstance(amount, int):
        return amount
    if "stat" in amount:
        found = find_unit(state, target) if target and not is_master(state, target) else None
        return field.atk(state, found[2]) if found else 0
    base = len(state["players"][frame["seat"]]["standby"]) if amount["count"] == "own_standby" else frame["broken"]
    answer: int = base + amount.get("plus", 0)
    return answer


@VOCABULARY.implements("damage")
def _damage(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    for target in chosen:
        damage.deal(state, target, _amount(state, frame, effect["amount"], target), events, _clause(frame),
                    by_effect=True)


@VOCABULARY.implements("heal")
def _heal(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    change_life(state, frame["seat"], _amount(state, frame, effect["amount"], None), events, _clause(frame))


@VOCABULARY.implements("draw")
def _draw(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    draw(state, frame["seat"], effect["n"], events, _clause(frame))


def draw(state: State, seat: str, n: int, events: list[Event], clause: str) -> None:
    """Draw ``n`` cards; a player who must draw from an empty deck loses (A8.2, the state check in flow)."""
    player = state["players"][seat]
    drawn: list[str] = []
    if drafting(state) and not deck_of(state, seat):
        from . import draft  # a Dantalion Draft's shared deck, refilled from its discard

        draft.refill(state, events)
    deck = deck_of(state, seat)
    for _ in range(n):
        if len(drawn) == len(deck):
            player["deck_out"] = True
            events.append(Event("deck_out", "勝利条件/A8.2", {"seat": seat}))
            break
        drawn.append(deck[-1 - len(drawn)])
    if drawn:
        set_deck(state, seat, deck[:len(deck) - len(drawn)])
        if drafting(state):  # a card of the shared deck becomes its drawer's
            take_ownership(state, seat, drawn)
    player["hand"].extend(drawn)
    events.append(Event("draw", clause, {"seat": seat, "count": len(drawn), "deck": len(deck_of(state, seat))}))
    if drawn:
        events.append(Event("drawn", clause, {"seat": seat, "cards": drawn}, to=(seat,)))


@VOCABULARY.implements("move_cores")
def _move_cores(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    player = state["players"][frame["seat"]]
    source, dest, n = effect["source"], effect["dest"], effect["n"]
    if source != "outside":
        n = min(n, _cores_at(player, source))
        _add_cores(player, source, -n)
    else:
        player["added"] += n
    if dest == "outside":
        player["added"] -= n
    else:
        _add_cores(player, dest, n)
    events.append(Event("cores_moved", _clause(frame), {"seat": frame["seat"], "n": n, "from": source,
                                                         "to": dest}))


def _cores_at(player: Data, place: str) -> int:
    if place.startswith("wz"):
        in_wait_zone: int = player["wz_cores"][int(place[2]) - 1]
        return in_wait_zone
    elsewhere: int = player["master_cores" if place == "master" else place]
    return elsewhere


def _add_cores(player: Data, place: str, n: int) -> None:
    if place.startswith("wz"):
        player["wz_cores"][int(place[2]) - 1] += n
    else:
        key = "master_cores" if place == "master" else place
        player[key] += n


def _take(state: State, card_id: str) -> str | None:
    """Take a card out of wherever it is (hand, timeline, field, standby); returns where it was."""
    seat = owner(state, card_id)
    player = state["players"][seat]
    if card_id in player["hand"]:
        player["hand"].remove(card_id)
        return "hand"
    if card_id in player["standby"]:
        player["standby"].remove(card_id)
        return "standby"
    found = find_unit(state, card_id)
    if found is not None:
        field.remove_unit(state, seat, found[1])
        if found[1] == LEADER and found[2]["cores"]:
            player["master_cores"] += found[2]["cores"]
        return "field"
    for zone in player["wz"]:
        if card_id in zone:
            zone.remove(card_id)
            return "timeline"
    return None


def _hidden_zone(state: State, zone: str) -> bool:
    """A zone whose cards the owner's opponent does not see: the hand, and standby (reading
    ``standby_visible_to_opponent``)."""
    return zone == "hand" or (zone == "standby" and not readings_mod.of(state).standby_visible_to_opponent)


@VOCABULARY.implements("send")
def _send(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    for card_id in chosen:
        seat = owner(state, card_id)
        found = find_unit(state, card_id)
        if found is not None and "no_zone_move" in field.hooks(state, found[2]):
            # 領域移動無効 (our reading, docs/rules/legions.md): the unit stays where it is
            events.append(Event("unmoved", _clause(frame), {"card": card_id, "seat": seat, "to": effect["to"]}))
            continue
        where = _take(state, card_id)
        if where is None:
            continue
        to = effect["to"]
        moved = {"card": card_id, "from": where, "to": to, "seat": seat}
        if _hidden_zone(state, where) and _hidden_zone(state, to):
            # from one zone the opponent does not see to another: the move is public, the card is not
            events.append(Event("send", _clause(frame), {"from": where, "to": to, "seat": seat}))
            events.append(Event("sent", _clause(frame), moved, to=(seat,)))
        else:
            events.append(Event("send", _clause(frame), moved))
        if to == "hand":
            state["players"][seat]["hand"].append(card_id)
        elif to == "exile":
            timeline.exile(state, seat, [card_id], events, _clause(frame))
        elif to == "standby":
            timeline.to_standby(state, seat, [card_id], events, "effect")
        else:
            zone = attrs(state, card_id).get("wt", 1) if to == "wt" else int(to[2])
            timeline.to_wait_zone(state, seat, card_id, zone, events, _clause(frame))


@VOCABULARY.implements("master_attack")
def _master_attack(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    if not chosen:
        return
    seat = frame["seat"]
    combat.declare(state, seat, state["players"][seat]["master"], LEADER, chosen[0], events, atk=effect["atk"],
                   hooks=_source_hooks(state, frame["source"]), impact=_impact(state, frame["source"]),
                   source=frame["source"])


@VOCABULARY.implements("remove_standby")
def _remove_standby(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    side = other(frame["seat"]) if effect["side"] == "opponent" else frame["seat"]
    player = state["players"][side]
    cards = [player["standby"][int(o.split(":")[1])] for o in chosen]
    player["standby"] = [c for c in player["standby"] if c not in cards]
    timeline.exile(state, side, cards, events, f"{_clause(frame)} (remove standby)")


@VOCABULARY.implements("place_from_timeline")
def _place_from_timeline(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    placed: dict[str, list[str]] = {}
    for option in chosen:
        card_id, lane = option.split("@")
        seat = owner(state, card_id)
        player = state["players"][seat]
        if player["lanes"][lane] is not None or not any(card_id in zone for zone in player["wz"]):
            continue
        timeline.remove_from_timeline(state["players"][seat], card_id)
        unit = field.place_minion(state, seat, card_id, lane, events, _clause(frame))
        if effect.get("face_down"):
            # リバース状態 (死者の蘇生; our reading, docs/rules/legions.md "Face-down units"): a unit with its
            # printed ATK and HP and no abilities (no keyword, no trigger, not even its own 配置時)
            unit["reversed"] = True
            events.append(Event("reversed", _clause(frame), {"seat": seat, "card": card_id, "lane": lane}))
        else:
            triggers.fire(state, seat, card_id, "配置時", events)
        placed.setdefault(seat, []).append(card_id)
    for seat, cards in placed.items():  # minions placed at once: one placement (§38-4)
        triggers.minions_placed(state, seat, cards, events)


def _each_unit(state: State, chosen: list[str]) -> Iterator[Data]:
    for ref in chosen:
        found = None if is_master(state, ref) else find_unit(state, ref)
        if found is not None:
            yield found[2]


@VOCABULARY.implements("fatigue")
def _fatigue(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    for unit in _each_unit(state, chosen):
        if field.sick(state, unit):
            # 召喚酔い: 配置ターンは行動不能状態として疲労させることができない — not by an effect either (issue 29)
            events.append(Event("no_fatigue", "召喚酔い/A6.2", {"card": unit["card"]}))
            continue
        unit["fatigued"] = True
        unit["hold"] = unit["hold"] or bool(effect.get("hold"))
        events.append(Event("fatigue", _clause(frame), {"card": unit["card"], "hold": unit["hold"]}))


@VOCABULARY.implements("modify")
def _modify(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    lasting = effect.get("until", "turn") == "permanent"
    for unit in _each_unit(state, chosen):
        unit["atk" if lasting else "eot_atk"] += effect.get("atk", 0)
        unit["hp" if lasting else "eot_hp"] += effect.get("hp", 0)
        events.append(Event("modify", _clause(frame), {"card": unit["card"], "atk": effect.get("atk", 0),
                                                       "hp": effect.get("hp", 0), "lasting": lasting}))


@VOCABULARY.implements("grant")
def _grant(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    key = "grants" if effect.get("until", "turn") == "permanent" else "eot_grants"
    for unit in _each_unit(state, chosen):
        unit[key] = [*unit[key], effect["keyword"]]  # replaced: copy_state shares the list
        events.append(Event("grant", _clause(frame), {"card": unit["card"], "keyword": effect["keyword"]}))


@VOCABULARY.implements("break")
def _break(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    for ref in chosen:
        found = None if is_master(state, ref) else find_unit(state, ref)
        if found is not None:
            damage.break_unit(state, found[0], found[1], events, _clause(frame))


@VOCABULARY.implements("no_attack")
def _no_attack(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    for unit in _each_unit(state, chosen):
        unit["no_attack"] = True
        events.append(Event("no_attack", _clause(frame), {"card": unit["card"]}))


@VOCABULARY.implements("shield")
def _shield(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    for unit in _each_unit(state, chosen):
        unit["shield"] += effect["n"]
        events.append(Event("shield", _clause(frame), {"card": unit["card"], "n": effect["n"]}))


@VOCABULARY.implements("move_unit")
def _move_unit(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    for option in chosen:
        card_id, lane = option.split("@")
        found = find_unit(state, card_id)
        if found is None or state["players"][found[0]]["lanes"][lane] is not None:
            continue
        field.move(state, found[0], found[1], lane)
        events.append(Event("move", _clause(frame), {"card": card_id, "from": found[1], "to": lane}))


@VOCABULARY.implements("advance_wait")
def _advance_wait(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    for card_id in chosen:
        player = state["players"][owner(state, card_id)]
        zone = timeline.remove_from_timeline(player, card_id)
        player["wz"][max(0, zone - 2)].append(card_id)
        events.append(Event("advance_wait", _clause(frame), {"card": card_id, "from": zone,
                                                             "to": max(1, zone - 1)}))


@VOCABULARY.implements("arrange_deck")
def _arrange_deck(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    """Legions: arrange_deck (our reading): the picked cards go back on top in the order picked, the one left
    unpicked under them; the public event says how many cards were looked at, never which."""
    seat = frame["seat"]
    deck = deck_of(state, seat)
    top = deck_top(deck, effect["n"])
    order = [c for c in chosen if c in top] + [c for c in top if c not in chosen]
    set_deck(state, seat, deck[:len(deck) - len(top)] + order[::-1])  # replaced: copy_state shares the deck
    events.append(Event("arrange_deck", _clause(frame), {"seat": seat, "count": len(top)}))


def queue_turn_triggers(state: State, seat: str, when: str, events: list[Event]) -> None:
    """A5 S3/E1: the ``when`` triggers of ``seat``'s units on the field (field order)."""
    for _, unit in units(state, seat):
        triggers.fire(state, seat, unit["card"], when, events)



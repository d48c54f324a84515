"""The interpretation of the Riders' Legend effect vocabulary (abilities.py): one function per effect,
registered on ``VOCABULARY``, and ``run``, which resolves the effect queue (triggers.py) until a decision is
needed.

A choice is a pending decision ``{"kind": "choose", "seat", "options": [str], "effect", "source", "optional"}``.
Options never name a hidden card: characters by their id, missions by position (``"p2:mission:3"``), cards of
one's own hand or of a graveyard by id, areas as ``"area:i"``, a destination as ``"id@field:area"``, a
transformation as ``"card>character"``; ``"done"`` ends an optional (``up_to``) choice. When there are no more
candidates than picks left, the engine picks them all itself. ``declare`` asks the controller, then the opponent
(``referee.abilities.declarations``).
"""

from __future__ import annotations

from collections.abc import Iterator

from referee.abilities import declarations
from referee.engine.actions import Event
from referee.engine.protocol import Data, State

from . import characters as chars_mod
from . import deck, field, missions, readings, triggers, wins
from .abilities import VOCABULARY, index
from .state import (
    AREAS,
    SEATS,
    OnField,
    alignment,
    area_list,
    attrs,
    characters,
    find,
    located,
    name,
    other,
    own,
    own_area,
    own_character,
    own_mission,
    top,
)


def _sides(seat: str, side: str) -> tuple[str, ...]:
    return {"opponent": (other(seat),), "own": (seat,), "any": SEATS}[side]


def _card_fits(state: State, card_id: str, target: Data, names: list[str] | None = None) -> bool:
    a = attrs(state, card_id)
    if "alignment" in target and alignment(state, card_id) != target["alignment"]:
        return False
    if "faction" in target and a.get("faction") != target["faction"]:
        return False
    if "card_type" in target and state["cards"][card_id]["card_type"] != target["card_type"]:
        return False
    shown = names if names is not None else [name(state, card_id)]
    if "name" in target and target["name"] not in shown:
        return False
    return "name_contains" not in target or any(target["name_contains"] in n for n in shown)


def candidates(state: State, seat: str, target: Data) -> list[str]:
    """What a ``choose``/``all`` target reaches for ``seat``'s ability, in field order (option strings)."""
    side, what = target.get("side", "opponent"), target.get("what", "character")
    out: list[str] = []
    for s in _sides(seat, side):
        player = state["players"][s]
        if what == "character":
            fields = target.get("fields", list(field.FIELDS_ALL))
            out += [c["id"] for f, _, c in characters(state, s) if f in fields
                    and _card_fits(state, top(c), target, [name(state, top(c))])]
        elif what == "mission":
            face = target.get("face", "any")
            out += [f"{s}:mission:{i + 1}" for i, m in enumerate(player["missions"]) if m is not None
                    and (face == "any" or m["face_up"] == (face == "up"))]
        elif s == seat or target.get("zone", "hand") == "graveyard":
            zone = player[target.get("zone", "hand")]
            out += [c for c in dict.fromkeys(zone) if _card_fits(state, c, target)]
    return out


def _relocations(state: State, char_id: str) -> list[str]:
    found = find(state, char_id)
    if found is None:
        return []
    seat, fld, area, char = found
    return [f"{char_id}@{p[0]}:{p[1]}" for p in field.positions()
            if p != (fld, area) and field.may_stand(state, seat, top(char), p)]


def transformations(state: State, seat: str, phase_free: bool = True) -> list[str]:
    """Every ``"card>character"`` transformation ``seat`` may make from its hand now (``transform_pairs``)."""
    return [f"{card_id}>{char_id}" for card_id, char_id in transform_pairs(state, seat)]


def transform_pairs(state: State, seat: str, names: field.SideNames | None = None,
                    on_field: OnField | None = None) -> list[tuple[str, str]]:
    """Every transformation ``seat`` may make from its hand now, as ``(card, character)`` (B3.3c: a character
    card naming the character's top card among its 変身元, its placement condition met (reading
    ``placement_condition_on_transform``), uniqueness (B6) with the character it covers left out, and a position
    the card may stand in); in hand order, then field order. ``names``: ``field.side_names(state, seat)``,
    ``on_field``: ``characters(state, seat)``, when the caller has them."""
    out: list[tuple[str, str]] = []
    if on_field is None:
        on_field = characters(state, seat)
    if not on_field:
        return out
    reading = readings.of(state)
    cards = state["cards"]
    onto = None  # [(field, area, character, the names a card may transform it from)], once a card needs it
    for card_id in dict.fromkeys(state["players"][seat]["hand"]):
        card = cards[card_id]
        abilities = card.get("abilities")
        if card["card_type"] != "character" or not abilities or "statics" not in abilities:
            continue  # (no statics: no 変身元)
        wanted = index(abilities).wanted
        if not wanted:
            continue
        if onto is None:  # chars_mod.can_transform_onto, its look-ups made once: the top card's name, or with
            onto = []     # reading transform_onto every card's of the stack
            for fld, area, char in on_field:
                stack = char["stack"]
                onto.append((fld, area, char, {cards[stack[-1]]["name"]} if reading.transform_onto == "top"
                             else {cards[c]["name"] for c in stack}))
        # the characters it names (checked before the placement condition: every test here is pure, so the order
        # changes no answer, only how much is looked up)
        below = [(fld, area, char) for fld, area, char, carried in onto if not wanted.isdisjoint(carried)]
        if not below:
            continue
        if reading.placement_condition_on_transform and not chars_mod.placement_condition_met(state, seat, card_id):
            continue
        if names is None:  # the names on the field, once the first candidate needs them
            names = field.side_names(state, seat, on_field)
        for fld, area, char in below:
            if field.unique_ok(state, seat, card_id, char["id"], names) \
                    and field.may_stand(state, seat, card_id, (fld, area)):
                out.append((card_id, char["id"]))
    return out


def choice(state: State, frame: Data, effect: Data) -> tuple[list[str], int, bool] | None:
    """``(options, picks needed, optional)`` when ``effect`` needs a choice, else None."""
    seat, code, target = frame["seat"], effect["effect"], effect.get("target")
    if code == "transform_from_hand":
        return transformations(state, seat), 1, True
    if target is None or target["pick"] not in ("choose", "area"):
        return None
    if target["pick"] == "area":
        sides = _sides(seat, target.get("side", "opponent"))
        options = [f"area:{i}" for i in AREAS if any(
            area_list(state["players"][s], f, i) for s in sides for f in target.get("fields", ["operation", "battle"])
            if f != "justice")]
        return options, 1, False
    options = candidates(state, seat, target)
    if code == "relocate":
        options = [o for c in options for o in _relocations(state, c)]
    return options, target.get("count", 1), bool(target.get("up_to"))


def _targets(state: State, frame: Data, effect: Data) -> list[str]:
    target = effect.get("target")
    if target is None:
        return []
    pick = target["pick"]
    if pick == "self":
        holder = next((c for s in SEATS for _, _, c in characters(state, s) if frame["source"] in c["stack"]), None)
        return [holder["id"]] if holder else []
    if pick == "previous":
        return list(frame["previous"])
    if pick == "attacked":
        return [frame["attacked"]] if frame["attacked"] and find(state, frame["attacked"]) else []
    return candidates(state, frame["seat"], target)


def _expand_area(state: State, frame: Data, effect: Data, chosen: list[str]) -> list[str]:
    target = effect["target"]
    out = []
    for option in chosen:
        area = int(option.split(":")[1])
        for s in _sides(frame["seat"], target.get("side", "opponent")):
            for f in target.get("fields", ["operation", "battle"]):
                if f != "justice":
                    out += [c["id"] for c in area_list(state["players"][s], f, area)
                            if _card_fits(state, top(c), target, [name(state, top(c))])]
    return out


def run(state: State, events: list[Event]) -> None:
    """Resolve the effect queue until it is empty, a decision is pending, an attack waits, or the game ends."""
    queue = state["queue"]
    while queue and state["pending"] is None and state["combat"] is None and state["outcome"] is None:
        frame = queue[0]
        if frame["i"] >= len(frame["effects"]):
            queue.pop(0)
            then = frame.get("then")
            if then is not None:  # what follows the ability's resolution (B5.3: the mission turns sideways)
                missions.turn_sideways(state, *then["turn_sideways"])
            continue
        effect = frame["effects"][frame["i"]]
        if effect["effect"] == "declare":
            state["pending"] = declarations.ask(frame["seat"], frame["source"], effect)
            return
        found = choice(state, frame, effect)
        if found is not None:
            options, need, optional = found
            options = [o for o in options if o not in frame["picked"]]
            if frame.get("done"):
                options = []
            if len(frame["picked"]) < need and options:
                if len(options) <= need - len(frame["picked"]) and not optional:
                    frame["picked"] += options
                else:
                    shown = [*options, "done"] if optional else options
                    state["pending"] = {"kind": "choose", "seat": frame["seat"], "options": shown,
                                        "effect": effect["effect"], "source": frame["source"],
                                        "optional": optional}
                    return
            chosen = list(frame["picked"])
            if effect.get("target", {}).get("pick") == "area":
                chosen = _expand_area(state, frame, effect, chosen)
        else:
            chosen = _targets(state, frame, effect)
        frame["i"] += 1
        frame["picked"] = []
        frame.pop("done", None)
        VOCABULARY.handler(effect["effect"])(state, frame, effect, chosen, events)
        frame["previous"] = [c.split("@")[0].split(">")[-1] for c in chosen]
        if wins.check(state, events):
            return
        chars_mod.check_destroyed(state, events)


def pick(state: State, option: str) -> None:
    """The chooser's answer to a pending ``choose`` (``"done"`` ends an optional choice)."""
    frame = state["queue"][0]
    if option == "done":
        frame["done"] = True
    else:
        frame["picked"].append(option)
    state["pending"] = None


def answer_declaration(state: State, accepted: bool, events: list[Event]) -> None:
    """After the opponent's answer (or the controller declining, ``accepted`` False): the declaration's effects
    are queued ahead of the rest of the ability when accepted; otherwise nothing happens."""
    frame = state["queue"][0]
    effect = frame["effects"][frame["i"]]
    frame["i"] += 1
    state["pending"] = None
    if accepted:
        triggers.push(state, frame["seat"], frame["source"], list(effect["effects"]),
                      declarations.CLAUSE, frame["attacked"], front=True)


def _chars(state: State, chosen: list[str]) -> Iterator[Data]:
    """The characters on the field among ``chosen``, each the state's own (``own_character``: the effects
    change them)."""
    for ref in chosen:
        found = find(state, ref) if ref in state["cards"] else None
        if found is not None:
            yield own_character(state, found[3])


@VOCABULARY.implements("draw")
def _draw(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    deck.draw(state, frame["seat"], effect["n"], events, frame["clause"])


@VOCABULARY.implements("modify")
def _modify(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    for char in _chars(state, chosen):
        char["eot_attack"] += effect.get("attack", 0)
        char["eot_defence"] += effect.get("defence", 0)
        events.append(Event("modify", frame["clause"], {"character": char["id"], "attack": effect.get("attack", 0),
                                                        "defence": effect.get("defence", 0)}))


def _mission_ref(ref: str) -> tuple[str, int] | None:
    parts = ref.split(":")
    return (parts[0], int(parts[2])) if len(parts) == 3 and parts[1] == "mission" else None


@VOCABULARY.implements("damage")
def _damage(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    for ref in chosen:
        where = _mission_ref(ref)
        if where is not None:
            if state["players"][where[0]]["missions"][where[1] - 1] is not None:
                missions.damage(state, where[0], where[1], effect["amount"], events, frame["clause"])
            continue
        for char in _chars(state, [ref]):
            chars_mod.deal(state, char, effect["amount"], events, frame["clause"])


@VOCABULARY.implements("to_hand")
def _to_hand(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    for ref in chosen:
        if find(state, ref) is not None:
            chars_mod.to_hand(state, ref, events, frame["clause"])
            continue
        seat = state["cards"][ref]["owner"]
        player = state["players"][seat]
        if ref in player["graveyard"]:
            own(state, seat, "graveyard").remove(ref)
            player["hand"].append(ref)
            events.append(Event("graveyard_to_hand", frame["clause"], {"seat": seat, "card": ref,
                                                                        "name": name(state, ref)}))


@VOCABULARY.implements("set_acted")
def _set_acted(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    for char in _chars(state, chosen):
        char["acted"] = effect["acted"]
        events.append(Event("set_acted", frame["clause"], {"character": char["id"], "acted": effect["acted"]}))


def relocate(state: State, char_id: str, pos: tuple[str, int], events: list[Event], clause: str) -> None:
    """Move a character to ``pos`` (no step is used); a move into a battle area triggers ``moves_to_battle``."""
    found = find(state, char_id)
    if found is None:
        return
    seat, fld, area, char = found
    own_area(state, seat, fld, area).remove(char)
    own_area(state, seat, *pos).append(char)
    events.append(Event("move", clause, {"seat": seat, "character": char_id, "from": [fld, area],
                                         "to": list(pos)}))
    if pos[0] == "battle" and fld != "battle":
        triggers.fire(state, seat, top(char), "moves_to_battle", events)


@VOCABULARY.implements("relocate")
def _relocate(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    for option in chosen:
        char_id, place = option.split("@")
        fld, area = place.split(":")
        found = find(state, char_id)
        if found is not None and field.may_stand(state, found[0], top(found[3]), (fld, int(area))):
            relocate(state, char_id, (fld, int(area)), events, frame["clause"])


@VOCABULARY.implements("no_move")
def _no_move(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    until = state["turn"] + (2 if state["turn_seat"] == frame["seat"] else 1)
    for char in _chars(state, chosen):
        char["no_move_until"] = max(char["no_move_until"], until)
        events.append(Event("no_move", frame["clause"], {"character": char["id"], "until_turn": until}))


@VOCABULARY.implements("reveal")
def _reveal(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    for ref in chosen:
        where = _mission_ref(ref)
        if where is None:
            continue
        mission = state["players"][where[0]]["missions"][where[1] - 1]
        if mission is not None and not mission["face_up"]:
            missions.reveal(state, where[0], where[1], "effect", events, frame["clause"])


@VOCABULARY.implements("look")
def _look(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    for ref in chosen:
        where = _mission_ref(ref)
        if where is None:
            continue
        mission = state["players"][where[0]]["missions"][where[1] - 1]
        if mission is None:
            continue
        events.append(Event("look", frame["clause"], {"seat": frame["seat"], "mission_seat": where[0],
                                                      "area": where[1]}))
        events.append(Event("looked", frame["clause"], {"seat": frame["seat"], "mission_seat": where[0],
                                                        "area": where[1], "card": mission["card"],
                                                        "name": name(state, mission["card"]),
                                                        "bluff": mission["bluff"]}, to=(frame["seat"],)))


@VOCABULARY.implements("deck_damage")
def _deck_damage(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    seat = other(frame["seat"]) if effect["side"] == "opponent" else frame["seat"]
    deck.damage(state, seat, effect["n"], events, frame["clause"])


@VOCABULARY.implements("discard_pile_to_deck")
def _discard_pile_to_deck(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    deck.discard_pile_to_bottom(state, frame["seat"], effect["n"], events, frame["clause"])


@VOCABULARY.implements("heal_mission")
def _heal_mission(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    for ref in chosen:
        where = _mission_ref(ref)
        if where is None:
            continue
        mission = own_mission(state, where[0], where[1])
        if mission is not None:
            mission["damage"] = 0
            events.append(Event("mission_healed", frame["clause"], {"seat": where[0], "area": where[1]}))


@VOCABULARY.implements("discard")
def _discard(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    player = state["players"][frame["seat"]]
    for card_id in chosen:
        if card_id in player["hand"]:
            player["hand"].remove(card_id)
            own(state, frame["seat"], "graveyard").append(card_id)
            events.append(Event("discard", frame["clause"], {"seat": frame["seat"], "card": card_id,
                                                             "name": name(state, card_id)}))


@VOCABULARY.implements("transform_from_hand")
def _transform_from_hand(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    for option in chosen:
        if option not in transformations(state, frame["seat"]):
            continue
        card_id, char_id = option.split(">")
        state["players"][frame["seat"]]["hand"].remove(card_id)
        chars_mod.transform(state, frame["seat"], card_id, located(state, char_id)[3], events, frame["clause"])


@VOCABULARY.implements("extra_mission")
def _extra_mission(state: State, frame: Data, effect: Data, chosen: list[str], events: list[Event]) -> None:
    state["players"][frame["seat"]]["mission_allowance"] += effect["n"]
    events.append(Event("extra_mission", frame["clause"], {"seat": frame["seat"], "n": effect["n"]}))


@VOCABULARY.implements("declare")
def _declare(state: State, frame: Data, effect: Data, chosen: list[str],
             events: list[Event]) -> None:  # pragma: no cover - run() asks instead (declarations)
    raise AssertionError("declare is resolved by the declaration decisions")

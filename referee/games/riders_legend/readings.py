"""Our readings of Riders' Legend: every PROPOSED or INFERRED item of spec part B that the engine relies on, as
one named option with its default (docs/rules/riders_legend.md, "Our readings", explains each: what we chose,
why, the alternatives and the test).

A match records the options it used (``config["readings"]``, every field written out by ``Readings.as_config``,
also in the setup event), so a replay applies the same ones even after a default changes. A corrected reading
is a one-line change of a default here.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from referee.engine.protocol import Data, State

_CHOICES: dict[str, tuple[Any, ...]] = {
    "eyecatch_sides": ("both", "a", "b"),
    "second_half_starts": ("eyecatch_left_deck", "eyecatch_drawn"),
    "transform_onto": ("top", "any_in_stack"),
    "transform_when": ("own_turn", "placement_phase"),
    "action_cards_when": ("action_phase", "own_turn"),
    "attack_with": ("one", "group"),
    "blockers": ("battle_and_justice", "battle_only"),
    "investigators": ("battle", "battle_and_operation"),
    "bounce_stack": ("whole_stack", "top_only"),
}


@dataclass(frozen=True)
class Readings:
    """The rule options of one match. Field names are the clause names of docs/rules/riders_legend.md."""

    # B1.3 [PROPOSED]: a mulligan returns the 7 to the first half, and both halves are reshuffled separately and
    # restacked (second half, eyecatch, first half); False reshuffles the first half only.
    mulligan_reshuffles_second_half: bool = True
    # B1.6 [PROPOSED]: the hand limit of 7 is applied in one's own end phase (discard to 墓場, the player's
    # choice); False: no adjustment at all.
    hand_limit_in_end_phase: bool = True
    # B3.2 / E [PROPOSED]: which side of the two-sided eyecatch applies when drawn in one's own draw phase:
    # "both" (side A 前半終了, then side B 後半開始), "a" or "b" only.
    eyecatch_sides: str = "both"
    # B3.2 [PROPOSED]: an eyecatch drawn outside one's draw phase still counts as the card drawn (no
    # replacement draw); False draws another card in its place.
    eyecatch_outside_counts_as_draw: bool = True
    # B3.2 [PROPOSED]: the second half (後半) starts once the eyecatch has left the deck by any means, or only
    # when it is drawn.
    second_half_starts: str = "eyecatch_left_deck"
    # B2 [PROPOSED] Q-R4: no lateral adjacency between areas i and i±1 (True adds it).
    lateral_adjacency: bool = False
    # B2 [PROPOSED] Q-R4: the placement limits of the types also bind where a character may move.
    movement_follows_placement: bool = True
    # B2/B3.3 [INFERRED]: whether a face-down justice mission (laid at setup) is "your justice mission" for the
    # placement of characters. False (issue 29): face-up justice missions only — a justice character placed beside
    # a face-down mission would tell the opponent what that mission is, which its facing keeps hidden.
    face_down_justice_counts: bool = False
    # B3.3c [PROPOSED] Q-R5: transforming does not use the one character placement of the turn.
    transform_is_free: bool = True
    # B3.3c [PROPOSED] Q-R5: transformations (both ways) in any phase of one's own turn from the placement phase
    # on ("own_turn"), or in the placement phase only.
    transform_when: str = "own_turn"
    # B3.3c [INFERRED]: a transformation card goes onto the character whose top card is named in its
    # 変身元 ("top"), or onto one whose stack carries the name anywhere ("any_in_stack").
    transform_onto: str = "top"
    # B3.3b [INFERRED]: a card's 配置条件 binds its transformation onto a character too ("条件を満たした場合にのみ
    # 場に配置できる": transforming puts the card on the field); False checks it only when placed alone.
    placement_condition_on_transform: bool = True
    # B3.4 [PROPOSED]: moving does not make a character 行動済.
    moving_makes_acted: bool = False
    # B3.5 [PROPOSED] Q-R1: action cards are played in the action phase, or in any phase of one's turn from the
    # placement phase on.
    action_cards_when: str = "action_phase"
    # B4.4 [PROPOSED]: an attack is made by one character ("one") or by any group of the unacted characters of
    # one battle area ("group"; their attack summed).
    attack_with: str = "one"
    # B4.5 [PROPOSED] Q-R2: who may block an attack on a mission: unacted characters of the defender's battle
    # area and (justice) of its justice field, or of the battle area only.
    blockers: str = "battle_and_justice"
    # B4.6 [PROPOSED] Q-R2: a character attacked (or blocking) deals its attack back at the same time.
    defender_strikes_back: bool = True
    # B5.6 [PROPOSED] Q-R3: a character's 作戦力 counts only toward a mission of its own 勢力.
    operation_needs_faction: bool = True
    # B5.7 [PROPOSED]: a bluff cannot be executed; True lets the owner execute it (it is revealed and binned).
    bluff_executable: bool = False
    # B5.8 [PROPOSED]: a mission may be achieved again in the same turn with fresh 作戦力.
    achieve_again_same_turn: bool = True
    # B7 [PROPOSED] Q-R3: who investigates: an unacted character of one's battle area i ("battle"), or of the
    # battle or operation area i.
    investigators: str = "battle"
    # B7 [PROPOSED]: a mission binned by investigation is not destroyed: no deck damage.
    investigation_deals_no_deck_damage: bool = True
    # B7 [INFERRED]: a justice mission turned face up by a card effect (not by investigation) stays; True bins
    # it as investigation does. (A bluff turned face up is binned by any means, STATED.)
    effect_reveal_bins_justice: bool = False
    # B6/B3.3 [INFERRED]: a character returned to the hand goes with its whole stack, or only its top card (the
    # rest to 墓場).
    bounce_stack: str = "whole_stack"
    # B8 [PROPOSED]: both players losing at once is a draw.
    both_lose_draw: bool = True

    def as_config(self) -> Data:
        """Every option by name: what a match records in ``config["readings"]`` (``dataclasses.asdict``, for fields
        that are all plain values)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_config(cls, config: Data | None) -> Readings:
        """The readings of a match config (``config["readings"]``; missing options take their default).
        ValueError names an unknown option or a value out of its choices."""
        raw = dict((config or {}).get("readings") or {})
        names = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(raw) - set(names))
        if unknown:
            raise ValueError(f"unknown Riders' Legend reading(s): {', '.join(unknown)}")
        for key, value in raw.items():
            default = names[key].default
            if type(value) is not type(default):
                raise ValueError(f"reading {key!r} must be {type(default).__name__}, not {value!r}")
            if key in _CHOICES and value not in _CHOICES[key]:
                raise ValueError(f"reading {key!r} must be one of {', '.join(_CHOICES[key])}, not {value!r}")
        return cls(**raw)


DEFAULT = Readings()
CHOICES = _CHOICES


def of(state: State) -> Readings:
    """The readings recorded in a game state (``state["readings"]``), as a cached ``Readings``. The readings dict
    is shared by every copy of a game's state (``state.copy_state``), so it is looked up by identity first (the
    cache holds the dict itself, so its id is not reused), then by value."""
    raw = state["readings"]
    entry = _BY_ID.get(id(raw))
    if entry is not None and entry[0] is raw:
        return entry[1]
    key = tuple(raw.values())
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = Readings(**raw)
    if len(_BY_ID) > 256:
        _BY_ID.clear()
    _BY_ID[id(raw)] = (raw, found)
    return found


_CACHE: dict[tuple[Any, ...], Readings] = {}
_BY_ID: dict[int, tuple[Data, Readings]] = {}

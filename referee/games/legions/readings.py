"""Our readings of Legions!: every PROPOSED or INFERRED item of spec part A that the engine relies on, as one
named option with its default (docs/rules/legions.md, "Our readings", explains each: what we chose, why, the
alternatives and the test).

A match records the options it used in its config (``config["readings"]``, every field written out by
``Readings.as_config``), so a replay applies the same ones even after a default changes. A corrected reading is
a one-line change of a default here.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from referee.engine.protocol import Data, State

_CHOICES: dict[str, tuple[Any, ...]] = {
    "attack_range": ("wide", "facing"),
    "block": ("optional", "automatic"),
    "awakened_core": ("active", "master", "none"),
    "kyoushuu": ("no_lords", "rush"),
    "teishin": ("guard", "none"),
}


@dataclass(frozen=True)
class Readings:
    """The rule options of one match. Field names are the clause names of docs/rules/legions.md."""

    # A3.6 [INFERRED/PROPOSED]: in the start phase every fatigued core returns to the コア活性エリア.
    refresh_cores: bool = True
    # A5 S1/S2 [PROPOSED]: wait-turn processing runs before the refresh (the order is harmless, spec A5 note).
    wait_turns_before_refresh: bool = True
    # A3.5 [PROPOSED] Q-L4: the awakened master's core ability puts 1 core from outside the game into the active
    # area ("active": what the seed catalogue's sample awakened text says), onto the master ("master"), or does
    # nothing ("none").
    awakened_core: str = "active"
    # A5 D2 [PROPOSED]: the card change is not offered with an empty deck.
    card_change_needs_deck: bool = True
    # A5 M1 (v1.3.0 §32-4) [PROPOSED meaning]: a minion or lord is unlocked only with an empty area for it
    # (a lane or the lord area when placed at once, a free standby slot when stood by, unless
    # ``standby_unlock_may_overflow``).
    unlock_needs_empty_area: bool = True
    # スタンバイカードについて: スタンバイゾーンには最大2枚まで…超過分や不要分は任意に選んで破棄される (issue 29):
    # a card may be unlocked into a full standby zone; its owner then chooses which 2 to keep (the ``keep``
    # decision), the rest exiled. False: a full standby zone takes no unlock (with ``unlock_needs_empty_area``).
    standby_unlock_may_overflow: bool = True
    # M1 [INFERRED] "CC is limited to the cores you have already fatigued this turn": the core cost comes from
    # the fatigue area as it stands once the unlock cost is paid. True would let the player fatigue more active
    # cores (making MP that is then lost) to pay it.
    core_cost_fresh_cores: bool = False
    # A4 [PROPOSED]: overflowing standby: the owner keeps 2 of those present and arriving, the rest are exiled.
    overflow_owner_chooses: bool = True
    # A6.4 [PROPOSED] Q-L3: "wide" = the facing lane, the lanes adjacent to it and the leader zone from any lane;
    # "facing" = only the facing lane, and the leader zone.
    attack_range: str = "wide"
    # A6.6 [PROPOSED] Q-L2: the defender may block ("optional") or the facing minion always blocks ("automatic").
    block: str = "optional"
    # A6.6 [PROPOSED]: a blocker must be 活性 and able to be fatigued, and it is fatigued by blocking.
    blocking_fatigues: bool = True
    # A6.7 [PROPOSED]: attacker and defender deal their damage at the same time.
    simultaneous_damage: bool = True
    # A6.3 [PROPOSED]: a master attacking through a card (『ATK N』) takes the defender's ATK as damage to life,
    # as any attacker takes damage back (A6.7), and is not fatigued by it (it has no ATK of its own to spend).
    master_takes_counter_damage: bool = True
    # A5 M1 [PROPOSED]: a skill or arts whose first chosen target has no candidate cannot be used.
    use_needs_target: bool = True
    # A5 [PROPOSED]: triggered effects resolve turn player's first, each player's in field order (lanes
    # right, centre, left, then the lord), one after another; a resolved trigger does not trigger again.
    turn_player_triggers_first: bool = True
    # A2 [PROPOSED]: standby cards are a "second hand": the opponent and spectators see how many, not which.
    standby_visible_to_opponent: bool = False
    # A7 強襲 [PROPOSED between the sources] Q-L5: "no_lords" = cannot attack lords (オサキサマ's printed
    # reminder), "rush" = may attack minions on its placement turn.
    kyoushuu: str = "no_lords"
    # A7 挺身 [PROPOSED] Q-L5: "guard" = may block an attack on its leader zone from any lane; "none" = no
    # engine effect.
    teishin: str = "guard"
    # A8.5 [PROPOSED]: both players losing at once is a draw.
    both_lose_draw: bool = True

    def as_config(self) -> Data:
        """Every option by name: what a match records in ``config["readings"]``."""
        return dataclasses.asdict(self)

    @classmethod
    def from_config(cls, config: Data | None) -> Readings:
        """The readings of a match config (``config["readings"]``, missing options take their default).
        ValueError names an unknown option or a value out of its choices."""
        raw = dict((config or {}).get("readings") or {})
        names = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(raw) - set(names))
        if unknown:
            raise ValueError(f"unknown Legions reading(s): {', '.join(unknown)}")
        for key, value in raw.items():
            default = names[key].default
            if type(value) is not type(default):
                raise ValueError(f"reading {key!r} must be {type(default).__name__}, not {value!r}")
            if key in _CHOICES and value not in _CHOICES[key]:
                raise ValueError(f"reading {key!r} must be one of {', '.join(_CHOICES[key])}, not {value!r}")
        return cls(**raw)


DEFAULT = Readings()


def of(state: State) -> Readings:
    """The readings recorded in a game state (``state["readings"]``), as a cached ``Readings``. The states of
    one game share one readings dict (``copy_state``; it never changes once set up), so the last one looked up
    is remembered by identity before the cache by value."""
    raw = state["readings"]
    last = _LAST
    if last[0] is raw:
        answer: Readings = last[1]
        return answer
    key = tuple(raw.values())  # written by as_config in field order
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = Readings(**raw)
    last[0], last[1] = raw, found
    return found


_CACHE: dict[tuple[Any, ...], Readings] = {}
_LAST: list[Any] = [None, None]  # [the readings dict last looked up, its Readings]

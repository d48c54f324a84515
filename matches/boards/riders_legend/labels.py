"""Riders' Legend words: every code the engine's view and log carry (seats, fields and areas, decisions, phases,
card types, effects, triggers, outcome reasons) as a translated label. A code never reaches a person: an unknown
one comes back as "?" in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.utils.translation import pgettext_lazy

from ..presenter import MATCH_REASONS

SEATS = {"p1": _lazy("Player 1"), "p2": _lazy("Player 2")}
FIELDS = {"justice": _lazy("justice field"), "operation": _lazy("operation field"), "battle": _lazy("battle field")}
TYPES = {"character": _lazy("character"), "mission": _lazy("mission"), "action": _lazy("action card"),
         "eyecatch": _lazy("eyecatch card")}
HALVES = {"first": _lazy("first half"), "second": _lazy("second half")}

# What the seat to act is asked, by the engine's pending kind: (to the player, about someone else).
DECISIONS = {
    "mulligan": (_lazy("Keep your opening hand of 7, or mulligan once (your hand is shown to the opponent)."),
                 _lazy("%(seat)s decides whether to keep the opening hand.")),
    "opening": (_lazy("Lay an opening mission face down in one of the five areas (any card may be a bluff)."),
                _lazy("%(seat)s lays opening missions face down.")),
    "placement": (_lazy("Placement phase: lay a mission, place a character, transform, or end the phase."),
                  _lazy("%(seat)s is in the placement phase.")),
    "movement": (_lazy("Movement phase: move characters one step each, or end the phase."),
                 _lazy("%(seat)s is in the movement phase.")),
    "action": (_lazy("Action phase: attack, carry out a mission, investigate, play an action card, or end the "
                     "turn."),
               _lazy("%(seat)s is in the action phase.")),
    "discard": (_lazy("Hand limit: discard a card to the graveyard (down to 7)."),
                _lazy("%(seat)s discards down to the hand limit.")),
    "block": (_lazy("Your mission is attacked: block with one of your characters, or let the attack through."),
              _lazy("%(seat)s is deciding whether to block.")),
    "strike_back": (_lazy("Your character strikes back: choose the attacker that takes its attack."),
                    _lazy("%(seat)s chooses which attacker takes the strike back.")),
    "choose": (_lazy("Choose for the effect."), _lazy("%(seat)s is choosing for an effect.")),
    "instead": (_lazy("Your character would be destroyed: return its top card to your hand instead, or let it be "
                      "destroyed."),
                _lazy("%(seat)s decides whether the character returns to the hand instead.")),
    "declare": (_lazy("An effect asks a declaration about you, the player: make it, or decline."),
                _lazy("%(seat)s decides whether to make a declaration.")),
    "answer_declaration": (_lazy("Your opponent makes a declaration: accept it (it takes effect) or dispute it."),
                           _lazy("%(seat)s answers the declaration.")),
}

PHASES = {"setup": _lazy("setup"), "recover": _lazy("recovery phase"), "draw": _lazy("draw phase"),
          "placement": _lazy("placement phase"), "movement": _lazy("movement phase"),
          "action": _lazy("action phase"), "end": pgettext_lazy("riders_legend", "end phase")}

EFFECTS = {"draw": _lazy("draw"), "modify": _lazy("change attack or defence"), "damage": _lazy("deal damage"),
           "to_hand": _lazy("return to the hand"), "set_acted": _lazy("change a character's state"),
           "relocate": _lazy("move a character"), "no_move": _lazy("stop a character moving"),
           "reveal": _lazy("turn a mission face up"), "look": _lazy("look at a face-down mission"),
           "deck_damage": _lazy("damage a deck"), "discard_pile_to_deck": _lazy("return cards from the discard pile"),
           "heal_mission": _lazy("remove a mission's damage"), "discard": _lazy("discard a card"),
           "transform_from_hand": _lazy("transform from the hand"), "extra_mission": _lazy("lay another mission")}

TRIGGERS = {"achieved": _lazy("mission achieved"), "destroys_character": _lazy("it destroyed a character"),
            "moves_to_battle": _lazy("it moved into a battle field"),
            "attacks_character": _lazy("it attacks a character"), "eyecatch_a": _lazy("eyecatch side A"),
            "eyecatch_b": _lazy("eyecatch side B")}

REVEALED_BY = {"investigation": _lazy("an investigation"), "execution": _lazy("carrying it out"),
               "effect": _lazy("an effect")}
BINNED = {"bluff": _lazy("it was a bluff"), "justice mission revealed": _lazy("a revealed justice mission"),
          "destroyed": _lazy("it was destroyed")}

REASONS = {"the deck ran out": _lazy("the loser's deck ran out"),
           "no mission left": _lazy("the loser had no mission left"),
           "both players lost at once": _lazy("both players lost at once"),
           **MATCH_REASONS}


def _get(table: dict, code) -> str:
    return str(table[code]) if code in table else _("?")


def seat(code) -> str:
    return _get(SEATS, code)


def card_type(code) -> str:
    return _get(TYPES, code)


def half(code) -> str:
    return _get(HALVES, code)


def effect(code) -> str:
    return _get(EFFECTS, code)


def trigger(code) -> str:
    return _get(TRIGGERS, code)


def revealed_by(code) -> str:
    return _get(REVEALED_BY, code)


def binned(code) -> str:
    return _get(BINNED, code)


def phase(step) -> str:
    return _get(PHASES, (step or "").split(".")[0])


def position(fld, area=0) -> str:
    """A field and area (``("battle", 3)``) in words: "the justice field", "battle field 3"."""
    if fld == "justice":
        return _("the justice field")
    if fld in FIELDS and isinstance(area, int) and 1 <= area <= 5:
        return _("%(field)s %(area)s") % {"field": FIELDS[fld], "area": area}
    return _("?")


def area(n) -> str:
    return _("area %(n)s") % {"n": n} if isinstance(n, int) and 1 <= n <= 5 else _("?")


def reason(text) -> str:
    """The engine's outcome reason (``"no mission left (Riders' Legend 勝利条件/B8 …)"``) in words, in the reader's
    language; the rule clause is left to the log's ruling line."""
    code = (text or "").partition(" (")[0]
    return _get(REASONS, code) if code in REASONS else (code or _("?"))


# Our readings a clause names (docs/rules/riders_legend.md, "Our readings"), one sentence each.
READINGS = {
    "second_half_starts": _lazy("The second half starts once the eyecatch has left the deck by any means."),
    "blockers": _lazy("An attack on a mission may be blocked by an unacted character of the defender's battle area "
                      "or, for justice, of its justice field."),
    "defender_strikes_back": _lazy("A character attacked or blocking deals its attack back at the same time."),
    "hand_limit_in_end_phase": _lazy("In one's own end phase the hand is cut to 7 cards, the player choosing."),
    "transform_is_free": _lazy("Transforming does not use the turn's one character placement."),
    "investigators": _lazy("An unacted character of one's battle area investigates the mission of that area."),
    "both_lose_draw": _lazy("Both players losing at once is a draw."),
    "bluff_executable": _lazy("A bluff cannot be executed."),
    "attack_with": _lazy("An attack is made by one character."),
    "lateral_adjacency": _lazy("Areas next to each other are not adjacent for moving."),
    "movement_follows_placement": _lazy("Where a character may be placed also limits where it may move."),
    "operation_needs_faction": _lazy("A character's operation power counts only toward a mission of its faction."),
    "achieve_again_same_turn": _lazy("A mission may be achieved again in the same turn with fresh operation power."),
    "transform_onto": _lazy("A transformation card goes onto the character whose top card it names."),
}
CLAUSE_NOTES = {"static instead_of_destruction": _lazy("instead of destruction"), "trigger": _lazy("triggered ability")}
INPUTS = {"attack": _lazy("Attack"), "defence": _lazy("Defence"), "operation": _lazy("Operation power"),
          "power": _lazy("Operation power"), "character": _lazy("Character"), "face_up": _lazy("Face up"),
          "bluff": _lazy("Bluff")}

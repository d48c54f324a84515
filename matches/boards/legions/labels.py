"""Legions! words: every code the engine's view and log carry (seats, lanes, decisions, steps, card types,
keywords, master modes, outcome reasons) as a translated label. A code never reaches a person: an unknown one
comes back as "?" in the reader's language."""

from __future__ import annotations

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from ..presenter import MATCH_REASONS

SEATS = {"p1": _lazy("Player 1"), "p2": _lazy("Player 2")}
LANES = {"right": _lazy("right lane"), "centre": _lazy("centre lane"), "left": _lazy("left lane"),
         "lord": _lazy("leader zone"), "leader": _lazy("leader zone")}
TYPES = {"master": _lazy("master"), "minion": _lazy("minion"), "lord": _lazy("lord"), "skill": _lazy("skill"),
         "arts": _lazy("arts")}
THEN = {"place": _lazy("place it"), "use": _lazy("use it"), "standby": _lazy("put it on standby")}
CORE_ZONES = {"active": _lazy("the core active area"), "fatigued": _lazy("the fatigue area"),
              "master": _lazy("the master"), "outside": _lazy("outside the game"), "lord": _lazy("the lord")}

ZONES = {"hand": _lazy("the hand"), "standby": _lazy("standby"), "deck": _lazy("the deck"),
         "exile": _lazy("the exclusion zone"), "timeline": _lazy("the timeline"), "field": _lazy("the field"),
         "wait": _lazy("a wait zone"), "broken": _lazy("the wait zone")}

# What the seat to act is asked, by the engine's pending kind: (to the player, about someone else).
DECISIONS = {
    "card_change": (_lazy("Draw phase: you may exile one card from your hand to draw another (card change)."),
                    _lazy("%(seat)s may make a card change.")),
    "main": (_lazy("Main phase: unlock cards with MP, deploy standby cards, move, attack, or end the turn."),
             _lazy("%(seat)s is in the main phase.")),
    "block": (_lazy("You are attacked: block with one of your minions, or let the attack through."),
              _lazy("%(seat)s is deciding whether to block.")),
    "choose": (_lazy("Choose a target for the effect."), _lazy("%(seat)s is choosing a target for an effect.")),
    # a choice of one effect in particular: "choose:<effect>"
    "choose:arrange_deck": (
        _lazy("Put the top cards of your deck back in the order you like: pick the card to go on top, then the next."),
        _lazy("%(seat)s is putting the top cards of their deck back in an order of their choice.")),
    "keep": (_lazy("Too many standby cards: choose the ones to keep (the others are exiled)."),
             _lazy("%(seat)s is choosing which standby cards to keep.")),
    # ダンタリオンドラフト (referee.games.legions.draft)
    "opening": (_lazy("Dantalion Draft: pick a card of your boosters for your opening hand "
                      "(%(picked)s of %(keep)s picked)."),
                _lazy("%(seat)s is picking an opening hand from their boosters (%(picked)s of %(keep)s picked).")),
    "master": (_lazy("Dantalion Draft: choose your master."), _lazy("%(seat)s is choosing a master.")),
    "draft": (_lazy("Draft phase: keep one of the top cards of the shared deck; the others go face down onto the "
                    "shared discard."), _lazy("%(seat)s is in the draft phase.")),
}

# Our readings a clause names (docs/rules/legions.md, "Our readings"), one sentence each.
READINGS = {
    "refresh_cores": _lazy("In the start phase every fatigued core returns to the core active area."),
    "awakened_core": _lazy("An awakened master's core ability adds one core from outside the game."),
    "attack_range": _lazy("A unit may attack the facing lane, the lanes next to it and the leader zone."),
    "use_needs_target": _lazy("A skill or arts that chooses a target can be used only while it has one."),
    "card_change_needs_deck": _lazy("The card change is not offered with an empty deck."),
}
CLAUSE_NOTES = {"remove standby": _lazy("standby cards removed")}
INPUTS = {"atk": _lazy("ATK"), "hp": _lazy("HP"), "mp": _lazy("MP"), "cores": _lazy("Cores"),
          "master_cores": _lazy("Cores on the master"), "cores_fatigued": _lazy("Cores fatigued"),
          "cores_returned": _lazy("Cores returned"), "from_master": _lazy("Cores from the master"),
          "zone": _lazy("Wait zone")}

PHASES = {"start": _lazy("start phase"), "core": _lazy("core phase"), "draw": _lazy("draw phase"),
          "main": _lazy("main phase"), "end": _lazy("end phase")}

REASONS = {"life 0": _lazy("the loser's life fell to 0"),
           "could not draw": _lazy("the loser had to draw from an empty deck"),
           "the opponent holds 12 cores": _lazy("the winner holds 12 cores in the core and leader zones"),
           "both players lost at once": _lazy("both players lost at once"),
           **MATCH_REASONS}


def _get(table: dict, code) -> str:
    return str(table[code]) if code in table else _("?")


def seat(code) -> str:
    return _get(SEATS, code)


def lane(code) -> str:
    return _get(LANES, code)


def card_type(code) -> str:
    return _get(TYPES, code)


def card_stats(card: dict) -> list[str]:
    """A card's printed numbers as short phrases: ``["cost 2", "ATK 3 / HP 2", "WT 1"]`` (what it has of them)."""
    attributes = card.get("attributes") or {}
    parts = []
    if "unlock_cost" in attributes:
        parts.append(_("cost %(n)s") % {"n": attributes["unlock_cost"]})
    if "atk" in attributes and "hp" in attributes:
        parts.append(_("ATK %(atk)s / HP %(hp)s") % {"atk": attributes["atk"], "hp": attributes["hp"]})
    elif "atk" in attributes:  # a skill's or arts' ATK (no HP: it is no unit)
        parts.append(_("ATK %(n)s") % {"n": attributes["atk"]})
    if "wt" in attributes:
        parts.append(_("WT %(n)s") % {"n": attributes["wt"]})
    return parts


def unit_stats(unit: dict) -> list[str]:
    """A unit on the field as it stands now: ``["ATK 3 / HP 2", "damage 1", "fatigued"]``."""
    parts = [_("ATK %(atk)s / HP %(hp)s") % {"atk": unit.get("atk", "?"), "hp": unit.get("hp", "?")}]
    if unit.get("damage"):
        parts.append(_("damage %(n)s") % {"n": unit["damage"]})
    if unit.get("fatigued"):
        parts.append(_("fatigued"))
    return parts


def then(code) -> str:
    return _get(THEN, code)


def zone(code) -> str:
    if isinstance(code, str) and code[:2] == "wz" and code[2:].isdigit():
        return _("wait zone %(n)s") % {"n": code[2:]}
    if isinstance(code, int):
        return _("wait zone %(n)s") % {"n": code}
    return _get(ZONES, code)


def core_zone(code) -> str:
    if isinstance(code, str) and code.startswith("wz"):
        return _("wait zone %(n)s") % {"n": code[2:]}
    return _get(CORE_ZONES, code)


def phase(step) -> str:
    return _get(PHASES, (step or "").split(".")[0])


def reason(text) -> str:
    """The engine's outcome reason (``"life 0 (Legions 勝利条件/A8.1)"``) in words, in the reader's language; the
    rule clause is left to the log's ruling line (its English game name would stand in a Japanese sentence)."""
    code = (text or "").partition(" (")[0]
    return _get(REASONS, code) if code in REASONS else (code or _("?"))


def keyword(code: str) -> str:
    """A keyword code (速攻, 衝撃) in the reader's language: the vocabulary's own English name (Japanese: the
    printed word)."""
    from referee.games.legions.abilities import KEYWORDS

    if (get_language() or "").startswith("ja"):
        return code
    term = next((t for t in KEYWORDS if t.code == code), None)
    return term.name_en if term is not None else code

"""Iron Leaguer words: every code the engine's view and log carry (seats, leagues, decisions, interval steps,
pass options, zones, outcome reasons), as a translated label. ``label(kind, code)`` never returns the code to a
person: an unknown code comes back as "?" in the reader's language, and the tests check every code the engine
emits has a label."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from ..presenter import MATCH_REASONS

SEATS = {"silver": _("Silver Castle"), "dark": _("Dark Sports")}
SHORT_SEATS = {"silver": _("Silver"), "dark": _("Dark")}
LEAGUES = {"late_league": _("Late League"), "national_ship": _("National-ship"), "world_tour": _("World Tour")}
SIDES = {"upper": _("upper half"), "lower": _("lower half")}

# What the seat to act is asked, by the engine's pending kind: (to the player, about someone else).
DECISIONS = {
    "attack": (_("Your attack: declare a technique (your AP is its attack value minus two dice and your penalty), "
                 "make a rough play or pass."),
               _("%(seat)s holds the attack right and is choosing an attack.")),
    "defence": (_("Defend: declare a defence or pass. Your DP is the defence value minus two dice and your "
                  "penalty; it must exceed AP %(ap)s."),
                _("%(seat)s is choosing a defence against AP %(ap)s.")),
    "assign": (_("Choose the ILs who use the declared technique, or add a half to it."),
               _("%(seat)s is choosing the ILs for a declared technique.")),
    "discard": (_("Discard the cards you do not want, then draw up to the hand limit."),
                _("%(seat)s is discarding before drawing.")),
    "growth": (_("Growth (IL 11.6): split the growth value of %(il)s into checks. Each check rolls two dice and "
                 "adds 1 heart when they total at most its value: one big check is likelier to succeed, several "
                 "small ones can add more hearts."),
               _("%(seat)s is choosing how %(il)s makes its growth checks.")),
    "instruction": (_("Your defence holds: choose which of its instructions applies."),
                    _("%(seat)s is choosing which instruction of its defence applies.")),
    "rescuers": (_("Rescue: name the three ILs who will make the rescue attempts, or make none."),
                 _("%(seat)s is naming its rescuers.")),
    "rescue": (_("Rescue: choose a rescuer and a retired IL, or stop rescuing."),
               _("%(seat)s is choosing rescues.")),
    "replenish": (_("Replenish: discard the cards you do not want, then draw up to the hand limit."),
                  _("%(seat)s is replenishing its hand.")),
    "release": (_("Your team has more than 11 members: release one as a stray leaguer."),
                _("%(seat)s is releasing a member.")),
    "action": (_("Interval action: practise, train, scout or persuade (%(left)s left)."),
               _("%(seat)s is choosing an interval action.")),
    "recruit": (_("Recruit a stray Dark leaguer into your team."),
                _("%(seat)s is recruiting.")),
}

INTERVAL_STEPS = {
    "growth": _("growth"), "retirement": _("retirement"), "rescue": _("rescue"), "replenish": _("replenishing"),
    "newcomers": _("newcomers"), "actions": _("interval actions"), "departure": _("departure"),
}

# Technique kinds (IL 5.4.1: 腕技・脚技・打技・武技): the kind of IL a half needs.
TECHNIQUE_KINDS = {"arm": _("arm technique"), "leg": _("leg technique"), "strike": _("strike technique"),
                   "martial": _("martial technique")}


def technique_kind(code) -> str:
    return str(TECHNIQUE_KINDS.get(code, _("?")))


ZONES = {"il_deck": _("IL deck"), "technique_deck": _("technique deck")}

PASSES = {
    "draw": _("Pass and draw up to the hand limit"),
    "refresh": _("Pass, discard and draw again"),
    "none": _("Pass"),
    "ready": _("Pass and ready ILs"),
}

REASONS = {"two World Tour wins": _("two World Tour wins"), **MATCH_REASONS}

# The defender's choice of instruction (IL 8.6), as a button.
INSTRUCTION_CHOICES = {
    "attack_right": _("Take the attack right"),
    "reset": _("Reset the exchange"),
    "counter": _("Counter-attack"),
}

INSTRUCTIONS = {
    "attack_right": _("the attack right passes to the defender"),
    "reset": _("the exchange is reset"),
    "counter": _("the defender counter-attacks"),
}

AFFILIATIONS = {"dark_leaguer": _("Dark leaguer"), "dark_starter": _("Dark starter"),
                "silver_starter": _("Silver starter"), "stray": _("stray leaguer")}


def seat(code: str | None) -> str:
    """"Silver Castle" / "シルバーキャッスル" for ``silver``; "—" for None."""
    if code is None:
        return "—"
    return str(SEATS.get(code, _("?")))


def league(code: str | None) -> str:
    return str(LEAGUES.get(code, _("?"))) if code else "—"


def reason(text: str | None) -> str:
    """An outcome's reason (the engine's English sentence or the service's code) in the reader's language."""
    if not text:
        return ""
    base = text.split(" (IL ")[0]
    return str(REASONS.get(base, _("?")))


def zone(code: str) -> str:
    if code.startswith("technique_deck_"):
        return str(_("technique deck %(period)s") % {"period": code.rsplit("_", 1)[1]})
    return str(ZONES.get(code, _("?")))


# Iron Leaguer's event inputs a log line's details list (beside the shared ones).
INPUTS = {"heart": _("Heart"), "skill": _("Skill"), "body": _("Body"), "ap": _("AP"), "dp": _("DP"),
          "attack_value": _("Attack value"), "defence_value": _("Defence value"),
          "success_value": _("Success value"), "rough_value": _("Rough-play value"),
          "penalty_before": _("Penalty before"), "penalty_after": _("Penalty after"),
          "heart_before": _("Heart before"), "heart_after": _("Heart after"), "growth": _("Growth value"),
          "bonus": _("Bonus"), "modifier": _("Modifier"), "scene": _("Scene"),
          "points_to_win": _("Points to win"), "lost_by": _("Lost by"), "persons": _("Persons"),
          "il": _("Iron Leaguer"), "success": _("Success"), "d66": _("D66")}

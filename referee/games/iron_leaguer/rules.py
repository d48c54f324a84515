"""Iron Leaguer rule formulas and tables as pure functions (no state): each one is one clause of
../shared/rules/iron_leaguer.ja.txt, and each worked ruling in the rulings file is a call to one of these.

Card shapes: an IL is ``{"heart", "skill", "body", "growth" (None = "−"), "kinds", "affiliation"}`` plus its
current ``heart``; a technique half is the ``upper``/``lower`` mapping of cards/games/iron_leaguer.py.
"""

from __future__ import annotations

from functools import cache
from math import ceil

from referee.engine.protocol import Data

DEFENCE_HALF_NAMES = ("ディフェンス", "ブロック")  # IL 5.4.7, 8.6.4
STACKABLE_HALF = "ディフェンス"  # IL 5.4.7: the one technique that may be used twice at once
WORLD_TOUR_SCENES = (13, 15, 17)
SCOUT_BANNED_FOR_SILVER = ("ファイタースピリッツ", "ファイターアロー")  # IL 19.4
SCOUT_BANNED_FOR_DARK = ("極十郎太", "ブルアーマー")  # IL 19.5
DEPARTURE_EXEMPT = ("ファイタースピリッツ", "ファイターアロー")  # IL 21.6
DEPARTURE_PLUS_TWO = ("トップジョイ", "GZ", "ＧＺ")  # IL 21.7
TEAM_SIZE = 11  # IL 2.2, 15.4, 19.6, 21.8


def hand_limit(scene: int) -> int:
    """IL 5.7/14.1: 5 cards in scenes 1–5, 6 in 6–11, 7 in 12–17."""
    return 5 if scene <= 5 else 6 if scene <= 11 else 7


def league(scene: int) -> str:
    """Our reading of IL 4.4 (see docs/rules/iron_leaguer.md): scenes 1–5 late league, 7–11 national-ship,
    13–17 world tour — three matches each, the same periods as the hand limit and technique decks."""
    return "late_league" if scene <= 5 else "national_ship" if scene <= 11 else "world_tour"


def points_to_win(scene: int) -> int:
    """IL 4.4: 2 points in the late league, 3 in the national-ship, 5 in the world tour."""
    return {"late_league": 2, "national_ship": 3, "world_tour": 5}[league(scene)]


def interval_actions(scene: int) -> int:
    """IL 16.1: actions per team in the interval of ``scene`` (an even scene 2–16)."""
    return {2: 3, 4: 3, 6: 6, 8: 4, 10: 4, 12: 6, 14: 4, 16: 4}[scene]


def effective_skill(il_heart: int, il_skill: int, card_heart: int) -> int:
    """IL 5.4.5: every 2 points of heart above the card's heart add 1 to skill."""
    return il_skill + max(0, il_heart - card_heart) // 2


def meets_values(half: Data, heart: int, skill: int, body: int) -> bool:
    """IL 5.4.4/5.4.5: heart and body must reach the card's; skill may be made up from surplus heart."""
    met: bool = (
        heart >= half.get("heart", 0)
        and body >= half.get("body", 0)
        and effective_skill(heart, skill, half.get("heart", 0)) >= half.get("skill", 0)
    )
    return met


def kind_allows(half: Data, il_name: str, il_kinds: list[str]) -> bool:
    """IL 5.4.1: the half's kind must be one of the IL's; "any" (−) for all; "named" (※) for the named ILs."""
    kind = half["kind"]
    if kind == "any":
        return True
    if kind == "named":
        return il_name in half.get("named_ils", [])
    return kind in il_kinds


def penalty_modifier(penalties: list[int], persons: int) -> int:
    """IL 6.3/6.4 (and 7.3/7.4): the users' penalties summed, divided by the persons, rounded up."""
    return ceil(sum(penalties) / persons) if persons else 0


def attack_points(attack_value: int, dice: list[int], modifier: int) -> int:
    """IL 6.2/6.3: AP = attack value − the two dice − the penalty modifier (DP likewise, 7.2/7.3)."""
    return attack_value - sum(dice) - modifier


def attack_failed(ap: int) -> bool:
    """IL 6.5: a negative AP is a failed attack (0 is not)."""
    return ap < 0


def defence_failed(dp: int) -> bool:
    """IL 7.5: a negative DP is a failed defence (0 is not)."""
    return dp < 0


def points_failed(mode: str, points: int) -> bool:
    """A declaration's points fail it: the AP of an attack (6.5, ``attack_failed``), the DP of a defence (7.5,
    ``defence_failed``)."""
    return attack_failed(points) if mode == "attack" else defence_failed(points)


def attacker_scores(ap: int, dp: int | None) -> bool:
    """IL 8.2–8.4: the attacker scores when AP > DP or the defence failed (DP < 0) or was not made (None)."""
    return dp is None or defence_failed(dp) or ap > dp


def rough_success_value(rough_value: int, target_body: int, own_penalty: int) -> int:
    """IL 9.4: rough-play value − the target's body − the rough player's penalty; 2d6 at most this
    succeeds."""
    return rough_value - target_body - own_penalty


def rough_play_succeeds(success_value: int, dice: list[int]) -> bool:
    """IL 9.5/9.6: 2d6 at most the success value (9.4) succeeds; a value below 2 never does."""
    return sum(dice) <= success_value


def incapacitated(heart: int, body: int, penalty: int) -> bool:
    """IL 9.9: an IL whose penalty reaches body + heart may not attack or defend."""
    return penalty > 0 and penalty >= body + heart


def interval_growth_bonus(won: bool) -> int:
    """IL 11.5: +5 for the winners' ILs, +2 for the losers'."""
    return 5 if won else 2


@cache
def growth_splits(total: int) -> tuple[tuple[int, ...], ...]:
    """IL 11.6: the splits we offer for a growth value ``total``: every way to write it as a sum of parts
    from 2 to
    12, largest first (a part below 2 never succeeds on 2d6 and one above 12 always does, so others are never
    better), plus the single check ``(total,)``. E.g. 15 -> (15,), (12, 3), ..., (6, 5, 4), ..., (5, 5, 5),
    ..."""
    out = [(total,)] if total > 12 or total < 2 else []

    def parts(n: int, largest: int) -> list[tuple[int, ...]]:
        if n == 0:
            return [()]
        return [(p, *rest) for p in range(min(n, largest), 1, -1) for rest in parts(n - p, p)]

    return tuple(out + parts(total, 12)) if total >= 2 else tuple(out)


def can_grow(growth: int | None) -> bool:
    """IL 11.7: an IL whose growth value is "−" never makes a growth check."""
    return growth is not None


def retirement_checks(lost_by: int) -> int:
    """IL 12.3.1: one check after losing by 1 or 2 points, two after losing by 3 (or more)."""
    return 0 if lost_by <= 0 else 1 if lost_by <= 2 else 2


def d66_slot(tens: int, units: int) -> int | None:
    """IL 12.3.2: the table read as the full d66 (11–66): each tens digit covers two slots (units 1–3, 4–6);
    slot 12 (64–66) is "no one retires" -> None."""
    slot = (tens - 1) * 2 + (1 if units <= 3 else 2)
    return None if slot > TEAM_SIZE else slot


def rescue_succeeds(rescuer_heart: int, dice: list[int]) -> bool:
    """IL 13.4: 2d6 at most the rescuer's current heart."""
    return sum(dice) <= rescuer_heart


def silver_scout_succeeds(target_heart: int, die: int) -> bool:
    """IL 19.2.1: 1d6 at most twice the target's heart."""
    return die <= target_heart * 2


def dark_scout_succeeds(target_heart: int, target_skill: int, target_body: int, die: int) -> bool:
    """IL 19.2.2: 1d6 at most (the larger of skill and body) − heart."""
    return die <= max(target_skill, target_body) - target_heart


def persuasion_growth_value(persuader_heart: int, target_heart: int, target_growth: int) -> int:
    """IL 20.5: the target's growth value plus (persuader's heart − target's heart)."""
    return target_growth + persuader_heart - target_heart


def departure_value(rough_plays: int, heart: int, name: str = "") -> int:
    """IL 21.2/21.3/21.7: (rough plays in the last match + heart) / 3 rounded up; +2 for トップジョイ and
    GZ."""
    value = ceil((rough_plays + heart) / 3)
    return value + 2 if name in DEPARTURE_PLUS_TWO else value


def departs(value: int, dice: list[int]) -> bool:
    """IL 21.2/21.4: 2d6 at most the departure value (``departure_value``): the IL leaves Dark Sports."""
    return sum(dice) <= value


def growth_succeeds(value: int, dice: list[int]) -> bool:
    """IL 11.2: 2d6 at most the growth value grows the heart by 1."""
    return sum(dice) <= value

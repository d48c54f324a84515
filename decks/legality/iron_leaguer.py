"""Iron Leaguer roster rules. Pure Python: no Django import.

A roster is exactly 11 different ILs for the side the player chose (IL 2.1: シルバー or ダーク).
- ``standard`` (format rule ``"roster": "starters"``): the rules' starting line-up, i.e. only the side's
  starters (``silver_starter`` / ``dark_starter``), IL 2.2.
- ``custom`` (``"roster": "custom"``): any IL the side could hold under the rules, which the format lists as
  exclusions per side — Silver: not Dark starters, not growth "−", not ファイタースピリッツ / ファイターアロー
  (IL 19.4, 11.7); Dark: not Silver starters, 極十郎太 or ブルアーマー (IL 19.5).
Codes: ``iron_leaguer.side_missing``, ``iron_leaguer.duplicate_il``, ``iron_leaguer.not_on_side``; the roster
size is ``iron_leaguer.roster_size`` (by section size).
"""

from __future__ import annotations

from collections.abc import Mapping

from cards.games.iron_leaguer import LABELS as AFFILIATIONS

from ..games import side_label
from .common import copies_by_name, format_en, format_ja
from .formatdata import strings
from .report import Problem

SECTION_SIZE_CODES = {"roster": "iron_leaguer.roster_size"}
TYPE_CODES: dict[str, str] = {}
# problem code -> (English heading, Japanese heading), shown above each problem's sentence
PROBLEMS = {
    "iron_leaguer.side_missing": ("No side chosen", "陣営が未選択です"),
    "iron_leaguer.duplicate_il": ("The same IL twice", "同じアイアンリーガーが重複しています"),
    "iron_leaguer.not_on_side": ("IL not allowed on this side", "この陣営に入れられないアイアンリーガー"),
    "iron_leaguer.roster_size": ("Roster size", "ロースターの人数"),
}

SIDES = ("silver", "dark")  # IL 2.1
ROSTERS = ("starters", "custom")  # the format rule "roster"
EXCLUSION_KEYS = {"affiliations": list, "names": list, "no_growth": bool}  # the format rule "exclusions"


def _why_not(card: Mapping, side: str, rules: Mapping) -> tuple[str, str] | None:
    """The reason ``card`` cannot be on ``side``'s roster under ``rules`` as (English, Japanese), or None."""
    affiliation = card.get("attributes", {}).get("affiliation")
    if rules.get("roster", "starters") == "starters":
        if affiliation == f"{side}_starter":
            return None
        starter = AFFILIATIONS[f"{side}_starter"]
        return f"only {starter[0]}s may play in this format", f"この形式では{starter[1]}のみ出場できます"
    excluded = rules.get("exclusions", {}).get(side, {})
    if affiliation in excluded.get("affiliations", ()):
        en, ja = AFFILIATIONS.get(affiliation, (affiliation, affiliation))
        return f"it is a {en}", f"{ja}のため"
    if card["name"] in excluded.get("names", ()):
        return "the rules keep it off this side", "ルールでこの陣営に入れないと定められています"
    attributes = card.get("attributes", {})
    if excluded.get("no_growth") and "growth" in attributes and attributes["growth"] is None:
        return "its growth value is −", "成長値が−のため"
    return None


def check(deck: Mapping, entries: list[Mapping], cards: Mapping, fmt: Mapping) -> list[Problem]:
    """Side, distinct ILs and each IL's eligibility for the side (IL 2.1–2.2, 19.4–19.5).

    Without a side, the missing side and the duplicates are both reported; eligibility needs the side."""
    side = deck.get("side")
    problems: list[Problem] = []
    if side not in SIDES:
        problems.append(
            Problem(
                "iron_leaguer.side_missing",
                "Choose the roster's side: Silver Castle or Dark Sports.",
                "ロースターの陣営（シルバーキャッスルまたはダークスポーツ財団）を選んでください。",
                "roster",
            )
        )
    roster = [e for e in entries if e["section"] == "roster"]
    for name, (count, entry) in copies_by_name(roster, cards).items():
        if count > 1:
            problems.append(
                Problem(
                    "iron_leaguer.duplicate_il",
                    f"{name} is on the roster {count} times; a roster is 11 different ILs.",
                    f"{name}がロースターに{count}人います（ロースターは11人全員が別のアイアンリーガーです）。",
                    "roster",
                    name,
                    entry.get("line"),
                )
            )
    if side not in SIDES:
        return problems  # eligibility depends on the side
    rules = fmt.get("rules", {})
    for entry in roster:
        card = cards[entry["card"]]
        if card["card_type"] != "il":
            continue  # the type rule reports it
        reason = _why_not(card, side, rules)
        if reason:
            problems.append(
                Problem(
                    "iron_leaguer.not_on_side",
                    f"{card['name']} cannot be on the {side_label(side)} roster in {format_en(fmt)}: "
                    f"{reason[0]}.",
                    f"{card['name']}は{format_ja(fmt)}で{side_label(side, True)}のロースターに入れられません"
                    f"（{reason[1]}）。",
                    "roster",
                    card["name"],
                    entry.get("line"),
                )
            )
    return problems


def rules_problems(rules: Mapping) -> list[str]:
    """Problems of a format's Iron Leaguer rules (``decks.legality.formatdata.rules_problems``): ``roster`` one of
    ``ROSTERS``; ``exclusions`` ``{side: {"affiliations": [str], "names": [str], "no_growth": bool}}``."""
    problems = []
    if "roster" in rules and rules["roster"] not in ROSTERS:
        problems.append(f"roster: must be one of {', '.join(ROSTERS)}, not {rules['roster']!r}")
    exclusions = rules.get("exclusions", {})
    if not isinstance(exclusions, Mapping):
        return [*problems, f"exclusions: must be an object by side, not {exclusions!r}"]
    for side, excluded in exclusions.items():
        if not isinstance(excluded, Mapping):
            problems.append(f"exclusions.{side}: must be an object, not {excluded!r}")
            continue
        for key, value in excluded.items():
            kind = EXCLUSION_KEYS.get(key)
            if kind is None or not isinstance(value, kind) or (kind is list and not strings(value)):
                problems.append(f"exclusions.{side}.{key}: not a valid value ({value!r})")
    return problems

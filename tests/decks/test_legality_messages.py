"""What a legality check says, word for word (issue 26, point 5: a mutation run found these sentences, the text
report and the format-data checks unchecked): every problem names what is wrong and where, in both languages, and
the text report and JSON shapes are stable for the CLI and the API."""

from __future__ import annotations

import pytest

from decks.legality import common, formatdata, labels
from decks.legality import iron_leaguer as il_rules
from decks.legality.report import WARNING, Problem, Report

from .conftest import change, key_of, rejudge
from .test_legality_iron_leaguer import silver, swap
from .test_legality_legions import mao

# -- the report ----------------------------------------------------------------------------------------------------


def _report() -> Report:
    report = Report()
    report.extend([
        Problem("deck.copy_limit", "Too many.", "多すぎ。", "deck", "下忍カスミ", 12),
        Problem("deck.section_size", "Short.", "足りない。", "deck"),
        Problem("legions.off_class_symbol", "Costs more.", "クラス外。", card="炎の小鬼", severity=WARNING,
                suggestions=("炎の小鬼",)),
        Problem("codec.unreadable", "Cannot read.", "読めない。"),
    ])
    return report


def test_the_text_report_gives_each_problem_its_place_code_and_message() -> None:
    assert _report().as_text().split("\n") == [
        "ILLEGAL",
        "error: line 12 [deck] 下忍カスミ: deck.copy_limit — Too many.",
        "error: [deck]: deck.section_size — Short.",
        "error: codec.unreadable — Cannot read.",
        "warning: 炎の小鬼: legions.off_class_symbol — Costs more.",
    ]


def test_a_report_of_warnings_only_is_legal() -> None:
    report = Report()
    report.add(Problem("legions.off_class_symbol", "Costs more.", "クラス外。", severity=WARNING))
    assert report.legal and report.codes == [] and report.as_text().split("\n")[0] == "LEGAL"


def test_the_json_shape_of_a_report_and_a_problem() -> None:
    data = _report().as_dict()
    assert data["legal"] is False and len(data["errors"]) == 3 and len(data["warnings"]) == 1
    assert data["errors"][0] == {"code": "deck.copy_limit", "message": "Too many.", "message_ja": "多すぎ。",
                                 "section": "deck", "card": "下忍カスミ", "line": 12, "suggestions": []}
    assert data["warnings"][0]["suggestions"] == ["炎の小鬼"] and "severity" not in data["warnings"][0]


# -- the sentences of the checks -------------------------------------------------------------------------------------

IL_REASONS = {
    "ゴールドマスク": ("it is a Dark Sports starter", "ダークスタメンのため"),
    "ファイタースピリッツ": ("the rules keep it off this side", "ルールでこの陣営に入れないと定められています"),
    "ダーク財団リーガーA": ("its growth value is −", "成長値が−のため"),
}


@pytest.mark.parametrize("name", sorted(IL_REASONS))
def test_an_il_off_its_side_is_refused_with_the_reason(name: str, formats) -> None:
    """IL 19.4/11.7 under the custom roster's exclusions: which exclusion keeps the IL off Silver's roster."""
    result = silver()
    report = rejudge(result, entries=swap(result, "シルバー量産型リーガーH", name), fmt=formats["iron_leaguer_custom"])
    (problem,) = report.errors
    en, ja = IL_REASONS[name]
    assert problem.message_en == (f"{name} cannot be on the Silver Castle roster in Iron Leaguer custom roster: "
                                  f"{en}.")
    assert problem.message_ja == (f"{name}はアイアンリーガー カスタムロースターでシルバーキャッスルのロースターに"
                                  f"入れられません（{ja}）。")


def test_a_stray_in_a_standard_roster_is_refused_naming_the_starters() -> None:
    result = silver()
    (problem,) = rejudge(result, entries=swap(result, "シルバー量産型リーガーH", "ワット")).errors
    assert problem.message_en.endswith(": only Silver Castle starters may play in this format.")
    assert problem.message_ja.endswith("（この形式ではシルバースタメンのみ出場できます）。")
    assert (problem.section, problem.card, problem.line) == ("roster", "ワット", 19)


def test_a_class_mismatch_names_both_classes_in_words() -> None:
    result = mao()  # マオ・ニャン: black + red
    entries = change(change(result.entries, key_of("legions", "連鎖する呪い"), 1, "deck"),
                     key_of("legions", "ダークフレイム"), -1)
    (problem,) = rejudge(result, entries=entries).errors
    assert problem.message_en == ("連鎖する呪い needs the class Black and Blue, but the master マオ・ニャン is Black "
                                  "and Red; a card with two colour symbols must match the master's class exactly.")
    assert problem.message_ja == ("連鎖する呪いの必要シンボル（黒・青）がマスターマオ・ニャンのクラス（黒・赤）と"
                                  "一致しません（2シンボルのカードは完全一致が必要）。")


@pytest.mark.parametrize(("low", "high", "en", "ja"), [
    (30, 30, "exactly 30 cards", "30枚ちょうど"),
    (1, 1, "exactly 1 card", "1枚ちょうど"),
    (5, None, "at least 5 cards", "5枚以上"),
    (0, None, "at least 0 cards", "0枚以上"),
    (None, None, "exactly None cards", "None枚ちょうど"),
    (None, 5, "at most 5 cards", "5枚以下"),
    (0, 5, "at most 5 cards", "5枚以下"),
    (2, 5, "between 2 and 5 cards", "2～5枚"),
])
def test_how_many_cards_a_section_takes_in_words(low, high, en: str, ja: str) -> None:
    assert common._want(low, high) == (en, ja)


def test_a_format_is_named_by_its_name_else_its_code() -> None:
    assert common.format_en({"code": "x", "name": "Standard"}) == "Standard"
    assert common.format_en({"code": "x", "name": ""}) == "x"
    assert common.format_ja({"code": "x", "name": "Standard", "name_ja": "スタンダード"}) == "スタンダード"
    assert common.format_ja({"code": "x", "name": "Standard"}) == "Standard"
    assert common.format_ja({"code": "x"}) == "x"


# -- labels ----------------------------------------------------------------------------------------------------------


def test_labels_of_values_types_games_and_problem_codes() -> None:
    assert (labels.value_label("black", False), labels.value_label("black", True)) == ("Black", "黒")
    assert labels.value_label("silver", True) == "シルバーキャッスル"  # a deck side
    assert labels.value_label("silver", False) == "Silver Castle"
    assert labels.value_label(3, True) == "3" and labels.value_label("unheard_of", False) == "unheard_of"
    assert labels.value_label(["black"], False) == "['black']"  # a list attribute as stored, not looked up
    assert (labels.a_type("minion"), labels.a_type("eyecatch"), labels.a_type("il")) == \
        ("a minion", "an eyecatch", "an IL")
    assert (labels.type_ja("minion"), labels.type_ja("zzz")) == ("ミニオン", "zzz")
    assert (labels.type_en("zzz"), labels.type_plural_en("minion")) == ("zzz", "Minions")  # a heading
    assert (labels.game_en("legions"), labels.game_ja("legions")) == ("Legions!", "レギオンズ!")
    assert (labels.game_en("zzz"), labels.game_ja("zzz")) == ("zzz", "zzz")
    assert labels.problem_heading("deck.bad_count", True) == "枚数の誤り"
    assert labels.problem_heading("deck.bad_count") == "Bad count"
    assert labels.problem_heading("legions.master_count") == "Master"  # a game's own code
    assert labels.problem_heading("nope.code", True) == "nope.code"


def test_counts_lists_and_candidates_in_words() -> None:
    assert (labels.cards_en(1), labels.cards_en(2), labels.copies_en(1), labels.copies_en(3)) == \
        ("1 card", "2 cards", "1 copy", "3 copies")
    assert labels.english_list(["minion", "", "lord", "arts"]) == "minion, lord and arts"
    assert labels.english_list(["minion", "lord"], "or") == "minion or lord"
    assert (labels.english_list(["minion"]), labels.english_list([])) == ("minion", "")
    assert labels.candidates_en(["火炎01", "火炎02"], 12) == "火炎01, 火炎02 …and 10 more"
    assert labels.candidates_en(["火炎01", "火炎02"], 2) == "火炎01, 火炎02"
    assert labels.candidates_ja(["火炎01", "火炎02"], 12) == "火炎01、火炎02 ほか10枚"
    assert labels.candidates_ja(["火炎01"], 1) == "火炎01"


# -- format data -----------------------------------------------------------------------------------------------------

SECTIONS = ("master", "deck")
TYPES = ("master", "minion", "lord")


def test_well_formed_format_data_has_no_problems() -> None:
    good = {"master": {"size": 1, "types": ["master"]}, "deck": {"min": 0, "max": 40}}
    assert formatdata.section_problems(good, SECTIONS, TYPES) == []
    assert formatdata.copy_sections_problems(None, good) == []
    assert formatdata.copy_sections_problems(["deck"], good) == []
    assert formatdata.rules_problems({"opening_hand": 0, "mulligans": 2}) == []


@pytest.mark.parametrize(("sections", "problems"), [
    ({}, ['must be an object of sections, e.g. {"deck": {"size": 40}}']),
    ([("deck", {})], ['must be an object of sections, e.g. {"deck": {"size": 40}}']),
    ({"side": {"size": 1}}, ["'side' is not a section of this game (master, deck)"]),
    ({"deck": 40}, ['deck: must be an object such as {"size": 40}, not 40']),
    ({"deck": {"size": 40, "colour": "red"}}, ["deck: unknown key 'colour' (known: size, min, max, types)"]),
    ({"deck": {"size": -1}}, ["deck.size: must be a whole number of 0 or more, not -1"]),
    ({"deck": {"min": True}}, ["deck.min: must be a whole number of 0 or more, not True"]),
    ({"deck": {"max": "forty"}}, ["deck.max: must be a whole number of 0 or more, not 'forty'"]),
    ({"deck": {"types": "minion"}}, ["deck.types: must be a list of card types, not 'minion'"]),
    ({"deck": {"types": ["minion", 3]}}, ["deck.types: must be a list of card types, not ['minion', 3]"]),
    ({"deck": {"types": ["minion", "wizard", "ghost"]}}, ["deck.types: unknown card types ghost, wizard"]),
    ({"deck": 40, "master": {"size": -1}}, ['deck: must be an object such as {"size": 40}, not 40',
                                            "master.size: must be a whole number of 0 or more, not -1"]),
])
def test_malformed_sections_are_named_with_what_is_wrong(sections, problems: list[str]) -> None:
    assert formatdata.section_problems(sections, SECTIONS, TYPES) == problems


def test_malformed_copy_sections_and_rules_are_named() -> None:
    sections = {"deck": {"size": 40}}
    assert formatdata.copy_sections_problems("deck", sections) == \
        ["must be empty or a list of section names, not 'deck'"]
    assert formatdata.copy_sections_problems(["deck", "side"], sections) == \
        ["'side' is not one of the format's sections"]
    assert formatdata.copy_sections_problems(["deck"], None) == ["'deck' is not one of the format's sections"]
    assert formatdata.rules_problems([]) == ["must be an object, not []"]
    assert formatdata.rules_problems({"opening_hand": -1, "mulligans": "x"}) == [
        "opening_hand: must be a whole number of 0 or more, not -1",
        "mulligans: must be a whole number of 0 or more, not 'x'",
    ]
    assert formatdata.strings(["a"]) and not formatdata.strings("a") and not formatdata.strings([1])


@pytest.mark.parametrize(("rules", "problems"), [
    ({"roster": "starters", "exclusions": {"silver": {"affiliations": ["dark_starter"], "names": ["x"],
                                                       "no_growth": True}}}, []),
    ({"roster": "any"}, ["roster: must be one of starters, custom, not 'any'"]),
    ({"exclusions": []}, ["exclusions: must be an object by side, not []"]),
    ({"roster": "any", "exclusions": 3}, ["roster: must be one of starters, custom, not 'any'",
                                           "exclusions: must be an object by side, not 3"]),
    ({"exclusions": {"silver": "none"}}, ["exclusions.silver: must be an object, not 'none'"]),
    ({"exclusions": {"silver": "none", "dark": {"names": 3}}}, ["exclusions.silver: must be an object, not 'none'",
                                                                "exclusions.dark.names: not a valid value (3)"]),
    ({"exclusions": {"dark": {"names": "ブルアーマー"}}},
     ["exclusions.dark.names: not a valid value ('ブルアーマー')"]),
    ({"exclusions": {"dark": {"names": [1]}}}, ["exclusions.dark.names: not a valid value ([1])"]),
    ({"exclusions": {"dark": {"no_growth": "yes"}}}, ["exclusions.dark.no_growth: not a valid value ('yes')"]),
    ({"exclusions": {"dark": {"height": 3}}}, ["exclusions.dark.height: not a valid value (3)"]),
])
def test_iron_leaguer_format_rules_are_checked_with_the_field_named(rules, problems: list[str]) -> None:
    assert il_rules.rules_problems(rules) == problems
    assert formatdata.rules_problems(rules, il_rules) == problems


@pytest.mark.parametrize(("rules", "side", "name", "allowed"), [
    ({}, "silver", "ワット", False),  # no roster rule: the starters (IL 2.2)
    ({"roster": "custom"}, "silver", "ゴールドマスク", True),  # custom with no exclusions: any IL
    ({"roster": "custom", "exclusions": {"silver": {"no_growth": True}}}, "dark", "マグナムエース", True),
    ({"roster": "custom", "exclusions": {"dark": {"names": ["ブルアーマー"]}}}, "dark", "ブルアーマー", False),
    ({"roster": "custom", "exclusions": {"dark": {"names": ["ブルアーマー"]}}}, "dark", "マグナムエース", True),
])
def test_an_ils_eligibility_under_the_rules_a_format_leaves_out(rules, side: str, name: str, allowed: bool) -> None:
    """What a format's rules do not say: no ``roster`` is the starters; no exclusions, or none for the side or of
    a kind, exclude nothing."""
    card = next(c for c in silver().index.cards.values() if c["name"] == name)
    assert (il_rules._why_not(card, side, rules) is None) is allowed
    assert il_rules._why_not({"name": name}, "dark", {"roster": "custom"}) is None  # no attributes: no affiliation


def test_a_colour_without_a_japanese_name_is_shown_as_stored() -> None:
    from decks.legality import legions

    assert legions._ja(["black", "ultraviolet"]) == "黒・ultraviolet"

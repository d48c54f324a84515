"""Iron Leaguer rosters: 11 different ILs of the chosen side (IL 2.1–2.2, 19.4–19.5, 11.7)."""

from __future__ import annotations

import pytest

from .conftest import key_of, rejudge, sample

IL = "iron_leaguer"


def silver():
    result = sample("iron_leaguer_silver_castle")
    assert result.report.legal, result.report.as_text()
    return result


def swap(result, out_name, in_name):
    out_key, in_key = key_of(IL, out_name), key_of(IL, in_name)
    return [dict(e, card=in_key) if e["card"] == out_key else e for e in result.entries]


def test_the_dark_custom_sample_roster_is_legal():
    assert sample("iron_leaguer_dark_gold_fighters").report.legal


def test_ten_ils_break_only_the_roster_size():
    result = silver()
    assert rejudge(result, entries=result.entries[:10]).codes == ["iron_leaguer.roster_size"]


def test_the_same_il_twice_breaks_only_the_duplicate_rule():
    result = silver()
    report = rejudge(result, entries=swap(result, "シルバー量産型リーガーH", "マグナムエース"))
    assert report.codes == ["iron_leaguer.duplicate_il"]
    assert report.errors[0].card == "マグナムエース"


def test_a_roster_without_a_side_is_refused():
    assert rejudge(silver(), side=None).codes == ["iron_leaguer.side_missing"]


def test_a_stray_leaguer_is_not_in_the_standard_starting_line_up():
    result = silver()
    report = rejudge(result, entries=swap(result, "シルバー量産型リーガーH", "ワット"))
    assert report.codes == ["iron_leaguer.not_on_side"]
    assert report.errors[0].card == "ワット"


def test_the_silver_line_up_is_not_a_dark_standard_roster():
    assert set(rejudge(silver(), side="dark").codes) == {"iron_leaguer.not_on_side"}


@pytest.mark.parametrize(
    "name", ["ゴールドマスク", "ファイタースピリッツ", "ファイターアロー", "ダーク財団リーガーA"]
)
def test_silver_cannot_field_dark_starters_the_fighters_or_ils_without_growth(name, formats):
    result = silver()
    report = rejudge(
        result, entries=swap(result, "シルバー量産型リーガーH", name), fmt=formats["iron_leaguer_custom"]
    )
    assert report.codes == ["iron_leaguer.not_on_side"]


def test_silver_may_field_a_stray_leaguer_in_a_custom_roster(formats):
    result = silver()
    assert rejudge(
        result, entries=swap(result, "シルバー量産型リーガーH", "ワット"), fmt=formats["iron_leaguer_custom"]
    ).legal


@pytest.mark.parametrize("name", ["極十郎太", "ブルアーマー", "マグナムエース"])
def test_dark_cannot_field_silver_starters_or_the_two_strays_the_rules_name(name):
    result = sample("iron_leaguer_dark_gold_fighters")
    out_key, in_key = key_of(IL, "ダーク量産型リーガーD"), key_of(IL, name)
    entries = [dict(e, card=in_key) if e["card"] == out_key else e for e in result.entries]
    assert rejudge(result, entries=entries).codes == ["iron_leaguer.not_on_side"]


def test_a_roster_without_a_side_still_reports_its_duplicate_and_size():
    result = silver()
    entries = swap(result, "シルバー量産型リーガーH", "マグナムエース")
    entries.remove(next(e for e in entries if e["card"] != key_of(IL, "マグナムエース")))
    codes = sorted(rejudge(result, entries=entries, side=None).codes)
    assert codes == ["iron_leaguer.duplicate_il", "iron_leaguer.roster_size", "iron_leaguer.side_missing"]


def test_the_side_missing_message_names_no_python_value():
    problem = rejudge(silver(), side=None).errors[0]
    assert problem.message_en == "Choose the roster's side: Silver Castle or Dark Sports."

"""Riders' Legend deck rules (デッキ: 30 + 30 + 1 eyecatch, 4 copies across the deck), each broken alone."""

from __future__ import annotations

from .conftest import change, key_of, rejudge, sample

R = "riders_legend"


def shocker():
    result = sample("riders_legend_shocker")
    assert result.report.legal, result.report.as_text()
    return result


def test_a_29_card_first_half_breaks_only_the_section_size_of_that_half():
    result = shocker()
    report = rejudge(result, entries=change(result.entries, key_of(R, "蜘蛛男"), -1, "first_half"))
    assert report.codes == ["deck.section_size"]
    assert report.errors[0].section == "first_half"


def test_a_deck_without_an_eyecatch_breaks_only_the_eyecatch_section_size():
    result = shocker()
    entries = [e for e in result.entries if e["section"] != "eyecatch"]
    report = rejudge(result, entries=entries)
    assert report.codes == ["deck.section_size"]
    assert report.errors[0].section == "eyecatch"


def test_five_copies_across_both_halves_break_only_the_copy_limit():
    result = shocker()
    entries = change(result.entries, key_of(R, "蜘蛛男"), 1, "second_half")
    entries = change(entries, key_of(R, "サラセニアン"), -1, "second_half")
    report = rejudge(result, entries=entries)
    assert report.codes == ["deck.copy_limit"]
    assert report.errors[0].card == "蜘蛛男"


def test_an_eyecatch_card_in_a_half_breaks_only_the_eyecatch_rule():
    result = shocker()
    entries = change(result.entries, key_of(R, "アイキャッチ 仮面ライダー"), 1, "first_half")
    entries = change(entries, key_of(R, "蜘蛛男"), -1, "first_half")
    report = rejudge(result, entries=entries)
    assert report.codes == ["riders.eyecatch_outside_section"]
    assert report.errors[0].section == "first_half"


def test_a_character_in_the_eyecatch_section_is_a_type_error():
    result = shocker()
    entries = [e for e in result.entries if e["section"] != "eyecatch"]
    entries = change(
        change(entries, key_of(R, "蜘蛛男"), 1, "eyecatch"), key_of(R, "蜘蛛男"), -1, "first_half"
    )
    entries = change(entries, key_of(R, "アイキャッチ 仮面ライダー"), 1, "first_half")
    assert set(rejudge(result, entries=entries).codes) == {
        "deck.type_not_allowed",
        "riders.eyecatch_outside_section",
    }

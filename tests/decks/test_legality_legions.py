"""Legions! deck rules, each broken alone on a legal seed deck (Legions: 事前準備, カラーシンボルについて)."""

from __future__ import annotations

from .conftest import change, key_of, rejudge, sample

L = "legions"


def mao():
    result = sample("legions_mao_nyan_2017")
    assert result.report.legal, result.report.as_text()
    return result


def test_the_mao_nyan_sample_deck_is_legal_with_no_warning():
    assert mao().report.warnings == []


def test_a_deck_without_its_master_breaks_only_the_master_count():
    result = mao()
    entries = [e for e in result.entries if e["section"] != "master"]
    assert rejudge(result, entries=entries).codes == ["legions.master_count"]


def test_two_masters_break_only_the_master_count():
    result = mao()
    entries = change(result.entries, key_of(L, "星崎イノリ"), 1, "master")
    assert rejudge(result, entries=entries).codes == ["legions.master_count"]


def test_a_39_card_deck_breaks_only_the_section_size():
    result = mao()
    report = rejudge(result, entries=change(result.entries, key_of(L, "ダークフレイム"), -1))
    assert report.codes == ["deck.section_size"]
    assert report.errors[0].section == "deck"


def test_a_fourth_copy_breaks_only_the_copy_limit_and_names_the_card():
    result = mao()
    entries = change(change(result.entries, key_of(L, "下忍カスミ"), 1), key_of(L, "ダークフレイム"), -1)
    report = rejudge(result, entries=entries)
    assert report.codes == ["deck.copy_limit"]
    assert report.errors[0].card == "下忍カスミ"
    assert report.errors[0].line is not None


def test_a_master_card_in_the_deck_breaks_only_the_type_rule():
    result = mao()
    entries = change(
        change(result.entries, key_of(L, "勝浦カヨ"), 1, "deck"), key_of(L, "ダークフレイム"), -1
    )
    report = rejudge(result, entries=entries)
    assert report.codes == ["deck.type_not_allowed"]
    assert report.errors[0].card == "勝浦カヨ"


def test_a_two_symbol_card_of_another_class_is_a_class_mismatch():
    result = mao()  # マオ・ニャン: black + red
    entries = change(
        change(result.entries, key_of(L, "連鎖する呪い"), 1, "deck"), key_of(L, "ダークフレイム"), -1
    )
    report = rejudge(result, entries=entries)
    assert report.codes == ["legions.class_mismatch"]
    assert report.errors[0].card == "連鎖する呪い"


def test_a_two_symbol_card_of_the_masters_exact_class_is_allowed():
    result = mao()
    entries = change(
        change(result.entries, key_of(L, "禁断の魔導書"), 1, "deck"), key_of(L, "ダークフレイム"), -1
    )
    assert rejudge(result, entries=entries).legal


def test_a_one_symbol_card_outside_the_class_is_a_warning_naming_the_card():
    result = mao()
    off_class = next(
        c["name"]
        for c in result.index.cards.values()
        if c["card_type"] == "minion" and c["attributes"]["colours"] == ["green"]
    )
    entries = change(change(result.entries, key_of(L, off_class), 1, "deck"), key_of(L, "ダークフレイム"), -1)
    report = rejudge(result, entries=entries)
    assert report.legal
    assert [(w.code, w.card) for w in report.warnings] == [("legions.off_class_symbol", off_class)]


def test_with_two_masters_each_card_is_checked_against_each_master():
    result = mao()  # マオ・ニャン: black + red
    entries = change(result.entries, key_of(L, "星崎イノリ"), 1, "master")  # red + green
    entries = change(entries, key_of(L, "禁断の魔導書"), 1, "deck")  # black + red: Mao's class, not イノリ's
    entries = change(entries, key_of(L, "連鎖する呪い"), 1, "deck")  # blue + black: neither class
    entries = change(change(entries, key_of(L, "ダークフレイム"), -1), key_of(L, "白刃一閃"), -1)
    report = rejudge(result, entries=entries)
    mismatches = sorted((p.card, p.message_en.split("master ")[1].split(" ")[0]) for p in report.errors
                        if p.code == "legions.class_mismatch")
    assert "legions.master_count" in report.codes
    assert mismatches == [
        ("禁断の魔導書", "星崎イノリ"),
        ("連鎖する呪い", "マオ・ニャン"),
        ("連鎖する呪い", "星崎イノリ"),
    ]
    off_class = {p.card for p in report.warnings if p.code == "legions.off_class_symbol"}
    assert off_class and all("星崎イノリ" in p.message_en for p in report.warnings)


def test_two_copies_of_one_master_are_checked_against_it_once():
    result = mao()
    entries = change(result.entries, key_of(L, "マオ・ニャン"), 1, "master")
    entries = change(change(entries, key_of(L, "連鎖する呪い"), 1, "deck"), key_of(L, "ダークフレイム"), -1)
    report = rejudge(result, entries=entries)
    assert sorted(report.codes) == ["legions.class_mismatch", "legions.master_count"]

"""Decklist text: tolerant import, every problem by line number, and export then import gives the same
deck."""

from __future__ import annotations

import pytest

from decks import codec
from decks.textcheck import Unreadable

from .conftest import INDEXES, SEED_DECKS, key_of, read, rejudge, sample

MAO_TAIL = "\n".join(
    [
        "3 ジャック・オ・ランタン",
        "3 スチームメイド・ステラ",
        "3 スチームライダー",
        "3 蒸気装甲兵",
        "3 烏天狗キッカ",
        "3 ブラッドスウォーム",
        "3 白刃一閃",
        "3 マジックミサイル",
        "2 ダークフレイム",
        "2 チェインライトニング",
        "3 デスクラウド",
        "3 死神少女『ルルシュ』",
        "3 吸血姫『アコニー』",
    ]
)


def entries_of(result):
    return sorted((e["section"], e["card"], e["count"]) for e in result.entries)


@pytest.mark.parametrize(
    "line",
    [
        "3 下忍カスミ",
        "3x 下忍カスミ",
        "3 x 下忍カスミ",
        "３ 下忍カスミ",
        "下忍カスミ x3",
        "x3 下忍カスミ",
        "3 げにんかすみ",
        "3 {set}-{number}",
        "3 下忍カスミ [{set} {number}]",
        "3 ［{set}／{number}］",
    ],
)
def test_every_accepted_spelling_of_a_card_line_reads_three_kasumi(line):
    key = INDEXES["legions"].default_key("下忍カスミ")
    card = INDEXES["legions"].cards[key]
    line = line.format(set=card["set"], number=card["number"])
    result = read(f"Game: legions\nマスター\n1 マオ・ニャン\nデッキ\n{line}\n")
    assert [(e["card"], e["count"], e["line"]) for e in result.entries if e["section"] == "deck"] == [
        (key, 3, 5)
    ]


def test_a_name_alone_is_one_copy():
    result = read("Game: legions\nDeck\n下忍カスミ\n")
    assert [e["count"] for e in result.entries] == [1]


def test_japanese_section_headers_read_like_english_ones():
    english = read(f"Game: legions\nMaster\n1 マオ・ニャン\nDeck\n3 下忍カスミ\n{MAO_TAIL}\n")
    japanese = read(f"ゲーム: レギオンズ\nマスター\n1 マオ・ニャン\nデッキ：40枚\n3 下忍カスミ\n{MAO_TAIL}\n")
    assert entries_of(english) == entries_of(japanese)
    assert japanese.report.legal


def test_unknown_misspelt_malformed_and_full_width_lines_are_each_reported_by_line():
    text = "\n".join(
        [
            "Game: legions",
            "Master",
            "1 マオ・ニャン",
            "Deck",
            "３ 下忍カスミ",
            "2 存在しないカード",
            "2 ダークフレム",
            "3x",
            MAO_TAIL,
        ]
    )
    report = read(text).report
    by_line = {p.line: p for p in report.errors if p.code.startswith("codec.")}
    assert {line: p.code for line, p in by_line.items()} == {
        6: "codec.unknown_card",
        7: "codec.unknown_card",
        8: "codec.unreadable_line",
    }
    assert "ダークフレイム" in by_line[7].suggestions
    assert not report.legal


def test_the_full_width_count_is_read_as_a_number():
    result = read("Game: legions\nDeck\n３ 下忍カスミ\n")
    assert [(e["count"], e["line"]) for e in result.entries] == [(3, 3)]


def test_a_name_matching_several_cards_by_reading_is_ambiguous():
    index = codec.CardIndex(
        "legions",
        [
            {"key": 1, "name": "火炎", "reading": "かえん", "set": "A", "number": "1"},
            {"key": 2, "name": "花園", "reading": "かえん", "set": "A", "number": "2"},
        ],
    )
    entries, problems = codec.resolve(codec.parse("Deck\n2 カエン\n"), index)
    assert entries == [] and [(p.code, p.line, p.suggestions) for p in problems] == [
        ("codec.ambiguous_card", 2, ("火炎", "花園"))
    ]


def test_an_unknown_header_is_reported_not_skipped():
    report = read("Game: legions\nColour: red\nDeck\n3 下忍カスミ\n").report
    assert ("codec.bad_header", 2) in [(p.code, p.line) for p in report.errors]


def test_riders_cards_before_any_section_header_are_reported():
    report = read("Game: riders_legend\n4 蜘蛛男\n").report
    assert [(p.code, p.line) for p in report.errors if p.code.startswith("codec")] == [
        ("codec.no_section", 2)
    ]


def test_text_with_no_game_cannot_be_judged():
    with pytest.raises(Unreadable):
        read("Deck\n3 下忍カスミ\n")


@pytest.mark.parametrize("path", SEED_DECKS, ids=lambda p: p.stem)
def test_export_then_import_gives_the_same_deck(path):
    first = sample(path.stem)
    meta = {
        "game": first.game,
        "format": first.format["code"],
        "name": first.meta.get("name"),
        "side": first.meta["side"],
    }
    text = codec.write(meta, first.entries, first.index)
    again = read(text)
    assert entries_of(again) == entries_of(first)
    assert (again.meta["name"], again.meta["side"], again.format["code"]) == (
        meta["name"],
        meta["side"],
        meta["format"],
    )
    assert codec.write(meta, again.entries, again.index) == text


def test_a_reprint_that_is_not_the_first_printing_is_exported_with_its_reference():
    index = codec.CardIndex(
        "legions",
        [
            {"key": 1, "name": "同名", "reading": "", "set": "A", "number": "1"},
            {"key": 2, "name": "同名", "reading": "", "set": "B", "number": "7"},
        ],
    )
    text = codec.write({"game": "legions"}, [{"card": 2, "count": 2, "section": "deck"}], index)
    assert "2 同名 [B 7]" in text
    assert codec.resolve(codec.parse(text), index)[0][0]["card"] == 2


def test_a_byte_order_mark_before_the_game_line_is_ignored():
    result = read("\ufeffGame: legions\nMaster\n1 マオ・ニャン\nDeck\n3 下忍カスミ\n")
    assert result.game == "legions"
    assert not [p for p in result.report.errors if p.code.startswith("codec.")]


@pytest.mark.parametrize("header", ["マスター：1枚", "マスターカード：1枚", "マスタ", "Master (1)"])
def test_a_master_header_with_a_long_vowel_mark_and_a_count_is_read(header):
    result = read(f"Game: legions\n{header}\n1 マオ・ニャン\nデッキ：40枚\n3 下忍カスミ\n")
    assert [e["section"] for e in result.entries] == ["master", "deck"]
    assert not [p for p in result.report.errors if p.code.startswith("codec.")]


def test_a_roster_header_with_a_long_vowel_mark_and_a_count_is_read():
    result = read("Game: iron_leaguer\nSide: silver\nロースター：11\nマグナムエース\n")
    assert [e["section"] for e in result.entries] == ["roster"]


@pytest.mark.parametrize("line", ["下忍カスミ×3", "下忍カスミx3", "3下忍カスミ", "３下忍カスミ"])
def test_a_count_glued_to_a_japanese_name_is_read(line):
    result = read(f"Game: legions\nDeck\n{line}\n")
    assert [(e["card"], e["count"]) for e in result.entries] == [(key_of("legions", "下忍カスミ"), 3)]


def test_a_name_that_starts_with_digits_is_read_as_the_name_not_a_count():
    result = read("Game: iron_leaguer\nSide: silver\nRoster\n44ソニック／ディフェンス\n")
    name = result.index.cards[result.entries[0]["card"]]["name"]
    assert (name, result.entries[0]["count"]) == ("44ソニック／ディフェンス", 1)


def test_the_text_report_names_a_suggestion_once():
    text = read("Game: legions\nDeck\n2 ダークフレム\n").report.as_text()
    assert text.count("ダークフレイム") == 1 and "did you mean:" not in text


def test_an_eyecatch_card_in_the_wrong_section_reads_an_eyecatch_card():
    result = sample("riders_legend_shocker")
    eyecatch = next(e for e in result.entries if e["section"] == "eyecatch")
    entries = [dict(e, section="first_half") if e is eyecatch else e for e in result.entries]
    problem = next(p for p in rejudge(result, entries=entries).errors if p.code == "riders.eyecatch_outside_section")
    assert " is an eyecatch card; " in problem.message_en

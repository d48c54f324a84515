# ruff: noqa: E501 - the Japanese sentences are compared whole; ruff counts each of their characters two columns
"""Each problem a deck check reports, whole: its code, both sentences, and where it is (section, card, line) —
what the builder, the API and the CLI show (issue 26, point 5: mutants of these fields survived the tests that
only compared codes)."""

from __future__ import annotations

import json
from datetime import date

from decks.legality import check

from .conftest import FORMATS, change, key_of, rejudge
from .test_legality_iron_leaguer import silver, swap
from .test_legality_legions import mao


def _whole(report) -> list[tuple]:
    return [(p.code, p.message_en, p.message_ja, p.section, p.card, p.line, p.severity)
            for p in [*report.errors, *report.warnings]]


def _formats() -> dict:
    return json.loads(json.dumps(FORMATS))


def test_entries_the_check_cannot_judge() -> None:
    result = mao()
    entries = [*result.entries, {"card": "legions:nope", "count": 1, "section": "deck", "line": 50},
               {"card": key_of("legions", "デスクラウド"), "count": 1, "section": "side", "line": 52}]
    assert _whole(rejudge(result, entries=entries)) == [
        ("deck.unknown_card", "Card legions:nope is not in the catalogue (it may have been removed).",
         "カード legions:nope はカードリストにありません（削除された可能性があります）。", "deck", None, 50, "error"),
        ("deck.unknown_section", "デスクラウド is in a section called “side”, which Legions! standard does not have "
         "(it has Master and Deck).", "デスクラウドが「side」という区分にありますが、レギオンズ! スタンダードにその区分は"
         "ありません（区分はマスター・デッキ）。", "side", "デスクラウド", 52, "error"),
    ]


def test_a_card_of_another_game_and_a_line_of_no_copies() -> None:
    fmt = _formats()["legions_standard"]
    cards = {"k1": {"name": "本郷猛", "card_type": "character", "attributes": {}, "game": "riders_legend"},
             "k2": {"name": "下忍カスミ", "card_type": "minion", "attributes": {"colours": ["black"]},
                    "game": "legions"}}
    deck = {"game": "legions", "entries": [{"card": "k1", "count": 1, "section": "deck", "line": 3},
                                           {"card": "k2", "count": 0, "section": "deck", "line": 4}]}
    problems = _whole(check(deck, cards, fmt))
    assert problems[:2] == [
        ("deck.wrong_game", "本郷猛 is a Riders' Legend card; this deck is for Legions!.",
         "本郷猛は仮面ライダーTCGのカードです（このデッキはレギオンズ!用です）。", "deck", "本郷猛", 3, "error"),
        ("deck.bad_count", "下忍カスミ: the number of copies must be at least 1.", "下忍カスミ：枚数は1枚以上にしてください。",
         "deck", "下忍カスミ", 4, "error"),
    ]


def test_banned_and_restricted_cards_say_since_when() -> None:
    fmt = _formats()["legions_standard"]
    fmt["limits"] = [{"card": "デスクラウド", "limit": 0, "from": "2018-03-01", "until": None},
                     {"card": "下忍カスミ", "limit": 2, "from": "2017-05-01", "until": None}]
    assert _whole(rejudge(mao(), fmt=fmt, as_of=date(2019, 1, 1))) == [
        ("format.banned", "デスクラウド is banned in Legions! standard since 2018-03-01.",
         "デスクラウドは2018-03-01からレギオンズ! スタンダードの禁止カードです。", "deck", "デスクラウド", 24, "error"),
        ("format.restricted", "下忍カスミ is restricted to 2 copies in Legions! standard since 2017-05-01; the deck has "
         "3.", "下忍カスミは2017-05-01からレギオンズ! スタンダードで2枚までの制限カードです（現在3枚）。", "deck",
         "下忍カスミ", 11, "error"),
    ]
    fmt["limits"] = [{"card": "デスクラウド", "limit": 0, "from": None, "until": None},
                     {"card": "下忍カスミ", "limit": 1, "from": None, "until": None}]
    assert _whole(rejudge(mao(), fmt=fmt, as_of=date(2019, 1, 1))) == [
        ("format.banned", "デスクラウド is banned in Legions! standard.", "デスクラウドはレギオンズ! スタンダードの禁止カード"
         "です。", "deck", "デスクラウド", 24, "error"),
        ("format.restricted", "下忍カスミ is restricted to 1 copy in Legions! standard; the deck has 3.",
         "下忍カスミはレギオンズ! スタンダードで1枚までの制限カードです（現在3枚）。", "deck", "下忍カスミ", 11, "error"),
    ]


def test_section_sizes_types_and_copies() -> None:
    result = mao()
    no_master = change([e for e in result.entries if e["section"] != "master"], key_of("legions", "下忍カスミ"), 1)
    assert _whole(rejudge(result, entries=no_master)) == [
        ("legions.master_count", "The master slot must hold exactly 1 card; it holds 0.",
         "マスターは1枚ちょうどにしてください（現在0枚）。", "master", None, None, "error"),
        ("deck.section_size", "The deck must hold exactly 40 cards; it holds 41.",
         "デッキは40枚ちょうどにしてください（現在41枚）。", "deck", None, None, "error"),
        ("deck.copy_limit", "The deck has 4 copies of 下忍カスミ; at most 3 are allowed.",
         "下忍カスミが4枚あります（同じカードは3枚までです）。", "deck", "下忍カスミ", 11, "error"),
    ]
    master_in_deck = change(result.entries, key_of("legions", "マオ・ニャン"), 1, "deck")
    assert _whole(rejudge(result, entries=master_in_deck)) == [
        ("deck.section_size", "The deck must hold exactly 40 cards; it holds 41.",
         "デッキは40枚ちょうどにしてください（現在41枚）。", "deck", None, None, "error"),
        ("deck.type_not_allowed", "マオ・ニャン is a master card; the deck takes only minion, lord, skill and arts "
         "cards.", "マオ・ニャンはマスターカードなのでデッキには入れられません（入れられるのはミニオン・ロード・スキル・"
         "アーツのみ）。", "deck", "マオ・ニャン", None, "error"),
    ]


def test_a_roster_without_a_side_and_with_an_il_twice() -> None:
    result = silver()
    assert _whole(rejudge(result, entries=swap(result, "シルバー量産型リーガーH", "マグナムエース"), side=None)) == [
        ("iron_leaguer.side_missing", "Choose the roster's side: Silver Castle or Dark Sports.",
         "ロースターの陣営（シルバーキャッスルまたはダークスポーツ財団）を選んでください。", "roster", None, None, "error"),
        ("iron_leaguer.duplicate_il", "マグナムエース is on the roster 2 times; a roster is 11 different ILs.",
         "マグナムエースがロースターに2人います（ロースターは11人全員が別のアイアンリーガーです）。", "roster",
         "マグナムエース", 9, "error"),
    ]


def test_class_problems_name_each_card_once_with_its_first_line() -> None:
    """Legions カラーシンボル: a two-symbol card of another class is an error, a one-symbol card outside the class
    a warning; each card name once (its first line), however many lines name it."""
    result = mao()  # マオ・ニャン: black + red
    off = key_of("legions", "森の小人")  # green
    entries = change(change(result.entries, off, 2, "deck"), key_of("legions", "ダークフレイム"), -2)
    entries = [dict(e, line=77) if e["card"] == off else e for e in entries]
    entries = change(change(entries, key_of("legions", "連鎖する呪い"), 1, "deck"), key_of("legions", "蒸気装甲兵"), -1)
    entries = [*change(entries, key_of("legions", "下忍カスミ"), -1),
               {"card": key_of("legions", "連鎖する呪い"), "count": 1, "section": "deck", "line": 90}]
    assert _whole(rejudge(result, entries=entries)) == [
        ("legions.class_mismatch", "連鎖する呪い needs the class Black and Blue, but the master マオ・ニャン is Black and Red; a card with two colour symbols must match the master's class exactly.",
         "連鎖する呪いの必要シンボル（黒・青）がマスターマオ・ニャンのクラス（黒・赤）と一致しません（2シンボルのカードは完全一致が必要）。",
         "deck", "連鎖する呪い", None, "error"),
        ("legions.off_class_symbol", "森の小人 (Green) is outside the class of the master マオ・ニャン (Black and Red): it costs 1 more MP each time it is unlocked.",
         "森の小人（緑）はマスターマオ・ニャンのクラス外です。アンロックのたびにMPを1追加で支払います。",
         "deck", "森の小人", 77, "warning"),
    ]

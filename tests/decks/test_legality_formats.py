"""Banned and restricted cards as of a date, and several broken rules reported at once."""

from __future__ import annotations

import json
from datetime import date

import pytest

from .conftest import change, key_of, rejudge, sample


def with_limits(formats, *limits):
    fmt = formats["legions_standard"]
    fmt["limits"] = list(limits)
    return fmt


def test_a_banned_card_is_refused_from_the_day_the_ban_takes_effect(formats):
    fmt = with_limits(formats, {"card": "デスクラウド", "limit": 0, "from": "2018-03-01", "until": None})
    report = rejudge(sample("legions_mao_nyan_2017"), fmt=fmt, as_of=date(2018, 3, 1))
    assert report.codes == ["format.banned"]
    assert report.errors[0].card == "デスクラウド"


def test_a_ban_not_yet_in_force_does_not_count(formats):
    fmt = with_limits(formats, {"card": "デスクラウド", "limit": 0, "from": "2018-03-01", "until": None})
    assert rejudge(sample("legions_mao_nyan_2017"), fmt=fmt, as_of=date(2018, 2, 28)).legal


def test_a_lifted_ban_no_longer_counts(formats):
    fmt = with_limits(
        formats, {"card": "デスクラウド", "limit": 0, "from": "2018-03-01", "until": "2019-01-01"}
    )
    assert rejudge(sample("legions_mao_nyan_2017"), fmt=fmt, as_of=date(2019, 1, 1)).legal


def test_three_copies_of_a_card_restricted_to_one_break_only_the_restriction(formats):
    fmt = with_limits(formats, {"card": "下忍カスミ", "limit": 1, "from": "2017-01-01", "until": None})
    assert rejudge(sample("legions_mao_nyan_2017"), fmt=fmt).codes == ["format.restricted"]


def test_a_deck_breaking_four_rules_gets_all_four(formats):
    result = sample("legions_mao_nyan_2017")
    fmt = with_limits(formats, {"card": "デスクラウド", "limit": 0, "from": None, "until": None})
    entries = [e for e in result.entries if e["section"] != "master"]  # no master
    entries = change(entries, key_of("legions", "下忍カスミ"), 1)  # 4 copies, 41 cards
    report = rejudge(result, entries=entries, fmt=fmt)
    assert sorted(report.codes) == sorted(
        ["legions.master_count", "deck.section_size", "deck.copy_limit", "format.banned"]
    )


def test_every_problem_carries_both_languages_and_its_place():
    result = sample("legions_mao_nyan_2017")
    entries = change(result.entries, key_of("legions", "下忍カスミ"), 1)
    for problem in rejudge(result, entries=entries).errors:
        assert problem.message_en and problem.message_ja and problem.section == "deck"


def test_a_card_restricted_to_exactly_the_copies_the_deck_holds_is_legal(formats):
    """A limit of n allows n copies: the deck's three 下忍カスミ are legal at 3 and restricted at 2."""
    at_three = with_limits(formats, {"card": "下忍カスミ", "limit": 3, "from": None, "until": None})
    assert rejudge(sample("legions_mao_nyan_2017"), fmt=at_three).legal
    at_two = with_limits(json.loads(json.dumps(formats)), {"card": "下忍カスミ", "limit": 2, "from": None,
                                                           "until": None})
    report = rejudge(sample("legions_mao_nyan_2017"), fmt=at_two)
    assert report.codes == ["format.restricted"]
    assert "the deck has 3" in report.errors[0].message_en


def test_a_ban_is_in_force_on_the_day_before_it_is_lifted(formats):
    fmt = with_limits(
        formats, {"card": "デスクラウド", "limit": 0, "from": "2018-03-01", "until": "2019-01-01"}
    )
    assert rejudge(sample("legions_mao_nyan_2017"), fmt=fmt, as_of=date(2018, 12, 31)).codes == ["format.banned"]


@pytest.mark.parametrize("count", [0, -1])
def test_a_deck_line_of_no_copies_is_refused_at_its_line(formats, count):
    """deck.bad_count: a line with 0 (or fewer) copies names the card and its line; the rest is judged as
    usual."""
    result = sample("legions_mao_nyan_2017")
    key = key_of("legions", "デスクラウド")
    entries = [*result.entries, {"card": key, "count": count, "section": "deck", "line": 99}]
    report = rejudge(result, entries=entries)
    assert [(p.code, p.card, p.line) for p in report.errors] == [("deck.bad_count", "デスクラウド", 99)]

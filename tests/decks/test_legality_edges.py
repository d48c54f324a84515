"""The legality check on small made-up formats and cards: what a format or a card leaves out, sizes given as a
range, copies counted in some sections only, several limits, and the Legions class rules at their edges (a mutation
run found each of these untested; docs/testing.md, "Mutation testing")."""

from __future__ import annotations

from decks.legality import check

MASTER = {"name": "主", "card_type": "master", "attributes": {"colours": ["black", "red"]}, "game": "legions"}
ONE_COLOUR_MASTER = {"name": "単色の主", "card_type": "master", "attributes": {"colours": ["black"]},
                     "game": "legions"}


def minion(name: str, *colours: str) -> dict:
    return {"name": name, "card_type": "minion", "attributes": {"colours": list(colours)}, "game": "legions"}


def fmt(**changes) -> dict:
    base = {"code": "t", "game": "legions", "name": "Test",
            "sections": {"master": {"size": 1, "types": ["master"]}, "deck": {"min": 2, "max": 3}}}
    return {**base, **changes}


def deck(*entries: tuple[str, int, str], line: int | None = None) -> dict:
    return {"game": "legions", "entries": [{"card": c, "count": n, "section": s, "line": line} for c, n, s in entries]}


CARDS = {"m": MASTER, "a": minion("黒の兵", "black"), "b": minion("赤の兵", "red"), "g": minion("緑の兵", "green"),
         "bb": minion("黒青の兵", "black", "blue"), "plain": {"name": "無色", "card_type": "minion", "game": "legions"}}


def codes(report) -> list[str]:
    return [p.code for p in [*report.errors, *report.warnings]]


def test_a_section_sized_by_min_and_max() -> None:
    assert codes(check(deck(("m", 1, "master"), ("a", 2, "deck")), CARDS, fmt())) == []
    assert codes(check(deck(("m", 1, "master"), ("a", 3, "deck")), CARDS, fmt())) == []
    short = check(deck(("m", 1, "master"), ("a", 1, "deck")), CARDS, fmt())
    assert [p.message_en for p in short.errors] == ["The deck must hold between 2 and 3 cards; it holds 1."]
    long = check(deck(("m", 1, "master"), ("a", 3, "deck"), ("b", 1, "deck")), CARDS, fmt())
    assert [p.message_en for p in long.errors] == ["The deck must hold between 2 and 3 cards; it holds 4."]
    only_max = fmt(sections={"master": {"size": 1}, "deck": {"max": 3}})
    assert codes(check(deck(("m", 1, "master")), CARDS, only_max)) == []
    only_min = fmt(sections={"master": {"size": 1}, "deck": {"min": 2}})
    assert codes(check(deck(("m", 1, "master"), ("a", 9, "deck")), CARDS, only_min)) == []


def test_a_card_type_outside_its_section_is_named_at_its_line() -> None:
    report = check(deck(("m", 1, "master"), ("a", 1, "master"), ("b", 2, "deck"), line=7), CARDS, fmt())
    problem = next(p for p in report.errors if p.code == "deck.type_not_allowed")
    assert (problem.section, problem.card, problem.line) == ("master", "黒の兵", 7)


def test_copies_count_in_the_copy_sections_only() -> None:
    split = deck(("m", 1, "master"), ("a", 2, "deck"), ("a", 2, "master"))
    everywhere = fmt(sections={"master": {"min": 0}, "deck": {"min": 0}}, copy_limit=3)
    assert "deck.copy_limit" in codes(check(split, CARDS, everywhere))
    in_deck = {**everywhere, "copy_sections": ["deck"]}
    assert "deck.copy_limit" not in codes(check(split, CARDS, in_deck))


def test_a_format_without_limits_or_rules_and_a_deck_without_entries() -> None:
    assert codes(check(deck(("m", 1, "master"), ("a", 2, "deck")), CARDS, fmt())) == []
    assert codes(check({"game": "legions"}, CARDS, fmt())) == ["legions.master_count", "deck.section_size"]


def test_every_limit_is_read_past_one_that_does_not_apply() -> None:
    limits = [{"card": "緑の兵", "limit": 0, "from": None, "until": None},  # not in the deck
              {"card": "黒の兵", "limit": 1, "from": "2030-01-01", "until": None},  # not yet in force
              {"card": "赤の兵", "limit": 0, "from": None, "until": None}]
    report = check(deck(("m", 1, "master"), ("a", 2, "deck"), ("b", 1, "deck")), CARDS, fmt(limits=limits))
    assert [(p.code, p.card) for p in report.errors] == [("format.banned", "赤の兵")]


def test_class_rules_at_their_edges() -> None:
    """A card in the master section that is no master is neither a master nor checked against one; a master in
    the deck is not a master either; a card without colours has no class; each name is warned about once."""
    entries = deck(("m", 1, "master"), ("bb", 1, "master"), ("plain", 1, "deck"), ("g", 1, "deck"), ("g", 1, "deck"))
    report = check(entries, CARDS, fmt(sections={"master": {"min": 1}, "deck": {"min": 0}}))
    assert [(p.code, p.card) for p in report.warnings] == [("legions.off_class_symbol", "緑の兵")]
    assert [p.code for p in report.errors] == []
    masters = deck(("m", 1, "master"), ("bb", 2, "deck"))
    cards = {**CARDS, "m2": {**MASTER, "name": "青黒の主", "attributes": {"colours": ["black", "blue"]}}}
    with_master_in_deck = {**masters, "entries": [*masters["entries"],
                                                  {"card": "m2", "count": 1, "section": "deck", "line": None}]}
    report = check(with_master_in_deck, cards, fmt(sections={"master": {"size": 1}, "deck": {"min": 0}}))
    assert [(p.code, p.card) for p in report.errors] == [("legions.class_mismatch", "黒青の兵")]


def test_a_one_colour_card_of_a_one_colour_master_is_in_class() -> None:
    cards = {**CARDS, "m": ONE_COLOUR_MASTER, "bare": {"name": "裸の主", "card_type": "master", "game": "legions"}}
    assert codes(check(deck(("m", 1, "master"), ("a", 2, "deck")), cards, fmt())) == []
    assert codes(check(deck(("bare", 1, "master"), ("plain", 2, "deck")), cards, fmt())) == []


def il(name: str, affiliation: str = "silver_starter") -> dict:
    return {"name": name, "card_type": "il", "attributes": {"affiliation": affiliation, "growth": 3},
            "game": "iron_leaguer"}


IL_FORMAT = {"code": "ilt", "game": "iron_leaguer", "name": "IL test", "sections": {"roster": {"size": 3}}}


def roster(side: str | None, *keys: str) -> dict:
    return {"game": "iron_leaguer", "side": side,
            "entries": [{"card": k, "count": 1, "section": "roster", "line": n} for n, k in enumerate(keys, 1)]}


def test_iron_leaguer_rosters_under_rules_a_format_leaves_out() -> None:
    """No ``rules``: the starters (IL 2.2). A card of another type on the roster is the type rule's; the ILs after
    it are still judged. An excluded affiliation the labels do not know is named as stored; an IL without a growth
    value stays when only growth "−" is excluded."""
    cards = {"s1": il("銀1"), "s2": il("銀2"), "d1": il("闇1", "dark_starter"),
             "t": {"name": "技", "card_type": "technique", "attributes": {}, "game": "iron_leaguer"},
             "x": il("謎", "mystery_team"), "n": {"name": "名無し", "card_type": "il", "game": "iron_leaguer"}}
    report = check(roster("silver", "s1", "t", "d1"), cards, IL_FORMAT)
    assert [(p.code, p.card) for p in report.errors] == [("iron_leaguer.not_on_side", "闇1")]
    custom = {**IL_FORMAT, "rules": {"roster": "custom",
                                     "exclusions": {"silver": {"affiliations": ["mystery_team"], "no_growth": True}}}}
    (problem,) = check(roster("silver", "s1", "s2", "x"), cards, custom).errors
    assert problem.message_en.endswith(": it is a mystery_team.")
    assert problem.message_ja.endswith("（mystery_teamのため）。")
    assert check(roster("silver", "s1", "s2", "n"), cards, custom).legal

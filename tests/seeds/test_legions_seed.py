"""The Legions! seed catalogue (seeds/catalogue/legions.json) and sample decks (seeds/decks/legions_*.txt).

The known values below are copied from the public facts (../shared/data/legions_public_facts.md) and part D1 of
../shared/rules/legions_riders_referee_spec.md; the real decklists are test inputs in tests/cases/decklists/.
No database: the seed files are plain data.
"""

from __future__ import annotations

import importlib.util
import json
import re
from collections import Counter
from datetime import date
from functools import cache
from pathlib import Path

import pytest

from cards.games import SCHEMAS
from cards.games.legions import COLOURS, DECK_TYPES

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "seeds" / "catalogue" / "legions.json"
REAL_LISTS = ROOT / "tests" / "cases" / "decklists"
SAMPLE_DECKS = {
    "legions_mao_nyan_2017.txt": "legions_mao_nyan_2017.txt",
    "legions_olivier_2018.txt": "legions_blue_black_olivier_2018.txt",
}
SCHEMA = SCHEMAS["legions"]

# Known values of real cards (public facts). Colours compare as sets.
KNOWN: dict[str, tuple[str, dict]] = {
    "星崎イノリ": ("master", {"colours": ["red", "green"], "class_label": "フェアリーテイマー"}),
    "シグ・マクダネル": ("master", {"class_label": "ジェネラル"}),
    "時任サクジ": ("master", {"class_label": "ルーンブレイダー"}),
    "マオ・ニャン": ("master", {"class_label": "ウィザード"}),
    "勝浦カヨ": ("master", {}),  # シャーマン is only "probable": a sample
    "エリザベス・ロンズデール": ("master", {}),
    "プルモーの毒銛撃ち": ("minion", {"colours": ["blue"], "atk": 2, "hp": 1, "wt": 3}),
    "冥界の魔導竜『オリヴィエ』": ("lord", {"colours": ["black"], "unlock_cost": 7, "core_cost": 2, "atk": 4,
                                     "hp": 7, "keywords": ["速攻"]}),
    "守り神『オサキサマ』": ("lord", {"colours": ["white"], "unlock_cost": 2, "atk": 3, "hp": 3,
                               "keywords": ["強襲"]}),
    "ヘヴィスウィング": ("skill", {"colours": ["white"], "unlock_cost": 2, "atk": 2, "wt": 3,
                               "keywords": ["衝撃1"], "category": "剣術"}),
    "吸血姫『アコニー』": ("lord", {"colours": ["black"], "unlock_cost": 6, "keywords": ["ブロック不可"],
                             "finisher": True}),
    "死神少女『ルルシュ』": ("lord", {"colours": ["black"], "unlock_cost": 5}),
    "デスクラウド": ("arts", {"colours": ["black"], "unlock_cost": 5}),
    "小さき怨恨アリス": ("minion", {"colours": ["black"], "keywords": ["移動攻撃"]}),
    "境界の仙龍『ユラノ』": ("lord", {"unlock_cost": 6, "finisher": True}),
    "精杯の守護騎士『パーシヴァル』": ("lord", {"unlock_cost": 6, "finisher": True}),
    "ツクヨミ": ("lord", {"unlock_cost": 7, "finisher": True}),
    # spec part D1 (ダークフレイム's cost: the マオ・ニャン list's cost grouping, below)
    "ダークフレイム": ("skill", {"colours": ["black"], "unlock_cost": 3}),
    "フレアランス": ("skill", {"colours": ["red"]}),
    # research pass 3: the マオ・ニャン 2017 list's unlock costs (the source's grouping of its list by cost)
    "下忍カスミ": ("minion", {"unlock_cost": 1}),
    "ジャック・オ・ランタン": ("minion", {"unlock_cost": 1}),
    "ブラッドスウォーム": ("skill", {"unlock_cost": 1}),
    "スチームメイド・ステラ": ("minion", {"unlock_cost": 2}),
    "白刃一閃": ("skill", {"unlock_cost": 2}),
    "マジックミサイル": ("skill", {"unlock_cost": 2}),
    "スチームライダー": ("minion", {"unlock_cost": 3}),
    "蒸気装甲兵": ("minion", {"unlock_cost": 3}),
    "チェインライトニング": ("skill", {"unlock_cost": 4}),
    "烏天狗キッカ": ("minion", {"unlock_cost": 4}),
    # research pass 3: cards the facts describe
    "装甲巨人リノセロンテ": ("minion", {"keywords": ["強襲"]}),
    "あずきあらい": ("minion", {"colours": ["red"], "unlock_cost": 1}),
    "樹海のチアガール": ("minion", {"keywords": ["挺身"], "wt": 2}),
    "クローネの占星術師": ("minion", {"unlock_cost": 2}),
    "コピースペル": ("skill", {"wt": 3}),
    "ゴブリンシャーマン": ("minion", {"keywords": ["挺身"]}),
    "妖精女王エルルーン": ("lord", {}),
    "炎の乙女エキドナ": ("lord", {}),
    "ヘヴィガンナー": ("minion", {}),  # "large red/green minions": the type is said, the colours not which
    "オーガメイジ": ("minion", {}),
}
# The set 4 cards of the facts must sit in set 4 (LG04).
SET_FOUR = {"あずきあらい", "樹海のチアガール", "クローネの占星術師", "コピースペル"}
# Real cards of spec D1 known by name (and what they do) only: the type is the source's guess, so a sample.
GUESSED_TYPE = {"リトルドラコ": "minion", "木の葉天狗": "minion", "樹上の狙撃手『アセロラ』": "lord",
                "将軍の号令": "skill",
                # research pass 3: named with what they do, not their type (あずきあらい and クローネの占星術師 are
                # in KNOWN as minions too: a unit with a 配置時 effect, its type a sample)
                "子鬼ヒミカ": "minion", "イフリータ": "lord", "正負反転": "skill",
                "死者の蘇生": "skill", "あずきあらい": "minion", "クローネの占星術師": "minion"}
# Keywords the facts give a card beyond the usual list (子鬼ヒミカ: 領域移動無効).
FACT_KEYWORDS = {"子鬼ヒミカ": ["領域移動無効"]}
# The printed wording spec D1 quotes.
PRINTED_TEXT = {"ダークフレイム": "相手のフィールドにあるユニット1体を選び2ダメージを与える。",
                "デスクラウド": "全てのフィールドにある全ユニットに4ダメージを与える。",
                "フレアランス": "相手のフィールドにあるミニオンを1体選び6ダメージを与える。"}
KNOWN_RARITY = {"冥界の魔導竜『オリヴィエ』": "LR"}
# Real cards whose rules_text renders a known effect (the facts table's "text, in short").
KNOWN_TEXT = {"プルモーの毒銛撃ち", "冥界の魔導竜『オリヴィエ』", "守り神『オサキサマ』", "ヘヴィスウィング",
              "吸血姫『アコニー』", "デスクラウド", "小さき怨恨アリス", *PRINTED_TEXT}
LAUNCH_MASTERS = {name for name, (card_type, _) in KNOWN.items() if card_type == "master"}
REAL_KEYWORD = re.compile(r"^(速攻|強襲|移動攻撃|ブロック不可|衝撃[1-9]|挺身|領域移動無効)$")
KANA = re.compile(r"^[ぁ-ゖァ-ヺー・]+$")
COMMON_SAMPLE_FIELDS = {"name", "rarity", "rules_text", "card_type"}
BLUE_ARRIVED = date(2018, 5, 1)  # blue came with the 2018/5 preconstructed decks
LIST_DATES = {"legions_mao_nyan_2017.txt": date(2017, 6, 25),
              "legions_blue_black_olivier_2018.txt": date(2018, 7, 31),
              "legions_hat_trick_2018_no_master.txt": date(2018, 12, 31)}  # the source says only "2018"
SECTION_TYPE_WORDS = {"minions": "minion", "skills": "skill", "arts": "arts", "lords": "lord"}


@cache
def catalogue() -> dict:
    return json.loads(CATALOGUE.read_text(encoding="utf-8"))


def cards() -> list[dict]:
    return catalogue()["cards"]


def by_name() -> dict[str, dict]:
    return {card["name"]: card for card in cards()}


def deck_cards() -> list[dict]:
    return [card for card in cards() if card["card_type"] in DECK_TYPES]


def masters() -> list[dict]:
    return [card for card in cards() if card["card_type"] == "master"]


def release(card: dict) -> date:
    sets = {s["code"]: s for s in catalogue()["sets"]}
    return date.fromisoformat(sets[card["set"]]["release_date"])


def parse_decklist(path: Path) -> tuple[dict[str, str], dict[str, list[tuple[int, str, str | None]]]]:
    """``(headers, sections)``: sections map ``master``/``deck`` to ``(count, name, type from comment)``."""
    headers: dict[str, str] = {}
    sections: dict[str, list[tuple[int, str, str | None]]] = {}
    section, group = None, None
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            word = line.lstrip("# ").split(" ")[0]
            group = SECTION_TYPE_WORDS.get(word, group)
        elif line in ("Master", "Deck"):
            section, group = line.lower(), ("master" if line == "Master" else None)
            sections.setdefault(section, [])
        elif m := re.fullmatch(r"(\w+): (.+)", line):
            headers[m[1]] = m[2]
        else:
            m = re.fullmatch(r"(\d+) (.+)", line)
            assert m and section, f"{path.name} line {number}: cannot read {raw!r}"
            sections[section].append((int(m[1]), m[2], group))
    return headers, sections


def real_names() -> dict[str, str]:
    """Every real card name (facts, spec D1 and both real decklists) mapped to its card type."""
    names = {name: card_type for name, (card_type, _) in KNOWN.items()} | GUESSED_TYPE
    for path in REAL_LISTS.glob("legions_*.txt"):
        for entries in parse_decklist(path)[1].values():
            for _, name, card_type in entries:
                names.setdefault(name, card_type)
    return names


# --- the catalogue as a whole ---------------------------------------------------------------------

def test_the_seed_file_declares_the_card_format_and_the_legions_game():
    data = catalogue()
    assert (data["format"], data["version"], data["game"]["code"]) == ("shinpan.cards", 1, "legions")


@pytest.mark.parametrize("card", cards(), ids=lambda c: f"{c['set']}-{c['number']}")
def test_every_card_passes_the_legions_schema(card):
    assert SCHEMA.validate(card["card_type"], card["attributes"]) == []


def test_every_set_is_marked_sample_data_and_explains_its_facts_and_samples():
    for card_set in catalogue()["sets"]:
        assert card_set["sample_data"] is True, card_set["code"]
        assert "Facts" in card_set["notes"] and "Samples" in card_set["notes"], card_set["code"]
        date.fromisoformat(card_set["release_date"])


def test_the_launch_set_is_the_first_booster_of_june_2017():
    launch = next(s for s in catalogue()["sets"] if s["name_ja"] == "第1弾")
    assert launch["release_date"].startswith("2017-06")


def test_every_card_belongs_to_a_declared_set():
    codes = {s["code"] for s in catalogue()["sets"]}
    assert {card["set"] for card in cards()} <= codes


def test_collector_numbers_are_unique_within_a_set():
    keys = Counter((card["set"], card["number"]) for card in cards())
    assert [key for key, count in keys.items() if count > 1] == []


def test_card_names_are_unique_so_decklists_can_name_cards():
    names = Counter(card["name"] for card in cards())
    assert [name for name, count in names.items() if count > 1] == []


def test_every_reading_is_kana():
    assert [card["name"] for card in cards() if not KANA.match(card["reading"])] == []


def test_every_keyword_is_one_seen_on_real_cards():
    bad = [(card["name"], kw) for card in cards() for kw in card["attributes"].get("keywords", [])
           if not REAL_KEYWORD.match(kw)]
    assert bad == []


def test_sample_fields_name_attributes_of_the_card_or_common_fields():
    bad = [(card["name"], field) for card in cards() for field in card["sample_fields"]
           if field not in card["attributes"] and field not in COMMON_SAMPLE_FIELDS]
    assert bad == []


# --- coverage -------------------------------------------------------------------------------------

def test_there_are_at_least_six_masters_and_their_classes_cover_all_five_colours():
    assert len(masters()) >= 6
    assert {c for m in masters() for c in m["attributes"]["colours"]} == set(COLOURS)


def test_a_blue_black_master_exists_for_the_olivier_deck():
    assert any(set(m["attributes"]["colours"]) == {"blue", "black"} for m in masters())


def test_there_are_at_least_eighty_deck_cards_of_all_four_types():
    assert len(deck_cards()) >= 80
    assert {card["card_type"] for card in deck_cards()} == DECK_TYPES


@pytest.mark.parametrize("colour", COLOURS)
def test_each_colour_has_at_least_ten_one_symbol_deck_cards(colour):
    assert sum(card["attributes"]["colours"] == [colour] for card in deck_cards()) >= 10


def test_at_least_four_two_symbol_cards_each_match_some_masters_class():
    classes = {frozenset(m["attributes"]["colours"]) for m in masters()}
    two_symbol = [card for card in deck_cards() if len(card["attributes"]["colours"]) == 2]
    assert len(two_symbol) >= 4
    assert [c["name"] for c in two_symbol if frozenset(c["attributes"]["colours"]) not in classes] == []


def test_a_vanilla_one_cost_minion_is_two_one():
    vanilla = [card["attributes"] for card in deck_cards() if card["card_type"] == "minion"
               and card["attributes"]["unlock_cost"] == 1 and not card["rules_text"]]
    assert vanilla and all((a["atk"], a["hp"]) == (2, 1) for a in vanilla)


def test_no_blue_card_was_released_before_blue_arrived_in_2018():
    early = [card["name"] for card in cards() if "blue" in card["attributes"]["colours"]
             and release(card) < BLUE_ARRIVED]
    assert early == []


@pytest.mark.parametrize("real_list", sorted(LIST_DATES))
def test_every_card_of_a_real_list_was_released_before_the_list_was_played(real_list):
    _, sections = parse_decklist(REAL_LISTS / real_list)
    catalogue_cards = by_name()
    late = [name for entries in sections.values() for _, name, _ in entries
            if release(catalogue_cards[name]) > LIST_DATES[real_list]]
    assert late == []


# --- real cards and their known values ------------------------------------------------------------

def test_every_real_card_is_present_under_its_exact_name_with_its_type():
    catalogue_cards = by_name()
    missing = {name: card_type for name, card_type in real_names().items()
               if catalogue_cards.get(name, {}).get("card_type") != card_type}
    assert missing == {}


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_a_real_cards_known_values_are_exact_and_not_marked_as_samples(name):
    card = by_name()[name]
    _, known = KNOWN[name]
    for field, value in known.items():
        actual = card["attributes"].get(field)
        if field == "colours":
            actual, value = sorted(actual), sorted(value)
        assert actual == value, f"{name}: {field}"
        assert field not in card["sample_fields"], f"{name}: {field}"


@pytest.mark.parametrize("name", sorted(FACT_KEYWORDS))
def test_a_keyword_the_facts_give_is_on_the_card_and_refereed(name):
    card = by_name()[name]
    assert card["attributes"]["keywords"] == FACT_KEYWORDS[name] and "keywords" not in card["sample_fields"]
    assert [k["keyword"] for k in card["abilities"]["keywords"]] == FACT_KEYWORDS[name]


def test_the_set_four_cards_of_the_facts_are_in_set_four():
    assert {by_name()[name]["set"] for name in SET_FOUR} == {"LG04"}


def test_every_product_line_of_the_rules_document_is_a_set_with_its_kinds():
    # Legions rules, 商品情報: スターターセット (no kinds printed), 第1弾 110, 第2弾 60, the two constructed decks
    # ("2種": two products, their kinds not printed), 第3弾 83, 第4弾 58
    sets = {s["name_ja"]: (s["release_date"][:7], s["kinds"], s["sold_as"]) for s in catalogue()["sets"]}
    assert sets == {
        "スターターセット": ("2017-06", None, "構築済みデッキ（60/1500+税）"),
        "第1弾": ("2017-06", 110, "ブースター（10/350+税）"),
        "第2弾": ("2017-11", 60, "ブースター（10/350+税）"),
        "構築済みデッキ 冥界氾濫": ("2018-05", None, "構築済みデッキ（47/2000+税）"),
        "構築済みデッキ 運命の手繰り糸": ("2018-05", None, "構築済みデッキ（47/2000+税）"),
        "第3弾": ("2018-08", 83, "ブースター（10/350+税）"),
        "第4弾": ("2019-04", 58, "ブースター（10/350+税）"),
    }


def test_the_face_down_card_of_the_facts_places_a_card_face_down():
    # 死者の蘇生 places a card face down (リバース状態): its effect says so, and the engine referees it
    card = by_name()["死者の蘇生"]
    assert "リバース状態" in card["rules_text"]
    assert card["abilities"]["effects"][0]["face_down"] is True


@pytest.mark.parametrize("name", sorted(PRINTED_TEXT))
def test_a_real_cards_printed_text_quoted_by_spec_d1_is_its_rules_text_not_a_sample(name):
    card = by_name()[name]
    assert card["rules_text"] == PRINTED_TEXT[name] and "rules_text" not in card["sample_fields"]


@pytest.mark.parametrize("name", sorted(GUESSED_TYPE))
def test_a_real_card_whose_type_a_source_only_guesses_marks_its_type_as_a_sample(name):
    assert "card_type" in by_name()[name]["sample_fields"]


def test_every_masters_awakened_text_says_what_our_default_awakened_core_reading_does():
    from referee.games.legions.readings import DEFAULT

    where = {"active": "ゲーム外からコア1個をコア活性エリアに置く",
             "master": "ゲーム外からコア1個をこのカードの上に置く"}
    expected = where.get(DEFAULT.awakened_core)
    texts = {m["name"]: m["attributes"]["awakened_text"] for m in masters()}
    assert expected and all(expected in text and "もよい" not in text for text in texts.values()), texts
    assert all("awakened_text" in m["sample_fields"] for m in masters())


def test_no_sample_text_gives_a_standby_card_a_wait_turn():
    # standby cards are out of the timeline: they have no wait turn to change
    text = {c["name"]: c["rules_text"] for c in cards()}
    assert [name for name, t in text.items() if "スタンバイカード" in t and "ウェイトターン" in t] == []


def test_the_engine_has_abilities_for_every_deck_card_marked_as_samples_exactly_when_its_text_is_one():
    from referee.games.legions.cards import table

    abilities = table()
    assert [c["name"] for c in deck_cards() if c["name"] not in abilities] == []
    assert [c["name"] for c in deck_cards()
            if abilities[c["name"]].get("sample") is not ("rules_text" in c["sample_fields"])] == []


def test_olivier_is_a_legend_rare_not_marked_as_a_sample():
    card = by_name()["冥界の魔導竜『オリヴィエ』"]
    assert card["rarity"] == KNOWN_RARITY[card["name"]] and "rarity" not in card["sample_fields"]


def test_every_value_of_a_real_card_is_either_known_or_listed_as_a_sample():
    catalogue_cards = by_name()
    unmarked = []
    for name in real_names():
        card = catalogue_cards[name]
        known = set(KNOWN.get(name, ("", {}))[1])
        known |= {"keywords"} if name in FACT_KEYWORDS else set()
        known |= {"rarity"} if name in KNOWN_RARITY else set()
        known |= {"rules_text"} if name in KNOWN_TEXT else set()
        # An empty keyword list is no value: the schema fills it in on every card.
        values = {field for field, value in card["attributes"].items() if value != []}
        values |= {"rarity", "rules_text"}
        unmarked += [(name, field) for field in values - known - set(card["sample_fields"])]
    assert unmarked == []


def test_real_cards_are_not_marked_as_invented():
    catalogue_cards = by_name()
    assert [name for name in real_names() if "name" in catalogue_cards[name]["sample_fields"]] == []


def test_every_invented_card_marks_its_name_and_every_value_as_samples():
    real = real_names()
    unmarked = [(card["name"], field) for card in cards() if card["name"] not in real
                for field in {"name", "rarity", "rules_text", *card["attributes"]}
                if field not in card["sample_fields"]]
    assert unmarked == []


def test_the_launch_masters_are_in_the_launch_set_and_hoshizaki_inori_is_red_green():
    catalogue_cards = by_name()
    assert {catalogue_cards[name]["set"] for name in LAUNCH_MASTERS} == {"LG01"}
    assert sorted(catalogue_cards["星崎イノリ"]["attributes"]["colours"]) == ["green", "red"]


# --- sample decks ---------------------------------------------------------------------------------

@pytest.mark.parametrize("deck_file", sorted(SAMPLE_DECKS))
def test_a_sample_deck_declares_the_legions_standard_format(deck_file):
    headers, _ = parse_decklist(ROOT / "seeds" / "decks" / deck_file)
    assert (headers["Game"], headers["Format"]) == ("legions", "legions_standard") and headers["Name"]


@pytest.mark.parametrize("deck_file", sorted(SAMPLE_DECKS))
def test_a_sample_deck_has_forty_cards_and_at_most_three_copies_of_each(deck_file):
    _, sections = parse_decklist(ROOT / "seeds" / "decks" / deck_file)
    copies = Counter()
    for count, name, _ in sections["deck"]:
        copies[name] += count
    assert sum(copies.values()) == 40
    assert [name for name, count in copies.items() if count > 3] == []


@pytest.mark.parametrize("deck_file", sorted(SAMPLE_DECKS))
def test_a_sample_deck_names_one_master_and_only_deck_types_in_its_deck(deck_file):
    _, sections = parse_decklist(ROOT / "seeds" / "decks" / deck_file)
    catalogue_cards = by_name()
    master = [(count, catalogue_cards[name]["card_type"]) for count, name, _ in sections["master"]]
    assert master == [(1, "master")]
    assert {catalogue_cards[name]["card_type"] for _, name, _ in sections["deck"]} <= DECK_TYPES


@pytest.mark.parametrize("deck_file", sorted(SAMPLE_DECKS))
def test_a_sample_decks_two_symbol_cards_match_its_masters_class_exactly(deck_file):
    _, sections = parse_decklist(ROOT / "seeds" / "decks" / deck_file)
    catalogue_cards = by_name()
    klass = set(catalogue_cards[sections["master"][0][1]]["attributes"]["colours"])
    colours = [set(catalogue_cards[name]["attributes"]["colours"]) for _, name, _ in sections["deck"]]
    assert all(c == klass for c in colours if len(c) == 2)


@pytest.mark.parametrize("deck_file", sorted(SAMPLE_DECKS))
def test_a_sample_deck_keeps_the_real_lists_cards_and_counts(deck_file):
    _, sample = parse_decklist(ROOT / "seeds" / "decks" / deck_file)
    _, real = parse_decklist(REAL_LISTS / SAMPLE_DECKS[deck_file])
    assert [(c, n) for c, n, _ in sample["deck"]] == [(c, n) for c, n, _ in real["deck"]]
    if "master" in real:
        assert sample["master"] == real["master"]


def test_the_olivier_deck_is_played_with_a_blue_black_master():
    _, sections = parse_decklist(ROOT / "seeds" / "decks" / "legions_olivier_2018.txt")
    master = by_name()[sections["master"][0][1]]
    assert sorted(master["attributes"]["colours"]) == ["black", "blue"]


# --- the generator --------------------------------------------------------------------------------

def test_the_seed_file_is_what_the_generator_writes():
    tool = ROOT / "seeds" / "tools" / "make_legions.py"
    spec = importlib.util.spec_from_file_location("make_legions", tool)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert CATALOGUE.read_text(encoding="utf-8") == module.render()

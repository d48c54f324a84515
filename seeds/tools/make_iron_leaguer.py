"""Generate ``seeds/catalogue/iron_leaguer.json``, the Iron Leaguer seed catalogue (sample values for play).

Run from the project root: ``python seeds/tools/make_iron_leaguer.py``. The JSON it writes is the source of
truth; this script only documents how the sample values were laid out so they can be re-balanced in one place.

Attributes are written in the schema's normalised form (defaults filled in, growth/persons "−" as null), the
same form ``exportcards`` writes, so an import followed by an export gives this file back.

Layout (rules: /work/shared/rules/iron_leaguer.ja.txt):
- set ``IL``: the IL cards. Silver starters 001-011 and Dark starters 012-022, each in starting line-up
  order (slot 1..11 of the forced-retirement d66 table, IL 12.3.2), then the IL deck (IL 2.3): Dark leaguers
  and stray leaguers.
- sets ``T1``/``T2``/``T3``: the technique decks of the 1st, 2nd and 3rd period (IL 2.4, 14.4), 36 cards each.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from cards.games import SCHEMAS  # noqa: E402  (the script runs from anywhere, the package lives at ROOT)

OUT = ROOT / "seeds" / "catalogue" / "iron_leaguer.json"
IL_SAMPLE_FIELDS = ["heart", "skill", "body", "growth", "kinds"]
TECH_SAMPLE_FIELDS = ["period", "upper", "lower"]
# ILs the rules name (IL 19.4, 19.5, 21.6, 21.7): their affiliation is a reading of the rules, not a sample.
RULE_NAMED = {"極十郎太", "ブルアーマー", "トップジョイ", "GZ", "ファイタースピリッツ", "ファイターアロー"}
NONE = "−"

# (name, reading, heart, skill, body, growth, kinds); growth None is "−" (IL 11.7).
SILVER_STARTERS = [
    ("マグナムエース", "まぐなむえーす", 5, 7, 6, 5, ["arm", "strike"]),
    ("マッハウインディ", "まっはういんでぃ", 4, 7, 5, 5, ["leg"]),
    ("キアイリュウケン", "きあいりゅうけん", 4, 4, 6, 5, ["martial"]),
    ("シルバー量産型リーガーA", "しるばーりょうさんがたりーがーA", 3, 3, 3, 4, ["leg"]),
    ("シルバー量産型リーガーB", "しるばーりょうさんがたりーがーB", 3, 3, 3, 4, ["arm"]),
    ("シルバー量産型リーガーC", "しるばーりょうさんがたりーがーC", 2, 3, 4, 4, ["strike"]),
    ("シルバー量産型リーガーD", "しるばーりょうさんがたりーがーD", 2, 4, 3, 4, ["leg"]),
    ("シルバー量産型リーガーE", "しるばーりょうさんがたりーがーE", 3, 2, 4, 4, ["martial"]),
    ("シルバー量産型リーガーF", "しるばーりょうさんがたりーがーF", 2, 3, 3, 3, ["arm"]),
    ("シルバー量産型リーガーG", "しるばーりょうさんがたりーがーG", 2, 3, 3, 3, ["leg", "strike"]),
    ("シルバー量産型リーガーH", "しるばーりょうさんがたりーがーH", 3, 2, 3, 3, ["arm"]),
]
DARK_STARTERS = [
    ("ゴールドマスク", "ごーるどますく", 1, 6, 6, 3, ["leg"]),
    ("ゴールドアーム", "ごーるどあーむ", 1, 6, 5, 3, ["arm", "leg"]),
    ("ゴールドフット", "ごーるどふっと", 1, 5, 6, 3, ["leg"]),
    ("ダーク量産型リーガーA", "だーくりょうさんがたりーがーA", 0, 4, 5, None, ["martial"]),
    ("ダーク量産型リーガーB", "だーくりょうさんがたりーがーB", 0, 5, 4, None, ["arm"]),
    ("ダーク量産型リーガーC", "だーくりょうさんがたりーがーC", 0, 4, 5, 1, ["leg"]),
    ("ダーク量産型リーガーD", "だーくりょうさんがたりーがーD", 0, 5, 5, None, ["strike"]),
    ("ダーク量産型リーガーE", "だーくりょうさんがたりーがーE", 0, 4, 6, 1, ["martial"]),
    ("ダーク量産型リーガーF", "だーくりょうさんがたりーがーF", 1, 4, 4, 2, ["leg"]),
    ("ダーク量産型リーガーG", "だーくりょうさんがたりーがーG", 0, 5, 4, 1, ["arm", "strike"]),
    ("ダーク量産型リーガーH", "だーくりょうさんがたりーがーH", 0, 4, 5, None, ["martial"]),
]
DARK_LEAGUERS = [
    ("トップジョイ", "とっぷじょい", 3, 6, 4, 4, ["arm"]),
    ("GZ", "じーぜっと", 3, 5, 6, 4, ["strike"]),
    ("ファイタースピリッツ", "ふぁいたーすぴりっつ", 2, 8, 7, 3, ["leg", "strike"]),
    ("ファイターアロー", "ふぁいたーあろー", 2, 7, 8, 3, ["strike", "leg"]),
    ("ダーク財団リーガーA", "だーくざいだんりーがーA", 0, 5, 5, None, ["martial"]),
    ("ダーク財団リーガーB", "だーくざいだんりーがーB", 0, 6, 4, None, ["arm"]),
    ("ダーク財団リーガーC", "だーくざいだんりーがーC", 1, 5, 5, 2, ["leg"]),
    ("ダーク財団リーガーD", "だーくざいだんりーがーD", 1, 4, 6, 2, ["strike"]),
    ("ダーク財団リーガーE", "だーくざいだんりーがーE", 1, 6, 5, 2, ["leg"]),
    ("ダーク財団リーガーF", "だーくざいだんりーがーF", 0, 5, 6, 1, ["martial", "arm"]),
    ("ダーク財団リーガーG", "だーくざいだんりーがーG", 2, 5, 4, 3, ["arm"]),
    ("ダーク財団リーガーH", "だーくざいだんりーがーH", 1, 6, 6, 2, ["strike"]),
]
STRAY_LEAGUERS = [
    ("極十郎太", "きわみじゅうろうた", 4, 7, 5, 5, ["martial", "strike"]),
    ("ブルアーマー", "ぶるあーまー", 3, 4, 8, 4, ["arm", "martial"]),
    ("ワット", "わっと", 3, 4, 3, 5, ["arm"]),
    ("アンプ", "あんぷ", 3, 3, 4, 5, ["leg"]),
    ("はぐれリーガーA", "はぐれりーがーA", 2, 4, 4, 4, ["leg"]),
    ("はぐれリーガーB", "はぐれりーがーB", 2, 5, 3, 4, ["arm"]),
    ("はぐれリーガーC", "はぐれりーがーC", 3, 3, 4, 5, ["strike"]),
    ("はぐれリーガーD", "はぐれりーがーD", 1, 5, 5, 3, ["martial"]),
    ("はぐれリーガーE", "はぐれりーがーE", 2, 4, 5, 4, ["leg", "arm"]),
    ("はぐれリーガーF", "はぐれりーがーF", 3, 4, 3, 5, ["strike"]),
    ("はぐれリーガーG", "はぐれりーがーG", 1, 6, 4, 3, ["arm"]),
    ("はぐれリーガーH", "はぐれりーがーH", 2, 3, 6, 4, ["martial"]),
]


def il_cards() -> list[dict]:
    """The IL cards in collector order: Silver starters, Dark starters, Dark leaguers, stray leaguers."""
    groups = [
        ("silver_starter", SILVER_STARTERS),
        ("dark_starter", DARK_STARTERS),
        ("dark_leaguer", DARK_LEAGUERS),
        ("stray_leaguer", STRAY_LEAGUERS),
    ]
    cards = []
    for affiliation, rows in groups:
        for name, reading, heart, skill, body, growth, kinds in rows:
            sample = list(IL_SAMPLE_FIELDS) + ([] if name in RULE_NAMED else ["affiliation"])
            cards.append({
                "set": "IL", "number": f"{len(cards) + 1:03d}", "name": name, "reading": reading,
                "card_type": "il", "rarity": "", "rules_text": "", "flavour_text": "",
                "attributes": {"affiliation": affiliation, "heart": heart, "skill": skill, "body": body,
                               "growth": NONE if growth is None else growth, "kinds": kinds},
                "sample_fields": sample,
            })
    return cards


# --- technique halves --------------------------------------------------------------------------------------
# A half is written as a dict; ``req`` is (heart, skill, body). Values below are the 1st-period values; later
# periods are scaled by ``scale_half``.

def atk(name, kind, persons, req, attack, **extra):
    return _half(name, kind, "attack", persons, req, attack=attack, **extra)


def dfn(name, kind, persons, req, defence, on="attack_right", **extra):
    return _half(name, kind, "defence", persons, req, defence=defence, on_defence=on, **extra)


def either(name, kind, persons, req, attack, defence, on="attack_right", **extra):
    return _half(name, kind, "either", persons, req, attack=attack, defence=defence, on_defence=on, **extra)


def rough(name, kind, req, value, penalty):
    return _half(name, kind, "attack", 1, req, rough_play=True, rough_value=value, rough_penalty=penalty,
                 text="ラフプレー（ダークのみ）")


def _half(name, kind, timing, persons, req, **extra):
    heart, skill, body = req
    half = {"name": name, "kind": kind, "timing": timing, "persons": NONE if persons is None else persons,
            "heart": heart, "skill": skill, "body": body}
    half.update(extra)
    return half


def named(ils, half):
    return {**half, "kind": "named", "named_ils": list(ils)}


DEFENCE = dfn("ディフェンス", "any", None, (0, 1, 1), 9)  # IL 5.4.7, 8.6.4
BLOCK = dfn("ブロック", "any", 1, (0, 1, 2), 10)  # IL 8.6.4
GOLDS = ("ゴールドマスク", "ゴールドアーム", "ゴールドフット")
FIGHTERS = ("ファイタースピリッツ", "ファイターアロー")

COMMON = [
    (atk("パワーシュート", "any", 1, (0, 2, 2), 10), DEFENCE),
    (atk("パワーシュート", "any", 1, (0, 2, 2), 10), DEFENCE),
    (atk("パワーシュート", "any", 1, (0, 2, 2), 10), BLOCK),
    (atk("スピードドリブル", "leg", 1, (0, 3, 1), 11), DEFENCE),
    (atk("スライディングシュート", "leg", 1, (0, 2, 3), 11), BLOCK),
    (atk("ロングスロー", "arm", 1, (0, 3, 2), 11), DEFENCE),
    (atk("剛速球", "arm", 1, (1, 4, 2), 12), BLOCK),
    (atk("ライナーショット", "strike", 1, (0, 3, 3), 11), DEFENCE),
    (atk("スラップショット", "strike", 1, (1, 3, 4), 12), BLOCK),
    (atk("正拳突き", "martial", 1, (1, 2, 3), 11), DEFENCE),
    (atk("回し蹴り", "martial", 1, (1, 3, 3), 12), BLOCK),
    (atk("ワンツーパス", "any", 2, (1, 2, 2), 12), dfn("カットイン", "any", 1, (0, 2, 2), 10)),
    (atk("ダブルアタック", "any", 2, (1, 3, 3), 13), DEFENCE),
    (atk("クロスプレー", "leg", 2, (1, 3, 2), 13), BLOCK),
    (atk("トライアングルパス", "any", 3, (1, 2, 2), 14), DEFENCE),
    (atk("トリプルアタック", "any", 3, (2, 3, 3), 15), BLOCK),
    (either("オーバーヘッドキック", "leg", 1, (1, 4, 2), 12, 9), DEFENCE),
    (either("ヘディング", "any", 1, (0, 2, 3), 10, 10), BLOCK),
    (either("ジャンピングキャッチ", "arm", 1, (0, 2, 2), 10, 10), BLOCK),
    (dfn("ゴールキーピング", "arm", 1, (0, 3, 3), 12),
     atk("ロングパス", "any", 1, (0, 1, 1), 13, moves_attack_right=True, text="使用すると攻撃権が移る")),
    (dfn("ダブルブロック", "any", 2, (0, 2, 3), 12, on="reset", text="防御成功時：リセット"),
     atk("ミドルシュート", "any", 1, (0, 2, 2), 10)),
    (dfn("鉄壁", "any", 3, (0, 2, 2), 13, on="reset", text="防御成功時：リセット"),
     atk("ドリブル", "any", 1, (0, 1, 1), 9)),
    (dfn("カウンタータックル", "martial", 1, (1, 3, 3), 11, on="counter", text="防御成功時：カウンター"),
     DEFENCE),
    (dfn("インターセプト", "leg", 1, (1, 3, 2), 11, on="counter", text="防御成功時：カウンター"),
     atk("ショートパス", "any", 1, (0, 1, 1), 9)),
    (either("根性プレー", "any", 1, (2, 1, 2), 10, 10, growth_bonus=2, text="心の成長判定（成長値＋2）"),
     DEFENCE),
    (atk("魂のシュート", "any", 1, (3, 2, 2), 12, growth_bonus=3, text="心の成長判定（成長値＋3）"), BLOCK),
    (rough("ラフタックル", "any", (0, 1, 3), 10, 2), DEFENCE),
    (rough("エルボースマッシュ", "martial", (0, 2, 3), 11, 2), BLOCK),
    (rough("スパイクキック", "leg", (0, 2, 2), 10, 2), DEFENCE),
    (rough("ボディプレス", "any", (0, 1, 4), 11, 3), BLOCK),
    (named(["マグナムエース"], atk("44ソニック", "named", 1, (3, 5, 3), 15)), DEFENCE),
    (named(["キアイリュウケン"], atk("リュウテツケン", "named", 1, (2, 3, 4), 14)), BLOCK),
    (named(GOLDS, atk("ゴールドトライアングル", "named", 3, (0, 4, 4), 16)), DEFENCE),
    (named(["極十郎太"], dfn("見切り", "named", 1, (3, 4, 2), 13, on="counter",
                             text="防御成功時：カウンター")),
     atk("居合い斬り", "martial", 1, (2, 5, 3), 13)),
    (atk("ドリブル突破", "any", 1, (0, 2, 1), 10), DEFENCE),
]
# One card per period that only appears from that period on (the ILs it names join in later scenes).
PERIOD_EXTRA = {
    1: (atk("ダッシュ", "any", 1, (0, 1, 1), 9), DEFENCE),
    2: (named(["トップジョイ"], atk("ギャラクティカ・ペガサス・シュート", "named", 1, (3, 5, 3), 14,
                                   growth_bonus=2, text="心の成長判定（成長値＋2）")), BLOCK),
    3: (named(FIGHTERS, atk("ツインフォーメーション", "named", 2, (1, 6, 6), 15)), DEFENCE),
}

READINGS = {
    "剛速球": "ごうそっきゅう", "正拳突き": "せいけんづき", "回し蹴り": "まわしげり",
    "根性プレー": "こんじょうぷれー", "魂のシュート": "たましいのしゅーと", "鉄壁": "てっぺき",
    "見切り": "みきり", "居合い斬り": "いあいぎり",
    "44ソニック": "ふぉーてぃーふぉーそにっく",
}


def reading(name: str) -> str:
    """Kana reading: katakana turned to hiragana; kanji names looked up in READINGS."""
    if name in READINGS:
        return READINGS[name]
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in name).replace("・", "")


def scale_half(half: dict, period: int) -> dict:
    """Scale a 1st-period half to ``period``: values +1 per period, heart 2+ requirements up as ILs grow."""
    step = period - 1
    out = dict(half)
    for key in ("attack", "defence", "rough_value"):
        if key in out:
            out[key] += step
    if out["heart"] >= 2:  # heart-hungry techniques follow Silver's growing hearts; heart 0-1 stays for Dark
        out["heart"] += step
    if period == 3 and out["name"] not in ("ディフェンス", "ブロック"):
        out["skill"] += 1
    return out


def technique_cards(period: int) -> list[dict]:
    """The technique deck of ``period`` (1-3): COMMON scaled to the period plus its extra card."""
    cards = []
    for upper, lower in COMMON + [PERIOD_EXTRA[period]]:
        up, low = scale_half(upper, period), scale_half(lower, period)
        cards.append({
            "set": f"T{period}", "number": f"{len(cards) + 1:03d}", "name": f"{up['name']}／{low['name']}",
            "reading": f"{reading(up['name'])}／{reading(low['name'])}", "card_type": "technique",
            "rarity": "", "rules_text": "", "flavour_text": "",
            "attributes": {"period": period, "upper": up, "lower": low},
            "sample_fields": list(TECH_SAMPLE_FIELDS),
        })
    return cards


IL_NOTES = " ".join([
    "Sample data for play, not the published card list.",
    "Names: マグナムエース, マッハウインディ, キアイリュウケン, 極十郎太, ブルアーマー, トップジョイ, GZ,",
    "ゴールドマスク/アーム/フット (Dark Prince), ファイタースピリッツ/ファイターアロー (Dark Swan),",
    "ワット and アンプ (OVA) are the anime's characters; names ending in a letter",
    "(シルバー量産型リーガーA, ダーク量産型リーガーA, ダーク財団リーガーA, はぐれリーガーA...)",
    "are placeholders for ILs whose published cards we do not have.",
    "Every heart/skill/body/growth value and technique kind is a sample value.",
    "Affiliations follow the rules: 極十郎太 and ブルアーマー are stray leaguers",
    "(not Silver starters: IL 19.5 lists them apart; Dark may never scout them);",
    "ファイタースピリッツ and ファイターアロー are Dark leaguers that never leave Dark (IL 19.4, 21.6);",
    "トップジョイ and GZ are Dark leaguers with the +2 departure bonus (IL 21.7).",
    "Dark starters with growth − are retired on a loss (IL 12.2).",
    "Collector order 001-011 (Silver) and 012-022 (Dark) is the starting line-up slot order 1-11",
    "of the forced-retirement table (IL 12.3.2); 023-046 are the IL deck (IL 2.3).",
])
TECH_NOTES = " ".join([
    "Sample data for play, not the published card list: the technique names",
    "(except the anime's signature moves 44ソニック, リュウテツケン and ギャラクティカ・ペガサス・シュート),",
    "kinds, timings, persons and every value are sample values.",
    "Each card has an upper and a lower half (IL 5.2).",
    "'ディフェンス' and 'ブロック' are lower-half defences that always pass the attack right",
    "on success (IL 8.6.4); several copies of 'ディフェンス' may be used at once (IL 5.4.7).",
])
GAME = {"code": "iron_leaguer", "name": "Iron Leaguer", "name_ja": "疾風！アイアンリーガー カードゲーム"}


def catalogue() -> dict:
    # release_date null: the rules text carries no date and we know of none to cite.
    # kinds null and sold_as empty: no source we have gives the product's kinds or packaging
    sets = [{"code": "IL", "name": "Iron Leaguers", "name_ja": "アイアンリーガー", "release_date": None,
             "sample_data": True, "notes": IL_NOTES, "kinds": None, "sold_as": ""}]
    cards = il_cards()
    for period in (1, 2, 3):
        sets.append({"code": f"T{period}", "name": f"Techniques, period {period}",
                     "name_ja": f"技カード {period}期", "release_date": None, "sample_data": True,
                     "notes": TECH_NOTES, "kinds": None, "sold_as": ""})
        cards.extend(technique_cards(period))
    cards = [normalised(card) for card in cards]
    return {"format": "shinpan.cards", "version": 1, "game": GAME, "sets": sets, "cards": cards}


def normalised(card: dict) -> dict:
    """The card with its attributes as the schema normalises them (what ``exportcards`` writes): defaults
    filled in, "−" written as null. ValueError naming the card if the schema refuses it."""
    cleaned, errors = SCHEMAS["iron_leaguer"].clean(card["card_type"], card["attributes"])
    if errors:
        raise ValueError(f"{card['set']} {card['number']} {card['name']}: {'; '.join(map(str, errors))}")
    # A card file names every field (docs/formats.md); seed cards have no image yet, and Iron Leaguer cards
    # have no abilities vocabulary (their effects are the engine's rules).
    return {**card, "attributes": cleaned, "abilities": {}, "image": "", "thumbnail": ""}


def dump(data: dict) -> str:
    """JSON text with one set or card per line, so a change to one card is a one-line diff."""
    def one(value) -> str:
        return json.dumps(value, ensure_ascii=False)

    head = ", ".join(f"{one(k)}: {one(data[k])}" for k in ("format", "version", "game"))
    sets = ",\n  ".join(one(s) for s in data["sets"])
    cards = ",\n  ".join(one(c) for c in data["cards"])
    return f"{{{head},\n \"sets\": [\n  {sets}],\n \"cards\": [\n  {cards}]}}\n"


def main() -> int:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(dump(catalogue()), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Write the Legions! seed catalogue, ``seeds/catalogue/legions.json``.

The catalogue is kept here as one call per card and written out as the ``shinpan.cards`` JSON format
(version 1), so a reviewer reads one call per card. The JSON file is what the app loads; this generator must
reproduce it byte for byte (tests/seeds/test_legions_seed.py checks that), so edit here and re-run.

Facts come from ../shared/data/legions_public_facts.md (names, known values), part D1 of
../shared/rules/legions_riders_referee_spec.md (more real cards, some with their printed text) and the two
public decklists (names, card types); every other value is a sample for play and is listed in the card's
``sample_fields`` (``card_type`` too where a source only guesses the type). Invented cards list ``name`` too.
``keywords`` holds keyword abilities (速攻, 強襲, 移動攻撃, ブロック不可, 衝撃N, 挺身); trigger timings
(《ブレイク時》, 配置時, アンロック時) open the ``rules_text``, which is the printed wording where a source quotes
it (spec D1) and otherwise renders an effect in short. A sample text says only what the engine's sample
abilities of the card do (referee/games/legions/card_abilities.json). Each card's ``abilities`` is copied from
that file (the one source of the seed abilities; a card it does not name, a master, gets ``{}``).

Usage: ``.venv/bin/python seeds/tools/make_legions.py [output path]`` (default: the seed file).
The output is deterministic: running it twice gives the same bytes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

OUTPUT = Path(__file__).resolve().parents[1] / "catalogue" / "legions.json"

B, R, W, G, U = "black", "red", "white", "green", "blue"

# kinds and sold_as: the product table of ../shared/rules/legions.ja.txt (商品情報: 種類数, 発売形式) as printed;
# kinds None where it gives none (the starter set; the two constructed decks, listed together as "2種").
SETS = [
    {
        "code": "LGST", "name": "Starter set", "name_ja": "スターターセット",
        "release_date": "2017-06-24", "sample_data": True, "kinds": None, "sold_as": "構築済みデッキ（60/1500+税）",
        "notes": (
            "Real starter set (2017/6). Facts: the product, its month and how the rules' product table says it was "
            "sold (a preconstructed deck, 60 cards); spec A1.6 reports it as two 25-card mini decks, which we cannot "
            "reconcile. Its number of kinds and its cards are not known to us: none is catalogued. Samples: the "
            "release day."
        ),
    },
    {
        "code": "LG01", "name": "Booster 1", "name_ja": "第1弾",
        "release_date": "2017-06-24", "sample_data": True, "kinds": 110, "sold_as": "ブースター（10/350+税）",
        "notes": (
            "Real launch booster (2017/6, 110 kinds). Facts: the set, its month, the six launch "
            "masters, 星崎イノリ's class, and every value listed in the Legions public facts table; "
            "the names and card types of the cards in the public マオ・ニャン decklist (2017-06-25). "
            "Samples: the release day, collector numbers, which real card sits in which set, every "
            "value listed in a card's sample_fields, and every card whose sample_fields include "
            "'name' (an invented card for play)."
        ),
    },
    {
        "code": "LG02", "name": "Booster 2", "name_ja": "第2弾",
        "release_date": "2017-11-25", "sample_data": True, "kinds": 60, "sold_as": "ブースター（10/350+税）",
        "notes": (
            "Real booster (2017/11, 60 kinds). Facts: the set and its month; real card names and the "
            "values in the public facts table. Samples: the release day, collector numbers, the set "
            "of each real card, values listed in sample_fields, and invented cards (sample_fields "
            "include 'name')."
        ),
    },
    {
        "code": "LGSD1", "name": "Constructed deck: Underworld Flood", "name_ja": "構築済みデッキ 冥界氾濫",
        "release_date": "2018-05-26", "sample_data": True, "kinds": None, "sold_as": "構築済みデッキ（47/2000+税）",
        "notes": (
            "Real preconstructed deck (2018/5) with which the blue colour arrived. Facts: the product "
            "and its month; real card names and the values in the public facts table (e.g. "
            "オリヴィエ, プルモーの毒銛撃ち); the names and types of the public blue/black Olivier "
            "decklist (2018-07). Samples: the release day, the master ソウルダイバー 深海リラ "
            "(invented: the report names no master), collector numbers, the set of each real card and "
            "every value listed in sample_fields."
        ),
    },
    {
        "code": "LGSD2", "name": "Constructed deck: Thread of Fate",
        "name_ja": "構築済みデッキ 運命の手繰り糸",
        "release_date": "2018-05-26", "sample_data": True, "kinds": None, "sold_as": "構築済みデッキ（47/2000+税）",
        "notes": (
            "Real preconstructed deck (2018/5). Facts: the product and its month. Samples: every card "
            "in it here is invented for play (sample_fields include 'name'), as are the release day "
            "and numbers."
        ),
    },
    {
        "code": "LG03", "name": "Booster 3", "name_ja": "第3弾",
        "release_date": "2018-08-25", "sample_data": True, "kinds": 83, "sold_as": "ブースター（10/350+税）",
        "notes": (
            "Real booster (2018/8, 83 kinds). Facts: the set and its month; real card names and the "
            "values in the public facts table. Samples: the release day, numbers, the set of each "
            "real card, values in sample_fields, and invented cards (sample_fields include 'name')."
        ),
    },
    {
        "code": "LG04", "name": "Booster 4", "name_ja": "第4弾",
        "release_date": "2019-04-27", "sample_data": True, "kinds": 58, "sold_as": "ブースター（10/350+税）",
        "notes": (
            "Real booster (2019/4, 58 kinds). Facts: the set and its month; the names and known values of "
            "the set 4 cards in the public facts (あずきあらい, 樹海のチアガール, クローネの占星術師, "
            "コピースペル). Samples: the release day, numbers, every value listed in a card's sample_fields, "
            "and invented cards (sample_fields include 'name')."
        ),
    },
]

CARD_KEYS = ["set", "number", "name", "reading", "card_type", "rarity", "rules_text", "flavour_text",
             "attributes", "sample_fields", "abilities", "image", "thumbnail"]
# The one source of the seed cards' abilities: the engine's data, keyed by card name (copied, never edited here).
ABILITIES = Path(__file__).resolve().parents[2] / "referee" / "games" / "legions" / "card_abilities.json"
NO_IMAGE = {"image": "", "thumbnail": ""}  # a card file names every field; seed cards have no image yet
ATTR_ORDER = ["colours", "class_label", "awakened_name", "awakened_text", "unlock_cost", "core_cost", "atk",
              "hp", "wt", "keywords", "category", "finisher"]
INVENTED = object()
cards = []


def card(set_code, name, reading, card_type, colours, rarity, text="", sample=INVENTED, **attrs):
    attrs = {"colours": colours, **attrs}
    attrs.setdefault("keywords", [])  # what the schema fills in: the seed is in its normalised form
    attrs = {k: attrs[k] for k in ATTR_ORDER if k in attrs}
    if sample is INVENTED:
        sample = ["name", "rarity", "rules_text", *attrs]
    else:
        sample = list(sample)
    cards.append({"set": set_code, "name": name, "reading": reading, "card_type": card_type, "rarity": rarity,
                  "rules_text": text, "flavour_text": "", "attributes": attrs, "sample_fields": sample})


def minion(set_code, name, reading, colours, rarity, cost, atk, hp, wt, text="", sample=INVENTED, **kw):
    card(set_code, name, reading, "minion", colours, rarity, text, sample, unlock_cost=cost, atk=atk, hp=hp,
         wt=wt, **kw)


def lord(set_code, name, reading, colours, rarity, cost, cc, atk, hp, text="", sample=INVENTED, **kw):
    card(set_code, name, reading, "lord", colours, rarity, text, sample, unlock_cost=cost, core_cost=cc,
         atk=atk, hp=hp, **kw)


def skill(set_code, name, reading, colours, rarity, cost, wt, text="", sample=INVENTED, **kw):
    card(set_code, name, reading, "skill", colours, rarity, text, sample, unlock_cost=cost, wt=wt, **kw)


def arts(set_code, name, reading, colours, rarity, cost, text="", sample=INVENTED, **kw):
    card(set_code, name, reading, "arts", colours, rarity, text, sample, unlock_cost=cost, **kw)


MASTER_TEXT = ("コアフェイズ開始時、このカードの上のコア1個をコア活性エリアに送る。"
               "上のコアがすべて無くなった時、覚醒モードになる。")
# The awakened master's core ability as our default reading awakened_core = "active" applies it (spec A3.5,
# Q-L4: unknown, so a sample): docs/rules/legions.md, referee/games/legions/readings.py.
AWAKE_TEXT = "コアフェイズ開始時、ゲーム外からコア1個をコア活性エリアに置く。"
MASTER_SAMPLE = ["rarity", "rules_text", "awakened_name", "awakened_text"]


def master(set_code, name, reading, colours, label, sample_extra=(), invented=False):
    sample = INVENTED if invented else [*MASTER_SAMPLE, *sample_extra]
    card(set_code, name, reading, "master", colours, "SR", MASTER_TEXT, sample, class_label=label,
         awakened_name=f"覚醒{label}", awakened_text=AWAKE_TEXT)


# --- Masters ---------------------------------------------------------------------------------------
master("LG01", "星崎イノリ", "ほしざきイノリ", [R, G], "フェアリーテイマー")
master("LG01", "シグ・マクダネル", "シグ・マクダネル", [R, W], "ジェネラル", ["colours"])
master("LG01", "時任サクジ", "ときとうサクジ", [W, B], "ルーンブレイダー", ["colours"])
master("LG01", "マオ・ニャン", "マオ・ニャン", [B, R], "ウィザード", ["colours"])
master("LG01", "勝浦カヨ", "かつうらカヨ", [G, W], "シャーマン", ["colours", "class_label"])
master("LG01", "エリザベス・ロンズデール", "エリザベス・ロンズデール", [B, G], "エクソシスト",
       ["colours", "class_label"])
master("LGSD1", "深海リラ", "ふかみリラ", [U, B], "ソウルダイバー", invented=True)
master("LGSD2", "天野ツムギ", "あまのツムギ", [U, W], "オラクル", invented=True)

ALL_UNKNOWN_MINION = ["colours", "unlock_cost", "atk", "hp", "wt", "rarity", "rules_text"]
ALL_UNKNOWN_LORD = ["colours", "unlock_cost", "core_cost", "atk", "hp", "rarity", "rules_text"]
ALL_UNKNOWN_SPELL = ["colours", "unlock_cost", "wt", "rarity", "rules_text"]
ALL_UNKNOWN_ARTS = ["colours", "unlock_cost", "rarity", "rules_text"]
# the マオ・ニャン 2017 list's unlock costs are known (public facts, research pass 3: the source groups its list by
# cost), so they are not samples
COST_KNOWN_MINION = [f for f in ALL_UNKNOWN_MINION if f != "unlock_cost"]
COST_KNOWN_SPELL = [f for f in ALL_UNKNOWN_SPELL if f != "unlock_cost"]

# --- LG01: launch booster (real cards of the public facts and the マオ・ニャン list, then invented) ---
# マオ・ニャン decklist (types from the list, unlock costs from the facts' cost grouping; everything else a
# sample, on class black/red)
minion("LG01", "下忍カスミ", "げにんカスミ", [B], "C", 1, 2, 1, 1, sample=COST_KNOWN_MINION)
minion("LG01", "ジャック・オ・ランタン", "ジャック・オ・ランタン", [B], "C", 1, 2, 2, 2,
       "《ブレイク時》相手のミニオン1体に1ダメージを与える。", sample=COST_KNOWN_MINION)
minion("LG01", "スチームメイド・ステラ", "スチームメイド・ステラ", [R], "U", 2, 2, 3, 2,
       "配置時：自分のウェイトゾーンのカード1枚を1つ前のウェイトゾーンに移す。", sample=COST_KNOWN_MINION)
minion("LG01", "スチームライダー", "スチームライダー", [R], "C", 3, 3, 2, 2,
       sample=COST_KNOWN_MINION + ["keywords"], keywords=["速攻"])
minion("LG01", "蒸気装甲兵", "じょうきそうこうへい", [R], "C", 3, 3, 4, 3, sample=COST_KNOWN_MINION)
minion("LG01", "烏天狗キッカ", "からすてんぐキッカ", [B], "U", 4, 2, 2, 2,
       sample=COST_KNOWN_MINION + ["keywords"], keywords=["移動攻撃"])
skill("LG01", "ブラッドスウォーム", "ブラッドスウォーム", [B], "U", 1, 3,
      "相手のミニオン1体に2ダメージを与え、自分のマスターのライフを1回復する。", sample=COST_KNOWN_SPELL)
skill("LG01", "白刃一閃", "はくじんいっせん", [R], "C", 2, 2,
      "衝撃1。", sample=COST_KNOWN_SPELL + ["atk", "keywords", "category"], atk=3, keywords=["衝撃1"],
      category="剣術")
skill("LG01", "マジックミサイル", "マジックミサイル", [R], "C", 2, 1,
      "相手のユニット1体に2ダメージを与える。", sample=COST_KNOWN_SPELL)
skill("LG01", "ダークフレイム", "ダークフレイム", [B], "C", 3, 2,
      "相手のフィールドにあるユニット1体を選び2ダメージを与える。", sample=["wt", "rarity"])
skill("LG01", "チェインライトニング", "チェインライトニング", [R], "R", 4, 3,
      "相手のミニオン1体に2ダメージを与え、その隣のミニオンすべてに1ダメージを与える。",
      sample=COST_KNOWN_SPELL)
arts("LG01", "デスクラウド", "デスクラウド", [B], "R", 5,
     "全てのフィールドにある全ユニットに4ダメージを与える。", sample=["rarity"])
lord("LG01", "死神少女『ルルシュ』", "しにがみしょうじょルルシュ", [B], "SR", 5, 2, 4, 5,
     "配置時：相手のミニオン1体に2ダメージを与える。",
     sample=["core_cost", "atk", "hp", "rarity", "rules_text"])
lord("LG01", "吸血姫『アコニー』", "きゅうけつきアコニー", [B], "SR", 6, 2, 6, 4, "ブロック不可。",
     sample=["core_cost", "atk", "hp", "rarity"], keywords=["ブロック不可"], finisher=True)
# other real cards of the public facts
lord("LG01", "守り神『オサキサマ』", "まもりがみオサキサマ", [W], "R", 2, 1, 3, 3,
     "強襲（ロードをアタック対象にできない）。このカードが場にある限り、すべてのユニットの速攻は無効になる。",
     sample=["core_cost", "rarity"], keywords=["強襲"])
skill("LG01", "ヘヴィスウィング", "ヘヴィスウィング", [W], "C", 2, 3, "衝撃1。", sample=["rarity"], atk=2,
      keywords=["衝撃1"], category="剣術")
# invented for play
minion("LG01", "炎の小鬼", "ほのおのこおに", [R], "C", 1, 2, 1, 1)
minion("LG01", "紅蓮の剣士", "ぐれんのけんし", [R], "U", 2, 3, 2, 2, "速攻。", keywords=["速攻"])
minion("LG01", "爆炎術士", "ばくえんじゅつし", [R], "U", 3, 3, 3, 3,
       "配置時：相手のミニオン1体に2ダメージを与える。")
skill("LG01", "ファイアボール", "ファイアボール", [R], "C", 2, 2, "相手のユニット1体に3ダメージを与える。")
minion("LG01", "見習い騎士", "みならいきし", [W], "C", 1, 2, 1, 1)
minion("LG01", "聖堂の衛兵", "せいどうのえいへい", [W], "C", 2, 1, 4, 2, "挺身。", keywords=["挺身"])
minion("LG01", "白翼の天使", "はくよくのてんし", [W], "U", 3, 3, 3, 3, "移動攻撃。", keywords=["移動攻撃"])
skill("LG01", "癒しの祈り", "いやしのいのり", [W], "C", 1, 1, "自分のマスターのライフを2回復する。")
skill("LG01", "聖なる盾", "せいなるたて", [W], "C", 2, 2, "ターン終了時まで、自分のユニット1体のHPを+3する。")
arts("LG01", "天罰", "てんばつ", [W], "R", 5, "ATKが4以上のユニットすべてをブレイクする。")
lord("LG01", "光の御子『セラフィナ』", "ひかりのみこセラフィナ", [W], "SR", 4, 1, 3, 5,
     "配置時：自分のマスターのライフを3回復する。")
minion("LG01", "森の小人", "もりのこびと", [G], "C", 1, 2, 1, 1)
minion("LG01", "花妖精ピクシー", "はなようせいピクシー", [G], "C", 1, 1, 2, 1,
       "配置時：自分のミニオン1体のHPをターン終了時まで+1する。")
minion("LG01", "大樹の守り手", "たいじゅのまもりて", [G], "U", 3, 2, 6, 3, "挺身。", keywords=["挺身"])
minion("LG01", "翠の弓兵", "みどりのきゅうへい", [G], "C", 2, 3, 2, 2)
skill("LG01", "獣の咆哮", "けもののほうこう", [G], "C", 1, 1, "", atk=2)
skill("LG01", "成長促進", "せいちょうそくしん", [G], "U", 2, 3, "自分のミニオン1体のATKとHPを+2する。")
lord("LG01", "森の女王『ティターニア』", "もりのじょおうティターニア", [G], "SR", 5, 2, 4, 6,
     "配置時：自分のミニオンすべてのHPを+1する。")
skill("LG01", "妖精の輪舞", "ようせいのりんぶ", [R, G], "R", 2, 2,
      "自分のミニオン2体のATKをターン終了時まで+2する。")
arts("LG01", "禁断の魔導書", "きんだんのまどうしょ", [B, R], "R", 5, "相手のマスターに5ダメージを与える。",
     finisher=True)
skill("LG01", "全軍突撃", "ぜんぐんとつげき", [R, W], "R", 3, 3,
      "ターン終了時まで、自分のミニオンすべてのATKを+1する。")
# a real card of spec D1 (P726): its colour and printed text; its set, cost and WT are samples
skill("LG01", "フレアランス", "フレアランス", [R], "U", 3, 3,
      "相手のフィールドにあるミニオンを1体選び6ダメージを与える。", sample=["unlock_cost", "wt", "rarity"])

# --- LG02 ------------------------------------------------------------------------------------------
minion("LG02", "小さき怨恨アリス", "ちいさきえんこんアリス", [B], "U", 2, 2, 2, 2, "移動攻撃。",
       sample=["unlock_cost", "atk", "hp", "wt", "rarity"], keywords=["移動攻撃"])
lord("LG02", "精杯の守護騎士『パーシヴァル』", "せいはいのしゅごきしパーシヴァル", [W], "SR", 6, 3, 4, 8,
     "挺身。", sample=["colours", "core_cost", "atk", "hp", "keywords", "rarity", "rules_text"],
     keywords=["挺身"], finisher=True)
minion("LG02", "闇精シェイド", "やみせいシェイド", [B], "C", 1, 2, 1, 1, sample=ALL_UNKNOWN_MINION)
minion("LG02", "デスウィッチ", "デスウィッチ", [B], "U", 3, 3, 3, 3,
       "配置時：相手のミニオン1体に1ダメージを与える。", sample=ALL_UNKNOWN_MINION)
minion("LG02", "ネクロマンサー", "ネクロマンサー", [B], "R", 4, 3, 4, 4,
       "《ブレイク時》自分のウェイトゾーンのミニオン1枚をスタンバイカードにする。", sample=ALL_UNKNOWN_MINION)
skill("LG02", "死者の怨恨", "ししゃのえんこん", [B], "C", 1, 2,
      "相手のミニオン1体のATKをターン終了時まで-2する。", sample=ALL_UNKNOWN_SPELL)
lord("LG02", "フェレスの姫『アネット』", "フェレスのひめアネット", [B], "SR", 4, 2, 3, 5,
     "アンロック時：相手のミニオン1体に1ダメージを与える。", sample=ALL_UNKNOWN_LORD)
minion("LG02", "墓場の骸骨兵", "はかばのがいこつへい", [B], "C", 1, 2, 1, 1)
minion("LG02", "火竜の仔", "かりゅうのこ", [R], "R", 4, 5, 4, 4, "強襲。", keywords=["強襲"])
skill("LG02", "烈火斬", "れっかざん", [R], "C", 1, 2, "衝撃1。", atk=3, keywords=["衝撃1"], category="剣術")
arts("LG02", "焦土の炎", "しょうどのほのお", [R], "R", 6, "相手のミニオンすべてに3ダメージを与える。")
# a real name of the facts (played with 正負反転 as a combo); its type (a lord here) and every value are samples
lord("LG02", "イフリータ", "イフリータ", [R], "SR", 5, 2, 5, 5, "速攻。", keywords=["速攻"],
     sample=["card_type", *ALL_UNKNOWN_LORD, "keywords"])
minion("LG02", "盾の乙女", "たてのおとめ", [W], "C", 2, 2, 3, 2, "挺身。", keywords=["挺身"])
minion("LG02", "聖騎士団長", "せいきしだんちょう", [W], "R", 4, 4, 5, 4)
skill("LG02", "一刀両断", "いっとうりょうだん", [W], "U", 3, 3,
      "衝撃2。", atk=4, keywords=["衝撃2"], category="剣術")
minion("LG02", "森林熊", "しんりんぐま", [G], "C", 3, 4, 4, 3)
minion("LG02", "風の精霊シルフ", "かぜのせいれいシルフ", [G], "U", 2, 2, 2, 2,
       "移動攻撃。", keywords=["移動攻撃"])
minion("LG02", "古竜の幼体", "こりゅうのようたい", [G], "R", 4, 5, 5, 4, "強襲。", keywords=["強襲"])
skill("LG02", "蔦の束縛", "つたのそくばく", [G], "C", 2, 2, "相手のミニオン1体を疲労させる。")
arts("LG02", "森羅万象", "しんらばんしょう", [G], "R", 6,
     "自分のミニオンすべてのATKとHPを+3する。", finisher=True)
# real cards of spec D1 (MINA): minions "used to clear the board" in red-white 剣術 aggro, low cost; only the
# names are known (the type is the source's guess: a sample)
minion("LG02", "リトルドラコ", "リトルドラコ", [R], "C", 1, 2, 1, 1, "配置時：相手のミニオン1体に1ダメージを与える。",
       sample=["card_type", *ALL_UNKNOWN_MINION])
minion("LG02", "木の葉天狗", "このはてんぐ", [W], "C", 2, 2, 2, 2, "速攻。",
       sample=["card_type", *ALL_UNKNOWN_MINION, "keywords"], keywords=["速攻"])

# --- LGSD1 冥界氾濫 (blue/black; the Olivier list) -------------------------------------------------
lord("LGSD1", "冥界の魔導竜『オリヴィエ』", "めいかいのまどうりゅうオリヴィエ", [B], "LR", 7, 2, 4, 7,
     "速攻。配置時：手札の〈魔術師・魔女〉のスキルカード1枚をウェイトゾーン1に置く。", sample=[],
     keywords=["速攻"])
minion("LGSD1", "プルモーの毒銛撃ち", "プルモーのどくもりうち", [U], "C", 2, 2, 1, 3,
       "《ブレイク時》相手のマスターに1ダメージを与える。", sample=["unlock_cost", "rarity"])
minion("LGSD1", "リトルゴレム", "リトルゴレム", [U], "C", 1, 2, 1, 1, sample=ALL_UNKNOWN_MINION)
minion("LGSD1", "エーテル・オニキス", "エーテル・オニキス", [U], "U", 3, 2, 4, 3,
       "配置時：カードを1枚引く。", sample=ALL_UNKNOWN_MINION)
skill("LGSD1", "ショックボルト", "ショックボルト", [U], "C", 1, 1, "相手のミニオン1体に2ダメージを与える。",
      sample=ALL_UNKNOWN_SPELL)
skill("LGSD1", "フロストランス", "フロストランス", [U], "U", 2, 3,
      "相手のユニット1体に2ダメージを与え、疲労させる。", sample=ALL_UNKNOWN_SPELL)
skill("LGSD1", "マナスマイト", "マナスマイト", [U], "C", 2, 2,
      "相手のユニット1体に、自分のスタンバイカードの枚数+1ダメージを与える。",
      sample=ALL_UNKNOWN_SPELL)
arts("LGSD1", "連鎖する呪い", "れんさするのろい", [U, B], "R", 4,
     "相手のミニオンすべてに2ダメージを与える。この効果でブレイクされたミニオン1体につき、"
     "相手のマスターに1ダメージを与える。",
     sample=ALL_UNKNOWN_ARTS)
lord("LGSD1", "魔法図書館の司書『フルーレティア』", "まほうとしょかんのししょフルーレティア", [U], "SR",
     4, 1, 2, 5, "配置時：自分のウェイトゾーンのスキルカード1枚をスタンバイカードにする。",
     sample=ALL_UNKNOWN_LORD)
lord("LGSD1", "冥界姫『ヘカテ』", "めいかいひめヘカテ", [U, B], "SR", 6, 2, 5, 6,
     "ブロック不可。", sample=ALL_UNKNOWN_LORD + ["keywords", "finisher"], keywords=["ブロック不可"],
     finisher=True)

# --- LGSD2 運命の手繰り糸 (blue/white; invented) ---------------------------------------------------
minion("LGSD2", "海月の使い魔", "くらげのつかいま", [U], "C", 1, 2, 1, 1)
minion("LGSD2", "人魚の歌姫", "にんぎょのうたひめ", [U], "U", 2, 2, 3, 2, "配置時：カードを1枚引く。")
skill("LGSD2", "潮流操作", "ちょうりゅうそうさ", [U], "C", 2, 2,
      "相手のミニオン1体を、隣接する空いているレーンに移動させる。")
skill("LGSD2", "運命の糸車", "うんめいのいとぐるま", [U, W], "R", 2, 2,
      "自分のデッキの上から3枚を見て、好きな順番で戻す。カードを1枚引く。")

# --- LG03 ------------------------------------------------------------------------------------------
lord("LG03", "境界の仙龍『ユラノ』", "きょうかいのせんりゅうユラノ", [G], "SR", 6, 3, 5, 6,
     "配置時：相手のミニオン1体を持ち主の手札に戻す。",
     sample=["colours", "core_cost", "atk", "hp", "rarity", "rules_text"], finisher=True)
lord("LG03", "ツクヨミ", "ツクヨミ", [U], "SR", 7, 3, 6, 6, "配置時：相手のミニオンすべてを疲労させる。",
     sample=["colours", "core_cost", "atk", "hp", "rarity", "rules_text"], finisher=True)
minion("LG03", "火薬樽", "かやくだる", [R], "C", 1, 1, 1, 1, "《ブレイク時》ユニット1体に1ダメージを与える。")
minion("LG03", "白銀の狼", "はくぎんのおおかみ", [W], "C", 1, 2, 1, 2)
skill("LG03", "守護結界", "しゅごけっかい", [W], "U", 2, 3,
      "ターン終了時まで、自分のユニットすべてが受けるダメージを1減らす。")
skill("LG03", "大地の恵み", "だいちのめぐみ", [G], "U", 3, 4,
      "アンロック時：ゲーム外からコア1個を自分のウェイトゾーン2に置く。")
arts("LG03", "自然の怒り", "しぜんのいかり", [G], "U", 4,
     "相手のミニオン1体に、そのATKと同じダメージを与える。")
lord("LG03", "獣王『ガルム』", "じゅうおうガルム", [G], "R", 3, 1, 4, 3, "速攻。", keywords=["速攻"])
minion("LG03", "深海の番人", "しんかいのばんにん", [U], "U", 3, 2, 5, 3, "挺身。", keywords=["挺身"])
skill("LG03", "氷結の檻", "ひょうけつのおり", [U], "U", 3, 3,
      "相手のミニオン1体を疲労させる。そのミニオンは次のターン活性しない。")
skill("LG03", "影縫い", "かげぬい", [B], "C", 2, 2, "相手のミニオン1体はターン終了時までアタックできない。")

# --- LG04 ------------------------------------------------------------------------------------------
arts("LG04", "聖王の凱旋", "せいおうのがいせん", [W], "SR", 7,
     "ターン終了時まで、自分のミニオンすべてのATKを+2し、ブロック不可を得る。", finisher=True)
arts("LG04", "大渦", "おおうず", [U], "R", 6, "ミニオンすべてを持ち主の手札に戻す。")
# real cards of spec D1 (P4030, the v1.3.0 rules): only the names and what they do are known; the types are
# guesses (a lord by its 『』 name; a skill or arts), so samples, as is every value. アセロラ's trigger (when
# minions are placed) is the vocabulary's ミニオン配置時; its effect is a sample.
lord("LG04", "樹上の狙撃手『アセロラ』", "じゅじょうのそげきしゅアセロラ", [G], "SR", 4, 1, 3, 4,
     "自分のミニオンが配置された時、相手のミニオン1体に1ダメージを与える。",
     sample=["card_type", *ALL_UNKNOWN_LORD])
skill("LG04", "将軍の号令", "しょうぐんのごうれい", [W], "R", 4, 3,
      "自分のウェイトゾーンのミニオンカード2枚を空いているレーンに配置する。",
      sample=["card_type", *ALL_UNKNOWN_SPELL])


# --- research pass 3 (public facts: "More facts"): real names with what the facts say of them -------------
# Which set each sits in is a sample unless the facts name it (set 4). Known values are kept out of sample_fields.
minion("LG02", "子鬼ヒミカ", "こおにヒミカ", [R], "U", 2, 2, 2, 2, "領域移動無効。配置時：カードを1枚引く。",
       sample=["card_type", "colours", "unlock_cost", "atk", "hp", "wt", "rarity", "rules_text"],
       keywords=["領域移動無効"])
minion("LG03", "装甲巨人リノセロンテ", "そうこうきょじんリノセロンテ", [G], "R", 5, 5, 6, 4, "強襲。",
       sample=["colours", "unlock_cost", "atk", "hp", "wt", "rarity", "rules_text"], keywords=["強襲"])
minion("LG03", "ヘヴィガンナー", "ヘヴィガンナー", [R], "U", 5, 5, 5, 4, sample=ALL_UNKNOWN_MINION)
minion("LG03", "オーガメイジ", "オーガメイジ", [G], "U", 5, 4, 6, 4, sample=ALL_UNKNOWN_MINION)
minion("LG03", "ゴブリンシャーマン", "ゴブリンシャーマン", [R], "C", 2, 1, 3, 2,
       "挺身。配置時：ターン終了時まで、自分のミニオンかロード1体のATKを+2する。",
       sample=["colours", "unlock_cost", "atk", "hp", "wt", "rarity", "rules_text"], keywords=["挺身"])
skill("LG02", "正負反転", "せいふはんてん", [R], "R", 3, 3,
      "ターン終了時まで、自分のミニオンかロード1体のATKを+3する。",
      sample=["card_type", *ALL_UNKNOWN_SPELL])
skill("LG02", "死者の蘇生", "ししゃのそせい", [B], "R", 3, 3,
      "自分のウェイトゾーンのミニオンカード1枚をリバース状態で空いているレーンに配置する。",
      sample=["card_type", "colours", "unlock_cost", "wt", "rarity", "rules_text"])
minion("LG04", "あずきあらい", "あずきあらい", [R], "C", 1, 2, 1, 1,
       "配置時（自分のライフが相手のライフ以下の場合）：相手のミニオン1体に1ダメージを与える。",
       sample=["card_type", "atk", "hp", "wt", "rarity", "rules_text"])
minion("LG04", "樹海のチアガール", "じゅかいのチアガール", [G], "C", 2, 1, 3, 2, "挺身。",
       sample=["colours", "unlock_cost", "atk", "hp", "rarity", "rules_text"], keywords=["挺身"])
minion("LG04", "クローネの占星術師", "クローネのせんせいじゅつし", [U], "U", 2, 1, 2, 2,
       "配置時：カードを2枚引き、その後手札1枚を破棄する。",
       sample=["card_type", "colours", "atk", "hp", "wt", "rarity", "rules_text"])
skill("LG04", "コピースペル", "コピースペル", [U], "U", 2, 3, "カードを2枚引く。",
      sample=["colours", "unlock_cost", "rarity", "rules_text"])

# --- the 2018 「ハットトリック甲鱗」 list (../shared/cases/decklists/legions_hat_trick_2018_no_master.txt): names and
# types as the source gives them; every value a sample, on green/red (the fairy theme of 星崎イノリ's colours)
minion("LG03", "新緑の精霊", "しんりょくのせいれい", [G], "C", 1, 2, 1, 1, sample=ALL_UNKNOWN_MINION)
minion("LG03", "樹精サクラ", "じゅせいサクラ", [G], "C", 2, 2, 2, 2,
       "配置時：自分のマスターのライフを1回復する。", sample=ALL_UNKNOWN_MINION)
minion("LG03", "いたずらピクシー", "いたずらピクシー", [G], "C", 1, 1, 2, 1,
       "配置時：相手のミニオン1体のATKをターン終了時まで-1する。", sample=ALL_UNKNOWN_MINION)
minion("LG03", "フォレストフェアリー", "フォレストフェアリー", [G], "C", 2, 2, 3, 2, sample=ALL_UNKNOWN_MINION)
minion("LG03", "シルキーロロナ", "シルキーロロナ", [G], "U", 3, 3, 3, 3,
       "配置時：自分のミニオンすべてのHPを+1する。", sample=ALL_UNKNOWN_MINION)
minion("LG03", "マミーガール", "マミーガール", [R], "C", 2, 3, 1, 2, sample=ALL_UNKNOWN_MINION)
minion("LG03", "プーカ", "プーカ", [G], "C", 2, 2, 2, 2, "移動攻撃。", sample=ALL_UNKNOWN_MINION + ["keywords"],
       keywords=["移動攻撃"])
minion("LG03", "女王の護衛戦士リコッテ", "じょおうのごえいせんしリコッテ", [G], "R", 3, 2, 5, 3, "挺身。",
       sample=ALL_UNKNOWN_MINION + ["keywords"], keywords=["挺身"])
minion("LG03", "赤龍の乗り手", "せきりゅうののりて", [R], "R", 4, 4, 3, 3, "速攻。",
       sample=ALL_UNKNOWN_MINION + ["keywords"], keywords=["速攻"])
skill("LG03", "妖精の角笛", "ようせいのつのぶえ", [G], "C", 1, 2, "カードを1枚引く。", sample=ALL_UNKNOWN_SPELL)
skill("LG03", "ライトヒール", "ライトヒール", [G], "C", 1, 1, "自分のマスターのライフを2回復する。",
      sample=ALL_UNKNOWN_SPELL)
skill("LG03", "クイックリカバー", "クイックリカバー", [G], "U", 2, 2,
      "ターン終了時まで、自分のミニオンかロード1体のHPを+2する。", sample=ALL_UNKNOWN_SPELL)
arts("LG03", "スイッチアタック", "スイッチアタック", [R], "R", 4,
     "相手のミニオン1体に、そのATKと同じダメージを与える。",
     sample=ALL_UNKNOWN_ARTS)
lord("LG03", "妖精女王エルルーン", "ようせいじょおうエルルーン", [G], "SR", 5, 2, 4, 6,
     "配置時：自分のミニオンすべてのATKをターン終了時まで+1する。", sample=ALL_UNKNOWN_LORD)
lord("LG03", "炎の乙女エキドナ", "ほのおのおとめエキドナ", [R], "SR", 6, 2, 6, 5, "速攻。",
     sample=ALL_UNKNOWN_LORD + ["keywords", "finisher"], keywords=["速攻"], finisher=True)


def build_catalogue() -> dict[str, Any]:
    """The catalogue document: game, sets and cards, numbered in listing order within each set."""
    numbers: dict[str, int] = {}
    out = []
    abilities = json.loads(ABILITIES.read_text(encoding="utf-8"))["cards"]
    for c in cards:
        numbers[c["set"]] = numbers.get(c["set"], 0) + 1
        row = {**c, "number": f"{numbers[c['set']]:03d}", "abilities": abilities.get(c["name"], {}), **NO_IMAGE}
        out.append({k: row[k] for k in CARD_KEYS})
    return {"format": "shinpan.cards", "version": 1,
            "game": {"code": "legions", "name": "Legions!", "name_ja": "レギオンズ!"},
            "sets": SETS, "cards": out}


def render() -> str:
    """The catalogue as the exact text of the seed file (UTF-8 JSON, one-space indent, final newline)."""
    return json.dumps(build_catalogue(), ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else OUTPUT
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(), encoding="utf-8")
    print(f"wrote {len(cards)} cards to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

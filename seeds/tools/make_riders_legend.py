"""Write the Riders' Legend seed catalogue, ``seeds/catalogue/riders_legend.json``.

The catalogue is kept here as compact rows and written out as the ``shinpan.cards`` JSON format (version 1),
so a reviewer reads one row per card. Names of characters, factions, riders' forms, vehicles and attacks are
public facts of the TV series; every number, rarity, rules text and eyecatch text, and the titles of missions
and eyecatch cards, are sample values for play, and each card's ``sample_fields`` says which. Each card's
``abilities`` is copied from ``referee/games/riders_legend/card_abilities.json`` (the one source of the seed
abilities).

Usage: ``.venv/bin/python seeds/tools/make_riders_legend.py [output path]`` (default: the seed file).
The output is deterministic: running it twice gives the same bytes.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

OUTPUT = Path(__file__).resolve().parents[1] / "catalogue" / "riders_legend.json"
# The one source of the seed cards' abilities: the engine's data, keyed by card name (copied, never edited here).
ABILITIES = Path(__file__).resolve().parents[2] / "referee" / "games" / "riders_legend" / "card_abilities.json"
JUSTICE = "正義"

GAME = {"code": "riders_legend", "name": "Riders' Legend",
        "name_ja": "仮面ライダー トレーディングカードゲーム"}

_SET_NOTE = (
    "Set name, release month and card-count of the real product come from the rules document's product table "
    "(the release day is not public; the 1st of the month stands in for it). The set code is Shinpan's own. "
    "Character, faction, form, vehicle and technique names are those of the TV series (public fact). "
    "Every number (attack, defence, operation power, required operation power), rarity, rules text, eyecatch "
    "text, 1枚制限 mark and the titles of missions, eyecatch cards and some actions are sample values for "
    "play, not the printed cards (each card's sample_fields lists which of its fields are samples); which "
    "cards went into which real set is also a sample. This set holds {count} of the "
    "real set's {real} cards."
)

# (code, name, name_ja, release_date, real card count (種類数), how it was sold (発売形式)): the product table of
# ../shared/rules/riders_legend.ja.txt (商品情報 ラインナップ), as printed
SETS = (
    ("RL01", "Basic Set", "基本セット", "2001-07-01", 198, "スターター（61/1300）、ブースター（10/314）"),
    ("RL02", "Awakening! Ultimate Power", "発現! 究極の力", "2001-10-01", 120, "ブースター（10/314）"),
    ("RL03", "Shock! The Unknown Warrior", "衝撃! 未知なる戦士", "2002-02-01", 206,
     "スターター（61/1300）、ブースター（10/314）"),
    ("RL04", "Showdown! Bonds of Fate", "対決! 運命の絆", "2002-06-01", 120, "ブースター（10/314）"),
    ("RL05", "Assemble! The Glorious Kamen Riders", "集結! 栄光の仮面ライダー", "2002-06-01", 63,
     "ブースター（10/314）"),
)

# Characters: (set, name, faction, attack, defence, operation, rarity, options)
# options: "from" (names it transforms from), "limit" (1枚制限), "cond" (placement condition),
# "text" (rules text), "reading" (kana; derived from the name when it is all katakana).
CHARACTERS: tuple[tuple[str, str, str, int, int, int, str, dict[str, Any]], ...] = (
    # 正義 — Showa riders and their allies
    ("RL01", "本郷猛", JUSTICE, 2, 2, 3, "C", {"reading": "ほんごうたけし"}),
    ("RL01", "仮面ライダー1号", JUSTICE, 5, 4, 2, "R",
     {"reading": "かめんらいだーいちごう", "from": ["本郷猛"],
      "text": "このキャラクターが相手キャラクターを破壊した時、カードを1枚引く。"}),
    ("RL01", "一文字隼人", JUSTICE, 2, 2, 3, "C", {"reading": "いちもんじはやと"}),
    ("RL01", "仮面ライダー2号", JUSTICE, 5, 4, 2, "R",
     {"reading": "かめんらいだーにごう", "from": ["一文字隼人"],
      "text": "このキャラクターは戦闘フィールドへ移動した時、攻撃力+1。"}),
    ("RL01", "風見志郎", JUSTICE, 2, 3, 3, "C", {"reading": "かざみしろう"}),
    ("RL01", "仮面ライダーV3", JUSTICE, 6, 5, 2, "SR",
     {"reading": "かめんらいだーぶいすりー", "from": ["風見志郎"],
      "text": "このキャラクターが破壊される時、代わりに手札に戻してよい。"}),
    ("RL01", "立花藤兵衛", JUSTICE, 0, 1, 4, "U",
     {"reading": "たちばなとうべえ", "text": "同じエリアの自分のミッションの必要作戦力-1。"}),
    ("RL01", "滝和也", JUSTICE, 2, 2, 3, "U", {"reading": "たきかずや"}),
    ("RL01", "五代雄介", JUSTICE, 1, 2, 3, "C", {"reading": "ごだいゆうすけ"}),
    ("RL01", "一条薫", JUSTICE, 2, 2, 4, "U", {"reading": "いちじょうかおる"}),
    ("RL01", "仮面ライダークウガ グローイングフォーム", JUSTICE, 3, 3, 2, "C", {"from": ["五代雄介"]}),
    ("RL01", "仮面ライダークウガ マイティフォーム", JUSTICE, 5, 4, 2, "R",
     {"from": ["五代雄介", "仮面ライダークウガ グローイングフォーム"]}),
    ("RL02", "仮面ライダークウガ ドラゴンフォーム", JUSTICE, 4, 3, 2, "U",
     {"from": ["仮面ライダークウガ マイティフォーム"],
      "text": "このキャラクターは1ターンに2歩まで移動できる。"}),
    ("RL02", "仮面ライダークウガ ペガサスフォーム", JUSTICE, 4, 3, 3, "U",
     {"from": ["仮面ライダークウガ マイティフォーム"],
      "text": "このキャラクターは隣接しないエリアのキャラクターも攻撃できる。"}),
    ("RL02", "仮面ライダークウガ タイタンフォーム", JUSTICE, 5, 6, 1, "U",
     {"from": ["仮面ライダークウガ マイティフォーム"]}),
    ("RL02", "仮面ライダークウガ ライジングマイティ", JUSTICE, 6, 5, 2, "R",
     {"from": ["仮面ライダークウガ マイティフォーム"]}),
    ("RL02", "仮面ライダークウガ ライジングドラゴン", JUSTICE, 5, 4, 2, "R",
     {"from": ["仮面ライダークウガ ドラゴンフォーム"]}),
    ("RL02", "仮面ライダークウガ ライジングペガサス", JUSTICE, 5, 4, 3, "R",
     {"from": ["仮面ライダークウガ ペガサスフォーム"]}),
    ("RL02", "仮面ライダークウガ ライジングタイタン", JUSTICE, 6, 7, 1, "R",
     {"from": ["仮面ライダークウガ タイタンフォーム"]}),
    ("RL02", "仮面ライダークウガ アメイジングマイティ", JUSTICE, 7, 6, 2, "SR",
     {"from": ["仮面ライダークウガ ライジングマイティ"]}),
    ("RL02", "仮面ライダークウガ アルティメットフォーム", JUSTICE, 9, 8, 2, "SR",
     {"from": ["仮面ライダークウガ マイティフォーム", "仮面ライダークウガ アメイジングマイティ"],
      "limit": True, "cond": "自分の墓場に「仮面ライダークウガ」を含む名前のカードが3枚以上ある。"}),
    ("RL03", "津上翔一", JUSTICE, 1, 2, 4, "C", {"reading": "つがみしょういち"}),
    ("RL03", "仮面ライダーアギト グランドフォーム", JUSTICE, 5, 4, 2, "R", {"from": ["津上翔一"]}),
    ("RL03", "仮面ライダーアギト ストームフォーム", JUSTICE, 4, 3, 3, "U",
     {"from": ["仮面ライダーアギト グランドフォーム"]}),
    ("RL03", "仮面ライダーアギト フレイムフォーム", JUSTICE, 6, 3, 2, "U",
     {"from": ["仮面ライダーアギト グランドフォーム"]}),
    ("RL03", "仮面ライダーアギト トリニティフォーム", JUSTICE, 7, 5, 2, "SR",
     {"from": ["仮面ライダーアギト グランドフォーム"]}),
    ("RL03", "仮面ライダーアギト バーニングフォーム", JUSTICE, 7, 6, 1, "R",
     {"from": ["仮面ライダーアギト グランドフォーム"]}),
    ("RL03", "仮面ライダーアギト シャイニングフォーム", JUSTICE, 8, 7, 2, "SR",
     {"from": ["仮面ライダーアギト バーニングフォーム"], "limit": True}),
    ("RL03", "氷川誠", JUSTICE, 1, 2, 4, "C", {"reading": "ひかわまこと"}),
    ("RL03", "仮面ライダーG3", JUSTICE, 4, 4, 2, "U",
     {"reading": "かめんらいだーじーすりー", "from": ["氷川誠"]}),
    ("RL03", "仮面ライダーG3-X", JUSTICE, 6, 5, 2, "R",
     {"reading": "かめんらいだーじーすりーえっくす", "from": ["氷川誠", "仮面ライダーG3"]}),
    ("RL03", "葦原涼", JUSTICE, 2, 2, 3, "C", {"reading": "あしはらりょう"}),
    ("RL03", "仮面ライダーギルス", JUSTICE, 6, 4, 1, "R", {"from": ["葦原涼"]}),
    ("RL04", "結城丈二", JUSTICE, 1, 2, 4, "C", {"reading": "ゆうきじょうじ"}),
    ("RL04", "ライダーマン", JUSTICE, 3, 3, 3, "U", {"from": ["結城丈二"]}),
    ("RL04", "南光太郎", JUSTICE, 2, 2, 3, "C", {"reading": "みなみこうたろう"}),
    ("RL04", "仮面ライダーBLACK", JUSTICE, 6, 5, 2, "R",
     {"reading": "かめんらいだーぶらっく", "from": ["南光太郎"]}),
    ("RL04", "仮面ライダーBLACK RX", JUSTICE, 7, 6, 2, "SR",
     {"reading": "かめんらいだーぶらっくあーるえっくす", "from": ["南光太郎"], "limit": True}),
    ("RL04", "ロボライダー", JUSTICE, 6, 8, 1, "R", {"from": ["仮面ライダーBLACK RX"]}),
    ("RL04", "バイオライダー", JUSTICE, 5, 5, 3, "R", {"from": ["仮面ライダーBLACK RX"]}),
    # ショッカー
    ("RL01", "ショッカー戦闘員", "ショッカー", 2, 2, 2, "C", {"reading": "しょっかーせんとういん"}),
    ("RL01", "蜘蛛男", "ショッカー", 4, 3, 1, "C", {"reading": "くもおとこ"}),
    ("RL01", "蝙蝠男", "ショッカー", 4, 3, 1, "C",
     {"reading": "こうもりおとこ",
      "text": "このキャラクターが攻撃したキャラクターは、次の自分のターン終了時まで移動できない。"}),
    ("RL01", "さそり男", "ショッカー", 4, 4, 1, "C", {"reading": "さそりおとこ"}),
    ("RL01", "サラセニアン", "ショッカー", 3, 4, 2, "C", {}),
    ("RL01", "死神博士", "ショッカー", 2, 3, 5, "R", {"reading": "しにがみはかせ"}),
    ("RL01", "イカデビル", "ショッカー", 6, 5, 2, "R", {"from": ["死神博士"]}),
    ("RL01", "地獄大使", "ショッカー", 2, 3, 5, "R", {"reading": "じごくたいし"}),
    ("RL01", "ガラガランダ", "ショッカー", 6, 5, 2, "R", {"from": ["地獄大使"]}),
    ("RL01", "ゾル大佐", "ショッカー", 2, 3, 4, "U", {"reading": "ぞるたいさ"}),
    ("RL01", "黄金狼男", "ショッカー", 5, 5, 2, "U",
     {"reading": "おうごんおおかみおとこ", "from": ["ゾル大佐"]}),
    ("RL01", "ショッカー首領", "ショッカー", 3, 8, 6, "SR",
     {"reading": "しょっかーしゅりょう", "limit": True,
      "cond": "自分の場に勢力ショッカーのミッションがある。",
      "text": "自分の勢力ショッカーのキャラクターすべての攻撃力+1。"}),
    # ゲルショッカー
    ("RL01", "ゲルショッカー戦闘員", "ゲルショッカー", 2, 3, 2, "C",
     {"reading": "げるしょっかーせんとういん"}),
    ("RL01", "ブラック将軍", "ゲルショッカー", 2, 3, 5, "R", {"reading": "ぶらっくしょうぐん"}),
    ("RL01", "ヒルカメレオン", "ゲルショッカー", 6, 5, 2, "R", {"from": ["ブラック将軍"]}),
    ("RL01", "ガニコウモル", "ゲルショッカー", 5, 4, 1, "U", {}),
    # デストロン
    ("RL01", "デストロン戦闘員", "デストロン", 2, 2, 2, "C", {"reading": "ですとろんせんとういん"}),
    ("RL01", "ハサミジャガー", "デストロン", 4, 4, 1, "C", {}),
    ("RL01", "カメバズーカ", "デストロン", 5, 5, 1, "U",
     {"text": "このキャラクターは隣接しないエリアのミッションも攻撃できる。"}),
    ("RL01", "ドクトルG", "デストロン", 2, 3, 5, "R", {"reading": "どくとるじー"}),
    ("RL01", "カニレーザー", "デストロン", 6, 5, 2, "R", {"from": ["ドクトルG"]}),
    ("RL04", "ヨロイ元帥", "デストロン", 2, 4, 5, "R", {"reading": "よろいげんすい"}),
    ("RL04", "ザリガーナ", "デストロン", 6, 6, 2, "R", {"from": ["ヨロイ元帥"]}),
    ("RL04", "デストロン首領", "デストロン", 3, 8, 6, "SR",
     {"reading": "ですとろんしゅりょう", "limit": True}),
    # ゴルゴム
    ("RL04", "秋月信彦", "ゴルゴム", 2, 2, 3, "U", {"reading": "あきづきのぶひこ"}),
    ("RL04", "シャドームーン", "ゴルゴム", 8, 7, 2, "SR",
     {"from": ["秋月信彦"], "limit": True,
      "text": "このキャラクターは「仮面ライダーBLACK」への攻撃時、攻撃力+2。"}),
    ("RL04", "剣聖ビルゲニア", "ゴルゴム", 5, 4, 2, "R", {"reading": "けんせいびるげにあ"}),
    ("RL04", "大神官ダロム", "ゴルゴム", 3, 4, 4, "U", {"reading": "だいしんかんだろむ"}),
    ("RL04", "大神官バラオム", "ゴルゴム", 4, 3, 4, "U", {"reading": "だいしんかんばらおむ"}),
    ("RL04", "大神官ビシュム", "ゴルゴム", 3, 3, 5, "U", {"reading": "だいしんかんびしゅむ"}),
    # クライシス帝国
    ("RL04", "チャップ", "クライシス帝国", 2, 2, 2, "C", {}),
    ("RL04", "ジャーク将軍", "クライシス帝国", 4, 5, 5, "R", {"reading": "じゃーくしょうぐん"}),
    ("RL04", "マリバロン", "クライシス帝国", 3, 3, 4, "U", {}),
    ("RL04", "ボスガン", "クライシス帝国", 5, 4, 2, "U", {}),
    ("RL04", "ゲドリアン", "クライシス帝国", 4, 4, 3, "U", {}),
    ("RL04", "ガテゾーン", "クライシス帝国", 5, 5, 2, "U", {}),
    # グロンギ
    ("RL01", "ズ・グムン・バ", "グロンギ", 4, 3, 1, "C", {}),
    ("RL01", "ズ・メビオ・ダ", "グロンギ", 4, 3, 2, "C", {}),
    ("RL02", "メ・ガリマ・バ", "グロンギ", 5, 4, 1, "U", {}),
    ("RL02", "ゴ・バダー・バ", "グロンギ", 6, 4, 1, "R", {}),
    ("RL02", "ゴ・ジャラジ・ダ", "グロンギ", 5, 4, 2, "R", {}),
    ("RL02", "ゴ・ガドル・バ", "グロンギ", 7, 6, 1, "SR", {}),
    ("RL02", "ラ・バルバ・デ", "グロンギ", 3, 4, 5, "R", {}),
    ("RL02", "ン・ダグバ・ゼバ", "グロンギ", 9, 8, 3, "SR",
     {"limit": True, "cond": "自分の場に勢力グロンギのキャラクターが2体以上いる。"}),
    # アンノウン
    ("RL03", "ジャガーロード", "アンノウン", 4, 4, 1, "C", {}),
    ("RL03", "水のエル", "アンノウン", 6, 6, 2, "R", {"reading": "みずのえる"}),
    ("RL03", "風のエル", "アンノウン", 6, 5, 2, "R", {"reading": "かぜのえる"}),
    ("RL03", "地のエル", "アンノウン", 6, 7, 1, "R", {"reading": "ちのえる"}),
    ("RL03", "闇の力", "アンノウン", 5, 9, 6, "SR", {"reading": "やみのちから", "limit": True}),
)

# Missions: (set, title, faction, required operation, attack, defence, rarity, options)
MISSIONS: tuple[tuple[str, str, str, int, int, int, str, dict[str, Any]], ...] = (
    ("RL01", "人質の救出", JUSTICE, 4, 2, 4, "C",
     {"reading": "ひとじちのきゅうしゅつ",
      "text": "達成時：相手の作戦フィールドのキャラクター1体を手札に戻す。"}),
    ("RL01", "アジトの捜索", JUSTICE, 3, 1, 4, "C",
     {"reading": "あじとのそうさく", "text": "達成時：相手の裏向きのミッション1枚を表向きにする。"}),
    ("RL01", "少年仮面ライダー隊の結成", JUSTICE, 5, 2, 5, "U",
     {"reading": "しょうねんかめんらいだーたいのけっせい", "text": "達成時：カードを2枚引く。"}),
    ("RL01", "立花レーシングクラブ", JUSTICE, 6, 3, 6, "R",
     {"reading": "たちばなれーしんぐくらぶ", "text": "達成時：自分の墓場のキャラクター1枚を手札に戻す。"}),
    ("RL01", "怪人の追跡", JUSTICE, 3, 2, 3, "C", {"reading": "かいじんのついせき"}),
    ("RL02", "未確認生命体の捜査", JUSTICE, 4, 2, 5, "C",
     {"reading": "みかくにんせいめいたいのそうさ",
      "text": "達成時：相手の裏向きのミッション1枚を表向きにする。"}),
    ("RL03", "G3ユニット出動", JUSTICE, 5, 3, 5, "U", {"reading": "じーすりーゆにっとしゅつどう"}),
    ("RL04", "クライシス要塞への潜入", JUSTICE, 7, 4, 6, "R",
     {"reading": "くらいしすようさいへのせんにゅう"}),
    ("RL01", "ショッカー基地の建設", "ショッカー", 4, 2, 5, "C",
     {"reading": "しょっかーきちのけんせつ", "text": "達成時：自分の捨山の上から1枚をデッキの下に戻す。"}),
    ("RL01", "改造人間計画", "ショッカー", 5, 3, 5, "U",
     {"reading": "かいぞうにんげんけいかく",
      "text": "達成時：自分の墓場の勢力ショッカーのキャラクター1枚を手札に戻す。"}),
    ("RL01", "世界征服作戦", "ショッカー", 8, 5, 7, "R", {"reading": "せかいせいふくさくせん"}),
    ("RL01", "浄水場毒物作戦", "ショッカー", 3, 2, 3, "C", {"reading": "じょうすいじょうどくぶつさくせん"}),
    ("RL01", "ゲルショッカーの結成", "ゲルショッカー", 5, 3, 5, "U", {"reading": "げるしょっかーのけっせい"}),
    ("RL01", "デストロンの東京破壊作戦", "デストロン", 6, 4, 5, "U",
     {"reading": "ですとろんのとうきょうはかいさくせん"}),
    ("RL02", "ゲゲル", "グロンギ", 4, 3, 4, "C", {"text": "達成時：相手のデッキに1ダメージを与える。"}),
    ("RL03", "アギトの力を持つ者の排除", "アンノウン", 5, 3, 6, "U",
     {"reading": "あぎとのちからをもつもののはいじょ"}),
    ("RL04", "創世王の継承", "ゴルゴム", 7, 4, 7, "R", {"reading": "そうせいおうのけいしょう"}),
    ("RL04", "地球侵略作戦", "クライシス帝国", 6, 4, 6, "U", {"reading": "ちきゅうしんりゃくさくせん"}),
)

# Actions: (set, name, faction, rarity, rules text, options); "invented": the title is ours, not the series'.
ACTIONS: tuple[tuple[str, str, str, str, str, dict[str, Any]], ...] = (
    ("RL01", "ライダーキック", JUSTICE, "C",
     "自分の正義タイプのキャラクター1体の攻撃力+3（ターン終了時まで）。", {}),
    ("RL01", "ライダーパンチ", JUSTICE, "C",
     "自分の正義タイプのキャラクター1体の攻撃力+2（ターン終了時まで）。", {}),
    ("RL01", "ライダーきりもみシュート", JUSTICE, "U",
     "相手の戦闘フィールドのキャラクター1体に2ダメージを与える。", {}),
    ("RL01", "電光ライダーキック", JUSTICE, "U", "「仮面ライダー1号」1体の攻撃力+4（ターン終了時まで）。",
     {"reading": "でんこうらいだーきっく"}),
    ("RL01", "V3反転キック", JUSTICE, "R", "「仮面ライダーV3」1体はこのターンもう一度攻撃できる。",
     {"reading": "ぶいすりーはんてんきっく"}),
    ("RL01", "サイクロン号", JUSTICE, "C", "自分の正義タイプのキャラクター1体を任意のエリアへ移動させる。",
     {"reading": "さいくろんごう"}),
    ("RL02", "マイティキック", JUSTICE, "U",
     "相手キャラクター1体に3ダメージを与える。"
     "「仮面ライダークウガ」を含む名前のキャラクターが自分の場にいる時のみ使用できる。", {}),
    ("RL02", "トライチェイサー2000", JUSTICE, "C", "自分のキャラクター1体を任意のエリアへ移動させる。",
     {"reading": "とらいちぇいさーにせん"}),
    ("RL04", "キングストーンフラッシュ", JUSTICE, "R",
     "相手のキャラクター1体の防御力-3（ターン終了時まで）。", {}),
    ("RL01", "ショッカーの罠", "ショッカー", "C", "相手のキャラクター1体を行動済み状態にする。",
     {"reading": "しょっかーのわな", "invented": True}),
    ("RL01", "改造手術", "ショッカー", "U",
     "自分の作戦フィールドのキャラクター1体を手札に戻し、カードを1枚引く。",
     {"reading": "かいぞうしゅじゅつ", "invented": True}),
    ("RL01", "再生怪人軍団", "ショッカー", "R", "自分の墓場の悪タイプのキャラクター2枚までを手札に戻す。",
     {"reading": "さいせいかいじんぐんだん", "invented": True}),
    ("RL01", "毒ガス作戦", "ショッカー", "C",
     "相手の作戦フィールドの1エリアのキャラクターすべてに1ダメージを与える。",
     {"reading": "どくがすさくせん", "invented": True}),
    ("RL02", "グロンギの狩り", "グロンギ", "C",
     "自分の勢力グロンギのキャラクター1体の攻撃力+2（ターン終了時まで）。",
     {"reading": "ぐろんぎのかり", "invented": True}),
    ("RL03", "アンノウンの襲撃", "アンノウン", "U",
     "相手の正義フィールドのキャラクター1体に2ダメージを与える。",
     {"reading": "あんのうんのしゅうげき", "invented": True}),
    ("RL04", "ゴルゴムの仕業", "ゴルゴム", "C", "相手のミッション1枚に2ダメージを与える。",
     {"reading": "ごるごむのしわざ", "invented": True}),
)

# Eyecatch cards: (set, title, rarity, side A text, side B text, reading)
EYECATCHES: tuple[tuple[str, str, str, str, str, str], ...] = (
    ("RL01", "アイキャッチ 仮面ライダー", "C", "前半終了。自分のキャラクター1体を未行動状態にする。",
     "後半開始。カードを1枚引く。", "あいきゃっち かめんらいだー"),
    ("RL01", "アイキャッチ 仮面ライダーV3", "U", "前半終了。自分のミッション1枚のダメージを取り除く。",
     "後半開始。自分のキャラクター1体をこのターン攻撃力+1。", "あいきゃっち かめんらいだーぶいすりー"),
    ("RL02", "アイキャッチ 仮面ライダークウガ", "U", "前半終了。自分の手札を1枚捨て、カードを1枚引く。",
     "後半開始。自分のキャラクター1体を変身させてよい（手札から）。", "あいきゃっち かめんらいだーくうが"),
    ("RL03", "アイキャッチ 仮面ライダーアギト", "U", "前半終了。相手の裏向きのミッション1枚を見る。",
     "後半開始。このターン、ミッションを2枚まで配置できる。", "あいきゃっち かめんらいだーあぎと"),
)


def kana_reading(name: str) -> str:
    """Hiragana reading of a name written in katakana (with the prefix 仮面ライダー allowed).

    ``name``: a card name; spaces and ・ are dropped. Raises ValueError when the name holds other characters
    (kanji, Latin letters), which need an explicit reading.
    """
    text = name.replace("仮面ライダー", "かめんらいだー").replace("・", "").replace(" ", "")
    out = []
    for char in text:
        if "ァ" <= char <= "ヶ":
            out.append(chr(ord(char) - 0x60))
        elif "ぁ" <= char <= "ゖ" or char == "ー":
            out.append(char)
        else:
            raise ValueError(f"{name}: give an explicit reading ({char!r} is not kana)")
    return "".join(out)


def _card(card_set: str, number: int, name: str, card_type: str, rarity: str, options: dict) -> dict:
    return {
        "set": card_set,
        "number": f"{number:03d}",
        "name": name,
        "reading": options.get("reading") or kana_reading(name),
        "card_type": card_type,
        "rarity": rarity,
        "rules_text": options.get("text", ""),
        "flavour_text": "",
    }


@cache
def _abilities() -> dict[str, dict]:
    """Card name -> abilities, from the engine's ``card_abilities.json`` (the one source of the seed abilities)."""
    return json.loads(ABILITIES.read_text(encoding="utf-8"))["cards"]


def _alignment(faction: str) -> str:
    # Riders' Legend: タイプと勢力 — 正義 is the justice type; every other faction is of the evil type.
    return "justice" if faction == JUSTICE else "evil"


def _finish(card: dict, attributes: dict[str, Any], sample: list[str]) -> dict:
    card["attributes"] = attributes
    if card["rules_text"]:
        sample.append("rules_text")
    card["sample_fields"] = [*sample, "rarity"]
    card["abilities"] = _abilities().get(card["name"], {})
    card["image"] = card["thumbnail"] = ""  # a card file names every field; seed cards have no image yet
    return card


def _character(row: tuple, number: int) -> dict:
    card_set, name, faction, attack, defence, operation, rarity, options = row
    card = _card(card_set, number, name, "character", rarity, options)
    attributes: dict[str, Any] = {"alignment": _alignment(faction), "faction": faction, "attack": attack,
                                  "defence": defence, "operation": operation,
                                  "transforms_from": list(options.get("from", [])),
                                  "limit_one": bool(options.get("limit", False))}
    sample = ["attack", "defence", "operation"]
    if options.get("cond"):
        attributes["placement_condition"] = options["cond"]
        sample.append("placement_condition")
    if attributes["limit_one"]:
        sample.append("limit_one")
    return _finish(card, attributes, sample)


def _mission(row: tuple, number: int) -> dict:
    card_set, name, faction, required, attack, defence, rarity, options = row
    card = _card(card_set, number, name, "mission", rarity, options)
    attributes = {"alignment": _alignment(faction), "faction": faction, "required_operation": required,
                  "attack": attack, "defence": defence, "limit_one": False}
    return _finish(card, attributes, ["name", "required_operation", "attack", "defence"])


def _action(row: tuple, number: int) -> dict:
    card_set, name, faction, rarity, text, options = row
    card = _card(card_set, number, name, "action", rarity, {**options, "text": text})
    attributes = {"alignment": _alignment(faction), "faction": faction, "limit_one": False}
    return _finish(card, attributes, ["name"] if options.get("invented") else [])


def _eyecatch(row: tuple, number: int) -> dict:
    card_set, name, rarity, side_a, side_b, reading = row
    card = _card(card_set, number, name, "eyecatch", rarity, {"reading": reading})
    return _finish(card, {"side_a": side_a, "side_b": side_b}, ["name", "side_a", "side_b"])


def build_catalogue() -> dict[str, Any]:
    """The whole seed catalogue as a ``shinpan.cards`` v1 mapping; numbers run 001… within each set."""
    counters = {code: 0 for code, *_ in SETS}
    cards = []
    makers = ((CHARACTERS, _character), (MISSIONS, _mission), (ACTIONS, _action), (EYECATCHES, _eyecatch))
    for rows, make in makers:
        for row in rows:
            counters[row[0]] += 1
            cards.append(make(row, counters[row[0]]))
    sets = [
        {"code": code, "name": name, "name_ja": name_ja, "release_date": date, "sample_data": True,
         "notes": _SET_NOTE.format(count=counters[code], real=real), "kinds": real, "sold_as": sold_as}
        for code, name, name_ja, date, real, sold_as in SETS
    ]
    return {"format": "shinpan.cards", "version": 1, "game": GAME, "sets": sets, "cards": cards}


def render() -> str:
    """The catalogue as the exact text of the seed file (UTF-8 JSON, two-space indent, final newline)."""
    return json.dumps(build_catalogue(), ensure_ascii=False, indent=2) + "\n"


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else OUTPUT
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(), encoding="utf-8")
    print(f"wrote {len(build_catalogue()['cards'])} cards to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""The Legions! ability vocabulary (spec part A7, part C): keywords with their rule hooks and reminder text,
the triggers 配置時 / アンロック時 / ブレイク時 / turn start / turn end / a minion placed (ミニオン配置時, with
``side``), the effects of skills, arts and triggers (among them ``arrange_deck``: look at the top N cards of your
deck and put them back in any order), and the one static ability seen on real cards. ``effects.py`` interprets
the effects, ``triggers.py`` queues the triggers; ``field.py`` and ``combat.py`` read the keyword hooks.

A card's ``abilities`` (shape: ``referee.abilities.vocabulary``) uses these terms. Parameter kinds added here:

- ``target``: which units or cards an effect reaches::

      {"pick": "choose"|"all"|"master"|"self"|"adjacent"|"previous",
       "side": "opponent"|"own"|"any",                       # default opponent
       "units": ["minion", "lord", "master"],                 # field targets (default: minion)
       "zone": "field"|"hand"|"timeline",                     # default field; hand/timeline pick cards
       "card_type": "minion"|"skill"|..., "category": text,   # card filters (hand/timeline)
       "count": int,                                           # how many to choose (default 1)
       "atk_at_least": int}                                    # a condition on units

  ``adjacent`` = the minions in the lanes next to the previous effect's target; ``previous`` = that target.
- ``amount``: a whole number, ``{"count": "own_standby"|"broken", "plus": int}`` (cards in your standby zone;
  units the previous effect broke) or ``{"stat": "atk"}`` (the target's own ATK).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.abilities import Kind, Param, Problem, Term, Vocabulary
from referee.engine.protocol import Data

UNIT_KINDS = ("minion", "lord", "master")
PICKS = ("choose", "all", "master", "self", "adjacent", "previous")
SIDES = ("opponent", "own", "any")
ZONES = ("field", "hand", "timeline")
CARD_TYPES = ("minion", "lord", "skill", "arts")
CORE_PLACES = ("outside", "master", "active", "fatigued", "wz1", "wz2", "wz3", "wz4")
SEND_TO = ("wt", "wz1", "wz2", "wz3", "wz4", "exile", "hand", "standby")
UNTIL = ("turn", "permanent")
TARGET_FIELDS = ("pick", "side", "units", "zone", "card_type", "category", "count", "atk_at_least")


def _check_target(vocab: Vocabulary, value: Any, path: str) -> list[Problem]:
    if not isinstance(value, dict):
        return [Problem(path, f"a target is an object with 'pick', not {value!r}")]
    out = [Problem(f"{path}.{k}", "not a field of a target") for k in value if k not in TARGET_FIELDS]
    pick = value.get("pick")
    if pick not in PICKS:
        out.append(Problem(f"{path}.pick", f"must be one of {', '.join(PICKS)}, not {pick!r}"))
    if value.get("side", "opponent") not in SIDES:
        out.append(Problem(f"{path}.side", f"must be one of {', '.join(SIDES)}"))
    units = value.get("units", ["minion"])
    if not isinstance(units, list) or not units or any(u not in UNIT_KINDS for u in units):
        out.append(Problem(f"{path}.units", f"must be a non-empty list of {', '.join(UNIT_KINDS)}"))
    zone = value.get("zone", "field")
    if zone not in ZONES:
        out.append(Problem(f"{path}.zone", f"must be one of {', '.join(ZONES)}"))
    if zone != "field" and pick != "choose":
        out.append(Problem(f"{path}.pick", "cards in a hand or the timeline are chosen ('choose')"))
    if "card_type" in value and value["card_type"] not in CARD_TYPES:
        out.append(Problem(f"{path}.card_type", f"must be one of {', '.join(CARD_TYPES)}"))
    for key in ("count", "atk_at_least"):
        if key in value and (type(value[key]) is not int or value[key] < 1):
            out.append(Problem(f"{path}.{key}", "must be a whole number of at least 1"))
    if "category" in value and not (isinstance(value["category"], str) and value["category"]):
        out.append(Problem(f"{path}.category", "must be non-empty text"))
    return out


_UNIT_JA = {"minion": "ミニオン", "lord": "ロード", "master": "マスター"}
_UNIT_EN = {"minion": "minion", "lord": "lord", "master": "master"}
_TYPE_JA = {"minion": "ミニオン", "lord": "ロード", "skill": "スキル", "arts": "アーツ"}


def _units_text(units: list[str], lang: str) -> str:
    if set(units) == set(UNIT_KINDS) or set(units) == {"minion", "lord", "master"}:
        return "ユニット" if lang == "ja" else "unit"
    names = _UNIT_JA if lang == "ja" else _UNIT_EN
    return ("か" if lang == "ja" else " or ").join(names[u] for u in units)


def _render_target(vocab: Vocabulary, value: Data, lang: str) -> str:
    pick, side = value["pick"], value.get("side", "opponent")
    units, zone, count = value.get("units", ["minion"]), value.get("zone", "field"), value.get("count", 1)
    ja = lang == "ja"
    if pick == "self":
        return "このユニット" if ja else "this unit"
    if pick == "previous":
        return "それ" if ja else "it"
    if pick == "adjacent":
        return "その隣のミニオンすべて" if ja else "each minion next to it"
    if pick == "master":
        owner = {"opponent": "相手の", "own": "自分の", "any": "すべての"}[side] if ja else \
            {"opponent": "the opposing", "own": "your", "any": "each"}[side]
        return f"{owner}マスター" if ja else f"{owner} master"
    if zone != "field":
        place = ("手札" if zone == "hand" else "ウェイトゾーン") if ja else ("hand" if zone == "hand" else "wait zones")
        kind = value.get("card_type") or ""
        cat = value.get("category")
        if ja:
            return f"自分の{place}の{f'〈{cat}〉の' if cat else ''}{_TYPE_JA.get(kind, '')}カード{count}枚"
        return (f"{count} {f'〈{cat}〉 ' if cat else ''}{kind + ' ' if kind else ''}card{'s' if count > 1 else ''} "
                f"from your {place}")
    cond_ja = f"ATK{value['atk_at_least']}以上の" if "atk_at_least" in value else ""
    cond_en = f" with ATK {value['atk_at_least']} or more" if "atk_at_least" in value else ""
    noun = _units_text(units, lang)
    if ja:
        owner = {"opponent": "相手の", "own": "自分の", "any": ""}[side]
        if pick == "all":
            return f"すべての{cond_ja}{noun}" if side == "any" else f"{owner}{cond_ja}{noun}すべて"
        return f"{owner}{cond_ja}{noun}{count}体"
    owner = {"opponent": "opposing ", "own": "", "any": ""}[side]
    if pick == "all":
        return f"each of your {noun}s{cond_en}" if side == "own" else f"every {owner}{noun}{cond_en}"
    if side == "own":
        return f"{'a' if count == 1 else count} {noun}{'s' if count > 1 else ''} of yours{cond_en}"
    article = "an" if (owner or noun)[0] in "aeio" else "a"
    return f"{article if count == 1 else count} {owner}{noun}{'s' if count > 1 else ''}{cond_en}"


def _check_amount(vocab: Vocabulary, value: Any, path: str) -> list[Problem]:
    if type(value) is int:
        return [] if value >= 0 else [Problem(path, "must be 0 or more")]
    if isinstance(value, dict):
        if set(value) <= {"count", "plus"} and value.get("count") in ("own_standby", "broken") \
                and type(value.get("plus", 0)) is int:
            return []
        if value == {"stat": "atk"}:
            return []
    return [Problem(path, "must be a whole number, {'count': 'own_standby'|'broken', 'plus': n} "
                          "or {'stat': 'atk'}")]


def _render_amount(vocab: Vocabulary, value: Any, lang: str) -> str:
    if type(value) is int:
        return str(value)
    if "stat" in value:
        return "そのATKと同じ" if lang == "ja" else "its ATK in"
    plus = value.get("plus", 0)
    if value["count"] == "own_standby":
        return (f"自分のスタンバイカードの枚数{f'+{plus}' if plus else ''}" if lang == "ja"
                else f"(your standby cards{f' + {plus}' if plus else ''})")
    return "この効果でブレイクされたユニットの数" if lang == "ja" else "(units broken by this)"


KINDS = (
    Kind("target", _check_target, _render_target),
    Kind("amount", _check_amount, _render_amount),
)

T = Param("target", "target", label_ja="対象", label_en="target")

KEYWORDS = (
    Term("速攻", "速攻", "Haste", hooks=("ignore_summoning_sickness",), name_en="Haste",
         reminder_ja="配置したターンでもアタックできる。", reminder_en="Can attack on the turn it is placed."),
    Term("強襲", "強襲", "Assault", hooks=("kyoushuu",), name_en="Assault",
         reminder_ja="ロードをアタック対象にできない。", reminder_en="Cannot attack lords."),
    Term("移動攻撃", "移動攻撃", "Moving attack", hooks=("move_before_attack",), name_en="Moving attack",
         reminder_ja="アタックする前に、疲労せずに隣の空いているレーンに移動できる。",
         reminder_en="Before it attacks, it may move to an adjacent empty lane without being fatigued."),
    Term("ブロック不可", "ブロック不可", "Unblockable", hooks=("unblockable",), name_en="Unblockable",
         reminder_ja="このユニットのアタックはブロックされない。", reminder_en="Its attacks cannot be blocked."),
    Term("衝撃", "衝撃{n}", "Impact {n}", params=(Param("n", "int", minimum=1, maximum=2),), hooks=("impact",),
         name_en="Impact",
         reminder_ja="このアタックが相手のマスターにダメージを与えた時、相手のスタンバイカード{n}枚を選び除外する。",
         reminder_en="When this attack damages the opposing master, choose {n} of their standby cards and exile "
                     "them."),
    Term("効果ダメージ無効", "効果ダメージ無効", "Effect damage immunity", hooks=("no_effect_damage",),
         name_en="Effect damage immunity",
         reminder_ja="効果によるダメージを受けない。", reminder_en="Takes no damage from effects."),
    # 子鬼ヒミカ (public facts, research pass 3: 領域移動無効). Our reading (docs/rules/legions.md): an effect
    # that would send the unit to another zone (hand, timeline, standby, exclusion) leaves it where it is;
    # damage and breaks are not moves and still apply, and a move between lanes stays in the field.
    Term("領域移動無効", "領域移動無効", "Zone-move immunity", hooks=("no_zone_move",), name_en="Zone-move immunity",
         reminder_ja="効果によって他の領域に移動しない。",
         reminder_en="Effects cannot move it to another zone."),
    Term("挺身", "挺身", "Devotion", hooks=("teishin",), name_en="Devotion",
         reminder_ja="どのレーンからでも、自分のリーダーゾーンへのアタックをブロックできる。",
         reminder_en="Can block an attack on your leader zone from any lane."),
    Term("結界", "結界", "Barrier", hooks=("untargetable",), name_en="Barrier",
         reminder_ja="相手のカードの効果の対象に選ばれない。",
         reminder_en="Cannot be chosen by the opponent's effects."),
    Term("跳躍", "跳躍", "Leap", hooks=("leap",), name_en="Leap",
         reminder_ja="リーダーゾーンへのアタックを正対するミニオンにブロックされない。",
         reminder_en="Its attacks on the leader zone cannot be blocked by the facing minion."),
)

def _minion_placed_text(item: Data, values: Data, lang: str) -> str:
    side = item.get("side", "own")
    if lang == "ja":
        return f"{({'own': '自分の', 'opponent': '相手の'}).get(side, '')}ミニオンが配置された時"
    return {"own": "When a minion of yours is placed", "opponent": "When an opposing minion is placed"}.get(
        side, "When a minion is placed")


# conditions a trigger may carry (``"if"``): checked when the trigger fires; the trigger is not queued otherwise
# (あずきあらい, public facts: its 配置時 effect needs its owner's life to be at most the opponent's)
CONDITIONS = ("life_at_most_opponent",)
_CONDITION_TEXT = {"life_at_most_opponent": ("自分のライフが相手のライフ以下の場合",
                                             "if your life is at most your opponent's")}


def _conditioned(ja: str, en: str) -> Callable[[Data, Data, str], str]:
    """The text of a trigger that may carry an ``if`` condition: the timing, then the condition."""

    def compose(item: Data, values: Data, lang: str) -> str:
        condition = _CONDITION_TEXT.get(item.get("if", ""))
        if lang == "ja":
            return f"{ja}（{condition[0]}）" if condition else ja
        return f"{en}, {condition[1]}" if condition else en
    return compose


def _placed_face_down(item: Data, values: Data, lang: str) -> str:
    target = values["target"]
    if item.get("face_down"):
        return (f"{target}をリバース状態で空いているレーンに配置する。" if lang == "ja"
                else f"Place {target} face down into an empty lane.")
    return f"{target}を空いているレーンに配置する。" if lang == "ja" else f"Place {target} into an empty lane."


IF = Param("if", "choice", required=False, choices=CONDITIONS, label_ja="条件", label_en="condition")

def _activated_text(item: Data, values: Data, lang: str) -> str:
    costs_ja, costs_en = [], []
    if item.get("mp"):
        costs_ja.append(f"MP{item['mp']}")
        costs_en.append(f"{item['mp']} MP")
    if item.get("fatigue"):
        costs_ja.append("このユニットを疲労させる")
        costs_en.append("fatigue this unit")
    if lang == "ja":
        return f"起動（{'、'.join(costs_ja)}）" if costs_ja else "起動"
    return f"Activate ({', '.join(costs_en)})" if costs_en else "Activate"


TRIGGERS = (
    # 起動 (spec M8: an optional ability a unit's controller activates in their main phase, its costs as
    # printed): never fired by the rules; the main phase lists it as an Activate action when its costs can be
    # paid (``mp``: MP, ``fatigue``: fatigue the unit, which a unit on its placement turn cannot: 召喚酔い)
    Term("起動", "起動", "Activate",
         params=(Param("mp", "int", required=False, minimum=0, maximum=10, label_ja="MP", label_en="MP"),
                 Param("fatigue", "bool", required=False, label_ja="疲労", label_en="fatigue")),
         compose=_activated_text),
    Term("配置時", "配置時", "When placed", params=(IF,), compose=_conditioned("配置時", "When placed")),
    Term("アンロック時", "アンロック時", "When unlocked"),
    Term("ブレイク時", "《ブレイク時》", "When broken"),
    Term("ターン開始時", "自分のターン開始時", "At the start of your turn"),
    Term("ターン終了時", "自分のターン終了時", "At the end of your turn"),
    # while this unit is on the field: once each time minions of ``side`` (default own: its controller's) are
    # placed, however many one action or effect places at once (triggers.minions_placed, §38-4)
    Term("ミニオン配置時", "{side}ミニオンが配置された時", "When {side} minion is placed",
         params=(Param("side", "choice", required=False, choices=SIDES, label_ja="誰の", label_en="whose"),),
         compose=_minion_placed_text),
)

AMOUNT = Param("amount", "amount", label_ja="数値", label_en="amount")

LABELS = {
    "wt": ("そのWTのウェイトゾーン", "the wait zone of its WT"), "exile": ("除外ゾーン", "the exclusion zone"),
    "hand": ("持ち主の手札", "its owner's hand"), "standby": ("スタンバイゾーン", "the standby zone"),
    "outside": ("ゲーム外", "outside the game"), "master": ("自分のマスターの上", "your master"),
    "active": ("コア活性エリア", "your active core area"), "fatigued": ("コア疲労エリア", "your fatigued core area"),
    "opponent": ("相手の", "opposing"), "own": ("自分の", "your"),
    **{f"wz{i}": (f"ウェイトゾーン{i}", f"wait zone {i}") for i in range(1, 5)},
}


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _one(item: Data) -> bool:
    target = item["target"]
    return target["pick"] in ("choose", "self", "previous") and target.get("count", 1) == 1


def _modify_text(item: Data, values: Data, lang: str) -> str:
    parts_ja = [f"{stat}を{_signed(item[key])}" for stat, key in (("ATK", "atk"), ("HP", "hp")) if key in item]
    parts_en = [f"{_signed(item[key])} {stat}" for stat, key in (("ATK", "atk"), ("HP", "hp")) if key in item]
    turn = item.get("until", "turn") == "turn"
    if lang == "ja":
        return f"{'ターン終了時まで、' if turn else ''}{values['target']}の{'、'.join(parts_ja)}する。"
    verb = "gets" if _one(item) else "get"
    return f"{values['target'][0].upper()}{values['target'][1:]} {verb} {' and '.join(parts_en)}" \
           f"{' until end of turn' if turn else ''}."


def _grant_text(item: Data, values: Data, lang: str) -> str:
    turn = item.get("until", "turn") == "turn"
    if lang == "ja":
        return f"{'ターン終了時まで、' if turn else ''}{values['target']}は{values['keyword']}を得る。"
    verb = "gains" if _one(item) else "gain"
    return f"{values['target'][0].upper()}{values['target'][1:]} {verb} {values['keyword']}" \
           f"{' until end of turn' if turn else ''}."
UNTIL_P = Param("until", "choice", required=False, choices=UNTIL)

EFFECTS = (
    Term("damage", "{target}に{amount}ダメージを与える。", "Deal {amount} damage to {target}.", params=(T, AMOUNT)),
    Term("heal", "自分のマスターのライフを{amount}回復する。", "Your master gains {amount} life.", params=(AMOUNT,)),
    Term("draw", "カードを{n}枚引く。", "Draw {n} card(s).", params=(Param("n", "int", minimum=1, maximum=5),)),
    Term("move_cores", "コア{n}個を{source}から{dest}に置く。", "Move {n} core(s) from {source} to {dest}.",
         params=(Param("n", "int", minimum=1, maximum=5), Param("source", "choice", choices=CORE_PLACES),
                 Param("dest", "choice", choices=CORE_PLACES))),
    Term("send", "{target}を{to}に送る。", "Put {target} into {to}.",
         params=(T, Param("to", "choice", choices=SEND_TO))),
    Term("master_attack", "あなたのマスターは、『ATK{atk}』でアタックを行う。", "Your master attacks with ATK {atk}.",
         params=(Param("atk", "int", minimum=0, maximum=20),)),
    Term("remove_standby", "{side}スタンバイカード{n}枚を選び除外する。", "Exile {n} of the {side} standby cards.",
         params=(Param("n", "int", minimum=1, maximum=2),
                 Param("side", "choice", choices=("opponent", "own")))),
    Term("place_from_timeline", "{target}を空いているレーンに配置する。", "Place {target} into an empty lane.",
         params=(T, Param("face_down", "bool", required=False)), compose=_placed_face_down),
    Term("fatigue", "{target}を疲労させる。", "Fatigue {target}.",
         params=(T, Param("hold", "bool", required=False))),
    Term("modify", "{target}のATKを{atk}、HPを{hp}する。", "{target} gets ATK {atk} and HP {hp}.",
         params=(T, Param("atk", "int", required=False, minimum=-20, maximum=20),
                 Param("hp", "int", required=False, minimum=-20, maximum=20), UNTIL_P), compose=_modify_text),
    Term("grant", "{target}は{keyword}を得る。", "{target} gains {keyword}.",
         params=(T, Param("keyword", "text"), UNTIL_P), compose=_grant_text),
    Term("break", "{target}をブレイクする。", "Break {target}.", params=(T,)),
    Term("no_attack", "ターン終了時まで{target}はアタックできない。", "{target} cannot attack this turn.", params=(T,)),
    Term("shield", "ターン終了時まで{target}が受けるダメージを{n}減らす。",
         "Until end of turn, damage to {target} is reduced by {n}.", params=(T, Param("n", "int", minimum=1))),
    Term("move_unit", "{target}を隣接する空いているレーンに移動させる。", "Move {target} to an adjacent empty lane.",
         params=(T,)),
    Term("advance_wait", "{target}を1つ前のウェイトゾーンに移す。", "Move {target} one wait zone forward.",
         params=(T,)),
    Term("arrange_deck", "自分のデッキの上から{n}枚を見て、好きな順番で戻す。",
         "Look at the top {n} cards of your deck and put them back in any order.",
         params=(Param("n", "int", minimum=1, maximum=5),)),
)

STATICS = (
    Term("negate_keyword", "このカードが場にある限り、すべてのユニットの{keyword}は無効になる。",
         "While this card is on the field, every unit loses {keyword}.", params=(Param("keyword", "text"),)),
)

VOCABULARY = Vocabulary("legions", KEYWORDS, TRIGGERS, EFFECTS, STATICS, KINDS, dict(LABELS),
                        target_rows=(("pick", "pick", PICKS, False), ("side", "side", SIDES, False),
                                     ("units", "units", UNIT_KINDS, True)))
"""The one definition of the Legions vocabulary: validation, card text, the admin and the engine read it."""


def keyword_from_text(text: str) -> Data:
    """A keyword as the catalogue writes it (``"衝撃1"``, ``"速攻"``) -> ``{"keyword": "衝撃", "n": 1}``.
    ValueError names text that is no keyword of the vocabulary."""
    for term in KEYWORDS:
        if text == term.code and not term.params:
            return {"keyword": term.code}
        if term.params and text.startswith(term.code) and text[len(term.code):].isdigit():
            return {"keyword": term.code, term.params[0].name: int(text[len(term.code):])}
    raise ValueError(f"{text!r} is not a Legions keyword (known: {', '.join(t.code for t in KEYWORDS)})")


def keyword_text(keyword: Data) -> str:
    """The inverse of ``keyword_from_text``: ``{"keyword": "衝撃", "n": 1}`` -> ``"衝撃1"``."""
    answer: str = keyword["keyword"] + "".join(str(v) for k, v in keyword.items() if k != "keyword")
    return answer


def validate(abilities: Any) -> list[Problem]:
    """Every problem of a Legions ``abilities`` value (``[]`` when valid); see ``referee.abilities``."""
    return VOCABULARY.validate(abilities)


def render(abilities: Data, lang: str = "ja") -> list[str]:
    """The card text of ``abilities`` in ``lang`` (ja, en)."""
    return VOCABULARY.render(abilities, lang)


def not_yet_refereed(cards: list[Data]) -> list[tuple[str, str]]:
    """The cards (plain dicts: name, card_type, attributes, abilities) the engine cannot referee yet, as
    ``[(name, reason)]`` in order, each name once: abilities that fail validation, abilities marked
    ``not_refereed``, printed keywords (``attributes.keywords``) missing from the abilities, or printed rules
    text with no abilities at all. A master needs none (all masters share the rules' abilities, A3.5)."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    checked: set[int] = set()  # a deck repeats one card dict for its copies: each is validated once
    for card in cards:
        if id(card) in checked:
            continue
        checked.add(id(card))
        name = card.get("name", "?")
        reason = _refusal(card)
        if reason and name not in seen:
            seen.add(name)
            out.append((name, reason))
    return out


def _refusal(card: Data) -> str:
    if card.get("card_type") == "master":
        return ""
    abilities = card.get("abilities")
    printed = list((card.get("attributes") or {}).get("keywords") or [])
    if abilities is None:
        if printed or card.get("rules_text"):
            return "no abilities data for its text"
        return ""
    problems = VOCABULARY.validate(abilities)
    if problems:
        return "; ".join(str(p) for p in problems)
    if abilities.get("not_refereed"):
        return str(abilities["not_refereed"])
    have = {keyword_text(k) for k in abilities.get("keywords", [])}
    missing = [k for k in printed if k not in have]
    if missing:
        return f"printed keyword(s) {', '.join(missing)} not in its abilities"
    return ""

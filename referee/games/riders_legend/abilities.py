"""The Riders' Legend ability vocabulary (spec part B, part C; the mechanism of ``referee.abilities``): missions'
achievement effects (trigger ``achieved``), action cards (``effects``), the two sides of an eyecatch (triggers
``eyecatch_a`` 前半終了 and ``eyecatch_b`` 後半開始), characters' placement conditions and transformation targets
(statics), and effects that depend on the real players (``declare``: a declaration the acting player makes and
the opponent accepts or disputes; ``referee.abilities.declarations``). ``effects.py`` interprets the effects;
the rule modules read the statics.

Parameter kinds added here:

- ``target``: what an effect reaches::

      {"pick": "choose"|"all"|"self"|"previous"|"attacked"|"area",
       "side": "opponent"|"own"|"any",                                # default opponent
       "what": "character"|"mission"|"card",                          # default character
       "fields": ["justice", "operation", "battle"],                  # characters (default all three)
       "zone": "hand"|"graveyard"|"discard_pile",                     # cards (default hand)
       "alignment": "justice"|"evil", "faction": text, "name": text, "name_contains": text,
       "card_type": "character"|"mission"|"action",
       "face": "up"|"down"|"any",                                     # missions (default any)
       "count": int, "up_to": bool}                                   # how many (default 1, exactly)

  ``area``: the chooser names an area, and every character of ``side``'s ``fields`` in it is reached;
  ``attacked``: the character the source has just attacked; ``previous``: the last effect's targets.
- ``condition``: ``{"count": "mission"|"character"|"card", "zone": "field"|"graveyard", "faction": text,
  "name_contains": text, "at_least": int}`` about the player's own cards (placement and use conditions).
- ``names``: a non-empty list of card names (transformation targets).
"""

from __future__ import annotations

from typing import Any

from referee.abilities import Kind, Param, Problem, Term, Vocabulary
from referee.abilities.declarations import declaration_term
from referee.engine.protocol import Data

PICKS = ("choose", "all", "self", "previous", "attacked", "area")
SIDES = ("opponent", "own", "any")
WHATS = ("character", "mission", "card")
FIELDS = ("justice", "operation", "battle")
ZONES = ("hand", "graveyard", "discard_pile")
FACES = ("up", "down", "any")
CARD_TYPES = ("character", "mission", "action")
TARGET_FIELDS = ("pick", "side", "what", "fields", "zone", "alignment", "faction", "name", "name_contains",
                 "card_type", "face", "count", "up_to")
CONDITION_FIELDS = ("count", "zone", "faction", "name_contains", "at_least")


def _enum(value: Data, key: str, choices: tuple[Any, ...], path: str, default: Any = None) -> list[Problem]:
    got = value.get(key, default)
    if got not in choices:
        return [Problem(f"{path}.{key}", f"must be one of {', '.join(choices)}, not {got!r}")]
    return []


def _check_target(vocab: Vocabulary, value: Any, path: str) -> list[Problem]:
    if not isinstance(value, dict):
        return [Problem(path, f"a target is an object with 'pick', not {value!r}")]
    out = [Problem(f"{path}.{k}", "not a field of a target") for k in value if k not in TARGET_FIELDS]
    out += _enum(value, "pick", PICKS, path)
    out += _enum(value, "side", SIDES, path, "opponent")
    out += _enum(value, "what", WHATS, path, "character")
    out += _enum(value, "zone", ZONES, path, "hand")
    out += _enum(value, "face", FACES, path, "any")
    if "alignment" in value:
        out += _enum(value, "alignment", ("justice", "evil"), path)
    if "card_type" in value:
        out += _enum(value, "card_type", CARD_TYPES, path)
    fields = value.get("fields", list(FIELDS))
    if not isinstance(fields, list) or not fields or any(f not in FIELDS for f in fields):
        out.append(Problem(f"{path}.fields", f"must be a non-empty list of {', '.join(FIELDS)}"))
    for key in ("faction", "name", "name_contains"):
        if key in value and not (isinstance(value[key], str) and value[key]):
            out.append(Problem(f"{path}.{key}", "must be non-empty text"))
    if "count" in value and (type(value["count"]) is not int or value["count"] < 1):
        out.append(Problem(f"{path}.count", "must be a whole number of at least 1"))
    if "up_to" in value and not isinstance(value["up_to"], bool):
        out.append(Problem(f"{path}.up_to", "must be true or false"))
    if value.get("pick") == "area" and value.get("what", "character") != "character":
        out.append(Problem(f"{path}.pick", "an area reaches characters"))
    return out


_SIDE_JA = {"opponent": "相手の", "own": "自分の", "any": ""}
_SIDE_EN = {"opponent": "an opposing ", "own": "one of your ", "any": "a "}
_FIELD_JA = {"justice": "正義フィールド", "operation": "作戦フィールド", "battle": "戦闘フィールド"}
_FIELD_EN = {"justice": "justice field", "operation": "operation field", "battle": "battle field"}
_ZONE_JA = {"hand": "手札", "graveyard": "墓場", "discard_pile": "捨山"}
_ZONE_EN = {"hand": "hand", "graveyard": "graveyard", "discard_pile": "discard pile"}


def _filters(value: Data, lang: str) -> str:
    ja = lang == "ja"
    parts = []
    if "alignment" in value:
        parts.append(("正義タイプの" if value["alignment"] == "justice" else "悪タイプの") if ja
                     else f"{value['alignment']} ")
    if "faction" in value:
        parts.append(f"勢力{value['faction']}の" if ja else f"{value['faction']} ")
    if "name" in value:
        parts.append(f"「{value['name']}」" if ja else f"\"{value['name']}\" ")
    if "name_contains" in value:
        parts.append(f"「{value['name_contains']}」を含む名前の" if ja else f"\"{value['name_contains']}\"-named ")
    return "".join(parts)


def _render_target(vocab: Vocabulary, value: Data, lang: str) -> str:
    ja, pick = lang == "ja", value["pick"]
    side, what = value.get("side", "opponent"), value.get("what", "character")
    if pick == "self":
        return "このキャラクター" if ja else "this character"
    if pick == "previous":
        return "それ" if ja else "it"
    if pick == "attacked":
        return "攻撃したキャラクター" if ja else "the character it attacked"
    fields = value.get("fields", list(FIELDS))
    place_ja = "" if len(fields) == 3 else "・".join(_FIELD_JA[f] for f in fields) + "の"
    place_en = "" if len(fields) == 3 else " in the " + " or ".join(_FIELD_EN[f] for f in fields)
    count, upto = value.get("count", 1), value.get("up_to", False)
    if pick == "area":
        return (f"{_SIDE_JA[side]}{place_ja}1エリアのキャラクターすべて" if ja
                else f"every character of one {side if side != 'any' else ''} area{place_en}")
    noun_ja = {"character": "キャラクター", "mission": "ミッション", "card": "カード"}[what]
    unit = "体" if what == "character" else "枚"
    face = value.get("face", "any")
    face_ja = {"up": "表向きの", "down": "裏向きの", "any": ""}[face]
    face_en = {"up": "face-up ", "down": "face-down ", "any": ""}[face]
    if what == "card":
        zone = value.get("zone", "hand")
        kind_ja = {"character": "キャラクター", "mission": "ミッション", "action": "アクション"}.get(
            value.get("card_type", ""), "カード")
        if ja:
            upto_ja = "まで" if upto else ""
            return f"{_SIDE_JA[side]}{_ZONE_JA[zone]}の{_filters(value, lang)}{kind_ja}{count}枚{upto_ja}"
        return (f"{'up to ' if upto else ''}{count} {_filters(value, lang)}{value.get('card_type', 'card')}(s) "
                f"from {'your' if side == 'own' else 'the opposing'} {_ZONE_EN[zone]}")
    if pick == "all":
        return (f"{_SIDE_JA[side]}{place_ja}{face_ja}{_filters(value, lang)}{noun_ja}すべて" if ja
                else f"every {_SIDE_EN[side].split(' ')[-2] if side == 'opponent' else ''}"
                     f"{face_en}{_filters(value, lang)}{what}{place_en}")
    if ja:
        upto_ja = "まで" if upto else ""
        return f"{_SIDE_JA[side]}{place_ja}{face_ja}{_filters(value, lang)}{noun_ja}{count}{unit}{upto_ja}"
    lead = f"up to {count} " if upto else (_SIDE_EN[side] if count == 1 else f"{count} ")
    return f"{lead}{face_en}{_filters(value, lang)}{what}{'s' if count > 1 else ''}{place_en}"


def _check_condition(vocab: Vocabulary, value: Any, path: str) -> list[Problem]:
    if not isinstance(value, dict):
        return [Problem(path, f"a condition is an object with 'count', not {value!r}")]
    out = [Problem(f"{path}.{k}", "not a field of a condition") for k in value if k not in CONDITION_FIELDS]
    out += _enum(value, "count", ("mission", "character", "card"), path)
    out += _enum(value, "zone", ("field", "graveyard"), path, "field")
    for key in ("faction", "name_contains"):
        if key in value and not (isinstance(value[key], str) and value[key]):
            out.append(Problem(f"{path}.{key}", "must be non-empty text"))
    if "at_least" in value and (type(value["at_least"]) is not int or value["at_least"] < 1):
        out.append(Problem(f"{path}.at_least", "must be a whole number of at least 1"))
    return out


def _render_condition(vocab: Vocabulary, value: Data, lang: str) -> str:
    ja = lang == "ja"
    zone = value.get("zone", "field")
    noun = {"mission": "ミッション", "character": "キャラクター", "card": "カード"}[value["count"]] if ja \
        else value["count"]
    n = value.get("at_least", 1)
    extra = _filters(value, lang)
    if ja:
        place = "場" if zone == "field" else "墓場"
        many = "" if n == 1 else f"が{n}{'体' if value['count'] == 'character' else '枚'}以上"
        verb = "いる" if value["count"] == "character" else "ある"
        return f"自分の{place}に{extra}{noun}{many or 'が'}{verb}"
    return f"you have {'a' if n == 1 else f'{n} or more'} {extra}{noun}{'s' if n > 1 else ''} in your " \
           f"{'field' if zone == 'field' else 'graveyard'}"


def _check_names(vocab: Vocabulary, value: Any, path: str) -> list[Problem]:
    if not isinstance(value, list) or not value or not all(isinstance(n, str) and n for n in value):
        return [Problem(path, "must be a non-empty list of card names")]
    return []


KINDS = (
    Kind("target", _check_target, _render_target),
    Kind("condition", _check_condition, _render_condition),
    Kind("signed", lambda v, value, path: [] if type(value) is int else [Problem(path, "must be a whole number")],
         lambda v, value, lang: f"{value:+d}"),
    Kind("names", _check_names, lambda v, value, lang: ("・" if lang == "ja" else ", ").join(value)),
)

T = Param("target", "target", label_ja="対象", label_en="target")
N = Param("n", "int", minimum=1, maximum=5)

TRIGGERS = (
    Term("achieved", "達成時", "When achieved"),
    Term("destroys_character", "このキャラクターが相手キャラクターを破壊した時",
         "When this character destroys an opposing character"),
    Term("moves_to_battle", "このキャラクターが戦闘フィールドへ移動した時",
         "When this character moves into a battle field"),
    Term("attacks_character", "このキャラクターがキャラクターを攻撃した時", "When this character attacks a character"),
    Term("eyecatch_a", "前半終了", "End of the first half"),
    Term("eyecatch_b", "後半開始", "Start of the second half"),
)


def _modify_text(item: Data, values: Data, lang: str) -> str:
    stats = [(k, item[k]) for k in ("attack", "defence") if k in item]
    if lang == "ja":
        names = {"attack": "攻撃力", "defence": "防御力"}
        parts = "、".join(f"{names[k]}{v:+d}" for k, v in stats)
        return f"{values['target']}の{parts}（ターン終了時まで）。"
    return f"{values['target'][0].upper()}{values['target'][1:]} gets " + " and ".join(
        f"{v:+d} {k}" for k, v in stats) + " until end of turn."


EFFECTS = (
    Term("draw", "カードを{n}枚引く。", "Draw {n} card(s).", params=(N,)),
    Term("modify", "{target}の攻撃力・防御力を変える。", "{target} gets a bonus.",
         params=(T, Param("attack", "int", required=False, minimum=-9, maximum=9),
                 Param("defence", "int", required=False, minimum=-9, maximum=9)), compose=_modify_text),
    Term("damage", "{target}に{amount}ダメージを与える。", "Deal {amount} damage to {target}.",
         params=(T, Param("amount", "int", minimum=1, maximum=20))),
    Term("to_hand", "{target}を持ち主の手札に戻す。", "Return {target} to its owner's hand.", params=(T,)),
    Term("set_acted", "{target}を{acted}にする。", "Make {target} {acted}.",
         params=(T, Param("acted", "bool"))),
    Term("relocate", "{target}を任意のエリアへ移動させる。", "Move {target} to any area.", params=(T,)),
    Term("no_move", "{target}は次の自分のターン終了時まで移動できない。",
         "{target} cannot move until the end of your next turn.", params=(T,)),
    Term("reveal", "{target}を表向きにする。", "Turn {target} face up.", params=(T,)),
    Term("look", "{target}を見る。", "Look at {target}.", params=(T,)),
    Term("deck_damage", "{side}デッキに{n}ダメージを与える。", "Deal {n} damage to {side} deck.",
         params=(N, Param("side", "choice", choices=("opponent", "own")))),
    Term("discard_pile_to_deck", "自分の捨山の上から{n}枚をデッキの下に戻す。",
         "Put the top {n} card(s) of your discard pile under your deck.", params=(N,)),
    Term("heal_mission", "{target}のダメージを取り除く。", "Remove the damage from {target}.", params=(T,)),
    Term("discard", "{target}を捨てる。", "Discard {target}.", params=(T,)),
    Term("transform_from_hand", "自分のキャラクター1体を変身させてよい（手札から）。",
         "You may transform one of your characters (from your hand)."),
    Term("extra_mission", "このターン、ミッションをあと{n}枚配置できる。",
         "This turn you may place {n} more mission(s).", params=(N,)),
    declaration_term(),
)

STATICS = (
    Term("transforms_from", "変身：{names}", "Transforms from: {names}", params=(Param("names", "names"),)),
    Term("placement_condition", "配置条件：{condition}。", "Placement condition: {condition}.",
         params=(Param("condition", "condition"),)),
    Term("use_condition", "{condition}時のみ使用できる。", "Can be used only if {condition}.",
         params=(Param("condition", "condition"),)),
    Term("mission_requirement", "同じエリアの自分のミッションの必要作戦力{amount}。",
         "Your mission in the same area needs {amount} operation.",
         params=(Param("amount", "signed", minimum=-9, maximum=9),)),
    Term("steps", "このキャラクターは1ターンに{n}歩まで移動できる。", "This character may move up to {n} steps a turn.",
         params=(N,)),
    Term("attack_reach", "このキャラクターは隣接しないエリアの{what}も攻撃できる。",
         "This character can also attack {what} of other areas.",
         params=(Param("what", "choice", choices=("character", "mission")),)),
    Term("aura", "自分の勢力{faction}のキャラクターすべての攻撃力{attack}。",
         "Your {faction} characters get {attack} attack.",
         params=(Param("faction", "text"), Param("attack", "signed", minimum=-9, maximum=9))),
    Term("attack_against", "このキャラクターは「{name}」への攻撃時、攻撃力{attack}。",
         "When this character attacks \"{name}\", it gets {attack} attack.",
         params=(Param("name", "text"), Param("attack", "signed", minimum=-9, maximum=9))),
    Term("instead_of_destruction", "このキャラクターが破壊される時、代わりに手札に戻してよい。",
         "When this character would be destroyed, you may return it to your hand instead."),
)

LABELS: dict[Any, tuple[str, str]] = {  # keyed by a target's value: a side, a bool, a kind
    "opponent": ("相手の", "the opposing"), "own": ("自分の", "your"),
    True: ("行動済み状態", "acted"), False: ("未行動状態", "unacted"),
    "character": ("キャラクター", "characters"), "mission": ("ミッション", "missions"),
}

VOCABULARY = Vocabulary("riders_legend", (), TRIGGERS, EFFECTS, STATICS, KINDS, dict(LABELS),
                        target_rows=(("pick", "pick", PICKS, False), ("side", "side", SIDES, False),
                                     ("units", "what", WHATS, False)))
"""The one definition of the Riders' Legend vocabulary: validation, card text, the admin and the engine read it."""


def validate(abilities: Any) -> list[Problem]:
    """Every problem of a Riders' Legend ``abilities`` value (``[]`` when valid); see ``referee.abilities``."""
    return VOCABULARY.validate(abilities)


def render(abilities: Data, lang: str = "ja") -> list[str]:
    """The card text of ``abilities`` in ``lang`` (ja, en)."""
    return VOCABULARY.render(abilities, lang)


class Index:
    """What the engine reads of one ``abilities`` value, worked out once: ``statics`` (code -> the statics of that
    code, in order), ``transforms_from`` (the 変身元 names of its ``transforms_from`` statics, in order; as a
    set: ``wanted``) and ``steps`` (B3.4: the steps a turn, 1 or its ``steps`` statics' most)."""

    __slots__ = ("statics", "transforms_from", "wanted", "steps")

    def __init__(self, abilities: Data) -> None:
        by_code: dict[str, list[Data]] = {}
        for s in abilities.get("statics", ()):
            by_code.setdefault(s["static"], []).append(s)
        self.statics: dict[str, tuple[Data, ...]] = {code: tuple(found) for code, found in by_code.items()}
        self.transforms_from = tuple(n for s in self.statics.get("transforms_from", ()) for n in s["names"])
        self.wanted = frozenset(self.transforms_from)
        self.steps = max([1, *(s["n"] for s in self.statics.get("steps", ()))])


_EMPTY = Index({})
_INDEX: dict[int, tuple[Data, Index]] = {}


def index(abilities: Data) -> Index:
    """The ``Index`` of an abilities value. A card table shares one abilities dict between the copies of a card
    (``cards.with_abilities``) and every state of a game shares the card table, which is never changed once set up:
    so the index is looked up by the dict's identity (the cache holds the dict itself, so its id is not reused)."""
    if not abilities or "statics" not in abilities:
        return _EMPTY  # (no statics: nothing to index; most cards)
    entry = _INDEX.get(id(abilities))
    if entry is not None and entry[0] is abilities:
        return entry[1]
    if len(_INDEX) > 4096:
        _INDEX.clear()
    found = Index(abilities)
    _INDEX[id(abilities)] = (abilities, found)
    return found


def statics(abilities: Data, code: str) -> tuple[Data, ...]:
    """The statics of ``code``, in order."""
    return index(abilities).statics.get(code, ())


def not_yet_refereed(cards: list[Data]) -> list[tuple[str, str]]:
    """The cards (plain dicts: name, card_type, attributes, rules_text?, abilities) the engine cannot referee
    yet, as ``[(name, reason)]`` in order, each name once: abilities that fail validation or are marked
    ``not_refereed``; printed text (rules text, a placement condition, an eyecatch side) with no abilities;
    a 変身元 (``attributes.transforms_from``) or a placement condition the abilities do not carry; an eyecatch
    without both sides."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    judged: dict[int, str] = {}  # a deck repeats one card dict for its copies: each object is judged once
    for card in cards:
        name = card.get("name", "?")
        reason = judged[id(card)] if id(card) in judged else judged.setdefault(id(card), _refusal(card))
        if reason and name not in seen:
            seen.add(name)
            out.append((name, reason))
    return out


def _refusal(card: Data) -> str:
    abilities = card.get("abilities")
    a = card.get("attributes") or {}
    printed = bool(card.get("rules_text") or a.get("placement_condition") or a.get("side_a") or a.get("side_b")
                   or a.get("transforms_from"))
    if abilities is None:
        return "no abilities data for its text" if printed else ""
    problems = VOCABULARY.validate(abilities)
    if problems:
        return "; ".join(str(p) for p in problems)
    if abilities.get("not_refereed"):
        return str(abilities["not_refereed"])
    found = Index(abilities)  # not the cached index: a catalogue card's data may be edited between checks
    targets = list(found.transforms_from)
    if sorted(targets) != sorted(a.get("transforms_from") or []):
        return f"its 変身元 {a.get('transforms_from')} differ from its abilities' {targets}"
    if a.get("placement_condition") and "placement_condition" not in found.statics:
        return "its placement condition is not in its abilities"
    if card.get("card_type") == "eyecatch":
        whens = {t["when"] for t in abilities.get("triggers", ())}
        if not {"eyecatch_a", "eyecatch_b"} <= whens:
            return "an eyecatch needs both sides (triggers eyecatch_a and eyecatch_b)"
    return ""

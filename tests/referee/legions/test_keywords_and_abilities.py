"""Keywords and abilities as data (spec A7, part C): each keyword's hook, the triggers, the vocabulary's
validation and text, and "not yet refereed"."""

from __future__ import annotations

import json

import pytest

from referee.engine.protocol import RngSeed
from referee.engine.rng import seed_from_int
from referee.games.legions import ENGINE
from referee.games.legions.abilities import VOCABULARY, keyword_from_text, not_yet_refereed, render, validate
from referee.games.legions.actions import Attack, Choose, Deploy, Keep, NoBlock, Unlock
from referee.games.legions.cards import table
from referee.games.legions.effects import choice

from .conftest import CARDS, act, decks, kinds, main_phase, new_state, put, to_hand


@pytest.fixture
def st() -> dict:
    state = main_phase(new_state(), "p1", active=9, awakened=True)
    state["turn"] = 5
    return state


def _targets(state: dict, card: str, seat: str = "p1") -> set[str]:
    return {a.target for a in ENGINE.legal_actions(state, seat) if a.type == "attack" and a.card == card}


def test_sokkou_a_haste_minion_attacks_on_its_placement_turn(st) -> None:
    (card,) = to_hand(st, "p1", "スチームライダー")
    st, _ = act(st, Unlock(seat="p1", card=card, then="place", lane="centre"))
    assert "p2m" in _targets(st, card)


def test_osakisama_negates_haste_while_on_the_field(st) -> None:
    put(st, "p2", "守り神『オサキサマ』", "leader")
    (card,) = to_hand(st, "p1", "スチームライダー")
    st, _ = act(st, Unlock(seat="p1", card=card, then="place", lane="centre"))
    assert _targets(st, card) == set()
    for seat in ("p1", "p2", None):  # what the board shows: no 速攻 while オサキサマ is on the field
        assert ENGINE.view(st, seat)["players"]["p1"]["lanes"]["centre"]["keywords"] == []


def test_the_listing_works_out_the_negated_keywords_once_and_forgets_them(st) -> None:
    # ``field.steady``: the main phase's listing asks the field's negated keywords once (it asked them for every
    # attack and unlock it checked); inside, the same answer; after it, even after an error, asked afresh
    from referee.games.legions import field

    put(st, "p2", "守り神『オサキサマ』", "leader")
    with field.steady(st):
        assert field.negated(st) == {"速攻"}
        with field.steady(st):  # nested: the same
            assert field.negated(st) == {"速攻"}
        assert field.negated(st) == {"速攻"}
    with pytest.raises(RuntimeError), field.steady(st):
        raise RuntimeError("a check failed")
    st["players"]["p2"]["lord"] = None  # オサキサマ leaves: nothing negated now
    assert field.negated(st) == set() and not field._STEADY


def test_kyoushuu_reading_no_lords_cannot_target_a_lord(st) -> None:
    me = put(st, "p1", "火竜の仔", "centre")
    lord = put(st, "p2", "冥界姫『ヘカテ』", "leader")
    assert lord not in _targets(st, me) and "p2m" in _targets(st, me)


def test_idou_kougeki_moves_before_attacking_without_fatigue_for_the_move(st) -> None:
    me = put(st, "p1", "烏天狗キッカ", "right")
    target = put(st, "p2", "リトルゴレム", "right")  # faces my left only
    direct = {a.target for a in ENGINE.legal_actions(st, "p1") if a.type == "attack" and a.card == me and not a.via}
    assert target not in direct and target in _targets(st, me)
    st, events = act(st, Attack(seat="p1", card=me, target=target, via="centre"))
    moved = [e.data for e in events if e.kind == "move"]
    assert moved == [{"seat": "p1", "card": me, "from": "right", "to": "centre"}]
    assert target in st["players"]["p2"]["wz"][0] and me in st["players"]["p1"]["wz"][1]  # 2/1 and 2/2 trade


def test_block_fuka_an_unblockable_attack_reaches_the_master(st) -> None:
    me = put(st, "p1", "吸血姫『アコニー』", "leader")
    put(st, "p2", "エーテル・オニキス", "centre")
    st, _ = act(st, Attack(seat="p1", card=me, target="p2m"))
    assert st["players"]["p2"]["life"] == 14


def test_shougeki_damage_to_the_master_exiles_standby_cards(st) -> None:
    st = main_phase(st, "p2", active=9, awakened=True)
    a, b = to_hand(st, "p1", "下忍カスミ", "マジックミサイル")
    st["players"]["p1"]["standby"] = [a, b]
    for c in (a, b):
        st["players"]["p1"]["hand"].remove(c)
    (skill,) = to_hand(st, "p2", "一刀両断")  # ATK 4, 衝撃2
    st, events = act(st, Unlock(seat="p2", card=skill, then="use"))
    assert st["players"]["p1"]["life"] == 16 and st["players"]["p1"]["standby"] == []
    assert {a, b} <= set(st["players"]["p1"]["exile"])


def test_shougeki_chooses_hidden_standby_cards_by_position(st) -> None:
    st = main_phase(st, "p2", active=9, awakened=True)
    a, b = to_hand(st, "p1", "下忍カスミ", "マジックミサイル")
    st["players"]["p1"]["standby"] = [a, b]
    for c in (a, b):
        st["players"]["p1"]["hand"].remove(c)
    (skill,) = to_hand(st, "p2", "白刃一閃")  # 衝撃1
    st, _ = act(st, Unlock(seat="p2", card=skill, then="use"))
    assert st["pending"]["options"] == ["standby:0", "standby:1"]
    assert st["pending"]["source"] == skill  # A7 衝撃N: the skill's own ability, not its master's
    st, _ = act(st, Choose(seat="p2", option="standby:1"))
    assert st["players"]["p1"]["standby"] == [a] and b in st["players"]["p1"]["exile"]


def test_teishin_reading_guard_a_devoted_minion_blocks_from_any_lane(st) -> None:
    me = put(st, "p1", "下忍カスミ", "right")
    guard = put(st, "p2", "聖堂の衛兵", "right")  # not facing my right
    st, _ = act(st, Attack(seat="p1", card=me, target="p2m"))
    assert st["pending"] == {"kind": "block", "seat": "p2", "options": [guard]}


def test_kouka_damage_mukou_takes_no_damage_from_effects() -> None:
    immune = {"name": "試験の壁", "card_type": "minion",
              "attributes": {"colours": ["black"], "unlock_cost": 1, "atk": 0, "hp": 3, "wt": 1,
                             "keywords": ["効果ダメージ無効"]},
              "abilities": {"sample": True, "keywords": [{"keyword": "効果ダメージ無効"}]}}
    chosen = decks()
    chosen["p2"]["cards"] = [immune] + chosen["p2"]["cards"][1:]
    st = ENGINE.new_game({"first": "p1"}, chosen, RngSeed(seed_from_int(1)))[0]
    st = main_phase(st, "p1", active=9, awakened=True)
    wall = put(st, "p2", "試験の壁", "centre")
    (arts,) = to_hand(st, "p1", "デスクラウド")
    st, events = act(st, Unlock(seat="p1", card=arts, then="use"))
    assert st["players"]["p2"]["lanes"]["centre"]["card"] == wall and "no_damage" in kinds(events)


def test_haichi_ji_fires_again_when_a_card_returns_through_the_timeline(st) -> None:
    put(st, "p2", "リトルゴレム", "centre")
    (witch,) = to_hand(st, "p1", "デスウィッチ")  # 配置時: 1 damage to an opposing minion
    st, events = act(st, Unlock(seat="p1", card=witch, then="standby"))
    assert "trigger" not in kinds(events)
    st, events = act(st, Deploy(seat="p1", card=witch, lane="left"))
    assert [e.data["when"] for e in events if e.kind == "trigger"] == ["配置時"]


def test_unlock_ji_fires_once_on_unlock_from_hand(st) -> None:
    put(st, "p2", "リトルゴレム", "centre")
    (lord,) = to_hand(st, "p1", "フェレスの姫『アネット』")  # アンロック時: 1 damage to an opposing minion
    st, events = act(st, Unlock(seat="p1", card=lord, then="place"))
    assert [e.data["when"] for e in events if e.kind == "trigger"] == ["アンロック時"]


def test_olivier_puts_a_chosen_skill_from_hand_into_wait_zone_1() -> None:
    magic = {**CARDS["マジックミサイル"], "name": "魔女の火", "attributes": {**CARDS["マジックミサイル"]["attributes"],
                                                                    "category": "魔術師・魔女"}}
    chosen = decks()
    chosen["p1"]["cards"] = [magic, CARDS["冥界の魔導竜『オリヴィエ』"]] + chosen["p1"]["cards"][2:]
    st = main_phase(ENGINE.new_game({"first": "p1"}, chosen, RngSeed(seed_from_int(1)))[0], "p1", 9, True)
    skill, olivier = to_hand(st, "p1", "魔女の火", "冥界の魔導竜『オリヴィエ』")
    st, events = act(st, Unlock(seat="p1", card=olivier, then="place"))
    assert skill in st["players"]["p1"]["wz"][0]
    assert "p2m" in _targets(st, olivier)  # 速攻


def test_a_standby_overflow_from_an_effect_lets_the_owner_keep_two(st) -> None:
    a, b, c = to_hand(st, "p1", "下忍カスミ", "マジックミサイル", "闇精シェイド")
    st["players"]["p1"]["hand"] = [x for x in st["players"]["p1"]["hand"] if x not in (a, b, c)]
    st["players"]["p1"]["standby"] = [a, b]
    st["players"]["p1"]["wz"][1].append(c)
    necro = put(st, "p1", "ネクロマンサー", "centre", damage=3)  # 《ブレイク時》 a minion of the timeline to standby
    me = put(st, "p2", "リトルゴレム", "centre", placed=0)
    st = main_phase(st, "p2")
    st, _ = act(st, Attack(seat="p2", card=me, target=necro))
    assert st["pending"]["kind"] in ("choose", "keep")
    while st["pending"]["kind"] == "choose":
        st, _ = act(st, Choose(seat="p1", option=c))
    assert st["pending"]["kind"] == "keep" and st["pending"]["seat"] == "p1"
    st, _ = act(st, Keep(seat="p1", cards=(a, c)))
    assert st["players"]["p1"]["standby"] == [a, c] and b in st["players"]["p1"]["exile"]
    assert st["players"]["p1"]["arriving"] == []


def test_a8_5_death_cloud_on_two_masters_at_one_life_is_a_draw(st) -> None:
    st["players"]["p1"]["life"] = st["players"]["p2"]["life"] = 4
    (arts,) = to_hand(st, "p1", "デスクラウド")
    st, events = act(st, Unlock(seat="p1", card=arts, then="use"))
    out = ENGINE.outcome(st)
    assert out.winner is None and "A8.5" in out.reason


def test_every_seed_card_has_valid_abilities_with_its_printed_keywords() -> None:
    for name, card in CARDS.items():
        if card["card_type"] == "master":
            continue
        assert validate(card["abilities"]) == [], name
        printed = [keyword_from_text(k) for k in card["attributes"].get("keywords", [])]
        assert printed == card["abilities"].get("keywords", []), name


def test_every_seed_legions_card_is_refereed() -> None:
    # the issue's "Every seed Legions card is refereed": no exceptions (死者の蘇生's face-down placement included)
    assert not_yet_refereed(list(CARDS.values())) == []


def test_not_yet_refereed_names_the_cards_the_vocabulary_cannot_express() -> None:
    bare = {"name": "謎のカード", "card_type": "skill", "attributes": {}, "rules_text": "何かをする。"}
    assert not_yet_refereed([bare]) == [("謎のカード", "no abilities data for its text")]
    marked = {**CARDS["マジックミサイル"], "name": "未審判のカード",
              "abilities": {**CARDS["マジックミサイル"]["abilities"], "not_refereed": "why"}}
    assert not_yet_refereed([marked]) == [("未審判のカード", "why")]


def test_a_refereed_match_refuses_a_deck_holding_a_card_not_yet_refereed() -> None:
    marked = {**CARDS["マジックミサイル"], "name": "未審判のカード",
              "abilities": {**CARDS["マジックミサイル"]["abilities"], "not_refereed": "why"}}
    chosen = decks()
    chosen["p1"]["cards"] = [marked] + chosen["p1"]["cards"][1:]
    with pytest.raises(ValueError, match="未審判のカード"):
        ENGINE.new_game({}, chosen, RngSeed(seed_from_int(1)))


def test_validation_names_the_field_and_the_problem() -> None:
    problems = validate({"keywords": [{"keyword": "速効"}], "triggers": [{"when": "配置時", "effects": []}],
                         "effects": [{"effect": "damage", "amount": -1, "target": {"pick": "one"}}], "x": 1})
    fields = {p.field for p in problems}
    assert {"x", "keywords.0.keyword", "triggers.0.effects", "effects.0.amount", "effects.0.target.pick"} <= fields
    assert any("unknown keyword '速効'" in p.message for p in problems)


def test_abilities_render_as_japanese_and_english_card_text() -> None:
    assert render(table()["プルモーの毒銛撃ち"], "ja") == ["《ブレイク時》：相手のマスターに1ダメージを与える。"]
    assert render(table()["プルモーの毒銛撃ち"], "en") == ["When broken: Deal 1 damage to the opposing master."]
    assert render(table()["デスクラウド"], "ja") == ["すべてのユニットに4ダメージを与える。"]
    assert VOCABULARY.reminder("衝撃", "ja", n=1).startswith("このアタックが相手のマスターに")


def test_every_effect_of_the_vocabulary_is_interpreted_and_described() -> None:
    import referee.games.legions.effects  # noqa: F401 - registers the interpretations

    assert VOCABULARY.unimplemented() == []
    described = VOCABULARY.describe()
    codes = {t["code"] for t in described["keywords"]}
    assert codes >= {"速攻", "強襲", "移動攻撃", "ブロック不可", "衝撃", "効果ダメージ無効"}
    assert json.loads(json.dumps(described, ensure_ascii=False)) == described


def test_an_unblocked_master_attack_without_a_blocker_asks_nothing(st) -> None:
    st = main_phase(st, "p2", active=9, awakened=True)
    (skill,) = to_hand(st, "p2", "ヘヴィスウィング")
    st, events = act(st, Unlock(seat="p2", card=skill, then="use"))
    assert NoBlock.type not in [e.kind for e in events] and st["players"]["p1"]["life"] == 18


def test_an_effect_placing_two_minions_puts_each_card_into_one_lane_and_each_lane_takes_one(st) -> None:
    (order,) = to_hand(st, "p1", "将軍の号令")  # 2 minions of your timeline into empty lanes
    a, b = to_hand(st, "p1", "下忍カスミ", "闇精シェイド")
    p1 = st["players"]["p1"]
    p1["hand"] = [order]
    p1["wz"][1] += [a, b]
    st, _ = act(st, Unlock(seat="p1", card=order, then="use"))
    assert st["pending"]["kind"] == "choose" and len(st["pending"]["options"]) == 6
    st, _ = act(st, Choose(seat="p1", option=f"{a}@right"))
    assert st["pending"]["options"] == [f"{b}@centre", f"{b}@left"]
    st, _ = act(st, Choose(seat="p1", option=f"{b}@left"))
    lanes = st["players"]["p1"]["lanes"]
    assert (lanes["right"]["card"], lanes["centre"], lanes["left"]["card"]) == (a, None, b)


def test_an_effect_placing_two_minions_with_one_in_the_timeline_places_it_once(st) -> None:
    (order,) = to_hand(st, "p1", "将軍の号令")
    (a,) = to_hand(st, "p1", "下忍カスミ")
    p1 = st["players"]["p1"]
    p1["hand"] = [order]
    p1["wz"][1].append(a)
    st, _ = act(st, Unlock(seat="p1", card=order, then="use"))
    st, _ = act(st, Choose(seat="p1", option=f"{a}@centre"))
    assert st["pending"]["kind"] == "main" and st["players"]["p1"]["lanes"]["centre"]["card"] == a
    assert [u for u in st["players"]["p1"]["lanes"].values() if u] == [st["players"]["p1"]["lanes"]["centre"]]


def test_a8_1_life_at_0_loses_at_that_moment_before_the_queued_break_triggers(st) -> None:
    # 勝利条件: ライフが0になった時点でゲームに敗北する (issue 29). デスクラウド takes p2 to 0 and breaks
    # プルモーの毒銛撃ち, whose 《ブレイク時》 would take p1 to 0 too: p2 has lost already, so p1 wins (not a draw)
    st["players"]["p1"]["life"], st["players"]["p2"]["life"] = 5, 4
    put(st, "p2", "プルモーの毒銛撃ち", "centre")
    (arts,) = to_hand(st, "p1", "デスクラウド")
    st, events = act(st, Unlock(seat="p1", card=arts, then="use"))
    out = ENGINE.outcome(st)
    assert out.winner == "p1" and "A8.1" in out.reason
    assert st["players"]["p1"]["life"] == 1  # the break trigger never resolved


def test_a_unit_on_its_placement_turn_cannot_be_fatigued_by_an_effect(st) -> None:
    # 召喚酔い: 配置ターンは行動不能状態として疲労させることができない (issue 29): フロストランス damages a minion
    # placed this turn and would fatigue it; it stays active, and 蔦の束縛 cannot choose it at all
    fresh = put(st, "p2", "リトルゴレム", "centre", placed=st["turn"])
    old = put(st, "p2", "闇精シェイド", "left", placed=st["turn"] - 1)
    frame = {"seat": "p1", "source": None, "previous": [], "broken": 0}
    options, _ = choice(st, frame, {"effect": "fatigue", "target": {"pick": "choose", "side": "opponent",
                                                                    "units": ["minion"]}})
    assert fresh not in options and old in options
    events: list = []
    VOCABULARY.handler("fatigue")(st, {**frame, "clause": "test"}, {"effect": "fatigue"}, [fresh, old], events)
    lanes = st["players"]["p2"]["lanes"]
    assert not lanes["centre"]["fatigued"] and lanes["left"]["fatigued"]
    assert [e.kind for e in events] == ["no_fatigue", "fatigue"]


def test_zone_move_immunity_keeps_a_unit_on_the_field_against_a_send_but_not_against_a_break(st) -> None:
    # 領域移動無効 (子鬼ヒミカ, public facts; our reading, docs/rules/legions.md "Zone-move immunity"): an effect
    # that would send it to another zone leaves it in its lane; a break is not a move and still applies
    himika = put(st, "p2", "子鬼ヒミカ", "centre", placed=1)
    other = put(st, "p2", "闇精シェイド", "left", placed=1)
    frame = {"seat": "p1", "source": None, "previous": [], "broken": 0, "clause": "test"}
    events: list = []
    VOCABULARY.handler("send")(st, frame, {"effect": "send", "to": "hand"}, [himika, other], events)
    lanes, hand = st["players"]["p2"]["lanes"], st["players"]["p2"]["hand"]
    assert lanes["centre"]["card"] == himika and himika not in hand
    assert lanes["left"] is None and other in hand
    assert [(e.kind, e.data.get("card")) for e in events] == [("unmoved", himika), ("send", other)]
    VOCABULARY.handler("break")(st, frame, {"effect": "break"}, [himika], events)
    assert lanes["centre"] is None


@pytest.mark.parametrize(("mine", "theirs", "fires"), [(10, 12, True), (12, 12, True), (13, 12, False)])
def test_azukiarai_triggers_on_placement_only_while_its_owners_life_is_at_most_the_opponents(st, mine, theirs,
                                                                                               fires) -> None:
    # あずきあらい (public facts): its 配置時 effect needs its owner's life to be at most the opponent's; the
    # condition is checked when the trigger would fire (our reading, docs/rules/legions.md)
    st["players"]["p1"]["life"], st["players"]["p2"]["life"] = mine, theirs
    shade = put(st, "p2", "闇精シェイド", "centre", placed=1)  # HP 1: the only target, chosen for its owner
    (card,) = to_hand(st, "p1", "あずきあらい")
    st, events = act(st, Unlock(seat="p1", card=card, then="place", lane="left"))
    triggered = [e for e in events if e.kind == "trigger" and e.data.get("card") == card]
    assert bool(triggered) is fires
    assert (st["players"]["p2"]["lanes"]["centre"] is None) is fires
    assert (shade in st["players"]["p2"]["wz"][0] + st["players"]["p2"]["wz"][1]) is fires


def test_a_trigger_condition_is_checked_by_the_vocabulary_and_shown_in_the_card_text() -> None:
    placed = {"triggers": [{"when": "配置時", "if": "life_at_most_opponent",
                            "effects": [{"effect": "draw", "n": 1}]}]}
    assert validate(placed) == []
    assert render(placed, "ja") == ["配置時（自分のライフが相手のライフ以下の場合）：カードを1枚引く。"]
    assert render(placed, "en")[0].startswith("When placed, if your life is at most your opponent's")
    bad = {"triggers": [{"when": "配置時", "if": "sometimes", "effects": [{"effect": "draw", "n": 1}]}]}
    assert [p.field for p in validate(bad)] == ["triggers.0.if"]


def test_a_face_down_unit_keeps_its_stats_and_none_of_its_abilities(st) -> None:
    # 死者の蘇生 (public facts: it places a card face down, リバース状態; spec A2: a unit in リバース状態 keeps no
    # keywords; our reading, docs/rules/legions.md "Face-down units"): ジャック・オ・ランタン comes back face down
    # from the wait zone: its 配置時 would not exist anyway, its 《ブレイク時》 does not fire, its stats stay
    jack = to_hand(st, "p1", "ジャック・オ・ランタン")[0]
    st["players"]["p1"]["hand"].remove(jack)
    st["players"]["p1"]["wz"][1].append(jack)
    rider = to_hand(st, "p1", "スチームライダー")[0]  # 速攻
    st["players"]["p1"]["hand"].remove(rider)
    st["players"]["p1"]["wz"][0].append(rider)
    (spell,) = to_hand(st, "p1", "死者の蘇生")
    st, events = act(st, Unlock(seat="p1", card=spell, then="use"))
    pending = st["pending"]
    assert pending["kind"] == "choose"
    assert f"{rider}@centre" in pending["options"]
    st, events = act(st, Choose(seat="p1", option=f"{rider}@centre"))
    unit = st["players"]["p1"]["lanes"]["centre"]
    assert unit["card"] == rider and unit["reversed"] is True and "reversed" in kinds(events)
    assert _targets(st, rider) == set()  # no 速攻: it waits like any unit placed this turn
    seen = ENGINE.view(st, "p2")["players"]["p1"]["lanes"]["centre"]
    assert seen["reversed"] is True and seen["keywords"] == [] and (seen["atk"], seen["hp"]) == (3, 2)
    # broken face down: no 《ブレイク時》
    st["players"]["p1"]["lanes"]["left"] = None
    put(st, "p1", "ジャック・オ・ランタン", "left", placed=1, reversed=True)
    put(st, "p2", "闇精シェイド", "centre", placed=1)
    frame = {"seat": "p2", "source": None, "previous": [], "broken": 0, "clause": "test"}
    more: list = []
    VOCABULARY.handler("break")(st, frame, {"effect": "break"}, [st["players"]["p1"]["lanes"]["left"]["card"]], more)
    assert "trigger" not in kinds(more) and st["queue"] == []


ACTIVATED = {"triggers": [{"when": "起動", "mp": 2, "fatigue": True,
                           "effects": [{"effect": "damage", "amount": 1,
                                        "target": {"pick": "master", "side": "opponent"}}]}]}


def test_an_activated_ability_is_a_main_phase_action_that_pays_its_costs(st) -> None:
    # M8 起動 (spec: "Activate an optional (起動) ability of a unit. Costs as printed"): listed when its costs can be
    # paid, MP and fatigue paid, then its effect resolves; not on the unit's placement turn when it fatigues it
    # (召喚酔い), not face down (no abilities), not twice when the first use fatigued it
    from referee.games.legions.actions import Activate

    me = put(st, "p1", "下忍カスミ", "centre", placed=1)
    st["cards"][me] = {**st["cards"][me], "abilities": ACTIVATED}
    legal = [a for a in ENGINE.legal_actions(st, "p1") if a.type == "activate"]
    assert legal == [Activate(seat="p1", card=me, index=0)]
    life, mp = st["players"]["p2"]["life"], st["players"]["p1"]["mp"] + st["players"]["p1"]["active"]
    st, events = act(st, legal[0])
    assert "activate" in kinds(events) and st["players"]["p2"]["life"] == life - 1
    assert st["players"]["p1"]["lanes"]["centre"]["fatigued"]
    assert st["players"]["p1"]["mp"] + st["players"]["p1"]["active"] == mp - 2
    assert not [a for a in ENGINE.legal_actions(st, "p1") if a.type == "activate"]  # fatigued now
    fresh = put(st, "p1", "見習い騎士", "left", placed=st["turn"])
    st["cards"][fresh] = {**st["cards"][fresh], "abilities": ACTIVATED}
    assert not [a for a in ENGINE.legal_actions(st, "p1") if a.type == "activate"]  # 召喚酔い
    st["players"]["p1"]["lanes"]["left"]["placed"] = 1
    st["players"]["p1"]["lanes"]["left"]["reversed"] = True
    assert not [a for a in ENGINE.legal_actions(st, "p1") if a.type == "activate"]  # face down
    with pytest.raises(Exception, match="face-down"):
        ENGINE.apply(st, Activate(seat="p1", card=fresh, index=0))


def test_an_activated_ability_is_text_and_is_never_fired_by_the_rules() -> None:
    assert validate(ACTIVATED) == []
    assert render(ACTIVATED, "ja") == ["起動（MP2、このユニットを疲労させる）：相手のマスターに1ダメージを与える。"]
    assert render(ACTIVATED, "en")[0].startswith("Activate (2 MP, fatigue this unit)")

"""Riders' Legend readings the rule text decides (issue 29, point 2), each recorded in docs/rules/riders_legend.md.

※変身 / ユニーク処理 (B6): 自分キャラクターに関するユニーク制限については、変身後のキャラクターが変身前のキャラクターの
名称も引き継ぐ — a transformation's inherited names count for its own side's uniqueness alone; the other side's
1枚制限 counts the names printed on the cards on the field."""

from __future__ import annotations

from referee.games.riders_legend import ENGINE, characters
from referee.games.riders_legend.actions import Choose, EndPhase, Execute, PlaceCharacter
from referee.games.riders_legend.placement import problem_character
from referee.games.riders_legend.state import abilities, area_list, new_character, new_mission

from .conftest import act, lay, new_state, phase, put
from .test_rulings import synthetic


def _card(state: dict, seat: str, name: str, *, transforms_from: tuple[str, ...] = (), **attributes) -> str:
    card = synthetic(state, seat, "character", alignment="justice", faction="正義", attack=7, defence=6, operation=2,
                     **attributes)
    abilities = {"statics": [{"static": "transforms_from", "names": list(transforms_from)}]} if transforms_from \
        else {}
    state["cards"][card] = {**state["cards"][card], "name": name, "abilities": abilities}
    return card


def _on_field(state: dict, seat: str, *cards: str) -> None:
    """A character of ``seat`` whose stack is ``cards`` (bottom first), in battle field 1."""
    char = new_character(cards[0])
    char["stack"] = list(cards)
    area_list(state["players"][seat], "battle", 1).append(char)


def _may_place(state: dict, card: str) -> bool:
    state["players"]["p1"]["hand"].append(card)
    return problem_character(state, PlaceCharacter(seat="p1", card=card, field="justice")) is None


def test_the_other_sides_transformation_placed_alone_does_not_block_a_one_card_limit():
    # ユニーク処理 / ※変身: ロボライダー placed alone carries 仮面ライダーBLACK RX for its own side only
    state = phase(new_state())
    _on_field(state, "p2", _card(state, "p2", "ロボライダー", transforms_from=("仮面ライダーBLACK RX",)))
    assert _may_place(state, _card(state, "p1", "仮面ライダーBLACK RX", limit_one=True))


def test_a_one_card_limit_name_printed_on_the_other_side_blocks_it():
    # ユニーク処理: 1枚制限 両軍でユニーク, 先出し生存 — the card itself under a transformation is on the field
    state = phase(new_state())
    _on_field(state, "p2", _card(state, "p2", "仮面ライダーBLACK RX", limit_one=True),
              _card(state, "p2", "ロボライダー", transforms_from=("仮面ライダーBLACK RX",)))
    assert not _may_place(state, _card(state, "p1", "仮面ライダーBLACK RX", limit_one=True))


def test_ones_own_transformation_placed_alone_still_blocks_the_name_it_inherits():
    # ※変身: 自分キャラクターに関するユニーク制限については…名称も引き継ぐ (単独で配置した場合であっても)
    state = phase(new_state())
    _on_field(state, "p1", _card(state, "p1", "ロボライダー", transforms_from=("仮面ライダーBLACK RX",)))
    assert not _may_place(state, _card(state, "p1", "仮面ライダーBLACK RX", limit_one=True))
    assert not _may_place(state, _card(state, "p1", "仮面ライダーBLACK RX"))


# キャラクターカード: 防御力以上のダメージを受けた時に破壊される。ダメージは自ターン終了時に初期化される。

def test_damage_received_at_or_above_the_defence_destroys_at_once():
    state = phase(new_state(), "action")
    char = put(state, "p2", "ショッカー戦闘員", "battle", 1)
    events: list = []
    characters.deal(state, char, characters.defence(state, char), events, "test")
    characters.check_destroyed(state, events)
    assert [e.kind for e in events] == ["damage", "destroyed"]
    assert char["id"] in state["players"]["p2"]["graveyard"]


def test_a_defence_modifier_ending_over_standing_damage_destroys_nothing():
    # p1's turn: p2's character, its defence raised until the end of the turn, takes damage below the raised
    # defence but at its printed one; the modifier ends with p1's turn, the damage stays until p2's own turn ends
    state = phase(new_state(), "action")
    char = put(state, "p2", "ショッカー戦闘員", "battle", 1)
    printed = characters.defence(state, char)
    char["eot_defence"] = 2
    events: list = []
    characters.deal(state, char, printed, events, "test")
    characters.check_destroyed(state, events)
    assert "destroyed" not in [e.kind for e in events]
    state, _ = act(state, EndPhase(seat="p1"))
    while state["turn_seat"] == "p1" and state["pending"]["seat"] == "p1":
        state, _ = act(state, EndPhase(seat="p1"))
    (left,) = [c for c in state["players"]["p2"]["battle"][0] if c["id"] == char["id"]]
    assert left["damage"] == printed and left["eot_defence"] == 0  # enough now, yet it stands


# ミッションカード: ミッションが達成された場合、記載効果を発動した後、達成済み状態（横向き）となる。

def test_a_mission_turns_sideways_only_after_its_effect_has_resolved():
    state = phase(new_state(), "action")
    lay(state, "p1", "アジトの捜索", 2)  # 達成時: turn an opposing face-down mission face up
    p2_mission = next(c for c, card in state["cards"].items()
                      if card["owner"] == "p2" and card["card_type"] == "mission"
                      and c not in [m["card"] for m in state["players"]["p2"]["missions"] if m])
    state["players"]["p2"]["missions"][2] = new_mission(p2_mission, False, False)  # two candidates: a choice
    helper = put(state, "p1", "本郷猛", "operation", 2)
    state, events = act(state, Execute(seat="p1", character=helper["id"]))
    assert "achieved" in [e.kind for e in events] and state["pending"]["kind"] == "choose"
    assert not state["players"]["p1"]["missions"][1]["achieved"]  # its effect is still resolving
    state, _ = act(state, Choose(seat="p1", option=state["pending"]["options"][0]))
    mission = state["players"]["p1"]["missions"][1]
    assert mission["achieved"] and mission["achieved_turn"] == state["turn"]


def triggers_of(state: dict, card: str) -> list:
    return [t for t in abilities(state, card).get("triggers", ()) if t["when"] == "achieved"]


def test_a_mission_with_no_effect_turns_sideways_at_once():
    state = phase(new_state(), "action")
    mission = state["players"]["p1"]["missions"][4]
    assert not triggers_of(state, mission["card"])
    helper = put(state, "p1", "本郷猛", "operation", 5)
    mission["operation"] = 99
    state, _ = act(state, Execute(seat="p1", character=helper["id"]))
    assert state["players"]["p1"]["missions"][4]["achieved"]


# ミッションカード / キャラクターカード: 正義タイプ… 自分の正義タイプのミッションが存在するエリアの作戦フィールド;
# a face-down mission is turned face up only by execution or investigation, so placing beside it must not tell
# what it is.

def _face_down_justice(readings: dict | None = None) -> dict:
    state = phase(new_state(config={"readings": readings} if readings else None))
    lay(state, "p1", "人質の救出", 3, face_up=False)
    return state


def _operation_3(state: dict) -> list:
    return [a for a in ENGINE.legal_actions(state, "p1")
            if isinstance(a, PlaceCharacter) and a.field == "operation" and a.area == 3]


def test_a_face_down_justice_mission_opens_no_operation_field_by_default():
    assert _operation_3(_face_down_justice()) == []
    state = _face_down_justice()
    state["players"]["p1"]["missions"][2]["face_up"] = True  # turned face up (executed): now it does
    assert _operation_3(state)


def test_the_alternative_reading_lets_it_count_and_says_so_by_the_placement():
    assert _operation_3(_face_down_justice({"face_down_justice_counts": True}))

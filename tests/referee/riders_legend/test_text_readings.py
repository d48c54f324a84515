"""Riders' Legend readings the rule text decides (issue 29, point 2), each recorded in docs/rules/riders_legend.md.

※変身 / ユニーク処理 (B6): 自分キャラクターに関するユニーク制限については、変身後のキャラクターが変身前のキャラクターの
名称も引き継ぐ — a transformation's inherited names count for its own side's uniqueness alone; the other side's
1枚制限 counts the names printed on the cards on the field."""

from __future__ import annotations

from referee.games.riders_legend import characters
from referee.games.riders_legend.actions import EndPhase, PlaceCharacter
from referee.games.riders_legend.placement import problem_character
from referee.games.riders_legend.state import area_list, new_character

from .conftest import act, new_state, phase, put
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

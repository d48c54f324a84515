"""Duel's board: its presenter (the engine's view in words and zones) and its template."""

from __future__ import annotations

from django.utils.translation import get_language

from matches.boards.choices import ChoiceSpec
from matches.boards.frame import Card, Stat, Zone
from matches.boards.presenter import BoardInput, Presenter


def _t(en: str, ja: str) -> str:
    return ja if (get_language() or "").startswith("ja") else en


class DuelPresenter(Presenter):
    game = "duel"
    template = "fourth_game/board.html"
    clause_prefix = "Duel"

    def seat_label(self, seat: str | None) -> str:
        return {"p1": _t("Player 1", "プレイヤー1"), "p2": _t("Player 2", "プレイヤー2")}.get(seat or "", "—")

    def stats(self, data: BoardInput) -> list[Stat]:
        players = data.state.get("players") or {}
        return [Stat(key=f"life_{seat}", label=self.seat_label(seat), value=p["life"]) for seat, p in players.items()]

    def zones(self, data: BoardInput) -> dict[str, Zone]:
        zones = {}
        for seat, player in (data.state.get("players") or {}).items():
            cards = [Card(id=c, face={**data.state["cards"][c], "game": "duel"}, text=data.names.get(c, c))
                     for c in player["field"]]
            zones[f"{seat}_field"] = Zone(f"{seat}_field", self.seat_label(seat), cards=cards, owner=seat)
            hand = [Card(id=c, face={**data.state["cards"][c], "game": "duel"}, text=data.names.get(c, c))
                    for c in player.get("hand", ())]
            zones[f"{seat}_hand"] = Zone(f"{seat}_hand", _t("Hand", "手札"), cards=hand, owner=seat,
                                         hidden=0 if "hand" in player else player["hand_count"], game="duel")
        return zones

    def describe(self, action: dict, data: BoardInput) -> str:
        if action.get("type") == "play":
            return _t("Play %s", "%sを出す") % data.names.get(action.get("card"), "?")
        return _t("Pass", "パス")

    def choice(self, action: dict, data: BoardInput) -> ChoiceSpec:
        label = self.describe(action, data)
        return ChoiceSpec(group=str(action.get("type")), group_label=label, label=label)

    def narrate(self, event: dict, data: BoardInput) -> str:
        d = event.get("data") or {}
        kind = event.get("kind")
        if kind == "attack":
            return _t("%s attacks for %s.", "%sが%sで攻撃。") % (self.seat_label(d.get("seat")), d.get("power"))
        if kind in ("unit", "spell"):
            return _t("%s plays %s.", "%sが%sを出す。") % (self.seat_label(d.get("seat")), d.get("name"))
        return _t("The referee records %s.", "審判が%sを記録。") % kind

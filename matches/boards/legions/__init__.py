"""The Legions! presenter: the engine's view (``referee.games.legions.view``) as a board -- the prompt, the strip
(turn, phase, both masters' life), the zones of each side (the field's three lanes and the leader zone, the
master with its life, mode and cores, the core areas and MP, the four wait zones with their cards and cores,
standby, the hand, the exclusion zone, the deck), the choices (a unit, then its target) and the log in sentences
(``narration``). Hidden zones arrive as counts in the view and are drawn as backs."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from ...adapters import set_names
from ..choices import ChoiceSpec
from ..frame import Card, Stat, Unit, Zone
from ..presenter import ASK, BoardInput, Presenter, Setting
from . import labels
from .choices import choice_spec
from .narration import narrate

GAME = "legions"
LANES = ("left", "centre", "right")  # drawn left to right as the owner sees them
WAIT_ZONES = 4


def face(card: dict) -> dict:
    """An engine card dict as ``{% card_face %}`` takes it."""
    return {"game": GAME, **card}


class LegionsPresenter(Presenter):
    game = GAME
    template = "matches/boards/legions.html"
    clause_prefix = _lazy("Legions")  # the game's name before a rule clause: レギオンズ in Japanese
    deck_help = _lazy("Decklist text (empty: the saved deck above, or the sample deck of your seat)")
    deckless_formats = {"dantalion": _lazy("Dantalion Draft: no deck, two boosters each")}
    # A card unlocked to a hidden standby zone (told back to its player only, with its hidden triggers) is shown
    # when it is deployed (M4: "deploy").
    reveal_kinds = frozenset({"deploy"})
    # ダンタリオンドラフト: a pick told back to its picker is no news to anyone (the cards looked at came before it)
    own_secret_kinds = frozenset({"unlocked", "triggered", "opening_picked", "draft_picked"})

    def reveals(self, event: dict) -> bool:
        """A standby card played (M2: a minion placed, M4: a skill used) is shown: its events name the clause."""
        return super().reveals(event) or str(event.get("clause") or "").startswith("スタンバイカードについて")

    decisions = labels.DECISIONS
    readings = labels.READINGS
    clause_notes = labels.CLAUSE_NOTES
    input_labels = labels.INPUTS
    # Issue 27, point 3: the draw phase's card change is asked every turn; a player may keep the hand always.
    settings = (
        Setting("card_change", _lazy("The card change in every draw phase (Legions A5)"), (
            (ASK, _lazy("Ask me every time")),
            ("keep", _lazy("Never: keep my hand"))), ASK),
    )

    def choose(self, state: dict, seat: str, actions: list, choice: str):
        """``keep``: the card change declined (``no_card_change``)."""
        if choice == "keep":
            return next((a for a in actions if a.type == "no_card_change"), None)
        return None

    def seat_label(self, seat: str | None) -> str:
        return labels.seat(seat)

    def chapter(self, event: dict) -> str:
        """A turn begins (``turn`` events): "Turn 3 · Player 2"."""
        if event.get("kind") != "turn":
            return ""
        data = event.get("data") or {}
        return _("Turn %(n)s · %(seat)s") % {"n": data.get("turn", "?"), "seat": self.seat_label(data.get("seat"))}

    # -- the prompt and the strip ------------------------------------------------------------------------
    def prompt_values(self, data: BoardInput) -> dict:
        """The seat to act; in a Dantalion Draft's opening picks, how many cards it has picked of how many."""
        values = super().prompt_values(data)
        pending = data.state.get("pending") or {}
        if pending.get("kind") == "opening":
            hand = (data.state.get("players") or {}).get(pending.get("seat"), {}).get("hand")
            picked = len(hand) if isinstance(hand, list) else hand or 0
            values.update(picked=picked, keep=picked + int(pending.get("left") or 0))
        return values

    def stats(self, data: BoardInput) -> list[Stat]:
        state = data.state
        players = state.get("players") or {}
        stats = [Stat(_("Turn"), state.get("turn", "—"), key="turn"),
                 Stat(_("Turn player"), labels.seat(state.get("turn_seat")), "primary", "turn-seat"),
                 Stat(_("Phase"), labels.phase(state.get("step")), key="phase"),
                 Stat(_("First player"), labels.seat(state.get("first")), key="first")]
        for seat in ("p1", "p2"):
            player = players.get(seat) or {}
            stats.append(Stat(_("%(seat)s: life") % {"seat": labels.seat(seat)}, player.get("life", "—"),
                              "danger" if (player.get("life") or 20) <= 5 else "", f"life-{seat}"))
        shared = state.get("shared")
        if shared:  # ダンタリオンドラフト
            code = shared.get("set") or ""
            stats.append(Stat(_("Dantalion Draft"), set_names(GAME).get(code, code) or "—", "info", "draft-set"))
        return stats

    def declaration(self, data: BoardInput) -> str:
        combat = data.state.get("combat")
        if not combat:
            return ""
        atk = combat.get("atk")
        values = {"seat": labels.seat(combat.get("seat")), "attacker": data.names.get(combat.get("attacker"), "?"),
                  "target": data.names.get(combat.get("target"), "?"), "lane": labels.lane(combat.get("pos"))}
        if atk is not None:
            return _("%(seat)s attacks %(target)s with %(attacker)s (ATK %(atk)s) from the %(lane)s.") % {
                **values, "atk": atk}
        return _("%(seat)s attacks %(target)s with %(attacker)s from the %(lane)s.") % values

    # -- zones ---------------------------------------------------------------------------------------------
    def zones(self, data: BoardInput) -> dict[str, Zone]:
        state, cards = data.state, data.state.get("cards") or {}
        zones: dict[str, Zone] = {}
        bottom = data.seat or "p1"  # the reader's side at the bottom; a spectator sees Player 1 there
        for place, seat in (("top", "p2" if bottom == "p1" else "p1"), ("bottom", bottom)):
            player = state["players"][seat]
            who = labels.seat(seat)
            zones[f"{place}_field"] = Zone(f"field-{seat}", _("%(seat)s: field") % {"seat": who}, owner=seat,
                                           units=self._field(player, cards), count=self._units_on(player),
                                           short=_("Field"))
            zones[f"{place}_master"] = Zone(f"master-{seat}", _("%(seat)s: master and cores") % {"seat": who},
                                            owner=seat, units=self._master(player, cards), count=self._cores(player),
                                            short=_("Master"))
            for n in range(WAIT_ZONES):
                zones[f"{place}_wz{n + 1}"] = Zone(
                    f"wz{n + 1}-{seat}", _("%(seat)s: wait zone %(n)s · %(cores)s core(s)") % {
                        "seat": who, "n": n + 1, "cores": player["wz_cores"][n]},
                    cards=[self._card(c, cards) for c in player["wz"][n]], owner=seat, size="xs",
                    empty=_("empty"), short=_("Wait %(n)s · %(cores)s core(s)") % {
                        "n": n + 1, "cores": player["wz_cores"][n]})
            zones[f"{place}_standby"] = self._hidden_or_shown(
                f"standby-{seat}", _("%(seat)s: standby") % {"seat": who}, player["standby"], cards, seat,
                short=_("Standby"))
            title = _("Your hand") if seat == data.seat else _("%(seat)s: hand") % {"seat": who}
            zones[f"{place}_hand"] = self._hidden_or_shown(f"hand-{seat}", title, player["hand"], cards, seat,
                                                           short=_("Hand"))
            zones[f"{place}_exile"] = Zone(f"exile-{seat}", _("%(seat)s: exclusion zone") % {"seat": who},
                                           cards=[self._card(c, cards) for c in reversed(player["exile"])],
                                           owner=seat, size="xs", limit=3, empty=_("empty"),
                                           short=_("Exclusion zone"))
            zones[f"{place}_deck"] = Zone(f"deck-{seat}", _("%(seat)s: deck") % {"seat": who},
                                          hidden=player["deck"], owner=seat, size="xs", pile=True, game=GAME,
                                          empty=_("empty"), short=_("Deck"))
        shared = state.get("shared")
        if shared:  # ダンタリオンドラフト: no deck of one's own; the shared deck, and the shared discard face down
            zones["bottom_deck"] = Zone("shared-deck", _("Shared deck"), hidden=shared["deck"], size="xs",
                                        pile=True, game=GAME, empty=_("empty"), short=_("Shared deck"))
            zones["shared_discard"] = Zone("shared-discard", _("Shared discard (face down)"), hidden=shared["discard"],
                                           size="xs", pile=True, game=GAME, empty=_("empty"),
                                           short=_("Shared discard"))
            del zones["top_deck"]  # both shared piles sit together, on no one's side
        return zones

    def _hidden_or_shown(self, key: str, title: str, held, cards: dict, seat: str, short: str = "") -> Zone:
        """A hand or standby: the cards when the view lists them, else as many backs as the view counts."""
        if isinstance(held, list):
            return Zone(key, title, cards=[self._card(c, cards) for c in held], owner=seat, empty=_("no cards"),
                        short=short)
        return Zone(key, title, hidden=held, owner=seat, empty=_("no cards"), game=GAME, short=short)

    @staticmethod
    def _units_on(player: dict) -> int:
        return sum(1 for u in (*player["lanes"].values(), player["lord"]) if u is not None)

    @staticmethod
    def _cores(player: dict) -> int:
        lord = player["lord"]["cores"] if player["lord"] else 0
        return player["master_cores"] + player["active"] + player["fatigued"] + lord + sum(player["wz_cores"])

    def _field(self, player: dict, cards: dict) -> list[Unit]:
        out = [self._unit(lane, player["lanes"][lane], cards) for lane in LANES]
        out.append(self._unit("lord", player["lord"], cards))
        return out

    def _unit(self, lane: str, unit: dict | None, cards: dict) -> Unit:
        place = labels.lane(lane)
        if unit is None:
            return Unit(f"empty-{lane}", _("%(lane)s: empty") % {"lane": place}, tone="light")
        ref = unit["card"]
        stats = [(_("ATK"), unit["atk"]), (_("HP"), unit["hp"]), (_("Damage"), unit["damage"])]
        if lane == "lord":
            stats.append((_("Cores"), unit["cores"]))
        flags = [labels.keyword(k) for k in unit["keywords"]]
        if unit.get("reversed"):
            flags.insert(0, _("face down (no abilities)"))
        if unit["fatigued"]:
            flags.append(_("fatigued"))
        if unit["sick"]:
            flags.append(_("summoning sickness"))
        if unit["no_attack"]:
            flags.append(_("cannot attack"))
        tone = "danger" if unit["damage"] else "light" if unit["fatigued"] else ""
        return Unit(ref, _("%(lane)s: %(card)s") % {"lane": place, "card": cards.get(ref, {}).get("name", "?")},
                    stats, flags, face(cards[ref]) if ref in cards else None, tone)

    def _master(self, player: dict, cards: dict) -> list[Unit]:
        ref = player["master"]
        if not ref:  # ダンタリオンドラフト: chosen after the opening picks
            return [Unit("master-to-choose", _("Master not chosen yet"), [(_("Life"), player["life"])], tone="light")]
        master = cards.get(ref) or {"name": "?"}
        mode = _("awakened mode") if player["awakened"] else _("normal mode")
        units = [Unit(ref, master.get("name", "?"), [(_("Life"), player["life"]), (_("Cores"), player["master_cores"])],
                      [mode], face(master) if ref in cards else None, "warning" if player["awakened"] else "")]
        units.append(Unit(f"cores-{ref}", _("Core areas"), [
            (_("Active"), player["active"]), (_("Fatigued"), player["fatigued"]), (_("MP"), player["mp"])]))
        return units

    def _card(self, card_id: str, cards: dict) -> Card:
        card = cards.get(card_id) or {"name": "?", "card_type": "", "attributes": {}}
        parts = [labels.card_type(card.get("card_type")), *labels.card_stats(card)]
        return Card(card_id, face(card), f"{card.get('name', '?')} ({_(', ').join(parts)})")

    # -- actions and the log -----------------------------------------------------------------------------------
    def describe(self, action: dict, data: BoardInput) -> str:
        return self.choice(action, data).label

    def choice(self, action: dict, data: BoardInput) -> ChoiceSpec:
        return choice_spec(action, data)

    def narrate(self, event: dict, data: BoardInput) -> str:
        return narrate(event, data.names, data.seat)

    def reason(self, code: str | None) -> str:
        return labels.reason(code)

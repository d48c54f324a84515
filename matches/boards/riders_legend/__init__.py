"""The Riders' Legend presenter: the engine's view (``referee.games.riders_legend.view``) as a board -- the prompt,
the strip (turn, turn player, phase, first player, each side's missions and deck with the half being drawn), the
zones of each side (the justice field; the five areas, each with its operation field, mission and battle field;
the hand; the deck, the graveyard 墓場 and the discard pile 捨山), the choices (``choices``) and the log in
sentences (``narration``).

Hidden information arrives hidden in the view and stays hidden here: the other hand and both decks and 捨山 as
counts (card backs), a face-down mission of the other side as a card back with no name (a bluff and an evil
mission look the same). Characters are units with their attack, defence and operation power now, damage, state
and their transformation stack (bottom to top)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.utils.translation import pgettext

from ..choices import ChoiceSpec
from ..frame import Card, Stat, Unit, Zone
from ..presenter import BoardInput, Presenter
from . import labels
from .choices import choice_spec, claim
from .narration import narrate
from .view import card_detail, char_name, characters

GAME = "riders_legend"
AREAS = (1, 2, 3, 4, 5)


def face(card: dict) -> dict:
    """An engine card dict as ``{% card_face %}`` takes it."""
    return {"game": GAME, **card}


class RidersLegendPresenter(Presenter):
    game = GAME
    template = "matches/boards/riders_legend.html"
    clause_prefix = _lazy("Riders' Legend")  # the game's name before a rule clause
    deck_help = _lazy("Decklist text (empty: the saved deck above, or the sample deck of your seat)")
    decisive_kinds = frozenset({"achieved", "mission_damage", "mission_to_graveyard", "reveal", "deck_damage",
                                "damage", "destroyed", "game_end"})
    # A mission laid face down (told back to its player only) is turned face up by execution, investigation or
    # an effect (missions.reveal: "reveal").
    reveal_kinds = frozenset({"reveal"})
    own_secret_kinds = frozenset({"placed_face_down"})

    decisions = labels.DECISIONS
    readings = labels.READINGS
    clause_notes = labels.CLAUSE_NOTES
    input_labels = labels.INPUTS

    def seat_label(self, seat: str | None) -> str:
        return labels.seat(seat)

    def chapter(self, event: dict) -> str:
        """A turn begins (``turn`` events): "Turn 3 · Player 2"."""
        if event.get("kind") != "turn":
            return ""
        data = event.get("data") or {}
        return _("Turn %(n)s · %(seat)s") % {"n": data.get("turn", "?"), "seat": self.seat_label(data.get("seat"))}

    # -- the prompt and the strip ------------------------------------------------------------------------
    def stats(self, data: BoardInput) -> list[Stat]:
        state = data.state
        players = state.get("players") or {}
        stats = [Stat(_("Turn"), state.get("turn", "—"), key="turn"),
                 Stat(_("Turn player"), labels.seat(state.get("turn_seat")) if state.get("setup_done") else "—",
                      "primary", "turn-seat"),
                 Stat(_("Phase"), labels.phase(state.get("step")), key="phase"),
                 Stat(_("First player"), labels.seat(state.get("first")) if state.get("first") else "—",
                      key="first")]
        for seat in ("p1", "p2"):
            player = players.get(seat) or {}
            left = sum(1 for m in player.get("missions") or [] if m is not None)
            who = labels.seat(seat)
            stats.append(Stat(_("%(seat)s: missions") % {"seat": who}, left,
                              "danger" if state.get("setup_done") and left <= 1 else "", f"missions-{seat}"))
            stats.append(Stat(_("%(seat)s: deck") % {"seat": who},
                              _("%(n)s (%(half)s)") % {"n": player.get("deck", 0),
                                                       "half": labels.half(player.get("half"))},
                              "danger" if player.get("deck", 99) <= 5 else "", f"deck-{seat}"))
        return stats

    def declaration(self, data: BoardInput) -> str:
        state = data.state
        pending = state.get("pending") or {}
        if pending.get("kind") in ("declare", "answer_declaration"):
            return _("Declaration asked of %(seat)s: “%(claim)s”.") % {
                "seat": labels.seat(pending.get("declarer") or pending.get("seat")), "claim": claim(pending)}
        combat = state.get("combat")
        if not combat:
            return ""
        index = characters(state)
        attackers = _(", ").join(char_name(state, data.names, a, index) for a in combat.get("attackers") or [])
        target = combat.get("target") or ""
        if target.startswith("mission:"):
            foe = "p2" if combat.get("seat") == "p1" else "p1"
            what = _("%(seat)s's mission in area %(area)s") % {"seat": labels.seat(foe), "area": combat.get("area")}
        else:
            what = char_name(state, data.names, target, index)
        return _("%(seat)s attacks %(target)s with %(attackers)s.") % {
            "seat": labels.seat(combat.get("seat")), "target": what, "attackers": attackers}

    # -- zones ---------------------------------------------------------------------------------------------
    def zones(self, data: BoardInput) -> dict[str, Zone]:
        state, cards = data.state, data.state.get("cards") or {}
        turn = state.get("turn", 0)
        zones: dict[str, Zone] = {}
        bottom = data.seat or "p1"  # the reader's side at the bottom; a spectator sees Player 1 there
        for place, seat in (("top", "p2" if bottom == "p1" else "p1"), ("bottom", bottom)):
            player = state["players"][seat]
            who = labels.seat(seat)
            values = {"seat": who}
            zones[f"{place}_justice"] = Zone(f"justice-{seat}", _("%(seat)s: justice field") % values, owner=seat,
                                             units=[self._unit(c, cards, turn) for c in player["justice"]],
                                             empty=_("no character"), size="xs", short=_("Justice field"))
            for n in AREAS:
                area = {**values, "n": n}
                zones[f"{place}_op{n}"] = self._field_zone(
                    f"op{n}-{seat}", _("%(seat)s: operation %(n)s") % area, player["operation"][n - 1], cards, seat,
                    turn, _("Operation %(n)s") % area)
                zones[f"{place}_mission{n}"] = self._mission_zone(
                    f"mission{n}-{seat}", _("%(seat)s: mission %(n)s") % area, player["missions"][n - 1], cards, seat,
                    _("Mission %(n)s") % area)
                zones[f"{place}_battle{n}"] = self._field_zone(
                    f"battle{n}-{seat}", _("%(seat)s: battle %(n)s") % area, player["battle"][n - 1], cards, seat, turn,
                    _("Battle %(n)s") % area)
            title = _("Your hand") if seat == data.seat else _("%(seat)s: hand") % values
            zones[f"{place}_hand"] = self._hand(f"hand-{seat}", title, player["hand"], cards, seat)
            zones[f"{place}_hand"].short = _("Hand")
            zones[f"{place}_deck"] = Zone(f"deck-{seat}", self._deck_title(player, who), hidden=player["deck"],
                                          owner=seat, size="xs", pile=True, game=GAME, empty=_("empty"),
                                          short=_("Deck"))
            zones[f"{place}_graveyard"] = Zone(f"graveyard-{seat}", _("%(seat)s: graveyard (墓場)") % values,
                                               cards=[self._card(c, cards) for c in reversed(player["graveyard"])],
                                               owner=seat, size="xs", limit=3, empty=_("empty"),
                                               short=_("Graveyard"))
            zones[f"{place}_discard"] = Zone(f"discard-{seat}", _("%(seat)s: discard pile (捨山, face down)") % values,
                                             hidden=player["discard_pile"], owner=seat, size="xs", pile=True,
                                             game=GAME, empty=_("empty"),
                                             short=pgettext("riders_legend", "Discard pile"))
        return zones

    @staticmethod
    def _deck_title(player: dict, who: str) -> str:
        values = {"seat": who, "half": labels.half(player.get("half"))}
        above = player.get("above_eyecatch")
        if above is None:
            return _("%(seat)s: deck (drawing the %(half)s)") % values
        return _("%(seat)s: deck (drawing the %(half)s, %(n)s above the eyecatch)") % {**values, "n": above}

    def _field_zone(self, key: str, title: str, chars: list[dict], cards: dict, seat: str, turn: int,
                    short: str = "") -> Zone:
        return Zone(key, title, units=[self._unit(c, cards, turn) for c in chars], owner=seat, size="xs",
                    empty=_("empty"), short=short)

    def _mission_zone(self, key: str, title: str, mission: dict | None, cards: dict, seat: str,
                      short: str = "") -> Zone:
        """A mission as a unit (its face, the operation power gathered on it and its damage, face down, a bluff,
        achieved); the other side's face-down mission as one card back, its public numbers in the title."""
        if mission is None:
            return Zone(key, title, owner=seat, size="xs", empty=_("no mission"), short=short)
        stats = [(_("OP gathered"), mission["operation"])]
        if mission["damage"]:
            stats.append((_("Damage"), mission["damage"]))
        if "card" not in mission:  # a back: a bluff and an evil mission look the same
            extra = _(", ").join(f"{label} {value}" for label, value in stats if value)
            return Zone(key, f"{title} · {extra}" if extra else title, hidden=1, owner=seat, size="xs", game=GAME,
                        count=1, short=f"{short} · {extra}" if extra and short else short)
        flags = [_("face down")] if not mission["face_up"] else []
        if mission.get("bluff"):
            flags.append(_("bluff"))
        if mission["achieved"]:
            flags.append(_("achieved"))
        if mission.get("required") is not None:
            stats.insert(0, (_("Needs OP"), mission["required"]))
        ref = mission["card"]
        unit = Unit(ref, cards.get(ref, {}).get("name", "?"), stats, flags, face(cards[ref]) if ref in cards else None,
                    "warning" if mission["achieved"] else "")
        return Zone(key, title, units=[unit], owner=seat, size="xs", count=1, short=short)

    def _hand(self, key: str, title: str, held, cards: dict, seat: str) -> Zone:
        if isinstance(held, list):
            return Zone(key, title, cards=[self._card(c, cards) for c in held], owner=seat, empty=_("no cards"))
        return Zone(key, title, hidden=held, owner=seat, empty=_("no cards"), game=GAME)

    def _unit(self, char: dict, cards: dict, turn: int) -> Unit:
        ref = char["top"]
        stack = [cards.get(c, {}).get("name", "?") for c in char["stack"]]
        stats = [(_("ATK"), char["attack"]), (_("DEF"), char["defence"]), (_("OP"), char["operation"])]
        if char["damage"]:
            stats.append((_("Damage"), char["damage"]))
        flags = [_("acted")] if char["acted"] else []
        if char.get("no_move_until", 0) >= turn:
            flags.append(_("cannot move"))
        if len(stack) > 1:
            flags.append(_("transformed: %(stack)s") % {"stack": " → ".join(stack)})
        tone = "danger" if char["damage"] else "light" if char["acted"] else ""
        return Unit(char["id"], cards.get(ref, {}).get("name", "?"), stats, flags,
                    face(cards[ref]) if ref in cards else None, tone)

    def _card(self, card_id: str, cards: dict) -> Card:
        card = cards.get(card_id) or {"name": "?", "card_type": "", "attributes": {}}
        detail = card_detail({"cards": cards}, card_id)
        return Card(card_id, face(card), f"{card.get('name', '?')} ({detail})" if detail else card.get("name", "?"))

    # -- actions and the log -----------------------------------------------------------------------------------
    def describe(self, action: dict, data: BoardInput) -> str:
        return self.choice(action, data).label

    def choice(self, action: dict, data: BoardInput) -> ChoiceSpec:
        return choice_spec(action, data)

    def narrate(self, event: dict, data: BoardInput) -> str:
        return narrate(event, data.state, data.names, data.seat)

    def reason(self, code: str | None) -> str:
        return labels.reason(code)

"""Riders' Legend log events as sentences with their numbers (the rule stays on the line's ``clause``).

``narrate(event, state, names)``: ``event`` as the log gives it (``{"kind", "clause", "data", "to",
"withheld"?}``), ``state`` the reader's engine view (to name a character by its top card now), ``names`` card ids
to names (the reader's visible cards; an event's own ``name`` is used for a card that has left the reader's
sight). One sentence in the active language; an unknown kind gets a neutral sentence. Events about a face-down
mission name its seat and area only (the engine never puts its card in a public event).
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from ..presenter import addressed_elsewhere, withheld_text
from . import labels
from .view import char_name, characters

NEUTRAL = "The referee records an event."


class Ctx:
    """What a sentence reads: the event's data, the names and the characters on the field now."""

    def __init__(self, data: dict, state: dict, names: dict):
        self.d, self.state, self.names = data, state, names
        self.index = characters(state)

    def seat(self, key: str = "seat") -> str:
        return labels.seat(self.d.get(key))

    def card(self, key: str = "card") -> str:
        ref = self.d.get(key)
        return self.names.get(ref) or self.d.get("name") or _("a card")

    def char(self, key: str = "character") -> str:
        return char_name(self.state, self.names, self.d.get(key), self.index)

    def named_cards(self, key: str = "cards") -> str:
        """Cards that went where the reader may not see them (a hand), named by the event (they were seen)."""
        named = self.d.get("names") or []
        refs = self.d.get(key) or []
        return _(", ").join(self.names.get(c) or (named[i] if i < len(named) else _("a card"))
                            for i, c in enumerate(refs)) or _("no card")

    def cards(self, key: str = "cards") -> str:
        return _(", ").join(self.names.get(c) or _("a hidden card") for c in self.d.get(key) or []) or _("no card")

    def known(self, key: str = "cards") -> bool:
        """Every card of ``key`` has a name the reader may see."""
        return all(c in self.names for c in self.d.get(key) or [])


def _draw(c: Ctx) -> str:
    n = c.d.get("count", 0)
    return ngettext("%(seat)s draws %(count)s card (deck: %(deck)s left).",
                    "%(seat)s draws %(count)s cards (deck: %(deck)s left).", n) % {
        "seat": c.seat(), "count": n, "deck": c.d.get("deck", "?")}


def _shuffle(c: Ctx) -> str:
    values = {"seat": c.seat(), "first": c.d.get("first_half"), "second": c.d.get("second_half")}
    if c.d.get("second_reshuffled", True):
        return _("%(seat)s's deck is built: the first half (%(first)s cards) shuffled on top of the eyecatch, the "
                 "second half (%(second)s cards) shuffled below it.") % values
    return _("%(seat)s's first half (%(first)s cards) is shuffled again on top of the eyecatch; the second half "
             "(%(second)s cards) stays as it was.") % values


def _mulligan(c: Ctx) -> str:
    shown = _(", ").join(c.d.get("shown") or []) or _("no card")
    return _("%(seat)s mulligans, showing the hand: %(cards)s.") % {"seat": c.seat(), "cards": shown}


def _place_mission(c: Ctx) -> str:
    values = {"seat": c.seat(), "area": c.d.get("area")}
    if c.d.get("face_up"):
        return _("%(seat)s lays the mission %(card)s face up in area %(area)s.") % {**values, "card": c.card()}
    return _("%(seat)s lays a card face down as a mission in area %(area)s.") % values


def _placed_face_down(c: Ctx) -> str:
    values = {"card": c.card(), "area": c.d.get("area")}
    if c.d.get("bluff"):
        return _("Your face-down card in area %(area)s is %(card)s, a bluff.") % values
    return _("Your face-down mission in area %(area)s is %(card)s.") % values


def _eyecatch(c: Ctx) -> str:
    values = {"seat": c.seat(), "card": c.card()}
    if c.d.get("applies"):
        return _("%(seat)s draws the eyecatch %(card)s in the draw phase: it goes to the graveyard, its effects "
                 "apply and the draw ends.") % values
    return _("%(seat)s's eyecatch %(card)s leaves the deck outside the draw phase: it goes to the graveyard with "
             "no effect.") % values


def _end_phase(c: Ctx) -> str:
    return _("%(seat)s ends the %(phase)s.") % {"seat": c.seat(), "phase": labels.phase(c.d.get("phase"))}


def _place_character(c: Ctx) -> str:
    return _("%(seat)s places %(card)s in %(place)s.") % {
        "seat": c.seat(), "card": c.card(), "place": labels.position(c.d.get("field"), c.d.get("area", 0))}


def _transform(c: Ctx) -> str:
    return _("%(onto)s transforms into %(card)s (上位変身).") % {
        "onto": c.names.get(c.d.get("onto")) or c.d.get("onto_name") or _("a character"), "card": c.card()}


def _untransform(c: Ctx) -> str:
    return _("%(card)s goes back to %(seat)s's hand: the character is %(top)s again (下位変身).") % {
        "card": c.card(), "seat": c.seat(), "top": c.names.get(c.d.get("top")) or _("?")}


def _move(c: Ctx) -> str:
    start, end = c.d.get("from") or ["", 0], c.d.get("to") or ["", 0]
    return _("%(character)s moves from %(from)s to %(to)s.") % {
        "character": c.char(), "from": labels.position(*start), "to": labels.position(*end)}


def _target(c: Ctx) -> str:
    target = c.d.get("target") or ""
    if target.startswith("mission:"):
        foe = "p2" if c.d.get("seat") == "p1" else "p1"
        return _("%(seat)s's mission in area %(area)s") % {"seat": labels.seat(foe), "area": target.split(":")[1]}
    return char_name(c.state, c.names, target, c.index)


def _attack(c: Ctx) -> str:
    attackers = _(", ").join(char_name(c.state, c.names, a, c.index) for a in c.d.get("attackers") or [])
    return _("%(seat)s attacks %(target)s with %(attackers)s (area %(area)s).") % {
        "seat": c.seat(), "target": _target(c), "attackers": attackers, "area": c.d.get("area")}


def _damage(c: Ctx) -> str:
    return _("%(character)s takes %(amount)s damage (%(damage)s of DEF %(defence)s).") % {
        "character": c.char(), "amount": c.d.get("amount"), "damage": c.d.get("damage"),
        "defence": c.d.get("defence")}


def _mission_damage(c: Ctx) -> str:
    return _("%(seat)s's mission in area %(area)s takes %(amount)s damage (%(damage)s of DEF %(defence)s).") % {
        "seat": c.seat(), "area": c.d.get("area"), "amount": c.d.get("amount"), "damage": c.d.get("damage"),
        "defence": c.d.get("defence")}


def _reveal(c: Ctx) -> str:
    values = {"seat": c.seat(), "area": c.d.get("area"), "card": c.card(), "by": labels.revealed_by(c.d.get("by"))}
    if c.d.get("bluff"):
        return _("%(seat)s's face-down card in area %(area)s is turned up by %(by)s: %(card)s, a bluff.") % values
    return _("%(seat)s's mission in area %(area)s is turned face up by %(by)s: %(card)s.") % values


def _execute(c: Ctx) -> str:
    return _("%(seat)s carries out the mission in area %(area)s with OP %(power)s: %(operation)s of the %(required)s "
             "needed.") % {"seat": c.seat(), "area": c.d.get("area"), "power": c.d.get("power"),
                           "operation": c.d.get("operation"), "required": c.d.get("required")}


def _achieved(c: Ctx) -> str:
    values = {"seat": c.seat(), "card": c.card(), "area": c.d.get("area")}
    if c.d.get("first"):
        return _("%(seat)s achieves the mission %(card)s (area %(area)s): its effect applies and it turns "
                 "sideways.") % values
    return _("%(seat)s achieves %(card)s (area %(area)s) again: it attacks the opponent's deck.") % values


def _deck_damage(c: Ctx) -> str:
    return _("%(seat)s's deck takes %(n)s damage: %(moved)s card(s) face down to the discard pile (deck %(deck)s, "
             "discard pile %(pile)s).") % {"seat": c.seat(), "n": c.d.get("n"), "moved": c.d.get("moved"),
                                           "deck": c.d.get("deck"), "pile": c.d.get("discard_pile")}


def _discard_pile_to_deck(c: Ctx) -> str:
    if not c.d.get("moved"):
        return _("%(seat)s's discard pile is empty: no card goes under the deck.") % {"seat": c.seat()}
    return _("%(moved)s card(s) of %(seat)s's discard pile go face down under the deck (deck %(deck)s, discard "
             "pile %(pile)s).") % {"moved": c.d.get("moved"), "seat": c.seat(), "deck": c.d.get("deck"),
                                   "pile": c.d.get("discard_pile")}


def _modify(c: Ctx) -> str:
    return _("%(character)s gets ATK %(atk)+d / DEF %(def)+d until the end of the turn.") % {
        "character": c.char(), "atk": c.d.get("attack", 0), "def": c.d.get("defence", 0)}


def _declaration_text(d: dict) -> str:
    japanese = (get_language() or "").startswith("ja")
    return (d.get("claim_ja") if japanese else d.get("claim_en")) or d.get("claim_ja") or _("?")


def _game_end(c: Ctx) -> str:
    if c.d.get("winner"):
        return _("%(seat)s wins: %(reason)s.") % {"seat": c.seat("winner"), "reason": labels.reason(c.d.get("reason"))}
    return _("The game ends in a draw: %(reason)s.") % {"reason": labels.reason(c.d.get("reason"))}


SENTENCES: dict[str, Callable[[Ctx], str]] = {
    "setup": lambda c: _("The referee sets the game up: each deck in two halves of %(first)s and %(second)s cards "
                         "with the eyecatch between them (commitment %(commitment)s…).") % {
        "first": (c.d.get("decks") or {}).get("p1", {}).get("first_half", "?"),
        "second": (c.d.get("decks") or {}).get("p1", {}).get("second_half", "?"),
        "commitment": (c.d.get("commitment") or "")[:12]},
    "shuffle": _shuffle,
    "draw": _draw,
    "drawn": lambda c: _("You draw %(cards)s.") % {"cards": c.cards()},
    "mulligan": _mulligan,
    "keep_hand": lambda c: _("%(seat)s keeps the opening hand.") % {"seat": c.seat()},
    "first_player": lambda c: _("%(seat)s plays first.") % {"seat": c.seat()},
    "place_mission": _place_mission,
    "placed_face_down": _placed_face_down,
    "end_opening": lambda c: _("%(seat)s lays no second opening mission.") % {"seat": c.seat()},
    "turn": lambda c: _("Turn %(turn)s: %(seat)s's turn.") % {"turn": c.d.get("turn"), "seat": c.seat()},
    "recover": lambda c: _("Recovery phase: %(seat)s's characters are unacted again.") % {"seat": c.seat()},
    "second_half": lambda c: _("%(seat)s's deck is now in its second half.") % {"seat": c.seat()},
    "eyecatch": _eyecatch,
    "trigger": lambda c: _("%(card)s triggers (%(when)s).") % {"card": c.card(),
                                                              "when": labels.trigger(c.d.get("when"))},
    "end_phase": _end_phase,
    "place_character": _place_character,
    "transform": _transform,
    "untransform": _untransform,
    "move": _move,
    "attack": _attack,
    "block": lambda c: _("%(seat)s blocks with %(character)s.") % {"seat": c.seat(), "character": c.char("blocker")},
    "no_block": lambda c: _("%(seat)s does not block.") % {"seat": c.seat()},
    "damage": _damage,
    "destroyed": lambda c: _("%(seat)s's character is destroyed: %(cards)s go to the graveyard.") % {
        "seat": c.seat(), "cards": c.cards()},
    "to_hand": lambda c: _("%(seat)s's character returns to the hand: %(cards)s.") % {
        "seat": c.seat(), "cards": c.named_cards()},
    "instead_of_destruction": lambda c: _("Instead of being destroyed, %(card)s goes back to %(seat)s's hand.") % {
        "card": c.card(), "seat": c.seat()},
    "mission_damage": _mission_damage,
    "mission_to_graveyard": lambda c: _("%(seat)s's mission %(card)s in area %(area)s goes to the graveyard "
                                        "(%(why)s).") % {"seat": c.seat(), "card": c.card(), "area": c.d.get("area"),
                                                         "why": labels.binned(c.d.get("why"))},
    "reveal": _reveal,
    "investigate": lambda c: _("%(seat)s's %(character)s investigates the face-down mission in area %(area)s "
                               "(捜査).") % {"seat": c.seat(), "character": c.char(), "area": c.d.get("area")},
    "execute": _execute,
    "achieved": _achieved,
    "deck_damage": _deck_damage,
    "discard_pile_to_deck": _discard_pile_to_deck,
    "deck_out": lambda c: _("%(seat)s's deck is empty.") % {"seat": c.seat()},
    "play_action": lambda c: _("%(seat)s plays the action card %(card)s.") % {"seat": c.seat(), "card": c.card()},
    "modify": _modify,
    "set_acted": lambda c: (_("%(character)s becomes acted.") if c.d.get("acted")
                            else _("%(character)s becomes unacted.")) % {"character": c.char()},
    "no_move": lambda c: _("%(character)s cannot move until the end of turn %(turn)s.") % {
        "character": c.char(), "turn": c.d.get("until_turn")},
    "look": lambda c: _("%(seat)s looks at %(owner)s's face-down mission in area %(area)s.") % {
        "seat": c.seat(), "owner": c.seat("mission_seat"), "area": c.d.get("area")},
    "looked": lambda c: (_("You look at the face-down card in area %(area)s: %(card)s, a bluff.") if c.d.get("bluff")
                         else _("You look at the face-down mission in area %(area)s: %(card)s.")) % {
        "area": c.d.get("area"), "card": c.card()},
    "mission_healed": lambda c: _("The damage on %(seat)s's mission in area %(area)s is removed.") % {
        "seat": c.seat(), "area": c.d.get("area")},
    "discard": lambda c: _("%(seat)s discards %(card)s to the graveyard.") % {"seat": c.seat(), "card": c.card()},
    "graveyard_to_hand": lambda c: _("%(seat)s takes %(card)s from the graveyard into the hand.") % {
        "seat": c.seat(), "card": c.card()},
    "extra_mission": lambda c: _("%(seat)s may lay %(n)s more mission(s) this turn.") % {
        "seat": c.seat(), "n": c.d.get("n")},
    "declaration": lambda c: _("%(seat)s declares: “%(claim)s”.") % {"seat": c.seat(),
                                                                     "claim": _declaration_text(c.d)},
    "declaration_declined": lambda c: _("%(seat)s does not declare “%(claim)s”: nothing happens.") % {
        "seat": c.seat(), "claim": _declaration_text(c.d)},
    "declaration_accepted": lambda c: _("The declaration “%(claim)s” is accepted: it takes effect.") % {
        "claim": _declaration_text(c.d)},
    "declaration_disputed": lambda c: _("The declaration “%(claim)s” is disputed: it does not take effect.") % {
        "claim": _declaration_text(c.d)},
    "end_of_turn": lambda c: _("End of %(seat)s's turn: operation power on the missions resets and %(seat)s's "
                               "characters' damage clears.") % {"seat": c.seat()},
    "game_end": _game_end,
}


def _drawn_of_its_seat(c: Ctx) -> str:
    if c.known():
        return _("%(seat)s draws %(cards)s.") % {"seat": c.seat(), "cards": c.cards()}
    n = len(c.d.get("cards") or [])
    return ngettext("%(seat)s draws %(count)s card.", "%(seat)s draws %(count)s cards.", n) % {
        "seat": c.seat(), "count": n}


def _looked_of_its_seat(c: Ctx) -> str:
    values = {"seat": c.seat(), "area": c.d.get("area"), "card": c.card()}
    if c.d.get("bluff"):
        return _("%(seat)s looks at the face-down card in area %(area)s: %(card)s, a bluff.") % values
    return _("%(seat)s looks at the face-down mission in area %(area)s: %(card)s.") % values


def _placed_face_down_of_its_seat(c: Ctx) -> str:
    values = {"seat": c.seat(), "card": c.card(), "area": c.d.get("area")}
    if c.d.get("bluff"):
        return _("%(seat)s's face-down card in area %(area)s is %(card)s, a bluff.") % values
    return _("%(seat)s's face-down mission in area %(area)s is %(card)s.") % values


# An addressed event read by someone it was not addressed to (a spectator or the other seat once the game is
# over, a replay): said of its seat, its cards named only when the reader may see them.
OF_ITS_SEAT: dict[str, Callable[[Ctx], str]] = {
    "drawn": _drawn_of_its_seat,
    "looked": _looked_of_its_seat,
    "placed_face_down": _placed_face_down_of_its_seat,
}


def narrate(event: dict, state: dict, names: dict, reader: str | None = None) -> str:
    """One log event as a sentence for ``reader`` (a seat, None for a spectator)."""
    if event.get("withheld"):  # addressed to a seat: only whom it was for is said
        return withheld_text(event, labels.SEATS)
    kind = event.get("kind")
    sentence = OF_ITS_SEAT.get(kind) if addressed_elsewhere(event, reader) else None
    sentence = sentence or SENTENCES.get(kind)
    if sentence is None:
        return _(NEUTRAL)
    try:
        return sentence(Ctx(event.get("data") or {}, state, names))
    except (KeyError, TypeError, ValueError, IndexError):
        return _(NEUTRAL)

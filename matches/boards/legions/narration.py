"""Legions! log events as sentences with their numbers (the rule stays on the line's ``clause``).

``narrate(event, names)``: ``event`` as the log gives it (``{"kind", "clause", "data", "to", "withheld"?}``),
``names`` maps card ids to names (the reader's visible cards; an event's own ``name`` is used for a card that has
left the reader's sight). One sentence in the active language; an unknown kind gets a neutral sentence.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..presenter import addressed_elsewhere, withheld_text
from . import labels


def _seat(d: dict, key: str = "seat") -> str:
    return labels.seat(d.get(key))


def _card(d: dict, names: dict, key: str = "card") -> str:
    ref = d.get(key)
    return names.get(ref) or d.get("name") or (_("a card") if ref is None else _("a hidden card"))


def _cards(d: dict, names: dict, key: str = "cards") -> str:
    return _(", ").join(names.get(c) or _("a hidden card") for c in d.get(key) or []) or _("no card")


def _draw(d, names):
    return ngettext("%(seat)s draws %(count)s card (deck: %(deck)s left).",
                    "%(seat)s draws %(count)s cards (deck: %(deck)s left).", d.get("count", 0)) % {
        "seat": _seat(d), "count": d.get("count", 0), "deck": d.get("deck", "?")} if "deck" in d else ngettext(
        "%(seat)s draws %(count)s card.", "%(seat)s draws %(count)s cards.", d.get("count", 0)) % {
        "seat": _seat(d), "count": d.get("count", 0)}


def _unlock(d, names):
    values = {"seat": _seat(d), "mp": d.get("mp", "?"), "cores": d.get("cores_fatigued", 0),
              "card": _card(d, names) if d.get("card") else _("a card"), "then": labels.then(d.get("then"))}
    return _("%(seat)s unlocks %(card)s for %(mp)s MP (%(cores)s core(s) to the fatigue area) to %(then)s.") % values


def _attack(d, names):
    return _("%(seat)s attacks %(target)s with %(card)s from the %(lane)s.") % {
        "seat": _seat(d), "target": _card(d, names, "target"), "card": _card(d, names, "attacker"),
        "lane": labels.lane(d.get("position"))}


def _life(d, names):
    return _("%(seat)s's master takes %(damage)s damage: life %(before)s → %(after)s.") % {
        "seat": _seat(d), "damage": d.get("damage", -d.get("change", 0)), "before": d.get("before"),
        "after": d.get("after")} if d.get("change", 0) < 0 else _(
        "%(seat)s's master regains life: %(before)s → %(after)s.") % {
        "seat": _seat(d), "before": d.get("before"), "after": d.get("after")}


def _damage(d, names):
    return _("%(card)s takes %(amount)s damage (%(total)s of HP %(hp)s).") % {
        "card": _card(d, names, "target"), "amount": d.get("amount"), "total": d.get("total"), "hp": d.get("hp")}


def _place(d, names):
    if d.get("lane") == "lord":
        return _("%(seat)s places the lord %(card)s in the leader zone with %(cores)s core(s).") % {
            "seat": _seat(d), "card": _card(d, names), "cores": d.get("cores", 0)}
    return _("%(seat)s places %(card)s in the %(lane)s (summoning sickness this turn).") % {
        "seat": _seat(d), "card": _card(d, names), "lane": labels.lane(d.get("lane"))}


def _send(d, names):
    where = {"from": labels.zone(d.get("from")), "to": labels.zone(d.get("to"))}
    if "card" not in d:
        return _("%(seat)s moves a hidden card from %(from)s to %(to)s.") % {"seat": _seat(d), **where}
    return _("%(card)s goes from %(from)s to %(to)s.") % {"card": _card(d, names), **where}


SENTENCES: dict[str, Callable[[dict, dict], str]] = {
    "setup": lambda d, n: _("The referee sets the game up (commitment %(c)s…).") % {
        "c": (d.get("commitment") or "")[:12]},
    "shuffle": lambda d, n: (_("The shared deck of %(count)s cards is shuffled.") % {"count": d.get("count")})
    if d.get("shared") else _("%(seat)s's deck of %(count)s cards is shuffled.") % {
        "seat": _seat(d), "count": d.get("count")},
    # ダンタリオンドラフト (referee/games/legions/draft.py)
    "pack": lambda d, n: _("%(seat)s opens a booster of %(count)s cards.") % {
        "seat": _seat(d), "count": d.get("count")},
    "opened": lambda d, n: _("Your boosters hold %(cards)s.") % {"cards": _cards(d, n)},
    "opening_pick": lambda d, n: _("%(seat)s keeps a card for the opening hand (%(count)s of 3).") % {
        "seat": _seat(d), "count": d.get("count")},
    "opening_picked": lambda d, n: _("You keep %(card)s for your opening hand.") % {"card": _card(d, n)},
    "master_chosen": lambda d, n: _("%(seat)s chooses %(card)s as master.") % {
        "seat": _seat(d), "card": _card(d, n)},
    "draft_look": lambda d, n: _("%(seat)s looks at the top %(count)s cards of the shared deck.") % {
        "seat": _seat(d), "count": d.get("count")},
    "draft_looked": lambda d, n: _("You look at %(cards)s.") % {"cards": _cards(d, n)},
    "draft_pick": lambda d, n: _("%(seat)s keeps one and puts %(count)s face down on the shared discard "
                                 "(shared deck: %(deck)s left).") % {
        "seat": _seat(d), "count": d.get("discarded"), "deck": d.get("deck")},
    "draft_picked": lambda d, n: _("You keep %(card)s.") % {"card": _card(d, n)},
    "reshuffle": lambda d, n: _("The shared discard of %(count)s cards is shuffled into a new shared deck.") % {
        "count": d.get("count")},
    "first_player": lambda d, n: _("%(seat)s plays first.") % {"seat": _seat(d)},
    "second_player_core": lambda d, n: _("%(seat)s plays second: one core goes to wait zone %(zone)s.") % {
        "seat": _seat(d), "zone": d.get("zone")},
    "draw": _draw,
    "drawn": lambda d, n: _("You draw %(cards)s.") % {"cards": _cards(d, n)},
    "turn": lambda d, n: _("Turn %(turn)s: %(seat)s's turn.") % {"turn": d.get("turn"), "seat": _seat(d)},
    "wait_turns": lambda d, n: (_("%(seat)s's wait zones advance: %(cores)s core(s) and %(cards)s return.") % {
        "seat": _seat(d), "cores": d.get("cores_returned", 0), "cards": _cards(d, n, "cards_returned")})
    if d.get("cards_returned") else _("%(seat)s's wait zones advance: %(cores)s core(s) return.") % {
        "seat": _seat(d), "cores": d.get("cores_returned", 0)},
    "refresh": lambda d, n: _("%(seat)s's fatigued cores and units refresh.") % {"seat": _seat(d)},
    "core": lambda d, n: _("Core phase: %(seat)s moves %(n)s core(s) from the master to the core active area "
                           "(%(left)s left on the master).") % {"seat": _seat(d), "n": d.get("from_master", 0),
                                                                "left": d.get("master_cores")},
    "core_added": lambda d, n: _("%(seat)s's awakened master adds a core from outside the game (to %(to)s).") % {
        "seat": _seat(d), "to": labels.core_zone(d.get("to"))},
    "awaken": lambda d, n: _("%(seat)s's master has no cores left on it and awakens.") % {"seat": _seat(d)},
    "unlock": _unlock,
    "unlocked": lambda d, n: _("You put %(card)s on standby.") % {"card": _card(d, n)},
    "place": _place,
    "deploy": lambda d, n: _("%(seat)s plays %(card)s from standby.") % {"seat": _seat(d), "card": _card(d, n)},
    "move": lambda d, n: _("%(card)s moves from the %(from)s to the %(to)s.") % {
        "card": _card(d, n), "from": labels.lane(d.get("from")), "to": labels.lane(d.get("to"))},
    "attack": _attack,
    "block": lambda d, n: _("%(seat)s blocks with %(card)s.") % {"seat": _seat(d), "card": _card(d, n, "blocker")}
    if d.get("blocker") else _("%(seat)s does not block.") % {"seat": _seat(d)},
    "life": _life,
    "damage": _damage,
    "no_damage": lambda d, n: _("%(card)s ignores %(amount)s effect damage.") % {
        "card": _card(d, n, "target"), "amount": d.get("amount")},
    "break": lambda d, n: _("%(card)s is broken.") % {"card": _card(d, n)},
    "to_wait_zone": lambda d, n: _("%(card)s goes to %(seat)s's wait zone %(zone)s.") % {
        "card": _card(d, n), "seat": _seat(d), "zone": d.get("zone")},
    "lord_cores": lambda d, n: _("The lord's %(cores)s core(s) go onto %(seat)s's master (%(master)s there now).") % {
        "cores": d.get("cores"), "seat": _seat(d), "master": d.get("master_cores")},
    "no_card_change": lambda d, n: _("%(seat)s keeps their hand (no card change).") % {"seat": _seat(d)},
    "exile": lambda d, n: _("%(seat)s exiles %(cards)s.") % {"seat": _seat(d), "cards": _cards(d, n)},
    "trigger": lambda d, n: _("%(card)s triggers (%(when)s).") % {"card": _card(d, n), "when": d.get("when", "")}
    if d.get("card") else _("A hidden card of %(seat)s triggers (%(when)s).") % {
        "seat": _seat(d), "when": d.get("when", "")},
    "triggered": lambda d, n: _("Your %(card)s triggers (%(when)s).") % {
        "card": _card(d, n), "when": d.get("when", "")},
    "send": _send,
    "sent": _send,
    "cores_moved": lambda d, n: _("%(seat)s moves %(n)s core(s) from %(from)s to %(to)s.") % {
        "seat": _seat(d), "n": d.get("n"), "from": labels.core_zone(d.get("from")),
        "to": labels.core_zone(d.get("to"))},
    "fatigue": lambda d, n: _("%(card)s is fatigued.") % {"card": _card(d, n)},
    "no_fatigue": lambda d, n: _("%(card)s cannot be fatigued on the turn it was placed.") % {"card": _card(d, n)},
    "activate": lambda d, n: _("%(seat)s activates %(card)s's ability (%(mp)s MP).") % {
        "seat": _seat(d), "card": _card(d, n), "mp": d.get("mp", 0)},
    "reversed": lambda d, n: _("%(card)s is placed face down: it has no abilities while it stays so.") % {
        "card": _card(d, n)},
    "unmoved": lambda d, n: _("%(card)s cannot be moved to another zone by effects (zone-move immunity).") % {
        "card": _card(d, n)},
    "arrange_deck": lambda d, n: _("%(seat)s looks at the top %(count)s cards of their deck and puts them back in "
                                   "an order of their choice.") % {"seat": _seat(d), "count": d.get("count")},
    "modify": lambda d, n: _("%(card)s gets ATK %(atk)+d / HP %(hp)+d.") % {
        "card": _card(d, n), "atk": d.get("atk", 0), "hp": d.get("hp", 0)},
    "grant": lambda d, n: _("%(card)s gains %(keyword)s.") % {
        "card": _card(d, n), "keyword": labels.keyword(d.get("keyword", ""))},
    "no_attack": lambda d, n: _("%(card)s cannot attack this turn.") % {"card": _card(d, n)},
    "shield": lambda d, n: _("%(card)s will prevent %(n)s damage.") % {"card": _card(d, n), "n": d.get("n")},
    "advance_wait": lambda d, n: _("%(card)s advances from wait zone %(from)s to %(to)s.") % {
        "card": _card(d, n), "from": d.get("from"), "to": d.get("to")},
    "end_main": lambda d, n: _("%(seat)s ends the main phase.") % {"seat": _seat(d)},
    "end_of_turn": lambda d, n: _("End of %(seat)s's turn: damage and unused MP are cleared.") % {"seat": _seat(d)},
    "deck_out": lambda d, n: _("%(seat)s must draw from an empty deck.") % {"seat": _seat(d)},
    "game_end": lambda d, n: (_("%(seat)s wins: %(reason)s.") % {"seat": _seat(d, "winner"),
                                                                  "reason": labels.reason(d.get("reason"))})
    if d.get("winner") else _("The game ends in a draw: %(reason)s.") % {"reason": labels.reason(d.get("reason"))},
}


def _known(d: dict, names: dict, key: str = "cards") -> bool:
    """Every card of ``d[key]`` has a name the reader may see."""
    return all(c in names for c in d.get(key) or [])


def _count(d: dict, key: str = "cards") -> int:
    return len(d.get(key) or [])


# An addressed event read by someone it was not addressed to (a spectator or the other seat once the game is over,
# a replay): said of its seat, its cards named only when the reader may see them.
OF_ITS_SEAT: dict[str, Callable[[dict, dict], str]] = {
    "drawn": lambda d, n: _("%(seat)s draws %(cards)s.") % {"seat": _seat(d), "cards": _cards(d, n)}
    if _known(d, n) else _draw({"seat": d.get("seat"), "count": _count(d)}, n),
    "unlocked": lambda d, n: _("%(seat)s puts %(card)s on standby.") % {"seat": _seat(d), "card": _card(d, n)}
    if d.get("card") in n else _("%(seat)s puts a card on standby.") % {"seat": _seat(d)},
    "triggered": lambda d, n: _("%(seat)s's %(card)s triggers (%(when)s).") % {
        "seat": _seat(d), "card": _card(d, n), "when": d.get("when", "")},
}


def narrate(event: dict, names: dict, reader: str | None = None) -> str:
    """One log event as a sentence for ``reader`` (a seat, None for a spectator)."""
    if event.get("withheld"):  # addressed to a seat: only whom it was for is said
        return withheld_text(event, labels.SEATS)
    kind = event.get("kind")
    sentence = OF_ITS_SEAT.get(kind) if addressed_elsewhere(event, reader) else None
    sentence = sentence or SENTENCES.get(kind)
    if sentence is None:
        return _("The referee records an event.")
    try:
        return sentence(event.get("data") or {}, names)
    except (KeyError, TypeError, ValueError):
        return _("The referee records an event.")

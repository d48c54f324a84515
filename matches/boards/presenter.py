"""A game's presenter: its engine's view in words and zones. Subclass ``Presenter`` and name it in the game's
spec (its ``board`` part, ``referee.registry``); every method has a neutral default, so a game without one still
gets a board (one button per action, the log without sentences)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from .choices import ChoiceSpec
from .frame import Stat, Zone

# How a match ends outside the game's own rules, the same in every game (docs/matches.md "Ending a match", "Time
# control"): each presenter's table of reasons takes these beside its game's own.
MATCH_REASONS = {
    "time": _lazy("the other side ran out of time"),
    "abandoned": _lazy("the other side stopped playing (three decisions in a row timed out)"),
    "aborted": _lazy("nobody was playing any more: the match was aborted"),
    "resigned": _lazy("the other side resigned"),
    "withdrawn": _lazy("the challenge was withdrawn"),
}


@dataclass
class BoardInput:
    """What a presenter reads: the ``match`` row, ``view`` (``matches.selectors.match_view``), ``state`` (the
    engine's view of it, {} before the start), ``seat`` (the reader's, None for a spectator) and ``names``
    (card and unit ids → names, from ``Presenter.names``)."""

    match: object
    view: dict
    state: dict
    seat: str | None
    names: dict

    @property
    def to_act(self) -> str | None:
        return self.view.get("to_act")


class Presenter:
    game = ""
    template = "matches/boards/generic.html"
    clause_prefix = ""
    decisive_kinds: frozenset[str] = frozenset()  # log kinds the last ruling puts first (the resolutions)
    # The lobby's help under "Seconds per decision": what the clock does when a decision's time runs out.
    clock_help = _lazy("Empty: no clock. When time runs out, the clock plays the rules' default for the decision.")
    deck_help = _lazy("Roster or deck (decklist text; empty: the standard line-up)")  # the lobby's paste box

    def seat_label(self, seat: str | None) -> str:
        return _("—") if seat is None else seat

    def names(self, state: dict) -> dict:
        """Ids → names for every visible card (``state["cards"]``, as the engines' views give them)."""
        return {key: card.get("name", "?") for key, card in (state.get("cards") or {}).items()}

    # What the seat to act is asked, by the engine's pending kind ("<kind>:<effect>" for one effect's own
    # question): (the sentence to that player, the sentence to everyone else), each formatted with
    # ``prompt_values``.
    decisions: dict = {}

    def prompt(self, data: BoardInput) -> str:
        """One sentence: whose turn it is and what they are asked (``decisions``)."""
        pending = data.state.get("pending") or {}
        kind = pending.get("kind")
        if f"{kind}:{pending.get('effect')}" in self.decisions:  # the effect's own question
            kind = f"{kind}:{pending.get('effect')}"
        mine, theirs = self.decisions.get(kind, (_("Your turn: choose an action."), _("%(seat)s is to act.")))
        text = mine if data.seat is not None and data.to_act == data.seat else theirs
        return str(text) % self.prompt_values(data)

    def prompt_values(self, data: BoardInput) -> dict:
        """The values a ``decisions`` sentence may name: ``%(seat)s``, the seat to act."""
        return {"seat": self.seat_label(data.to_act)}

    def stats(self, data: BoardInput) -> list[Stat]:
        return []

    def zones(self, data: BoardInput) -> dict[str, Zone]:
        return {}

    def declaration(self, data: BoardInput) -> str:
        """A pending declaration, said to everyone who may know of it ("" when there is none)."""
        return ""

    def describe(self, action: dict, data: BoardInput) -> str:
        """An action as a sentence (also the label of its button)."""
        return json.dumps({k: v for k, v in action.items() if k != "seat"}, ensure_ascii=False)

    def choice(self, action: dict, data: BoardInput) -> ChoiceSpec:
        """The group and picks of one legal action (default: a button of its own)."""
        label = self.describe(action, data)
        return ChoiceSpec(group=str(action.get("type", "action")), group_label=label, label=label)

    def narrate(self, event: dict, data: BoardInput) -> str:
        """One log event as a sentence."""
        return _("The referee records an event.")

    def clause(self, clause: str) -> str:
        return f"{self.clause_prefix} {clause}".strip() if clause else ""

    def reason(self, code: str | None) -> str:
        """An outcome's reason in words ("" when the game has no words for its reasons)."""
        return ""

    def outcome(self, data: BoardInput) -> str:
        """The end of the game in one sentence, with its reason when ``reason`` has words for it."""
        outcome = data.view.get("outcome") or {}
        reason = self.reason(outcome.get("reason"))
        if not reason:
            if outcome.get("winner"):
                return _("%(seat)s wins.") % {"seat": self.seat_label(outcome["winner"])}
            return _("The match is over without a winner.")
        if not outcome.get("winner"):
            return _("The match ended without a winner: %(reason)s.") % {"reason": reason}
        return _("%(seat)s wins: %(reason)s.") % {"seat": self.seat_label(outcome["winner"]), "reason": reason}

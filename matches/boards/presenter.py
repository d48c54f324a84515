"""A game's presenter: its engine's view in words and zones. Subclass ``Presenter`` and name it in the game's
spec (its ``board`` part, ``referee.registry``); every method has a neutral default, so a game without one still
gets a board (one button per action, the log without sentences)."""

from __future__ import annotations

import json
import re
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


# A reading named in a clause ("B4.6 (reading defender_strikes_back)", "A4 (reading)", "B2 (readings a, b)") and
# any other parenthesised code ("(static instead_of_destruction)"): said in words by ``Presenter.clause`` and
# ``Presenter.reading``, never shown as they are.
_READING = re.compile(r"\s*\(readings?(?: ([a-z_, ]+))?\)")
_NOTE = re.compile(r"\s*\(([a-z][a-z_ ]*)\)")

# The event inputs a log line's details list, by the engines' data keys, in every game (a presenter adds its own
# in ``input_labels``); a key without a label is not shown (no code reaches a person).
INPUT_LABELS = {
    "amount": _lazy("Amount"), "damage": _lazy("Damage"), "total": _lazy("Total"), "before": _lazy("Before"),
    "after": _lazy("After"), "count": _lazy("Cards"), "deck": _lazy("Cards left in the deck"),
    "turn": _lazy("Turn"), "area": _lazy("Area"), "n": _lazy("Number"), "card": _lazy("Card"),
    "cards": _lazy("Cards"), "target": _lazy("Target"), "attacker": _lazy("Attacker"), "blocker": _lazy("Blocker"),
    "seat": _lazy("Player"), "winner": _lazy("Winner"), "dice": _lazy("Dice"), "die": _lazy("Die"),
    "value": _lazy("Value"), "needed": _lazy("Needed"), "required": _lazy("Required"), "score": _lazy("Score"),
}


def withheld_text(event: dict, seats: dict) -> str:
    """What a reader not told an event reads of it: whom it was for, when one seat (``seats``: seat code → its
    name, the game's labels), else that the other player saw something."""
    to = event.get("to") or []
    if len(to) == 1 and to[0] in seats:
        return _("Something only %(seat)s sees happens.") % {"seat": seats[to[0]]}
    return _("Something only the other player sees happens.")


def addressed_elsewhere(event: dict, reader: str | None) -> bool:
    """True for an event the engine addressed to seats that do not include ``reader`` (a spectator, the other
    seat after the end, a replay): its "You draw …" sentence is said of its seat instead."""
    to = event.get("to") or []
    return bool(to) and reader not in to


@dataclass(frozen=True)
class Setting:
    """A recurring decision the referee may make for a player (issue 27, point 3): the pending ``kind`` it
    answers, its ``label``, its ``choices`` as ``(code, label)`` ("ask" among them: the board asks) and the
    ``default`` code a player who never changed it gets."""

    kind: str
    label: object
    choices: tuple[tuple[str, object], ...]
    default: str


ASK = "ask"


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
    # Takebacks (issue 27, point 4; matches.services.takeback): the log kinds that turn a face-down card face up
    # (new hidden information for everyone, so no takeback across them), and the private kinds that only tell a
    # seat back its own secret choice (a declared stack, a card laid face down), which are no new information.
    # Any other event addressed to some seats only (a card drawn, a card looked at) is new hidden information.
    reveal_kinds: frozenset[str] = frozenset()
    own_secret_kinds: frozenset[str] = frozenset()
    # The lobby's help under "Seconds per decision": what the clock does when a decision's time runs out.
    clock_help = _lazy("Empty: no clock. When time runs out, the clock plays the rules' default for the decision.")
    deck_help = _lazy("Roster or deck (decklist text; empty: the standard line-up)")  # the lobby's paste box
    # The lobby's names of the game's formats played without decklists (its wiring's ``FORMATS``), by code.
    deckless_formats: dict = {}

    # The recurring decisions a player may leave to the referee (``Setting``), by pending kind.
    settings: tuple[Setting, ...] = ()

    def reveals(self, event: dict) -> bool:
        """True when the log ``event`` (``{"kind", "clause", "data", "to"}``) turns a face-down card face up:
        by default its kind is one of ``reveal_kinds``."""
        return event.get("kind") in self.reveal_kinds

    def seat_label(self, seat: str | None) -> str:
        return _("—") if seat is None else seat

    def setting_choice(self, setting: Setting, chosen: dict) -> str:
        """The code ``setting`` takes for a player whose settings are ``chosen`` (its default when they name none,
        or one the setting no longer offers)."""
        code = chosen.get(setting.kind, setting.default)
        return code if code in {c for c, _ in setting.choices} else setting.default

    def choose(self, state: dict, seat: str, actions: list, choice: str):
        """The action a setting's ``choice`` (a code of one of ``settings``, never "ask") picks among the legal
        ``actions`` of the decision now pending for ``seat`` in the engine's ``state``, or None (the board asks).
        A choice reads only what ``seat`` may see: its own cards and the public state."""
        return None

    def names(self, state: dict) -> dict:
        """Ids → names for every visible card (``state["cards"]``, as the engines' views give them)."""
        return {key: card.get("name", "?") for key, card in (state.get("cards") or {}).items()}

    # The zones of a side's view that only that side sees (a hand, standby, face-down missions): the top-level
    # keys of an engine view holding one entry per seat. ``reveal`` lays a side's own entry over another view.
    private_keys: tuple[str, ...] = ("players", "hands")

    def reveal(self, view: dict, own_view: dict, seat: str) -> dict:
        """``view`` with ``seat``'s entries of ``private_keys`` taken from ``own_view`` (``seat``'s own view of the
        same state): a finished match's replay showing the hidden cards."""
        out = dict(view)
        if isinstance(view.get("cards"), dict) and isinstance(own_view.get("cards"), dict):  # the cards it names
            out["cards"] = {**view["cards"], **own_view["cards"]}
        for key in self.private_keys:
            mine, theirs = view.get(key), own_view.get(key)
            if isinstance(mine, dict) and isinstance(theirs, dict) and seat in theirs:
                out[key] = {**mine, seat: theirs[seat]}
        return out

    def chapter(self, event: dict) -> str:
        """The title of the part of the game ``event`` starts ("Turn 3", "Scene 5"), "" when it starts none: the
        replay's jumps (``matches.boards.replay.chapters``)."""
        return ""

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

    def progress(self, state: dict) -> str:
        """How far a match in play is, for the lobby's watch list ("Turn 5"); "" before the start."""
        turn = state.get("turn")
        return _("Turn %(n)s") % {"n": turn} if turn else ""

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

    # Words for the notes some clauses carry ("(remove standby)"): note -> label; an unknown note is left out.
    clause_notes: dict = {}
    # Our readings a clause may name ("(reading refresh_cores)"): code -> one sentence (docs/rules/<game>.md).
    readings: dict = {}
    # The game's own event inputs (data key -> label), beside ``INPUT_LABELS``.
    input_labels: dict = {}

    def clause(self, clause: str) -> str:
        """The rule clause as a person reads it: the game's name, the clause, its notes in words; a reading's
        code is left to ``reading``."""
        text = _READING.sub("", clause or "")
        text = _NOTE.sub(lambda m: f" ({self.clause_notes[m[1]]})" if m[1] in self.clause_notes else "", text).strip()
        return f"{self.clause_prefix} {text}".strip() if text else ""

    def reading(self, clause: str) -> str:
        """Our reading a clause names, in one sentence per reading ("" when it names none)."""
        found = _READING.search(clause or "")
        if found is None:
            return ""
        codes = [code.strip() for code in (found[1] or "").split(",") if code.strip()]
        sentences = [str(self.readings[code]) for code in codes if code in self.readings]
        return " ".join(sentences) or _("Our reading of a point the rules leave open (see the rules page).")

    def inputs(self, event: dict, data: BoardInput) -> list[tuple[str, str]]:
        """The event's inputs in words: ``(label, value)`` for each data key with a label whose value can be said
        (numbers, yes/no, seats, visible cards); anything else is left out."""
        labels = {**INPUT_LABELS, **self.input_labels}
        out = []
        for key, value in (event.get("data") or {}).items():
            label = labels.get(key)
            said = self._say(value, data) if label is not None else None
            if said:
                out.append((str(label), said))
        return out

    def _seats(self) -> tuple[str, ...]:
        from referee.registry import spec

        return tuple(spec(self.game).part("engine").seats) if self.game else ()

    def _say(self, value, data: BoardInput) -> str | None:
        if isinstance(value, bool):
            return str(_("yes") if value else _("no"))
        if isinstance(value, int):
            return str(value)
        if isinstance(value, str):
            if value in data.names:
                return str(data.names[value])
            return self.seat_label(value) if value in self._seats() else None
        if isinstance(value, list) and value and all(isinstance(v, int | str) and not isinstance(v, bool)
                                                     for v in value):
            said = [self._say(v, data) for v in value]
            return _(", ").join(s for s in said if s) if all(said) else None
        return None

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

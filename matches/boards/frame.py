"""The board every game shares: what the frame template (``templates/components/board_frame.html``) renders.

A game supplies a presenter (``matches.boards.presenter.Presenter``) that turns its engine's view into these
values; ``build_board`` (``matches.boards``) adds what every game has the same way — the clocks, the pending
submission, the log and the last ruling. Templates only arrange them: no game logic in a template.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .choices import Group


@dataclass
class Card:
    """A card in a zone: ``face`` is what ``{% card_face %}`` takes (game, name, card_type, attributes, …);
    ``text`` the words for the text board; ``mark`` an optional badge ("used", "upper half")."""

    id: str
    face: dict
    text: str
    mark: str = ""


@dataclass
class Unit:
    """A piece on the table (an IL): its ``name``, optional ``face``, ``stats`` [(label, value)], ``flags``
    (short words: "acted", "incapacitated") and ``tone`` ("" or a Bulma colour for the state)."""

    id: str
    name: str
    stats: list[tuple[str, object]] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    face: dict | None = None
    tone: str = ""

    @property
    def text(self) -> str:
        parts = [f"{label} {value}" for label, value in self.stats] + list(self.flags)
        return f"{self.name} ({', '.join(parts)})" if parts else self.name


@dataclass
class Zone:
    """A titled zone: face-up ``cards``, ``units``, ``hidden`` face-down cards (backs, e.g. the other hand),
    ``count`` (shown beside the title; None: len of the contents), ``empty`` (said when there is nothing),
    ``owner`` (a seat code, for styling), ``size`` of the faces (sm|xs), ``key`` (an id for tests and CSS),
    ``short`` (the title a narrow place shows, its full title kept for screen readers and hover)."""

    key: str
    title: str
    cards: list[Card] = field(default_factory=list)
    units: list[Unit] = field(default_factory=list)
    hidden: int = 0
    count: int | None = None
    empty: str = ""
    owner: str = ""
    size: str = "sm"
    game: str = ""  # for the card backs
    pile: bool = False  # a deck: one back with the count, not a back per card
    limit: int | None = None  # face-up cards drawn; the rest are listed by name
    short: str = ""  # the title without the seat, where the table's narrow places show it ("Deck", "Battle 2")

    @property
    def shown(self) -> list[Card]:
        return self.cards if self.limit is None else self.cards[: self.limit]

    @property
    def more(self) -> list[Card]:
        return [] if self.limit is None else self.cards[self.limit:]

    @property
    def total(self) -> int:
        return self.count if self.count is not None else len(self.cards) + len(self.units) + self.hidden

    @property
    def backs(self) -> range:
        return range(1 if self.pile else min(self.hidden, 12))  # at most 12 backs; the count says the rest

    @property
    def text(self) -> str:
        """The zone for the text board: its title, count and contents in words."""
        from django.utils.translation import ngettext

        items = [c.text for c in self.cards] + [u.text for u in self.units]
        if self.hidden:  # face-down cards are said as a number, never left out as if the zone were empty
            items.append(ngettext("%(n)s face-down card", "%(n)s face-down cards", self.hidden) % {"n": self.hidden})
        return f"{self.title} ({self.total}): " + ("; ".join(items) if items else self.empty or "—")


@dataclass
class Stat:
    """One item of the score strip: ``label``, ``value``, ``tone`` (a Bulma colour or "")."""

    label: str
    value: object
    tone: str = ""
    key: str = ""


@dataclass
class Clock:
    """A seat's clock. ``deadline`` ISO 8601 (None: not running), ``remaining`` seconds at render time,
    ``total`` seconds per decision (None: no clock), ``warn_at`` seconds left when it turns to a warning,
    ``on_timeout`` the sentence of what happens when it runs out."""

    seat: str
    label: str
    active: bool
    mine: bool
    total: int | None
    deadline: str | None = None
    remaining: int | None = None
    warn_at: int = 10
    on_timeout: str = ""

    @property
    def display(self) -> str:
        seconds = self.remaining if self.active and self.remaining is not None else self.total
        if seconds is None:
            return "—"
        return f"{seconds // 60}:{seconds % 60:02d}"

    @property
    def warning(self) -> bool:
        return self.active and self.remaining is not None and self.remaining <= self.warn_at


@dataclass
class Line:
    """A log line: the ``text`` for people, its rule ``clause`` (in words), the ``kind``, and one click away
    ``reading`` (our reading of the rule in a sentence, "" when the clause names none) and ``inputs`` (the
    event's inputs as ``(label, value)`` words)."""

    text: str
    clause: str
    kind: str
    seat: str = ""
    reading: str = ""
    inputs: list[tuple[str, str]] = field(default_factory=list)
    taken_back: bool = False  # the line of an action taken back (matches.services.takeback): it no longer counts
    decisive: bool = False  # in the last ruling, a resolution (scoring, an attack, a defence): it stands out


@dataclass
class End:
    """The end of a match as its reader sees it: ``title`` ("You won", "You lost", "Draw", or for a spectator
    "Player 1 won"), ``tone`` (a Bulma colour), ``reason`` (the outcome in a sentence), ``rule`` (the clause that
    ended it, in words, "" when none did). ``rematch``: what the reader may do about a rematch — "" (nothing: a
    spectator), "offer", "waiting" (offered, the other player has not answered), "accept" (the other player
    offered) or "made" (``rematch_url`` is the new match)."""

    title: str
    tone: str
    reason: str
    rule: str = ""
    rematch: str = ""
    rematch_url: str = ""
    action_url: str = ""
    deckless: bool = False  # a format played without decks (a draft): a rematch opens new boosters


@dataclass
class Board:
    """Everything the frame renders (see ``templates/components/board_frame.html``)."""

    game: str
    template: str
    version: int
    status: str
    seat: str | None
    prompt: str
    prompt_tone: str
    my_turn: bool
    stats: list[Stat]
    clocks: list[Clock]
    zones: dict[str, Zone]
    groups: list[Group]
    ruling: list[Line]
    log: list[Line]
    declaration: str = ""
    submitted: str = ""
    error: str = ""
    end: End | None = None
    settings: list = field(default_factory=list)  # [{"kind", "label", "choices": [(code, label, chosen)]}]
    settings_url: str = ""
    # Takebacks (issue 27, point 4): "" (nothing to show), "offer" (the reader may ask), "waiting" (the reader
    # asked), "answer" (the other player asked: accept or decline); the forms post to the two urls.
    takeback: str = ""
    takeback_declined: bool = False  # the other player declined the reader's request at this version
    takeback_url: str = ""
    takeback_decline_url: str = ""

    @property
    def sent_template(self) -> str:
        """The prompt ``board.js`` shows right after a click (``%(action)s``: the action's label)."""
        from django.utils.translation import gettext as _

        return _("Sent: %(action)s. Waiting for the referee…")

    @property
    def text_zones(self) -> list[str]:
        return [zone.text for zone in self.zones.values()]

"""Online matches: the match row (state and version), its seats, the actions as sent, and the event log.

The match row is the unit of locking: the adjudication task takes ``select_for_update`` on it, applies pending
submissions in order through the game's engine, appends events and stores the new state and version.

The engine state's static card table (``state["cards"]``, about 90 % of the state's bytes) is stored once, in
``Match.cards``, when the match starts; the ``state`` column holds the rest and is small, so each action reads
and writes a few kilobytes instead of a hundred. Loading a match puts the cards back (``Match.from_db``) from a
per-process cache keyed by the match's id and commitment, so ``match.state`` is always the engine's whole
state. (The id alone could name another match in a database that reuses ids after a rollback, as SQLite can; the
commitment alone repeats when ``manage.py playmatch`` plays one seed twice.)
The same kind of cache holds a started match's seat rows (``Match.seat_rows``), and ``Match.next_seq`` keeps the
next event's seq on the locked row, so an action costs no query for either.
"""

from __future__ import annotations

from collections import OrderedDict

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

STATIC_KEY = "cards"  # the part of the engine state that never changes during a match (copied at the start)
_CARDS_CACHE: OrderedDict[tuple, dict] = OrderedDict()  # (id, commitment) -> card table; immutable per match
_CARDS_CACHE_SIZE = 256
_SEATS_CACHE: OrderedDict[tuple, list] = OrderedDict()  # (id, commitment) -> Seat rows with users, once started


def _cache_key(match: Match) -> tuple | None:
    """``(id, commitment)`` of a loaded match, None when either was not loaded."""
    key = (match.__dict__.get("id"), match.__dict__.get("commitment"))
    return None if None in key else key


def _remember_cards(key: tuple, cards: dict) -> dict:
    """Keep ``cards`` as the table of the match ``key``; returns the table to use (``_shared_table`` of a table
    not yet kept for it)."""
    if _CARDS_CACHE.get(key) is not cards:
        cards = _shared_table(cards)
    _CARDS_CACHE[key] = cards
    _CARDS_CACHE.move_to_end(key)
    while len(_CARDS_CACHE) > _CARDS_CACHE_SIZE:
        _CARDS_CACHE.popitem(last=False)
    return cards


# Card tables of distinct content, the few a process's matches use (most online matches of a game share the pool
# of its format): a table read from the database is replaced by the equal one kept here, so every match of that
# content holds the very same object. The engines work out what depends on the cards alone once per table and
# find it by the table's identity before comparing content (referee.games.iron_leaguer.state.derived, which
# keeps the last 16 identities); with one object per content a worker adjudicating a hundred matches never
# compares 150 cards again on every action (0.3 ms each, issue 14 "a cheaper action"). Safe because a match's
# table never changes in place (the engines' states are values; STATIC_KEY).
_TABLES: list[dict] = []
_TABLES_KEPT = 8


def _shared_table(cards: dict) -> dict:
    """The kept table equal to ``cards`` (``==``), else ``cards``, kept from now on (the oldest dropped past
    ``_TABLES_KEPT``)."""
    for table in _TABLES:
        if table is cards or (len(table) == len(cards) and table == cards):
            return table
    _TABLES.append(cards)
    if len(_TABLES) > _TABLES_KEPT:
        del _TABLES[0]
    return cards


class StateField(models.JSONField):
    """The engine state without its static card table (stored in ``Match.cards``)."""

    def get_prep_value(self, value):
        if isinstance(value, dict) and STATIC_KEY in value:
            value = {key: part for key, part in value.items() if key != STATIC_KEY}
        return super().get_prep_value(value)


class MatchQuerySet(models.QuerySet):
    def live(self):
        """Without ``config`` (the large copy of the decks, read only at the start and for replays) and the
        stored card table (taken from the per-process cache): the hot paths decode the small state alone."""
        return self.defer("config", "cards")


# The only columns adjudication, a bot's move and the pushed views read or write: the hottest statement, taken
# with a row lock on every action (``services.locking.locked_for_play``, through ``matches.rows.get_row``).
PLAY_FIELDS = ("id", "game", "format_code", "status", "state", "version", "next_seq", "seed_hex", "commitment",
               "decision_seconds", "deadline_at", "outcome", "finished_at", "moved_at", "to_act")


class Match(models.Model):
    """One game between two seats. ``state`` is the engine's JSON state; ``version`` counts applied actions."""

    objects = MatchQuerySet.as_manager()

    class Status(models.TextChoices):
        OPEN = "open", _("open challenge")
        ACTIVE = "active", _("in play")
        FINISHED = "finished", _("finished")
        ABORTED = "aborted", _("aborted")

    game = models.CharField(max_length=32)
    format_code = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN, db_index=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    config = models.JSONField(default=dict, blank=True)
    state = StateField(null=True, blank=True)
    cards = models.JSONField(null=True, blank=True, editable=False)  # state["cards"], stored once at the start
    version = models.PositiveIntegerField(default=0)
    next_seq = models.PositiveIntegerField(default=0)  # the seq of the next event appended (saves a query)
    seed_hex = models.CharField(max_length=64, editable=False)  # secret until the match ends
    commitment = models.CharField(max_length=64, editable=False)  # SHA-256 of the seed, public from creation
    entropy = models.JSONField(default=list, blank=True)
    decision_seconds = models.PositiveIntegerField(null=True, blank=True)  # time control: per decision
    deadline_at = models.DateTimeField(null=True, blank=True)
    outcome = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # When the version last changed (the start, then every applied action) and the seat to act at it ("" when the
    # match is not active): the watchdog (matches.watchdog) finds a bot's turn that nobody took up from these two
    # columns alone, without decoding any state.
    moved_at = models.DateTimeField(null=True, blank=True)
    to_act = models.CharField(max_length=16, blank=True)
    # A challenge (issue 30, point 1): ``listed`` in the lobby's open challenges, or not (an invitation);
    # ``invited``: the one user who may accept it; ``invite_token``: the secret of its invite link
    # (/matches/invite/<token>/), with which anyone (or only ``invited``) may accept an unlisted challenge.
    listed = models.BooleanField(default=True)
    invited = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="match_invitations")
    invite_token = models.CharField(max_length=32, blank=True, db_index=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"{self.game} match {self.pk} ({self.status})"

    @classmethod
    def from_db(cls, db, field_names, values):
        """Put the static card table back into ``state``: from the loaded ``cards`` column, else the
        per-process cache (keyed by id and commitment), else one query for it."""
        match = super().from_db(db, field_names, values)
        state = match.__dict__.get("state")
        if isinstance(state, dict) and STATIC_KEY not in state:
            cards = match.__dict__.get("cards")
            key = _cache_key(match)
            if cards is None and key is not None:
                cards = _CARDS_CACHE.get(key)
            if cards is None:
                cards = Match.objects.using(db).filter(pk=match.pk).values_list("cards", flat=True).first()
            if cards is not None:
                cards = _remember_cards(key, cards) if key is not None else _shared_table(cards)
                match.state = {**state, STATIC_KEY: cards}
        return match

    @property
    def rematch(self) -> dict:
        """The rematch of a finished match (``matches.services.rematch`` writes it): ``{}`` (none asked),
        ``{"offered_by": seat}`` or ``{"match": id}``."""
        found = (self.config or {}).get("rematch")
        return found if isinstance(found, dict) else {}

    @property
    def takeback(self) -> dict:
        """The takeback asked for and not yet answered (``matches.services.takeback`` writes it): ``{}`` (none),
        or ``{"offered_by": seat, "version": V}`` while the match is still at version V (any action applied
        since voids the offer without a write)."""
        found = (self.config or {}).get("takeback")
        if isinstance(found, dict) and found.get("version") == self.version and self.status == self.Status.ACTIVE:
            return found
        return {}

    @property
    def taken_back(self) -> list[tuple[int, int]]:
        """The versions taken back, as inclusive ranges ``[(first, last)]`` in the order they were taken back
        (``matches.services.takeback``): their actions no longer count in the game, the log keeps them."""
        return [(int(first), int(last)) for first, last in (self.config or {}).get("taken_back") or []]

    def result_for(self, seat: str | None) -> str:
        """How the match went for ``seat`` (None: a person not seated): ``"won"``, ``"lost"`` or ``"draw"`` once
        finished (``outcome["winner"]``; none is a draw), else the status (``"open"``, ``"active"``,
        ``"aborted"``). The player page and the data export both read it."""
        if self.status != self.Status.FINISHED:
            return str(self.status)
        winner = (self.outcome or {}).get("winner")
        return "draw" if not winner else "won" if winner == seat else "lost"

    def seat_rows(self) -> list:
        """The match's Seat rows with their users, in seat order. While the match is in play they never change,
        so they are kept in a per-process cache keyed by id and commitment (the hot path: every action and push);
        an open match's seats are read every time (a player may still join), and so are a finished match's: a
        player who deletes their account resigns first, and the pages of the match must then show the neutral
        name at once in every process (``ratings.accounts.close``)."""
        key = _cache_key(self) if self.status == self.Status.ACTIVE else None
        cached = _SEATS_CACHE.get(key) if key else None
        if cached is not None:
            _SEATS_CACHE.move_to_end(key)
            return cached
        rows = list(self.seats.select_related("user"))
        if key:
            _SEATS_CACHE[key] = rows
            while len(_SEATS_CACHE) > _CARDS_CACHE_SIZE:
                _SEATS_CACHE.popitem(last=False)
        return rows

    def save(self, *args, **kwargs):
        """Store the static card table in ``cards`` the first time a state holding it is saved."""
        state = self.state
        if (isinstance(state, dict) and STATIC_KEY in state and "cards" not in self.get_deferred_fields()
                and self.cards is None):
            self.cards = state[STATIC_KEY]
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = [*kwargs["update_fields"], "cards"]
        super().save(*args, **kwargs)


class Seat(models.Model):
    """A seat of a match (``seat`` is the engine's name: ``silver``/``dark``), held by a user or a bot."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=16)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    bot = models.CharField(max_length=16, blank=True)  # "random" or "greedy" for a bot seat
    deck = models.JSONField(default=dict, blank=True)  # the deck or roster as submitted (decklist text, names)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "seat"], name="seat_unique_per_match")]
        ordering = ["id"]

    def __str__(self) -> str:
        holder = self.user.get_username() if self.user_id else f"bot:{self.bot}" if self.bot else "empty"
        return f"{self.seat}: {holder}"


class Submission(models.Model):
    """An action as a player (or bot, or the clock) sent it, before and after adjudication."""

    class Status(models.TextChoices):
        PENDING = "pending"
        APPLIED = "applied"
        REJECTED = "rejected"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="submissions")
    seat = models.CharField(max_length=16)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    source = models.CharField(max_length=16, default="player")  # player | bot | clock | forced | setting
    idempotency_key = models.CharField(max_length=100)
    action = models.JSONField()
    expected_version = models.PositiveIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING, db_index=True)
    error = models.JSONField(null=True, blank=True)  # {"code", "reason", "clause"} when rejected
    applied_version = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    processed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "seat", "idempotency_key"], name="submission_idempotent"),
        ]
        ordering = ["id"]


class Event(models.Model):
    """One entry of a match's append-only log. ``to`` lists the seats entitled to ``data`` during play."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    version = models.PositiveIntegerField()  # the match version this event belongs to (0: setup)
    submission = models.ForeignKey(Submission, null=True, blank=True, on_delete=models.SET_NULL)
    kind = models.CharField(max_length=40)
    # the rule the event applies, as the engine names it ("IL 8.6.3", "Riders' Legend 勝利条件/B8 …"): text of any
    # length (a Riders' Legend clause names its section and the spec's item; 40 characters refused them)
    clause = models.TextField(blank=True)
    data = models.JSONField(default=dict)
    to = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="event_unique_seq")]
        ordering = ["seq"]

    def as_dict(self) -> dict:
        return {"seq": self.seq, "version": self.version, "kind": self.kind, "clause": self.clause,
                "data": self.data, "to": self.to}


class PlaySettings(models.Model):
    """A player's board settings for one game (issue 27, point 3): which recurring decisions the referee makes for
    them, by a rule they chose (``data``: decision kind -> choice, as the game's presenter names them in
    ``Presenter.settings``); a kind not named takes the presenter's default. Always overridable: the board's
    settings form changes them at any time."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="play_settings")
    game = models.CharField(max_length=32)
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="play_settings_unique")]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.game}"

    @staticmethod
    def _cache_key(user_id: int, game: str) -> str:
        return f"play-settings:{user_id}:{game}"

    @classmethod
    def chosen(cls, user_id: int | None, game: str) -> dict:
        """The player's choices for ``game``: decision kind -> choice code (``{}``: the presenter's defaults). Read
        on every decision the settings may answer, so kept in the cache (Redis in production; ``remember``
        replaces it when they change): no statement on the hot path once read."""
        from django.core.cache import cache

        if user_id is None:
            return {}
        key = cls._cache_key(user_id, game)
        found = cache.get(key)
        if found is None:
            found = cls.objects.filter(user_id=user_id, game=game).values_list("data", flat=True).first()
            found = found if isinstance(found, dict) else {}
            cache.set(key, found, timeout=3600)
        return found

    @classmethod
    def remember(cls, user_id: int, game: str, data: dict) -> None:
        """Put a player's new settings in the cache ``chosen`` reads (once they are saved)."""
        from django.core.cache import cache

        cache.set(cls._cache_key(user_id, game), dict(data), timeout=3600)


class Analysis(models.Model):
    """The hard bot's analysis of one seat's decisions in a finished match (issue 28, point 5;
    ``referee.engine.analysis``), made on the bots' queue (``services.analysis``). ``result``: one
    ``Assessment.as_dict()`` per decision with a choice, in order; ``done`` of ``total`` decisions weighed so far."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="analyses")
    seat = models.CharField(max_length=16)
    level = models.CharField(max_length=16, default="hard")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    result = models.JSONField(default=list, blank=True)
    error = models.TextField(blank=True)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "seat"], name="analysis_one_per_seat")]

    def __str__(self) -> str:
        return f"analysis of match {self.match_id}, {self.seat}: {self.status}"

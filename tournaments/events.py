"""Events with people (issue 30, point 2): an organiser creates one, players register with a decklist (checked,
locked when the event starts or at its deadline, shown to others only once it has ended), the organiser fills the
field with bots and starts it, each pairing becomes a refereed match created at once, and each game reports its
own result (``matches.signals.match_finished`` → ``advance``): the next game, the next round, the cut, the end.
Drops, late entries (their missed rounds lost) and the organiser's corrections (logged with a reason) too.

``advance`` is idempotent: it counts each pairing's finished matches afresh, so a signal lost with a dying worker
is made up by the next call (the event's page calls it). Every write of an event takes its row lock first, so two
games ending at once pair the next round once.

Our readings (docs/tournaments.md): a list tied to one side (an Iron Leaguer roster) cannot be registered, since a
pairing seats the two players either way (such events play the standard line-ups); the seats alternate game by
game; a late entry may join until the last Swiss round is paired, with a loss (0-2) for each round already
paired."""

from __future__ import annotations

import hashlib
import secrets

from django.db import transaction
from django.utils import timezone

from matches.adapters import engine_decks
from matches.errors import MatchError
from matches.models import Match
from matches.services import BOTS, SeatSpec, deck_for_seat, match_create, saved_deck_text
from matches.services.creation import deckless_format, deckless_setup
from referee.engine import get_engine

from . import swiss
from .models import Correction, Entry, Pairing, Tournament
from .records import CUT_EXTRA_GAMES, default_rounds, game_seed, played_of, standings_of, winning_entry


class EventError(ValueError):
    """A refused request: ``code`` (for the page's words) and the reason in a sentence."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def _locked(tournament_id: int) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament_id)


def _organiser(tournament: Tournament, user) -> None:
    if tournament.organiser_id != getattr(user, "pk", None):
        raise EventError("not_organiser", "only the event's organiser may do this")


DEFAULT_SECONDS = 120  # an event's clock when the organiser sets none: a no-show must lose, not stall a round


def create_event(*, organiser, name: str, game: str, format_code: str = "", best_of: int = 1, top_cut: int = 0,
                 rounds: int | None = None, decision_seconds: int | None = None,
                 registration_deadline=None, seed: bytes | None = None) -> Tournament:
    """A new event, open for registration. ``format_code``: a deck format of the game (the decks' legality
    check) or a format played without decks (a draft); empty: the game's first format. ``rounds`` None: ceil(log2
    entrants) when it starts. ``decision_seconds`` None: ``DEFAULT_SECONDS`` (every event has a clock, so an
    entrant who never shows loses by it and the round ends). ``seed``: the event's secret seed (32 bytes; None,
    every event made on the site: fresh from the OS), from which its lots and its games' seeds are drawn.
    EventError names a bad value."""
    from decks.models import Format

    try:
        get_engine(game)
    except KeyError as exc:
        raise EventError("unknown_game", str(exc.args[0])) from exc
    name = (name or "").strip()
    if not name or len(name) > 120:
        raise EventError("bad_name", "an event needs a name of 1 to 120 characters")
    if deckless_format(game, format_code) is None:
        formats = Format.objects.filter(game__code=game)
        chosen = formats.filter(code=format_code).first() if format_code else formats.order_by("code").first()
        if chosen is None:
            raise EventError("unknown_format", f"there is no {game} format called {format_code!r}")
        format_code = chosen.code
    if best_of not in (1, 3):
        raise EventError("bad_best_of", "a match is best of 1 or 3")
    if top_cut not in (0, 2, 4, 8):
        raise EventError("bad_top_cut", "a top cut is of 0 (none), 2, 4 or 8 players")
    if rounds is not None and not 1 <= rounds <= 20:
        raise EventError("bad_rounds", "from 1 to 20 Swiss rounds")
    if decision_seconds is not None and not 5 <= decision_seconds <= 86400:
        raise EventError("bad_clock", "from 5 to 86400 seconds per decision")
    return Tournament.objects.create(
        name=name, game=game, format_code=format_code, organiser=organiser, rounds=rounds or 0, best_of=best_of,
        top_cut=top_cut, decision_seconds=decision_seconds or DEFAULT_SECONDS,
        registration_deadline=registration_deadline,
        seed_hex=(seed or secrets.token_bytes(32)).hex(), status=Tournament.Status.REGISTERING)


def locked_lists(tournament: Tournament) -> bool:
    """Decklists are locked once the event has started or its deadline has passed."""
    deadline = tournament.registration_deadline
    return tournament.status != Tournament.Status.REGISTERING or (deadline is not None and timezone.now() >= deadline)


def _deck(tournament: Tournament, user, deck: str, deck_id) -> dict:
    """What an entrant keeps of their list, checked by the decks feature (``deck_for_seat``); an empty list plays
    the game's standard line-up or sample deck, as in the lobby. A list tied to one side (an Iron Leaguer
    roster) is refused: a pairing seats the players either way."""
    if deckless_format(tournament.game, tournament.format_code) is not None:
        if deck.strip() or deck_id not in (None, ""):
            raise EventError("deckless", "this event is played without decklists")
        return {}
    fmt = tournament.format_code
    if deck_id not in (None, ""):
        deck, fmt = saved_deck_text(user=user, game=tournament.game, deck_id=deck_id)
        if fmt != tournament.format_code:
            raise EventError("wrong_format", f"that deck is for the format {fmt}, not {tournament.format_code}")
    if not deck.strip():
        return {}
    try:
        return deck_for_seat(game=tournament.game, format_code=fmt, text=deck, seat="")
    except MatchError as exc:
        if exc.code == "wrong_side":
            raise EventError("sided", "a roster tied to one side cannot be registered (a pairing seats the "
                                      "players either way): leave the list empty for the standard line-ups") from exc
        raise


def entry_lot(tournament: Tournament, name: str) -> int:
    """An entrant's lot (the last tiebreak and the first round's order), drawn from the event's seed."""
    digest = hashlib.sha256(bytes.fromhex(tournament.seed_hex) + name.encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1  # 31 bits: the column is a PostgreSQL integer


def register(*, tournament_id: int, user, deck: str = "", deck_id=None) -> Entry:
    """``user`` enters the event with a decklist, or changes their list while the lists are not locked. After
    the start: a late entry, with a loss for each round already paired (until the last Swiss round is paired).
    EventError: finished event, lists locked (a change after the lock), a list refused (MatchError's reasons
    are passed on as ``illegal_deck`` and the like)."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status == Tournament.Status.FINISHED:
            raise EventError("finished", "the event is over")
        entry = tournament.entries.filter(user=user).first()
        if entry is not None and locked_lists(tournament):
            raise EventError("locked", "the decklists are locked: the event has started or its deadline passed")
        kept = _deck(tournament, user, deck, deck_id)
        if entry is not None:  # a change of list before the lock
            entry.deck = kept
            entry.save(update_fields=["deck"])
            return entry
        paired = _last_swiss_round(tournament)
        if tournament.status == Tournament.Status.REGISTERING and locked_lists(tournament):
            raise EventError("closed", "registration closed at the deadline; late entries open once the event runs")
        if tournament.status == Tournament.Status.RUNNING and paired >= tournament.rounds:
            raise EventError("too_late", "the last Swiss round is already paired: entries are closed")
        name = user.get_username()
        entry = Entry.objects.create(tournament=tournament, user=user, name=name, deck=kept,
                                     lot=entry_lot(tournament, name), joined_round=paired + 1)
        for missed in range(1, paired + 1):  # a late entry: each round already paired lost 0-2
            Pairing.objects.create(tournament=tournament, round=missed, table=_next_table(tournament, missed),
                                   p1=entry, wins1=0, wins2=2, done=True)
        return entry


def _next_table(tournament: Tournament, round_no: int) -> int:
    return (tournament.pairings.filter(round=round_no).order_by("-table").values_list("table", flat=True)
            .first() or 0) + 1


def add_bots(*, tournament_id: int, by, kind: str, count: int) -> list[Entry]:
    """The organiser fills the field with ``count`` bots of ``kind`` before the start."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        _organiser(tournament, by)
        if tournament.status != Tournament.Status.REGISTERING:
            raise EventError("started", "bots join before the start")
        if kind not in BOTS or not 1 <= count <= 64:
            raise EventError("bad_bots", f"from 1 to 64 bots of a kind: {', '.join(BOTS)}")
        taken = set(tournament.entries.values_list("name", flat=True))
        made = []
        n = 0
        while len(made) < count:
            n += 1
            name = f"{kind}-{n:02d}"
            if name not in taken:
                made.append(Entry.objects.create(tournament=tournament, bot=kind, name=name,
                                                 lot=entry_lot(tournament, name)))
        return made


def start(*, tournament_id: int, by) -> Tournament:
    """The organiser starts the event: the lists lock, the rounds are fixed and round 1 is paired, each pairing a
    match started at once."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        _organiser(tournament, by)
        if tournament.status != Tournament.Status.REGISTERING:
            raise EventError("started", "the event has already started")
        count = tournament.entries.count()
        if count < 2:
            raise EventError("too_few", "an event needs at least two entrants")
        if tournament.top_cut > count:
            raise EventError("bad_top_cut", f"a top {tournament.top_cut} cut needs at least that many entrants")
        tournament.rounds = tournament.rounds or default_rounds(count)
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["rounds", "status"])
        _pair_swiss(tournament, 1)
    return tournament


def drop(*, tournament_id: int, by, entry_id: int) -> Entry:
    """An entrant (themself, or the organiser) drops: not paired again; a match in play goes on (resign it to
    concede). Before the start the entry is withdrawn."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        entry = tournament.entries.get(pk=entry_id)
        if getattr(by, "pk", None) not in (entry.user_id, tournament.organiser_id):
            raise EventError("not_yours", "only the entrant or the organiser may drop an entry")
        if tournament.status == Tournament.Status.FINISHED:
            raise EventError("finished", "the event is over")
        if tournament.status == Tournament.Status.REGISTERING:
            entry.delete()
            return entry
        entry.dropped_after = _last_swiss_round(tournament)
        entry.save(update_fields=["dropped_after"])
        return entry


def correct(*, tournament_id: int, by, pairing_id: int, wins1: int, wins2: int, draws: int, reason: str
            ) -> Pairing:
    """The organiser corrects a Swiss result, logged with ``reason`` (``Correction``). Refused once a later round
    has been paired from it (it would have paired differently): EventError ``already_paired`` says so."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        _organiser(tournament, by)
        pairing = tournament.pairings.get(pk=pairing_id)
        if not (reason or "").strip():
            raise EventError("no_reason", "say why the result is corrected")
        if min(wins1, wins2, draws) < 0 or wins1 + wins2 + draws > 9:
            raise EventError("bad_result", "games won and drawn: from 0 to 9 in all")
        if tournament.pairings.filter(round__gt=pairing.round).exists():
            raise EventError("already_paired", f"round {pairing.round + 1} has been paired from this result: a "
                                               "correction now would change pairings already played")
        before = {"wins1": pairing.wins1, "wins2": pairing.wins2, "draws": pairing.draws}
        pairing.wins1, pairing.wins2, pairing.draws, pairing.done = wins1, wins2, draws, True
        pairing.save()
        Correction.objects.create(pairing=pairing, by=by, reason=reason.strip(), before=before,
                                  after={"wins1": wins1, "wins2": wins2, "draws": draws})
        _advance_locked(tournament)
        return pairing


# -- the flow ----------------------------------------------------------------------------------------------------

def _last_swiss_round(tournament: Tournament) -> int:
    return (tournament.pairings.filter(stage=Pairing.Stage.SWISS).order_by("-round").values_list("round", flat=True)
            .first() or 0)


def _pair_swiss(tournament: Tournament, round_no: int) -> None:
    ranked = standings_of(tournament)
    playing = {e.name: e for e in tournament.entries.all()
               if e.dropped_after is None and e.joined_round <= round_no}
    names = [s.player for s in ranked if s.player in playing]
    if round_no == 1:
        names.sort(key=lambda n: playing[n].lot)
    if len(names) < 2:
        _finish(tournament)
        return
    pairs = swiss.pair(names, played_of(tournament), {s.player: s.points for s in ranked})
    table = _next_table(tournament, round_no)
    for a, b in pairs:
        pairing = Pairing.objects.create(tournament=tournament, round=round_no, table=table, p1=playing[a],
                                         p2=playing[b] if b else None)
        table += 1
        if b is None:
            pairing.wins1, pairing.wins2, pairing.done = *swiss.BYE_GAMES, True
            pairing.save()
        else:
            _start_game(tournament, pairing, 1)
    _advance_locked(tournament)  # a round of byes alone, or bots that finished in-process


def _start_game(tournament: Tournament, pairing: Pairing, number: int) -> None:
    """Game ``number`` of a pairing: a refereed match with the entrants' lists, seats alternating, rated when
    two people play."""
    engine = get_engine(tournament.game)
    first, second = (pairing.p1, pairing.p2) if number % 2 else (pairing.p2, pairing.p1)
    assert first is not None and second is not None
    seated = dict(zip(engine.seats, (first, second), strict=True))
    deckless = deckless_format(tournament.game, tournament.format_code)
    config = None
    if deckless is not None:
        config, decks = deckless_setup(tournament.game, deckless, tournament.format_code, "")
    else:
        decks = engine_decks(tournament.game, {seat: e.deck for seat, e in seated.items()})
    people = all(e.user_id for e in seated.values())
    match = match_create(
        game=tournament.game, config=config, decks=decks, format_code=tournament.format_code,
        decision_seconds=tournament.decision_seconds, rated=people,
        seed=game_seed(tournament, pairing.round, pairing.table, number),
        seats=[SeatSpec(seat=seat, user_id=e.user_id, bot=e.bot, deck=e.deck) for seat, e in seated.items()])
    Match.objects.filter(pk=match.pk).update(config={**Match.objects.get(pk=match.pk).config,
                                                     "tournament": {"id": tournament.pk, "pairing": pairing.pk,
                                                                    "seats": {s: e.pk for s, e in seated.items()}}})
    pairing.matches.add(match)


def _count(pairing: Pairing) -> None:
    """The pairing's games won and drawn, counted afresh from its finished matches."""
    wins1 = wins2 = draws = 0
    for match in pairing.matches.filter(status=Match.Status.FINISHED):
        entry = winning_entry(match)
        if entry is None:
            draws += 1
        elif entry == pairing.p1_id:
            wins1 += 1
        else:
            wins2 += 1
    pairing.wins1, pairing.wins2, pairing.draws = wins1, wins2, draws


def _decided(tournament: Tournament, pairing: Pairing) -> bool:
    need = tournament.best_of // 2 + 1
    played = pairing.wins1 + pairing.wins2 + pairing.draws
    most = tournament.best_of + (CUT_EXTRA_GAMES if pairing.stage == Pairing.Stage.CUT else 0)
    return pairing.wins1 >= need or pairing.wins2 >= need or played >= most


def advance(tournament_id: int) -> None:
    """Record what has finished and go on (the module docstring); nothing when nothing has."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.status == Tournament.Status.RUNNING:
            _advance_locked(tournament)


def _advance_locked(tournament: Tournament) -> None:
    for pairing in tournament.pairings.filter(done=False).select_related("p1", "p2"):
        if pairing.matches.exclude(status__in=(Match.Status.FINISHED, Match.Status.ABORTED)).exists():
            continue  # a game still in play
        _count(pairing)
        if _decided(tournament, pairing):
            pairing.done = True
            pairing.save()
        else:
            pairing.save()
            _start_game(tournament, pairing, pairing.matches.count() + 1)
    if tournament.pairings.filter(done=False).exists():
        return
    last = tournament.pairings.order_by("-round").first()
    if last is None:
        return
    if last.stage == Pairing.Stage.SWISS and last.round < tournament.rounds:
        _pair_swiss(tournament, last.round + 1)
    elif last.stage == Pairing.Stage.SWISS and tournament.top_cut:
        _pair_cut(tournament, last.round + 1, None)
    elif last.stage == Pairing.Stage.CUT and tournament.pairings.filter(round=last.round).count() > 1:
        _pair_cut(tournament, last.round + 1, list(tournament.pairings.filter(round=last.round)))
    else:
        _finish(tournament)


def _winner(pairing: Pairing) -> Entry:
    return pairing.p2 if pairing.wins2 > pairing.wins1 and pairing.p2 else pairing.p1  # level: the higher seed


def _pair_cut(tournament: Tournament, round_no: int, previous: list[Pairing] | None) -> None:
    """The cut's next round: its first from the standings (the players still in; a cut short of players after
    drops is the largest bracket of 8, 4 or 2 that they fill), else the winners of ``previous``. Fewer than two
    players left: the event ends (a tester's find: it used to try again without end)."""
    entries = {e.name: e for e in tournament.entries.all()}
    seeds = [entries[s.player] for s in standings_of(tournament)
             if entries[s.player].dropped_after is None][:tournament.top_cut]
    if previous is None:
        size = next((k for k in (8, 4, 2) if k <= len(seeds)), 0)
        seeds = seeds[:size]
        alive = [seeds[i - 1] for pair in swiss.bracket(size) for i in pair] if size else []
    else:
        alive = [_winner(p) for p in sorted(previous, key=lambda p: p.table)]
    if len(alive) < 2:
        _finish(tournament)
        return
    order = {e.pk: i for i, e in enumerate(seeds)}
    for table, i in enumerate(range(0, len(alive) - 1, 2), start=1):
        a, b = alive[i], alive[i + 1]
        high, low = (a, b) if order.get(a.pk, 99) < order.get(b.pk, 99) else (b, a)
        pairing = Pairing.objects.create(tournament=tournament, round=round_no, table=table, p1=high, p2=low,
                                         stage=Pairing.Stage.CUT)
        _start_game(tournament, pairing, 1)
    _advance_locked(tournament)


def _finish(tournament: Tournament) -> None:
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = timezone.now()
    tournament.save(update_fields=["status", "finished_at"])


def on_match_finished(sender, match_id: int, **kwargs) -> None:
    """``matches.signals.match_finished``: the event of a tournament game goes on."""
    tournament_id = (Pairing.objects.filter(matches=match_id).values_list("tournament_id", flat=True).first())
    if tournament_id is not None:
        advance(tournament_id)

"""When a takeback is allowed (issue 27, point 4; docs/matches.md "Takebacks"): the reads behind the board's "Take
back" and ``matches.services.takeback``, which writes. The game's presenter (``matches.boards.presenter_for``) is
passed in: it names the events that are new hidden information, and this module imports neither the boards nor the
services (each imports it).
"""

from __future__ import annotations

from django.core.cache import cache

from referee.engine import RngSeed, get_engine
from referee.engine.protocol import views_of

from .models import STATIC_KEY, Match, Submission
from .selectors import TAKEBACK_KIND, counts

# Why a takeback is not allowed: the ``details`` code of a Conflict ``not_allowed``, and its reason.
RATED = "rated"
NOT_ACTIVE = "not_active"
NO_DECISION = "no_decision"
HIDDEN = "hidden_information"
WHY = {
    RATED: "takebacks are for casual matches only, and this match is rated",
    NOT_ACTIVE: "the match is not in play",
    NO_DECISION: "you have no decision of your own to take back",
    HIDDEN: "new hidden information has appeared since your last decision (a card drawn or looked at, a shuffle, "
            "a die, a card turned face up)",
}
CHECK_SECONDS = 600  # how long the board keeps the answer for one (match, version, seat); a version never changes


def takebacks_allowed(match: Match) -> str:
    """The one place that says whether a match allows takebacks at all: ``""`` for a casual match, ``"rated"``
    for a rated or tournament match (``config["rated"]``, False unless a tournament sets it)."""
    return RATED if (match.config or {}).get("rated") else ""


def takeback_problem(match: Match, seat: str, presenter) -> tuple[int | None, dict | None, str]:
    """Whether ``seat`` may take back its last decision now: ``(its version, the engine state before it, "")``,
    or ``(None, None, why)`` with ``why`` one of ``WHY``'s codes. Cheap checks first: the rated flag, the status,
    the decision, the events after it (``_hidden_in_events``); then the game is replayed (``replayed``): the RNG
    counter before the decision compared with the current one (a die or shuffle at or after the decision moved
    it), and the cards ``seat``'s view showed after it with those it showed before (a card it had not seen: a
    choice among the top cards of a deck, a card the other side played from its hand). ``presenter``: the game's
    board presenter (``reveals``, ``own_secret_kinds``)."""
    why = takebacks_allowed(match) or ("" if match.status == Match.Status.ACTIVE else NOT_ACTIVE)
    if why:
        return None, None, why
    ranges = match.taken_back
    decisions = (match.submissions.filter(seat=seat, status=Submission.Status.APPLIED, source="player")
                 .order_by("-applied_version").values_list("applied_version", flat=True))
    version = next((v for v in decisions if counts(v, ranges)), None)
    if version is None:
        return None, None, NO_DECISION
    engine = get_engine(match.game)
    if _hidden_in_events(match, version, ranges, presenter):
        return None, None, HIDDEN
    before, seen = replayed(match, engine, version, seat)
    if (before.get("rng") or {}).get("counter") != (match.state.get("rng") or {}).get("counter"):
        return None, None, HIDDEN
    if seen - _cards_seen(engine, before, seat):
        return None, None, HIDDEN
    return version, before, ""


def _cards_seen(engine, state: dict, seat: str) -> set[str]:
    """The ids of the cards ``seat``'s view of ``state`` shows (each engine's view lists them under ``"cards"``,
    with their faces)."""
    return set(views_of(engine, state, [seat])[seat].get("cards") or {})


def takeback_why_not(match: Match, seat: str | None, presenter) -> str:
    """``takeback_problem``'s ``why`` for the board ("" when the button is offered), kept per (match, version,
    seat) in the cache: the board asks on every render and the answer needs a replay."""
    if seat is None or match.status != Match.Status.ACTIVE:
        return NOT_ACTIVE
    key = f"takeback:{match.pk}:{match.commitment}:{match.version}:{seat}"
    found = cache.get(key)
    if found is None:
        found = takeback_problem(match, seat, presenter)[2]
        cache.set(key, found, timeout=CHECK_SECONDS)
    return found


def _hidden_in_events(match: Match, version: int, ranges: list[tuple[int, int]], presenter) -> bool:
    """True when an event still counting from ``version`` on is new hidden information: addressed to some seats
    only and not a seat's own secret told back to it, or turning a card face up (the presenter's
    ``own_secret_kinds``, ``reveals``)."""
    seats = set(get_engine(match.game).seats)
    for event in match.events.filter(version__gte=version).exclude(kind=TAKEBACK_KIND).values(
            "version", "kind", "clause", "data", "to"):
        if not counts(event["version"], ranges):
            continue
        private = bool(event["to"]) and not seats <= set(event["to"])
        if (private and event["kind"] not in presenter.own_secret_kinds) or presenter.reveals(event):
            return True
    return False


def replayed(match: Match, engine, version: int, seat: str) -> tuple[dict, set[str]]:
    """``(the engine state of match before its action at version, the ids of the cards seat's view showed from
    then on)``: the game set up again from the seed, the entropy, the config and the decks, and every applied
    action still counting replayed through the engine (deterministic), the view of ``seat`` read after each one
    from ``version`` on."""
    config = match.config or {}
    rng = RngSeed(bytes.fromhex(match.seed_hex), tuple(match.entropy))
    state, _ = engine.new_game(config.get("engine", {}), config.get("decks", {}), rng)
    ranges = match.taken_back
    before, seen = None, set()
    for applied, action in (match.submissions.filter(status=Submission.Status.APPLIED)
                            .order_by("applied_version").values_list("applied_version", "action")):
        if not counts(applied, ranges):
            continue
        if applied >= version and before is None:
            before = state
        state, _ = engine.apply(state, action)
        if before is not None:
            seen |= _cards_seen(engine, state, seat)
    before = state if before is None else before
    if isinstance(match.state, dict) and STATIC_KEY in match.state:  # the match's shared card table, same content
        before = {**before, STATIC_KEY: match.state[STATIC_KEY]}
    return before, seen

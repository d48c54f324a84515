"""Match use cases (writes), one module per use case: create, join, challenge and start (``creation``, with the
deck a seat brings in ``seat_decks``), submit an action (``submission``), adjudicate (``adjudication``), bots'
moves (``bots``), the clock (``clock``), resign and withdraw (``ending``), a rematch (``rematch``), a takeback
(``takeback``), and what a worker that starts queues again (``recovery``). What they share: the match read
under its row lock (``locking``), what every step that moves a match writes (``progress``) and the hand-off after
its commit (``handoff``). The names callers use are imported here: ``from matches.services import match_submit_action``.

The layer knows no game: it calls the engine protocol of ``referee.engine`` (``get_engine(match.game)``).
Adjudication follows ARCHITECTURE.md "Matches and the referee": submissions are stored as pending, then one task
locks the match row, applies them in version order through the engine, appends the events, stores the new state
and version, and (after commit) pushes every seat its view.
"""

from ..takeback_rules import takebacks_allowed
from .adjudication import match_adjudicate
from .analysis import AnalysisRefused, match_analyse, match_request_analysis
from .bots import BOT_SEED_DOMAIN, BOTS, CHAIN_SECONDS, bot_seed, match_bot_chain, match_bot_move
from .clock import FORFEIT_AFTER_TIMEOUTS, match_apply_deadline, match_apply_overdue_deadline
from .creation import SeatSpec, match_challenge, match_create, match_join
from .ending import match_resign, match_withdraw
from .locking import seat_of
from .play_settings import save_play_settings
from .recovery import match_resume_all
from .rematch import match_rematch
from .seat_decks import deck_for_seat, saved_deck_text
from .submission import MAX_PENDING_PER_SEAT, MAX_VERSION_AHEAD, match_submit_action
from .takeback import match_takeback, match_takeback_decline

__all__ = [
    "AnalysisRefused",
    "BOTS",
    "BOT_SEED_DOMAIN",
    "CHAIN_SECONDS",
    "FORFEIT_AFTER_TIMEOUTS",
    "MAX_PENDING_PER_SEAT",
    "MAX_VERSION_AHEAD",
    "SeatSpec",
    "bot_seed",
    "deck_for_seat",
    "match_adjudicate",
    "match_analyse",
    "match_apply_deadline",
    "match_apply_overdue_deadline",
    "match_bot_chain",
    "match_bot_move",
    "match_challenge",
    "match_create",
    "match_rematch",
    "match_request_analysis",
    "save_play_settings",
    "match_join",
    "match_resign",
    "match_resume_all",
    "match_submit_action",
    "match_takeback",
    "match_takeback_decline",
    "match_withdraw",
    "saved_deck_text",
    "seat_of",
    "takebacks_allowed",
]

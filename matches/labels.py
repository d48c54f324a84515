"""Words for the codes of the matches layer: games, match statuses, bots and the error codes of
``matches.errors`` (the engines' rule codes get one sentence naming the clause). A person never reads a code."""

from __future__ import annotations

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from referee import registry

# Each bot's name as a seat shows it (referee.engine.bots.KINDS): the search bot's levels first (issue 28).
BOTS = {"hard": _lazy("bot (hard)"), "normal": _lazy("bot (normal)"), "easy": _lazy("bot (easy)"),
        "greedy": _lazy("bot (greedy)"), "random": _lazy("bot (random)")}
# The lobby's and the API's choice of an opponent bot, strongest first.
BOT_CHOICES = {"hard": _lazy("Bot (hard: searches ahead)"), "normal": _lazy("Bot (normal)"),
               "easy": _lazy("Bot (easy)"), "greedy": _lazy("Bot (greedy: the best move now)"),
               "random": _lazy("Bot (random)")}

ERRORS = {
    "bad_request": _lazy("The request could not be read."),
    "malformed": _lazy("The action could not be read."),
    "unknown_game": _lazy("This game cannot be played online yet."),
    "not_playable": _lazy("This game cannot be played online yet."),
    "unknown_seat": _lazy("Choose one of the game's sides."),
    "unknown_bot": _lazy("Choose one of the bots offered."),
    "bad_seed": _lazy("The seed is not valid."),
    "not_open": _lazy("This challenge is no longer open."),
    "already_seated": _lazy("You already hold a seat in this match."),
    "no_free_seat": _lazy("Every seat of this match is taken."),
    "not_found": _lazy("There is no such match."),
    "bad_idempotency_key": _lazy("The request could not be read."),
    "bad_version": _lazy("The request could not be read."),
    "not_active": _lazy("The match is not in play."),
    "stale_version": _lazy("The board had moved on before your action arrived; here is the board as it is now."),
    "version_ahead": _lazy("That action is ahead of the match; here is the board as it is now."),
    "idempotency_key_reused": _lazy("This action was already sent."),
    "no_seat": _lazy("The request could not be read."),
    "not_a_player": _lazy("You do not hold a seat in this match."),
    "not_your_seat": _lazy("You can only act for your own side."),
    "not_your_turn": _lazy("It is not your turn."),
    "unreadable_deck": _lazy("The decklist could not be read."),
    "wrong_game": _lazy("The decklist is for another game."),
    "illegal_deck": _lazy("The deck is not legal for this match."),
    "wrong_side": _lazy("The roster is for the other side."),
    "unknown_deck": _lazy("Choose one of your decks or a sample deck."),
    "deck_refused": _lazy("The referee cannot play this deck yet."),
    "not_creator": _lazy("Only the player who opened the challenge can withdraw it."),
    "too_many_pending": _lazy("Several of your actions are still being refereed; wait for them."),
    "not_finished": _lazy("A rematch can be asked for once the match is over."),
    "bad_setting": _lazy("That setting is not one this game offers."),
    "not_allowed": _lazy("No takeback now."),
    "no_takeback": _lazy("No takeback is waiting for an answer."),
    "deckless": _lazy("This format is played without a deck: leave the saved deck and the decklist empty."),
    "unknown_set": _lazy("Choose one of the sets offered for the draft."),
    "rated_bot": _lazy("A match against a bot is casual: only matches between people are rated."),
    "unknown_format": _lazy("There is no such format for this game."),
    "invitee_unused": _lazy("A player’s name goes with “A player by name”: choose it, or leave the name empty."),
    "unknown_player": _lazy("There is no player by that name: check the user name."),
    "self_challenge": _lazy("You cannot challenge yourself."),
    "invited_only": _lazy("This challenge is for another player."),
    "invite_only": _lazy("This challenge is by invitation: accept it from its invite link."),
}

# Why a takeback is not allowed (matches.services.takeback.WHY: the ``details`` code of a ``not_allowed``).
TAKEBACK_WHY = {
    "rated": _lazy("Takebacks are for casual matches only: this match is rated."),
    "not_active": _lazy("The match is not in play."),
    "no_decision": _lazy("You have no decision of your own to take back."),
    "hidden_information": _lazy("No takeback: new hidden information has appeared since your last decision (a card "
                                "drawn or looked at, a shuffle, a die, a card turned face up)."),
}


def takeback_error(exc) -> str:
    """The sentence for a refused takeback (a ``MatchError``): why, when it says (``details``), else its code's."""
    why = next((d.get("code") for d in exc.details or []), None)
    return str(TAKEBACK_WHY[why]) if why in TAKEBACK_WHY else error_label(exc.code, exc.clause)

# Codes whose English reason carries the details a player needs (the deck checks' own sentences).
WITH_REASON = {"illegal_deck", "unreadable_deck", "deck_refused"}


def error_label(code: str, clause: str = "", reason: str = "") -> str:
    """The sentence for an error ``code``; a rule code of an engine names its ``clause``. ``reason`` (the
    service's own sentence) is added only where it lists details (a deck's illegal entries)."""
    known = ERRORS.get(code)
    if known is None:
        text = (_("The rules do not allow this action (rule %(clause)s).") % {"clause": clause} if clause
                else _("The referee refused this action."))
    else:
        text = str(known)
    if reason and code in WITH_REASON:
        text = f"{text}{'' if text.endswith('。') else ' '}{reason}"  # no space after a Japanese full stop
    return text


def game_label(code: str) -> str:
    """A game's name in the reader's language (its spec's ``name`` in ``referee.registry``); "?" when unknown."""
    if not registry.is_game(code):
        return _("?")
    return registry.spec(code).label((get_language() or "").startswith("ja"))

"""Template filters for the match pages: labels for the codes a match row carries (game, seat, outcome)."""

from django import template

from ..boards import presenter_for
from ..boards.presenter import BoardInput
from ..labels import game_label as _game_label

register = template.Library()


@register.filter
def get_item(mapping, key):
    """``mapping|get_item:key`` → ``mapping[key]`` or None."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def game_label(code: str) -> str:
    """``match.game|game_label`` → the game's name in the reader's language ("Iron Leaguer" / "アイアンリーガー")."""
    return _game_label(code)


@register.filter
def bot_label(kind: str) -> str:
    """``seat.bot|bot_label`` → the bot's name in the reader's language ("bot (hard)" / "ボット（上級）")."""
    from ..labels import BOTS

    return str(BOTS.get(kind, kind))


@register.filter
def seat_label(seat: str, game: str) -> str:
    """``seat.seat|seat_label:match.game`` → the side's name in the reader's language."""
    return presenter_for(game).seat_label(seat)


@register.filter
def outcome_text(match) -> str:
    """The end of ``match`` in one sentence ("Silver Castle wins: two World Tour wins.")."""
    data = BoardInput(match=match, view={"outcome": match.outcome or {}}, state={}, seat=None, names={})
    return presenter_for(match.game).outcome(data)


@register.simple_tag
def viewer_summary(match, user) -> dict:
    """``{% viewer_summary m user as s %}``: a row of "My matches" from the viewer's side — ``side`` (their seat's
    name, or "" when they only watch their bot match), ``opponent`` (the other seat's player or bot),
    ``result`` ("Won", "Lost", "No winner", "Your turn", "Opponent's turn", "Waiting for an opponent") and
    ``tone`` (a Bulma colour for the tag)."""
    from django.utils.translation import gettext as _

    rows = list(match.seats.all())
    mine = next((s for s in rows if s.user_id == getattr(user, "pk", None)), None)
    others = [s for s in rows if s is not mine]

    def who(seat) -> str:
        if seat.user_id:
            return seat.user.get_username()
        from ..labels import BOTS

        return str(BOTS[seat.bot]) if seat.bot in BOTS else _("free seat")

    opponent = ", ".join(who(s) for s in others) if mine else " – ".join(who(s) for s in rows)
    outcome = match.outcome or {}
    if match.status == "open":
        result, tone = _("Waiting for an opponent"), "info"
    elif match.status in ("finished", "aborted"):
        if not mine or not outcome.get("winner"):
            result, tone = _("No winner") if not outcome.get("winner") else _("Finished"), "light"
        elif outcome["winner"] == mine.seat:
            result, tone = _("Won"), "success"
        else:
            result, tone = _("Lost"), "danger"
    elif mine and match.to_act == mine.seat:
        result, tone = _("Your turn"), "warning"
    else:
        result, tone = _("Opponent's turn") if mine else _("In play"), "light"
    side = presenter_for(match.game).seat_label(mine.seat) if mine else ""
    return {"side": side, "opponent": opponent, "result": result, "tone": tone}

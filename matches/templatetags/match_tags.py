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
    """``"iron_leaguer"|game_label`` → "Iron Leaguer" / "アイアンリーガー"."""
    return _game_label(code)


@register.filter
def seat_label(seat: str, game: str) -> str:
    """``seat.seat|seat_label:match.game`` → the side's name in the reader's language."""
    return presenter_for(game).seat_label(seat)


@register.filter
def outcome_text(match) -> str:
    """The end of ``match`` in one sentence ("Silver Castle wins: two World Tour wins.")."""
    data = BoardInput(match=match, view={"outcome": match.outcome or {}}, state={}, seat=None, names={})
    return presenter_for(match.game).outcome(data)

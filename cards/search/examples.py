"""Each game's example searches: the search box's placeholder and the clickable examples under it.

Every query here is checked against the game's keys by ``tests/cards/test_catalogue_pages.py`` (and finds cards
in the seed catalogue), so an example never teaches a key the game does not have.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

EXAMPLES: dict[str, tuple[tuple[str, str], ...]] = {
    "legions": (
        ("t:minion c:red atk>=2", _("Red minions with ATK 2 or more")),
        ("c:red/green", _("Cards of the red and green class")),
        ("t:lord cc<=3 order:-atk", _("Lords with CC 3 or less, strongest first")),
        ("kw:速攻", _("Cards with Haste (速攻) in their abilities")),
    ),
    "riders_legend": (
        ("align:evil faction:ショッカー op>=2", _("Shocker cards with operation power 2 or more")),
        ("t:character order:-atk", _("Characters, highest attack first")),
        ("t:mission req<=3", _("Missions needing operation power 3 or less")),
    ),
    "iron_leaguer": (
        ("aff:dark heart>=3", _("Dark Sports ILs with heart 3 or more")),
        ("t:technique timing:defence period=1", _("Defence techniques of the first period")),
        ("t:il kind:leg order:-body", _("ILs with leg techniques, highest body first")),
    ),
}


def examples(game_code: str) -> tuple[tuple[str, str], ...]:
    """``(query, description)`` pairs for ``game_code`` (the description translated when read); ``()`` for a
    game without examples."""
    return EXAMPLES.get(game_code, ())

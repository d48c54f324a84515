"""How much of a real product the catalogue holds: "58 of 198 kinds catalogued" (issue 29, point 3).

``CardSet.kinds`` is the product's number of kinds as its source gives it (the rules documents' product tables,
種類数); ``CardSet.objects.with_coverage()`` counts the set's cards. A set whose kinds no source gives says how
many cards it holds and that the number of kinds is unknown.
"""

from __future__ import annotations

from django.utils.translation import ngettext

from .models import CardSet


def coverage_text(card_set: CardSet) -> str:
    """One line for a set annotated by ``with_coverage()``, in the active language: "23 of 110 kinds
    catalogued" (its real cards: invented ones are no kind of the product), "0 of 63 kinds catalogued", or
    "46 cards catalogued; number of kinds unknown"."""
    count = card_set.real_count
    if card_set.kinds:
        return ngettext("%(count)d of %(kinds)d kind catalogued", "%(count)d of %(kinds)d kinds catalogued",
                        card_set.kinds) % {"count": count, "kinds": card_set.kinds}
    return ngettext("%(count)d card catalogued; number of kinds unknown",
                    "%(count)d cards catalogued; number of kinds unknown", count) % {"count": count}


def invented_text(card_set: CardSet) -> str:
    """"and 21 cards invented for play" when the set holds invented cards (not counted as kinds), else ""."""
    if not card_set.invented_count:
        return ""
    return ngettext("and %(count)d card invented for play", "and %(count)d cards invented for play",
                    card_set.invented_count) % {"count": card_set.invented_count}


def percent(card_set: CardSet) -> int | None:
    """The coverage as a whole percentage for a progress bar (None without kinds)."""
    share = card_set.coverage
    return None if share is None else round(share * 100)


__all__ = ["coverage_text", "invented_text", "percent"]

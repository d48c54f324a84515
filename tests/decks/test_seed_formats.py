"""``loadseeds`` and the seed formats: a seed creates a missing format and never overwrites admin edits."""

from __future__ import annotations

import io

from django.core.management import call_command

from decks.models import Deck, Format, FormatCardLimit


def _admin_edits_legions_standard() -> Format:
    fmt = Format.objects.get(code="legions_standard")
    fmt.copy_limit = 2
    fmt.rules = {"opening_hand": 6, "mulligans": 1}
    fmt.save()
    FormatCardLimit.objects.create(format=fmt, card_name="下忍カスミ", limit=0, note="banned in the admin")
    return fmt


def test_loadseeds_again_keeps_a_formats_admin_edits_and_its_banned_list(seeded):
    _admin_edits_legions_standard()
    out = io.StringIO()
    call_command("loadseeds", stdout=out)
    fmt = Format.objects.get(code="legions_standard")
    assert (fmt.copy_limit, fmt.rules) == (2, {"opening_hand": 6, "mulligans": 1})
    assert list(fmt.limits.values_list("card_name", "limit")) == [("下忍カスミ", 0)]
    assert "formats: 0 loaded" in out.getvalue()


def test_loadseeds_creates_a_missing_format_from_its_seed(seeded):
    Deck.objects.filter(format__code="iron_leaguer_custom").delete()  # the seeds' sample decks protect it
    Format.objects.get(code="iron_leaguer_custom").delete()
    call_command("loadseeds", stdout=io.StringIO())
    assert Format.objects.get(code="iron_leaguer_custom").rules["roster"] == "custom"


def test_loadseeds_with_reset_formats_overwrites_the_admin_edits(seeded):
    _admin_edits_legions_standard()
    call_command("loadseeds", "--reset-formats", stdout=io.StringIO())
    fmt = Format.objects.get(code="legions_standard")
    assert (fmt.copy_limit, fmt.rules) == (3, {"opening_hand": 5, "mulligans": 0})
    assert not fmt.limits.exists()

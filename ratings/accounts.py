"""Users own their data (issue 31, point 7): ``export(user)``, everything the site holds of a player as one JSON
document; ``close(user)``, the account deleted the way a club's records need: the player's decks, board settings
and ratings go, their open challenges (and the invitations sent to them) are withdrawn and their matches in play
resigned, and the account itself is kept as an anonymous, disabled record ("deleted-<id>", no password, no
e-mail) so the past matches, events and card proposals it took part in keep a neutral name instead of a hole (a
proposal's photo stays: it is the source of the catalogue's values)."""

from __future__ import annotations

import secrets

from confusable_homoglyphs.categories import unique_aliases
from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from matches.models import Match
from matches.services import match_resign, match_withdraw

from .models import Rating, RatingPoint

# The neutral name a deleted account keeps: ``deleted-<id>``. No one may sign up with a name of this form, so a
# name that looks like a deleted account is one, and a deletion never finds its name taken (``SignupForm``).
NEUTRAL_PREFIX = "deleted-"


# UTS #39 (Unicode security mechanisms) 5.2, the "highly restrictive" level: a name's letters are of one script, or
# of scripts one language writes together: Japanese (Latin, Han, Hiragana, Katakana), Chinese (Latin, Han, Bopomofo),
# Korean (Latin, Han, Hangul). So "аdmin" with a Cyrillic а cannot pass for admin, while 山田たろう, Ken太郎 and
# カイト01 pass; digits and marks (Common, Inherited) belong to every script.
LANGUAGE_SCRIPTS = (frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}), frozenset({"LATIN", "HAN", "BOPOMOFO"}),
                    frozenset({"LATIN", "HAN", "HANGUL"}))


# The scripts a refusal names, in the reader's words (any other by its Unicode name).
SCRIPT_NAMES = {"LATIN": _("Latin"), "CYRILLIC": _("Cyrillic"), "GREEK": _("Greek"), "HAN": _("kanji"),
                "HIRAGANA": _("hiragana"), "KATAKANA": _("katakana"), "HANGUL": _("Hangul"),
                "BOPOMOFO": _("Bopomofo"), "ARMENIAN": _("Armenian"), "CHEROKEE": _("Cherokee")}


def mixed_scripts(name: str) -> list[str]:
    """The scripts of ``name``'s letters, sorted, when no one language writes them together (UTS #39's highly
    restrictive level, ``LANGUAGE_SCRIPTS``); ``[]`` for a name that may be used. Scripts are Unicode's
    (``Scripts.txt``, by confusable-homoglyphs): ``mixed_scripts("аdmin") == ["CYRILLIC", "LATIN"]``."""
    scripts = set(unique_aliases(name)) - {"COMMON", "INHERITED"}
    if len(scripts) <= 1 or any(scripts <= allowed for allowed in LANGUAGE_SCRIPTS):
        return []
    return sorted(scripts)


class SignupForm(UserCreationForm):
    """Django's sign-up form, refusing the names kept for deleted accounts (``NEUTRAL_PREFIX``, in any case) and
    names mixing scripts that pass for one another (``mixed_scripts``)."""

    def clean_username(self):
        username = super().clean_username()
        if username and username.lower().startswith(NEUTRAL_PREFIX):
            raise forms.ValidationError(_("Names beginning with “%(prefix)s” are kept for deleted accounts."),
                                        code="reserved", params={"prefix": NEUTRAL_PREFIX})
        scripts = mixed_scripts(username or "")
        if scripts:
            raise forms.ValidationError(
                _("This name mixes the letters of %(scripts)s, which can look alike: use the letters of one "
                  "alphabet (Japanese may mix kanji, kana and Latin letters)."),
                code="mixed_scripts",
                params={"scripts": ("、" if (get_language() or "").startswith("ja") else ", ").join(
                    str(SCRIPT_NAMES.get(script, script.replace("_", " ").title())) for script in scripts)})
        return username


def neutral_name(user) -> str:
    """The name ``user``'s records keep once the account is deleted: ``deleted-<id>``, or, should an account made
    before names of that form were refused hold it, ``deleted-<id>-<6 hex digits>``."""
    name = f"{NEUTRAL_PREFIX}{user.pk}"
    while get_user_model().objects.filter(username=name).exclude(pk=user.pk).exists():
        name = f"{NEUTRAL_PREFIX}{user.pk}-{secrets.token_hex(3)}"
    return name


def export(user) -> dict:
    """``{"user", "decks", "matches", "ratings", "events", "proposals", "exported_at"}``: the player's own data,
    each deck as its decklist text, each match with its seat, opponents, result and replay address."""
    from community.models import CardProposal
    from decks.services import deck_to_text
    from matches.adapters import playable
    from tournaments.models import Entry

    from .services import ratings_of

    for game in playable():
        ratings_of(game)

    decks = [{"name": d.name, "game": d.game.code, "format": d.format.code, "visibility": d.visibility,
              "description": d.description, "text": deck_to_text(d), "created_at": d.created_at.isoformat(),
              "updated_at": d.updated_at.isoformat()}
             for d in user.decks.select_related("game", "format").order_by("pk")]
    matches = []
    for match in Match.objects.filter(seats__user=user).distinct().prefetch_related("seats__user").order_by("pk"):
        seats = list(match.seats.all())
        mine = next(s for s in seats if s.user_id == user.pk)
        matches.append({
            "id": match.pk, "game": match.game, "format": match.format_code, "status": match.status,
            "seat": mine.seat, "deck": mine.deck.get("text", ""), "rated": bool((match.config or {}).get("rated")),
            "opponents": [s.user.get_username() if s.user_id else f"bot:{s.bot}" if s.bot else None
                          for s in seats if s is not mine],
            "result": match.result_for(mine.seat), "created_at": match.created_at.isoformat(),
            "finished_at": match.finished_at.isoformat() if match.finished_at else None,
            "replay": f"/matches/{match.pk}/replay/" if match.status == Match.Status.FINISHED else None})
    return {
        "user": {"username": user.get_username(), "date_joined": user.date_joined.isoformat()},
        "decks": decks, "matches": matches,
        "ratings": [{"game": r.game, "rating": round(r.rating, 1), "rd": round(r.rd, 1), "games": r.games}
                    for r in Rating.objects.filter(user=user)],
        "events": [{"event": e.tournament.name, "event_id": e.tournament_id, "entry": e.name,
                    "deck": (e.deck or {}).get("text", "")} for e in Entry.objects.filter(user=user)
                   .select_related("tournament")],
        "proposals": [{"id": p.pk, "kind": p.kind, "status": p.status, "changes": p.changes,
                       "created_at": p.created_at.isoformat()} for p in CardProposal.objects.filter(proposer=user)],
        "exported_at": timezone.now().isoformat(),
    }


def close(user) -> str:
    """Delete ``user``'s account (the module docstring); returns the neutral name the records keep."""
    from matches.models import PlaySettings
    from tournaments.models import Entry

    neutral = neutral_name(user)  # first: nothing is changed when no name can be found
    for match in Match.objects.filter(status=Match.Status.OPEN, created_by=user):
        match_withdraw(match_id=match.pk, user=user)
    for match in Match.objects.filter(status=Match.Status.OPEN, invited=user).select_related("created_by"):
        match_withdraw(match_id=match.pk, user=match.created_by)  # an invitation no one could accept any more
    for match in Match.objects.filter(status=Match.Status.ACTIVE, seats__user=user).distinct():
        match_resign(match_id=match.pk, user=user)
    with transaction.atomic():
        user.decks.all().delete()
        PlaySettings.objects.filter(user=user).delete()
        Rating.objects.filter(user=user).delete()
        RatingPoint.objects.filter(user=user).delete()
        Entry.objects.filter(user=user).update(name=neutral)
        user.username = neutral
        user.email = ""
        user.first_name = user.last_name = ""
        user.is_active = False
        user.is_staff = user.is_superuser = False
        user.set_unusable_password()
        user.save()
        user.groups.clear()
    return neutral

"""The main pages of the site, each reachable from a seeded database, for the checks every page must pass
(accessibility, Japanese labels, phone layout).

``MAIN_PAGES`` names each page with where it lives and who looks at it. ``make_site`` builds what the pages need:
the seeds (catalogue, formats, public sample decks), a player with a deck of their own, a live Iron Leaguer
match against a bot and — only when a test asks for the replay — a finished bot-against-bot match.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.core.management import call_command

from cards.models import Card
from decks import services as deck_services
from decks.models import Deck
from matches import services as match_services
from matches.models import Match

from .conftest import PASSWORD

PLAYER = "player1"  # the reader of the pages that need someone signed in
CATALOGUE_GAME = "legions"
CARD_NAME = "下忍カスミ"  # a Legions card of the seed catalogue with a full set of attributes


@dataclass
class Site:
    """What the pages show: ids of the objects created by ``make_site``."""

    player: object
    card_id: int
    own_deck_id: int
    public_deck_id: int
    live_match_id: int
    finished_match_id: int | None = None
    extras: dict = field(default_factory=dict)

    def finished_match(self) -> int:
        """A whole match played by two bots (about 750 steps: some 5 s of referee work), made once. No service
        ends a match early (a missed decision is played by the clock), so the replay is a whole game's."""
        if self.finished_match_id is None:
            match = match_services.match_challenge(user=self.player, game="iron_leaguer", seat="silver",
                                                   opponent="random", autoplay="random")
            match.refresh_from_db()
            assert match.status == Match.Status.FINISHED, match.status
            self.finished_match_id = match.pk
        return self.finished_match_id


def make_site() -> Site:
    call_command("loadseeds", verbosity=0, stdout=io.StringIO())
    player = get_user_model().objects.create_user(PLAYER, password=PASSWORD)
    card = Card.objects.get(game__code=CATALOGUE_GAME, name=CARD_NAME)
    own = deck_services.deck_create(owner=player, format_code="iron_leaguer_standard", name="My roster")
    public = Deck.objects.filter(visibility=Deck.PUBLIC, game__code="iron_leaguer").order_by("pk").first()
    live = match_services.match_challenge(user=player, game="iron_leaguer", seat="silver", opponent="greedy")
    return Site(player=player, card_id=card.pk, own_deck_id=own.pk, public_deck_id=public.pk, live_match_id=live.pk)


@dataclass(frozen=True)
class MainPage:
    """A page: ``name`` (test ids and screenshots), ``path(site)`` its address, ``signed_in`` whether the player
    looks at it signed in, ``journey`` the journey it belongs to (docs/testing.md)."""

    name: str
    path: Callable[[Site], str]
    signed_in: bool
    journey: str


MAIN_PAGES = [
    MainPage("home", lambda s: "/", False, "catalogue"),
    MainPage("catalogue", lambda s: f"/games/{CATALOGUE_GAME}/?q=c:red", False, "catalogue"),
    MainPage("card", lambda s: f"/cards/{s.card_id}/", False, "catalogue"),
    MainPage("search_help", lambda s: "/search/help/", False, "catalogue"),
    MainPage("sign_in", lambda s: "/accounts/login/", False, "decks"),
    MainPage("sign_up", lambda s: "/accounts/signup/", False, "decks"),
    MainPage("deck_list", lambda s: "/decks/", True, "decks"),
    MainPage("deck_builder", lambda s: f"/decks/{s.own_deck_id}/edit/", True, "decks"),
    MainPage("public_deck", lambda s: f"/decks/{s.public_deck_id}/", False, "decks"),
    MainPage("lobby", lambda s: "/matches/", True, "match"),
    MainPage("match_board", lambda s: f"/matches/{s.live_match_id}/", True, "match"),
    MainPage("spectator_board", lambda s: f"/matches/{s.live_match_id}/", False, "watch"),
    MainPage("replay", lambda s: f"/matches/{s.finished_match()}/replay/", False, "watch"),
]
PAGES = {page.name: page for page in MAIN_PAGES}

"""Ratings from rated matches and the player page (issue 30, point 3): a rated challenge between people moves
both players' ratings at once (the open period counts, provisionally), casual and bot matches never do, periods
close by date, and the player page shows the rating, its plot, the matches with their replays and public decks."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.cache import cache
from django.utils import timezone

from matches.errors import BadRequest
from matches.models import Match
from matches.services import match_challenge, match_join, match_resign
from ratings.models import Rating, RatingPoint
from ratings.services import ratings_of, recompute

pytestmark = pytest.mark.django_db(transaction=True)


def _rated_game(winner, loser, *, rated: bool = True) -> Match:
    match = match_challenge(user=winner, game="iron_leaguer", seat="silver", opponent="open", rated=rated)
    match_join(match_id=match.pk, user=loser)
    return match_resign(match_id=match.pk, user=loser)


def test_a_rated_challenge_moves_both_ratings_at_once_and_a_casual_one_does_not(seeded, users):
    a, b, _c = users
    match = _rated_game(a, b)
    assert match.config["rated"] is True and match.status == Match.Status.FINISHED
    ratings_of("iron_leaguer")
    won, lost = Rating.objects.get(user=a), Rating.objects.get(user=b)
    assert won.rating > 1500 > lost.rating and (won.wins, lost.losses, won.games) == (1, 1, 1)
    assert won.rd < 350
    point = RatingPoint.objects.get(user=a)
    assert point.provisional and point.games == 1
    _rated_game(b, a, rated=False)  # casual: nothing moves
    ratings_of("iron_leaguer")
    assert Rating.objects.get(user=a).rating == won.rating
    _rated_game(b, a)
    ratings_of("iron_leaguer")
    assert Rating.objects.get(user=a).games == 2 and Rating.objects.get(user=a).rating < won.rating


def test_a_match_against_a_bot_cannot_be_rated(seeded, users):
    with pytest.raises(BadRequest) as refused:
        match_challenge(user=users[0], game="iron_leaguer", seat="silver", opponent="greedy", rated=True)
    assert refused.value.code == "rated_bot" and not Match.objects.exists()


def test_periods_close_by_date_and_an_idle_period_widens_the_deviation(seeded, users, settings):
    settings.SHINPAN_RATING_PERIOD_DAYS = 7
    a, b, _c = users
    old = _rated_game(a, b)
    Match.objects.filter(pk=old.pk).update(finished_at=timezone.now() - dt.timedelta(days=21))
    recompute("iron_leaguer")
    points = list(RatingPoint.objects.filter(user=a))
    assert len(points) == 1 and not points[0].provisional  # a closed period three weeks ago
    after_game = points[0].rd
    assert Rating.objects.get(user=a).rd > after_game  # three idle weeks since
    _rated_game(a, b)
    recompute("iron_leaguer")
    assert [p.provisional for p in RatingPoint.objects.filter(user=a)] == [False, True]


def test_the_player_page_shows_ratings_matches_and_public_decks(client, seeded, users):
    from decks.models import Deck

    a, b, _c = users
    match = _rated_game(a, b)
    bot_match = match_challenge(user=a, game="iron_leaguer", seat="silver", opponent="random")
    from cards.models import Game
    from decks.models import Format

    game = Game.objects.get(code="iron_leaguer")
    shape = {"owner": a, "game": game, "format": Format.objects.filter(game=game).first()}
    Deck.objects.create(name="Open roster", visibility="public", **shape)
    Deck.objects.create(name="Secret roster", visibility="private", **shape)
    cache.clear()
    page = client.get(f"/players/{a.username}/").content.decode()
    assert "Iron Leaguer" in page or "アイアンリーガー" in page
    rating = round(Rating.objects.get(user=a).rating)
    assert f"{rating}?" in page  # one game: provisional
    assert "<svg" in page and "polyline" in page
    assert f"/matches/{match.pk}/replay/" in page and f"/matches/{bot_match.pk}/" in page
    assert "Won" in page and "Rated" in page and "vs player2" in page
    assert "Open roster" in page and "Secret roster" not in page  # another visitor: public decks only
    client.force_login(a)
    assert "Secret roster" in client.get(f"/players/{a.username}/").content.decode()  # their own page: all
    assert client.get("/players/nobody-here/").status_code == 404


def test_the_lobby_makes_a_rated_open_challenge(client, seeded, users):
    client.force_login(users[0])
    response = client.post("/matches/new/", {"game": "iron_leaguer", "seat": "silver", "opponent": "open",
                                             "rated": "on"})
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.config["rated"] is True
    client.force_login(users[1])
    lobby = client.get("/matches/").content.decode()
    item = lobby[lobby.index(f"#{match.pk}</span>"):]
    assert "Rated" in item[:item.index("</li>")]
    refused = client.post("/matches/new/", {"game": "iron_leaguer", "seat": "silver", "opponent": "greedy",
                                            "rated": "on"})
    assert refused.status_code == 400 and "only matches between people are rated" in refused.content.decode()

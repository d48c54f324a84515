"""Online Legions! matches through the lobby's services: a saved or sample deck, checked again at the start, against
a bot or an open challenge (tasks in-process). The board itself: ``test_legions_board.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.models import Card, CardSet
from decks.models import Deck
from decks.services import deck_create
from matches.errors import BadRequest, Conflict
from matches.models import Match
from matches.services import match_challenge, match_join

pytestmark = pytest.mark.django_db(transaction=True)

DECKS = Path(__file__).resolve().parents[2] / "seeds" / "decks"
MAO_NYAN = (DECKS / "legions_mao_nyan_2017.txt").read_text(encoding="utf-8")


def sample(name: str) -> Deck:
    return Deck.objects.get(game__code="legions", name=name, visibility=Deck.PUBLIC)


def test_a_sample_deck_plays_a_bot_at_once(seeded, users):
    deck = sample("Mao Nyan 2017")
    match = match_challenge(user=users[0], game="legions", seat="p2", opponent="greedy", deck_id=deck.pk)

    match.refresh_from_db()
    assert match.status in (Match.Status.ACTIVE, Match.Status.FINISHED) and match.version >= 0
    seat = match.seats.get(seat="p2")
    assert seat.user == users[0] and seat.deck["master"] == "マオ・ニャン" and len(seat.deck["cards"]) == 40
    decks = match.config["decks"]
    assert decks["p2"]["master"]["name"] == "マオ・ニャン"
    assert decks["p1"]["master"]["name"] == "マオ・ニャン"  # the bot without a list plays p1's sample deck
    assert any(card.get("abilities") for card in decks["p2"]["cards"])  # the engine's abilities data came along


def test_a_players_own_saved_deck_is_played(seeded, users):
    mine = deck_create(owner=users[0], name="Mine", text=MAO_NYAN)
    match = match_challenge(user=users[0], game="legions", seat="p1", opponent="random", deck_id=mine.pk)
    assert match.seats.get(seat="p1").deck["text"].strip()
    assert match.config["decks"]["p1"]["master"]["name"] == "マオ・ニャン"


def test_someone_elses_private_deck_is_refused(seeded, users):
    theirs = deck_create(owner=users[1], name="Theirs", text=MAO_NYAN)
    with pytest.raises(BadRequest) as refused:
        match_challenge(user=users[0], game="legions", seat="p1", opponent="random", deck_id=theirs.pk)
    assert refused.value.code == "unknown_deck"
    assert not Match.objects.exists()


def test_a_deck_of_another_game_is_refused(seeded, users):
    with pytest.raises(BadRequest) as refused:
        match_challenge(user=users[0], game="legions", seat="p1", opponent="random",
                        deck_id=Deck.objects.filter(game__code="iron_leaguer").first().pk)
    assert refused.value.code == "wrong_game"


def _unrefereed_card() -> Card:
    """A legal minion whose printed text has no abilities data yet (so the engine cannot referee it)."""
    kasumi = Card.objects.get(game__code="legions", name="下忍カスミ")
    return Card.objects.create(game=kasumi.game, card_set=CardSet.objects.get(pk=kasumi.card_set_id),
                               collector_number="999", name="試作ゴーレム", card_type="minion",
                               attributes=kasumi.attributes, rules_text="配置時、好きなユニット1体を破壊する。")


def test_a_deck_with_a_card_the_engine_cannot_referee_is_refused_naming_it(seeded, users):
    _unrefereed_card()
    text = MAO_NYAN.replace("3 下忍カスミ", "3 試作ゴーレム")
    with pytest.raises(Conflict) as refused:
        match_challenge(user=users[0], game="legions", seat="p1", opponent="greedy", deck=text)
    assert refused.value.code == "deck_refused" and "試作ゴーレム" in refused.value.reason
    assert not Match.objects.exists()


def test_an_open_legions_challenge_is_checked_again_when_accepted(seeded, users):
    challenge = match_challenge(user=users[0], game="legions", seat="p1", opponent="open",
                                deck_id=sample("Mao Nyan 2017").pk)
    assert challenge.status == Match.Status.OPEN
    _unrefereed_card()
    with pytest.raises(Conflict) as refused:
        match_join(match_id=challenge.pk, user=users[1], deck=MAO_NYAN.replace("3 下忍カスミ", "3 試作ゴーレム"))
    assert refused.value.code == "deck_refused" and "試作ゴーレム" in refused.value.reason
    assert Match.objects.get(pk=challenge.pk).status == Match.Status.OPEN  # nothing changed

    other = Deck.objects.filter(game__code="legions", visibility=Deck.PUBLIC).exclude(name="Mao Nyan 2017").first()
    match = match_join(match_id=challenge.pk, user=users[1], deck_id=other.pk)
    assert match.status == Match.Status.ACTIVE
    assert match.config["decks"]["p2"]["master"]["name"] != "マオ・ニャン"


def test_the_lobby_offers_legions_with_the_players_and_the_sample_decks(seeded, users, client):
    deck_create(owner=users[0], name="Mine", text=MAO_NYAN)
    client.force_login(users[0])
    page = client.get("/matches/").content.decode()
    assert 'id="new-match-legions"' in page and 'id="new-match-iron_leaguer"' in page
    form = page[page.index('id="new-match-legions"'):]
    form = form[:form.index("</form>")]
    assert 'name="deck_id"' in form and ">Mine<" in form and ">Mao Nyan 2017 (by shinpan)<" in form
    assert "シルバーキャッスル" not in form  # only the game's own decks

    response = client.post("/matches/new/", {"game": "legions", "seat": "p1", "opponent": "greedy",
                                             "deck_id": sample("Mao Nyan 2017").pk})
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    assert match.game == "legions" and match.status in (Match.Status.ACTIVE, Match.Status.FINISHED)

"""ダンタリオンドラフト from the lobby and the API (issue 29, point 1): the format and the set chosen, no deck asked
for or taken, an open draft challenge accepted without a deck, and the draft board's prompts (the opening picks
counted, the master to choose, the shared deck and discard in place of a deck); a person drafts in the browser."""

from __future__ import annotations

import re
import time

import pytest

from matches.models import Match
from matches.selectors import match_view
from matches.services import match_challenge, match_join

from .board_play import failure, new_match_form, play_preferred, wait_for_ruling
from .test_browser_match import _sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def _pool_sets(match: Match) -> set[str]:
    return {card["set"] for card in match.config["decks"]["pool"]}


def test_the_lobby_offers_the_draft_and_its_sets_for_legions_alone(client, seeded, users):
    client.force_login(users[0])
    page = client.get("/matches/").content.decode()
    legions = page[page.index('id="new-match-legions"'):]
    legions = legions[:legions.index("</form>")]
    assert 'name="format"' in legions and 'value="dantalion"' in legions
    assert 'value="LG01" selected>Booster 1<' in legions and 'value="LG02">Booster 2<' in legions  # LG01 first
    assert 'name="draft_set"' in legions
    iron = page[page.index('id="new-match-iron_leaguer"'):]
    assert 'name="format"' not in iron[:iron.index("</form>")]


def test_a_draft_against_a_bot_opens_boosters_of_the_set_chosen(client, seeded, users):
    client.force_login(users[0])
    response = client.post("/matches/new/", {"game": "legions", "seat": "p1", "opponent": "greedy",
                                                 "format": "dantalion", "draft_set": "LG02", "deck": ""})
    assert response.status_code == 302
    match = Match.objects.get()
    assert (match.format_code, match.status, match.config["engine"]) == (
        "dantalion", Match.Status.ACTIVE, {"format": "dantalion", "set": "LG02"})
    assert _pool_sets(match) == {"LG02"}
    assert {s.seat: s.deck for s in match.seats.all()} == {"p1": {"format": "dantalion"},
                                                           "p2": {"format": "dantalion"}}
    board = client.get(f"/matches/{match.pk}/").content.decode()
    seat = match.state["pending"]["seat"]
    if seat == "p1":  # the first player picks first: the prompt counts the picks
        assert "pick a card of your boosters for your opening hand (0 of 3 picked)" in board
    else:
        assert "is picking an opening hand from their boosters (" in board
    assert "Master not chosen yet" in board and "Shared deck" in board and "Booster 2" in board


def test_a_deck_given_with_the_draft_and_an_unknown_set_are_refused_and_nothing_is_made(client, seeded, users):
    client.force_login(users[0])
    refused = client.post("/matches/new/", {"game": "legions", "seat": "p1", "opponent": "greedy",
                                               "format": "dantalion", "draft_set": "LG01",
                                               "deck": "Master\n1 マオ・ニャン\n"})
    assert refused.status_code == 400
    assert "played without a deck" in refused.content.decode()
    assert "マオ・ニャン" in refused.content.decode()  # what the player typed is still there
    unknown = client.post("/matches/new/", {"game": "legions", "seat": "p1", "opponent": "greedy",
                                               "format": "dantalion", "draft_set": "ZZ9"})
    assert unknown.status_code == 400 and "Choose one of the sets offered for the draft" in unknown.content.decode()
    assert not Match.objects.exists()


def test_an_open_draft_challenge_is_listed_as_one_and_accepted_without_a_deck(client, seeded, users):
    match = match_challenge(user=users[0], game="legions", seat="p2", opponent="open", format="dantalion",
                            draft_set="LG03")
    assert match.status == Match.Status.OPEN
    client.force_login(users[1])
    lobby = client.get("/matches/").content.decode()
    item = lobby[lobby.index(f"#{match.pk}</span>"):]
    item = item[:item.index("</li>")]
    assert "Dantalion Draft" in item and "Booster 3" in item and "LG03" not in item  # the set by name
    assert 'name="deck_id"' not in item and 'name="deck"' not in item and "no deck to choose" in item
    started = match_join(match_id=match.pk, user=users[1])
    assert started.status == Match.Status.ACTIVE and _pool_sets(started) == {"LG03"}
    for seat in ("p1", "p2"):
        view = match_view(match=started, seat=seat)["state"]
        assert view["shared"]["set"] == "LG03"
        other = "p2" if seat == "p1" else "p1"
        opened = set(started.state["draft"]["opened"][other])
        assert opened and not opened & set(view["cards"])  # the other seat's boosters stay hidden


def test_the_api_creates_a_draft_against_the_search_bot(client, seeded, users):
    client.force_login(users[0])
    response = client.post("/api/matches/", {"game": "legions", "seat": "p1", "opponent": "easy",
                                             "format": "dantalion", "draft_set": "LG03"},
                           content_type="application/json")
    assert response.status_code == 201, response.content
    match = Match.objects.get()
    assert _pool_sets(match) == {"LG03"} and match.status == Match.Status.ACTIVE
    refused = client.post("/api/matches/", {"game": "legions", "seat": "p1", "opponent": "easy",
                                            "format": "dantalion", "deck": "Master\n1 マオ・ニャン\n"},
                          content_type="application/json")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "deckless"


# What a drafting player prefers: picks and a master first, then the plain play of the other browser tests.
PREFERENCE = ("pick", "choose_master", "no_card_change", "keep", "choose", "no_block", "unlock", "attack",
              "end_turn")


@pytest.mark.browser
def test_a_person_drafts_from_the_lobby_through_the_board(live_server, new_context, seeded, users):
    page = _sign_in(new_context(locale="en-US"), live_server, "player1")
    form = new_match_form(page, "legions")
    form.get_by_label("Opponent", exact=True).select_option("random")
    assert form.get_by_label("Saved deck", exact=True).is_visible()
    form.get_by_label("Format", exact=True).select_option("dantalion")
    assert not form.get_by_label("Saved deck", exact=True).is_visible()  # no deck in a draft
    form.get_by_label("Boosters from the set", exact=True).select_option("LG02")
    form.get_by_role("button", name="Create match").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match_id = int(re.search(r"/matches/(\d+)/", page.url).group(1))
    assert _pool_sets(Match.objects.get(pk=match_id)) == {"LG02"}
    played: list[str] = []
    for _ in range(200):
        match = Match.objects.get(pk=match_id)
        if match.status != Match.Status.ACTIVE or (match.state["turn"] >= 3 and "pick" in played):
            break
        if (match.state.get("pending") or {}).get("seat") != "p1":
            time.sleep(0.05)
            continue
        page.reload()
        if page.locator("#board").get_attribute("data-version") != str(match.version):
            continue
        played.append(play_preferred(page, PREFERENCE))
        if not wait_for_ruling(page, match.version):
            pytest.fail(f"the move was not made: {failure(page)}")
    match = Match.objects.get(pk=match_id)
    assert played.count("pick") >= 4 and "choose_master" in played  # three opening picks, then a draft phase
    assert match.state["players"]["p1"]["master"]
    page.reload()
    assert page.locator("[data-zone=shared-deck]").count() == 1


def test_a_format_no_one_knows_and_a_set_without_a_draft_are_refused(client, seeded, users):
    # a tester's findings: an unknown format made a constructed match, a draft_set without a draft was ignored
    client.force_login(users[0])
    for body, code in (({"format": "DANTALION"}, "unknown_format"), ({"format": "bogus"}, "unknown_format"),
                       ({"format": "", "draft_set": "LG02"}, "unknown_set")):
        refused = client.post("/api/matches/", {"game": "legions", "seat": "p1", "opponent": "random", **body},
                              content_type="application/json")
        assert refused.status_code == 400 and refused.json()["error"]["code"] == code, body
    # the lobby's form sends the set's select even for a constructed match (no script): not an error there
    made = client.post("/matches/new/", {"game": "legions", "seat": "p1", "opponent": "random", "format": "",
                                         "draft_set": "LG01"})
    assert made.status_code == 302 and Match.objects.get().format_code == ""


def test_only_sets_sold_as_boosters_are_offered_for_the_draft(client, seeded, users):
    client.force_login(users[0])
    page = client.get("/matches/").content.decode()
    legions = page[page.index('id="new-match-legions"'):]
    legions = legions[:legions.index("</form>")]
    assert 'value="LGSD1"' not in legions and 'value="LGST"' not in legions  # constructed decks, the starter
    refused = client.post("/api/matches/", {"game": "legions", "seat": "p1", "opponent": "random",
                                            "format": "dantalion", "draft_set": "LGSD1"},
                          content_type="application/json")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "unknown_set"


def test_an_opening_pick_can_be_taken_back_and_a_finished_draft_offers_new_boosters(client, seeded, users):
    from matches.services import match_resign, match_submit_action, match_takeback
    from matches.takeback_rules import takeback_problem

    match = match_challenge(user=users[0], game="legions", seat="p1", opponent="random", format="dantalion",
                            draft_set="LG01")
    match = Match.objects.get(pk=match.pk)
    assert match.state["pending"]["seat"] == "p1"  # the bot, first or not, has made its picks in-process
    option = match.state["pending"]["options"][0]
    match_submit_action(match_id=match.pk, user=users[0], action={"type": "pick", "seat": "p1", "card": option},
                        expected_version=match.version, idempotency_key="pick-1")
    match = Match.objects.get(pk=match.pk)
    from matches.boards import presenter_for

    assert not takeback_problem(match, "p1", presenter_for("legions"))[2]  # a pick told back is no new secret
    match, done = match_takeback(match_id=match.pk, user=users[0])
    assert done and Match.objects.get(pk=match.pk).state["players"]["p1"]["hand"] == []
    match_resign(match_id=match.pk, user=users[0])
    client.force_login(users[0])
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "New boosters of the same set, the other player first." in page

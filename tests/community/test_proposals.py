"""Issue 29.4: card data the community completes. A player proposes a correction or a new card with its source;
the admin's own checks refuse a bad value with its field named; proposals are throttled and not doubled; editors
accept (the value takes its source and leaves the samples; the card's history records who and why) or reject with
a reason; a card changed since a proposal is not overwritten blindly."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from cards.images import process_card_image
from cards.models import Card
from community import services
from community.models import CardProposal

from .conftest import photo_bytes

pytestmark = pytest.mark.django_db

SOURCE = "https://example.org/legions/lg01-001"


def values(card: Card, **changed) -> dict:
    """The card's whole form as values by path, with ``changed`` applied."""
    return {**services.values_of(card), **changed}


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def test_a_correction_holds_only_the_changed_values_with_what_they_were(catalogue, player):
    card = catalogue["minion"]
    proposal = services.propose_correction(user=player, card=card, values=values(card, atk=3, rarity="C"),
                                           source_url=SOURCE, note="printed 3")
    assert proposal.status == "pending" and proposal.kind == "correction"
    assert proposal.changes == {"atk": 3, "rarity": "C"} and proposal.base == {"atk": 2, "rarity": ""}
    card.refresh_from_db()
    assert card.attributes["atk"] == 2  # nothing changes before an editor accepts


@pytest.mark.parametrize(("changed", "field", "words"), [
    ({"atk": -1}, "atk", "at least"),
    ({"colours": ["purple"]}, "colours", "purple"),
    ({"name": ""}, "name", "blank"),
])
def test_a_bad_value_is_refused_with_its_field_named_as_the_admin_refuses_it(catalogue, player, changed, field,
                                                                             words):
    card = catalogue["minion"]
    with pytest.raises(services.ProposalRefused) as refused:
        services.propose_correction(user=player, card=card, values=values(card, **changed), source_url=SOURCE)
    assert field in refused.value.errors and words in " ".join(refused.value.errors[field])
    assert not CardProposal.objects.exists()


def test_a_proposal_needs_a_source_and_a_change(catalogue, player):
    card = catalogue["minion"]
    with pytest.raises(services.ProposalRefused) as refused:
        services.propose_correction(user=player, card=card, values=values(card, atk=3))
    assert "source_url" in refused.value.errors
    with pytest.raises(services.ProposalRefused, match="Nothing was changed"):
        services.propose_correction(user=player, card=card, values=values(card), source_url=SOURCE)
    assert not CardProposal.objects.exists()


def test_a_photo_is_a_source_checked_as_card_images_are(catalogue, player):
    card = catalogue["minion"]
    photo = process_card_image(SimpleUploadedFile("card.png", photo_bytes()))
    proposal = services.propose_correction(user=player, card=card, values=values(card, hp=2), source_image=photo)
    assert proposal.source_image.name.startswith("proposals/") and proposal.source_image.name.endswith(".webp")


def test_the_same_change_twice_is_refused_and_the_hourly_limit_holds(catalogue, player, settings):
    card = catalogue["minion"]
    first = services.propose_correction(user=player, card=card, values=values(card, atk=3), source_url=SOURCE)
    with pytest.raises(services.ProposalRefused, match=f"#{first.pk}"):
        services.propose_correction(user=player, card=card, values=values(card, atk=3), source_url=SOURCE)
    settings.SHINPAN_PROPOSALS_PER_HOUR = 2
    services.propose_correction(user=player, card=card, values=values(card, atk=4), source_url=SOURCE)
    with pytest.raises(services.ProposalRefused, match="2 proposals in the last hour"):
        services.propose_correction(user=player, card=card, values=values(card, atk=5), source_url=SOURCE)
    assert CardProposal.objects.count() == 2


def test_accepting_applies_the_values_with_their_source_and_leaves_the_samples(catalogue, player, editor):
    card = catalogue["minion"]
    proposal = services.propose_correction(user=player, card=card, values=values(card, atk=3), source_url=SOURCE)
    accepted = services.accept(proposal=proposal, editor=editor, reason="matches the photo on the page")
    card.refresh_from_db()
    assert accepted.pk == card.pk and card.attributes["atk"] == 3
    assert card.sample_fields == ["hp", "wt", "rarity"]  # atk is a sourced value now
    assert card.sources["atk"] | {"accepted_at": "?"} == {
        "url": SOURCE, "image": "", "proposal": proposal.pk, "proposed_by": "player1", "accepted_by": "editor1",
        "accepted_at": "?"}
    proposal.refresh_from_db()
    assert (proposal.status, proposal.reviewer, proposal.reason) == ("accepted", editor,
                                                                     "matches the photo on the page")
    latest = card.history.latest()
    assert latest.history_user == editor and latest.history_change_reason.startswith(f"Proposal #{proposal.pk}")
    assert latest.attributes["atk"] == 3 and card.history.earliest().attributes["atk"] == 2


def test_a_card_changed_since_the_proposal_is_not_overwritten(catalogue, player, editor):
    card = catalogue["minion"]
    proposal = services.propose_correction(user=player, card=card, values=values(card, atk=3), source_url=SOURCE)
    card.attributes = {**card.attributes, "atk": 4}
    card.save()
    with pytest.raises(services.ProposalRefused) as refused:
        services.accept(proposal=proposal, editor=editor)
    assert "it was 2, it is 4 now" in refused.value.errors["atk"][0]
    card.refresh_from_db()
    proposal.refresh_from_db()
    assert card.attributes["atk"] == 4 and proposal.status == "pending"


def test_rejecting_needs_a_reason_and_only_editors_decide(catalogue, player, editor):
    card = catalogue["minion"]
    proposal = services.propose_correction(user=player, card=card, values=values(card, atk=3), source_url=SOURCE)
    with pytest.raises(services.ProposalRefused, match="Only editors"):
        services.accept(proposal=proposal, editor=player)
    with pytest.raises(services.ProposalRefused, match="Say why"):
        services.reject(proposal=proposal, editor=editor, reason="  ")
    services.reject(proposal=proposal, editor=editor, reason="the page shows the promo printing")
    with pytest.raises(services.ProposalRefused, match="already rejected"):
        services.accept(proposal=proposal, editor=editor)
    card.refresh_from_db()
    assert card.attributes["atk"] == 2


def test_a_new_card_is_checked_then_created_on_acceptance(catalogue, player, editor):
    game, card_set = catalogue["game"], catalogue["set"]
    new = {"card_type": "minion", "collector_number": "003", "name": "子鬼ヒミカ", "reading": "こおにヒミカ",
           "rarity": "U", "rules_text": "", "flavour_text": "", "colours": ["red"], "unlock_cost": 2, "atk": 2,
           "hp": 2, "wt": 2}
    with pytest.raises(services.ProposalRefused) as refused:
        services.propose_card(user=player, game=game, card_set=card_set, values={**new, "collector_number": "001"},
                              source_url=SOURCE)
    assert ALL_OR_NUMBER(refused.value.errors)
    proposal = services.propose_card(user=player, game=game, card_set=card_set, values=new, source_url=SOURCE)
    card = services.accept(proposal=proposal, editor=editor)
    assert (card.name, card.collector_number, card.attributes["unlock_cost"]) == ("子鬼ヒミカ", "003", 2)
    assert set(card.sources) >= {"name", "unlock_cost", "atk"} and card.sample_fields == []
    assert card.history.count() == 1


def ALL_OR_NUMBER(errors: dict) -> bool:  # the set's numbers are unique: said at the top or on the number
    return any("already exists" in " ".join(v) or "number" in " ".join(v) for v in errors.values())


def test_a_card_loaded_in_bulk_gets_its_catalogued_version_kept_before_its_first_change(catalogue, player, editor):
    # seeds and card files are written in SQL (no history); the first change keeps the stored card first
    card = catalogue["minion"]
    card.history.all().delete()
    proposal = services.propose_correction(user=player, card=card, values=values(card, atk=3), source_url=SOURCE)
    services.accept(proposal=proposal, editor=editor)
    versions = list(card.history.order_by("history_date", "history_id"))
    assert [(v.attributes["atk"], v.history_user, v.history_change_reason) for v in versions] == [
        (2, None, "As catalogued (bulk import or seed)"), (3, editor, f"Proposal #{proposal.pk} by player1")]


def test_loading_the_seeds_again_keeps_what_editors_accepted(catalogue, player, editor):
    # `make run` loads the seed files on every start: a file's value never undoes an accepted proposal
    from cards.services import cards_export, cards_import, parse_card_bytes

    card = catalogue["minion"]
    before = cards_export(game="legions", fmt="json").encode()
    proposal = services.propose_correction(user=player, card=card, values=values(card, atk=3, name="下忍カスミ改"),
                                           source_url=SOURCE)
    services.accept(proposal=proposal, editor=editor)
    report = cards_import(card_file=parse_card_bytes(before, "json"))
    assert report.ok and report.community_kept == 2 and "2 community value(s) kept" in report.summary()
    card.refresh_from_db()
    assert (card.name, card.attributes["atk"]) == ("下忍カスミ改", 3) and "atk" not in card.sample_fields
    assert card.attributes["hp"] == 1 and card.sources.keys() == {"atk", "name"}


def test_an_admin_edit_of_a_sourced_value_drops_its_source(catalogue, player, editor):
    # the tester's report: an admin change left "ATK 6 — source …" on the card
    card = catalogue["minion"]
    proposal = services.propose_correction(user=player, card=card, values=values(card, atk=3, rarity="C"),
                                           source_url=SOURCE)
    services.accept(proposal=proposal, editor=editor)
    card = Card.objects.get(pk=card.pk)
    card.attributes = {**card.attributes, "atk": 6}
    card.save()
    card.refresh_from_db()
    assert set(card.sources) == {"rarity"}


def test_a_none_value_is_a_value_and_list_order_is_no_change(catalogue, player, editor):
    # the tester's report: "−" (none) proposals could not be accepted, and reordered colours made fake changes
    card = catalogue["minion"]
    with pytest.raises(services.ProposalRefused, match="Nothing was changed"):
        services.propose_correction(user=player, card=card, values=values(card, colours=["black"]),
                                    source_url=SOURCE)
    two = services.propose_correction(user=player, card=card, values=values(card, colours=["red", "black"]),
                                      source_url=SOURCE)
    services.accept(proposal=two, editor=editor)
    card = Card.objects.get(pk=card.pk)
    same = values(card, colours=list(reversed(card.attributes["colours"])))
    with pytest.raises(services.ProposalRefused, match="Nothing was changed"):
        services.propose_correction(user=player, card=card, values=same, source_url=SOURCE)
    assert services.same(["a", "b"], ["b", "a"]) and not services.same(["a"], ["a", "b"])
    assert services.display("legions", "colours", ["red"], japanese=True) == "赤"
    assert services.label("legions", "atk", japanese=False) == "ATK"


def test_two_racing_submissions_of_one_change_make_one_proposal(catalogue, player):
    card = catalogue["minion"]
    first = services.propose_correction(user=player, card=card, values=values(card, atk=3), source_url=SOURCE)
    # the read-before-write check passed for both (as in a race): the constraint refuses the second
    proposal = CardProposal(kind="correction", game=card.game, card=card, card_set=card.card_set,
                            changes=first.changes, proposer=player)
    with pytest.raises(services.ProposalRefused, match=f"#{first.pk}"):
        services._create(kind=proposal.kind, game=card.game, card=card, card_set=card.card_set,
                         changes=first.changes, base={}, source_url=SOURCE, source_image=None, note="",
                         proposer=player)
    assert CardProposal.objects.count() == 1


def test_an_iron_leaguer_technique_with_a_none_value_is_proposed_and_accepted(db, player, editor):
    # the tester's report: persons "−" (None, the schema's none) passed the proposal and failed the acceptance
    from django.core.management import call_command

    call_command("loadseeds", verbosity=0)
    card = Card.objects.get(game__code="iron_leaguer", card_set__code="T1", collector_number="001")
    lower = card.attributes["lower"]
    proposal = services.propose_correction(user=player, card=card, values=values(card, **{"upper.persons": None}),
                                           source_url=SOURCE)
    assert proposal.changes == {"upper.persons": None} and proposal.base == {"upper.persons": 1}
    assert services.label("iron_leaguer", "upper.persons", japanese=False).startswith("Upper")
    accepted = services.accept(proposal=proposal, editor=editor)
    assert accepted.attributes["upper"]["persons"] is None and accepted.attributes["lower"] == lower
    new = {**values(accepted), "card_type": "technique", "collector_number": "099", "name": "テスト技"}
    made = services.propose_card(user=player, game=card.game, card_set=card.card_set, values=new,
                                 source_url=SOURCE)
    assert made.changes["upper.persons"] is None
    assert services.accept(proposal=made, editor=editor).attributes["upper"]["persons"] is None


def test_a_card_file_that_changes_a_card_is_in_its_history(catalogue):
    # the tester's report: loadseeds reverted an admin edit and the history never showed it
    from cards.services import cards_export, cards_import, parse_card_bytes

    card = catalogue["minion"]
    file = cards_export(game="legions", fmt="json").encode()
    card.flavour_text = "admin flavour"
    card.save()
    assert cards_import(card_file=parse_card_bytes(file, "json")).updated == 1
    latest = card.history.latest()
    assert (latest.flavour_text, latest.history_change_reason) == ("", "Card file import")
    assert [v.flavour_text for v in card.history.order_by("history_date", "history_id")][-2:] == [
        "admin flavour", ""]

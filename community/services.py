"""Proposals: made by players, checked by the admin's own rules, reviewed by editors (issue 29.4).

Field paths name a card's values as ``Card.sample_fields`` does: the common fields (``name``, ``reading``,
``rarity``, ``rules_text``, ``flavour_text``; a new card also ``card_type`` and ``collector_number``) and the
game's attributes by their schema path (``atk``, ``colours``, ``upper.attack``).

Every refusal raises ``ProposalRefused`` whose ``errors`` map a field path (or ``"__all__"``) to messages, in the
active language; nothing is written then.
"""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from cards.forms import attribute_paths
from cards.games import SCHEMAS
from cards.images import ProcessedImage
from cards.models import MISSING, Card, CardSet, Game, path_value

from .models import REVIEW_PERMISSION, CardProposal

COMMON = ("name", "reading", "rarity", "rules_text", "flavour_text")
# a change that takes an attribute off the card (the form left it empty): not None, which is a value ("−": none)
REMOVED = {"removed": True}
NEW_CARD_ONLY = ("card_type", "collector_number")
ALL = "__all__"
DEFAULT_PER_HOUR = 10


class ProposalRefused(Exception):
    """A proposal, acceptance or rejection refused; ``errors``: field path (or ``"__all__"``) → messages."""

    def __init__(self, errors: dict[str, list[str]]) -> None:
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in errors.items()))
        self.errors = errors


def _refuse(message: str, field: str = ALL) -> ProposalRefused:
    return ProposalRefused({field: [message]})


def can_review(user: Any) -> bool:
    """Editors: active staff with the review permission (the "Card editors" group gives it)."""
    return bool(user and user.is_authenticated and user.is_active and user.is_staff
                and user.has_perm(REVIEW_PERMISSION))


# --- values by field path --------------------------------------------------------------------------------------

def values_of(card: Card) -> dict[str, Any]:
    """The card's values by field path: the common fields, then every attribute the card has (nested halves
    flattened: ``upper.attack``)."""
    paths = [*COMMON, *(path for path, _attr in attribute_paths(SCHEMAS[card.game.code]))]
    return {path: value for path in paths if (value := path_value(card, path)) is not MISSING}


def same(a: Any, b: Any) -> bool:
    """Two values of a field are the same value: lists of choices (colours, kinds) in any order."""
    if isinstance(a, list) and isinstance(b, list):
        return sorted(map(str, a)) == sorted(map(str, b))
    return bool(a == b)


def _set_value(card: Card, path: str, value: Any) -> None:
    if value == REMOVED:
        _remove_value(card, path)
        return
    if path in COMMON or path in NEW_CARD_ONLY:
        setattr(card, path, value)
        return
    head, _, tail = path.partition(".")
    attributes = copy.deepcopy(card.attributes or {})
    if tail:
        attributes.setdefault(head, {})[tail] = value
    else:
        attributes[head] = value
    card.attributes = attributes


def _remove_value(card: Card, path: str) -> None:
    head, _, tail = path.partition(".")
    attributes = copy.deepcopy(card.attributes or {})
    if tail:
        attributes.get(head, {}).pop(tail, None)
    else:
        attributes.pop(head, None)
    card.attributes = attributes


def label(game_code: str, path: str, japanese: bool) -> str:
    """A field path in words (the schema's label, or the model field's), in the reader's language."""
    top = {attr.name: attr for attr in SCHEMAS[game_code].attrs}
    if path in top:  # an attribute as a whole (a technique's half: its fields are listed apart)
        return top[path].label_ja if japanese else top[path].label
    for attr_path, attr in attribute_paths(SCHEMAS[game_code]):
        if attr_path == path:
            head, _, tail = path.partition(".")
            own = attr.label_ja if japanese else attr.label
            if not tail:
                return own
            parent = top[head].label_ja if japanese else top[head].label
            return f"{parent}・{own}" if japanese else f"{parent}: {own}"
    if path == "collector_number":
        return capfirst(str(Card._meta.get_field("collector_number").verbose_name))
    if path in COMMON or path == "card_type":
        return capfirst(str(Card._meta.get_field(path).verbose_name))
    return path


def _validation_errors(exc: ValidationError) -> dict[str, list[str]]:
    """A Card's ValidationError by field path: ``attributes`` messages name their attribute (``hp: is
    required``), the rest their model field."""
    errors: dict[str, list[str]] = {}
    for key, messages in exc.message_dict.items():
        for message in messages:
            if key == "attributes" and ": " in message:
                path, _, text = message.partition(": ")
                errors.setdefault(path, []).append(text)
            elif key in ("card_set", "game"):
                errors.setdefault(ALL, []).append(message)
            elif key == "__all__" and "ollector number" in message:  # the set's numbers are unique
                errors.setdefault("collector_number", []).append(message)
            else:
                errors.setdefault(key if key != "__all__" else ALL, []).append(message)
    return errors


def _checked(candidate: Card) -> Card:
    """``candidate`` cleaned as the admin cleans a card (schema, vocabulary, the set's numbers); its attributes
    normalised. ProposalRefused naming each field otherwise."""
    try:
        candidate.full_clean(exclude=["image", "thumbnail"])
    except ValidationError as exc:
        raise ProposalRefused(_validation_errors(exc)) from exc
    return candidate


# --- proposing -------------------------------------------------------------------------------------------------

def _throttle(user: Any) -> None:
    per_hour = int(getattr(settings, "SHINPAN_PROPOSALS_PER_HOUR", DEFAULT_PER_HOUR))
    since = timezone.now() - timedelta(hours=1)
    recent = CardProposal.objects.filter(proposer=user, created_at__gte=since).order_by("created_at")
    if recent.count() >= per_hour:
        wait = max(1, int((recent.first().created_at + timedelta(hours=1) - timezone.now()).total_seconds() // 60))
        raise _refuse(_("You have made %(count)d proposals in the last hour, the most one may; try again in "
                        "%(minutes)d minutes.") % {"count": per_hour, "minutes": wait})


def missing_source(source_url: str, source_image: ProcessedImage | None) -> str | None:
    """The message refusing a proposal with neither a source address nor a photo, or None when one is given."""
    if not (source_url or "").strip() and source_image is None:
        return str(_("Give a source: the address of a page that shows the card, or a photo of the printed card."))
    return None


def _checked_and_sourced(candidate: Card, source_url: str, source_image: ProcessedImage | None) -> Card:
    """``_checked(candidate)``, with a missing source refused in the same ProposalRefused as the card's values (a
    proposer learns every mistake at once, not the values only after the source is given)."""
    errors: dict[str, list[str]] = {}
    try:
        _checked(candidate)
    except ProposalRefused as exc:
        errors = exc.errors
    message = missing_source(source_url, source_image)
    if message:
        errors.setdefault("source_url", []).append(message)
    if errors:
        raise ProposalRefused(errors)
    return candidate


def _create(**fields: Any) -> CardProposal:
    """Save the proposal; the same pending change by the same player is refused even when two submissions
    race (the ``proposal_pending_once`` constraint)."""
    image: ProcessedImage | None = fields.pop("source_image", None)
    what = {"kind": fields["kind"], "card": fields["card"].pk if fields.get("card") else None,
            "set": fields["card_set"].pk if fields.get("card_set") else None, "changes": fields["changes"]}
    fields["fingerprint"] = hashlib.sha256(json.dumps(what, sort_keys=True, ensure_ascii=False,
                                                      default=str).encode()).hexdigest()
    proposal = CardProposal(**fields)
    if image is not None:
        proposal.source_image.save(image.image.name, image.image, save=False)
    try:
        with transaction.atomic():
            proposal.save()
    except IntegrityError as exc:
        other = CardProposal.objects.filter(proposer=fields["proposer"], fingerprint=fields["fingerprint"],
                                            status=CardProposal.Status.PENDING).first()
        raise _refuse(_("You already proposed this change (proposal #%(id)d); it waits for an editor.")
                      % {"id": other.pk if other else 0}) from exc
    return proposal


def propose_correction(*, user: Any, card: Card, values: dict[str, Any], source_url: str = "",
                       source_image: ProcessedImage | None = None, note: str = "") -> CardProposal:
    """Propose the values ``values`` (field path → value; the form's whole card) for ``card``: the paths whose
    value differs from the card's make the proposal. Checked as the admin checks a card; refused when nothing
    changed, with no source, when the same change by the same player already waits, or past the hourly limit
    (``SHINPAN_PROPOSALS_PER_HOUR``, default 10). Returns the pending proposal."""
    candidate = Card.objects.select_related("game", "card_set").get(pk=card.pk)
    schema = SCHEMAS[card.game.code]
    for path, _attr in attribute_paths(schema):  # the form gives the whole card: an emptied value is removed
        if path not in values:
            _remove_value(candidate, path)
    for path, value in values.items():
        _set_value(candidate, path, value)
    _checked_and_sourced(candidate, source_url, source_image)
    before, after = values_of(card), values_of(candidate)
    paths = sorted(set(before) | set(after))
    changes = {path: after.get(path, REMOVED) for path in paths
               if path not in before or path not in after or not same(before[path], after[path])}
    if not changes:
        raise _refuse(_("Nothing was changed: edit the values that are wrong."))
    pending = CardProposal.objects.filter(proposer=user, card=card, status=CardProposal.Status.PENDING)
    for other in pending:
        if other.changes == changes:
            raise _refuse(_("You already proposed this change (proposal #%(id)d); it waits for an editor.")
                          % {"id": other.pk})
    _throttle(user)
    return _create(kind=CardProposal.Kind.CORRECTION, game=card.game, card=card, card_set=card.card_set,
                   changes=changes, base={path: before.get(path, REMOVED) for path in changes},
                   source_url=source_url.strip(),
                   source_image=source_image, note=note.strip(), proposer=user)


def propose_card(*, user: Any, game: Game, card_set: CardSet, values: dict[str, Any], source_url: str = "",
                 source_image: ProcessedImage | None = None, note: str = "") -> CardProposal:
    """Propose a new card of ``card_set``: ``values`` holds ``card_type``, ``collector_number``, the common
    fields and the attributes by path. Checked as the admin checks a card (its number free in the set); refused
    as ``propose_correction`` is."""
    if card_set.game_id != game.pk:
        raise _refuse(_("The set belongs to another game."), "card_set")
    candidate = Card(game=game, card_set=card_set, attributes={})
    for path, value in values.items():
        _set_value(candidate, path, value)
    _checked_and_sourced(candidate, source_url, source_image)
    changes = {"card_type": candidate.card_type, "collector_number": candidate.collector_number,
               **{k: v for k, v in values_of(candidate).items() if v != ""}}  # None is a value: "−", none
    pending = CardProposal.objects.filter(proposer=user, kind=CardProposal.Kind.NEW_CARD, card_set=card_set,
                                          status=CardProposal.Status.PENDING)
    for other in pending:
        if other.changes == changes:
            raise _refuse(_("You already proposed this card (proposal #%(id)d); it waits for an editor.")
                          % {"id": other.pk})
    _throttle(user)
    return _create(kind=CardProposal.Kind.NEW_CARD, game=game, card_set=card_set, changes=changes,
                   source_url=source_url.strip(), source_image=source_image, note=note.strip(), proposer=user)


# --- reviewing -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Change:
    """One row of a proposal's difference, as a reader sees it: the value when proposed (``before``), now
    (``now``) and the one proposed, each in words; ``conflict``: the card's value changed since."""

    path: str
    label: str
    before: str
    now: str
    proposed: str
    conflict: bool


def display(game_code: str, path: str, value: Any, japanese: bool) -> str:
    """A field's value in words: choices and card types by their labels, lists joined, "—" for absent and "−"
    for the schema's none."""
    from cards.search.labels import card_type_label, value_text

    if value == REMOVED or value == "":
        return "—"
    if path == "card_type":
        return str(card_type_label(value, japanese))
    head, _, tail = path.partition(".")
    attr = next((a for a in SCHEMAS[game_code].attrs if a.name == head), None)
    if attr is not None and tail:
        attr = next((f for f in attr.fields if f.name == tail), None)
    if attr is None or path in COMMON:
        return shown(value)
    return str(value_text(attr, value, japanese))


def difference(proposal: CardProposal, japanese: bool = False) -> list[Change]:
    """The proposal's rows, in field order (the new card's type and number, the common fields, then the game's
    attributes)."""
    current = values_of(proposal.card) if proposal.card_id else {}
    code = proposal.game.code
    order = [*NEW_CARD_ONLY, *COMMON, *(p for p, _a in attribute_paths(SCHEMAS[code]))]
    paths = sorted(proposal.changes, key=lambda p: order.index(p) if p in order else len(order))
    rows = []
    for path in paths:
        before, now = proposal.base.get(path, REMOVED), current.get(path, REMOVED)
        rows.append(Change(path, label(code, path, japanese), display(code, path, before, japanese),
                           display(code, path, now, japanese), display(code, path, proposal.changes[path], japanese),
                           bool(proposal.card_id) and not same(before, now)))
    return rows


def _pending(proposal: CardProposal) -> CardProposal:
    locked = CardProposal.objects.select_for_update().get(pk=proposal.pk)
    if locked.status != CardProposal.Status.PENDING:
        raise _refuse(_("This proposal was already %(status)s.") % {"status": locked.get_status_display()})
    return locked


def _source(proposal: CardProposal, editor: Any, now: Any) -> dict[str, Any]:
    return {"url": proposal.source_url, "image": proposal.source_image.name if proposal.source_image else "",
            "proposal": proposal.pk, "proposed_by": proposal.proposer.username if proposal.proposer else "",
            "accepted_by": editor.username, "accepted_at": timezone.localdate(now).isoformat()}


def accept(*, proposal: CardProposal, editor: Any, reason: str = "") -> Card:
    """Apply a pending proposal (all or nothing) and return the card: each value takes its source and leaves
    ``sample_fields``; the card's history records the editor and the reason. Refused for a non-editor, a
    proposal already decided, a card whose proposed fields changed since (naming them), or values the rules
    refuse now."""
    if not can_review(editor):
        raise _refuse(_("Only editors review proposals."))
    now = timezone.now()
    with transaction.atomic():
        proposal = _pending(proposal)
        if proposal.kind == CardProposal.Kind.CORRECTION:
            card = Card.objects.select_for_update().select_related("game", "card_set").get(pk=proposal.card_id)
            current = values_of(card)
            changed = [p for p in proposal.changes
                       if not same(current.get(p, REMOVED), proposal.base.get(p, REMOVED))]
            if changed:
                raise ProposalRefused({path: [_("changed since the proposal: it was %(before)s, it is %(now)s "
                                                "now.") % {"before": shown(proposal.base.get(path, REMOVED)),
                                                           "now": shown(current.get(path, REMOVED))}]
                                       for path in changed})
        else:
            card = Card(game=proposal.game, card_set=proposal.card_set, attributes={})
        for path, value in proposal.changes.items():
            _set_value(card, path, value)
        _checked(card)
        source = _source(proposal, editor, now)
        card.sources = {**(card.sources or {}), **{path: source for path in proposal.changes}}
        card.sample_fields = [f for f in (card.sample_fields or []) if f not in proposal.changes]
        card._from_proposal = True  # type: ignore[attr-defined]  # its sources are this proposal's
        card._change_reason = _history_reason(proposal, reason)  # type: ignore[attr-defined]
        card._history_user = editor  # type: ignore[attr-defined]
        card.save()
        proposal.card = card
        proposal.status, proposal.reviewer, proposal.reviewed_at = CardProposal.Status.ACCEPTED, editor, now
        proposal.reason = reason.strip()
        proposal.save(update_fields=["card", "status", "reviewer", "reviewed_at", "reason"])
    return card


def reject(*, proposal: CardProposal, editor: Any, reason: str) -> CardProposal:
    """Reject a pending proposal; the reason is required (the proposer reads it)."""
    if not can_review(editor):
        raise _refuse(_("Only editors review proposals."))
    if not (reason or "").strip():
        raise _refuse(_("Say why the proposal is rejected: its proposer reads the reason."), "reason")
    with transaction.atomic():
        proposal = _pending(proposal)
        proposal.status, proposal.reviewer, proposal.reviewed_at = (CardProposal.Status.REJECTED, editor,
                                                                    timezone.now())
        proposal.reason = reason.strip()
        proposal.save(update_fields=["status", "reviewer", "reviewed_at", "reason"])
    return proposal


def withdraw(*, proposal: CardProposal, user: Any) -> CardProposal:
    """The proposer takes back a proposal still waiting."""
    if proposal.proposer_id != getattr(user, "pk", None):
        raise _refuse(_("Only its proposer can withdraw a proposal."))
    with transaction.atomic():
        proposal = _pending(proposal)
        proposal.status = CardProposal.Status.WITHDRAWN
        proposal.save(update_fields=["status"])
    return proposal


def _history_reason(proposal: CardProposal, reason: str) -> str:
    who = proposal.proposer.username if proposal.proposer else "?"
    text = f"Proposal #{proposal.pk} by {who}"
    return f"{text}: {reason.strip()}"[:100] if reason.strip() else text[:100]


def shown(value: Any) -> str:
    if value == REMOVED or value == "":
        return "—"
    if value is None:
        return "−"  # the schema's "none" (NONE_MARK)
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "—"
    return str(value)



__all__ = ["ALL", "COMMON", "NEW_CARD_ONLY", "Change", "ProposalRefused", "accept", "can_review", "difference",
           "label", "missing_source", "propose_card", "propose_correction", "reject", "shown", "values_of", "withdraw"]

"""Pages of the community's card data (issue 29.4): propose a correction or a new card, the proposals (an
editor's queue, a player's own), one proposal with its difference and the editor's decision, and a card's
history."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import FileResponse, Http404, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import capfirst
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cards.models import CATALOGUED, Card, Game
from config.input_layer import checks_own_input

from . import services
from .forms import DecisionForm, ProposalForm
from .models import CardProposal

PAGE_SIZE = 30


def _japanese() -> bool:
    return (get_language() or "").startswith("ja")


def _named(game_code: str, path: str, text: str) -> str:
    """``text`` after the words for ``path`` ("Upper half: is required on a technique"; 上段：…)."""
    japanese = _japanese()
    return f"{services.label(game_code, path, japanese)}{'：' if japanese else ': '}{text}"


def _propose(request, game: Game, card: Card | None):
    initial = {}
    if card is None and request.GET.get("set"):  # from a set's page: that set chosen
        initial["card_set"] = game.sets.filter(code=request.GET["set"]).first()
    form = ProposalForm(request.POST or None, request.FILES or None, game=game, card=card, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            if card is None:
                proposal = services.propose_card(
                    user=request.user, game=game, card_set=form.cleaned_data["card_set"], values=form.values(),
                    source_url=form.cleaned_data["source_url"], source_image=form.image,
                    note=form.cleaned_data["note"])
            else:
                proposal = services.propose_correction(
                    user=request.user, card=card, values=form.values(), source_url=form.cleaned_data["source_url"],
                    source_image=form.image, note=form.cleaned_data["note"])
        except services.ProposalRefused as exc:
            for path, texts in exc.errors.items():
                field = form.field_name(path)
                for text in texts:  # a path with no field of its own (a technique's whole half) names itself
                    named = text if field or path == services.ALL else _named(game.code, path, text)
                    form.add_error(field, named)
        else:
            messages.success(request, _("Thank you: your proposal waits for an editor."))
            return redirect("community:proposal", pk=proposal.pk)
    return render(request, "community/propose.html",
                  {"form": form, "game": game, "card": card, "photo_sent": bool(request.FILES.get("source_image"))},
                  status=400 if form.errors else 200)


@checks_own_input  # its form shows a refused character beside its field (config.input_layer)
@login_required
def propose_correction(request, pk: int):
    """GET the card's values to correct; POST a proposal (400 with each problem beside its field)."""
    card = get_object_or_404(Card.objects.select_related("game", "card_set"), pk=pk)
    return _propose(request, card.game, card)


@checks_own_input  # its form shows a refused character beside its field (config.input_layer)
@login_required
def propose_card(request, code: str):
    """GET an empty card of the game; POST a proposal for a new card."""
    return _propose(request, get_object_or_404(Game, code=code), None)


@login_required
def proposal_list(request):
    """Editors: the queue (``?status=pending`` by default, or accepted/rejected/withdrawn/all). Others: their own
    proposals."""
    editor = services.can_review(request.user)
    status = request.GET.get("status") or ("pending" if editor else "all")
    proposals = CardProposal.objects.select_related("game", "card", "proposer", "reviewer").order_by(
        "created_at" if status == "pending" else "-created_at")
    if not editor:
        proposals = proposals.filter(proposer=request.user)
    if status in CardProposal.Status.values:
        proposals = proposals.filter(status=status)
    page = Paginator(proposals, PAGE_SIZE).get_page(request.GET.get("page"))
    statuses = [("all", _("all")), *((value, label) for value, label in CardProposal.Status.choices)]
    return render(request, "community/proposals.html",
                  {"page": page, "editor": editor, "status": status, "statuses": statuses})


def _visible(request, proposal: CardProposal) -> bool:
    return services.can_review(request.user) or proposal.proposer_id == request.user.pk


@login_required
def proposal_detail(request, pk: int):
    """One proposal: its difference (when proposed, now, proposed), source and decision; an editor's form to
    accept or reject it. Only its proposer and the editors see it."""
    proposal = get_object_or_404(CardProposal.objects.select_related("game", "card", "card_set", "proposer",
                                                                     "reviewer"), pk=pk)
    if not _visible(request, proposal):
        raise Http404
    rows = services.difference(proposal, _japanese())
    name = proposal.changes.get("name")
    namesakes = (Card.objects.filter(game=proposal.game, name=name).exclude(pk=proposal.card_id)
                 .select_related("card_set")[:10] if isinstance(name, str) and name else [])
    return render(request, "community/proposal.html", {
        "proposal": proposal, "rows": rows, "editor": services.can_review(request.user),
        "conflicts": [row for row in rows if row.conflict and proposal.status == CardProposal.Status.PENDING],
        "errors": request.session.pop(f"proposal-{pk}-errors", None),
        "reason": request.session.pop(f"proposal-{pk}-reason", ""),
        "text_change": any(path in ("rules_text", "keywords") for path in proposal.changes),
        "namesakes": namesakes,
    })


@checks_own_input  # its form shows a refused character beside its field (config.input_layer)
@require_POST
@login_required
def proposal_decide(request, pk: int):
    """An editor's decision: POST ``decision`` accept|reject and ``reason`` (required to reject); the proposer
    may POST ``decision=withdraw``. A refusal is shown on the proposal's page."""
    proposal = get_object_or_404(CardProposal, pk=pk)
    if not _visible(request, proposal):
        raise Http404
    decision = request.POST.get("decision")
    reason_form = DecisionForm(request.POST)
    if not reason_form.is_valid():  # too long, or a character no text may hold (NUL)
        request.session[f"proposal-{pk}-errors"] = [(_("Reason"), text) for text in reason_form.errors["reason"]]
        return redirect("community:proposal", pk=pk)
    reason = reason_form.cleaned_data["reason"]
    try:
        if decision == "accept":
            card = services.accept(proposal=proposal, editor=request.user, reason=reason)
            messages.success(request, _("Accepted: the card has the proposed values."))
            return redirect("cards:card", pk=card.pk)
        if decision == "reject":
            services.reject(proposal=proposal, editor=request.user, reason=reason)
            messages.success(request, _("Rejected; the proposer reads your reason."))
        elif decision == "withdraw":
            services.withdraw(proposal=proposal, user=request.user)
            messages.success(request, _("Your proposal is withdrawn."))
        else:
            return HttpResponseForbidden(_("Unknown decision."))
    except services.ProposalRefused as exc:
        request.session[f"proposal-{pk}-reason"] = reason  # what the editor typed is kept
        request.session[f"proposal-{pk}-errors"] = [
            ((_("Reason") if path == "reason" else services.label(proposal.game.code, path, _japanese()))
             if path != services.ALL else "", text)
            for path, texts in exc.errors.items() for text in texts]
    return redirect("community:proposal", pk=pk)


def _history_rows(code: str, field: str, old: object, new: object) -> list[tuple[str, str, str]]:
    """One field's change as rows ``(label, before, after)`` in words: the attributes (and a technique's halves)
    value by value, sample values and sources as the fields they name."""
    japanese = _japanese()
    if field == "attributes" and isinstance(old, dict) and isinstance(new, dict):
        rows = []
        for key in sorted(set(old) | set(new)):
            before, after = old.get(key, services.REMOVED), new.get(key, services.REMOVED)
            if isinstance(before, dict) or isinstance(after, dict):  # a technique's half, field by field
                halves = (before if isinstance(before, dict) else {}, after if isinstance(after, dict) else {})
                for sub in sorted(set(halves[0]) | set(halves[1])):
                    path = f"{key}.{sub}"
                    b, a = halves[0].get(sub, services.REMOVED), halves[1].get(sub, services.REMOVED)
                    if not services.same(b, a):
                        rows.append((services.label(code, path, japanese), services.display(code, path, b, japanese),
                                     services.display(code, path, a, japanese)))
            elif not services.same(before, after):
                rows.append((services.label(code, key, japanese), services.display(code, key, before, japanese),
                             services.display(code, key, after, japanese)))
        return rows
    name = capfirst(str(Card._meta.get_field(field).verbose_name))
    if field in ("sample_fields", "sources"):
        def fields(value: object) -> str:
            paths = list(value) if isinstance(value, list | dict) else []
            return ("、" if japanese else ", ").join(services.label(code, p, japanese) for p in paths) or "—"
        return [(name, fields(old), fields(new))]
    return [(name, services.shown(old), services.shown(new))]


def proposal_photo(request, pk: int):
    """The photo a proposal gives as its source: to its proposer and the editors while it waits or once it is
    rejected; to everyone once accepted (a value's source on the card page). 404 otherwise."""
    proposal = get_object_or_404(CardProposal, pk=pk)
    allowed = proposal.status == CardProposal.Status.ACCEPTED or (
        request.user.is_authenticated and _visible(request, proposal))
    if not allowed or not proposal.source_image:
        raise Http404
    try:
        handle = proposal.source_image.open("rb")
    except FileNotFoundError as exc:
        raise Http404 from exc
    return FileResponse(handle, content_type="image/webp")


def card_history(request, pk: int):
    """Every recorded version of a card, newest first, each with who made it, when, why and what changed."""
    card = get_object_or_404(Card.objects.select_related("game", "card_set"), pk=pk)
    records = list(card.history.select_related("history_user").order_by("-history_date", "-history_id")[:200])
    versions = []
    for record, older in zip(records, [*records[1:], None], strict=True):
        changes = []
        if older is not None:
            delta = record.diff_against(older, excluded_fields=["created_at"])
            for change in delta.changes:
                changes += _history_rows(card.game.code, change.field, change.old, change.new)
        versions.append({"record": record, "changes": changes, "first": older is None})
    proposals = card.proposals.filter(Q(status=CardProposal.Status.ACCEPTED)).order_by("-reviewed_at")[:50]
    return render(request, "community/history.html", {"card": card, "versions": versions, "proposals": proposals,
                                                      "catalogued": CATALOGUED})

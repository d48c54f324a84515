"""The board framework: ``build_board(match, seat=…)`` gives the ``Board`` the frame template renders, from the
game's presenter (its spec's ``board`` part in ``referee.registry``) and what every game shares (clocks, the
pending submission, ruling and log).

How a game adds its board: docs/boards.md.
"""

from __future__ import annotations

import dataclasses
from importlib.util import find_spec

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from referee import registry
from referee.engine import get_engine

from ..labels import error_label
from ..models import Match, Submission
from ..selectors import TAKEBACK_KIND, counting_versions, match_log, match_view
from ..takeback_rules import takeback_why_not, takebacks_allowed
from .choices import build_groups
from .frame import Board, Clock, End, Line
from .presenter import BoardInput, Presenter

__all__ = ["Presenter", "build_board", "presenter_for"]

LOG_LENGTH = 14  # log lines shown on the board (the replay has them all)


@registry.cached
def presenter_for(game: str) -> Presenter:
    """The board presenter of ``game`` (an instance of its spec's ``board`` class); the neutral ``Presenter`` for
    a code that is no registered game."""
    if not registry.is_game(game):
        return Presenter()
    presenter: Presenter = registry.spec(game).part("board")()
    return presenter


def board_input(match: Match, seat: str | None) -> tuple[Presenter, BoardInput]:
    presenter = presenter_for(match.game)
    view = match_view(match=match, seat=seat)
    state = view["state"] or {}
    return presenter, BoardInput(match=match, view=view, state=state, seat=seat, names=presenter.names(state))


def sentences(*parts: str) -> str:
    """Sentences one after another: a space between them in English, none after 。 in Japanese."""
    parts = [str(p) for p in parts if p]
    joined = parts[0] if parts else ""
    for part in parts[1:]:
        joined += part if joined.endswith(("。", "！", "？")) else " " + part
    return joined


def build_board(match: Match, *, seat: str | None, error: str = "") -> Board:
    """The board of ``match`` as ``seat`` (None: a spectator) sees it; ``error`` a sentence to show (a refused
    action). A seat whose submission waits for the referee gets no choices, only what it sent."""
    presenter, data = board_input(match, seat)
    submitted = _waiting(match, seat)
    error = error or _refused(match, seat)
    my_turn = seat is not None and data.to_act == seat and match.status == Match.Status.ACTIVE
    groups = build_groups(data.view["legal_actions"], lambda a: presenter.choice(a, data)) if my_turn else []
    events = match_log(match=match, seat=seat, since=max(0, match.next_seq - 40))
    made_for = _made_for(match, since=events[0]["version"] if events else 0)
    lines = _lines(presenter, data, events, made_for)
    prompt, tone = _prompt(presenter, data, match, my_turn, submitted)
    ruling = _ruling(presenter, match, seat, events, lines)
    shown = {id(line) for line in ruling}  # each event once: the latest events are those before the ruling
    return Board(
        game=match.game, template=presenter.template, version=match.version, status=match.status, seat=seat,
        prompt=prompt, prompt_tone=tone, my_turn=my_turn, stats=presenter.stats(data) if data.state else [],
        clocks=_clocks(presenter, data, match), zones=presenter.zones(data) if data.state else {},
        groups=groups, ruling=ruling,
        log=[line for line in lines if id(line) not in shown][-LOG_LENGTH:][::-1],
        declaration=presenter.declaration(data) if data.state else "",
        submitted=presenter.describe(submitted.action, data) if submitted else "", error=error,
        end=_end(presenter, data, match, seat),
        settings=_settings(presenter, match, seat),
        settings_url=reverse("matches:play-settings", args=[match.game]) if presenter.settings and seat else "",
        **_takeback(match, seat, submitted),
    )


def _takeback(match: Match, seat: str | None, submitted) -> dict:
    """The takeback controls for the reader (``Board.takeback`` and its urls): none for a spectator, a match not
    in play or a rated one; "answer" when the other player asked, "waiting" when the reader did, "offer" when the
    reader may ask (``takeback_rules.takeback_why_not``: a decision of theirs and no new hidden information
    since) and no action of theirs is waiting for the referee, "declined" when the other player declined the
    reader's request at this version."""
    if seat is None or match.status != Match.Status.ACTIVE or takebacks_allowed(match):
        return {}
    urls = {"takeback_url": reverse("matches:takeback", args=[match.pk]),
            "takeback_decline_url": reverse("matches:takeback-decline", args=[match.pk])}
    offer = match.takeback
    if offer:
        return {"takeback": "waiting" if offer.get("offered_by") == seat else "answer", **urls}
    declined = {"takeback_declined": True} if _declined(match) == seat else {}  # told until the match moves on
    if submitted is None and not takeback_why_not(match, seat, presenter_for(match.game)):
        return {"takeback": "offer", **declined, **urls}
    return {"takeback": "declined", **declined, **urls} if declined else {}


def _declined(match: Match) -> str:
    """The seat whose takeback the other player declined at the match's current version ("" if none):
    ``config["takeback_declined"]`` (``matches.services.takeback.match_takeback_decline``)."""
    found = (match.config or {}).get("takeback_declined") or {}
    return found.get("seat", "") if found.get("version") == match.version else ""


def _settings(presenter: Presenter, match: Match, seat: str | None) -> list[dict]:
    """The reader's board settings for this game, as the settings form shows them (none for a spectator or a
    finished match)."""
    if seat is None or not presenter.settings or match.status not in (Match.Status.ACTIVE, Match.Status.OPEN):
        return []
    from ..models import PlaySettings

    user_id = next((s.user_id for s in match.seat_rows() if s.seat == seat), None)
    chosen = PlaySettings.chosen(user_id, match.game)
    return [{"kind": s.kind, "label": str(s.label),
             "choices": [(code, str(label), code == presenter.setting_choice(s, chosen)) for code, label in s.choices]}
            for s in presenter.settings]


def _end(presenter: Presenter, data: BoardInput, match: Match, seat: str | None) -> End | None:
    """The end panel (issue 27, point 6): the result for the reader, its reason and rule, the rematch."""
    if match.status not in (Match.Status.FINISHED, Match.Status.ABORTED):
        return None
    outcome = match.outcome or {}
    winner = outcome.get("winner")
    if match.status == Match.Status.ABORTED:
        title, tone = _("The match was aborted"), "light"
    elif winner is None:
        title, tone = _("Draw"), "info"
    elif seat is None:
        title, tone = _("%(seat)s won") % {"seat": presenter.seat_label(winner)}, "info"
    elif winner == seat:
        title, tone = _("You won"), "success"
    else:
        title, tone = _("You lost"), "danger"
    end = End(title=title, tone=tone, reason=presenter.outcome(data),
              rule=presenter.clause(outcome.get("clause") or ""))
    if seat is None or match.started_at is None:
        return end
    state = match.rematch
    end.action_url = reverse("matches:rematch", args=[match.pk])
    end.deckless = match.format_code in presenter.deckless_formats
    if "match" in state:
        end.rematch, end.rematch_url = "made", reverse("matches:detail", args=[state["match"]])
    elif state.get("offered_by") == seat:
        end.rematch = "waiting"
    elif state.get("offered_by"):
        end.rematch = "accept"
    else:
        end.rematch = "offer"
    return end


def _made_for(match: Match, *, since: int = 0) -> dict[int, str]:
    """The versions (from ``since``) whose applied action someone other than its player chose, with who: the
    clock (time ran out), ``forced`` (the only legal action) or ``setting`` (the player's settings)."""
    return dict(match.submissions.filter(status=Submission.Status.APPLIED, source__in=MADE_FOR,
                                         applied_version__gte=since).values_list("applied_version", "source"))


def _lines(presenter: Presenter, data: BoardInput, events: list[dict], made_for: dict[int, str]) -> list[Line]:
    """The events as lines; the first line of an action the clock, a single choice or a setting made says so
    ("(time ran out) …", "(only choice) …", "(by setting) …"); every line of an action taken back says so
    ("(taken back) …"). An event told to the reader alone (their own draw, their own stack) names its cards
    even after they went out of sight (a technique shuffled back into the deck): the reader was shown them."""
    lines, marked = [], set()
    told: BoardInput | None = None
    for event in events:
        version = event["version"]
        if data.seat is not None and data.seat in (event.get("to") or ()) and data.match is not None:
            if told is None:
                every = presenter.names({"cards": (data.match.state or {}).get("cards") or {}})
                told = dataclasses.replace(data, names={**every, **data.names})
            line = _line(presenter, told, event)
        else:
            line = _line(presenter, data, event)
        if version in made_for and version not in marked:
            marked.add(version)
            line.text = made_for_text(made_for[version], line.text)
        if event.get("taken_back"):
            line.text, line.taken_back = _("(taken back) %(text)s") % {"text": line.text}, True
        lines.append(line)
    return lines


def takeback_text(presenter: Presenter, event: dict) -> str:
    """The log line of a takeback event (``matches.services.takeback``): who took back, who accepted."""
    data = event.get("data") or {}
    return _("%(seat)s took back their last decision; %(other)s accepted.") % {
        "seat": presenter.seat_label(data.get("seat")), "other": presenter.seat_label(data.get("accepted_by"))}


MADE_FOR = ("clock", "forced", "setting")


def made_for_text(source: str, text: str) -> str:
    """``text`` marked as made by the clock, as the only choice or by the player's settings."""
    if source == "forced":
        return _("(only choice) %(text)s") % {"text": text}
    if source == "setting":
        return _("(by setting) %(text)s") % {"text": text}
    return timed_out_text(text)


def timed_out_text(text: str) -> str:
    return _("(time ran out) %(text)s") % {"text": text}


def _ruling(presenter: Presenter, match: Match, seat: str | None, events: list[dict], lines: list[Line]) -> list[Line]:
    """The last ruling: every line since the reader's previous decision (its own result included), in the order
    they happened (an attack before the defence that answered it), the decisive ones (``presenter.decisive_kinds``:
    scoring, attack and defence resolutions) marked to stand out. A spectator, or a seat that has not decided yet,
    gets the lines of the last applied action."""
    if not events:
        return []
    start = events[-1]["version"]
    if seat is not None:
        own = (match.submissions.filter(seat=seat, status=Submission.Status.APPLIED).exclude(source__in=MADE_FOR)
               .order_by("-applied_version").values_list("applied_version", flat=True).first())
        if own is not None:
            start = min(start, own)
    if start <= 0:
        return []
    recent = [line for line, event in zip(lines, events, strict=True) if event["version"] >= start]
    for line in recent:
        line.decisive = line.kind in presenter.decisive_kinds
    return recent


def _waiting(match: Match, seat: str | None) -> Submission | None:
    """The reader's own submission for the current version that the referee has not ruled on yet."""
    if seat is None or match.status != Match.Status.ACTIVE:
        return None
    return (match.submissions.filter(seat=seat, status=Submission.Status.PENDING,
                                     expected_version=match.version).order_by("id").first())


def _refused(match: Match, seat: str | None) -> str:
    """Why the reader's last submission at this version was refused ("" if none was): the worker refused it
    after the board showed it as sent."""
    if seat is None or match.status != Match.Status.ACTIVE:
        return ""
    refused = (match.submissions.filter(seat=seat, status=Submission.Status.REJECTED, expected_version=match.version)
               .order_by("-id").only("error").first())
    if refused is None:
        return ""
    error = refused.error or {}
    return error_label(error.get("code", ""), error.get("clause", ""))


def _prompt(presenter: Presenter, data: BoardInput, match: Match, my_turn: bool, submitted) -> tuple[str, str]:
    if match.status == Match.Status.OPEN:
        return _("Waiting for an opponent to accept the challenge."), "info"
    if match.status in (Match.Status.FINISHED, Match.Status.ABORTED):
        return _("The match is over."), "light"  # the end panel says how
    if submitted is not None:
        return _("Sent: %(action)s. Waiting for the referee…") % {
            "action": presenter.describe(submitted.action, data)}, "warning"
    sentence = presenter.prompt(data)
    if data.seat is None:
        return sentences(_("You are watching as a spectator."), sentence), "light"
    return sentence, "primary" if my_turn else "light"


def _clocks(presenter: Presenter, data: BoardInput, match: Match) -> list[Clock]:
    """One clock per seat: the seat to act's counts down to ``deadline_at``; ``on_timeout`` says what the
    engine's documented default does then (``engine.default_action``), or that the seat loses on time."""
    engine = get_engine(match.game)
    total = match.decision_seconds
    now = timezone.now()
    clocks = []
    for seat in engine.seats:
        active = data.to_act == seat and match.status == Match.Status.ACTIVE and match.deadline_at is not None
        remaining = max(0, int((match.deadline_at - now).total_seconds())) if active else None
        clocks.append(Clock(
            seat=seat, label=presenter.seat_label(seat), active=active, mine=seat == data.seat, total=total,
            deadline=match.deadline_at.isoformat() if active else None, remaining=remaining,
            warn_at=min(10, max(3, (total or 30) // 3)),
            on_timeout=_on_timeout(presenter, data, engine, match, seat) if total else "",
        ))
    return clocks


def _on_timeout(presenter: Presenter, data: BoardInput, engine, match: Match, seat: str) -> str:
    if data.to_act != seat or match.state is None:
        return ""
    default_action = getattr(engine, "default_action", None)
    action = default_action(match.state, seat) if default_action else None
    if action is None:
        return _("If time runs out, %(seat)s loses the game on time.") % {"seat": presenter.seat_label(seat)}
    from referee.engine import encode

    return _("If time runs out, the clock plays: %(action)s.") % {
        "action": presenter.describe(encode(action), data)}


def _line(presenter: Presenter, data: BoardInput, event: dict) -> Line:
    seat = (event.get("data") or {}).get("seat") or ""
    clause = event.get("clause") or ""
    if event.get("kind") == TAKEBACK_KIND:
        return Line(text=takeback_text(presenter, event), clause="", kind=TAKEBACK_KIND,
                    seat=seat if isinstance(seat, str) else "")
    return Line(text=presenter.narrate(event, data), clause=presenter.clause(clause), kind=event.get("kind", ""),
                seat=seat if isinstance(seat, str) else "", reading=presenter.reading(clause),
                inputs=presenter.inputs(event, data))


def board_key(match: Match, seat: str | None) -> str:
    """What the board partial depends on besides the reader: the version, the status and whether the reader's
    submission is still waiting (so a refused one brings its board back at once). ``?v=`` carries it."""
    waiting = _waiting(match, seat) is not None
    rematch = match.rematch  # an offer or a new match changes the end panel
    again = f"-r{rematch.get('match') or rematch.get('offered_by')}" if rematch else ""
    takeback = match.takeback  # a takeback asked or declined changes the controls
    back = f"-t{takeback['offered_by']}" if takeback else ""
    declined = _declined(match)
    back += f"-d{declined}" if declined else ""
    return f"{match.version}-{match.status}{'-sent' if waiting else ''}{again}{back}"


def faces_available() -> bool:
    """True once the card-face template tags (``{% load faces %}``, the catalogue's) exist."""
    return find_spec("cards.templatetags.faces") is not None


def _finished_input(match: Match) -> tuple[Presenter, BoardInput]:
    """A finished match's presenter and input as a spectator, every card named: the match is over, every card is
    public, including those that were only ever in a hand."""
    presenter, data = board_input(match, None)
    if match.state:
        data.names = {**presenter.names({"cards": match.state.get("cards") or {}}), **data.names}
    return presenter, data


def _as_told(event: dict, seat: str | None, reveal: bool) -> dict:
    """``event`` as a replay watched as ``seat`` (None: a spectator) tells it: in full when ``reveal`` (the hidden
    cards shown) or when it was told to everyone or to ``seat``; else withheld, as the live board said it."""
    to = event.get("to") or []
    return event if reveal or not to or seat in to else {**event, "data": None, "withheld": True}


def replay_setup_lines(match: Match, log: dict, seat: str | None = None, reveal: bool = True) -> list[Line]:
    """The setup of a finished match's log (the shuffles, the hands dealt, who goes first) as lines, as ``seat``
    sees it (``_as_told``), every card it is told named (the match is over): what step 0 of the replay
    narrates."""
    presenter, data = _finished_input(match)
    return [_line(presenter, data, _as_told(event, seat, reveal)) for event in log.get("setup_events") or []]


def replay_steps(match: Match, log: dict, seat: str | None = None, reveal: bool = True) -> list[dict]:
    """Each applied action of a finished match's log as ``{"action": sentence, "seat", "lines": [Line]}``, the
    events as ``seat`` was told them unless ``reveal`` (``_as_told``)."""
    presenter, data = _finished_input(match)
    made_for = _made_for(match)
    versions = counting_versions(match)  # entry i is the action applied at versions[i] (takebacks skipped)
    steps = []
    for version, entry in zip(versions, log["entries"], strict=True):
        action = presenter.describe(entry["action"], data)
        steps.append({"action": made_for_text(made_for[version], action) if version in made_for else action,
                      "seat": entry["action"].get("seat", ""), "timed_out": made_for.get(version) == "clock",
                      "seat_label": presenter.seat_label(entry["action"].get("seat")),
                      "lines": [_line(presenter, data, _as_told(event, seat, reveal)) for event in entry["events"]]})
    return steps

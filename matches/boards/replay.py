"""A finished match's board at any step (issue 27, point 7): the state rebuilt from the log (the seed, the setup and
the first ``step`` actions, through the engine, as ``referee.engine.replay`` verifies it) and drawn by the game's
own presenter, as either seat or a spectator; with ``reveal`` the other side's hidden cards are shown too (the
match is over: nothing is secret any more).

Rebuilding is cheap (a 2,000-action Iron Leaguer game replays in about 0.1 s); the last state built per match is
kept in the process, so stepping forward applies one action. ``chapters`` lists the steps a reader jumps to: each
turn (Legions!, Riders' Legend), scene and interval (Iron Leaguer), from the presenter's ``chapter``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from django.utils.translation import gettext as _

from referee.engine import RngSeed, get_engine

from ..models import Match
from .frame import Board, Line
from .presenter import BoardInput, Presenter

KEPT = 8  # matches whose last rebuilt state this process keeps
_STATES: OrderedDict[tuple, tuple[int, dict]] = OrderedDict()
_LOCK = threading.Lock()


def replay_state(match: Match, log: dict, step: int) -> dict:
    """The engine state after the first ``step`` actions of ``log`` (0: after the setup). ``step`` is clamped to
    0..len(entries). The log's actions were verified when the match was played, so none is refused here."""
    engine = get_engine(match.game)
    entries = log["entries"]
    step = max(0, min(step, len(entries)))
    key = (match.pk, match.commitment)
    with _LOCK:
        found = _STATES.get(key)
    if found is not None and found[0] <= step:
        at, state = found
    else:
        rng = RngSeed(bytes.fromhex(log["seed"]), tuple(log["entropy"]))
        at, (state, _events) = 0, engine.new_game(log["config"], log["decks"], rng)
    for entry in entries[at:step]:
        state, _events = engine.apply(state, entry["action"])
    with _LOCK:
        _STATES[key] = (step, state)
        _STATES.move_to_end(key)
        while len(_STATES) > KEPT:
            _STATES.popitem(last=False)
    return state


def replay_input(presenter: Presenter, match: Match, state: dict, seat: str | None, reveal: bool) -> BoardInput:
    """What the presenter reads at a replay step: ``seat``'s view of ``state`` (a spectator's for None), with every
    side's own view of its private zones laid over it when ``reveal``."""
    engine = get_engine(match.game)
    view = engine.view(state, seat)
    if reveal:
        for other in engine.seats:
            if other != seat:
                view = presenter.reveal(view, engine.view(state, other), other)
    names = presenter.names(state)  # the match is over: every card may be named
    return BoardInput(match=match, view={"to_act": engine.to_act(state), "legal_actions": []}, state=view,
                      seat=seat, names=names)


def replay_board(match: Match, log: dict, steps: list[dict], step: int, *, seat: str | None,
                 reveal: bool, setup: list[Line] | None = None) -> Board:
    """The board at ``step`` (0..len(steps)) as ``seat`` sees it (None: a spectator), ``reveal``: hidden cards
    shown. ``steps``: the narrated steps (``replay_steps``): the step's own lines are the board's last ruling,
    the steps before it its latest events; at step 0 ``setup`` (``replay_setup_lines``: the shuffles and hands
    dealt) is the ruling."""
    from . import presenter_for

    presenter = presenter_for(match.game)
    state = replay_state(match, log, step)
    data = replay_input(presenter, match, state, seat, reveal)
    step = max(0, min(step, len(steps)))
    if step:
        current = steps[step - 1]
        prompt = _("Step %(n)s of %(total)s: %(action)s") % {"n": step, "total": len(steps),
                                                             "action": f"{current['seat_label']} · {current['action']}"}
    else:
        prompt = _("Step 0 of %(total)s: the game is set up.") % {"total": len(steps)}
    zones = presenter.zones(data) if data.state else {}
    if seat and "bottom_hand" in zones:  # a replay is watched as a seat, not played from it: the hand is named
        zones["bottom_hand"].title = _("%(seat)s: hand") % {"seat": presenter.seat_label(seat)}
    earlier: list[Line] = [line for s in steps[max(0, step - 6):max(0, step - 1)] for line in s["lines"]]
    return Board(
        game=match.game, template=presenter.template, version=step, status=Match.Status.FINISHED, seat=seat,
        prompt=prompt, prompt_tone="light", my_turn=False, stats=presenter.stats(data) if data.state else [],
        clocks=[], zones=zones, groups=[],
        ruling=list(steps[step - 1]["lines"]) if step else list(setup or []), log=earlier[::-1][:14],
        declaration=presenter.declaration(data) if data.state else "")


def chapters(match: Match, log: dict) -> list[tuple[int, str]]:
    """``[(step, label)]``: the first step of each turn, scene or interval (the presenter's ``chapter`` of the
    events an action made), in order; step 0 is the setup."""
    from . import presenter_for

    presenter = presenter_for(match.game)
    out = [(0, _("Setup"))]
    for index, entry in enumerate(log["entries"], start=1):
        for event in entry["events"]:
            label = presenter.chapter(event)
            if label:
                out.append((index, label))
                break
    return out

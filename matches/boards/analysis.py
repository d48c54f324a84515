"""The replay's analysis, in words (issue 28, point 5): each seat's panel (asked for, being made, its largest
drops) and the marks on the steps it weighed. The figures are ``referee.engine.analysis``'s; the words are here.

A drop is the search's estimated chance of winning after its best action minus the chance after the action
chosen. Like lichess's judgement of a move by the winning chances it gives away, a drop of at least 10 points is
an inaccuracy, 20 a mistake, 30 a blunder (``GRADES``: our thresholds, wider than lichess's because a hard
search of a few hundred iterations judges to within several points).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from referee.engine import get_engine

from ..models import Analysis, Match
from .presenter import BoardInput, Presenter

# (least drop, code): the first that a drop reaches names it.
GRADES = ((0.30, "blunder"), (0.20, "mistake"), (0.10, "inaccuracy"))
# How many of a seat's largest drops its panel lists.
LARGEST = 5


def grade(drop: float) -> str:
    """``"blunder"``, ``"mistake"``, ``"inaccuracy"`` or ``""`` for a drop (0..1) (``GRADES``)."""
    return next((code for least, code in GRADES if drop >= least - 1e-9), "")


def grade_label(code: str) -> str:
    return {"blunder": pgettext("analysis", "Blunder"), "mistake": pgettext("analysis", "Mistake"),
            "inaccuracy": pgettext("analysis", "Inaccuracy")}.get(code, "")


def percent(value: float) -> str:
    """A chance to win as a reader takes it: whole percents, never a certain 0% or 100% (the figure is an
    estimate)."""
    if value >= 0.995:
        return ">99%"
    if value < 0.005:
        return "<1%"
    return f"{round(100 * value)}%"


# A drop under this (a hundredth) is "as good as" the search's choice.
EVEN = 0.01


@dataclass
class Mark:
    """One weighed decision as the replay shows it: ``step`` (1-based), the seat, the sentences, the grade.
    ``best`` is empty when the view may not read it (a card of a hand the view does not show)."""

    step: int
    seat: str
    seat_label: str
    chosen: str
    chosen_value: str
    best: str
    best_value: str
    drop: float
    grade: str
    grade_label: str
    same: bool  # the chosen action is the search's own best

    @property
    def points(self) -> int:
        """The drop in points of the chance to win (0..100)."""
        return round(100 * self.drop)

    @property
    def sentence(self) -> str:
        values = {"best": self.best, "best_value": self.best_value, "chosen": self.chosen,
                  "chosen_value": self.chosen_value}
        if self.same:
            return _("The bot would have chosen this too: %(chosen_value)s to win.") % values
        if not self.best:
            return _("The bot's best here (hidden in this view) was worth %(best_value)s; the chosen "
                     "“%(chosen)s” %(chosen_value)s.") % values
        if self.drop < EVEN:
            return _("As good as the bot's choice, “%(best)s” (%(chosen_value)s either way).") % values
        if self.best == self.chosen:
            return _("Another way to “%(best)s” was worth %(best_value)s; the one chosen %(chosen_value)s.") % values
        return _("“%(best)s” was worth %(best_value)s; the chosen “%(chosen)s” %(chosen_value)s.") % values


@dataclass
class Panel:
    """A seat's analysis panel: ``status`` (``Analysis.Status`` value, ``"lost"`` for one whose worker is gone,
    or ``""`` when not asked for), progress, the grades counted and the largest drops."""

    seat: str
    seat_label: str
    status: str = ""
    done: int = 0
    total: int = 0
    error: str = ""
    level: str = ""
    counts: dict[str, int] = field(default_factory=dict)
    largest: list[Mark] = field(default_factory=list)
    graded: int = 0
    weighed: int = 0
    readable: bool = True  # the view shows this seat's hidden cards: its best actions are named

    @property
    def percent_done(self) -> int:
        return round(100 * self.done / self.total) if self.total else 0

    @property
    def level_label(self) -> str:
        return {"easy": _("easy"), "normal": _("normal"), "hard": _("hard")}.get(self.level, self.level)


def _mark(presenter: Presenter, data: BoardInput, seat: str, entry: dict, readable: bool) -> Mark:
    drop = float(entry["drop"])
    code = grade(drop)
    same = entry["best"] == entry["chosen"]
    return Mark(step=entry["entry"] + 1, seat=seat, seat_label=presenter.seat_label(seat),
                chosen=presenter.describe(entry["chosen"], data), chosen_value=percent(entry["chosen_value"]),
                best=presenter.describe(entry["best"], data) if readable or same else "",
                best_value=percent(entry["best_value"]), drop=drop, grade=code, grade_label=grade_label(code),
                same=same)


def analysis_for(match: Match, viewer: str | None = None, reveal: bool = True
                 ) -> tuple[list[Panel], dict[int, list[Mark]]]:
    """Each seat's panel and, for every weighed step, its marks (step → marks, one per seat that acted there).
    The replay's view decides what is named: a seat's best actions (cards of its hand, maybe) are named when the
    view is that seat's (``viewer``) or shows the hidden cards (``reveal``); the chosen actions are named as the
    replay's steps name them."""
    from ..services.analysis import analysis_lost
    from . import _finished_input, presenter_for

    seats = get_engine(match.game).seats
    rows = {row.seat: row for row in Analysis.objects.filter(match=match)}
    # every card named, built only when there are marks to word (the replay asks on every step it shows)
    presenter, data = (_finished_input(match) if any(r.status == Analysis.Status.DONE for r in rows.values())
                       else (presenter_for(match.game), None))
    panels: list[Panel] = []
    marks: dict[int, list[Mark]] = {}
    for seat in seats:
        panel = Panel(seat=seat, seat_label=presenter.seat_label(seat), readable=reveal or viewer == seat)
        row = rows.get(seat)
        if row is not None:
            panel.status, panel.done, panel.total, panel.level = row.status, row.done, row.total, row.level
            panel.error = row.error
            if analysis_lost(row):
                panel.status = "lost"
            if row.status == Analysis.Status.DONE and data is not None:
                seat_marks = [_mark(presenter, data, seat, entry, panel.readable) for entry in row.result]
                for mark in seat_marks:
                    marks.setdefault(mark.step, []).append(mark)
                panel.weighed = len(seat_marks)
                panel.counts = {code: sum(m.grade == code for m in seat_marks) for _least, code in GRADES}
                graded = sorted((m for m in seat_marks if m.grade), key=lambda m: (-m.drop, m.step))
                panel.graded, panel.largest = len(graded), graded[:LARGEST]
        panels.append(panel)
    return panels, marks


"""Problems and the report that gathers them. Pure Python: no Django import.

A ``Problem`` is one broken rule: a stable ``code`` (tests and clients match on it, never on the wording),
an English and a Japanese message, and where it is: the deck ``section``, the ``card`` name and the decklist
``line`` (1-based, None when the deck did not come from text). ``severity`` is "error" (the deck is
illegal) or "warning".
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    code: str
    message_en: str
    message_ja: str
    section: str | None = None
    card: str | None = None
    line: int | None = None
    severity: str = ERROR
    suggestions: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        """JSON shape: ``{"code", "message", "message_ja", "section", "card", "line"}`` (+
        ``suggestions``)."""
        data = asdict(self)
        data["message"] = data.pop("message_en")
        data["suggestions"] = list(self.suggestions)
        data.pop("severity")
        return data


@dataclass
class Report:
    """Every problem found at once; ``legal`` is true when there is no error (warnings never make a deck
    illegal)."""

    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.errors

    @property
    def codes(self) -> list[str]:
        return [p.code for p in self.errors]

    def add(self, problem: Problem) -> None:
        (self.warnings if problem.severity == WARNING else self.errors).append(problem)

    def extend(self, problems) -> None:
        for problem in problems:
            self.add(problem)

    def as_dict(self) -> dict:
        """JSON shape: ``{"legal": bool, "errors": [problem…], "warnings": [problem…]}``."""
        return {
            "legal": self.legal,
            "errors": [p.as_dict() for p in self.errors],
            "warnings": [p.as_dict() for p in self.warnings],
        }

    def as_text(self) -> str:
        """A human report, one problem per line: ``line 12 [deck] 下忍カスミ: deck.copy_limit — message``."""
        lines = ["LEGAL" if self.legal else "ILLEGAL"]
        for label, problems in (("error", self.errors), ("warning", self.warnings)):
            for p in problems:
                where = " ".join(
                    part
                    for part in (
                        f"line {p.line}" if p.line else "",
                        f"[{p.section}]" if p.section else "",
                        p.card or "",
                    )
                    if part
                )
                # the message already names the suggestions ("Did you mean …?", "could be any of …")
                lines.append(f"{label}: {where + ': ' if where else ''}{p.code} — {p.message_en}")
        return "\n".join(lines)

"""Read a decklist text and judge it: the one pipeline behind the CLI, the API, the builder and the bench.

Pure Python (no Django import): the catalogue comes in as ``index_for(game) -> CardIndex`` and the formats as
plain data, so the same function runs in a test, a benchmark or a request.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date

from . import codec, games
from .legality import Report, check, labels

MAX_CHARS = 100_000  # characters of a decklist text
MAX_BYTES = 4 * MAX_CHARS  # bytes of a decklist file (no encoding it is read in takes more than 4 a character)
MAX_LINES = 500  # lines of a decklist text (a deck is at most a few dozen lines, plus comments)


class Unreadable(ValueError):
    """The text cannot be judged at all: no game can be told, or the format is unknown.

    ``str(exc)`` is the English sentence; ``message_ja`` the Japanese one."""

    def __init__(self, message: str, message_ja: str):
        super().__init__(message)
        self.message_ja = message_ja


@dataclass
class TextResult:
    """A judged decklist: ``report`` holds the reading problems (by line) and the legality problems."""

    report: Report
    game: str
    format: Mapping
    meta: dict = field(default_factory=dict)  # name, side, description
    entries: list[dict] = field(default_factory=list)  # {"card": key, "count", "section", "line"}
    index: codec.CardIndex | None = None

    @property
    def readable(self) -> bool:
        """True when every line was read and every card found (a deck may be saved from it)."""
        return not any(p.code.startswith("codec.") for p in self.report.errors)


def _format_for(parsed: codec.Parsed, formats: Mapping[str, Mapping], format_code: str | None,
                game_hint: str | None = None) -> Mapping:
    if format_code is not None:
        if format_code not in formats:
            raise Unreadable(
                f"There is no format called “{format_code}” (known: {', '.join(sorted(formats))}).",
                f"「{format_code}」というフォーマットはありません（{'、'.join(sorted(formats))}）。",
            )
        return formats[format_code]
    if "format" in parsed.meta:
        code, number = parsed.meta["format"]
        if code not in formats:
            raise Unreadable(
                f"Line {number}: there is no format called “{code}” (known: {', '.join(sorted(formats))}).",
                f"{number}行目：「{code}」というフォーマットはありません（{'、'.join(sorted(formats))}）。",
            )
        return formats[code]
    game = codec.detect_game(parsed, formats) or game_hint
    if game is None:
        raise Unreadable(
            "Cannot tell which game this list is for: add a “Game:” or “Format:” line, or choose a format.",
            "どのゲームのデッキか分かりません。「ゲーム：」か「フォーマット：」の行を加えるか、フォーマットを選んでください。",
        )
    default = games.default_format(game)  # the game's spec names it
    if default not in formats:
        raise Unreadable(
            f"No format for {labels.game_en(game)} is loaded yet.",
            f"{labels.game_ja(game)}のフォーマットがまだ登録されていません。",
        )
    return formats[default]


def check_text(
    text: str,
    *,
    formats: Mapping[str, Mapping],
    index_for: Callable[[str], codec.CardIndex],
    format_code: str | None = None,
    as_of: date | None = None,
    game_hint: str | None = None,
) -> TextResult:
    """Parse ``text``, resolve its cards and run ``decks.legality.check``; every problem is in the report.

    ``formats``: ``{code: format data}``; ``format_code`` overrides the text's ``Format:`` line; ``game_hint``
    (the lobby's game) is the game when the text names none and its cards tell none, so a list pasted into a
    game's form needs no ``Game:`` line (its default format applies).
    Raises ``Unreadable`` when the game cannot be told, the format is unknown, or the text is longer than
    ``MAX_CHARS`` characters or ``MAX_LINES`` lines (the work done for one text is bounded)."""
    if len(text) > MAX_CHARS:
        raise Unreadable(
            f"The list has {len(text)} characters; at most {MAX_CHARS} are read.",
            f"デッキリストが{len(text)}文字あります（読めるのは{MAX_CHARS}文字まで）。",
        )
    if (lines := len(text.splitlines())) > MAX_LINES:
        raise Unreadable(
            f"The list has {lines} lines; at most {MAX_LINES} are read.",
            f"デッキリストが{lines}行あります（読めるのは{MAX_LINES}行まで）。",
        )
    parsed = codec.parse(text)
    fmt = _format_for(parsed, formats, format_code, game_hint)
    index = index_for(fmt["game"])
    entries, problems = codec.resolve(parsed, index)
    side, side_problem = codec.side_of(parsed, fmt["game"])
    if side_problem:
        problems.append(side_problem)
    deck = {"game": fmt["game"], "side": side, "entries": entries}
    report = check(deck, index.cards, fmt, as_of=as_of)
    report.errors[:0] = sorted(problems, key=lambda p: p.line or 0)
    meta = {key: value for key, (value, _) in parsed.meta.items() if key in ("name", "description")}
    meta["side"] = side
    return TextResult(report, fmt["game"], fmt, meta, entries, index)

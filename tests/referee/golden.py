"""Golden games that say what broke (issue 26, "Tests that say what broke").

A golden game passes on its digest, exactly as before. Beside the digests each engine's golden file keeps a
fingerprint of every entry: one byte (two hex digits) of the SHA-256 of each part of the entry (for instance what
the seat was offered and saw, the action, the events), written one after another. When a digest no longer matches,
``first_difference`` replays the game's fingerprints against the recorded ones and names the game, the first entry
that differs and which of its parts, with what that part is now. A byte per part: a changed part is missed with a
chance of 1 in 256 (the next differing entry is named then); the digest itself never misses.

Not a test module: the engines' golden tests use it (``tests/referee/<game>/test_golden_*.py``), and write the
fingerprints with their ``--write`` (only ever beside digests that the engine still gives, or that a change of
ruling rewrites on purpose).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

SHOWN = 600  # characters of a differing part shown in a failure


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def part_print(value: Any) -> str:
    """One part's fingerprint: two hex digits of the SHA-256 of its canonical JSON."""
    return hashlib.sha256(_text(value).encode()).hexdigest()[:2]


def entry_print(parts: Sequence[Any]) -> str:
    """An entry's fingerprint: its parts' fingerprints one after another."""
    return "".join(part_print(part) for part in parts)


def fingerprints(entries: Sequence[Sequence[Any]]) -> str:
    """A game's fingerprints: every entry's, one after another (each entry the same number of parts)."""
    return "".join(entry_print(parts) for parts in entries)


def first_difference(game: str, recorded: str, entries: Sequence[Sequence[Any]], names: Sequence[str]) -> str:
    """What differs first between a game as played now (``entries``: each entry's parts, named by ``names``) and
    its ``recorded`` fingerprints, as a sentence naming ``game``, the entry and its parts, with what they are now.
    Says so when every entry matches (the difference is then outside the fingerprinted parts)."""
    width = 2 * len(names)
    for index, parts in enumerate(entries):
        was = recorded[index * width:(index + 1) * width]
        now = entry_print(parts)
        if now != was:
            if not was:
                return (f"{game}: it now goes on past its recorded {index} entries; entry {index} now: "
                        f"{_text(list(parts))[:SHOWN]}")
            differ = [k for k in range(len(names)) if now[2 * k:2 * k + 2] != was[2 * k:2 * k + 2]]
            shown = "; ".join(f"{names[k]} now {_text(parts[k])[:SHOWN]}" for k in differ)
            which = " and ".join(names[k] for k in differ)
            return f"{game}: entry {index} is the first that differs, in its {which}: {shown}"
    if len(recorded) > len(entries) * width:
        return f"{game}: it now ends after {len(entries)} entries, recorded {len(recorded) // width}"
    return f"{game}: every entry's fingerprint matches; what differs is outside them (the decks, the config or the end)"

#!/usr/bin/env python3
"""Check the dice of a finished Shinpan match with Python's standard library alone.

Usage::

    python3 verify_dice.py LOG.json            # the log of the match's replay page or `manage.py playmatch --log`
    python3 verify_dice.py --trace 5 LOG.json  # also print the first 5 draws, block by block, to check by hand

It checks, in order (the algorithm: ``docs/dice.md``):

1. the log is a Shinpan replay log (``"format": "shinpan.log"``, version 2) with a seed, a commitment and the
   players' entropy strings;
2. SHA-256 of the revealed seed is the commitment, and the commitment and entropy the match showed at its start
   (its ``setup`` event) are the log's;
3. every draw of ``draws``, in order, recomputed from the seed and the entropy: each starts at the block where
   the one before it ended (nothing skipped, nothing drawn twice) and gives the recorded result;
4. every event that names a draw (its ``counter``), such as a roll of the dice shown on the board, is that draw:
   the same dice, in the same action;
5. the log's digest, when it has one, is the SHA-256 of its fields (an edit no draw shows is caught here; the
   digest is no signature: whoever edits a log can recompute it, which is why steps 2-4 come first).

A log without ``draws`` (written before logs listed them) is checked as far as its events allow (step 4 with
each event's dice recomputed from its counter) and the verdict says what could not be checked. The rules
themselves (what a roll of 7 does) are not checked here: ``manage.py replay`` replays the game for that.

Exit status: 0 the dice are fair, 1 a mismatch (the log was tampered with, or the dice were not the committed
ones: the first mismatch is named with its position), 2 the file cannot be read as a log. No traceback: every
problem is one sentence. Needs Python 3.8 or later and nothing else; this file imports nothing of Shinpan.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import sys

LOG_FORMAT = "shinpan.log"
LOG_VERSION = 2
DIGEST_FIELDS = ("format", "version", "game", "config", "decks", "seed", "commitment", "entropy", "setup_events",
                 "entries")
SPAN = 1 << 64  # a block is a 64-bit number
MAX_COUNT = 100_000  # no game shuffles or rolls more at once; a larger bound is a damaged log, not a long wait
MAX_BOUND = 1 << 32
HEX64 = re.compile(r"[0-9a-f]{64}")

OK, MISMATCH, UNREADABLE = 0, 1, 2


class Refused(Exception):
    """A log that fails a check: ``status`` (MISMATCH or UNREADABLE) and a one-line ``message``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def mismatch(where: str, message: str) -> Refused:
    return Refused(MISMATCH, f"{where}: {message}")


def unreadable(message: str) -> Refused:
    return Refused(UNREADABLE, message)


# --- the generator (docs/dice.md, "The draws") ------------------------------------------------------------------

class Stream:
    """The match's stream of blocks: block ``c`` is the first 8 bytes, big-endian, of
    HMAC-SHA256(key = seed, message = c as 8 bytes big-endian ‖ for each entropy string: its UTF-8 length as 4
    bytes big-endian ‖ its UTF-8 bytes). ``counter`` is the next block to read."""

    def __init__(self, seed: bytes, entropy: list) -> None:
        self.seed = seed
        self.suffix = b"".join(len(e.encode()).to_bytes(4, "big") + e.encode() for e in entropy)
        self.counter = 0
        self.steps = None  # a list to note each block read, as (counter, block, n, kept), for ``trace``

    def block(self, counter: int) -> int:
        message = counter.to_bytes(8, "big") + self.suffix
        return int.from_bytes(hmac.new(self.seed, message, hashlib.sha256).digest()[:8], "big")

    def below(self, n: int) -> int:
        """A uniform number in [0, n): blocks at or above the largest multiple of n not above 2**64 are skipped."""
        limit = SPAN - SPAN % n
        while True:
            value = self.block(self.counter)
            if self.steps is not None:
                self.steps.append((self.counter, value, n, value < limit))
            self.counter += 1
            if value < limit:
                return value % n

    def dice(self, count: int) -> list:
        return [self.below(6) + 1 for _ in range(count)]

    def shuffle(self, count: int) -> list:
        """Fisher–Yates on the positions 0..count-1: the shuffled list's k-th item was at position order[k]."""
        order = list(range(count))
        for i in range(count - 1, 0, -1):
            j = self.below(i + 1)
            order[i], order[j] = order[j], order[i]
        return order


# --- reading the log --------------------------------------------------------------------------------------------

def load(path: str):
    """The decoded JSON of the file at ``path``; Refused(UNREADABLE) with the reason otherwise."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise unreadable(f"{path}: cannot be read ({exc.strerror or exc})") from None
    try:
        return json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise unreadable(f"{path}: is not UTF-8 text, so not a Shinpan log") from None
    except RecursionError:
        raise unreadable(f"{path}: the JSON is nested too deeply to be a Shinpan log") from None
    except ValueError as exc:
        raise unreadable(f"{path}: is not JSON ({exc})") from None


def kind_of(value) -> str:
    if value is None:
        return "null"
    for kind, types in (("a boolean", bool), ("a number", (int, float)), ("a string", str),
                        ("an array", list), ("an object", dict)):
        if isinstance(value, types):
            return kind
    return type(value).__name__


def need(value, types, name: str):
    """``value`` if it is of ``types`` (bools are never ints here), else Refused(UNREADABLE) naming ``name``."""
    if isinstance(value, types) and not isinstance(value, bool):
        return value
    wanted = {int: "a whole number", str: "a string", list: "an array", dict: "an object"}.get(types, "a value")
    raise unreadable(f"{name} is {kind_of(value)}, not {wanted}")


def check_shape(log) -> None:
    """Refused(UNREADABLE) unless ``log`` has the fields a dice check reads, of the right JSON types."""
    if not isinstance(log, dict):
        raise unreadable(f"the file holds {kind_of(log)}, not a log (a JSON object)")
    if log.get("format") != LOG_FORMAT:
        raise unreadable(f'format is {json.dumps(log.get("format"))[:40]}, not "{LOG_FORMAT}": not a Shinpan log')
    if type(log.get("version")) is not int or log["version"] != LOG_VERSION:
        raise unreadable(f"log version {json.dumps(log.get('version'))[:40]}: this verifier reads version "
                         f"{LOG_VERSION} (download a newer verify_dice.py, or export the log again)")
    missing = [key for key in ("seed", "commitment", "entropy", "setup_events", "entries") if key not in log]
    if missing:
        raise unreadable("the log has no " + ", no ".join(missing))
    for key in ("seed", "commitment"):
        if not HEX64.fullmatch(need(log[key], str, key)):
            raise unreadable(f"{key} is not 64 lowercase hex digits")
    for i, part in enumerate(need(log["entropy"], list, "entropy")):
        need(part, str, f"entropy[{i}]")
    for i, event in enumerate(need(log["setup_events"], list, "setup_events")):
        need(event, dict, f"setup_events[{i}]")
    for i, entry in enumerate(need(log["entries"], list, "entries")):
        for k, event in enumerate(need(need(entry, dict, f"entries[{i}]").get("events"), list,
                                       f"entries[{i}].events")):
            need(event, dict, f"entries[{i}].events[{k}]")
    if "draws" in log:
        for i, draw in enumerate(need(log["draws"], list, "draws")):
            need(draw, dict, f"draws[{i}]")


def events_of(log: dict):
    """``(position, at, event)`` for every event: ``at`` is "setup" or the entry's index."""
    for k, event in enumerate(log["setup_events"]):
        yield f"setup_events[{k}]", "setup", event
    for i, entry in enumerate(log["entries"]):
        for k, event in enumerate(entry["events"]):
            yield f"entries[{i}].events[{k}]", i, event


# --- the checks -------------------------------------------------------------------------------------------------

def check_commitment(log: dict) -> None:
    if hashlib.sha256(bytes.fromhex(log["seed"])).hexdigest() != log["commitment"]:
        raise mismatch("commitment", "SHA-256 of the revealed seed is not the commitment shown before the match "
                       f"(it is {hashlib.sha256(bytes.fromhex(log['seed'])).hexdigest()})")
    for where, _, event in events_of(log):
        data = event.get("data")
        if event.get("kind") != "setup" or not isinstance(data, dict):
            continue
        for key in ("commitment", "entropy"):
            if key in data and data[key] != log[key]:
                raise mismatch(where, f"the match started with {key} {json.dumps(data[key])[:140]}, but the log "
                               f"gives {json.dumps(log[key])[:140]}")


def check_digest(log: dict) -> str:
    """The log's digest when it has one and it is right; "" when it has none; Refused otherwise."""
    if "digest" not in log:
        return ""
    missing = [key for key in DIGEST_FIELDS if key not in log]
    if missing:
        raise unreadable("the log has no " + ", no ".join(missing))
    try:
        fields = {key: log[key] for key in DIGEST_FIELDS}
        if "ending" in log:  # a match ended outside the rules (a resignation, the clock): covered too
            fields["ending"] = log["ending"]
        text = json.dumps(fields, sort_keys=True, ensure_ascii=False)
    except RecursionError:
        raise unreadable("the log is nested too deeply to be a Shinpan log") from None
    computed = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    if log["digest"] != computed:
        raise mismatch("digest", f"the log's fields give digest {computed}, the log records "
                       f"{json.dumps(log['digest'])[:80]}: a field was edited after the match")
    return computed


def whole(draw: dict, key: str, where: str, top: int) -> int:
    value = draw.get(key)
    if type(value) is not int or not 0 <= value <= top:
        raise unreadable(f"{where}.{key} is {json.dumps(value)[:40]}, not a whole number from 0 to {top}")
    return value


def expected(stream: Stream, draw: dict, where: str):
    """Draw what ``draw`` says was drawn (its kind and bounds) from ``stream`` and return the result."""
    kind = draw.get("kind")
    if kind == "randbelow":
        n = whole(draw, "n", where, MAX_BOUND)
        if n == 0:
            raise unreadable(f"{where}.n is 0: a draw below 0 does not exist")
        return stream.below(n)
    if kind == "dice":
        return stream.dice(whole(draw, "count", where, MAX_COUNT))
    if kind == "shuffle":
        return stream.shuffle(whole(draw, "count", where, MAX_COUNT))
    raise unreadable(f"{where}.kind is {json.dumps(kind)[:40]}, not randbelow, dice or shuffle")


def check_place(draw: dict, where: str, last_at, entries: int):
    """The draw's ``at`` ("setup" or an entry index), which never goes back; Refused otherwise."""
    at = draw.get("at")
    if at != "setup" and (type(at) is not int or not 0 <= at < entries):
        raise unreadable(f"{where}.at is {json.dumps(at)[:40]}, not \"setup\" or the index of an entry")
    if last_at not in (None, "setup") and (at == "setup" or at < last_at):
        raise mismatch(where, f"a draw of {describe_at(at)} after one of {describe_at(last_at)}: out of order")
    return at


def describe_at(at) -> str:
    return "the setup" if at == "setup" else f"entry {at}"


def check_draws(log: dict, stream: Stream) -> dict:
    """Recompute ``log["draws"]`` in order; returns ``{counter: [(at, draw), ...]}`` for the events' check."""
    starts: dict = {}
    last_at = None
    for i, draw in enumerate(log["draws"]):
        where = f"draws[{i}]"
        last_at = at = check_place(draw, where, last_at, len(log["entries"]))
        if draw.get("counter") != stream.counter:
            raise mismatch(where, f"starts at block {json.dumps(draw.get('counter'))[:40]}, but the draws before "
                           f"it end at block {stream.counter} (a block skipped or drawn twice)")
        result = expected(stream, draw, where)
        if draw.get("result") != result:
            raise mismatch(where, f"{draw['kind']} ({describe_at(at)}, block {draw['counter']}): the log records "
                           f"{json.dumps(draw.get('result'))[:200]}, the seed and entropy give "
                           f"{json.dumps(result)[:200]}")
        starts.setdefault(draw["counter"], []).append((at, draw))
    return starts


def shown_dice(data: dict):
    """The dice an event's data shows (``dice``: a list, ``die``: one), or None."""
    if isinstance(data.get("dice"), list):
        return data["dice"]
    if type(data.get("die")) is int:
        return [data["die"]]
    return None


def fits(draw: dict, data: dict, kind) -> bool:
    dice = shown_dice(data)
    if dice is not None:
        return draw["kind"] == "dice" and draw["result"] == dice
    if kind == "shuffle" and type(data.get("count")) is int:
        return draw["kind"] == "shuffle" and draw["count"] == data["count"]
    return True


def check_events(log: dict, starts: dict | None, stream: Stream) -> dict:
    """Every event naming a draw (an integer ``counter`` in its data) is a draw of the same action with the
    same dice; without ``draws``, its dice are recomputed from its counter. Returns counts for the verdict."""
    seen = {"dice": 0, "other": 0}
    for where, at, event in events_of(log):
        data = event.get("data")
        if not isinstance(data, dict) or type(data.get("counter")) is not int or data["counter"] < 0:
            continue
        counter, dice = data["counter"], shown_dice(data)
        if starts is None:
            if dice is None:
                continue
            stream.counter = counter
            if len(dice) > MAX_COUNT or stream.dice(len(dice)) != dice:
                stream.counter = counter
                raise mismatch(where, f"{event.get('kind')} shows dice {json.dumps(dice)[:80]}, the seed and "
                               f"entropy give {stream.dice(min(len(dice), MAX_COUNT))} at block {counter}")
        elif not any(a == at and fits(d, data, event.get("kind")) for a, d in starts.get(counter, [])):
            shown = f"dice {json.dumps(dice)[:80]}" if dice is not None else "a draw"
            raise mismatch(where, f"{event.get('kind')} shows {shown} at block {counter} in "
                           f"{describe_at(at)}, and no such draw is there in the log's draws")
        seen["dice" if dice is not None else "other"] += 1
    return seen


def verify(log) -> str:
    """The verdict's text for a log that passes; Refused(status, message) for the first check that fails."""
    check_shape(log)
    check_commitment(log)
    stream = Stream(bytes.fromhex(log["seed"]), log["entropy"])
    starts = check_draws(log, stream) if "draws" in log else None
    blocks = stream.counter
    seen = check_events(log, starts, stream)
    digest = check_digest(log)
    about = (f"seed matches commitment {log['commitment']}; "
             + (f"digest {digest} matches the log; " if digest else "the log has no digest; "))
    shown = f"{seen['dice']} rolls shown in events and {seen['other']} other events naming a draw match"
    if starts is None:
        return (f"PARTIAL: {about}{seen['dice']} rolls shown in events match the seed and entropy. This log lists "
                "no draws (it was written before logs did), so shuffles and the draws no event shows were not "
                "checked: export the log again, or run `manage.py replay` on it")
    return (f"ok: {about}{len(log['draws'])} draws ({blocks} blocks) recomputed from the seed and "
            f"{len(log['entropy'])} entropy strings; {shown}")


def trace(log: dict, count: int) -> list:
    """Lines showing the first ``count`` draws block by block, for checking them by hand (docs/dice.md)."""
    stream = Stream(bytes.fromhex(log["seed"]), log["entropy"])
    lines = [f"entropy suffix (hex): {stream.suffix.hex() or '(none)'}"]
    for i, draw in enumerate(log.get("draws", [])[:count]):
        stream.steps = []
        result = expected(stream, draw, f"draws[{i}]")
        lines.append(f"draws[{i}] {draw.get('kind')} {draw.get('n', draw.get('count'))} ({describe_at(draw.get('at'))})"
                     f" -> {json.dumps(result)}")
        for counter, block, n, kept in stream.steps:
            lines.append(f"  block {counter} = {block:#018x} = {block}: "
                         + (f"mod {n} = {block % n}" if kept else f"at or above {SPAN - SPAN % n}, skipped"))
    return lines


def main(argv: list) -> int:
    args = list(argv)
    count = 0
    if args[:1] == ["--trace"] and len(args) >= 2 and args[1].isdigit():
        count, args = int(args[1]), args[2:]
    if len(args) != 1 or args[0].startswith("-"):
        print("usage: python3 verify_dice.py [--trace N] LOG.json", file=sys.stderr)
        return UNREADABLE
    try:
        log = load(args[0])
        verdict = verify(log)
        for line in trace(log, count) if count else []:
            print(line)
    except Refused as refused:
        print(("MISMATCH at " if refused.status == MISMATCH else "unreadable: ") + refused.message,
              file=sys.stdout if refused.status == MISMATCH else sys.stderr)
        return refused.status
    except RecursionError:
        print("unreadable: the log is nested too deeply to be a Shinpan log", file=sys.stderr)
        return UNREADABLE
    print(verdict)
    return OK


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Provably fair randomness: a 32-byte secret seed, its SHA-256 as the public commitment, optional player
entropy, and every draw from HMAC-SHA256(seed, counter ‖ entropy) with unbiased rejection sampling.

The RNG's whole state is ``state["rng"] = {"seed", "commitment", "entropy", "counter"}`` (hex strings and an
int),
so ``apply`` stays pure and a log replays exactly. No Mersenne Twister, no global ``random``.

Inside ``with recording() as draws:`` every call of ``randbelow``, ``dice`` and ``shuffle`` is also appended to
``draws`` (kind, counter, bounds, result): the record a log carries so that a player can check every draw with
the standard library alone (``docs/dice.md``, ``scripts/verify_dice.py``). Outside it nothing is recorded.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import hashlib
import struct
from collections.abc import Iterator
from typing import Any

_SPAN = 1 << 64


def seed_from_int(number: int) -> bytes:
    """A deterministic 32-byte seed for tests, benches and ``--seed N`` (SHA-256 of the decimal text)."""
    return hashlib.sha256(f"shinpan-seed:{number}".encode()).digest()


def commitment(seed: bytes) -> str:
    """The public commitment published before play: hex SHA-256 of the seed."""
    return hashlib.sha256(seed).hexdigest()


def new_rng_state(seed: bytes, entropy: list[str] | tuple[str, ...] = ()) -> dict[str, Any]:
    """``{"seed", "commitment", "entropy", "counter": 0}``; ``seed`` must be 32 bytes (ValueError
    otherwise)."""
    if len(seed) != 32:
        raise ValueError(f"the seed must be 32 bytes, not {len(seed)}")
    return {"seed": seed.hex(), "commitment": commitment(seed), "entropy": list(entropy), "counter": 0}


@functools.lru_cache(maxsize=256)
def _pads(seed_hex: str, entropy: tuple[str, ...]) -> tuple[object, object, bytes]:
    """HMAC-SHA256 of RFC 2104 with its key schedule done once per RNG state: SHA-256 states that have
    absorbed ``key ^ ipad`` and ``key ^ opad`` (copied, never changed), and the message suffix (entropy).
    Equal to ``hmac.digest`` (``tests/referee/test_engine_core.py`` checks it); twice as fast per draw."""
    key = bytes.fromhex(seed_hex).ljust(64, b"\0")  # a 32-byte key is padded to the 64-byte block
    inner = hashlib.sha256(bytes(b ^ 0x36 for b in key))
    outer = hashlib.sha256(bytes(b ^ 0x5C for b in key))
    # Each entropy string is framed by its byte length, so ("ab", "c") and ("a", "bc") differ.
    return inner, outer, b"".join(len(e.encode()).to_bytes(4, "big") + e.encode() for e in entropy)


def _block(rng: dict[str, Any], counter: int) -> int:
    """Block ``counter``: the first 8 bytes (big-endian) of HMAC-SHA256(seed, counter ‖ entropy), the entropy
    strings each framed as 4-byte big-endian length ‖ UTF-8 bytes."""
    return _stream(rng["seed"], tuple(rng["entropy"])).block(counter)


def _padded_block(pads: tuple[Any, ...], counter: int) -> int:
    """``_block`` with the RNG state's ``_pads`` already looked up."""
    inner_pad, outer_pad, suffix = pads
    inner = inner_pad.copy()
    inner.update(_COUNTER.pack(counter) + suffix)
    outer = outer_pad.copy()
    outer.update(inner.digest())
    block: int = _COUNTER.unpack_from(outer.digest())[0]
    return block


_COUNTER = struct.Struct(">Q")  # 8 bytes big-endian: the counter in the message, the block read from the digest
_READ = _COUNTER.unpack_from
_HOT = 64  # blocks made one at a time for a seed before its bulk is made (a whole game, not one request's dice)
_BULK = 1536  # blocks of the bulk: a random Iron Leaguer game reads 1,100–1,500


class _Stream:
    """The blocks of one RNG state (seed and entropy). Each is HMAC-SHA256 made from ``_pads`` until ``_HOT``
    have been made so; then, for a state without entropy, ``bulk`` holds the digests of counters 1 to ``_BULK``
    (32 bytes each), made by one C call: PBKDF2-HMAC-SHA256 (RFC 8018 5.2) with one iteration and the 4-byte
    salt 0 makes its block ``i`` as HMAC(seed, salt ‖ 4-byte big-endian ``i``) = HMAC(seed, ``i`` as 8 bytes
    big-endian), the very message of counter ``i``, at half the cost of a digest made from Python
    (``tests/referee/test_bots_and_dice.py`` checks they are equal). A request that draws a few dice makes
    them one at a time; a game played on makes the bulk once."""

    __slots__ = ("seed_hex", "entropy", "pads", "bulk", "made")

    def __init__(self, seed_hex: str, entropy: tuple[str, ...]) -> None:
        self.seed_hex, self.entropy = seed_hex, entropy
        self.pads = _pads(seed_hex, entropy)
        self.bulk = b""
        self.made = 0

    def block(self, counter: int) -> int:
        """Block ``counter`` (``_block``): read from the bulk when it holds it, else made."""
        if 0 < counter <= len(self.bulk) >> 5:
            block: int = _READ(self.bulk, (counter - 1) << 5)[0]  # the digest's first 8 bytes
            return block
        self.made += 1
        if self.made == _HOT and not self.entropy:
            self.bulk = hashlib.pbkdf2_hmac("sha256", bytes.fromhex(self.seed_hex), bytes(4), 1, 32 * _BULK)
        return _padded_block(self.pads, counter)


@functools.lru_cache(maxsize=32)
def _stream(seed_hex: str, entropy: tuple[str, ...]) -> _Stream:
    """The ``_Stream`` of an RNG state, kept for the last 32 (1.5 MB at most): a game's next request, or a
    replay, reads its blocks again."""
    return _Stream(seed_hex, entropy)


_RECORD: contextvars.ContextVar[list[Any] | None] = contextvars.ContextVar("shinpan_rng_record", default=None)


@contextlib.contextmanager
def recording() -> Iterator[list[dict[str, Any]]]:
    """Within the block, every draw is appended to the yielded list, in order, one dict per call:

    - ``randbelow(rng, n)``: ``{"kind": "randbelow", "counter": c, "n": n, "result": r}``, ``0 <= r < n``;
    - ``dice(rng, count)``: ``{"kind": "dice", "counter": c, "count": count, "result": [1-6, ...]}``;
    - ``shuffle(rng, items)``: ``{"kind": "shuffle", "counter": c, "count": len(items), "result": order}``,
      ``order[k]`` the position in ``items`` of the k-th item of the shuffled list;

    ``c`` is ``rng["counter"]`` before the call (the first block it reads). Blocks discarded by rejection
    sampling are not listed: the next draw's counter shows them. Recordings nest (the inner one takes the draws)."""
    draws: list[dict[str, Any]] = []
    token = _RECORD.set(draws)
    try:
        yield draws
    finally:
        _RECORD.reset(token)


def randbelow(rng: dict[str, Any], n: int) -> int:
    """A uniform int in ``[0, n)``; advances ``rng["counter"]`` (mutates ``rng``). Rejection sampling: a block
    at or above the largest multiple of ``n`` below 2**64 is discarded, so no value is favoured."""
    counter = rng["counter"]
    value = _below(rng, n)
    record = _RECORD.get()
    if record is not None:
        record.append({"kind": "randbelow", "counter": counter, "n": n, "result": value})
    return value


def _below(rng: dict[str, Any], n: int) -> int:
    """``randbelow`` without the record."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = _SPAN - _SPAN % n
    while True:
        value = _block(rng, rng["counter"])
        rng["counter"] += 1
        if value < limit:
            return value % n


_LIMIT_D6 = _SPAN - _SPAN % 6


def dice(rng: dict[str, Any], count: int) -> list[int]:
    """``count`` six-sided dice, each 1–6: ``randbelow(rng, 6) + 1`` each, with the stream looked up once and
    the counter kept in a local (written back once)."""
    stream = _stream(rng["seed"], tuple(rng["entropy"]))
    bulk = stream.bulk
    end = len(bulk) >> 5
    start = counter = rng["counter"]
    out = []
    for _ in range(count):
        while True:  # rejection sampling, as ``randbelow`` (a block is rejected about once in 3 * 10**18)
            # ``stream.block``, its bulk read inlined: two dice a roll, hundreds of rolls a game
            value = _READ(bulk, (counter - 1) << 5)[0] if 0 < counter <= end else stream.block(counter)
            counter += 1
            if value < _LIMIT_D6:
                break
        out.append(value % 6 + 1)
    rng["counter"] = counter
    record = _RECORD.get()
    if record is not None:
        record.append({"kind": "dice", "counter": start, "count": count, "result": list(out)})
    return out


def shuffle(rng: dict[str, Any], items: list[Any]) -> list[Any]:
    """A new list: Fisher–Yates over ``items``: for ``i`` from ``len - 1`` down to 1, ``j = randbelow(rng, i + 1)``
    and the items at ``i`` and ``j`` swap (the stream looked up once, the counter kept in a local)."""
    out = list(items)
    record = _RECORD.get()
    stream = _stream(rng["seed"], tuple(rng["entropy"]))
    start = counter = rng["counter"]
    order = list(range(len(out))) if record is not None else None
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = _SPAN - _SPAN % n
        value = stream.block(counter)
        counter += 1
        while value >= limit:  # rejection sampling, as ``randbelow``
            value = stream.block(counter)
            counter += 1
        j = value % n
        out[i], out[j] = out[j], out[i]
        if order is not None:
            order[i], order[j] = order[j], order[i]
    rng["counter"] = counter
    if record is not None:
        record.append({"kind": "shuffle", "counter": start, "count": len(out), "result": order})
    return out


def verify_commitment(seed_hex: str, commitment_hex: str) -> bool:
    """True when SHA-256 of the revealed seed is the published commitment."""
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest() == commitment_hex

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
import secrets
from collections.abc import Iterator

_SPAN = 1 << 64


def new_seed() -> bytes:
    """32 fresh bytes from the OS CSPRNG."""
    return secrets.token_bytes(32)


def seed_from_int(number: int) -> bytes:
    """A deterministic 32-byte seed for tests, benches and ``--seed N`` (SHA-256 of the decimal text)."""
    return hashlib.sha256(f"shinpan-seed:{number}".encode()).digest()


def commitment(seed: bytes) -> str:
    """The public commitment published before play: hex SHA-256 of the seed."""
    return hashlib.sha256(seed).hexdigest()


def new_rng_state(seed: bytes, entropy: list[str] | tuple[str, ...] = ()) -> dict:
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


def _block(rng: dict, counter: int) -> int:
    """Block ``counter``: the first 8 bytes (big-endian) of HMAC-SHA256(seed, counter ‖ entropy), the entropy
    strings each framed as 4-byte big-endian length ‖ UTF-8 bytes."""
    return _padded_block(_pads(rng["seed"], tuple(rng["entropy"])), counter)


def _padded_block(pads: tuple, counter: int) -> int:
    """``_block`` with the RNG state's ``_pads`` already looked up."""
    inner_pad, outer_pad, suffix = pads
    inner = inner_pad.copy()
    inner.update(counter.to_bytes(8, "big") + suffix)
    outer = outer_pad.copy()
    outer.update(inner.digest())
    return int.from_bytes(outer.digest()[:8], "big")


_RECORD: contextvars.ContextVar[list | None] = contextvars.ContextVar("shinpan_rng_record", default=None)


@contextlib.contextmanager
def recording() -> Iterator[list[dict]]:
    """Within the block, every draw is appended to the yielded list, in order, one dict per call:

    - ``randbelow(rng, n)``: ``{"kind": "randbelow", "counter": c, "n": n, "result": r}``, ``0 <= r < n``;
    - ``dice(rng, count)``: ``{"kind": "dice", "counter": c, "count": count, "result": [1-6, ...]}``;
    - ``shuffle(rng, items)``: ``{"kind": "shuffle", "counter": c, "count": len(items), "result": order}``,
      ``order[k]`` the position in ``items`` of the k-th item of the shuffled list;

    ``c`` is ``rng["counter"]`` before the call (the first block it reads). Blocks discarded by rejection
    sampling are not listed: the next draw's counter shows them. Recordings nest (the inner one takes the draws)."""
    draws: list[dict] = []
    token = _RECORD.set(draws)
    try:
        yield draws
    finally:
        _RECORD.reset(token)


def randbelow(rng: dict, n: int) -> int:
    """A uniform int in ``[0, n)``; advances ``rng["counter"]`` (mutates ``rng``). Rejection sampling: a block
    at or above the largest multiple of ``n`` below 2**64 is discarded, so no value is favoured."""
    counter = rng["counter"]
    value = _below(rng, n)
    record = _RECORD.get()
    if record is not None:
        record.append({"kind": "randbelow", "counter": counter, "n": n, "result": value})
    return value


def _below(rng: dict, n: int) -> int:
    """``randbelow`` without the record (``shuffle`` records its draws as one)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = _SPAN - _SPAN % n
    while True:
        value = _block(rng, rng["counter"])
        rng["counter"] += 1
        if value < limit:
            return value % n


_LIMIT_D6 = _SPAN - _SPAN % 6


def dice(rng: dict, count: int) -> list[int]:
    """``count`` six-sided dice, each 1–6: ``randbelow(rng, 6) + 1`` each, with the pads looked up once."""
    pads = _pads(rng["seed"], tuple(rng["entropy"]))
    start = rng["counter"]
    out = []
    for _ in range(count):
        while True:
            value = _padded_block(pads, rng["counter"])
            rng["counter"] += 1
            if value < _LIMIT_D6:
                break
        out.append(value % 6 + 1)
    record = _RECORD.get()
    if record is not None:
        record.append({"kind": "dice", "counter": start, "count": count, "result": list(out)})
    return out


def shuffle(rng: dict, items: list) -> list:
    """A new list: Fisher–Yates over ``items``: for ``i`` from ``len - 1`` down to 1, ``j = randbelow(rng, i + 1)``
    and the items at ``i`` and ``j`` swap."""
    out = list(items)
    record = _RECORD.get()
    start = rng["counter"]
    order = list(range(len(out))) if record is not None else None
    for i in range(len(out) - 1, 0, -1):
        j = _below(rng, i + 1)
        out[i], out[j] = out[j], out[i]
        if order is not None:
            order[i], order[j] = order[j], order[i]
    if record is not None:
        record.append({"kind": "shuffle", "counter": start, "count": len(out), "result": order})
    return out


def verify_commitment(seed_hex: str, commitment_hex: str) -> bool:
    """True when SHA-256 of the revealed seed is the published commitment."""
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest() == commitment_hex

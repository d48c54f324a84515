"""Provably fair randomness: a 32-byte secret seed, its SHA-256 as the public commitment, optional player
entropy, and every draw from HMAC-SHA256(seed, counter ‖ entropy) with unbiased rejection sampling.

The RNG's whole state is ``state["rng"] = {"seed", "commitment", "entropy", "counter"}`` (hex strings and an
int),
so ``apply`` stays pure and a log replays exactly. No Mersenne Twister, no global ``random``.
"""

from __future__ import annotations

import functools
import hashlib
import secrets

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


def randbelow(rng: dict, n: int) -> int:
    """A uniform int in ``[0, n)``; advances ``rng["counter"]`` (mutates ``rng``). Rejection sampling: a block
    at or above the largest multiple of ``n`` below 2**64 is discarded, so no value is favoured."""
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
    out = []
    for _ in range(count):
        while True:
            value = _padded_block(pads, rng["counter"])
            rng["counter"] += 1
            if value < _LIMIT_D6:
                break
        out.append(value % 6 + 1)
    return out


def shuffle(rng: dict, items: list) -> list:
    """A new list: Fisher–Yates over ``items`` with ``randbelow``."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def verify_commitment(seed_hex: str, commitment_hex: str) -> bool:
    """True when SHA-256 of the revealed seed is the published commitment."""
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest() == commitment_hex

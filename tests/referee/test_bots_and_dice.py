"""The random bot and the dice draw exactly what their plain definitions draw (issue 14: cheaper paths, the same
numbers, so every log stays byte-identical): ``random_bot`` is ``choice`` of a kind (sorted by ``type``) then
``choice`` of that kind's actions; ``dice`` is ``randbelow(rng, 6) + 1`` per die and ``shuffle`` Fisher–Yates with
``randbelow``, advancing the counter alike; the bulk block stream is HMAC-SHA256 of the seed and counter."""

from __future__ import annotations

import hashlib
import hmac
import random

from referee.engine import rng
from referee.engine.actions import Action
from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed, get_engine

from .iron_leaguer.pool import pool


def reference_random_bot(seed: int):
    """The random bot by its definition, with ``random.Random.choice``."""
    chooser = random.Random(seed)

    def bot(engine, state, seat, actions):
        kind = chooser.choice(sorted({type(a) for a in actions}, key=lambda cls: cls.type))
        return chooser.choice([a for a in actions if type(a) is kind])

    return bot


def test_the_random_bot_chooses_as_choice_of_a_kind_then_of_its_actions_along_whole_games() -> None:
    engine = get_engine("iron_leaguer")
    for seed in range(3):
        fast, plain = make_bot("random", seed), reference_random_bot(seed)
        state, _ = engine.new_game({}, {"cards": pool()}, RngSeed(rng.seed_from_int(seed)))
        while (seat := engine.to_act(state)) is not None:
            actions = engine.legal_actions(state, seat)
            action = fast(engine, state, seat, actions)
            # equal, not always the same object: a counted part makes the action it is asked for, and its
            # action cache may have been cleared between that and the reference bot's full listing
            assert action == plain(engine, state, seat, actions)
            state, _ = engine.apply(state, action)


class _One(Action):
    type = "one"


class _Two(Action):
    type = "two"


def test_the_random_bot_takes_a_kind_listed_apart_as_choice_does() -> None:
    actions = [_Two("a"), _One("b"), _Two("c"), _One("d"), _One("e")]  # kinds interleaved, sizes 1 to 300 below
    lists = [actions, actions[:1], actions[1:2] * 300, [*actions, *actions[1:2] * 40]]
    fast, plain = make_bot("random", 7), reference_random_bot(7)
    for _ in range(200):
        for listed in lists:
            assert fast(None, {}, "a", listed) is plain(None, {}, "a", listed)


def test_dice_draw_as_randbelow_six_plus_one() -> None:
    for entropy in ((), ("alice",)):
        fast = rng.new_rng_state(rng.seed_from_int(5), entropy)
        plain = rng.new_rng_state(rng.seed_from_int(5), entropy)
        for count in (1, 2, 3, 0, 7):
            assert rng.dice(fast, count) == [rng.randbelow(plain, 6) + 1 for _ in range(count)]
            assert fast["counter"] == plain["counter"]


def test_dice_reject_a_block_above_the_last_multiple_of_six(monkeypatch) -> None:
    blocks = iter([(1 << 64) - 1, 13, (1 << 64) - 2, 4])
    monkeypatch.setattr(rng, "_padded_block", lambda pads, counter: next(blocks))  # the blocks past the bulk
    state = rng.new_rng_state(rng.seed_from_int(1))
    state["counter"] = start = rng._BULK + 1
    with rng.recording() as draws:
        assert rng.dice(state, 2) == [13 % 6 + 1, 4 % 6 + 1]
    assert state["counter"] == start + 4
    assert draws == [{"kind": "dice", "counter": start, "count": 2, "result": [2, 5]}]


def test_shuffle_is_fisher_yates_with_randbelow() -> None:
    for entropy, items in (((), list(range(40))), (("alice",), ["a", "b"]), ((), []), ((), [1]), ((), list(range(7)))):
        fast = rng.new_rng_state(rng.seed_from_int(6), entropy)
        plain = rng.new_rng_state(rng.seed_from_int(6), entropy)
        expected = list(items)
        for i in range(len(expected) - 1, 0, -1):
            j = rng.randbelow(plain, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert rng.shuffle(fast, items) == expected and fast["counter"] == plain["counter"]


def _hmac_block(seed: bytes, counter: int, entropy: tuple[str, ...] = ()) -> int:
    framed = b"".join(len(e.encode()).to_bytes(4, "big") + e.encode() for e in entropy)
    return int.from_bytes(hmac.new(seed, counter.to_bytes(8, "big") + framed, hashlib.sha256).digest()[:8], "big")


def test_the_bulk_stream_is_hmac_sha256_of_the_seed_and_counter() -> None:
    """``rng._Stream`` makes ``_HOT`` blocks one at a time, then reads counters 1 to ``_BULK`` of a seed
    without entropy from one PBKDF2 call: the same blocks as HMAC-SHA256(seed, 8-byte counter), before it, on
    both sides of its ends, and with entropy (no bulk)."""
    seed = rng.seed_from_int(8)
    for entropy in ((), ("alice", "ボブ")):
        state = rng.new_rng_state(seed, entropy)
        for counter in range(rng._HOT + 3):
            assert rng._block(state, counter) == _hmac_block(seed, counter, entropy)
        assert len(rng._stream(state["seed"], entropy).bulk) == (0 if entropy else 32 * rng._BULK)
        for counter in (0, 1, 2, 777, rng._BULK - 1, rng._BULK, rng._BULK + 1, 5000):
            assert rng._block(state, counter) == _hmac_block(seed, counter, entropy), (entropy, counter)


def test_dice_across_the_start_and_the_end_of_the_bulk_stream_draw_as_randbelow() -> None:
    fast, plain = (rng.new_rng_state(rng.seed_from_int(9)) for _ in range(2))
    assert rng.dice(fast, 2 * rng._HOT) == [rng.randbelow(plain, 6) + 1 for _ in range(2 * rng._HOT)]
    assert rng._stream(fast["seed"], ()).bulk  # made on the way
    fast["counter"] = plain["counter"] = rng._BULK - 3
    assert rng.dice(fast, 8) == [rng.randbelow(plain, 6) + 1 for _ in range(8)]
    assert fast["counter"] == plain["counter"] == rng._BULK + 5

"""The engine core: RNG (commitment, HMAC stream, rejection sampling), the action codec, replay, bots,
purity."""

from __future__ import annotations

import hashlib
import hmac
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from referee.engine import rng
from referee.engine.actions import encode
from referee.engine.bots import make_bot
from referee.engine.protocol import RngSeed, get_engine
from referee.engine.replay import play, replay
from referee.games.iron_leaguer.actions import CODEC, Declare, Pass

from .iron_leaguer.pool import pool

ROOT = Path(__file__).parents[2]
ENGINE = get_engine("iron_leaguer")


def test_the_commitment_is_the_sha256_of_the_seed() -> None:
    seed = rng.seed_from_int(3)
    assert rng.new_rng_state(seed)["commitment"] == hashlib.sha256(seed).hexdigest()


def test_a_seed_must_be_32_bytes() -> None:
    with pytest.raises(ValueError, match="32 bytes"):
        rng.new_rng_state(b"short")


def test_draws_are_hmac_sha256_of_the_seed_and_counter() -> None:
    seed = rng.seed_from_int(1)
    state = rng.new_rng_state(seed)
    block = int.from_bytes(hmac.new(seed, (0).to_bytes(8, "big"), hashlib.sha256).digest()[:8], "big")
    assert rng.randbelow(state, 1 << 32) == block % (1 << 32) and state["counter"] == 1


def test_player_entropy_changes_the_draws() -> None:
    seed = rng.seed_from_int(1)
    plain, mixed = rng.new_rng_state(seed), rng.new_rng_state(seed, ["abc"])
    assert [rng.randbelow(plain, 1000) for _ in range(5)] != [rng.randbelow(mixed, 1000) for _ in range(5)]


def test_rejection_sampling_discards_blocks_above_the_last_full_multiple(monkeypatch) -> None:
    blocks = iter([(1 << 64) - 1, 7])
    monkeypatch.setattr(rng, "_block", lambda state, counter: next(blocks))
    state = rng.new_rng_state(rng.seed_from_int(1))
    assert rng.randbelow(state, 3) == 7 % 3 and state["counter"] == 2


def test_dice_are_roughly_uniform() -> None:
    state = rng.new_rng_state(rng.seed_from_int(2))
    counts = Counter(rng.dice(state, 6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6} and all(850 < n < 1150 for n in counts.values())


def test_an_action_round_trips_through_json() -> None:
    action = Declare("dark", "attack", (("t001", "upper"), ("t002", "lower")))
    assert CODEC.decode(json.loads(json.dumps(encode(action)))) == action


def test_default_fields_may_be_left_out() -> None:
    assert CODEC.decode({"type": "pass", "seat": "dark", "option": "none"}) == Pass("dark", "none")


def test_the_registry_names_the_known_games_for_an_unknown_one() -> None:
    with pytest.raises(KeyError, match="iron_leaguer"):
        get_engine("chess")


def played(seed: int = 5, entropy: tuple[str, ...] = ()):
    bots = {"silver": make_bot("greedy", seed), "dark": make_bot("random", seed + 1)}
    return play(ENGINE, {}, {"cards": pool()}, RngSeed(rng.seed_from_int(seed), entropy), bots)


def test_a_played_log_replays_to_the_same_final_state() -> None:
    state, log = played()
    report = replay(json.loads(json.dumps(log)))
    assert report.ok, report.difference
    assert report.state == state


def test_replay_reports_a_tampered_die_at_its_entry() -> None:
    _, log = played()
    index, event = next(
        (i, e) for i, entry in enumerate(log["entries"]) for e in entry["events"] if "dice" in e["data"]
    )
    event["data"]["dice"] = [7 - d for d in event["data"]["dice"]]
    report = replay(log)
    assert (report.ok, report.where) == (False, f"entry {index}") and "dice" in report.difference


def test_replay_refuses_a_seed_that_does_not_match_the_commitment() -> None:
    _, log = played()
    log["seed"] = rng.seed_from_int(99).hex()
    assert replay(log).where == "commitment"


def test_replay_reports_an_action_the_rules_refuse() -> None:
    _, log = played()
    log["entries"][0]["action"] = {"type": "pass", "seat": "silver", "option": "none"}
    report = replay(log)
    assert (report.ok, report.where) == (False, "entry 0") and "not_your_turn" in report.difference


def test_the_same_seed_gives_the_same_digest_and_another_seed_another() -> None:
    assert played(5)[1]["digest"] == played(5)[1]["digest"] != played(6)[1]["digest"]


def test_a_game_between_bots_ends_with_a_winner() -> None:
    state, _ = played(8)
    assert ENGINE.outcome(state).winner in ("silver", "dark")


def test_the_engines_import_no_django() -> None:
    code = (
        "import sys, referee.engine, referee.engine.replay, referee.engine.bots, referee.games.iron_leaguer; "
        "print(any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_draws_with_entropy_are_hmac_sha256_of_the_seed_counter_and_entropy() -> None:
    seed, entropy = rng.seed_from_int(4), ["alice", "ボブ"]
    state = rng.new_rng_state(seed, entropy)
    for counter in (0, 1, 255, 256, 70_000):
        framed = b"".join(len(e.encode()).to_bytes(4, "big") + e.encode() for e in entropy)
        message = counter.to_bytes(8, "big") + framed
        expected = hmac.new(seed, message, hashlib.sha256).digest()[:8]
        assert rng._block(state, counter) == int.from_bytes(expected, "big")


def test_entropy_strings_are_framed_so_a_different_split_gives_different_draws() -> None:
    # Found by acceptance testing: ("ab", "c") and ("a", "bc") once gave the same game.
    seed = rng.seed_from_int(4)
    one, other = rng.new_rng_state(seed, ["ab", "c"]), rng.new_rng_state(seed, ["a", "bc"])
    assert [rng._block(one, c) for c in range(4)] != [rng._block(other, c) for c in range(4)]


def test_replay_reports_a_malformed_log_instead_of_raising() -> None:
    _state, log = played()
    broken = [{**log, "seed": "zz"}, {k: v for k, v in log.items() if k != "seed"}, {**log, "game": "chess"},
              {**log, "decks": {}}, [log], [], None, 42, "x", {**log, "entries": None}, {**log, "config": None},
              {**log, "entries": [None]}, {**log, "decks": None}, {**log, "version": 99}]
    for bad in broken:
        report = replay(bad)
        assert not report.ok and report.where in ("log", "commitment"), bad if isinstance(bad, list) else ""


@pytest.mark.parametrize("halves", [[["t015"]], [["t015", "upper", "x"]], [{"a": 1}], [[1, "upper"]], "t015"])
def test_a_declaration_with_badly_shaped_halves_is_malformed_not_a_crash(halves) -> None:
    # Found by acceptance testing: [["t015"]] raised ValueError (HTTP 500 online) instead of MalformedAction.
    from referee.engine.errors import MalformedAction

    state, _ = ENGINE.new_game({}, {"cards": pool()}, RngSeed(rng.seed_from_int(1)))
    with pytest.raises(MalformedAction):
        ENGINE.apply(state, {"type": "declare", "seat": "dark", "mode": "attack", "halves": halves})

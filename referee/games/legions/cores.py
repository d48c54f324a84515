"""Cores and MP (Legions: コアについて, アンロックについて, マスターカード; spec A1.2, A3, A8.3).

Pure rule functions first (each worked ruling of the rulings file is a call to one of them), then the state
operations that use them.
"""

from __future__ import annotations

from typing import Any

from referee.engine.actions import Event
from referee.engine.protocol import Data, State

from . import readings as readings_mod

LIFE_MAX = 20  # 開始時基本設定: ライフ 20。上限も同じ。
START_CORES = 5  # 開始準備: マスターカードの上に、コアを5個配置
CORES_TO_WIN = 12  # 勝利条件: コアゾーンとリーダーゾーンのコアが合計12個以上


def unlock_cost(master_class: list[str] | tuple[str, ...], colours: list[str] | tuple[str, ...],
                cost: int) -> int | None:
    """Legions: アンロックについて / A1.2. The MP a card costs a master of ``master_class`` (two colours): the
    printed ``cost`` when its symbol is in the class; ``cost + 1`` for one symbol outside it; None (not usable)
    for two symbols that are not exactly the class (in any order)."""
    if len(colours) >= 2:
        return cost if sorted(colours) == sorted(master_class) else None
    if not colours or colours[0] in master_class:
        return cost
    return cost + 1


def pay(active: int, fatigued: int, mp: int) -> tuple[int, int] | None:
    """A3.1: each core moved from the コア活性エリア to the コア疲労エリア makes 1 MP. ``(active, fatigued)``
    after paying ``mp``, or None when the active cores are too few (fatigued cores make no MP)."""
    if mp > active:
        return None
    return active - mp, fatigued + mp


def core_cost_payable(fatigued: int, core_cost: int) -> bool:
    """ロードカード / M1: a lord's core cost moves that many cores from the コア疲労エリア onto the lord."""
    return fatigued >= core_cost


def awakening_allows(card_type: str, awakened: bool) -> bool:
    """ロードカード / アーツカード: lords are placed and arts used only while the master is awakened."""
    return awakened or card_type not in ("lord", "arts")


def core_phase(master_cores: int, awakened: bool, active: int) -> tuple[int, int, bool]:
    """A3.2/A3.3 (steps C1, C2): one core from the master to the active area; a normal-mode master left with no
    cores awakens (and stays awakened). Returns ``(master_cores, active, awakened)``."""
    if master_cores > 0:
        master_cores, active = master_cores - 1, active + 1
    if not awakened and master_cores == 0:
        awakened = True
    return master_cores, active, awakened


def cores_for_win(active: int, fatigued: int, master: int, lord: int) -> int:
    """A8.3: the cores that count for the 12-core win: the core zone (active + fatigued) and the leader zone
    (master + lord). Cores in the timeline do not count."""
    return active + fatigued + master + lord


def twelve_cores(active: int, fatigued: int, master: int, lord: int) -> bool:
    """勝利条件 / A8.3: 12 or more cores in the core and leader zones win."""
    return cores_for_win(active, fatigued, master, lord) >= CORES_TO_WIN


def life_after(life: int, change: int) -> int:
    """開始時基本設定 / A1.3, A8.1: life after a gain or loss, never above 20 nor below 0 (0 loses)."""
    return max(0, min(LIFE_MAX, life + change))


# --- state operations ---------------------------------------------------------------------------------


def available_mp(player: Data) -> int:
    """MP a player can still make this turn: unspent MP plus one per active core."""
    answer: int = player["mp"] + player["active"]
    return answer


def spend(player: Data, mp: int) -> int:
    """Pay ``mp`` (A3.1): unspent MP first, then cores moved from active to fatigued. Returns the cores moved.
    The caller has checked ``available_mp``."""
    from_pool = min(player["mp"], mp)
    player["mp"] -= from_pool
    moved = mp - from_pool
    paid = pay(player["active"], player["fatigued"], moved)
    assert paid is not None  # the caller has checked available_mp
    player["active"], player["fatigued"] = paid
    answer: int = moved
    return answer


def make_mp_for_core_cost(player: Data, core_cost: int) -> int:
    """M1 [INFERRED]: the core cost comes from the fatigue area; when it holds too few, more cores are moved
    from the active area (each making 1 MP, kept until the end of the turn). Returns the cores moved."""
    extra = max(0, core_cost - player["fatigued"])
    player["active"] -= extra
    player["fatigued"] += extra
    player["mp"] += extra
    answer: int = extra
    return answer


def do_core_phase(state: State, seat: str, events: list[Event]) -> None:
    """コアフェイズ (A5 C1–C3): the core from the master, awakening, then the awakened master's core ability
    (A3.5, our reading ``awakened_core``)."""
    player = state["players"][seat]
    before = player["master_cores"]
    was = player["awakened"]
    player["master_cores"], player["active"], player["awakened"] = core_phase(
        player["master_cores"], player["awakened"], player["active"])
    events.append(Event("core", "コアについて/A3.2", {"seat": seat, "from_master": before - player["master_cores"],
                                                   "master_cores": player["master_cores"]}))
    if player["awakened"] and not was:
        events.append(Event("awaken", "マスターカード/A3.3", {"seat": seat}))
        return
    where = readings_mod.of(state).awakened_core
    if was and where != "none":
        player["added"] += 1
        if where == "active":
            player["active"] += 1
        else:
            player["master_cores"] += 1
        events.append(Event("core_added", "マスターカード/A3.5 (reading awakened_core)",
                            {"seat": seat, "to": where, "added": player["added"]}))


def refresh(player: Data) -> None:
    """A3.6 (reading ``refresh_cores``): fatigued cores return to the active area."""
    player["active"] += player["fatigued"]
    player["fatigued"] = 0


def change_life(state: State, seat: str, change: int, events: list[Event], clause: str, **inputs: Any) -> None:
    """Apply a life gain or loss to ``seat``'s master, capped at 0..20, with its ruling event."""
    player = state["players"][seat]
    before = player["life"]
    player["life"] = life_after(before, change)
    events.append(Event("life", clause, {"seat": seat, "change": change, "before": before,
                                         "after": player["life"], **inputs}))

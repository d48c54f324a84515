"""A small, varied Iron Leaguer card pool for the engine tests (the seed catalogue's shape, invented values).

Every card passes cards/games/iron_leaguer.py (tests/referee/iron_leaguer/test_setup.py checks it).
"""

from __future__ import annotations

KINDS = ("arm", "leg", "strike", "martial")


def il(
    name: str, affiliation: str, heart: int, skill: int, body: int, growth: int | None, kinds: list[str]
) -> dict:
    return {
        "name": name,
        "card_type": "il",
        "rarity": "",
        "reading": "",
        "rules_text": "",
        "attributes": {
            "affiliation": affiliation,
            "heart": heart,
            "skill": skill,
            "body": body,
            "growth": growth,
            "kinds": kinds,
        },
    }


def half(
    name: str,
    kind: str = "any",
    timing: str = "either",
    persons: int | None = 1,
    heart: int = 0,
    skill: int = 0,
    body: int = 0,
    attack: int | None = None,
    defence: int | None = None,
    **extra,
) -> dict:
    out = {
        "name": name,
        "kind": kind,
        "named_ils": [],
        "timing": timing,
        "persons": persons,
        "heart": heart,
        "skill": skill,
        "body": body,
        "attack": attack,
        "defence": defence,
        "on_defence": None,
        "moves_attack_right": False,
        "rough_play": False,
        "rough_value": None,
        "rough_penalty": None,
        "growth_bonus": 0,
        "text": "",
    }
    out.update(extra)
    return out


def tech(name: str, period: int, upper: dict, lower: dict) -> dict:
    return {
        "name": name,
        "card_type": "technique",
        "attributes": {"period": period, "upper": upper, "lower": lower},
    }


def ils() -> list[dict]:
    silver = [
        il(
            f"シルバー{i}",
            "silver_starter",
            2 + i % 4,
            2 + i % 5,
            2 + (i * 3) % 5,
            4 + i % 4,
            [KINDS[i % 4], KINDS[(i + 1) % 4]],
        )
        for i in range(11)
    ]
    dark = [
        il(
            f"ダーク{i}",
            "dark_starter",
            1 + i % 3,
            3 + i % 4,
            3 + i % 3,
            None if i % 4 == 0 else 3 + i % 3,
            [KINDS[(i + 2) % 4]],
        )
        for i in range(11)
    ]
    leaguers = [
        il("トップジョイ", "dark_leaguer", 2, 4, 3, 5, ["arm"]),
        il("GZ", "dark_leaguer", 1, 5, 5, 4, ["strike"]),
        il("ファイタースピリッツ", "dark_leaguer", 2, 5, 4, 3, ["martial"]),
        il("ファイターアロー", "dark_leaguer", 2, 4, 5, 3, ["leg"]),
        il("極十郎太", "stray_leaguer", 3, 6, 4, 4, ["martial", "strike"]),
        il("ブルアーマー", "stray_leaguer", 2, 3, 6, 3, ["arm"]),
    ]
    leaguers += [
        il(f"ダークリーガー{i}", "dark_leaguer", i % 3, 3 + i % 3, 3 + i % 2, 3 + i % 3, [KINDS[i % 4]])
        for i in range(5)
    ]
    leaguers += [
        il(f"はぐれ{i}", "stray_leaguer", 1 + i % 3, 3, 4, None if i == 0 else 4, [KINDS[(i + 1) % 4]])
        for i in range(4)
    ]
    return silver + dark + leaguers


def techniques() -> list[dict]:
    cards = []
    for period in (1, 2, 3):
        p = period * 2
        for i, kind in enumerate(KINDS):
            cards.append(
                tech(
                    f"{kind}{period}",
                    period,
                    half(f"{kind}シュート{period}", kind, "attack", 1, skill=2 + i % 2, attack=10 + p + i),
                    half("ディフェンス", "any", "defence", None, defence=8 + p),
                )
            )
            cards.append(
                tech(
                    f"{kind}連携{period}",
                    period,
                    half(
                        f"{kind}ツイン{period}",
                        kind,
                        "attack",
                        2,
                        heart=2,
                        skill=3,
                        attack=14 + p,
                        growth_bonus=2,
                    ),
                    half("ブロック", "any", "defence", 1, body=2, defence=9 + p),
                )
            )
        cards.append(
            tech(
                f"トライ{period}",
                period,
                half(
                    f"トライアングル{period}",
                    "any",
                    "attack",
                    3,
                    heart=1,
                    attack=16 + p,
                    moves_attack_right=True,
                ),
                half(
                    f"カウンター{period}", "any", "defence", 1, skill=3, defence=10 + p, on_defence="counter"
                ),
            )
        )
        cards.append(
            tech(
                f"ラフ{period}",
                period,
                half(
                    f"ラフタックル{period}",
                    "any",
                    "attack",
                    1,
                    body=2,
                    rough_play=True,
                    rough_value=11 + period,
                    rough_penalty=3,
                ),
                half(f"リセット守備{period}", "any", "defence", 2, defence=11 + p, on_defence="reset"),
            )
        )
        cards.append(
            tech(
                f"必殺{period}",
                period,
                half(
                    f"超必殺{period}",
                    "named",
                    "either",
                    1,
                    heart=3,
                    skill=5,
                    attack=18 + p,
                    defence=8,
                    named_ils=["シルバー3", "ダーク5", "極十郎太"],
                    on_defence="attack_right",
                ),
                half(
                    f"ラフ投げ{period}",
                    "arm",
                    "attack",
                    1,
                    rough_play=True,
                    rough_value=10 + period,
                    rough_penalty=2,
                    moves_attack_right=True,
                ),
            )
        )
        cards.append(
            tech(
                f"補助{period}",
                period,
                half(f"気合{period}", "any", "either", None, attack=3, defence=3),
                half("ディフェンス", "any", "defence", None, defence=8 + p),
            )
        )
        cards.append(
            tech(
                f"補助B{period}",
                period,
                half(f"根性{period}", "any", "attack", None, heart=2, attack=4),
                half("ディフェンス", "any", "defence", None, defence=8 + p),
            )
        )
    extra = [card for card in cards if card["name"][:-1] in ("arm", "補助")]  # a second copy: 15 a period
    return cards + extra


def pool() -> list[dict]:
    """The whole pool: 11 Silver starters, 11 Dark starters, 15 Dark/stray leaguers, 15 technique cards a
    period."""
    return ils() + techniques()

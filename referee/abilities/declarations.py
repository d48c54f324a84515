"""Effects that depend on the real players (Riders' Legend: 「カード効果の発動条件がプレイヤー本人の容姿や実年齢・
直接の動作だったり」), game-neutral: the referee cannot see the players, so such a condition is a **declaration**
the acting player makes and the opponent accepts or disputes. A disputed declaration does not take effect; both
answers (the declaration, or declining to make it, and the opponent's acceptance or dispute) are events.

A game adds ``declaration_term()`` to its effects; its data is::

    {"effect": "declare", "claim_ja": "眼鏡をかけている", "claim_en": "You wear glasses",
     "effects": [effect, ...]}                    # what happens when the declaration is accepted

The engine asks the controller (``ask``: decision ``declare``, answered by declaring or declining), then the
opponent (``ask_opponent``: decision ``answer_declaration``, answered by accepting or disputing), and records
``declared`` / ``answered`` events. Nothing here knows a game.
"""

from __future__ import annotations

from typing import Any

from referee.engine.actions import Event

from .vocabulary import Param, Term

CLAUSE = "プレイヤー本人の容姿や実年齢・直接の動作 (declaration)"


def declaration_term(code: str = "declare") -> Term:
    """The effect term of a player-dependent condition (shape: the module docstring)."""
    return Term(code, "「{claim_ja}」と宣言し、相手が認めた場合：{effects}",
                "Declare \"{claim_en}\"; if the opponent accepts: {effects}",
                params=(Param("claim_ja", "text", label_ja="宣言", label_en="claim"),
                        Param("claim_en", "text", required=False, label_ja="宣言（英語）", label_en="claim (English)"),
                        Param("effects", "effects", label_ja="効果", label_en="effects")))


def ask(seat: str, source: str, effect: dict[str, Any]) -> dict[str, Any]:
    """The pending decision of the controller ``seat``: make the declaration of ``effect`` or decline it."""
    return {"kind": "declare", "seat": seat, "source": source, "claim_ja": effect["claim_ja"],
            "claim_en": effect.get("claim_en", effect["claim_ja"])}


def ask_opponent(pending: dict[str, Any], opponent: str) -> dict[str, Any]:
    """The pending decision of the ``opponent`` once the declaration is made: accept or dispute it."""
    return {**pending, "kind": "answer_declaration", "seat": opponent, "declarer": pending["seat"]}


def declared(pending: dict[str, Any], made: bool, clause: str = CLAUSE) -> Event:
    """The controller's answer: ``made`` the declaration, or declined (then nothing happens)."""
    return Event("declaration" if made else "declaration_declined", clause,
                 {"seat": pending["seat"], "source": pending["source"], "claim_ja": pending["claim_ja"],
                  "claim_en": pending["claim_en"]})


def answered(pending: dict[str, Any], accepted: bool, clause: str = CLAUSE) -> Event:
    """The opponent's answer: the declaration is ``accepted`` (it takes effect) or disputed (it does not)."""
    return Event("declaration_accepted" if accepted else "declaration_disputed", clause,
                 {"seat": pending["seat"], "declarer": pending["declarer"], "source": pending["source"],
                  "claim_ja": pending["claim_ja"], "takes_effect": accepted})

"""Duel's decklist wiring: a seat keeps its card names; a seat without a list plays a sample deck."""

from __future__ import annotations

from collections.abc import Callable, Mapping

SEATS = ("p1", "p2")


def keep(entries: list[Mapping]) -> dict:
    return {"cards": [e["name"] for e in entries for _ in range(e["count"])]}


def engine_decks(kept: Mapping[str, Mapping], cards: list[Mapping], sample: Callable[[str], dict]) -> dict:
    by_name = {}
    for card in cards:
        by_name.setdefault(card["name"], {k: card[k] for k in ("name", "card_type", "attributes")})
    decks = {}
    for seat in SEATS:
        chosen = (kept.get(seat) or {}).get("cards") or sample(seat)["cards"]
        decks[seat] = [by_name[name] for name in chosen]
    return decks


def sample_decks(catalogue: Mapping, texts: list[str]) -> list[dict]:
    by_name = {c["name"]: c for c in catalogue["cards"]}
    lists = []
    for text in texts:
        lines = [line.split(" ", 1) for line in text.splitlines() if line[:1].isdigit()]
        lists.append([by_name[name.strip()] for count, name in lines for _ in range(int(count))])
    return [{"p1": lists[0], "p2": lists[-1]}]

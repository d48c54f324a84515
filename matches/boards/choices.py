"""Direct-manipulation choices: the legal actions of a decision grouped by what the player picks.

An engine lists every complete action (rough play: each IL × target × card half, 33 of them at the start). A
person instead picks one thing at a time: the IL, then the target, then the half. A game's presenter says, for
each legal action, which *group* it belongs to (one kind of decision: "Rough play") and which value it takes in
each of the group's *slots* (``il``, ``target``, ``half``). This module gathers those into ``Group`` values the
board renders as option buttons; ``board.js`` narrows the options as picks are made and submits the one action
the picks name. ``resolve`` is the same narrowing in Python: the tests check with it that every legal action is
reachable by exactly one set of picks, and that no set of picks names anything else.

Slot kinds: ``one`` (pick one option) and ``count`` (pick options up to ``most`` times each: a set of ILs when
``most`` is 1, three training points over ILs when it is 3). A ``count`` pick is ``{option: times}``.

A presenter may give identical copies of a card one option (Legions: two 下忍カスミ in hand) and mark the
specs ``merge``: an action whose picks equal an earlier action's of its group is then left out, and the earlier
one (the first legal copy) stands for both. Without ``merge`` nothing is left out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Slot:
    """One thing to pick: ``key`` (as in the picks), ``label`` (the question, translated), ``kind`` one|count,
    ``most`` (count: how many times one option may be picked)."""

    key: str
    label: str
    kind: str = "one"
    most: int = 1


@dataclass(frozen=True)
class Option:
    """A value of a slot: ``value`` (a short text, unique in the slot), ``label`` for people, ``detail``
    (optional second line: the card a half is printed on, where a unit stands), ``stats`` (optional: a card's
    numbers in one line, "cost 2 · ATK 3 / HP 2 · WT 1") and ``text`` (optional: the card's printed text, shown
    on hover or a long press)."""

    value: str
    label: str
    detail: str = ""
    stats: str = ""
    text: str = ""


@dataclass(frozen=True)
class ChoiceSpec:
    """What a presenter says of one legal action: its group (``group`` key, ``group_label``, ``slots``, ``order``
    to sort groups), its ``picks`` ({slot: value, or {value: times} for a count slot}), the ``options`` it
    uses ({slot: [Option]}) and its own ``label`` (a sentence: "Rough play: GZ on マグナムエース with …")."""

    group: str
    group_label: str
    label: str
    slots: tuple[Slot, ...] = ()
    picks: dict = field(default_factory=dict)
    options: dict = field(default_factory=dict)
    tone: str = ""  # a Bulma colour for the group's button (primary for the main decision), or ""
    merge: bool = False  # equal picks name the same choice (identical copies): the first such action stands
    confirm: str = ""  # a question the board asks before sending it (a move that loses the game at once), or ""


@dataclass
class Choice:
    """One legal action in a group: ``action`` (the engine's JSON), ``json`` (its text), ``label``, ``picks``."""

    action: dict
    label: str
    picks: dict
    confirm: str = ""

    @property
    def json(self) -> str:
        return json.dumps(self.action, ensure_ascii=False, separators=(",", ":"))


@dataclass
class Group:
    """A kind of decision: ``key``, ``label``, ``slots`` with their ``options`` ({slot key: [Option]}, in the
    order first met) and its ``choices``. A group without slots is one button."""

    key: str
    label: str
    slots: tuple[Slot, ...]
    options: dict[str, list[Option]]
    choices: list[Choice]
    tone: str = ""

    @property
    def single(self) -> Choice | None:
        """The only choice of a group without slots (rendered as one button), else None."""
        return self.choices[0] if not self.slots and len(self.choices) == 1 else None

    @property
    def choices_json(self) -> str:
        """The choices for ``board.js``: ``[{"action": JSON text, "picks": {...}, "label": text, "confirm": text}]``
        (``confirm``: asked before sending, "" for none)."""
        return json.dumps([{"action": c.json, "picks": c.picks, "label": c.label, "confirm": c.confirm}
                           for c in self.choices],
                          ensure_ascii=False, separators=(",", ":"))

    @property
    def slot_rows(self) -> list[tuple[Slot, list[Option]]]:
        return [(slot, self.options.get(slot.key, [])) for slot in self.slots]


def build_groups(actions: list[dict], describe) -> list[Group]:
    """``actions``: the engine's legal actions (JSON), in the engine's order; ``describe(action) -> ChoiceSpec``.
    Returns the groups in the order their first action appears. A group without slots holding several actions
    is split into one group per action, so every slotless button names one action. A ``merge`` spec whose
    picks an earlier action of its group already has is left out (that action stands for both)."""
    groups: dict[str, Group] = {}
    taken: set[tuple[str, str]] = set()  # (group key, picks) of the merge specs met so far
    for action in actions:
        spec = describe(action)
        key = spec.group if spec.slots else f"{spec.group}:{len(groups)}"
        if spec.merge and spec.slots:
            picks = (key, json.dumps(spec.picks, sort_keys=True, ensure_ascii=False))
            if picks in taken:
                continue
            taken.add(picks)
        group = groups.get(key)
        if group is None:
            group = groups[key] = Group(spec.group, spec.group_label, spec.slots, {}, [], spec.tone)
        for slot_key, options in spec.options.items():
            known = group.options.setdefault(slot_key, [])
            seen = {o.value for o in known}
            known.extend(o for o in options if o.value not in seen and not seen.add(o.value))
        group.choices.append(Choice(action, spec.label, spec.picks, spec.confirm))
    return list(groups.values())


def _agrees(slot: Slot, wanted, picked) -> bool:
    if slot.kind == "count":
        wanted, picked = wanted or {}, picked or {}
        return {k: v for k, v in wanted.items() if v} == {k: v for k, v in picked.items() if v}
    return wanted == picked


def resolve(group: Group, picks: dict) -> Choice | None:
    """The one choice of ``group`` whose picks are exactly ``picks``, or None (none, or several: ambiguous).
    The same rule as ``board.js``'s ``complete``."""
    found = [c for c in group.choices if all(_agrees(s, c.picks.get(s.key), picks.get(s.key)) for s in group.slots)]
    return found[0] if len(found) == 1 else None


def flatten(groups: list[Group]) -> list[dict]:
    """Every action the groups offer, in order (the tests compare it with the engine's legal list, less the
    actions of merged copies)."""
    return [choice.action for group in groups for choice in group.choices]

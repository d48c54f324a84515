"""The Iron Leaguer presenter: the engine's view (``referee.games.iron_leaguer.view``) as a board — the prompt,
the score strip, the zones (teams, hands, decks, discard pile, strays, retired), the choices grouped for direct
manipulation, and the log in sentences (``narration``)."""

from __future__ import annotations

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from ..choices import ChoiceSpec
from ..frame import Card, Stat, Unit, Zone
from ..presenter import ASK, BoardInput, Presenter, Setting
from . import labels
from .choices import choice_spec
from .narration import narrate

GAME = "iron_leaguer"
IDLE = "pass_when_idle"  # a setting's choice: pass at once when every legal action is a pass
SCENES = 17


def _face(card: dict) -> dict:
    return {"game": GAME, **card}


class IronLeaguerPresenter(Presenter):
    game = GAME
    template = "matches/boards/iron_leaguer.html"
    clause_prefix = "IL"
    # The resolutions the last ruling shows first (IL 6–8, 10: scoring, attack and defence, rough play).
    # engine.CLOCK_DEFAULTS and matches.services.FORFEIT_AFTER_TIMEOUTS, in words.
    clock_help = _lazy(
        "Empty: no clock. Every decision has a default the clock plays when its time runs out: a pass at an attack "
        "or a defence, withdrawing the declaration at a choice of ILs, a single growth check, a refill of the "
        "hand, practice in the interval, the end of rescues, and the first choice where the choice is forced. "
        "A side whose decisions time out %(count)s times in a row forfeits the match; if both sides do, it is aborted.")
    decisive_kinds = frozenset({"score", "attack_failed", "defence_succeeded", "counter", "attack", "defence",
                                "rough_play", "match_end", "game_end"})
    # IL 5.2, 6.2/7.2: a stack is declared face down (told back to its player only) and shown when it is used;
    # at the interval the newcomers come face up off the IL deck.
    reveal_kinds = frozenset({"attack", "defence", "newcomer"})
    own_secret_kinds = frozenset({"declared"})

    decisions = labels.DECISIONS
    input_labels = labels.INPUTS
    # Issue 27, point 3: the bookkeeping a player may leave to the referee (each always overridable).
    settings = (
        Setting("growth", _lazy("Growth checks (IL 11.6)"), (
            ("one", _lazy("One check with the whole growth value (likeliest to add a heart)")),
            ("most", _lazy("The split with the most hearts expected")),
            (ASK, _lazy("Ask me every time"))), "one"),
        Setting("assign", _lazy("Completing a declared technique stack and choosing its ILs (IL 5.2/5.3)"), (
            ("suggested", _lazy("The referee's suggestion: the halves that add most, then the strongest ready ILs "
                                "with the fewest penalties")),
            (ASK, _lazy("Ask me every time"))), "suggested"),
        Setting("release", _lazy("Releasing an IL from a team above 11 (IL 15.4/19.6)"), (
            ("weakest", _lazy("Release the weakest IL")),
            (ASK, _lazy("Ask me every time"))), "weakest"),
        Setting("instruction", _lazy("Instructions after a successful defence (IL 8.6)"), (
            ("suggested", _lazy("The referee's suggestion: a counter, else a reset, else the attack right")),
            (ASK, _lazy("Ask me every time"))), "suggested"),
        Setting("attack", _lazy("Holding the attack right with nothing to declare (IL 6.6)"), (
            (IDLE, _lazy("Pass at once (drawing when allowed)")),
            (ASK, _lazy("Ask me every time"))), IDLE),
        Setting("action", _lazy("Interval actions: practise, train, scout or persuade (IL 16)"), (
            ("suggested", _lazy("The referee's suggestion: scout the strongest stray leaguer, or the training or "
                                "persuasion likeliest to succeed, else practise")),
            (ASK, _lazy("Ask me every time"))), "suggested"),
        Setting("defence", _lazy("Defending (IL 7)"), (
            (IDLE, _lazy("Ask me, but pass at once with nothing to declare")),
            ("suggested", _lazy("The referee's suggestion: the strongest defence in hand, or none")),
            (ASK, _lazy("Ask me every time"))), IDLE),
    )

    def choose(self, state: dict, seat: str, actions: list, choice: str):
        """``idle``: when every legal action is a pass, the pass ranked first (below), else ask; ``one``: the growth
        split of a single check; ``most``, ``suggested``, ``weakest``: the action the greedy
        judgement (``referee.games.iron_leaguer.bot.greedy_score``: expected hearts, the strongest ILs with the
        fewest penalties, the weakest IL) ranks first, the first listed among equals."""
        if choice == IDLE:  # only passes are legal: the one the greedy judgement prefers (a draw when allowed)
            if not all(a.type == "pass" for a in actions):
                return None
            choice = "suggested"
        if choice == "one":
            return next((a for a in actions if len(getattr(a, "parts", ())) == 1), None)
        if choice in ("most", "suggested", "weakest"):  # (a defence: ranked among declarations and passes)
            from referee.games.iron_leaguer.bot import greedy_score


            return max(actions, key=lambda a: greedy_score(state, a))
        return None

    def seat_label(self, seat: str | None) -> str:
        return labels.seat(seat)

    def chapter(self, event: dict) -> str:
        """A scene's match begins (``match_start``: "Scene 3") or its interval (``interval_start``)."""
        data = event.get("data") or {}
        if event.get("kind") == "match_start":
            return _("Scene %(n)s") % {"n": data.get("scene", "?")}
        if event.get("kind") == "interval_start":
            return _("Interval · scene %(n)s") % {"n": data.get("scene", "?")}
        return ""

    def names(self, state: dict) -> dict:
        """Card and IL ids → names, and ``"<card>:<side>"`` → the name of that technique half."""
        out = {}
        for key, card in (state.get("cards") or {}).items():
            out[key] = card.get("name", "?")
            for side in ("upper", "lower"):
                half = (card.get("attributes") or {}).get(side)
                if isinstance(half, dict):
                    out[f"{key}:{side}"] = half.get("name", "?")
        return out

    # -- the prompt and the strip ------------------------------------------------------------------------
    def prompt_values(self, data: BoardInput) -> dict:
        pending, seat = data.state.get("pending") or {}, data.to_act
        interval = data.state.get("interval") or {}
        return {"seat": labels.seat(seat), "ap": (pending.get("attack") or {}).get("points", "?"),
                "il": data.names.get(pending.get("il"), "?"),
                "left": (interval.get("actions_left") or {}).get(seat, "?")}

    def progress(self, state: dict) -> str:
        """"Scene 3 / 17" (IL: a match is counted in scenes)."""
        return _("Scene %(n)s / %(of)s") % {"n": state.get("scene", 1), "of": SCENES} if state else ""

    def stats(self, data: BoardInput) -> list[Stat]:
        state = data.state
        scene = state.get("scene", 1)
        match, results = state.get("match"), state.get("results") or []
        stats = [Stat(_("Scene"), f"{scene} / {SCENES}", key="scene"),
                 Stat(_("League"), labels.league(state.get("league")), key="league")]
        if match:
            score = match.get("score") or {}
            stats += [
                Stat(_("Score"), _("Silver %(silver)s – Dark %(dark)s") % {
                    "silver": score.get("silver", 0), "dark": score.get("dark", 0)}, "primary", "score"),
                Stat(_("Points to win"), state.get("points_to_win") or "—", key="target"),
                Stat(_("Attack right"), labels.seat(match.get("attacker")), key="attacker"),
            ]
        elif results:
            last = results[-1]
            score = last.get("score") or {}
            winner = last.get("winner")
            loser = "silver" if winner == "dark" else "dark"
            stats.append(Stat(_("Last scene"), _("%(seat)s won %(won)s – %(lost)s") % {
                "seat": labels.seat(winner), "won": score.get(winner, 0), "lost": score.get(loser, 0)},
                "primary", "score"))
        wins = {seat: sum(1 for r in results if r.get("winner") == seat) for seat in labels.SEATS}
        stats.append(Stat(_("Scenes won"), _("Silver %(silver)s – Dark %(dark)s") % wins, key="wins"))
        interval = state.get("interval")
        if interval:
            step = labels.INTERVAL_STEPS.get(interval.get("step"))
            stats.append(Stat(_("Interval"), capfirst(str(step)) if step else "—", "warning", "interval"))
        return stats

    def declaration(self, data: BoardInput) -> str:
        pending = data.state.get("pending") or {}
        kind = pending.get("kind")
        if kind == "assign":
            halves = pending.get("halves")
            who = labels.seat(pending.get("seat"))
            if isinstance(halves, list):
                names = _(" + ").join(data.names.get(f"{c}:{s}", "?") for c, s in halves)
                if pending.get("mode") == "attack":
                    return _("%(seat)s declared an attack: %(halves)s.") % {"seat": who, "halves": names}
                return _("%(seat)s declared a defence: %(halves)s.") % {"seat": who, "halves": names}
            return _("%(seat)s declared a technique of %(count)s half or halves; it is shown when used.") % {
                "seat": who, "count": halves}
        if kind == "defence":
            attack = pending.get("attack") or {}
            return _("%(attacker)s attacks with AP %(ap)s: a defence must reach more than %(ap)s.") % {
                "attacker": labels.seat("silver" if pending.get("seat") == "dark" else "dark"),
                "ap": attack.get("points", "?")}
        return ""

    # -- zones ---------------------------------------------------------------------------------------------
    def zones(self, data: BoardInput) -> dict[str, Zone]:
        state, cards = data.state, data.state.get("cards") or {}
        zones: dict[str, Zone] = {}
        # The reader's side at the bottom, as on a chess board; a spectator sees Silver at the bottom.
        bottom = data.seat or "silver"
        for place, seat in (("top", "dark" if bottom == "silver" else "silver"), ("bottom", bottom)):
            zones[f"{place}_team"] = Zone(f"team-{seat}", _("%(seat)s: team") % {"seat": labels.seat(seat)},
                                         units=[self._unit(il, cards) for il in state["teams"][seat]],
                                         owner=seat, empty=_("no members"))
            hand = state["hands"][seat]
            title = _("Your hand") if seat == data.seat else _("%(seat)s: hand") % {"seat": labels.seat(seat)}
            if isinstance(hand, list):
                zones[f"{place}_hand"] = Zone(f"hand-{seat}", title, cards=[self._card(c, cards) for c in hand],
                                             owner=seat, empty=_("no cards"))
            else:
                zones[f"{place}_hand"] = Zone(f"hand-{seat}", title, hidden=hand, owner=seat, empty=_("no cards"),
                                              game=GAME, short=_("Hand"))
        tech = state.get("tech") or {}
        zones["deck"] = Zone("deck", _("Technique deck %(period)s") % {"period": tech.get("period", 1)},
                             hidden=tech.get("deck", 0), size="xs", empty=_("empty"), game=GAME, pile=True)
        zones["discard"] = Zone("discard", _("Discard pile"), size="xs", empty=_("empty"), limit=4,
                                cards=[self._card(c, cards) for c in reversed(tech.get("discard") or [])])
        zones["il_deck"] = Zone("il-deck", _("IL deck"), hidden=state.get("il_deck", 0), size="xs",
                                empty=_("empty"), game=GAME, pile=True)
        zones["strays"] = Zone("strays", _("Stray leaguers"), size="xs", empty=_("none"),
                               units=[self._unit(il, cards) for il in state.get("strays") or []])
        zones["retired"] = Zone("retired", _("Retired"), size="xs", empty=_("none"),
                                units=[self._unit(il, cards) for il in state.get("retired") or []])
        return zones

    def _unit(self, il: dict, cards: dict) -> Unit:
        flags = []
        if il.get("incapacitated"):
            flags.append(_("incapacitated"))
        elif il.get("acted"):
            flags.append(_("acted"))
        tone = "danger" if il.get("incapacitated") else "light" if il.get("acted") else ""
        stats = [(_("Heart"), il.get("heart")), (_("Penalty"), il.get("penalty"))]
        return Unit(il["id"], il.get("name", "?"), stats, flags, _face(cards[il["id"]]) if il["id"] in cards else None,
                    tone)

    def _card(self, card_id: str, cards: dict) -> Card:
        card = cards.get(card_id) or {"name": "?", "card_type": "technique", "attributes": {}}
        attributes = card.get("attributes") or {}
        halves = " / ".join(str((attributes.get(s) or {}).get("name", "?")) for s in ("upper", "lower"))
        return Card(card_id, _face(card), halves)

    # -- actions ---------------------------------------------------------------------------------------------
    def describe(self, action: dict, data: BoardInput) -> str:
        return self.choice(action, data).label

    def choice(self, action: dict, data: BoardInput) -> ChoiceSpec:
        """The group and picks of one legal action (``choices.SPECS``, one function per action type)."""
        return choice_spec(action, data)

    def narrate(self, event: dict, data: BoardInput) -> str:
        return narrate(event, data.names)

    def outcome(self, data: BoardInput) -> str:
        outcome = data.view.get("outcome") or {}
        if not outcome.get("winner"):
            return _("The match ended without a winner.")
        return _("%(seat)s wins: %(reason)s.") % {"seat": labels.seat(outcome["winner"]),
                                                   "reason": labels.reason(outcome.get("reason"))}

"""The model against the spec, step by step: Hypothesis's implementation-vs-model pattern (issue 4).

A table is drawn (2 to 9 seats, varied and short stacks, decimal chip units read through PHH,
antes, blinds, straddles, stud bring-ins), then a structure and a rule set (a preset or random
switch values), then actions: legal ones from the model's legal set at their exact boundaries,
and illegal probes next to them. After every step the model and the solver must give the same
verdict, the same legal actions with amounts, the same successor state; a refusal's reason (its
clauses) must on its own make the solver refuse, or be among the clauses of its unsat core. The
solver confirms the model's answers rather than searching for its own (SpecOracle.confirm_*: one
query shows every claimed option legal, one that nothing else is; one that the claimed successor
follows, one that no other does), so every comparison is still the solver's, at every step. The
options of a state already confirmed in the run (the same rules, table, state and claim) are not
asked again: Hypothesis replays the prefixes of earlier examples, and every hand after the first at
a table starts where the first did.
``event("clause:<id>")`` records which clauses each run exercised.

tests/test_stateful.py runs this machine (profiles ``ci`` and ``deep``, and it keeps every failure
as a regression hand); ``betlaw bench`` runs it too, for ``hypothesis.steps_per_s``. Hypothesis
comes with the ``dev`` extra.
"""
from __future__ import annotations

from collections import Counter
from decimal import Decimal
from pathlib import Path

from hypothesis import event, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from betlaw.conformance.phh import dumps, read_text, state_to_fields
from betlaw.model.actions import Action, Kind
from betlaw.model.errors import IllegalAction
from betlaw.model.state import HandState

from .claims import legal_claim, step_claim
from .rulesets import PRESETS, SWITCHES, resolve
from .solver import SpecOracle
from .vocabulary import param_values, rule_values, state_values

PENDING = "latest-failure.phh.pending"  # not replayed until renamed to *.phh
RLIMIT = 5_000_000

VARIANTS = ["NT", "PO", "FT", "F7S", "N2L1D", "spread", "F7S spread"]


@st.composite
def tables(draw) -> str:
    """A PHH hand with decimal amounts (chip units of 1, 0.5 or 0.25)."""
    variant = draw(st.sampled_from(VARIANTS))
    seats = draw(st.integers(2, 9 if not variant.startswith("F7S") else 7))
    unit = draw(st.sampled_from([Decimal(1), Decimal("0.5"), Decimal("0.25")]))
    big = draw(st.sampled_from([2, 4, 10])) * unit * 4
    # in half big blinds, or a few chip units (less than a small blind or a bring-in: the short
    # forced bets of TDA 2024 RP-11 and fl.short-bb-call)
    stacks = [draw(st.one_of(st.integers(1, 12).map(lambda k: k * big / 2), st.integers(10, 200).map(lambda k: k * big / 2),
                             st.integers(1, 3).map(lambda k: k * unit))) for _ in range(seats)]
    ante = draw(st.sampled_from([0, 0, 1])) * unit
    lines = []
    if variant.startswith("F7S"):
        lines += ["variant = 'F7S'", f"antes = [{', '.join(str(max(ante, unit)) for _ in range(seats))}]"]
        if variant == "F7S spread":  # a bring-in above the spread's low end, at it, or below it
            low = draw(st.sampled_from([big / 8, big / 4, big / 2]))
            lines += ["_betlaw_structure = 'spread-limit'", f"_betlaw_spread = [{low}, {big * 2}]", f"bring_in = {big / 4}"]
        else:
            lines += [f"bring_in = {big / 4}", f"small_bet = {big / 2}", f"big_bet = {big}"]
        seat_of = draw(st.lists(st.integers(1, seats), min_size=5, max_size=5))
        ante = max(ante, unit)  # the bring-in has a chip after the ante (stud.bring-in: an all-in player cannot bring in)
        stacks[seat_of[0] - 1] = max(stacks[seat_of[0] - 1], ante + unit)
        lines += [f"_betlaw_bring_in_seat = 'p{seat_of[0]}'",
                  "_betlaw_first_actors = [" + ", ".join(f"'p{s}'" for s in seat_of) + "]"]
        if variant == "F7S" and draw(st.booleans()):
            lines.append("_betlaw_open_pair = true")  # stud.open-pair on fourth street
    else:
        blinds = [Decimal(0)] * seats
        blinds[0], blinds[1] = big / 2, big
        if seats > 3 and draw(st.booleans()) and draw(st.booleans()):
            blinds[2] = big * 2  # a live straddle
        post = draw(st.integers(0, 9))
        dead = [Decimal(0)] * seats
        if post == 0:
            blinds[-1], dead[-1] = Decimal(0), big  # a dead post (heads-up: in place of the live blind)
        elif post == 1 and seats > 2:
            blinds[-1] = -big  # a new player's live post (not a straddle)
        code = {"spread": "NT"}.get(variant, variant)
        if post == 2 and seats > 2:  # a dead small blind (pot-limit.full-blinds, TDA 54-B Ex 1)
            lines.append(f"_betlaw_full_blinds = [{', '.join(str(b) for b in blinds)}]")
            blinds[0] = Decimal(0)
        lines += [f"variant = '{code}'", f"antes = [{', '.join(str(ante) for _ in range(seats))}]",
                  f"blinds_or_straddles = [{', '.join(str(b) for b in blinds)}]"]
        if any(dead):
            lines.append(f"_betlaw_dead_posts = [{', '.join(str(d) for d in dead)}]")
        if variant in ("FT",):
            lines += [f"small_bet = {big}", f"big_bet = {big * 2}"]
        elif variant == "spread":
            lines += ["_betlaw_structure = 'spread-limit'", f"_betlaw_spread = [{big}, {big * 3}]"]
        else:
            lines += [f"min_bet = {big}"]
    lines += [f"starting_stacks = [{', '.join(str(s) for s in stacks)}]", "actions = []",
              f"_betlaw_chip_unit = {unit}"]
    return "\n".join(lines) + "\n"


@st.composite
def rule_sets(draw):
    preset = draw(st.sampled_from(sorted(PRESETS)))
    overrides = {}
    if draw(st.booleans()):
        for key in draw(st.lists(st.sampled_from(sorted(SWITCHES)), max_size=4, unique=True)):
            switch = SWITCHES[key]
            if key == "cap":
                overrides[key] = draw(st.sampled_from(["none", "0", "1", "2", "3", "4"]))
            else:
                overrides[key] = draw(st.sampled_from(switch.values))
    return resolve(preset, overrides)


def boundary_actions(state: HandState) -> list[Action]:
    legal = state.options()
    seat = legal.actor
    out = []
    if legal.fold:
        out.append(Action(seat, Kind.FOLD))
    if legal.check:
        out.append(Action(seat, Kind.CHECK))
    if legal.call is not None:
        out.append(Action(seat, Kind.CALL))
    if legal.bring_in is not None:
        out.append(Action(seat, Kind.BRING_IN))
    if legal.complete_to is not None:  # stud.open-pair: the small or the big completion
        out += [Action(seat, Kind.COMPLETE, to) for to in legal.completion_targets]
    if legal.bet_or_raise:
        lo, hi = legal.bet_or_raise
        kind = Kind.BET if legal.is_bet else Kind.RAISE
        middle = set() if legal.amounts else {(lo + hi) // 2}  # stud.open-pair: only the ends
        out += [Action(seat, kind, to) for to in sorted({lo, hi} | middle)]
    return out


def probes(state: HandState) -> list[Action]:
    """Illegal neighbours: out of turn, one chip outside the amounts, check facing a bet, a raise
    the rules close (not reopened, capped), the wrong kind."""
    seat = state.actor
    n = state.game.seats
    out = [Action((seat + 1) % n, Kind.CALL), Action((seat + 1) % n, Kind.FOLD)]
    legal = state.options()
    s = state.seats[seat]
    all_in = s.stack + s.bet
    if legal.bet_or_raise:
        lo, hi = legal.bet_or_raise
        kind = Kind.BET if legal.is_bet else Kind.RAISE
        if lo - 1 > state.call_level and lo < all_in:
            out.append(Action(seat, kind, lo - 1))
        out.append(Action(seat, kind, hi + 1))
        if legal.amounts and lo + 1 < hi:
            out.append(Action(seat, kind, lo + 1))  # between the small and the big bet (stud.open-pair)
        out.append(Action(seat, Kind.RAISE if legal.is_bet else Kind.BET, lo))
    else:
        out.append(Action(seat, Kind.RAISE, max(state.call_level + 1, min(all_in, state.min_raise_to))))
    if legal.complete_to is not None:
        out += [Action(seat, Kind.COMPLETE, to + 1) for to in legal.completion_targets]
    if not legal.check:
        out.append(Action(seat, Kind.CHECK))
    if not legal.fold:
        out.append(Action(seat, Kind.FOLD))
    return out


class ModelAgreesWithSpec(RuleBasedStateMachine):
    """Hypothesis's implementation-vs-model pattern: the readable model against the Z3 spec."""

    regressions: Path | None = None  # where a failing hand is written (tests/regressions in the test)
    steps: Counter = Counter()  # rules run, by name, across every example (for betlaw bench)
    # (rules, table, state, claimed options) the solver has confirmed in this run: the invariant asks
    # once per distinct question (Hypothesis replays the prefixes of earlier examples, and every hand
    # after the first at a table starts where the first did). Steps are always asked.
    confirmed_options: set = set()
    oracle_factory = SpecOracle  # the solver's side (betlaw bench's ceiling run puts a stand-in here)

    @initialize(table=tables(), rules=rule_sets())
    def deal(self, table, rules):
        ((_, scenario),) = read_text(table)
        self.scenario = scenario
        self.state = HandState(scenario.game, rules)
        self.oracle = self.oracle_factory(rules, scenario.game, rlimit=RLIMIT)
        self.confirmed = None  # the state whose legal actions the solver last confirmed
        self.rule_facts = tuple(rule_values(rules).items())
        event(f"structure:{scenario.game.structure}")
        event(f"rules:{rules.name.split(' + ')[0]}")

    def fail(self, message: str) -> None:
        """Keep the hand as a regression scenario, then fail."""
        if self.regressions is None:
            raise AssertionError(message)
        self.regressions.mkdir(exist_ok=True)
        fields = state_to_fields(self.scenario, self.state, self.state.rules.name)
        for key, value in self.state.rules.values.items():
            if key in SWITCHES:
                fields[f"_betlaw_{key.replace('-', '_')}"] = "none" if value is None else value
        # Hypothesis replays the shrunk example last, so this file ends up holding the minimal failure;
        # rename it (hypothesis-<what>.phh) and commit it to keep it as a permanent regression.
        (self.regressions / PENDING).write_text(f"# {message}\n" + dumps(fields))
        raise AssertionError(message)

    @invariant()
    def same_legal_actions(self):
        """The solver confirms the model's options exactly (SpecOracle.confirm_legal_actions)."""
        if not hasattr(self, "state") or self.state.actor is None or self.confirmed is self.state:
            return  # a probe leaves the state as it was: its options are confirmed already
        mine = legal_claim(self.state)
        question = (self.rule_facts, tuple(param_values(self.state).items()),
                    tuple(state_values(self.state).items()), tuple(mine.items()))
        if question not in self.confirmed_options:
            if not self.oracle.confirm_legal_actions(self.state, mine):
                spec = self.oracle.legal_actions(self.state)  # the spec's own answer, for the report
                self.fail(f"legal actions differ: model {mine} spec {spec}")
            self.confirmed_options.add(question)
        self.confirmed = self.state

    @rule(data=st.data())
    def act(self, data):
        """The solver confirms the model's verdict (legal, penalised or not) and its successor, and that
        no other successor follows (SpecOracle.confirm_step)."""
        if self.state.hand_over:
            return self.after_the_hand()
        action = data.draw(st.sampled_from(boundary_actions(self.state)))
        self.steps["act"] += 1
        after = self.state.copy()
        verdict = after.apply(action)
        for clause in self.state.legal().clauses.get(action.kind, ()):
            event(f"clause:{clause}")
        claim = step_claim(self.state, after, verdict)
        if not self.oracle.confirm_step(self.state, action, claim):
            spec = self.oracle.check(self.state, action, explain=False)
            predicted = self.oracle.successor(self.state, action)
            self.fail(f"{action}: model legal (penalized={verdict.penalized}) with outcome {claim}; "
                      f"spec {spec} with successor {predicted}")
        self.state = after

    def after_the_hand(self):
        """Once the betting is over no one may act (round.over-no-action), in both; then the next hand
        is dealt at the same table. (Every rule runs in every state, so Hypothesis's swarm testing,
        which turns some rules off for a whole example, never leaves an example with no rule to run.)"""
        action = Action(0, Kind.CHECK)
        try:
            self.state.verify(action)
        except IllegalAction:
            pass
        else:
            self.fail("the model lets a player act after the hand")
        if self.oracle.check(self.state, action, explain=False).legal:
            self.fail("the spec lets a player act after the hand")
        event("hand over")
        self.steps["after the hand"] += 1
        self.state = HandState(self.scenario.game, self.state.rules)

    @rule(data=st.data())
    def probe(self, data):
        if self.state.hand_over:
            return self.after_the_hand()
        action = data.draw(st.sampled_from(probes(self.state)))
        self.steps["probe"] += 1
        try:
            self.state.verify(action)
        except IllegalAction as err:
            # The model's reason must be the solver's: on its own a sufficient reason for the solver to
            # refuse (then every clause together refuses too: one query answers both), or in its
            # (minimal, not unique) unsat core.
            if not self.oracle.forbids(self.state, action, err.clauses):
                spec = self.oracle.check(self.state, action, explain=True)
                if spec.legal:
                    self.fail(f"{action}: model refuses ({err}), spec allows it")
                if not set(err.clauses) & set(spec.clauses):
                    self.fail(f"{action}: model reason {err.clauses} neither in the spec's core {spec.clauses} "
                              f"nor sufficient for the spec")
            event(f"refused:{err.reason.code}")
            return
        spec = self.oracle.check(self.state, action, explain=False)
        if not spec.legal:
            self.fail(f"{action}: model allows it, spec refuses ({spec.clauses})")

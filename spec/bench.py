"""The specification's figures for ``betlaw bench``: warm legality query, explanation, a cold
``betlaw ask``, the stateful test's steps per second (Hypothesis, the solver checking every
step), and the solver's confirmation of one model step on a fixed 6-seat table."""
from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from betlaw.model.actions import Action, Kind
from betlaw.model.errors import IllegalAction
from betlaw.model.game import Game, Opening, Street, Structure
from betlaw.model.state import HandState

from .claims import legal_claim, step_claim
from .rulesets import resolve
from .solver import SpecOracle, SpecVerdict


def _streets() -> tuple[Street, ...]:
    """Hold'em's four rounds, blinds first, minimum bet 2."""
    return tuple(Street(n, Opening.BLINDS if i == 0 else Opening.POSITION, 2)
                 for i, n in enumerate(("pre-flop", "flop", "turn", "river")))


def _six_max() -> Game:
    return Game(Structure.NO_LIMIT, _streets(), (200, 150, 60, 300, 200, 25), (0,) * 6, (1, 2, 0, 0, 0, 0))


def _table(n: int) -> Game:
    """A no-limit table of ``n`` seats (blinds 1-2, 100 each; heads-up seat 0 posts the big blind)."""
    blinds = (2, 1) if n == 2 else (1, 2) + (0,) * (n - 2)
    return Game(Structure.NO_LIMIT, _streets(), (100,) * n, (0,) * n, blinds)


def _states(count: int, seed: int = 7) -> list[HandState]:
    """Decision points of random 6-seat no-limit play (the same states for every run)."""
    rng, game, rules, out = random.Random(seed), _six_max(), resolve(), []
    state = HandState(game, rules)
    while len(out) < count:
        if state.hand_over:
            state = HandState(game, rules)
            continue
        out.append(state.copy())
        legal = state.options()
        seat = legal.actor
        choices = [Action(seat, Kind.CALL if legal.call is not None else Kind.CHECK)]
        if legal.bet_or_raise:
            lo, hi = legal.bet_or_raise
            choices.append(Action(seat, Kind.BET if legal.is_bet else Kind.RAISE, rng.randint(lo, min(hi, 3 * lo))))
        if legal.fold and legal.call is not None:
            choices.append(Action(seat, Kind.FOLD))
        state.apply(rng.choice(choices))
    return out


def _probe(state: HandState) -> Action:
    """An illegal action next to the legal ones: one chip under the minimum, or a check facing a bet."""
    legal = state.options()
    if legal.bet_or_raise and legal.bet_or_raise[0] - 1 > state.call_level:
        return Action(state.actor, Kind.BET if legal.is_bet else Kind.RAISE, legal.bet_or_raise[0] - 1)
    return Action(state.actor, Kind.CHECK if not legal.check else Kind.CALL)


def query_median_ms(states: list[HandState]) -> float:
    oracle = SpecOracle(states[0].rules, states[0].game)
    oracle.check(states[0], Action(states[0].actor, Kind.FOLD), explain=False)  # warm
    times = []
    for s in states:
        action = Action(s.actor, Kind.CALL if s.options().call is not None else Kind.CHECK)
        t = time.perf_counter()
        oracle.check(s, action, explain=False)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def explain_median_ms(states: list[HandState]) -> float:
    oracle = SpecOracle(states[0].rules, states[0].game)
    times = []
    for s in states:
        action = _probe(s)
        try:
            s.verify(action)
            continue
        except IllegalAction:
            pass
        t = time.perf_counter()
        verdict = oracle.check(s, action, explain=True)
        times.append(time.perf_counter() - t)
        assert not verdict.legal and verdict.clauses
    return statistics.median(times) * 1000


def ask_cold_s(runs: int = 3) -> float:
    example = Path(__file__).resolve().parents[1] / "conformance" / "examples" / "tda-47-ex1a.phh"
    if not example.exists():
        from importlib import resources

        example = Path(str(resources.files("betlaw.conformance").joinpath("examples/tda-47-ex1a.phh")))
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "betlaw.conformance", "ask", str(example), "can C re-raise here?",
                        "--json"], check=True, capture_output=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def steps_per_s(states: list[HandState]) -> float:
    """Confirmed model steps per second on given states (``spec.confirm_steps_per_s``): the work of
    an ``act`` step of the stateful test and the invariant before it. The solver confirms the
    model's legal actions, the model applies an action, the solver confirms its verdict and successor."""
    oracle = SpecOracle(states[0].rules, states[0].game)
    t = time.perf_counter()
    for s in states:
        if not oracle.confirm_legal_actions(s, legal_claim(s)):
            raise AssertionError(f"the spec does not confirm the model's legal actions: {s.describe()}")
        action = Action(s.actor, Kind.CALL if s.options().call is not None else Kind.CHECK)
        after = s.copy()
        verdict = after.apply(action)
        if not oracle.confirm_step(s, action, step_claim(s, after, verdict)):
            raise AssertionError(f"the spec does not confirm the model's step {action}: {s.describe()}")
    return len(states) / (time.perf_counter() - t)


class _NoSolver:
    """Stands in for the solver in the ceiling run: agrees with the model without asking anything."""

    def __init__(self, rules, game, rlimit: int | None = None):
        pass

    def confirm_legal_actions(self, state, claimed) -> bool:
        return True

    def confirm_step(self, state, action, claimed) -> bool:
        return True

    def forbids(self, state, action, clause_ids) -> bool:
        return True

    def check(self, state, action, explain: bool = True) -> SpecVerdict:
        return SpecVerdict(legal=False)  # asked only after the hand, where the model refuses too


def hypothesis_steps_per_s(examples: int, solver: bool = True) -> float:
    """Steps per second of the stateful test itself (:mod:`betlaw.spec.stateful`, derandomized,
    up to 25 steps an example): every ``act`` and ``probe`` rule (each a step the solver checks,
    with the invariant after it) over the whole run's time, Hypothesis's own work and the
    solver-free steps after the hand included. The invariant asks the solver once per distinct
    (rules, table, state, claimed options) in the run (``ModelAgreesWithSpec.confirmed_options``);
    every step is asked.

    ``solver=False`` (``hypothesis.steps_per_s_without_solver``): the same derandomized run with a
    stand-in that agrees with the model, so the same examples and steps (the model alone chooses
    them): the ceiling that Hypothesis and the model set, were the solver free."""
    from hypothesis import HealthCheck, settings
    from hypothesis.stateful import run_state_machine_as_test

    from .stateful import RLIMIT, ModelAgreesWithSpec

    if solver:
        for n in range(2, 10):  # warm solvers, as in any long run (one set per table size, built once)
            SpecOracle(resolve(), _table(n), rlimit=RLIMIT).warm()
    ModelAgreesWithSpec.steps.clear()
    ModelAgreesWithSpec.confirmed_options.clear()
    start = time.perf_counter()
    try:  # the same class either way (a subclass would be seeded differently and draw other examples)
        ModelAgreesWithSpec.oracle_factory = SpecOracle if solver else _NoSolver
        run_state_machine_as_test(ModelAgreesWithSpec, settings=settings(
            max_examples=examples, stateful_step_count=25, derandomize=True, database=None, deadline=None,
            suppress_health_check=list(HealthCheck)))
    finally:
        ModelAgreesWithSpec.oracle_factory = SpecOracle
    elapsed = time.perf_counter() - start
    return (ModelAgreesWithSpec.steps["act"] + ModelAgreesWithSpec.steps["probe"]) / elapsed


def figures(quick: bool = False):
    states = _states(60 if quick else 300)
    yield "spec.query_median_ms", query_median_ms(states), "ms"
    yield "spec.explain_median_ms", explain_median_ms(states), "ms"
    yield "ask.cold_s", ask_cold_s(1 if quick else 3), "s"
    yield "spec.confirm_steps_per_s", steps_per_s(states[: 20 if quick else 100]), "steps/s"
    if not quick:  # a minute or more: the full run only
        yield "witness.all_s", witness_all_s(), "s"
    # last: Hypothesis comes with the dev extra (without it this figure alone is missing, with a note)
    yield "hypothesis.steps_per_s", hypothesis_steps_per_s(10 if quick else 60), "steps/s"
    yield "hypothesis.steps_per_s_without_solver", hypothesis_steps_per_s(10 if quick else 60, solver=False), "steps/s"


def witness_all_s() -> float:
    """Every witness of every clause under every preset, cold: a fresh process, no cache read."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "betlaw.spec.witnesses", "--all", "--json"], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start

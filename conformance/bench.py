"""``betlaw bench``: side-by-side measurements in one run, reported as figures and ratios.

These machines are noisy, so the figures that count are the ratios of two workloads timed in
the same run (model vs. PokerKit on the same random actions, the same queries, the same hands).
PokerKit comes with the ``engines`` extra; without it its figures are left out and a note says so.
"""
from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

from betlaw.model.actions import Action, Kind
from betlaw.model.game import Game, Opening, Street, Structure
from betlaw.model.state import HandState
from betlaw.spec.rulesets import resolve

SEATS, STACK, BLINDS = 6, 200, (1, 2)


def _six_max() -> Game:
    streets = tuple(Street(name, Opening.BLINDS if i == 0 else Opening.POSITION, BLINDS[1])
                    for i, name in enumerate(("pre-flop", "flop", "turn", "river")))
    return Game(Structure.NO_LIMIT, streets, (STACK,) * SEATS, (0,) * SEATS, BLINDS + (0,) * (SEATS - 2))


def _choose(rng: random.Random, can_raise: bool, lo: int, hi: int, can_fold: bool):
    """PokerKit's documented benchmark mix: 25% bet/raise, else fold 20%, else check/call."""
    r = rng.random()
    if can_raise and r < 0.25:
        return "raise", hi if rng.random() < 0.1 else rng.randint(lo, min(hi, 3 * lo))
    if can_fold and r < 0.45:
        return "fold", None
    return "cc", None


def model_actions(n: int, seed: int = 12345, explained: bool = False) -> tuple[float, list[HandState]]:
    """Random legal actions through the model, chosen from ``options()``: the legal actions with amounts,
    as PokerKit's queries give them (``explained``: from ``legal()``, which adds the clauses deciding each)."""
    game, rules, rng = _six_max(), resolve(), random.Random(seed)
    state, done, samples = HandState(game, rules), 0, []
    start = time.perf_counter()
    while done < n:
        if state.hand_over:
            state = HandState(game, rules)
            continue
        legal = state.legal() if explained else state.options()
        lo, hi = legal.bet_or_raise or (0, 0)
        verb, to = _choose(rng, legal.bet_or_raise is not None, lo, hi, legal.fold and legal.call is not None)
        seat = legal.actor
        if verb == "raise":
            state.apply(Action(seat, Kind.BET if legal.is_bet else Kind.RAISE, to))
        elif verb == "fold":
            state.apply(Action(seat, Kind.FOLD))
        else:
            state.apply(Action(seat, Kind.CALL if legal.call is not None else Kind.CHECK))
        done += 1
        if done % 97 == 0 and len(samples) < 200:
            samples.append(state.copy())
    return done / (time.perf_counter() - start), samples


def _pokerkit():
    try:
        import pokerkit
    except ImportError:
        return None
    return pokerkit


def _pokerkit_state(pk):
    a = pk.Automation
    auto = (a.ANTE_POSTING, a.BET_COLLECTION, a.BLIND_OR_STRADDLE_POSTING, a.CARD_BURNING, a.HOLE_DEALING,
            a.BOARD_DEALING, a.RUNOUT_COUNT_SELECTION, a.HOLE_CARDS_SHOWING_OR_MUCKING, a.HAND_KILLING,
            a.CHIPS_PUSHING, a.CHIPS_PULLING)
    return pk.NoLimitTexasHoldem.create_state(auto, True, 0, BLINDS, BLINDS[1], (STACK,) * SEATS, SEATS)


def pokerkit_actions(pk, n: int, seed: int = 12345) -> tuple[float, list]:
    rng = random.Random(seed)
    state, done, samples = _pokerkit_state(pk), 0, []
    start = time.perf_counter()
    while done < n:
        if state.actor_index is None:
            state = _pokerkit_state(pk)
            continue
        can_raise = state.can_complete_bet_or_raise_to()
        lo = state.min_completion_betting_or_raising_to_amount if can_raise else 0
        hi = state.max_completion_betting_or_raising_to_amount if can_raise else 0
        verb, to = _choose(rng, can_raise, lo, hi, state.can_fold() and bool(state.checking_or_calling_amount))
        if verb == "raise":
            state.complete_bet_or_raise_to(to)
        elif verb == "fold":
            state.fold()
        else:
            state.check_or_call()
        done += 1
        if done % 97 == 0 and len(samples) < 200 and state.actor_index is not None:
            import copy

            samples.append(copy.deepcopy(state))
    return done / (time.perf_counter() - start), samples


def model_queries(samples: list[HandState], rounds: int) -> float:
    """The legal actions with amounts, computed afresh (``options()`` without its cache), as PokerKit's
    queries compute them."""
    live = [s for s in samples if s.actor is not None]
    start = time.perf_counter()
    for _ in range(rounds):
        for s in live:
            s._compute_legal(explain=False)
    return rounds * len(live) / (time.perf_counter() - start)


def pokerkit_queries(samples: list, rounds: int) -> float:
    start = time.perf_counter()
    for _ in range(rounds):
        for s in samples:
            s.can_fold(), s.can_check_or_call(), s.checking_or_calling_amount
            if s.can_complete_bet_or_raise_to():
                s.min_completion_betting_or_raising_to_amount, s.max_completion_betting_or_raising_to_amount
    return rounds * len(samples) / (time.perf_counter() - start)


def corpus_texts(limit: int | None = None) -> list[str]:
    """The corpus's hands as PHH texts: ``shared/corpus/phh/handhq`` beside the repository, beside the working
    directory or under it (none found: no texts)."""
    corpus = Path("shared", "corpus", "phh", "handhq")
    places = (Path(__file__).resolve().parents[2], Path.cwd().parent, Path.cwd())
    root = next((place / corpus for place in places if (place / corpus).is_dir()), places[0] / corpus)
    texts = []
    import tomllib
    from decimal import Decimal

    for path in sorted(root.glob("*.phhs")):
        doc = tomllib.loads(path.read_text(), parse_float=Decimal)
        for table in doc.values():
            if all(s != Decimal("Infinity") for s in table["starting_stacks"]):
                from .phh import dumps

                texts.append(dumps(table))
    return texts[:limit]


def model_replay(texts: list[str]) -> float:
    """Hands/s from PHH text to the final state: tomllib, the scenario, then the model's replay."""
    from .phh import read_text
    from .scenario import play

    start = time.perf_counter()
    for text in texts:
        ((_, scenario),) = read_text(text)
        play(scenario, scenario.rules())
    return len(texts) / (time.perf_counter() - start)


def pokerkit_replay(pk, texts: list[str]) -> float:
    """Hands/s from PHH text to the final state: ``HandHistory.loads`` (tomllib), then its states."""
    start = time.perf_counter()
    for text in texts:
        hh = pk.HandHistory.loads(text)
        for _ in hh.state_actions:
            pass
    return len(texts) / (time.perf_counter() - start)


def corpus_fields(texts: list[str]) -> list[dict]:
    """Each hand's fields as tomllib reads them (exact decimals), for the replay of parsed hands."""
    import tomllib
    from decimal import Decimal

    return [tomllib.loads(text, parse_float=Decimal) for text in texts]


def tomllib_parse(texts: list[str]) -> float:
    """Hands/s of tomllib alone on the PHH texts (exact decimals): the first stage of both replays."""
    import tomllib
    from decimal import Decimal

    start = time.perf_counter()
    for text in texts:
        tomllib.loads(text, parse_float=Decimal)
    return len(texts) / (time.perf_counter() - start)


def model_replay_parsed(docs: list[dict]) -> float:
    """Hands/s from tomllib's fields to the final state: the scenario is built inside the timing."""
    from .phh import scenario_from_fields
    from .scenario import play

    start = time.perf_counter()
    for fields in docs:
        scenario = scenario_from_fields(fields)
        play(scenario, scenario.rules())
    return len(docs) / (time.perf_counter() - start)


def pokerkit_replay_parsed(histories: list) -> float:
    """Hands/s from loaded ``HandHistory`` objects to the final state (iterating ``state_actions``)."""
    start = time.perf_counter()
    for hh in histories:
        for _ in hh.state_actions:
            pass
    return len(histories) / (time.perf_counter() - start)


def best_rates(workloads: dict, repeats: int) -> dict:
    """The best (highest) rate of each workload over ``repeats`` rounds, the workloads interleaved
    within each round, so that a slow spell of a noisy machine hits every side alike."""
    best: dict = {}
    for _ in range(repeats):
        for name, workload in workloads.items():
            best[name] = max(best.get(name, 0.0), workload())
    return best


REPLAY_NOTES = (
    "replay_hands_per_s (ratio.replay_model_over_pokerkit): from PHH text to the final state; both sides "
    "parse the same text with tomllib (PokerKit: HandHistory.loads + iterating state_actions; "
    "betlaw: phh.read_text + scenario.play)",
    "replay_parsed_hands_per_s (ratio.replay_parsed_model_over_pokerkit): already-parsed hands to the final "
    "state (PokerKit: HandHistory objects loaded before timing, timed iteration of state_actions; "
    "betlaw: tomllib's fields loaded before timing, timed phh.scenario_from_fields + scenario.play)",
    "tomllib.parse_hands_per_s: tomllib alone on the same texts; ratio.replay_ceiling_over_pokerkit (its rate "
    "over PokerKit's replay) is the replay ratio betlaw would reach if everything after parsing took no time",
)


def _replay_figures(add, notes: list[str], pk, texts: list[str], repeats: int) -> None:
    """The replay figures: the same hands on both sides, the best of ``repeats`` interleaved runs."""
    docs = corpus_fields(texts)
    workloads = {"model": lambda: model_replay(texts), "model_parsed": lambda: model_replay_parsed(docs),
                 "tomllib": lambda: tomllib_parse(texts)}
    if pk is not None:
        histories = [pk.HandHistory.loads(text) for text in texts]
        workloads.update(pokerkit=lambda: pokerkit_replay(pk, texts),
                         pokerkit_parsed=lambda: pokerkit_replay_parsed(histories))
    best = best_rates(workloads, repeats)
    add("model.replay_hands_per_s", best["model"], "hands/s")
    add("model.replay_parsed_hands_per_s", best["model_parsed"], "hands/s")
    add("tomllib.parse_hands_per_s", best["tomllib"], "hands/s")
    if pk is not None:
        add("pokerkit.replay_hands_per_s", best["pokerkit"], "hands/s")
        add("pokerkit.replay_parsed_hands_per_s", best["pokerkit_parsed"], "hands/s")
        add("ratio.replay_model_over_pokerkit", best["model"] / best["pokerkit"], "ratio")
        add("ratio.replay_parsed_model_over_pokerkit", best["model_parsed"] / best["pokerkit_parsed"], "ratio")
        add("ratio.replay_ceiling_over_pokerkit", best["tomllib"] / best["pokerkit"], "ratio")
    notes.extend(REPLAY_NOTES)
    notes.append(f"replay: {len(texts)} hands of shared/corpus/phh/handhq, the best of {repeats} interleaved runs "
                 f"per side")


def run(quick: bool = False) -> dict:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns on unknown PHH fields and cash-game folds
        return _run(quick)


def _action_figures(add, pk, n: int, rounds: int, repeats: int) -> None:
    """Random legal actions and the legal-action query, each side the best of ``repeats`` interleaved
    runs (the play is seeded, so every run of a side plays the same actions and samples the same states)."""
    samples: dict = {}

    def model_run() -> float:
        rate, samples["model"] = model_actions(n)
        return rate

    def explained_run() -> float:
        return model_actions(n, explained=True)[0]

    def pokerkit_run() -> float:
        rate, samples["pokerkit"] = pokerkit_actions(pk, n)
        return rate

    best = best_rates({"model": model_run, "explained": explained_run}
                      | ({"pokerkit": pokerkit_run} if pk is not None else {}), repeats)
    queries = {"model": lambda: model_queries(samples["model"], rounds)}
    if pk is not None:
        queries["pokerkit"] = lambda: pokerkit_queries(samples["pokerkit"], rounds)
    best_query = best_rates(queries, repeats)
    add("model.actions_per_s", best["model"], "actions/s")
    add("model.actions_explained_per_s", best["explained"], "actions/s")
    add("model.query_per_s", best_query["model"], "queries/s")
    if pk is not None:
        add("pokerkit.actions_per_s", best["pokerkit"], "actions/s")
        add("ratio.actions_model_over_pokerkit", best["model"] / best["pokerkit"], "ratio")
        add("pokerkit.query_per_s", best_query["pokerkit"], "queries/s")
        add("ratio.query_model_over_pokerkit", best_query["model"] / best_query["pokerkit"], "ratio")


def _run(quick: bool) -> dict:
    figures: list[dict] = []
    notes: list[str] = []

    def add(name: str, value: float, unit: str) -> None:
        figures.append({"name": name, "value": round(value, 4), "unit": unit})

    n, rounds, repeats = (2000, 5, 2) if quick else (10000, 50, 5)
    pk = _pokerkit()
    _action_figures(add, pk, n, rounds, repeats)
    notes.append(f"actions and queries: the best of {repeats} interleaved runs per side, the same seeded play")
    texts = corpus_texts(100 if quick else None)
    if not texts:
        notes.append("shared/corpus/phh not found: replay figures left out")
    if pk is None:
        notes.append("PokerKit is not installed (pip install 'betlaw[engines]'): its figures and ratios left out")
    if texts:
        _replay_figures(add, notes, pk, texts, repeats)
    for extra in _extra_benchmarks():
        try:
            for name, value, unit in extra(quick):
                add(name, value, unit)
        except Exception as err:  # a layer that cannot be measured is named, not hidden
            notes.append(f"{extra.__module__}: not measured ({err})")
    return {"figures": figures, "notes": notes}


def _extra_benchmarks():
    """Benchmarks contributed by other layers (the spec), when present."""
    found = []
    try:
        from betlaw.spec import bench as spec_bench
    except ImportError:
        return found
    found.append(spec_bench.figures)
    return found


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000

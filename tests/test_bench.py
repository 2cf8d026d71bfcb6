"""`betlaw bench` prints every figure the issues name (values are measured, never asserted: these
machines are noisy, so the figures that count are ratios taken side by side in one run)."""
from betlaw.conformance.bench import run


def test_bench_reports_every_named_figure():
    result = run(quick=True)
    names = {f["name"] for f in result["figures"]}
    expected = {"model.actions_per_s", "model.actions_explained_per_s", "spec.query_median_ms",
                "spec.explain_median_ms", "ask.cold_s", "hypothesis.steps_per_s",
                "hypothesis.steps_per_s_without_solver", "spec.confirm_steps_per_s"}
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        assert any("PokerKit" in note for note in result["notes"])
    else:
        expected |= {"pokerkit.actions_per_s", "ratio.actions_model_over_pokerkit",
                     "ratio.query_model_over_pokerkit", "ratio.replay_model_over_pokerkit",
                     "ratio.replay_parsed_model_over_pokerkit", "pokerkit.replay_parsed_hands_per_s",
                     "model.replay_parsed_hands_per_s", "tomllib.parse_hands_per_s",
                     "ratio.replay_ceiling_over_pokerkit"}
    assert expected <= names, (expected - names, result["notes"])
    assert all(f["value"] > 0 for f in result["figures"])


def test_the_ceiling_run_plays_the_same_steps_without_the_solver():
    """hypothesis.steps_per_s_without_solver is a ceiling only if it times the same work less the solver."""
    from betlaw.spec.bench import hypothesis_steps_per_s
    from betlaw.spec.solver import SpecOracle
    from betlaw.spec.stateful import ModelAgreesWithSpec

    hypothesis_steps_per_s(3)
    with_solver = dict(ModelAgreesWithSpec.steps)
    hypothesis_steps_per_s(3, solver=False)
    assert dict(ModelAgreesWithSpec.steps) == with_solver and with_solver["act"] > 0
    assert ModelAgreesWithSpec.oracle_factory is SpecOracle  # put back for the stateful test

"""The model conforms to the spec, step by step (Hypothesis stateful testing, issue 4).

The state machine, its strategies and its invariant are betlaw.spec.stateful (``betlaw bench``
runs the same machine for ``hypothesis.steps_per_s``); this file runs it under the test profiles
and keeps failures as regression hands.

Profiles: ``ci`` (default, derandomized), ``deep`` (1000 examples of up to 60 steps) and ``long``
(400 of up to 100):
``HYPOTHESIS_PROFILE=deep python3 -m pytest tests/test_stateful.py --hypothesis-show-statistics``.
A failure is written to tests/regressions/ as a PHH hand; test_regressions.py replays every
hand kept there through both (commit the file to keep the regression).
"""
from __future__ import annotations

import os
from pathlib import Path

from hypothesis import settings

from betlaw.spec.stateful import ModelAgreesWithSpec


class KeepsFailures(ModelAgreesWithSpec):
    """The machine, writing the shrunk hand of a failure to tests/regressions/."""

    regressions = Path(__file__).parent / "regressions"


if os.environ.get("HYPOTHESIS_PROFILE", "ci") == "ci":  # CI: a fast, derandomized sample; other profiles run in full
    KeepsFailures.TestCase.settings = settings(max_examples=15, stateful_step_count=15)
TestModelAgreesWithSpec = KeepsFailures.TestCase

"""The inductive proofs of betlaw.spec.proofs, for every preset at 2-4 seats (2-10 via ``betlaw prove``)."""
from __future__ import annotations

import pytest

from betlaw.spec.proofs import main, prove
from betlaw.spec.rulesets import PRESETS

RLIMIT = 2_000_000_000


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_proofs(preset, seats):
    rules = PRESETS[preset]
    report = prove(rules, seats, rlimit=RLIMIT)
    failed = [o for o in report.outcomes if not o.ok and not o.note.startswith("finding")]
    assert not failed, "\n".join(f"{o.name}\n{o.counterexample}" for o in failed)
    names = {o.name: o for o in report.outcomes}
    for must in ("init => invariant", "invariant is inductive", "P1 chips conserved",
                 "P2 no bet exceeds a starting stack", "P3' current bet = largest bet, or the full-bb exception",
                 "P4 one player to act", "P4 at least one legal action", "P5 rank falls with every action",
                 "P5 a round not over has rank >= 1"):
        assert names[must].ok, must
    assert all(o.ok for o in report.outcomes if o.name.startswith("non-vacuity")), "vacuous step relation"
    p3 = names["P3 current bet = largest bet (round starts)"]
    if rules["short-bb-call"] == "full-bb":
        # the documented finding: a short all-in big blind leaves the current bet above every bet
        assert not p3.ok and "first_round_blinds=True" in p3.counterexample
    else:
        assert p3.ok and names["P3 current bet = largest bet"].ok


def test_cli_entry(capsys):
    assert main(["--seats", "2", "--rules", "pokerkit", "--quiet", "--rlimit", str(RLIMIT)]) == 0
    assert "proved" in capsys.readouterr().out
    assert main(["--seats", "1-3"]) == 2


def test_a_used_up_resource_limit_is_unknown_not_an_interrupt(capsys):
    # review DF: Z3 gives "canceled" for a used-up --rlimit as for Ctrl-C; this one is an unknown (exit 1)
    assert main(["--seats", "2", "--rules", "tda-2024", "--quiet", "--rlimit", "100000"]) == 1
    out = capsys.readouterr().out
    assert "UNKNOWN" in out and "resource limit reached (--rlimit 100000)" in out

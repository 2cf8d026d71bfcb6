"""Every worked example (seeds, TDA Addendum, Robert's) and every clause, as a PHH scenario with
the answer the rule texts give."""
import pytest

from betlaw.spec.catalogue import catalogue

from scenario_expectations import check, expectations

CASES = list(expectations())


@pytest.mark.parametrize("scenario,expect", [(s, e) for _, s, e in CASES], ids=[i for i, _, _ in CASES])
def test_rule_texts_answer(scenario, expect):
    check(scenario, expect)


def test_every_clause_has_an_example():
    covered = set()
    for _, scenario, expect in CASES:
        covered.update(expect.get("clauses", []))
    missing = [c.id for c in catalogue().values() if c.id not in covered]  # every layer, declaration included
    assert not missing, f"clauses without a worked example: {missing}"

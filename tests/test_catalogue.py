"""The catalogue is the single source: every clause has an id, a title, at least one citation,
known structures, known switches; every reason code of the model names catalogue clauses."""
from betlaw.model.errors import Reason
from betlaw.spec.catalogue import STRUCTURES, catalogue
from betlaw.spec.rulesets import PRESETS, SWITCHES


def test_every_clause_is_complete():
    for clause in catalogue().values():
        assert clause.id and clause.title and clause.citations, clause.id
        assert set(clause.structures) <= set(STRUCTURES), clause.id
        assert set(clause.switches) <= set(SWITCHES), (clause.id, clause.switches)


def test_every_reason_code_maps_to_catalogue_clauses():
    ids = set(catalogue())
    for reason in Reason:
        assert reason.clauses and set(reason.clauses) <= ids, reason


def test_every_switch_is_used_by_a_clause_and_set_by_every_preset():
    used = {s for c in catalogue().values() for s in c.switches}
    assert used == set(SWITCHES), set(SWITCHES) ^ used
    for name, preset in PRESETS.items():
        assert set(SWITCHES) <= set(preset.values), name
        assert set(SWITCHES) <= set(preset.reasons), name

"""Load the rule catalogue: one clause per rule point, the source the other layers are checked against."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

STRUCTURES = ("no-limit", "pot-limit", "fixed-limit", "spread-limit")
LAYERS = ("legality", "state", "declaration")


@dataclass(frozen=True)
class Citation:
    seed: str | None = None
    quote: str | None = None
    tda: str | None = None
    roberts: str | None = None
    practice: str | None = None
    note: str | None = None

    def __str__(self) -> str:
        if self.seed:
            text = f'seed {self.seed}: "{self.quote}"'
        elif self.tda:
            text = f"TDA 2024 v1.0 rule {self.tda}"
        elif self.roberts:
            text = f"Robert's Rules of Poker, {self.roberts}"
        else:
            return f"practice: {self.practice}"
        return f"{text} ({self.note})" if self.note else text


@dataclass(frozen=True)
class Clause:
    id: str
    title: str
    structures: tuple[str, ...]
    switches: tuple[str, ...]
    layer: str
    citations: tuple[Citation, ...]
    spec: str = "encoded"  # how the Z3 specification covers it: "encoded" or "not encoded: <reason>"
    never_decisive: str | None = None  # why no state and action has this clause alone deciding (issue 5)

    def as_json(self) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "citations": [str(c) for c in self.citations],
            "structures": list(self.structures),
            "switches": list(self.switches),
            "layer": self.layer,
            "spec": self.spec,
            "encoded": self.spec == "encoded",
        }


class CatalogueError(ValueError):
    """The catalogue file breaks its own format."""


@cache
def catalogue() -> dict[str, Clause]:
    """Every clause, by id, in catalogue order."""
    raw = tomllib.loads(resources.files(__package__).joinpath("catalogue.toml").read_text("utf-8"))
    clauses: dict[str, Clause] = {}
    for entry in raw["clause"]:
        clause = Clause(
            id=entry["id"],
            title=entry["title"],
            structures=tuple(entry["structures"]),
            switches=tuple(entry["switches"]),
            layer=entry["layer"],
            citations=tuple(Citation(**c) for c in entry["citations"]),
            spec=entry.get("spec", "encoded"),
            never_decisive=entry.get("never_decisive"),
        )
        if clause.id in clauses:
            raise CatalogueError(f"duplicate clause id {clause.id}")
        if not set(clause.structures) <= set(STRUCTURES) or clause.layer not in LAYERS:
            raise CatalogueError(f"clause {clause.id}: unknown structure or layer")
        clauses[clause.id] = clause
    return clauses


def clause(clause_id: str) -> Clause:
    return catalogue()[clause_id]

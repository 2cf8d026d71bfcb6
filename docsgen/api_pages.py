"""The Python API reference: one page per package (betlaw.spec, betlaw.model, betlaw.conformance),
one mkdocstrings section per module, modules found on disk (so a new module gets its section)."""
from __future__ import annotations

import importlib.util
import pkgutil

from . import markdown as md

PACKAGES = {
    "spec": ("betlaw.spec", "The catalogue, the rule sets and the Z3 specification."),
    "model": ("betlaw.model", "The executable model: a hand's state, one module per rule group."),
    "conformance": ("betlaw.conformance", "Scenarios, questions and answers, the CLI, the conformance suite, "
                                          "its harnesses and adapters."),
}


def modules(package: str) -> list[str]:
    """Every public module of ``package`` and of its sub-packages, sorted."""
    spec = importlib.util.find_spec(package)
    out = []
    for info in pkgutil.walk_packages(spec.submodule_search_locations, prefix=package + "."):
        leaf = info.name.rsplit(".", 1)[-1]
        if leaf.startswith("_"):
            continue
        out.append(info.name)
    return sorted(out)


def page(key: str) -> str:
    package, summary = PACKAGES[key]
    out = [md.BANNER, f"# {md.code(package)}\n", f"{md.text(summary)}\n"]
    for name in modules(package):
        out.append(f"::: {name}\n")
    return "\n".join(out).rstrip("\n") + "\n"


def pages() -> dict[str, str]:
    return {f"{key}.md": page(key) for key in PACKAGES}

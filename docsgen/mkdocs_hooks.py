"""mkdocs hooks (mkdocs.yml ``hooks:``): the parts of the navigation that follow the generated pages.

* The nav entry ``generated/clauses/index.md`` becomes a section: the index, then one sub-section per
  catalogue layer listing the clause pages present, in catalogue order.
* The nav entry ``generated/conformance/index.md`` becomes a section: the overview, then one page per
  engine report present.
* mkdocstrings reads the Python API statically; the packages install under ``betlaw.*`` from folders
  named ``spec/``, ``model/``, ``conformance/`` (pyproject.toml's package-dir), which a static reader
  cannot find through the editable install, so ``build/docs-api/betlaw/`` gets a symlink per package
  (``build/`` is ignored by git) and mkdocs.yml points mkdocstrings there.
"""
from __future__ import annotations

import os
from pathlib import Path

CLAUSES = "generated/clauses/index.md"
CONFORMANCE = "generated/conformance/index.md"
API_PACKAGES = {"spec": "spec", "model": "model", "conformance": "conformance", "docsgen": "docsgen"}


def _clause_section(docs: Path, title: str) -> dict:
    from betlaw.docsgen.clause_pages import LAYERS  # a hook file is loaded by path: absolute imports only
    from betlaw.spec.catalogue import catalogue

    present = {p.stem for p in (docs / "generated" / "clauses").glob("*.md")} - {"index"}
    groups = []
    for layer, heading in LAYERS.items():
        ids = [c.id for c in catalogue().values() if c.layer == layer and c.id in present]
        if ids:
            groups.append({heading.split(":")[0]: [{cid: f"generated/clauses/{cid}.md"} for cid in ids]})
    known = {c for c in catalogue()}
    extra = sorted(present - known)
    if extra:
        groups.append({"Other": [{cid: f"generated/clauses/{cid}.md"} for cid in extra]})
    return {title: [{"All clauses": CLAUSES}] + groups}


def _conformance_section(docs: Path, title: str) -> dict:
    pages = sorted(p.stem for p in (docs / "generated" / "conformance").glob("*.md") if p.stem != "index")
    return {title: [{"Overview": CONFORMANCE}] + [{name: f"generated/conformance/{name}.md"} for name in pages]}


def _expand(items, docs: Path):
    out = []
    for item in items:
        if isinstance(item, dict):
            (title, value), = item.items()
            if value == CLAUSES:
                item = _clause_section(docs, title)
            elif value == CONFORMANCE:
                item = _conformance_section(docs, title)
            elif isinstance(value, list):
                item = {title: _expand(value, docs)}
        out.append(item)
    return out


def api_sources(root: Path) -> Path:
    """``build/docs-api`` with ``betlaw/<package>`` symlinks to the repository's package folders."""
    base = root / "build" / "docs-api" / "betlaw"
    base.mkdir(parents=True, exist_ok=True)
    for name, folder in API_PACKAGES.items():
        link = base / name
        target = os.path.relpath(root / folder, base)
        if link.is_symlink() and os.readlink(link) == target:
            continue
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(target, target_is_directory=True)
    return base.parent


# before any plugin reads its configuration (mkdocstrings' paths): this file sits in docsgen/ of the checkout
api_sources(Path(__file__).resolve().parent.parent)


def on_config(config, **kwargs):
    docs = Path(config["docs_dir"])
    if config.get("nav"):
        config["nav"] = _expand(config["nav"], docs)
    return config

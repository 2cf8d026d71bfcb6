"""Every generated page, by path under ``docs/``, and writing them (only what changed; stale pages removed).

Generated pages live under ``docs/generated/`` and are checked in; the hand-written pages stay in
``docs/``. ``docs/generated/conformance/ENGINE.md`` are written by ``betlaw docs reports``
(:mod:`.reports`), not here; this module writes their overview from the pages present.
"""
from __future__ import annotations

import json
from pathlib import Path

from . import api_pages, clause_pages, cli_reference, reports, rulesets_page, schema_pages
from .rule_text_examples import collect

GENERATED = "generated"


class DocsError(RuntimeError):
    """The documentation cannot be generated (no repository checkout, an unreadable witness file)."""


def repo_root() -> Path:
    """The repository checkout: where mkdocs.yml is (beside this package in an editable install, else the
    working directory)."""
    for candidate in (Path(__file__).resolve().parent.parent, Path.cwd()):
        if (candidate / "mkdocs.yml").is_file() and (candidate / "docs").is_dir():
            return candidate
    raise DocsError("mkdocs.yml not found: run betlaw docs from a clone of the repository")


def load_witnesses(path: Path | None) -> tuple[list[dict], str | None]:
    """(records, a note when there is no witness file)."""
    from betlaw.spec import witnesses

    if path is not None and not Path(path).is_file():
        raise DocsError(f"--witnesses {path}: " + ("a directory, not a witness file" if Path(path).is_dir()
                                                   else "no such file"))
    path = Path(path) if path is not None else witnesses.CACHE
    if not path.is_file():
        name = "spec/witnesses.json" if path == witnesses.CACHE else path.name
        return [], f"no witness file yet ({name}; 'betlaw witness --all --write-cache' writes it)"
    try:
        doc = json.loads(path.read_text("utf-8"))
    except (ValueError, UnicodeDecodeError) as err:
        raise DocsError(f"--witnesses {path}: not a witness file (not JSON: {err})") from err
    problem = witness_file_problem(doc)
    if problem:
        raise DocsError(f"--witnesses {path}: not a witness file ({problem}; 'betlaw witness --all --write-cache' "
                        f"writes one)")
    return doc["witnesses"], None


WITNESS_FOUND = ("clause", "kind", "rules", "phh", "question", "answer", "detail")  # a witness found
WITNESS_NONE = ("clause", "kind", "rules", "none")  # none exists, and why


def witness_file_problem(doc) -> str | None:
    """What is wrong with a witness file's shape (``spec/witnesses.json``'s), or None."""
    if not isinstance(doc, dict) or not isinstance(doc.get("witnesses"), list):
        return "expected an object with a 'witnesses' list"
    for i, record in enumerate(doc["witnesses"]):
        keys = WITNESS_NONE if isinstance(record, dict) and "none" in record else WITNESS_FOUND
        if not isinstance(record, dict) or not all(isinstance(record.get(k), str) for k in keys):
            return f"witnesses[{i}]: expected an object with the text fields {', '.join(keys)}"
    return None


def report_pages(docs: Path) -> dict[str, str]:
    folder = docs / GENERATED / "conformance"
    out = {}
    for p in sorted(folder.glob("*.md")) if folder.is_dir() else []:
        text = p.read_text("utf-8")
        if text.startswith(reports.BANNER):
            out[p.name] = text
    return out


def generate(root: Path, witnesses_path: Path | None = None) -> dict[str, str]:
    """Path under docs/ -> text, for every page ``betlaw docs generate`` owns."""
    records, note = load_witnesses(witnesses_path)
    if note:
        import sys

        print(f"betlaw docs: {note}; the clause pages show no witnesses", file=sys.stderr)
    out: dict[str, str] = {}
    for name, text in clause_pages.pages(records, collect(root), note).items():
        out[f"{GENERATED}/clauses/{name}"] = text
    out[f"{GENERATED}/rule-sets.md"] = rulesets_page.page()
    out[f"{GENERATED}/reference/cli.md"] = cli_reference.page()
    out[f"{GENERATED}/reference/vector-format.md"] = schema_pages.vector_page()
    out[f"{GENERATED}/reference/protocol.md"] = schema_pages.protocol_page()
    for name, text in api_pages.pages().items():
        out[f"{GENERATED}/reference/api/{name}"] = text
    out[f"{GENERATED}/conformance/index.md"] = reports.index(report_pages(root / "docs"))
    return out


def owned(docs: Path) -> list[Path]:
    """The files under docs/generated that ``generate`` owns (all but the engine report pages)."""
    folder = docs / GENERATED
    if not folder.is_dir():
        return []
    reports_present = set(report_pages(docs))
    return sorted(p for p in folder.rglob("*") if p.is_file()
                  and not (p.parent.name == "conformance" and p.name in reports_present))


def differences(root: Path, pages: dict[str, str]) -> list[str]:
    """Paths (under docs/) whose checked-in text differs from ``pages``, and stale ones."""
    docs = root / "docs"
    diff = [rel for rel, text in pages.items()
            if not (docs / rel).is_file() or (docs / rel).read_text("utf-8") != text]
    stale = [p.relative_to(docs).as_posix() for p in owned(docs) if p.relative_to(docs).as_posix() not in pages]
    return sorted(diff + stale)


def write(root: Path, pages: dict[str, str]) -> tuple[int, int]:
    """Write the pages that changed and remove stale ones; (written, removed). Every changed page is
    staged next to its target first; only when all are staged are they renamed in and the stale
    pages removed, so a failure leaves the pages as they were (a DocsError names the path)."""
    from betlaw.conformance.files import write_all

    docs = root / "docs"
    changed = {rel: text for rel, text in pages.items()
               if not ((docs / rel).is_file() and (docs / rel).read_text("utf-8") == text)}
    try:
        for rel in changed:
            (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        write_all({docs / rel: text for rel, text in changed.items()})
        stale = [p for p in owned(docs) if p.relative_to(docs).as_posix() not in pages]
        for p in stale:
            p.unlink()
    except OSError as err:
        raise DocsError(f"cannot write the generated pages: {err}") from None
    written, removed = len(changed), len(stale)
    return written, removed

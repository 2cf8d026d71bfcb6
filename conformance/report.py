"""Conformance reports: JSON Lines (header, one line per vector, footer), and a human summary in
Markdown and HTML (counts, the compliance figure and how it counts, a matrix of clauses by outcome,
the deviations with their clauses, and why vectors were skipped)."""
from __future__ import annotations

import html
import json
import os
import re
import time
from collections import Counter, defaultdict
from pathlib import Path

from betlaw.spec.catalogue import catalogue

from .files import write_all
from .runner import OUTCOMES, Run


def _betlaw_version() -> str:
    try:
        from importlib.metadata import version

        return version("betlaw")
    except Exception:  # noqa: BLE001
        return "0"


def header(run: Run) -> dict:
    return {"type": "header", "engine": run.engine, "engine_version": str(run.implementation.get("version", "?")),
            "implementation": run.implementation, "rules": run.rules.name,
            "rule_values": {k: v for k, v in run.rules.values.items()},
            "engine_cannot_set": run.unsupported_switches, "profile": run.profile, "warnings": run.warnings,
            "harness": run.command,
            "suite_version": run.manifest.get("suite_version", "?"), "suite": run.suite_path,
            "betlaw_version": _betlaw_version(), "started": run.started}


def footer(run: Run) -> dict:
    return {"type": "footer", "counts": run.counts(), "skipped": run.skipped(), **run.compliance(), "seconds": run.seconds,
            "finished": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}


def jsonl(run: Run) -> str:
    lines = [header(run)]
    for r in run.results:
        lines.append({"type": "vector", **{k: v for k, v in r.items() if k != "vector_clauses"}})
    lines.append(footer(run))
    return "".join(json.dumps(x, sort_keys=True) + "\n" for x in lines)


def clause_matrix(run: Run) -> list[tuple[str, dict, int]]:
    """(clause, outcome counts over the vectors exercising it, deviations citing it), catalogue order."""
    counts: dict = defaultdict(Counter)
    cited: Counter = Counter()
    for r in run.results:
        for c in r.get("vector_clauses", []):
            counts[c][r["outcome"]] += 1
        if r["outcome"] == "failed":
            for c in r.get("clauses", []):
                cited[c] += 1
    order = list(catalogue())
    ids = sorted(set(counts) | set(cited), key=lambda c: order.index(c) if c in order else len(order))
    return [(c, {o: counts[c][o] for o in OUTCOMES}, cited[c]) for c in ids]


def _groups(run: Run) -> list[tuple[str, list[dict]]]:
    """Deviations grouped by what diverged and the clauses named, largest group first."""
    groups: dict = defaultdict(list)
    for r in run.results:
        if r["outcome"] != "failed":
            continue
        what = re.sub(r"\d+", "N", r.get("divergence", {}).get("what", "?"))
        groups[(what, tuple(r.get("clauses", [])))].append(r)
    return sorted(((f"{w} [{', '.join(c)}]", rs) for (w, c), rs in groups.items()), key=lambda g: -len(g[1]))


def markdown(run: Run, timings: bool = True) -> str:
    """The human summary. ``timings=False`` leaves out when the run started, how long it took and
    where the suite was read from, so the same suite and engine give the same text (the
    documentation's copy, betlaw.docsgen.reports)."""
    c = run.counts()
    comp = run.compliance()
    pct = lambda x: "n/a" if x is None else f"{100 * x:.1f}%"  # noqa: E731
    suite = run.manifest.get("suite_version", "?")
    engine = _cell(f"{run.engine} {run.implementation.get('version', '')}")
    out = [f"# Conformance report: {engine}", "",
           "| | |", "|---|---|",
           f"| engine | {engine} |",
           f"| rule set | {run.rules.name} |",
           f"| suite | {suite} ({run.suite_path}) |" if timings else f"| suite | {suite} |",
           f"| betlaw | {_betlaw_version()} |"]
    if timings:
        out.append(f"| started | {run.started} ({run.seconds} s) |")
    if run.unsupported_switches:
        cannot = ', '.join(f'{k}={v}' for k, v in run.unsupported_switches.items())
        out.append(f"| engine cannot be set to | {_cell(cannot)} |")
    out += [f"| warning | {_cell(w)} |" for w in run.warnings]
    out += ["", "## Outcomes", "", "| passed | failed | skipped | errored | compliance | strict |",
            "|---:|---:|---:|---:|---:|---:|",
            f"| {c['passed']} | {c['failed']} | {c['skipped']} | {c['errored']} | {pct(comp['compliance'])} "
            f"| {pct(comp['strict'])} |", "", comp["rule"], ""]
    skips = Counter((r.get("skip_kind"), (r.get("requirement") or "").split(" in ")[0].split(" (")[0])
                    for r in run.results if r["outcome"] == "skipped")
    if skips:
        out += ["## Skipped", "", "| why | requirement | vectors |", "|---|---|---:|"]
        why = {"rule-set": "rule set differs", "unobserved": "engine did not report what is checked"}
        for (kind, req), n in skips.most_common():
            out.append(f"| {why.get(kind, 'engine cannot express')} | {_cell(req) or '-'} | {n} |")
        out.append("")
    partly = run.partly_checked()
    if partly["vectors"]:
        out += ["## Passed, checked in part", "",
                f"{partly['vectors']} of the {c['passed']} passed vectors were checked only in part: the harness "
                "did not report these expected fields, or could not put these probes to the engine "
                "(inexpressible), so they were left unchecked.", "",
                "| left unchecked | passed vectors |", "|---|---:|"]
        out += [f"| {f} | {n} |" for f, n in partly["unchecked"].items()]
        if partly["declared_but_unreported"]:
            out += ["", "The engine's profile says it observes " + ", ".join(partly["declared_but_unreported"])
                    + ", yet the harness left them unreported."]
        out.append("")
    out += ["## Clauses by outcome", "",
            "Vectors exercising each clause, by outcome; *cited* counts the deviations whose first divergence "
            "the clause decides.", "",
            "| clause | passed | failed | skipped | errored | cited |", "|---|---:|---:|---:|---:|---:|"]
    for clause, n, cited in clause_matrix(run):
        out.append(f"| {clause} | {n['passed']} | {n['failed']} | {n['skipped']} | {n['errored']} | {cited} |")
    out.append("")
    groups = _groups(run)
    if groups:
        out += ["## Deviations", ""]
        for title, rs in groups:
            smallest = min(rs, key=lambda r: (r.get("actions", 0), r["id"]))
            out += [f"### {title}: {len(rs)} vector{'s' if len(rs) != 1 else ''}", "",
                    f"- smallest: `{smallest['id']}`: {_md(smallest['detail'])}"]
            others = [r for r in rs if r is not smallest]
            out += [f"- `{r['id']}`: {_md(r['detail'])}" for r in others[:8]]
            if len(others) > 8:
                out.append(f"- ... and {len(others) - 8} more (see the JSON Lines report)")
            out.append("")
    errored = [r for r in run.results if r["outcome"] == "errored"]
    if errored:
        out += ["## Errored", ""] + [f"- `{r['id']}`: {_md(r['detail'])}" for r in errored[:30]] + [""]
    return "\n".join(out) + "\n"


def _md(text: str) -> str:
    """A detail (the harness's words among them) as Markdown text on one line, not markup: HTML's characters
    escaped."""
    return html.escape(" ".join(str(text).split()), quote=False)


def _cell(text: str) -> str:
    """Text (a harness's version, warning or requirement among them) as one Markdown table cell: _md, and
    a "|" escaped so it does not split the cell."""
    return _md(text).replace("|", "\\|")


def html_report(run: Run) -> str:
    """The Markdown summary as a small self-contained HTML page (tables rendered)."""
    body = []
    in_table = False
    for line in markdown(run).splitlines():
        if line.startswith("|"):
            cells = [html.escape(html.unescape(x.strip().replace("\\|", "|")))
                     for x in re.split(r"(?<!\\)\|", line.strip().removeprefix("|").removesuffix("|"))]
            if all(set(x) <= set("-:") for x in cells):
                continue
            if not in_table:
                body.append("<table>")
                in_table = True
                tag = "th"
            else:
                tag = "td"
            body.append("<tr>" + "".join(f"<{tag}>{x}</{tag}>" for x in cells) + "</tr>")
            continue
        if in_table:
            body.append("</table>")
            in_table = False
        text = html.escape(html.unescape(line.replace("\\|", "|")))  # Markdown's escapes (_md, _cell) undone
        text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
        if line.startswith("### "):
            body.append(f"<h3>{text[4:]}</h3>")
        elif line.startswith("## "):
            body.append(f"<h2>{text[3:]}</h2>")
        elif line.startswith("# "):
            body.append(f"<h1>{text[2:]}</h1>")
        elif line.startswith("- "):
            body.append(f"<li>{text[2:]}</li>")
        elif line.strip():
            body.append(f"<p>{text}</p>")
    if in_table:
        body.append("</table>")
    style = ("body{font-family:sans-serif;max-width:70em;margin:2em auto}table{border-collapse:collapse}"
             "td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}td:first-child,th:first-child"
             "{text-align:left}code{background:#f4f4f4}")
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>betlaw conformance: "
            f"{html.escape(run.engine)}</title><style>{style}</style></head><body>\n" + "\n".join(body)
            + "\n</body></html>\n")


def write(run: Run, directory: Path | str) -> dict:
    """Write <engine>-<rules>.jsonl, .md and .html into ``directory``; return the paths."""
    d = writable_dir(directory)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{run.engine}-{run.rules.name}").strip("_")
    paths = {"jsonl": d / f"{stem}.jsonl", "markdown": d / f"{stem}.md", "html": d / f"{stem}.html"}
    texts = {"jsonl": jsonl(run), "markdown": markdown(run), "html": html_report(run)}
    try:  # all three or none
        write_all({paths[key]: text for key, text in texts.items()})
    except OSError as err:
        raise ReportError(f"cannot write the reports: {err}") from None
    return {k: str(v) for k, v in paths.items()}


class ReportError(OSError):
    """The report directory cannot be made or written (the message names it)."""


def writable_dir(directory: Path | str) -> Path:
    """``directory``, made if missing; a ReportError if it is a file or cannot be made (checked before a run)."""
    d = Path(directory)
    if d.exists() and not d.is_dir():
        raise ReportError(f"{d}: not a directory (--report names the directory the reports go in)")
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ReportError(f"{d}: cannot make the report directory ({err.strerror or err})") from None
    if not os.access(d, os.W_OK | os.X_OK):
        raise ReportError(f"{d}: the report directory is not writable")
    return d

"""``betlaw docs``: generate the documentation pages, build the site, refresh the conformance reports,
check the built site in a headless browser.

* ``betlaw docs generate [--witnesses PATH] [--check]``: write the generated pages under
  ``docs/generated/`` (``--check``: write nothing, exit 1 if a checked-in page differs);
* ``betlaw docs build [--witnesses PATH] [--check] [--site DIR]``: the same, then
  ``mkdocs build --strict`` (warnings fail the build);
* ``betlaw docs reports [--engine NAME ...]``: run the conformance suite against the engines and
  write their report pages (checked in; the site build never runs an engine);
* ``betlaw docs browser-check [--site DIR]``: serve the built site on localhost and load every
  page in headless Chromium (no console errors, every table diagram rendered).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from .pages import DocsError, differences, generate, repo_root, write
from betlaw.conformance.files import path_argument


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="betlaw docs", description="Generate the documentation pages and build "
                                                                 "the site (mkdocs, docs/ -> site/).")
    sub = ap.add_subparsers(dest="action", required=True, metavar="ACTION")
    gen = sub.add_parser("generate", help="write the generated pages under docs/generated/")
    bld = sub.add_parser("build", help="generate the pages, then mkdocs build --strict")
    for p in (gen, bld):
        p.add_argument("--witnesses", metavar="PATH", type=path_argument, help="the witness file (default: spec/witnesses.json)")
        p.add_argument("--check", action="store_true",
                       help="write no page; exit 1 if a checked-in page differs from what would be generated")
    bld.add_argument("--site", metavar="DIR", type=path_argument, help="where to build the site (default: site/)")
    rep = sub.add_parser("reports", help="run the conformance suite against the engines; write their report pages")
    rep.add_argument("--engine", metavar="NAME", action="append", default=[],
                     help="only this engine (repeatable; default: every bundled engine)")
    chk = sub.add_parser("browser-check", help="load every page of the built site in headless Chromium")
    chk.add_argument("--site", metavar="DIR", type=path_argument, help="the built site (default: site/)")
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        root = repo_root()
        return {"generate": cmd_generate, "build": cmd_build, "reports": cmd_reports,
                "browser-check": cmd_browser_check}[args.action](args, root)
    except DocsError as err:
        print(f"betlaw docs: error: {err}", file=sys.stderr)
        return 2
    except OSError as err:  # a page or report that cannot be written: name it, no traceback
        print(f"betlaw docs: error: {err}", file=sys.stderr)
        return 2


def _generate(args, root: Path) -> bool:
    started = time.perf_counter()
    pages = generate(root, Path(args.witnesses) if args.witnesses else None)
    if args.check:
        diff = differences(root, pages)
        if diff:
            print(f"betlaw docs: {len(diff)} generated page(s) out of date; run 'betlaw docs generate': "
                  + ", ".join(diff[:10]) + (" ..." if len(diff) > 10 else ""), file=sys.stderr)
            return False
        print(f"{len(pages)} generated pages up to date ({time.perf_counter() - started:.1f} s)")
        return True
    written, removed = write(root, pages)
    print(f"{len(pages)} generated pages: {written} written, {removed} removed "
          f"({time.perf_counter() - started:.1f} s)")
    return True


def cmd_generate(args, root: Path) -> int:
    return 0 if _generate(args, root) else 1


def mkdocs_build(root: Path, site: Path | None = None) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean"]
    if site is not None:
        command += ["--site-dir", str(site)]
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")  # mkdocs-material's end-of-life banner
    return subprocess.run(command, cwd=root, capture_output=True, text=True, env=env)


def _site_dir(site: Path) -> bool:
    """Make the site directory now, before the pages are generated (review DF: a site directory that cannot
    be made failed only in mkdocs, with its traceback); True if it was made here."""
    if site.exists():
        if not site.is_dir():
            raise DocsError(f"--site {site}: not a directory")
        return False
    try:
        site.mkdir(parents=True)
    except OSError as err:
        raise DocsError(f"--site {site}: cannot make the directory ({err.strerror or err})") from None
    return True


def cmd_build(args, root: Path) -> int:
    site = Path(args.site).resolve() if args.site else root / "site"
    made = _site_dir(site)
    if not _generate(args, root):
        if made:
            site.rmdir()
        return 1
    started = time.perf_counter()
    done = mkdocs_build(root, site)
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        print("betlaw docs: mkdocs build --strict failed", file=sys.stderr)
        if made and site.is_dir() and not any(site.iterdir()):
            site.rmdir()
        return 1
    pages = sum(1 for _ in site.rglob("*.html"))
    print(f"built {pages} pages into {site} in {time.perf_counter() - started:.1f} s (mkdocs build --strict)")
    return 0


def cmd_reports(args, root: Path) -> int:
    from . import reports

    names = args.engine or reports.engines()
    unknown = [n for n in names if n not in reports.engines()]
    if unknown:
        print(f"betlaw docs: error: unknown engine {unknown[0]!r}; engines: {', '.join(reports.engines())}",
              file=sys.stderr)
        return 2
    folder = root / "docs" / "generated" / "conformance"
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        started = time.perf_counter()
        run = reports.run_engine(name)
        (folder / f"{name}.md").write_text(reports.page(run), encoding="utf-8")
        c = run.counts()
        print(f"{name}: passed {c['passed']}, failed {c['failed']}, skipped {c['skipped']}, errored {c['errored']} "
              f"({time.perf_counter() - started:.1f} s)")
    from .pages import report_pages

    (folder / "index.md").write_text(reports.index(report_pages(root / "docs")), encoding="utf-8")
    return 0


def cmd_browser_check(args, root: Path) -> int:
    from .browser import BrowserUnavailable, check_site

    site = Path(args.site).resolve() if args.site else root / "site"
    if not (site / "index.html").is_file():
        print(f"betlaw docs: error: no built site at {site}; run 'betlaw docs build'", file=sys.stderr)
        return 2
    try:
        result = check_site(site)
    except BrowserUnavailable as err:
        print(f"betlaw docs: error: {err}", file=sys.stderr)
        return 2
    for problem in result.problems:
        print(problem)
    print(f"{result.pages} pages loaded, {result.diagrams} table diagrams rendered, "
          f"{len(result.problems)} problems ({result.seconds:.1f} s)")
    return 1 if result.problems else 0


if __name__ == "__main__":
    raise SystemExit(main())

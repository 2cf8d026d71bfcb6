"""The conformance commands: ``betlaw conform``, ``betlaw profile`` and ``betlaw vectors``.

Wire into the main parser with::

    from . import suite_cli
    suite_cli.register(sub)          # sub = parser.add_subparsers(...)

then dispatch ``args.handler(args)`` for these commands (each handler returns an exit code).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import sys
from pathlib import Path
from .files import path_argument


def register(subparsers) -> None:
    from .runner import ENGINES

    engines = ", ".join(ENGINES)
    co = subparsers.add_parser("conform", help="run the conformance suite against an engine",
                               description="Run the conformance suite against an engine harness and report, "
                                           "vector by vector, where it deviates from the rules.")
    _engine_options(co, engines)
    co.add_argument("--rules", metavar="NAME", help="judge under this preset (default: the rule set closest to "
                                                    "the engine's declared profile)")
    co.add_argument("--rule", metavar="KEY=VALUE", action="append", default=[], help="override a switch (repeatable; or several as A=X,B=Y)")
    co.add_argument("--report", metavar="DIR", type=path_argument, help="write JSON Lines, Markdown and HTML reports here")
    co.add_argument("--json", action="store_true", help="print one JSON object")
    co.add_argument("--only", metavar="PREFIX", action="append", default=[],
                    help="run only the vector with this id, or the vectors whose id starts with PREFIX (repeatable)")
    co.add_argument("--progress", dest="progress", action="store_true", default=None,
                    help="show the progress bar even when standard error is not a terminal")
    co.add_argument("--no-progress", dest="progress", action="store_false")
    co.set_defaults(handler=cmd_conform)

    pr = subparsers.add_parser("profile", help="infer which switch values an engine's behaviour matches",
                               description="Run every vector the engine can express and infer, for each rule "
                                           "switch, the value its behaviour matches; list the deviations no "
                                           "switch explains, each with a minimal vector.")
    _engine_options(pr, engines)
    pr.add_argument("--rules", metavar="NAME", help="configure the engine with this preset")
    pr.add_argument("--json", action="store_true")
    pr.set_defaults(handler=cmd_profile)

    ve = subparsers.add_parser("vectors", help="generate or check the conformance suite")
    vsub = ve.add_subparsers(dest="vectors_command", required=True, metavar="ACTION")
    gen = vsub.add_parser("generate", help="(re)generate the suite deterministically")
    gen.add_argument("--out", metavar="DIR", type=path_argument, help="where to write (default: the checked-in suite)")
    gen.add_argument("--per-cell", type=_count, default=None, help="exploration hands per preset and structure")
    gen.add_argument("--seed", type=int, default=None)
    gen.set_defaults(handler=cmd_vectors_generate)
    chk = vsub.add_parser("check", help="regenerate in a temporary directory; exit 1 if the suite differs")
    chk.add_argument("--suite", metavar="DIR", type=path_argument)
    chk.set_defaults(handler=cmd_vectors_check)
    val = vsub.add_parser("validate", help="validate every vector against the JSON Schema")
    val.add_argument("--suite", metavar="PATH", type=path_argument)
    val.set_defaults(handler=cmd_vectors_validate)


def _engine_options(p: argparse.ArgumentParser, engines: str) -> None:
    p.add_argument("--engine", metavar="NAME", help=f"a bundled harness: {engines}")
    p.add_argument("--harness", metavar="COMMAND", help="any harness speaking the protocol (docs/conformance.md), "
                                                        "e.g. './my-engine --betlaw'")
    p.add_argument("--suite", metavar="PATH", type=path_argument,
                   help="a suite directory or a .jsonl file (default: the bundled suite)")
    p.add_argument("--timeout", type=_seconds, default=10.0,
                   help="seconds per vector before the engine counts as hung (start and configure: 60 s)")
    p.add_argument("--jobs", type=_positive, default=1, help="harness processes run in parallel")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: the timeout must be a finite number of seconds above 0")
    return value


def _whole(least: int, what: str):
    """An argparse type: a whole number of at least ``least`` (``what`` says of what, in the error)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{text!r}: at least {least} {what}")
        return value
    return parse


_positive = _whole(1, "harness process")
_count = _whole(0, "hands")


class UsageError(Exception):
    """A bad command line: printed as 'betlaw: error: ...', exit 2."""


def _harness_args(args) -> tuple[str | None, list[str] | None]:
    if args.engine and args.harness:
        raise UsageError("give --engine NAME or --harness COMMAND, not both")
    if not args.engine and not (args.harness or "").strip():
        raise UsageError("give --engine NAME or --harness COMMAND")
    if not args.harness:
        return args.engine, None
    try:
        return None, shlex.split(args.harness)
    except ValueError as err:
        raise UsageError(f"--harness {args.harness!r}: {err} (the command is split as a shell would)") from None


def _start(run) -> tuple[object | None, int]:
    """Call ``run()`` (which runs the suite); (its result, 0) or (None, exit code) after one error line."""
    from .harness.client import HarnessError
    from .report import ReportError

    try:
        return run(), 0
    except (UsageError, ValueError, ReportError) as err:
        print(f"betlaw: error: {err}", file=sys.stderr)
    except (HarnessError, OSError) as err:  # the harness would not even start
        print(f"betlaw: error: the harness could not be started: {err}", file=sys.stderr)
    return None, 2


def cmd_conform(args) -> int:
    from betlaw.spec.rulesets import parse_assignments

    from . import report
    from .runner import run_suite

    kwargs = {"suite": args.suite} if args.suite else {}

    def go():
        engine, harness = _harness_args(args)
        made = bool(args.report) and not os.path.exists(args.report)
        if args.report:
            report.writable_dir(args.report)  # before a run that may take minutes
        try:
            return run_suite(engine, args.rules, parse_assignments(args.rule), harness=harness, timeout=args.timeout,
                             jobs=args.jobs, progress=args.progress, only=args.only, **kwargs)
        except BaseException:
            if made:  # no run, no reports: the directory made for them goes too (review CV)
                try:
                    os.rmdir(args.report)
                except OSError:
                    pass
            raise

    run, code = _start(go)
    if run is None:
        return code
    paths, report_error = None, None
    if args.report:
        try:
            paths = report.write(run, args.report)
        except report.ReportError as err:
            report_error = err
    if args.json:
        print(json.dumps(run.summary_json(), indent=2))
    else:
        c = run.counts()
        comp = run.compliance()
        pct = lambda x: "n/a" if x is None else f"{100 * x:.1f}%"  # noqa: E731
        why = run.skipped()
        print(f"{run.engine} {run.implementation.get('version', '')} under {run.rules.name}, suite "
              f"{run.manifest.get('suite_version', '?')}: passed {c['passed']}, failed {c['failed']}, "
              f"skipped {c['skipped']} ({why['unsupported']} unsupported, {why['rule_set']} rule set, "
              f"{why['unobserved']} unobserved), errored {c['errored']}; compliance {pct(comp['compliance'])} "
              f"(skipped vectors left out, errored ones counted as failures), strict {pct(comp['strict'])} "
              f"(unsupported and unobserved ones counted as failures too) in {run.seconds} s")
        for w in run.warnings:
            print(f"  warning: {w}")
        if run.unsupported_switches:
            print("  the engine cannot be set to " + ", ".join(f"{k}={v}" for k, v in run.unsupported_switches.items())
                  + ": its deviations there are the rule set's, not bugs")
        for d in run.deviations()[:20]:
            print(f"  {d['vector']} [{', '.join(d['clauses'])}]: {d['detail']}")
        if len(run.deviations()) > 20:
            print(f"  ... {len(run.deviations()) - 20} more deviations" + (" (see the report)" if paths else ""))
        for e in run.errors()[:10]:
            print(f"  ERRORED {e['vector']}: {e['detail']}")
        if len(run.errors()) > 10:
            print(f"  ... {len(run.errors()) - 10} more errored vectors" + (" (see the report)" if paths else ""))
        partly = run.partly_checked()
        if partly["vectors"]:
            print(f"  {partly['vectors']} of the passed vectors were checked only in part; not reported: "
                  + ", ".join(f"{f} ({n})" for f, n in partly["unchecked"].items()))
        if partly["declared_but_unreported"]:
            print("  the profile says the harness observes " + ", ".join(partly["declared_but_unreported"])
                  + ", but it left them unreported in some vectors")
        unobserved = sum(1 for r in run.results if r.get("skip_kind") == "unobserved")
        if unobserved:
            print(f"  {unobserved} vectors skipped as unobserved: the harness reported nothing they check")
        if paths:
            print(f"reports: {paths['jsonl']}, {paths['markdown']}, {paths['html']}")
        if run.deviations() or run.errors():
            print("to run one vector again: the same command with --only VECTOR-ID as its only --only")
    c = run.counts()
    if report_error is not None:
        print(f"betlaw: error: {report_error} (the results above stand)", file=sys.stderr)
        return 2
    if not (c["passed"] or c["failed"] or c["errored"]):
        print("betlaw: no vector was run (every one skipped): nothing was tested", file=sys.stderr)
        return 2
    return 1 if c["failed"] or c["errored"] else 0


def cmd_profile(args) -> int:
    from .profile import profile, text

    def go():
        engine, harness = _harness_args(args)
        return profile(engine, args.suite, harness, args.timeout, args.jobs, args.rules)

    result, code = _start(go)
    if result is None:
        return code
    print(json.dumps(result, indent=2) if args.json else text(result), end="" if not args.json else "\n")
    c = result["counts"]
    if not (c["passed"] or c["failed"] or c["errored"]):
        print("betlaw: no vector was run (every one skipped): nothing was profiled", file=sys.stderr)
        return 2
    return 1 if result["unexplained"] or c["errored"] else 0


def cmd_vectors_generate(args) -> int:
    from . import vectors

    out = Path(args.out) if args.out else vectors.SUITE_DIR
    if out.exists() and not out.is_dir():  # before the generation, which takes a while
        print(f"betlaw: error: {out}: not a directory", file=sys.stderr)
        return 2
    kwargs = {}
    if args.per_cell is not None:
        kwargs["per_cell"] = args.per_cell
    if args.seed is not None:
        kwargs["seed"] = args.seed
    try:
        manifest = vectors.generate(out, **kwargs)
    except vectors.SuiteError as err:
        print(f"betlaw: error: {err}", file=sys.stderr)
        return 2
    print(f"wrote {manifest['vectors']} vectors to {out} (suite {manifest['suite_version']})")
    return 0


def cmd_vectors_check(args) -> int:
    from . import vectors

    path = Path(args.suite) if args.suite else vectors.SUITE_DIR
    try:
        diffs = vectors.check(path)
    except vectors.SuiteError as err:
        print(f"betlaw: error: {err}", file=sys.stderr)
        return 2
    if diffs:
        how = "betlaw vectors generate" + (f" --out {args.suite}" if args.suite else "")
        print(f"the suite is out of date; run '{how}'. Differing: " + ", ".join(diffs))
        return 1
    print(f"{path}: up to date")
    return 0


def cmd_vectors_validate(args) -> int:
    from . import schema as schema_mod
    from . import vectors

    try:
        _, vs = vectors.load_suite(args.suite) if args.suite else vectors.load_suite()
    except vectors.SuiteError as err:
        print(f"betlaw: error: {err}", file=sys.stderr)
        return 2
    if not vs:
        print(f"betlaw: error: {args.suite or vectors.SUITE_DIR}: the suite holds no vectors", file=sys.stderr)
        return 2
    errors = schema_mod.validate_vectors(vs)
    for e in errors[:20]:
        print(e)
    invalid = len({e.split(": ", 1)[0] for e in errors})  # each error starts with its vector's id
    print(f"{len(vs)} vectors, {invalid} invalid ({len(errors)} schema error{'s' if len(errors) != 1 else ''})")
    return 1 if errors else 0


def main(argv: list[str] | None = None) -> int:
    """A stand-alone entry point (``python -m betlaw.conformance.suite_cli``) until the lead wires it."""
    parser = argparse.ArgumentParser(prog="betlaw")
    sub = parser.add_subparsers(dest="command", required=True)
    register(sub)
    args = parser.parse_args(argv)
    return args.handler(args)


if __name__ == "__main__":
    raise SystemExit(main())

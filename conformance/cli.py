"""The ``betlaw`` command line."""
from __future__ import annotations

import argparse
import ctypes
import dataclasses
import json
import os
import re
import sys
from decimal import Decimal

from betlaw.model.declarations import DeclarationError
from betlaw.model.game import GameError
from betlaw.model.turn_order import TurnOrderError
from betlaw.spec.errors import SpecUnknown
from betlaw.spec.catalogue import catalogue
from betlaw.spec.rulesets import PRESETS, SWITCHES, RuleError, parse_assignments, resolve

from .questions import QuestionError
from .scenario import ScenarioError, decimal_places
from .files import path_argument


_SWITCH_ASSIGNMENT = re.compile(r"(?P<key>[a-z][a-z0-9_-]*)=[^=\s]+", re.IGNORECASE)


def _rule_pairs(argv: list[str]) -> list[str]:
    """``--rule cap=3 check-raise=forbidden``: each switch assignment after a --rule value gets its own --rule
    (a word that does not assign a known switch, or names an existing file, ends the run)."""
    out: list[str] = []
    state = ""  # "flag": the word after --rule is its value; "value": a value was just read
    for word in argv:
        m = _SWITCH_ASSIGNMENT.fullmatch(word)
        if state == "value" and m and m["key"].lower().replace("_", "-") in SWITCHES and not os.path.exists(word):
            out.append("--rule")
        elif state != "flag":
            state = ""
        out.append(word)
        state = "flag" if word == "--rule" else "value" if state in ("flag", "value") else ""
    return out


def _rule_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", metavar="NAME", help=f"rule set preset ({', '.join(PRESETS)}; default tda-2024, "
                                                   "or the scenario's _betlaw_rules)")
    p.add_argument("--rule", metavar="KEY=VALUE", action="append", default=[],
                   help="override a switch (repeatable; also --rule A=X,B=Y or --rule A=X B=Y); see 'betlaw rules'")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="betlaw", description="The rules of poker betting, stated once and checked.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    ask = sub.add_parser("ask", help="answer a rule question about a hand",
                         description="Answer a rule question about the hand in SCENARIO (a PHH file, FILE#KEY for "
                                     "one hand of a .phhs, a table script, or - for standard input).")
    ask.add_argument("scenario", type=path_argument)
    ask.add_argument("question", help="e.g. 'who acts?', 'what can p2 do?', 'can Alice re-raise here?', "
                                      "'can p3 raise to 40?', 'is the round over?', 'what are the pots?'")
    ask.add_argument("--upto", type=int, metavar="N",
                     help="ask about the moment after the hand's first N action entries (PHH 'actions'; "
                          "'betlaw convert' shows them for a table script)")
    ask.add_argument("--oracle", choices=("model", "spec", "both"), default="both",
                     help="who answers: the executable model, the Z3 specification, or both compared "
                          "(default; a disagreement is printed and exits 3)")
    _rule_options(ask)

    rep = sub.add_parser("replay", help="check every action of every hand; exit 1 if any breaks a rule",
                         description="Check every action of every hand. Exit 3 if the model and the spec "
                                     "disagree, else 1 if a hand breaks a rule, else 2 if a file or hand cannot "
                                     "be read, else 0.")
    rep.add_argument("files", nargs="+", metavar="FILE", type=path_argument,
                     help="a PHH file (FILE#KEY: one hand of a .phhs), a table script, '-' for standard input, "
                          "or a directory: every .phh and .phhs file under it")
    rep.add_argument("--oracle", choices=("model", "both"), default="model",
                     help="with 'both' the Z3 spec checks every action too; a disagreement exits 3")
    _rule_options(rep)

    cl = sub.add_parser("clauses", help="list the rule catalogue")
    cl.add_argument("--json", action="store_true")

    ru = sub.add_parser("rules", help="list rule-set presets and switches")
    ru.add_argument("--json", action="store_true")

    be = sub.add_parser("bench", help="side-by-side benchmarks (ratios), as figures")
    be.add_argument("--json", action="store_true")
    be.add_argument("--quick", action="store_true", help="smaller workloads")

    cv = sub.add_parser("convert", help="table script -> PHH, or PHH -> table script")
    cv.add_argument("file", type=path_argument)
    cv.add_argument("-o", "--output", help="write here instead of standard output")

    from .suite_cli import register

    register(sub)  # conform, profile, vectors
    for name, module, text in SPEC_COMMANDS:
        p = sub.add_parser(name, help=text, add_help=False)
        p.add_argument("rest", nargs=argparse.REMAINDER)
        p.set_defaults(handler=_delegate(module))
    return parser


# Commands whose options live with their module (they parse their own arguments).
SPEC_COMMANDS = [
    ("prove", "betlaw.spec.proofs", "prove invariants of the rules by induction with the solver"),
    ("explore", "betlaw.spec.explore", "exhaustive small scopes: model and spec compared at every state"),
    ("witness", "betlaw.spec.witnesses", "solver-found witness hands for every clause"),
    ("docs", "betlaw.docsgen.build", "generate the documentation pages and build the site"),
]


def _delegate(module: str):
    def run(args) -> int:
        import importlib

        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as err:
            if err.name and not module.startswith(err.name):  # a dependency missing (z3, mkdocs): main() names it
                raise
            print(f"betlaw: error: {module} is not available in this version", file=sys.stderr)
            return 2
        return mod.main(args.rest) or 0
    return run


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    delegated = {name: module for name, module, _ in SPEC_COMMANDS}
    try:
        if argv and argv[0] in delegated:  # prove, explore, witness, docs: their own errors; an interrupt here
            return _delegate(delegated[argv[0]])(argparse.Namespace(rest=argv[1:]))
        parser = build_parser()
        args = parser.parse_args(_rule_pairs(argv))
        if hasattr(args, "handler"):
            return args.handler(args)
        return COMMANDS[args.command](args)
    except SpecUnknown as err:
        if "canceled" in str(err):  # Z3 stopped by Ctrl-C: an interrupt, not an answer (nor an error of input)
            print("betlaw: interrupted", file=sys.stderr)
            return 130
        print(f"betlaw: error: {err}", file=sys.stderr)
        return 2
    except (ScenarioError, RuleError, QuestionError, GameError, TurnOrderError, DeclarationError) as err:
        print(f"betlaw: error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (`| head`): exit as a process SIGPIPE ends does (128 + 13),
        try:  # so that `set -o pipefail` still sees that the command did not finish
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        except (OSError, ValueError):
            pass
        return 141
    except OSError as err:  # an output path that cannot be written (reading errors are ScenarioErrors)
        print(f"betlaw: error: {err.filename or 'standard output'}: {err.strerror or err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("betlaw: interrupted", file=sys.stderr)
        return 130
    except ModuleNotFoundError as err:  # a broken install: name what is missing, no traceback (review DS)
        if not err.name or err.name.startswith("betlaw"):
            raise
        package = {"z3": "z3-solver"}.get(err.name, err.name)
        print(f"betlaw: error: the Python module {err.name!r} is not installed (pip install {package}, or "
              f"reinstall betlaw: pip install -e '.[dev]')", file=sys.stderr)
        return 2
    except ctypes.ArgumentError as err:  # Ctrl-C inside a Z3 call's arguments
        if "KeyboardInterrupt" not in str(err):
            raise
        print("betlaw: interrupted", file=sys.stderr)
        return 130


def money(game, value) -> str:
    """A JSON amount of an answer (hand units: an int, an exact float, an ExactNumber, or "inf") written
    as the answer's words write it (``Game.show``: 0.10, not 0.1; 0.000000000005, not 5e-12)."""
    from .ask import ExactNumber

    if value == "inf":
        return "inf"
    exact = Decimal(value.text) if isinstance(value, ExactNumber) else Decimal(str(value))
    return game.show(int(exact / game.unit))


def cmd_ask(args) -> int:
    from .ask import clause_titles, dumps
    from .load import cut, fit_unit, load_scenario
    from .premises import assume
    from .questions import parse, rule_book

    from .oracles import answer

    book, asked = rule_book(args.question)  # "under Robert's rules, ...": that preset
    if book is not None:
        if args.rules not in (None, book):
            raise ScenarioError("question", f"{args.question!r} names the {book} rules, and --rules says "
                                            f"{args.rules}; give one")
        args.rules = book
    question = dataclasses.replace(parse(asked), text=args.question)
    finest = max((q.amount for q in (question, *question.premises) if q.amount is not None),
                 key=decimal_places, default=None)  # the finest chip any amount needs
    scenario = fit_unit(load_scenario(args.scenario, args.rules, parse_assignments(args.rule)), finest)
    if args.upto is not None:
        scenario = cut(scenario, args.upto)
    rules = scenario.rules(args.rules, parse_assignments(args.rule))
    try:
        answerer = assume(scenario, rules, question)
        result, disagreements = answer(answerer, answerer.speaking(question), args.oracle)
    except TurnOrderError as err:  # an input the hand does not give (stud: who opens): name the file
        if question.premises:  # ... or the premise, which played the hand on into a round the hand has no cards for
            raise ScenarioError("question", f"after the premise, {err}; the premise may stop at the end of the "
                                            f"round, or ask about a hand that goes on") from None
        raise ScenarioError(scenario.source, str(err)) from None
    for line in disagreements:
        print(f"betlaw: DISAGREEMENT between the model and the spec: {line}", file=sys.stderr)
    status = 3 if disagreements else 0
    if args.json:
        print(dumps(result, indent=2))  # every digit of an amount (ask.ExactNumber)
        return status
    print(f"{result['answer']}")
    print(f"  {result['explanation']}")
    if result["actor"]:
        legal = result["legal"]
        show = lambda value: money(scenario.game, value)  # noqa: E731  (as the answer line writes amounts)
        opts = []
        if legal["bring_in"] is not None:
            opts.append(f"bring in {show(legal['bring_in'])}")
        if legal["fold"]:
            opts.append("fold" + (" (penalised)" if legal["fold_penalized"] else ""))
        if legal["check"]:
            opts.append("check")
        if legal["call"] is not None:
            opts.append(f"call to {show(legal['call'])}")
        if legal["bet_or_raise"]:
            b = legal["bet_or_raise"]
            if b.get("amounts"):  # only these amounts of the range (stud.open-pair)
                opts.append(f"{b['kind']} to {' or '.join(str(show(x)) for x in b['amounts'])}")
            else:
                opts.append(f"{b['kind']} to {show(b['min_to'])}" + (f"..{show(b['max_to'])}" if b["max_to"] != b["min_to"] else ""))
        if legal["complete_to"] is not None:  # or either of two (stud.open-pair)
            opts.append(f"complete to {' or '.join(str(show(x)) for x in legal.get('complete_amounts') or [legal['complete_to']])}")
        ruling = result.get("status")  # the asked player's table talk, when the question is about it
        narrows = (ruling in ("bound", "pending") and result.get("binding") is not False) or \
            (ruling in ("released", "may-bind", "open", "discretion") and result.get("options"))
        by_name = question.player is not None and narrows and not scenario.is_pronoun(question.player)
        asked = scenario.game.label(scenario.seat_of(question.player)) if by_name else result["actor"]
        talk = " by the betting rules alone (the table talk above binds or narrows it)" \
            if narrows and asked == result["actor"] else ""
        # a recorded action judged where it was taken (review DG): the options are the hand's as it stands now
        now = " now, after the hand's last action," if "judged" in result and answerer.played.broken is None else ""
        print(f"legal{now} for {result['actor']}{talk}: {', '.join(opts) or 'nothing'}")
    if result["clauses"]:  # a fact of the table ("who is the button?") rests on no rule clause
        print("why:")
    for line in clause_titles(result["clauses"]):
        print(f"  - {line}")
    by = result.get("oracle")
    if by == "spec" and result.get("answer_from") == "model":
        by = "spec (the legal actions; the answer itself is the model's: the spec decides legality only)"
    print(f"rules: {result['rules']}" + (f"; answered by: {by}" if by else ""))
    if disagreements:
        print("THE MODEL AND THE SPEC DISAGREE (see standard error)")
    return status


def cmd_replay(args) -> int:
    from .replay import replay_files

    resolve(args.rules, parse_assignments(args.rule))  # a bad --rules or --rule is one error, not one per hand
    if args.files.count("-") > 1:
        raise ScenarioError("-", "standard input is named twice; it can be read only once")
    report = replay_files(args.files, args.rules, parse_assignments(args.rule), args.oracle)
    for d in report.disagreements:
        where = f"{d['file']}#{d['hand']}" if d["hand"] is not None else d["file"]
        print(f"betlaw: DISAGREEMENT between the model and the spec: {where}: {d['detail']}", file=sys.stderr)
    if args.json:
        print(json.dumps(report.as_json(), indent=2))
    else:
        for f in report.flagged:
            where = f"{f['file']}#{f['hand']}" if f["hand"] is not None else f["file"]
            at = f.get("line") or f"{where}: actions[{f['action_index']}] {f['action']!r}"  # a table script's line
            print(f"{at}: {f['detail']} [{', '.join(f['clauses'])}]")
        for e in report.errors:
            where = f"{e['file']}#{e['hand']}" if e["hand"] is not None else e["file"]
            print(f"{where}: unreadable: {e['reason'].removeprefix(where + ': ')}")
        print(f"{report.hands} hand{'s' if report.hands != 1 else ''}, {len(report.flagged)} flagged, {len(report.penalized)} penalised actions, "
              f"{len(report.errors)} unreadable (whole files, or hands counted above)"
              + (f"; {len(report.moot)} checks by a player with nothing to decide read as no action"
                 if report.moot else ""))
    if report.disagreements:
        return 3
    if report.flagged:
        return 1
    return 2 if report.errors else 0


def cmd_clauses(args) -> int:
    clauses = [c.as_json() for c in catalogue().values()]
    if args.json:
        print(json.dumps(clauses, indent=2))
    else:
        for c in clauses:
            print(f"{c['id']:28} {c['title']}")
            for citation in c["citations"]:
                print(f"{'':28}   - {citation}")
            if not c["encoded"]:
                print(f"{'':28}   ({c['spec']})")
    return 0


def cmd_rules(args) -> int:
    presets = {name: {k: v for k, v in p.values.items()} for name, p in PRESETS.items()}
    switches = {k: {"values": list(s.values) if k != "cap" else ["N", "none"], "meaning": s.meaning}
                for k, s in SWITCHES.items()}
    if args.json:
        print(json.dumps({"default": resolve().name, "presets": presets, "switches": switches,
                          "reasons": {n: p.reasons for n, p in PRESETS.items()}}, indent=2))
        return 0
    names = list(PRESETS)
    rows = [[key] + [str(PRESETS[n].values[key] if PRESETS[n].values[key] is not None else "none") for n in names]
            for key in SWITCHES]
    widths = [max(len(cell) for cell in column) + 2 for column in zip(["switch"] + names, *rows)]
    for row in [["switch"] + names] + rows:
        print("".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    print("\nswitches:")
    for key, s in SWITCHES.items():
        values = "N|none" if key == "cap" else "|".join(s.values)
        print(f"  {key}={values}: {s.meaning}")
    print("\nroberts: cap 4 in two-round games (Robert's Betting and Raising #3). Default preset: tda-2024.")
    return 0


def cmd_convert(args) -> int:
    from .script import convert
    from .sources import looks_like_phh

    text = convert(args.file)
    if args.output is not None:
        from pathlib import Path

        from .files import WriteError, write_one

        out = Path(args.output)
        if not args.output:
            raise ScenarioError("--output", "an empty file name; give a file name, or leave --output out for "
                                            "standard output")
        if out.is_dir():
            raise ScenarioError("--output", f"{args.output} is a directory; give a file name")
        if out.exists() and not out.is_file() or out.is_symlink():
            raise ScenarioError("--output", f"{args.output} is not a regular file; give a file name")
        if out.exists() and args.file != "-" and Path(args.file).exists() and out.samefile(args.file):
            raise ScenarioError("--output", f"{args.output} is the hand being converted; give another file name")
        if out.suffix.lower() in (".phh", ".phhs") and not looks_like_phh(text):
            raise ScenarioError("--output", f"{args.output}: the output is a table script, and a .phh/.phhs name "
                                            f"is read as PHH; give a name such as {out.with_suffix('.txt').name}")
        try:  # all or nothing: the file appears whole, or not at all
            write_one(out, text)
        except WriteError as err:
            raise ScenarioError("--output", str(err)) from None
    else:
        sys.stdout.write(text)
    return 0


def cmd_bench(args) -> int:
    from .bench import run

    result = run(quick=args.quick)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for f in result["figures"]:
            print(f"{f['name']:40} {f['value']:>14,.3f} {f['unit']}")
        for note in result["notes"]:
            print(f"note: {note}")
    return 0


COMMANDS = {"ask": cmd_ask, "replay": cmd_replay, "clauses": cmd_clauses, "rules": cmd_rules,
            "convert": cmd_convert, "bench": cmd_bench}


if __name__ == "__main__":
    raise SystemExit(main())

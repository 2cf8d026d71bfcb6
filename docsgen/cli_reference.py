"""The CLI reference, generated from the argparse parsers themselves.

The main parser is :func:`betlaw.conformance.cli.build_parser` (with the conformance commands of
:mod:`betlaw.conformance.suite_cli`); the commands in
:data:`betlaw.conformance.cli.SPEC_COMMANDS` parse their own arguments, and each such module
exposes ``build_parser()``. A module that does not yet is read by running its ``main(["--help"])``
with ``parse_args`` intercepted (the parser is taken, nothing runs).
"""
from __future__ import annotations

import argparse
import importlib

from betlaw.conformance import cli

from . import markdown as md

WIDTH = 88


class _Captured(Exception):
    def __init__(self, parser):
        self.parser = parser


def module_parser(module_name: str) -> argparse.ArgumentParser:
    mod = importlib.import_module(module_name)
    if hasattr(mod, "build_parser"):
        return mod.build_parser()
    original = argparse.ArgumentParser.parse_args

    def grab(self, *args, **kwargs):
        raise _Captured(self)

    argparse.ArgumentParser.parse_args = grab
    try:
        mod.main(["--help"])
    except _Captured as got:
        return got.parser
    finally:
        argparse.ArgumentParser.parse_args = original
    raise RuntimeError(f"{module_name}.main() built no argument parser")


def commands() -> list[tuple[str, argparse.ArgumentParser]]:
    """(command words, parser) for every command and sub-command, in the order ``betlaw --help`` lists them."""
    root = cli.build_parser()
    delegated = {name: module for name, module, _ in cli.SPEC_COMMANDS}
    out: list[tuple[str, argparse.ArgumentParser]] = [("betlaw", root)]

    def walk(words: str, parser: argparse.ArgumentParser) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    if parser is root and name in delegated:
                        sub = module_parser(delegated[name])
                    out.append((f"{words} {name}", sub))
                    walk(f"{words} {name}", sub)

    walk("betlaw", root)
    return out


def _help_of(parser) -> dict[str, str]:
    """Sub-command name -> its one-line help, as the parent lists it."""
    out = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                out[choice.dest] = choice.help or ""
    return out


def _usage(parser: argparse.ArgumentParser) -> str:
    formatter = argparse.HelpFormatter(parser.prog, width=WIDTH)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    return formatter.format_help().strip()


def _expand(action: argparse.Action, prog: str) -> str:
    text = action.help or ""
    if "%(" in text:
        params = dict(vars(action), prog=prog)
        params = {k: v for k, v in params.items() if v is not argparse.SUPPRESS}
        if params.get("choices") is not None:
            params["choices"] = ", ".join(map(str, params["choices"]))
        text = text % params
    return text


def _value(action: argparse.Action) -> str:
    if action.nargs == 0 or (not action.option_strings and action.choices is None):
        return ""
    if action.choices is not None and not isinstance(action, argparse._SubParsersAction):
        return " \\| ".join(md.code(c) for c in action.choices)
    metavar = action.metavar or (action.dest if not action.option_strings else action.dest.upper())
    if isinstance(metavar, tuple):
        metavar = " ".join(metavar)
    if action.nargs in ("+", "*"):
        metavar += " ..."
    if action.nargs == argparse.REMAINDER:
        metavar = "..."
    return md.code(metavar)


def _default(action: argparse.Action) -> str:
    d = action.default
    if d in (None, False, [], argparse.SUPPRESS) or action.nargs == 0:
        return ""
    return md.code(d)


def options_table(parser: argparse.ArgumentParser) -> str:
    rows = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            continue
        name = ", ".join(md.code(s) for s in action.option_strings) if action.option_strings else \
            f"{md.code(action.metavar or action.dest)} (positional)"
        rows.append([name, _value(action), _default(action), md.text(_expand(action, parser.prog))])
    return md.table(["option", "value", "default", "what it does"], rows) if rows else ""


def anchor(words: str) -> str:
    return words.replace(" ", "-")


def page() -> str:
    cmds = commands()
    out = [md.BANNER, "# Command line\n",
           "Every command and option of `betlaw`, generated from its argument parsers "
           "(`betlaw COMMAND --help` prints the same). Exit codes: 0 success, 1 a finding (an action that breaks "
           "a rule, a deviating engine, an unproved obligation, a stale suite), 2 bad input (a one-line error "
           "naming the field and the rule it breaks), 3 the model and the spec disagree.\n"]
    parents = {words: parser for words, parser in cmds}
    for words, parser in cmds:
        depth = words.count(" ")
        level = "#" * min(depth + 2, 4)
        out.append(f"{level} {words} {{#{anchor(words)}}}\n")
        parent_words = words.rsplit(" ", 1)[0]
        summary = _help_of(parents[parent_words]).get(words.rsplit(" ", 1)[1], "") if depth else ""
        description = parser.description or summary
        if description:
            out.append(md.text(description.strip()) + "\n")
        out.append(md.fenced(_usage(parser)))
        subs = [(w, p) for w, p in cmds if w.rsplit(" ", 1)[0] == words and w != words]
        if subs:
            helps = _help_of(parser)
            out.append(md.table(["command", "what it does"],
                                [[f"[{md.code(w)}](#{anchor(w)})", md.text(helps.get(w.rsplit(' ', 1)[1], ""))]
                                 for w, _ in subs]))
        table = options_table(parser)
        if table:
            out.append(table)
    return "\n".join(out).rstrip("\n") + "\n"

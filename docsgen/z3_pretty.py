"""A readable infix printer for the Z3 constraints of the specification.

Z3's own printer writes ``Implies(And(act.kind == 1, ...), ...)``; the documentation wants the
same formula as a rule-lawyer reads it: ``if a.kind = check then owed = 0``, with codes shown by
name (kinds, openings, verbs, seats), ``max``/``min``/``count`` recognised where the vocabulary
builds them (:func:`betlaw.spec.vocabulary.zmax`, ``zmin``, ``StateVars.count``), and long
formulas broken over indented lines (``all of:`` / ``any of:`` / ``if .. then .. else``).

Nothing here changes a formula: it only prints the terms Z3 holds.
"""
from __future__ import annotations

from collections.abc import Callable

import z3

WIDTH = 96

# precedence, loosest first
P_ITE, P_IMP, P_OR, P_AND, P_NOT, P_CMP, P_ADD, P_MUL, P_NEG, P_ATOM = range(10)


class Printer:
    """Prints z3 expressions; ``rename`` maps a variable's z3 name to its display name and
    ``codes`` maps a display name to a function from an integer code to its display text."""

    def __init__(self, rename: Callable[[str], str] = str, codes: dict | None = None,
                 atoms: Callable[[str], tuple[str, int] | None] | None = None):
        self.rename = rename
        self.codes = codes or {}
        self.atoms = atoms or (lambda name: None)

    # ------------------------------------------------------------------ flat (one line)

    def flat(self, e, code=None) -> tuple[str, int]:
        """The expression on one line and its precedence. ``code`` names integer literals."""
        if z3.is_true(e):
            return "true", P_ATOM
        if z3.is_false(e):
            return "false", P_ATOM
        if z3.is_int_value(e):
            v = e.as_long()
            return (code(v), P_ATOM) if code else (str(v), P_ATOM if v >= 0 else P_NEG)
        if z3.is_const(e) and e.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            name = e.decl().name()
            special = self.atoms(name)
            return special if special else (self.rename(name), P_ATOM)
        kind = e.decl().kind()
        args = [e.arg(i) for i in range(e.num_args())]
        if kind == z3.Z3_OP_AND:
            return self._nary(_flatten(e, kind), " and ", P_AND) if args else ("true", P_ATOM)
        if kind == z3.Z3_OP_OR:
            return self._nary(_flatten(e, kind), " or ", P_OR) if args else ("false", P_ATOM)
        if kind == z3.Z3_OP_NOT:
            inner = args[0]
            if z3.is_eq(inner) and not z3.is_bool(inner.arg(0)):
                return self._compare(inner.arg(0), inner.arg(1), "≠")
            if z3.is_const(inner) and self.atoms(inner.decl().name()):  # "rules.x = v" -> "rules.x ≠ v"
                text, prec = self.atoms(inner.decl().name())
                if " = " in text:
                    return text.replace(" = ", " ≠ ", 1), prec
            return "not " + self._wrap(inner, P_NOT), P_NOT
        if kind == z3.Z3_OP_IMPLIES:
            return f"{self._wrap(args[0], P_IMP)} implies {self._wrap(args[1], P_IMP)}", P_IMP
        if kind in (z3.Z3_OP_EQ, z3.Z3_OP_IFF):
            if z3.is_bool(args[0]):
                return f"{self._wrap(args[0], P_IMP)} iff {self._wrap(args[1], P_IMP)}", P_IMP
            return self._compare(args[0], args[1], "=")
        if kind == z3.Z3_OP_DISTINCT and len(args) == 2:
            return self._compare(args[0], args[1], "≠")
        ops = {z3.Z3_OP_LE: "≤", z3.Z3_OP_LT: "<", z3.Z3_OP_GE: "≥", z3.Z3_OP_GT: ">"}
        if kind in ops:
            return self._compare(args[0], args[1], ops[kind])
        if kind == z3.Z3_OP_ITE:
            return self._ite_flat(e, code)
        if kind == z3.Z3_OP_ADD:
            if len(args) > 1 and all(_indicator(a) is not None for a in args):
                return "count(" + ", ".join(self.flat(_indicator(a))[0] for a in args) + ")", P_ATOM
            return " + ".join(self._wrap(a, P_ADD - 1) for a in _flatten(e, kind)), P_ADD  # associative
        if kind == z3.Z3_OP_SUB:
            first = self._wrap(args[0], P_ADD - 1)
            rest = [self._wrap(a, P_ADD) for a in args[1:]]
            return " - ".join([first, *rest]), P_ADD
        if kind == z3.Z3_OP_MUL:
            return " * ".join(self._wrap(a, P_MUL) for a in args), P_MUL
        if kind == z3.Z3_OP_UMINUS:
            return "-" + self._wrap(args[0], P_NEG), P_NEG
        return str(e), P_ATOM  # anything else: Z3's own text

    def _nary(self, args, sep: str, prec: int):
        return sep.join(self._wrap(a, prec) for a in args), prec

    def _wrap(self, e, prec: int, code=None) -> str:
        text, p = self.flat(e, code)
        return text if p > prec else f"({text})"

    def _code_of(self, *sides):
        for side in sides:
            if z3.is_const(side) and side.decl().kind() == z3.Z3_OP_UNINTERPRETED:
                code = self.codes.get(self.rename(side.decl().name()))
                if code:
                    return code
        return None

    def _compare(self, lhs, rhs, op: str):
        code = self._code_of(lhs, rhs)
        return f"{self._wrap(lhs, P_CMP, code)} {op} {self._wrap(rhs, P_CMP, code)}", P_CMP

    def _ite_flat(self, e, code):
        m = _minmax(e)
        if m:
            name, a, b = m
            return f"{name}({self.flat(a, code)[0]}, {self.flat(b, code)[0]})", P_ATOM
        c, x, y = e.arg(0), e.arg(1), e.arg(2)
        return (f"if {self._wrap(c, P_ITE)} then {self._wrap(x, P_ITE, code)} else {self._wrap(y, P_ITE - 1, code)}",
                P_ITE)

    # ------------------------------------------------------------------ broken over lines

    def lines(self, e, indent: int = 0, code=None) -> list[str]:
        """The expression as lines of at most ``WIDTH`` characters where it can be broken."""
        text, _ = self.flat(e, code)
        if len(text) + indent <= WIDTH or not z3.is_app(e) or e.num_args() == 0:
            return [text]
        kind = e.decl().kind()
        args = [e.arg(i) for i in range(e.num_args())]
        if kind in (z3.Z3_OP_AND, z3.Z3_OP_OR):
            head = "all of:" if kind == z3.Z3_OP_AND else "any of:"
            out = [head]
            for a in _flatten(e, kind):
                out += _prefix("  - ", self.lines(a, indent + 4))
            return out
        if kind == z3.Z3_OP_IMPLIES:
            return _prefix("if ", self.lines(args[0], indent + 5)) + _prefix("then ", self.lines(args[1], indent + 5))
        if kind == z3.Z3_OP_NOT:
            return ["not:"] + _prefix("    ", self.lines(args[0], indent + 4))
        if kind == z3.Z3_OP_ITE and not _minmax(e):
            return self._ite_lines(e, indent, code)
        if kind == z3.Z3_OP_ITE:
            return self._call_lines(_minmax(e)[0], _minmax(e)[1:], indent, code)
        if kind in (z3.Z3_OP_EQ, z3.Z3_OP_IFF, z3.Z3_OP_DISTINCT, z3.Z3_OP_LE, z3.Z3_OP_LT, z3.Z3_OP_GE,
                    z3.Z3_OP_GT) and len(args) == 2:
            op = {z3.Z3_OP_EQ: "=", z3.Z3_OP_IFF: "iff", z3.Z3_OP_DISTINCT: "≠", z3.Z3_OP_LE: "≤",
                  z3.Z3_OP_LT: "<", z3.Z3_OP_GE: "≥", z3.Z3_OP_GT: ">"}[kind]
            if kind == z3.Z3_OP_EQ and z3.is_bool(args[0]):
                op = "iff"
            c = self._code_of(args[0], args[1])
            right = self._wrap(args[1], P_CMP, c)
            if len(right) <= 24:  # a long left side and a short right one: break the left
                left = self.lines(args[0], indent, c)
                return left[:-1] + [f"{left[-1]} {op} {right}"]
            left = self._wrap(args[0], P_CMP, c)
            return [f"{left} {op}"] + _prefix("    ", self.lines(args[1], indent + 4, c))
        if kind == z3.Z3_OP_ADD and len(args) > 1 and all(_indicator(a) is not None for a in args):
            return self._call_lines("count", [_indicator(a) for a in args], indent, None)
        if kind == z3.Z3_OP_ADD:
            out: list[str] = []
            for i, a in enumerate(_flatten(e, kind)):
                item = self.lines(a, indent + 3)
                if self.flat(a)[1] <= P_ADD - 1:  # an if-then-else term: in parentheses
                    item = ["(" + item[0]] + [" " + x for x in item[1:]]
                    item[-1] += ")"
                out += _prefix("   " if i == 0 else " + ", item)
            return out
        return [text]

    def _call_lines(self, name: str, args, indent: int, code) -> list[str]:
        out = [name + "("]
        for a in args:
            item = self.lines(a, indent + 4, code)
            out += _prefix("    ", item[:-1] + [item[-1] + ","])
        return out + [")"]

    def _ite_lines(self, e, indent: int, code) -> list[str]:
        out: list[str] = []
        word = "if "
        while z3.is_app_of(e, z3.Z3_OP_ITE) and not _minmax(e):
            c, x, y = e.arg(0), e.arg(1), e.arg(2)
            out += _prefix(word, self.lines(c, indent + len(word)))
            out += _prefix("then ", self.lines(x, indent + 5, code))
            e, word = y, "else if "
        return out + _prefix("else ", self.lines(e, indent + 5, code))

    def block(self, exprs) -> str:
        """Several constraints, one after the other, a blank line between those that take more than one."""
        chunks = [self.lines(e) for e in exprs]
        out: list[str] = []
        for i, chunk in enumerate(chunks):
            if i and (len(chunk) > 1 or len(chunks[i - 1]) > 1):
                out.append("")
            out += chunk
        return "\n".join(out)


def _prefix(first: str, lines: list[str]) -> list[str]:
    pad = " " * len(first)
    return [first + lines[0]] + [pad + line for line in lines[1:]]


def _indicator(e):
    """``If(p, 1, 0)`` -> p (how the vocabulary counts), else None."""
    if z3.is_app_of(e, z3.Z3_OP_ITE) and z3.is_int_value(e.arg(1)) and z3.is_int_value(e.arg(2)) \
            and e.arg(1).as_long() == 1 and e.arg(2).as_long() == 0:
        return e.arg(0)
    return None


def _minmax(e):
    """``If(a >= b, a, b)`` -> ("max", a, b) and the other ways Z3 may hold a max or a min
    (:func:`betlaw.spec.vocabulary.zmax`, ``zmin``; ``If(x <= 0, 0, x)`` is max(x, 0))."""
    if not z3.is_app_of(e, z3.Z3_OP_ITE):
        return None
    c, x, y = e.arg(0), e.arg(1), e.arg(2)
    if not z3.is_app(c) or c.num_args() != 2 or z3.is_bool(x):
        return None
    a, b = c.arg(0), c.arg(1)
    if not ((a.eq(x) and b.eq(y)) or (a.eq(y) and b.eq(x))):
        return None
    k = c.decl().kind()
    if k in (z3.Z3_OP_GE, z3.Z3_OP_GT):
        larger_first = a.eq(x)
    elif k in (z3.Z3_OP_LE, z3.Z3_OP_LT):
        larger_first = b.eq(x)
    else:
        return None
    return ("max" if larger_first else "min"), x, y


def _flatten(e, kind) -> list:
    """The operands of nested ``And``s (or ``Or``s): the same conjunction, one level."""
    out = []
    for i in range(e.num_args()):
        a = e.arg(i)
        out += _flatten(a, kind) if z3.is_app_of(a, kind) else [a]
    return out

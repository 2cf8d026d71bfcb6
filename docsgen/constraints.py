"""A clause's Z3 constraint, taken from the specification itself and printed readably.

Legality and state clauses: :data:`betlaw.spec.clauses.CLAUSES` builds, for a clause, the parts
of its one tracked constraint (definitions, restrictions on the action, the successor) over a
table of a given size; the pages show them for three seats (two for the heads-up clauses).
Declaration clauses: :func:`betlaw.spec.declarations.clauses` builds one constraint per clause.
"""
from __future__ import annotations

from dataclasses import dataclass

from betlaw.spec import clauses as C
from betlaw.spec import declarations as D
from betlaw.spec.vocabulary import KINDS, OPENINGS, make_action, make_params, make_state

from .z3_pretty import P_CMP, Printer


@dataclass(frozen=True)
class Section:
    title: str
    text: str


@dataclass(frozen=True)
class Constraint:
    seats: int | None  # the table size the formula is written out for (None: no seats involved)
    sections: tuple[Section, ...]
    legend: str


# the action's auxiliary terms, by the names a reader knows them by (see betlaw.spec.vocabulary.ActionVars)
ACTION_NAMES = {
    "a_stack": "actor.stack", "a_bet": "actor.bet", "a_acted": "actor.acted", "a_checked": "actor.checked",
    "a_lvl": "actor.level_at_action", "a_fseq": "actor.full_seq_at_action", "a_blind": "actor.blind",
    "a_may_open": "actor.may_open", "a_opp_chips": "actor.has_opponent_with_chips",
    "allin": "a.is_all_in", "option": "a.has_option", "nocap": "a.no_cap", "hu_exempt": "a.heads_up_exempt",
    "f_act": "a.increment_is_full", "f_face": "a.faces_full_raise", "cum": "a.cumulative_reopens",
    "full": "a.is_full", "short_counts": "a.short_counts_toward_cap", "rbase": "a.raise_base",
    "plx": "a.pot_limit_blind_extra", "first_from": "a.first_from", "penalized": "a.penalized",
}
SEAT_NAMES = ("a.seat", "s.actor", "s'.actor", "bring_in_seat", "opener", "a.first_from")

STATE_LEGEND = (
    "`s.` is the state before the action, `s'.` the state after it, `a.` the action (`actor.` the acting "
    "seat's values in `s`), `pN.` a seat; names without a prefix are the street's parameters (blinds, bet "
    "size, structure); `rules.SWITCH = VALUE` holds when the rule set sets that switch so. `count(...)` is "
    "how many of its conditions hold. The vocabulary is `betlaw.spec.vocabulary` (reference: Python API).")
DECLARATION_LEGEND = (
    "`f.` are the facts of one decision (what the player faces, from the legality layer, and a summary "
    "of the talk: `fk` what came first, `fv`/`famt` the first verb and its amount, `m1`/`m1n`/`m1min` "
    "the first chip motion's value, chips and smallest chip, `mall` every motion, `nmot` the motions); "
    "`out.` is the outcome (the kind of action, its \"to\" amount, the chips that count, the out-of-turn "
    "status); `aux.` are terms a clause defines. The vocabulary is `betlaw.spec.declarations` "
    "(reference: Python API).")


def _seat(v: int) -> str:
    return "nobody" if v < 0 else f"p{v + 1}"


def _named(names):
    return lambda v: names[v] if 0 <= v < len(names) else str(v)


def _state_rename(name: str) -> str:
    if name.startswith("a."):
        field = name[2:]
        return ACTION_NAMES.get(field, name)
    return name


def _state_atoms(name: str):
    if name.startswith("structure="):
        return f"structure = {name.split('=', 1)[1]}", P_CMP
    if name.startswith("rule."):
        key, value = name[5:].split("=", 1)
        return f"rules.{key} = {value}", P_CMP
    return None


def state_printer() -> Printer:
    codes = {"a.kind": _named(KINDS), "opening": _named(OPENINGS)}
    codes.update({name: _seat for name in SEAT_NAMES})
    return Printer(_state_rename, codes, _state_atoms)


def declaration_printer() -> Printer:
    k_names = [D.K_NAME[i] for i in range(len(D.K_NAME))]
    st_names = [D.ST_NAME[i] for i in range(len(D.ST_NAME))]
    verbs = sorted(D.VERB_CODE, key=D.VERB_CODE.get)
    codes = {"out.kind": _named(k_names), "out.status": _named(st_names), "f.fv": _named(verbs),
             "f.fk": _named(("words", "chips", "gesture")), "f.then": _named(("nothing", "call", "fold")),
             "aux.source": _named(("words", "chips")), "f.gesture_code": _named(("check-gesture", "fold-gesture"))}
    return Printer(str, codes)


def _parts(cid: str, n: int) -> C.Parts:
    s, t = make_state(n, "s."), make_state(n, "s'.")
    ctx = C.Ctx(s, make_action(n, "a."), t, make_params(n), C.settled_vars(n, "s'."))
    return C.CLAUSES[cid](ctx)


def constraint(cid: str, layer: str) -> Constraint | None:
    """The clause's constraint as printed sections, or None when the spec does not encode it."""
    if layer == "declaration":
        if cid not in D.CLAUSE_IDS:
            return None
        expr = D.clauses(D.V())[cid]
        return Constraint(None, (Section("The constraint", declaration_printer().block([expr])),), DECLARATION_LEGEND)
    if cid not in C.CLAUSES:
        return None
    n = 3
    parts = _parts(cid, n)
    if not (parts.defn or parts.pre or parts.post):
        n = 2
        parts = _parts(cid, n)
    printer = state_printer()
    sections = []
    for title, exprs in (("Definitions (terms this clause grants or defines)", parts.defn),
                         ("Restrictions on the action (legality)", parts.pre),
                         ("The state after the action", parts.post)):
        if exprs:
            sections.append(Section(title, printer.block(exprs)))
    return Constraint(n, tuple(sections), STATE_LEGEND)

"""The symbolic vocabulary of the Z3 specification: a betting state over N seats, an action,
the parameters of the street and the rule-switch selectors.

It mirrors the concrete state of :class:`betlaw.model.state.HandState` field by field so that
a concrete state can be pinned down by *fact* assumptions (``fact.p3.stack=975``), but it
says nothing about how the model computes those fields: the rules that relate them live in
:mod:`betlaw.spec.clauses`.

Everything is linear integer arithmetic (QF_LIA) over exact chip units.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import z3

from .rulesets import SWITCHES

# Action kinds, as integers (the order is fixed; names follow betlaw.model.actions.Kind).
KINDS = ("fold", "check", "call", "bet", "raise", "complete", "bring-in")
FOLD, CHECK, CALL, BET, RAISE, COMPLETE, BRING_IN = range(7)
KIND_CODE = {name: i for i, name in enumerate(KINDS)}

# Street openings (betlaw.model.game.Opening).
OPENINGS = ("blinds", "position", "bring-in", "showing")
O_BLINDS, O_POSITION, O_BRING_IN, O_SHOWING = range(4)

STRUCTURES = ("no-limit", "pot-limit", "fixed-limit", "spread-limit")

# Switches whose values are named selector literals (cap is a number: a parameter instead).
SELECTOR_SWITCHES = tuple(k for k in SWITCHES if k != "cap")


def _int(name: str) -> z3.ArithRef:
    return z3.Int(name)


def _bool(name: str) -> z3.BoolRef:
    return z3.Bool(name)


def zmax(a, b):
    return z3.If(a >= b, a, b)


def zmin(a, b):
    return z3.If(a <= b, a, b)


@dataclass
class SeatVars:
    """One seat of one state copy."""

    stack: z3.ArithRef
    bet: z3.ArithRef
    contrib: z3.ArithRef  # 'contributed' in the model: every chip put in this hand
    folded: z3.BoolRef
    acted: z3.BoolRef
    checked: z3.BoolRef
    lvl: z3.ArithRef  # level_at_action
    fseq: z3.ArithRef  # full_seq_at_action

    INT_FIELDS = ("stack", "bet", "contrib", "lvl", "fseq")
    BOOL_FIELDS = ("folded", "acted", "checked")


@dataclass
class StateVars:
    """One copy of the state (``s`` or its successor ``s'``)."""

    tag: str
    seats: list[SeatVars]
    call: z3.ArithRef  # call_level: the current bet
    flevel: z3.ArithRef  # full_level: the level of the last full bet or raise
    fraise: z3.ArithRef  # full_raise: the largest full bet or raise of the round
    fseq: z3.ArithRef  # full_seq: full bets/raises made this round
    rcount: z3.ArithRef  # raises_counted toward the cap
    scounted: z3.BoolRef  # short_counted: a short all-in since the last full level counted toward the cap
    capped: z3.BoolRef  # capped_multiway
    fopened: z3.BoolRef  # full_opened
    minto: z3.ArithRef  # min_raise_to
    bi_pending: z3.BoolRef
    bi_round: z3.BoolRef
    actor: z3.ArithRef  # -1 when no one is to act
    over: z3.BoolRef  # the round (or the hand) is over
    # derived (defined by base constraints, see clauses.base_state)
    needs: list[z3.BoolRef] = field(default_factory=list)  # seat still has to act (round.end)

    INT_FIELDS = ("call", "flevel", "fraise", "fseq", "rcount", "minto", "actor")
    BOOL_FIELDS = ("scounted", "capped", "fopened", "bi_pending", "bi_round", "over")

    @property
    def n(self) -> int:
        return len(self.seats)

    def live(self, i):
        return z3.Not(self.seats[i].folded)

    def has_chips(self, i):
        return z3.And(z3.Not(self.seats[i].folded), self.seats[i].stack > 0)

    def count(self, preds):
        return z3.Sum([z3.If(p, 1, 0) for p in preds])

    def live_count(self):
        return self.count([self.live(i) for i in range(self.n)])

    def chips_count(self):
        return self.count([self.has_chips(i) for i in range(self.n)])

    def roundstart(self):
        """No voluntary action yet this round, and someone is to act."""
        return z3.And(z3.Not(self.over), *[z3.Not(s.acted) for s in self.seats])


def make_state(n: int, tag: str) -> StateVars:
    seats = []
    for i in range(n):
        p = f"{tag}p{i + 1}."
        seats.append(SeatVars(
            stack=_int(p + "stack"), bet=_int(p + "bet"), contrib=_int(p + "contributed"),
            folded=_bool(p + "folded"), acted=_bool(p + "acted"), checked=_bool(p + "checked"),
            lvl=_int(p + "level_at_action"), fseq=_int(p + "full_seq_at_action"),
        ))
    st = StateVars(
        tag=tag, seats=seats,
        call=_int(tag + "call_level"), flevel=_int(tag + "full_level"), fraise=_int(tag + "full_raise"),
        fseq=_int(tag + "full_seq"), rcount=_int(tag + "raises_counted"), scounted=_bool(tag + "short_counted"),
        capped=_bool(tag + "capped_multiway"), fopened=_bool(tag + "full_opened"),
        minto=_int(tag + "min_raise_to"), bi_pending=_bool(tag + "bring_in_pending"),
        bi_round=_bool(tag + "bring_in_round"), actor=_int(tag + "actor"), over=_bool(tag + "round_over"),
    )
    st.needs = [_bool(f"{tag}p{i + 1}.needs_to_act") for i in range(n)]
    return st


@dataclass
class Params:
    """What stays fixed through a betting round: the table, the street and the rule set."""

    n: int
    nl: z3.BoolRef
    pl: z3.BoolRef
    fl: z3.BoolRef
    sl: z3.BoolRef
    bet_size: z3.ArithRef  # fixed-limit size, or the NL/PL minimum bet
    lo: z3.ArithRef  # spread-limit range
    hi: z3.ArithRef
    pair: z3.BoolRef  # stud: an open pair shows on this street, fourth street (stud.open-pair)
    big: z3.ArithRef  # the big bet (stud.open-pair)
    cap_on: z3.BoolRef  # the rule set has a cap for a game with this many rounds
    cap: z3.ArithRef
    bring_in: z3.ArithRef
    bring_in_seat: z3.ArithRef
    opening: z3.ArithRef  # O_BLINDS .. O_SHOWING
    opener: z3.ArithRef  # stud: the seat given as first to act on a showing street
    frb: z3.BoolRef  # first round of a blinds game (opening is blinds and some live blind > 0)
    street0: z3.BoolRef
    big_blind: z3.ArithRef  # the largest live blind or straddle, as written
    start: list  # starting stacks
    blind: list  # live blind / straddle as written
    full: list  # the blind the stakes set for the seat (a dead small blind's too: pot-limit.full-blinds)
    posted: list  # live blind actually posted
    dead: list  # antes and dead posts actually paid
    post: list  # the seat's live blind is a new player's post (not a blind or straddle of its position)
    may_open: list
    sel: dict  # (switch, value) -> Bool selector literal

    def rule(self, key: str, value: str) -> z3.BoolRef:
        return self.sel[(key, value)]

    @property
    def limit(self):
        return z3.Or(self.fl, self.sl)

    @property
    def bigbet(self):
        return z3.Or(self.nl, self.pl)


def make_params(n: int, tag: str = "") -> Params:
    sel = {}
    for key in SELECTOR_SWITCHES:
        for value in SWITCHES[key].values:
            sel[(key, value)] = _bool(f"rule.{key}={value}")
    seat = lambda name: [_int(f"{tag}p{i + 1}.{name}") for i in range(n)]  # noqa: E731
    return Params(
        n=n, nl=_bool(tag + "structure=no-limit"), pl=_bool(tag + "structure=pot-limit"),
        fl=_bool(tag + "structure=fixed-limit"), sl=_bool(tag + "structure=spread-limit"),
        bet_size=_int(tag + "bet_size"), lo=_int(tag + "spread_lo"), hi=_int(tag + "spread_hi"),
        pair=_bool(tag + "open_pair"), big=_int(tag + "big_bet"),
        cap_on=_bool(tag + "cap_in_force"), cap=_int(tag + "cap"), bring_in=_int(tag + "bring_in"),
        bring_in_seat=_int(tag + "bring_in_seat"), opening=_int(tag + "opening"), opener=_int(tag + "opener"),
        frb=_bool(tag + "first_round_blinds"), street0=_bool(tag + "first_street"),
        big_blind=_int(tag + "big_blind"), start=seat("starting_stack"), blind=seat("blind"),
        full=seat("full_blind"), posted=seat("posted_blind"), dead=seat("dead_money"),
        post=[_bool(f"{tag}p{i + 1}.live_post") for i in range(n)],
        may_open=[_bool(f"{tag}p{i + 1}.may_open") for i in range(n)], sel=sel,
    )


@dataclass
class ActionVars:
    """One action and the auxiliary terms the clauses define about it (one copy per action)."""

    tag: str
    seat: z3.ArithRef
    kind: z3.ArithRef
    to: z3.ArithRef  # the "to" amount (bet / raise / complete / bring-in)
    paid: z3.ArithRef  # chips the action adds
    pen: z3.BoolRef  # legal but penalised (TDA 58)
    # the actor's seat values in the pre-state, selected by `seat`
    a_stack: z3.ArithRef = None
    a_bet: z3.ArithRef = None
    a_acted: z3.BoolRef = None
    a_checked: z3.BoolRef = None
    a_lvl: z3.ArithRef = None
    a_fseq: z3.ArithRef = None
    a_blind: z3.ArithRef = None
    a_may_open: z3.BoolRef = None
    a_opp_chips: z3.BoolRef = None  # some other live seat has chips
    # auxiliary terms (permissions and definitions, see clauses.py)
    allin: z3.BoolRef = None  # the "to" amount is the whole stack (raise.all-in-exception)
    option: z3.BoolRef = None  # option.big-blind
    nocap: z3.BoolRef = None  # cap.none-big-bet
    hu_exempt: z3.BoolRef = None  # cap.heads-up
    f_act: z3.BoolRef = None  # the increment of this action amounts to a full bet/raise
    f_face: z3.BoolRef = None  # what the actor faces since their last action amounts to a full raise
    cum: z3.BoolRef = None  # reopen.cumulative reopens for the actor
    full: z3.BoolRef = None  # the action is a full bet/raise (or a completion)
    short_counts: z3.BoolRef = None  # a short all-in raise counts toward the cap
    rbase: z3.ArithRef = None  # the level limit raises are measured from
    bigopt: z3.BoolRef = None  # the big bet is a size this action may take (stud.open-pair)
    plx: z3.ArithRef = None  # pot-limit: blind chips counted as if posted in full
    first_from: z3.ArithRef = None  # where the search for the round's first actor starts

    def is_(self, *kinds: int):
        return z3.Or(*[self.kind == k for k in kinds])

    @property
    def aggressive(self):
        return self.is_(BET, RAISE, COMPLETE)


def make_action(n: int, tag: str = "act.") -> ActionVars:
    a = ActionVars(tag=tag, seat=_int(tag + "seat"), kind=_int(tag + "kind"), to=_int(tag + "to"),
                   paid=_int(tag + "paid"), pen=_bool(tag + "penalized"))
    for name in ("a_stack", "a_bet", "a_lvl", "a_fseq", "a_blind", "rbase", "plx", "first_from"):
        setattr(a, name, _int(tag + name))
    for name in ("a_acted", "a_checked", "a_may_open", "a_opp_chips", "allin", "option", "nocap",
                 "hu_exempt", "f_act", "f_face", "cum", "full", "short_counts", "bigopt"):
        setattr(a, name, _bool(tag + name))
    return a


# ---------------------------------------------------------------------------------- concrete values


def structure_name(game) -> str:
    return str(game.structure)


def param_values(state) -> dict:
    """Concrete values of the round parameters of a :class:`~betlaw.model.state.HandState`.

    Keys are the names of the parameter variables (see :func:`make_params`), so the same
    dict serves any seat count. Rule switches are not included (see :func:`rule_values`).
    """
    g, rules = state.game, state.rules
    n = g.seats
    street = g.streets[min(state.street, len(g.streets) - 1)]
    opening = OPENINGS.index(str(street.opening))
    v: dict = {}
    for s in STRUCTURES:
        v[f"structure={s}"] = str(g.structure) == s
    v["bet_size"] = street.bet_size
    lo, hi = street.spread if street.spread else (0, 0)
    v["spread_lo"], v["spread_hi"] = lo, hi
    big = g.open_pair_big_bet(state.street) if state.street < len(g.streets) else None
    v["open_pair"] = big is not None
    v["big_bet"] = big if big is not None else street.bet_size
    cap = rules.cap_for(len(g.streets))
    v["cap_in_force"] = cap is not None
    v["cap"] = cap if cap is not None else 0
    v["bring_in"] = g.bring_in
    v["bring_in_seat"] = g.bring_in_seat if g.bring_in_seat is not None else -1
    v["opening"] = opening
    if opening == O_SHOWING:
        given = g.first_actors[state.street] if state.street < len(g.first_actors) else None
        v["opener"] = given if given is not None else -1
    elif opening == O_BRING_IN:
        v["opener"] = v["bring_in_seat"]
    else:
        v["opener"] = 0
    v["first_round_blinds"] = opening == O_BLINDS and g.blind_game
    v["first_street"] = state.street == 0
    v["big_blind"] = g.big_blind
    for i in range(n):
        start = g.starting_stacks[i]
        dead, posted = g.forced_bets_paid(i)  # as posted at the table (the model's Game says in which order)
        v[f"p{i + 1}.starting_stack"] = start
        v[f"p{i + 1}.blind"] = g.blinds[i]
        v[f"p{i + 1}.full_blind"] = g.stakes_blinds[i]  # a dead small blind's too (TDA 2024 54-B Ex 1)
        v[f"p{i + 1}.posted_blind"] = posted
        v[f"p{i + 1}.dead_money"] = dead
        v[f"p{i + 1}.live_post"] = g.is_post(i)
        # open.requirement: opening the pot, the first betting round only (seed 000)
        v[f"p{i + 1}.may_open"] = True if g.may_open is None or state.street > 0 else bool(g.may_open[i])
    return v


def state_values(state) -> dict:
    """Concrete values of the state variables (unprefixed names, see :func:`make_state`)."""
    v: dict = {}
    for i, s in enumerate(state.seats):
        p = f"p{i + 1}."
        v[p + "stack"] = s.stack
        v[p + "bet"] = s.bet
        v[p + "contributed"] = s.contributed
        v[p + "folded"] = s.folded
        v[p + "acted"] = s.acted
        v[p + "checked"] = s.checked
        v[p + "level_at_action"] = s.level_at_action
        v[p + "full_seq_at_action"] = s.full_seq_at_action
    v["call_level"] = state.call_level
    v["full_level"] = state.full_level
    v["full_raise"] = state.full_raise
    v["full_seq"] = state.full_seq
    v["raises_counted"] = state.raises_counted
    v["short_counted"] = state.short_counted
    v["capped_multiway"] = state.capped_multiway
    v["full_opened"] = state.full_opened
    v["min_raise_to"] = state.min_raise_to
    v["bring_in_pending"] = state.bring_in_pending
    v["bring_in_round"] = state.bring_in_round
    v["actor"] = state.actor if state.actor is not None else -1
    v["round_over"] = state.actor is None
    return v


def rule_values(rules) -> dict:
    """Selector name -> truth value for a :class:`~betlaw.spec.rulesets.RuleSet`."""
    out = {}
    for key in SELECTOR_SWITCHES:
        for value in SWITCHES[key].values:
            out[f"rule.{key}={value}"] = rules[key] == value
    return out


def concrete_assumptions(state, vocabulary=None) -> list:
    """Z3 equalities pinning a symbolic state (and its parameters) to a concrete HandState.

    ``vocabulary`` is ``(StateVars, Params)``; by default a fresh pair over the state's seat
    count. These are plain equalities, for use with ``Solver.check(*assumptions)``; the
    oracle in :mod:`betlaw.spec.solver` uses cached named literals instead.
    """
    n = state.game.seats
    st, pa = vocabulary or (make_state(n, ""), make_params(n))
    env = variables_by_name(st, pa)
    out = []
    for name, value in {**state_values(state), **param_values(state), **rule_values(state.rules)}.items():
        var = env[name]
        out.append(var == value if not isinstance(value, bool) else (var if value else z3.Not(var)))
    return out


def variables_by_name(st: StateVars, pa: Params) -> dict:
    """Unprefixed variable name -> z3 variable, for a state copy and its parameters."""
    env = {}
    for i, seat in enumerate(st.seats):
        p = f"p{i + 1}."
        for f, name in (("stack", "stack"), ("bet", "bet"), ("contrib", "contributed"), ("folded", "folded"),
                        ("acted", "acted"), ("checked", "checked"), ("lvl", "level_at_action"),
                        ("fseq", "full_seq_at_action")):
            env[p + name] = getattr(seat, f)
    for f, name in (("call", "call_level"), ("flevel", "full_level"), ("fraise", "full_raise"),
                    ("fseq", "full_seq"), ("rcount", "raises_counted"), ("scounted", "short_counted"),
                    ("capped", "capped_multiway"),
                    ("fopened", "full_opened"), ("minto", "min_raise_to"), ("bi_pending", "bring_in_pending"),
                    ("bi_round", "bring_in_round"), ("actor", "actor"), ("over", "round_over")):
        env[name] = getattr(st, f)
    for s in STRUCTURES:
        env[f"structure={s}"] = {"no-limit": pa.nl, "pot-limit": pa.pl, "fixed-limit": pa.fl,
                                 "spread-limit": pa.sl}[s]
    for f, name in (("bet_size", "bet_size"), ("lo", "spread_lo"), ("hi", "spread_hi"), ("pair", "open_pair"),
                    ("big", "big_bet"), ("cap_on", "cap_in_force"),
                    ("cap", "cap"), ("bring_in", "bring_in"), ("bring_in_seat", "bring_in_seat"),
                    ("opening", "opening"), ("opener", "opener"), ("frb", "first_round_blinds"),
                    ("street0", "first_street"), ("big_blind", "big_blind")):
        env[name] = getattr(pa, f)
    for i in range(pa.n):
        p = f"p{i + 1}."
        env[p + "starting_stack"] = pa.start[i]
        env[p + "blind"] = pa.blind[i]
        env[p + "full_blind"] = pa.full[i]
        env[p + "posted_blind"] = pa.posted[i]
        env[p + "dead_money"] = pa.dead[i]
        env[p + "live_post"] = pa.post[i]
        env[p + "may_open"] = pa.may_open[i]
    for (key, value), b in pa.sel.items():
        env[f"rule.{key}={value}"] = b
    return env

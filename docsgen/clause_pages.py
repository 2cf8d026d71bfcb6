"""One page per clause of the catalogue, and the clause index.

A page says the rule in plain words (the catalogue's title), its citations with their quotes,
the switches it depends on, the Z3 constraint (:mod:`.constraints`), and worked examples: the
clause's witnesses (:mod:`betlaw.spec.witnesses`: one per kind, under the default preset, else
the first preset that has one; a kind with none shows the reason) and one worked example of the
rule texts (``tests/scenarios``, :mod:`.rule_text_examples`).
"""
from __future__ import annotations

from betlaw.conformance.phh import read_text
from betlaw.spec.catalogue import Citation, Clause, catalogue
from betlaw.spec.rulesets import DEFAULT_PRESET, PRESETS

from . import markdown as md
from .constraints import constraint
from .examples import Example, render
from .rule_text_examples import RuleTextExample

KINDS = {
    "reachable": ("Reachable: the clause at work",
                  "A legal hand, from the forced bets on, reaching a decision where this clause is in force: "
                  "it forbids the action on its own, or its condition holds in every step the rules allow."),
    "decisive": ("Decisive: without this clause the ruling would differ",
                 "A decision this clause is needed for: with every clause the verdict (or the state that follows) "
                 "is as shown; without this clause (a permission: with it negated) it would differ. The deciding "
                 "clauses an answer lists are the model's account of its verdict; when the witness is the state "
                 "that follows, the question is about that state and the list need not name this clause."),
    "negative": ("Negative: the other side of the line",
                 "The nearest decision to the decisive one where the verdict is the other one: the same action "
                 "with the amount moved by the least, or the same kind of action in the closest hand."),
}
LAYERS = {"legality": "Legality: whether an action is allowed",
          "state": "State: what follows an action",
          "declaration": "Declaration: how words and chips become an action"}


def page_name(cid: str) -> str:
    return f"{cid}.md"


def link(cid: str) -> str:
    """The href of a clause's page from another clause page (site built with use_directory_urls: false)."""
    return f"{cid}.html"


def citation_md(c: Citation) -> str:
    if c.seed:
        return f"Seed document {md.code(c.seed)}: “{md.text(c.quote)}”" + (f" ({md.text(c.note)})" if c.note else "")
    if c.tda:
        return f"TDA 2024 v1.0, rule {md.text(c.tda)}" + (f": {md.text(c.note)}" if c.note else "")
    if c.roberts:
        return f"Robert's Rules of Poker, {md.text(c.roberts)}" + (f": {md.text(c.note)}" if c.note else "")
    return f"Practice: {md.text(c.practice)}"


def choose(records: list[dict], kind: str) -> tuple[dict | None, dict | None]:
    """(the witness to show, the default preset's ``none`` record when it has none)."""
    of_kind = [r for r in records if r["kind"] == kind]
    default = next((r for r in of_kind if r["rules"] == DEFAULT_PRESET), None)
    if default is not None and "none" not in default:
        return default, None
    order = list(PRESETS)
    found = sorted((r for r in of_kind if "none" not in r),
                   key=lambda r: order.index(r["rules"]) if r["rules"] in order else len(order))
    return (found[0] if found else None), default


#: What a witness's ``detail`` means, in words, where the answer's own clause list may not show the clause.
WITNESS_NOTES = {
    "the round's start left to the clauses": (
        "The clause does its work at the start of the round: it fixes what the forced bets and the seating "
        "make of it (who acts first, the bets, the levels). With the clause left out those terms are free, "
        "and the solver finds a start under which the answer differs; the deciding clauses listed below are "
        "the ones the question reads once the start is fixed."),
    "successor": (
        "The clause decides what the action leaves behind (the state that follows: levels, counts, who "
        "acts next), not whether it is legal; the question asks about that state."),
}


def witness_section(clause: Clause, records: list[dict], note: str | None = None) -> list[str]:
    out = []
    if not records:
        if clause.spec != "encoded":
            why = "the spec does not encode this clause, so the solver has no witness to find"
        else:
            why = note or "the witness file has no record for this clause"
        return [f"*No witnesses:* {md.text(why)}.\n"]
    for kind, (title, meaning) in KINDS.items():
        shown, none = choose(records, kind)
        out.append(f"### {title}\n")
        out.append(f"{md.text(meaning)}\n")
        if none is not None:
            out.append(f"*Under {md.code(none['rules'])}: none.* {md.text(none['none'])}\n")
        if shown is None:
            if none is None:
                reasons = sorted({r["none"] for r in records if r["kind"] == kind and "none" in r})
                out.append("*None under any preset.* " + " ".join(md.text(r) for r in reasons[:1]) + "\n")
            elif len(PRESETS) > 1:
                out.append("*No other preset has one either.*\n")
            continue
        if none is not None:
            out.append(f"The example below is under {md.code(shown['rules'])} instead.\n")
        (_, scenario), = read_text(shown["phh"], f"witness {clause.id} {kind}")
        ex = Example(scenario, shown["phh"], shown["question"], preset=shown["rules"],
                     intro=(f"Why it is a witness: {shown['detail']}.",) + tuple(
                         text for marker, text in WITNESS_NOTES.items() if marker in shown["detail"]),
                     expected=shown["answer"],
                     compare_presets=kind == "decisive")
        out.append(render(ex, link) + "\n")
    return out


def page(clause: Clause, records: list[dict], rule_text: RuleTextExample | None, note: str | None = None) -> str:
    out = [md.BANNER, f"# {md.code(clause.id)}\n", f"**{md.text(clause.title)}.**\n"]
    switches = ", ".join(f"[{md.code(s)}](../rule-sets.md#{s})" for s in clause.switches) or \
        "none: every rule set reads it the same way"
    out += [f"- **Layer:** {md.text(LAYERS[clause.layer])}",
            f"- **Structures:** {md.text(', '.join(clause.structures))}",
            f"- **Rule switches:** {switches}",
            f"- **In the Z3 specification:** {md.text(clause.spec)}", ""]
    out.append("## Citations\n")
    out += [f"- {citation_md(c)}" for c in clause.citations]
    out.append("")
    out.append("## The constraint\n")
    k = constraint(clause.id, clause.layer)
    if k is None:
        out.append("The Z3 specification does not encode this clause: "
                   f"{md.text(clause.spec.removeprefix('not encoded: '))}.\n")
    else:
        where = ("`betlaw.spec.declarations`" if clause.layer == "declaration" else
                 f"`betlaw.spec.clauses`, written out for a table of {k.seats} seats")
        out.append(f"The clause's one tracked constraint in the specification ({where}). {k.legend}\n")
        for s in k.sections:
            out.append(f"**{md.text(s.title)}**\n")
            out.append(md.fenced(s.text))
    out.append("## Worked examples\n")
    if clause.never_decisive and not records:  # with records, the decisive `none` reason carries it
        out.append(f"*Never decisive on its own:* {md.text(clause.never_decisive)}\n")
    out += witness_section(clause, records, note)
    out.append("### From the rule texts\n")
    if rule_text is None:
        out.append("*No worked example of the rule texts names this clause.*\n")
    else:
        out.append(render(rule_text.example(compare=bool(clause.switches)), link) + "\n")
    return "\n".join(out).rstrip("\n") + "\n"


def index(records_by_clause: dict[str, list[dict]]) -> str:
    out = [md.BANNER, "# Clauses\n",
           "Every clause of the rule catalogue (`spec/catalogue.toml`, `betlaw clauses`), with its page: the "
           "rule in plain words, its citations, the switches it depends on, its Z3 constraint, and worked "
           "examples. The witness columns say which witnesses the solver found under the default preset "
           f"({md.code(DEFAULT_PRESET)}): reachable, decisive, negative (`-`: none, see the page for why; `?`: "
           "the witness file has no record).\n"]
    for layer, title in LAYERS.items():
        rows = []
        for c in catalogue().values():
            if c.layer != layer:
                continue
            recs = [r for r in records_by_clause.get(c.id, []) if r["rules"] == DEFAULT_PRESET]
            marks = []
            for kind in KINDS:
                r = next((x for x in recs if x["kind"] == kind), None)
                marks.append("?" if r is None else ("-" if "none" in r else kind[0].upper()))  # ?: no record
            rows.append([f"[{md.code(c.id)}]({page_name(c.id)})", md.text(c.title),
                         ", ".join(md.code(s) for s in c.switches), " ".join(marks)])
        out.append(f"## {title}\n")
        out.append(md.table(["clause", "rule", "switches", "witnesses"], rows))
    return "\n".join(out).rstrip("\n") + "\n"


def pages(records: list[dict], rule_texts: dict[str, RuleTextExample], note: str | None = None) -> dict[str, str]:
    """Relative path (under the clauses folder) -> page text; ``note`` says why there are no witnesses."""
    by_clause: dict[str, list[dict]] = {}
    for r in records:
        by_clause.setdefault(r["clause"], []).append(r)
    out = {"index.md": index(by_clause)}
    for c in catalogue().values():
        out[page_name(c.id)] = page(c, by_clause.get(c.id, []), rule_texts.get(c.id), note)
    return out

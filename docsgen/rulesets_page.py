"""The rule sets page: every preset by switch (:mod:`betlaw.spec.rulesets`, ``betlaw rules``), the
reason and citation for every choice, and the clauses each switch changes (the catalogue)."""
from __future__ import annotations

from betlaw.spec.catalogue import catalogue
from betlaw.spec.rulesets import DEFAULT_PRESET, PRESETS, SWITCHES

from . import markdown as md


def _value(v) -> str:
    return "none" if v is None else str(v)


def page() -> str:
    names = list(PRESETS)
    out = [md.BANNER, "# Rule sets\n",
           "Every point where rule books and engines disagree is a *switch*; a *preset* gives every switch a "
           f"value. The default preset is {md.code(DEFAULT_PRESET)}. Pick another with `--rules NAME`, override "
           "one switch with `--rule KEY=VALUE` (or `_betlaw_KEY = VALUE` in a PHH file, dashes written as "
           "underscores); `betlaw rules` prints the same table. The source of the table of disagreements is "
           "`shared/reference/rules.md`, section A.3.\n",
           "## The presets side by side\n"]
    rows = []
    for key in SWITCHES:
        values = [_value(PRESETS[n].values[key]) for n in names]
        default = _value(PRESETS[DEFAULT_PRESET].values[key])
        cells = [f"**{md.text(v)}**" if v != default else md.text(v) for v in values]
        rows.append([f"[{md.code(key)}](#{key})"] + cells)
    out.append(md.table(["switch"] + [md.code(n) for n in names], rows))
    extras = {n: {k: v for k, v in p.values.items() if k not in SWITCHES} for n, p in PRESETS.items()}
    for n, extra in extras.items():
        for k, v in extra.items():
            out.append(f"{md.code(n)} also sets {md.code(k)} = {md.code(_value(v))}, a setting of the preset "
                       f"and not a switch: `--rule` cannot set it, and `--rule cap=N` replaces it (see its reason "
                       f"under [`cap`](#cap)).\n")
    out.append(f"Values in **bold** differ from the default preset, {md.code(DEFAULT_PRESET)}.\n")
    users: dict[str, list[str]] = {k: [] for k in SWITCHES}
    for c in catalogue().values():
        for s in c.switches:
            users.setdefault(s, []).append(c.id)
    for key, switch in SWITCHES.items():
        out.append(f"## {key}\n")
        allowed = "a whole number of raises, or `none`" if key == "cap" else \
            ", ".join(md.code(v) for v in switch.values)
        out.append(f"{md.text(switch.meaning[0].upper() + switch.meaning[1:])}. Values: {allowed}.\n")
        rows = [[md.code(n), md.code(_value(PRESETS[n].values[key])), md.text(PRESETS[n].reasons.get(key, ""))]
                for n in names]
        out.append(md.table(["preset", "value", "reason and citation"], rows))
        clauses = users.get(key, [])
        if clauses:
            out.append("Clauses that depend on it: " +
                       ", ".join(f"[{md.code(c)}](clauses/{c}.md)" for c in clauses) + ".\n")
        else:
            out.append("No clause of the catalogue names it.\n")
    return "\n".join(out).rstrip("\n") + "\n"

"""The harness protocol: how the runner talks to an engine, over standard input and output.

One JSON object per line each way (docs/conformance.md, ``conformance/schema/protocol.schema.json``):

    runner -> harness                          harness -> runner
    {"cmd": "start", "version": 1}             {"ok": true, "implementation": {...}, "profile": {...}}
    {"cmd": "configure", "rules": {...}}       {"ok": true, "unsupported": {switch: value, ...}}
    {"cmd": "run", "seq": n, "case": V,        {"seq": n, "result": {"observations": [...], "stopped": null}}
     "rules": {switch: value}}                 | {"seq": n, "skipped": {"message": str, "requirement": str}}
                                               | {"seq": n, "errored": {"message": str, "traceback": str}}
    {"cmd": "stop"}                            (exits)

A harness replays the vector's actions; at every checkpoint (``at`` = actions applied so far) it reports
what its engine shows (who acts, the street, the legal set, the pots when it can) and what the
engine does with each probe, without changing the hand: ``rejected`` (with the engine's message),
``accepted``, ``converted`` (it turned the action into another: say which, in ``as``), or
``inexpressible`` (the engine's interface cannot even say it). Comparing is the runner's job.

Python harnesses subclass :class:`Harness` and implement :meth:`Harness.table`; :func:`serve` runs
the protocol loop. Harnesses in other languages implement the same lines.
"""
from __future__ import annotations

import json
import sys
import traceback

PROTOCOL_VERSION = 1


class Skip(Exception):
    """The engine cannot express this vector: ``requirement`` names what it lacks."""

    def __init__(self, requirement: str, message: str | None = None):
        super().__init__(message or f"the engine cannot express: {requirement}")
        self.requirement = requirement
        self.message = message or f"the engine cannot express: {requirement}"


class Table:
    """One hand in an engine, as the generic replay loop sees it. Seats are the vector's (0-based,
    PHH positions: seat 0 the small blind, the last seat the button; heads-up seat 0 the big blind)."""

    def observe(self) -> dict:
        """{"actor": seat|None, "street": i|None, "legal": {...}, "pots": [...]} with what the engine shows;
        leave out what it cannot show. legal keys: fold (bool), check (bool), call (chips added, or None),
        raise_to ([min, max] "to" amounts this round, or None), bring_in (amount or None)."""
        raise NotImplementedError

    def probe(self, action: dict) -> dict:
        """What the engine does with ``action`` now, leaving the hand unchanged:
        {"outcome": "rejected"|"accepted"|"converted"|"inexpressible", "as": str, "message": str}."""
        raise NotImplementedError

    def act(self, action: dict) -> dict | None:
        """Apply ``action``; None if the engine took it as given, else a probe-style outcome."""
        raise NotImplementedError


class Harness:
    name = "engine"
    version = "?"
    language = "python"
    homepage = None
    issues = None
    table_talk = False  # does the engine rule on table talk (a vector's "events")? docs/table-talk.md

    def __init__(self) -> None:
        self.rules: dict = {}

    def profile(self) -> dict:
        """structures, features, switches ({key: [values the engine can be set to]}), preset (the
        closest named rule set, a hint), observes (the checkpoint fields it can report), seats [min, max]."""
        raise NotImplementedError

    def configure(self, rules: dict) -> dict:
        values = rules.get("values", {})
        supported = self.profile()["switches"]
        unsupported = {k: v for k, v in values.items() if k in supported and v not in supported[k]}
        self.rules = dict(values)
        return {"ok": True, "unsupported": unsupported}

    def table(self, case: dict, rules: dict) -> Table:
        raise NotImplementedError

    def run(self, case: dict, rules: dict) -> dict:
        """The generic replay: checkpoints in order, probes, then the next action. A table-talk
        vector (``events``) is skipped unless the harness has a table-talk layer."""
        if case.get("events") and not self.table_talk:
            raise Skip("table-talk", "no table-talk layer")
        table = self.table(case, rules)
        checkpoints = {cp["at"]: cp for cp in case["checkpoints"]}
        observations = []
        actions = case["actions"]
        for at in range(len(actions) + 1):
            cp = checkpoints.get(at)
            if cp is not None:
                obs = {"at": at, **table.observe()}
                obs["probes"] = [table.probe(p["action"]) for p in cp.get("probes", [])]
                observations.append(obs)
            if at == len(actions):
                break
            outcome = table.act(actions[at])
            if outcome is not None:
                return {"observations": observations, "stopped": {"at": at, **outcome}}
        return {"observations": observations, "stopped": None}

    def metadata(self) -> dict:
        return {"name": self.name, "version": self.version, "language": self.language,
                "homepage": self.homepage, "issues": self.issues, "protocol": PROTOCOL_VERSION}


def serve(harness: Harness, stdin=None, stdout=None) -> int:
    """Run the protocol loop until ``stop`` or end of input. Anything the engine prints is kept off the
    protocol stream (redirected to standard error)."""
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    real_stdout = out
    sys.stdout = sys.stderr  # engines that print must not corrupt the protocol

    def send(obj: dict) -> None:
        real_stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
        real_stdout.flush()

    try:
        for line in stdin:
            if not line.strip():
                continue
            try:
                msg = json.loads(line)
            except json.JSONDecodeError as err:
                send({"errored": {"message": f"bad JSON: {err}"}})
                continue
            cmd = msg.get("cmd")
            if cmd == "start":
                try:
                    send({"ok": True, "implementation": harness.metadata(), "profile": harness.profile()})
                except Exception as err:  # noqa: BLE001
                    send({"ok": False, "errored": {"message": f"{type(err).__name__}: {err}",
                                                   "traceback": traceback.format_exc()}})
            elif cmd == "configure":
                send(harness.configure(msg.get("rules", {})))
            elif cmd == "run":
                seq = msg.get("seq")
                try:
                    send({"seq": seq, "result": harness.run(msg["case"], msg.get("rules", harness.rules))})
                except Skip as err:
                    send({"seq": seq, "skipped": {"message": err.message, "requirement": err.requirement}})
                except Exception as err:  # noqa: BLE001
                    send({"seq": seq, "errored": {"message": f"{type(err).__name__}: {err}",
                                                  "traceback": traceback.format_exc()}})
            elif cmd == "stop":
                break
            else:
                send({"errored": {"message": f"unknown command {cmd!r}"}})
    finally:
        sys.stdout = real_stdout
    return 0


def action_text(action: dict) -> str:
    to = f" to {action['to']}" if action.get("to") is not None else ""
    return f"p{action['seat'] + 1} {action['kind']}{to}"

"""The runner's side of the harness protocol: launch a harness subprocess, talk JSON lines with a
timeout on every reply, and survive its crashes and hangs (restart it, report the vector as errored)."""
from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections import deque

from betlaw.spec.rulesets import PRESETS, SWITCHES, RuleError

from ..schema import protocol_schema, vector_schema
from . import PROTOCOL_VERSION


class HarnessError(RuntimeError):
    """The harness crashed, hung, or broke the protocol."""


class NotUtf8:
    """A line of the harness's output that is not UTF-8 (the protocol's lines are UTF-8 JSON)."""

    def __init__(self, raw: bytes, err: UnicodeDecodeError) -> None:
        self.raw, self.err = raw, err

    def __str__(self) -> str:
        return f"byte {self.raw[self.err.start]:#04x} at {self.err.start} of {self.raw[:40]!r}"


class HarnessClient:
    def __init__(self, command: list[str], timeout: float = 10.0, start_timeout: float = 60.0,
                 env: dict | None = None) -> None:
        self.command = command
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.env = env
        self.proc: subprocess.Popen | None = None
        self.lines: queue.Queue = queue.Queue()
        self.stderr_tail: deque = deque(maxlen=40)
        self.hello: dict | None = None
        self.configured: dict | None = None
        self.seq = 0
        self.restarts = 0
        self.err_reader: threading.Thread | None = None

    # ------------------------------------------------------------ process

    def _launch(self) -> None:
        env = dict(os.environ if self.env is None else self.env)
        env.setdefault("PYTHONUNBUFFERED", "1")
        # its own process group, so that a wrapper script's children are stopped with it (_kill)
        # bytes, decoded line by line here: a line that is not UTF-8 is the harness's error, named as such
        self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=env, start_new_session=os.name == "posix")
        self.lines = queue.Queue()
        self.stderr_tail = deque(maxlen=40)  # this process's own lines only
        proc, lines, tail = self.proc, self.lines, self.stderr_tail

        # a stream closed under a reader by _kill (a harness stopped mid-write) ends that reader quietly (review EG)
        def read_out() -> None:
            try:
                for raw in proc.stdout:
                    try:
                        lines.put(raw.decode("utf-8"))
                    except UnicodeDecodeError as err:
                        lines.put(NotUtf8(raw, err))
            except (ValueError, OSError):
                pass
            lines.put(None)

        def read_err() -> None:  # read to the end whatever it holds, so that a chatty harness never blocks
            try:
                for raw in proc.stderr:
                    line = raw.decode("utf-8", errors="replace").rstrip("\n")
                    tail.append(line if len(line) <= 300 else f"{line[:300]}... ({len(line) - 300} more characters)")
            except (ValueError, OSError):
                pass

        threading.Thread(target=read_out, daemon=True).start()
        self.err_reader = threading.Thread(target=read_err, daemon=True)
        self.err_reader.start()

    def _kill(self) -> None:
        proc, self.proc = self.proc, None  # taken first: an interrupt may reach here twice (review CV)
        if proc is not None:
            try:
                if os.name == "posix":
                    os.killpg(proc.pid, signal.SIGKILL)  # the harness and anything it started
                else:
                    proc.kill()
                proc.wait(timeout=5)
            except Exception:  # noqa: BLE001
                pass
            for stream in (proc.stdin, proc.stdout, proc.stderr):
                try:
                    stream.close()
                except Exception:  # noqa: BLE001
                    pass

    def _send(self, obj: dict) -> None:
        try:
            self.proc.stdin.write((json.dumps(obj, separators=(",", ":")) + "\n").encode("utf-8"))
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as err:
            raise HarnessError(f"the harness is gone ({err}){self._stderr()}") from None

    def _receive(self, timeout: float) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise HarnessError(f"no reply within {timeout:g} s (hung){self._stderr()}")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if isinstance(line, NotUtf8):
                raise HarnessError(f"the harness wrote a line that is not UTF-8 text ({line}){self._stderr()}")
            if line is None:
                try:  # its output has ended: wait for the exit code (a moment, as the process is reaped)
                    code = self.proc.wait(timeout=2) if self.proc else None
                except subprocess.TimeoutExpired:
                    code = None
                if code is not None:  # and for its last words on stderr, which end with it
                    self.err_reader.join(timeout=2)
                raise HarnessError(f"the harness exited (code {code if code is not None else '?'}){self._stderr()}")
            line = line.strip()
            if not line:
                continue
            try:
                reply = json.loads(line)
            except json.JSONDecodeError:
                raise HarnessError(f"not a JSON line on the protocol stream: {line[:200]!r}") from None
            if not isinstance(reply, dict):
                raise HarnessError(f"a reply must be a JSON object, got {line[:200]!r}")
            return reply

    def _stderr(self) -> str:
        tail = [x for x in list(self.stderr_tail)[-8:] if x.strip()]
        return ("; stderr: " + " | ".join(tail)) if tail else ""

    # ------------------------------------------------------------ protocol

    def start(self) -> dict:
        self._launch()
        self._send({"cmd": "start", "version": PROTOCOL_VERSION})
        reply = self._receive(self.start_timeout)
        if reply.get("ok") is not True:
            raise HarnessError(f"start refused: {str(reply)[:300]}")
        problem = _bad_start_reply(reply)
        if problem:
            raise HarnessError(f"malformed start reply: {problem} (docs/conformance.md, the harness protocol)")
        self.hello = reply
        return reply

    def configure(self, rules: dict) -> dict:
        self.configured = rules
        self._send({"cmd": "configure", "rules": rules})
        reply = self._receive(self.start_timeout)
        if reply.get("ok") is not True:
            raise HarnessError(f"the harness refused the rule set {rules.get('name', '?')}: {str(reply)[:300]}")
        if not isinstance(reply.get("unsupported", {}), dict):
            raise HarnessError("malformed configure reply: 'unsupported' must be an object (switch -> value)")
        return reply

    def restart(self) -> None:
        self._kill()
        self.restarts += 1
        self.start()
        if self.configured is not None:
            self.configure(self.configured)

    def run(self, case: dict, rules: dict) -> dict:
        """{"result": ...} | {"skipped": ...} | {"errored": ...}; never raises for engine trouble."""
        self.seq += 1
        seq = self.seq
        try:
            if self.proc is None or self.proc.poll() is not None:
                self.restart()
            self._send({"cmd": "run", "seq": seq, "case": case, "rules": rules})
            reply = self._receive(self.timeout)
            got = reply.get("seq")
            if not is_integer(got) or got != seq:  # true and 1.0 are not the integer 1
                stale = " (a lower seq: likely an extra reply to an earlier request)" \
                    if is_integer(got) and got < seq else ""
                raise HarnessError(f"a run reply must echo the request's seq ({seq}), got seq "
                                   f"{json.dumps(got) if 'seq' in reply else '(none)'}{stale} in {str(reply)[:160]}")
            return reply
        except HarnessError as err:
            self._kill()
            return {"seq": seq, "errored": {"message": str(err)}}

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            try:
                self._send({"cmd": "stop"})
                self.proc.wait(timeout=5)
            except Exception:  # noqa: BLE001
                pass
        self._kill()


def is_integer(x) -> bool:
    """A JSON integer (true and false are not)."""
    return isinstance(x, int) and not isinstance(x, bool)


def _bad_start_reply(reply: dict) -> str | None:
    """What is wrong with a start reply (protocol.schema.json, ``startReply``), or None."""
    impl = reply.get("implementation")
    if not isinstance(impl, dict) or not isinstance(impl.get("name"), str) or not isinstance(impl.get("version"), str):
        return f"'implementation' must be an object with a string 'name' and 'version', got {json.dumps(impl)[:80]}"
    if "protocol" in impl and (not is_integer(impl["protocol"]) or impl["protocol"] != PROTOCOL_VERSION):
        return (f"implementation 'protocol' {json.dumps(impl['protocol'])[:20]}: this runner speaks protocol "
                f"{PROTOCOL_VERSION}")
    prof = reply.get("profile")
    if not isinstance(prof, dict):
        return f"'profile' must be an object, got {json.dumps(prof)[:80]}"
    for key in ("structures", "features"):
        if not isinstance(prof.get(key), list) or not all(isinstance(x, str) for x in prof[key]):
            return f"profile '{key}' must be a list of strings, got {json.dumps(prof.get(key))[:80]}"
    known = protocol_schema()["$defs"]["profile"]["properties"]["structures"]["items"]["enum"]
    unknown = [s for s in prof["structures"] if s not in known]
    if unknown:
        return f"profile 'structures': unknown {', '.join(map(repr, unknown))}; betlaw knows {', '.join(known)}"
    switches = prof.get("switches")
    if not isinstance(switches, dict) or not all(isinstance(v, list) for v in switches.values()):
        return f"profile 'switches' must be an object of value lists, got {json.dumps(switches)[:80]}"
    for key, values in switches.items():
        for value in values if key in SWITCHES else ():  # a switch betlaw does not know is left alone
            try:
                SWITCHES[key].parse("none" if value is None else str(value))
            except RuleError as err:
                return f"profile 'switches': {err}"
    seats = prof.get("seats", [2, 99])
    if not (isinstance(seats, list) and len(seats) == 2 and all(is_integer(x) for x in seats) and seats[0] <= seats[1]):
        return f"profile 'seats' must be [min, max] with min <= max, got {json.dumps(seats)[:80]}"
    return None


OBSERVABLE = ("actor", "street", "fold", "fold_penalized", "check", "call", "raise_to", "bring_in", "pots", "talk",
              "probes")  # the observation fields a profile's 'observes' may name (docs/conformance.md)


def profile_warnings(profile: dict) -> list[str]:
    """Names in a (well-formed) profile that betlaw does not know: a switch it leaves alone (a newer
    engine's), a feature no vector has (so no vector needs it), a field no observation has."""
    features = vector_schema()["properties"]["features"]["items"]["enum"]
    out = [f"profile 'switches': {key!r} is no switch betlaw knows (left alone; betlaw rules lists them)"
           for key in profile.get("switches", {}) if key not in SWITCHES]
    out += [f"profile 'switches': {key} value {x!r} is no value betlaw knows (left out; betlaw rules lists them)"
            for key, values in profile.get("switches", {}).items() if key in SWITCHES
            for x in values if _parsed(key, x) is _UNKNOWN]
    out += [f"profile 'features': {f!r} is no feature of the suite's vectors (known: {', '.join(features)})"
            for f in profile.get("features", []) if f not in features]
    preset = profile.get("preset")
    if preset is not None and preset not in PRESETS:
        out.append(f"profile 'preset': {preset!r} is no preset betlaw knows (known: {', '.join(PRESETS)}); "
                   f"ignored when breaking ties")
    observes = profile.get("observes", [])
    if not isinstance(observes, list) or not all(isinstance(x, str) for x in observes):
        return out + [f"profile 'observes' must be a list of strings, got {json.dumps(observes)[:80]}"]
    out += [f"profile 'observes': {f!r} is no observation field (known: {', '.join(OBSERVABLE)})"
            for f in observes if f not in OBSERVABLE]
    return out


def _parsed(key: str, value):
    try:
        return SWITCHES[key].parse("none" if value is None else str(value))
    except RuleError:
        return _UNKNOWN


_UNKNOWN = object()


def switch_values(profile: dict) -> dict:
    """The profile's switch values as betlaw's (``"4"`` is the cap 4, ``null`` and ``"none"`` are none), for
    the switches betlaw knows; a value it does not know is left out (profile_warnings names it)."""
    return {key: [v for v in (_parsed(key, x) for x in values) if v is not _UNKNOWN]
            for key, values in profile.get("switches", {}).items() if key in SWITCHES}


def cannot_set(profile: dict, values: dict) -> dict:
    """The switch values of a rule set that the profile says the engine cannot take (a switch the
    profile lists, with other values only)."""
    out = {}
    for key, parsed in switch_values(profile).items():
        if key not in values:
            continue
        if values[key] not in parsed:
            out[key] = "none" if values[key] is None else values[key]
    return out


def python_module(module: str, python: str | None = None) -> list[str]:
    return [python or sys.executable, "-m", module]

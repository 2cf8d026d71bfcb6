"""The runner's side of the harness protocol: launch a harness subprocess, talk JSON lines with a
timeout on every reply, and survive its crashes and hangs (restart it, report the vector as errored)."""
from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections import deque

from . import PROTOCOL_VERSION


class HarnessError(RuntimeError):
    """The harness crashed, hung, or broke the protocol."""


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

    # ------------------------------------------------------------ process

    def _launch(self) -> None:
        env = dict(os.environ if self.env is None else self.env)
        env.setdefault("PYTHONUNBUFFERED", "1")
        self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, bufsize=1, env=env)
        self.lines = queue.Queue()
        proc, lines = self.proc, self.lines

        def read_out() -> None:
            for line in proc.stdout:
                lines.put(line)
            lines.put(None)

        def read_err() -> None:
            for line in proc.stderr:
                self.stderr_tail.append(line.rstrip("\n"))

        threading.Thread(target=read_out, daemon=True).start()
        threading.Thread(target=read_err, daemon=True).start()

    def _kill(self) -> None:
        if self.proc is not None:
            try:
                self.proc.kill()
                self.proc.wait(timeout=5)
            except Exception:  # noqa: BLE001
                pass
            for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
                try:
                    stream.close()
                except Exception:  # noqa: BLE001
                    pass
        self.proc = None

    def _send(self, obj: dict) -> None:
        try:
            self.proc.stdin.write(json.dumps(obj, separators=(",", ":")) + "\n")
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
            if line is None:
                code = self.proc.poll() if self.proc else None
                time.sleep(0.05)
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
        if not reply.get("ok"):
            raise HarnessError(f"start refused: {reply}")
        self.hello = reply
        return reply

    def configure(self, rules: dict) -> dict:
        self.configured = rules
        self._send({"cmd": "configure", "rules": rules})
        return self._receive(self.start_timeout)

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
            while True:
                reply = self._receive(self.timeout)
                if reply.get("seq") == seq:
                    return reply
                if "seq" not in reply or not isinstance(reply["seq"], int) or reply["seq"] > seq:
                    raise HarnessError(f"a run reply must echo the request's seq ({seq}), got {str(reply)[:200]}")
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


def python_module(module: str, python: str | None = None) -> list[str]:
    return [python or sys.executable, "-m", module]

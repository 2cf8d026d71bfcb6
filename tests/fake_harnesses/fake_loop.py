"""The protocol loop the fake harnesses share (tests only): the model harness answers start and
configure; ``on_run(msg, harness)`` answers each run request (it may crash, hang or lie)."""
import json
import sys

from betlaw.conformance.harness.model import ModelHarness


def serve(on_run, on_start=lambda reply: reply, on_configure=lambda reply: reply) -> None:
    harness = ModelHarness()
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["cmd"] == "start":
            reply = on_start({"ok": True, "implementation": harness.metadata(), "profile": harness.profile()})
        elif msg["cmd"] == "configure":
            reply = on_configure(harness.configure(msg["rules"]))
        elif msg["cmd"] == "run":
            reply = on_run(msg, harness)
        else:
            break
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


def honest(msg, harness) -> dict:
    return {"seq": msg["seq"], "result": harness.run(msg["case"], msg.get("rules", {}))}

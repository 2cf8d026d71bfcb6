"""A harness that starts properly, then answers every run wrongly in one way, named by argv[1]
(tests only): "nothing" observes nothing, "list" replies with a JSON array, "no-at" stops without
saying where, "seq" echoes another seq."""
import json
import sys

from betlaw.conformance.harness.model import ModelHarness

mode = sys.argv[1]
harness = ModelHarness()
for line in sys.stdin:
    msg = json.loads(line)
    if msg["cmd"] == "start":
        reply = {"ok": True, "implementation": harness.metadata(), "profile": harness.profile()}
    elif msg["cmd"] == "configure":
        reply = harness.configure(msg["rules"])
    elif msg["cmd"] == "run":
        cps = msg["case"]["checkpoints"]
        reply = {"seq": msg["seq"], "result": {"observations": [
            {"at": cp["at"], "probes": [{"outcome": "inexpressible"}] * len(cp.get("probes", []))} for cp in cps]}}
        if mode == "list":
            reply = [1, 2, 3]
        elif mode == "no-at":
            reply["result"]["stopped"] = {"outcome": "rejected"}
        elif mode == "seq":
            reply["seq"] = msg["seq"] + 1000
    else:
        break
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()

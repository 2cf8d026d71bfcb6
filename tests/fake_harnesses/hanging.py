"""A harness that starts properly, then never answers a vector whose id ends in 1 (tests only)."""
import json
import sys
import time

from betlaw.conformance.harness.model import ModelHarness

harness = ModelHarness()
for line in sys.stdin:
    msg = json.loads(line)
    if msg["cmd"] == "start":
        reply = {"ok": True, "implementation": harness.metadata(), "profile": harness.profile()}
    elif msg["cmd"] == "configure":
        reply = harness.configure(msg["rules"])
    elif msg["cmd"] == "run":
        if msg["case"]["id"].endswith("1"):
            time.sleep(3600)
        reply = {"seq": msg["seq"], "result": harness.run(msg["case"], msg.get("rules", {}))}
    else:
        break
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()

"""A harness that starts properly, then dies on the second vector it is asked to run (tests only)."""
import json
import os
import sys

from betlaw.conformance.harness.model import ModelHarness

harness = ModelHarness()
runs = 0
for line in sys.stdin:
    msg = json.loads(line)
    if msg["cmd"] == "start":
        reply = {"ok": True, "implementation": harness.metadata(), "profile": harness.profile()}
    elif msg["cmd"] == "configure":
        reply = harness.configure(msg["rules"])
    elif msg["cmd"] == "run":
        runs += 1
        if runs == 2:
            sys.stderr.write("fake engine: segmentation fault\n")
            sys.stderr.flush()
            os._exit(139)
        reply = {"seq": msg["seq"], "result": harness.run(msg["case"], msg.get("rules", {}))}
    else:
        break
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()

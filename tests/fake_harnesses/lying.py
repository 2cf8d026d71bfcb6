"""A harness that starts properly, then answers every run wrongly in one way, named by argv[1]
(tests only): "nothing" observes nothing, "list" replies with a JSON array, "no-at" stops without
saying where, "seq" echoes another seq."""
import sys

from fake_loop import serve

mode = sys.argv[1]


def on_run(msg, harness):
    cps = msg["case"]["checkpoints"]
    reply = {"seq": msg["seq"], "result": {"observations": [
        {"at": cp["at"], "probes": [{"outcome": "inexpressible"}] * len(cp.get("probes", []))} for cp in cps]}}
    if mode == "list":
        return [1, 2, 3]
    if mode == "no-at":
        reply["result"]["stopped"] = {"outcome": "rejected"}
    elif mode == "seq":
        reply["seq"] = msg["seq"] + 1000
    return reply


serve(on_run)

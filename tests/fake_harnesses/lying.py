"""A harness that starts properly, then answers every run wrongly in one way, named by argv[1]
(tests only): "nothing" observes nothing; "list" replies with a JSON array; "no-at" stops without
saying where; "seq" echoes a higher seq, "lower-seq" a lower one, "seq-true" true for 1;
"stop-before" claims it stopped at action -1 (before the hand began) and "stop-after" past its last
action; "stop-accepted" reports an accepted action as a stop; "empty-probes" and "bogus-probes" give
probe results without a valid outcome; "call-text" reports the call amount as a string;
"talk-text" a table-talk ruling as a string; "skip-text" and "error-text" skipped/errored as bare
strings; "impl" and "no-profile" break the start reply, "impl-version" gives a number for a version and
"protocol-2" claims protocol 2; "refuse-rules" refuses the rule set; "no-legal" reports who acts but no legal
set and no pots, and calls every probe inexpressible; "street-only" reports the round and nothing else;
"skip-bare" skips without a requirement, "skip-number" with a number for one; "raise-upside-down" reports a
raise range whose minimum is above its maximum; "dup-at" reports a checkpoint twice, "extra-at" an observation
at no checkpoint, "extra-probes" one probe result too many; "claims-unsupported" calls
fold-when-check=penalized unsupported whatever the rule set;
"html-message" errors with markup and a newline in its message, and names a version and a preset with markup,
a "|" and a newline; "typos" declares a switch, a feature and an observation
field betlaw does not know, and an unknown preset."""
import json
import sys

from fake_loop import honest, serve

mode = sys.argv[1]


def on_run(msg, harness):
    cps = msg["case"]["checkpoints"]
    reply = {"seq": msg["seq"], "result": {"observations": [
        {"at": cp["at"], "probes": [{"outcome": "inexpressible"}] * len(cp.get("probes", []))} for cp in cps],
        "stopped": None}}
    if mode == "list":
        return [1, 2, 3]
    if mode == "no-at":
        reply["result"]["stopped"] = {"outcome": "rejected"}
    elif mode == "seq":
        reply["seq"] = msg["seq"] + 1000
    elif mode == "lower-seq":
        reply["seq"] = msg["seq"] - 1
    elif mode == "seq-true":
        reply = honest(msg, harness)
        reply["seq"] = True if msg["seq"] == 1 else reply["seq"]
    elif mode == "stop-before":
        reply["result"] = {"observations": [], "stopped": {"at": -1, "outcome": "rejected"}}
    elif mode == "stop-after":
        reply = honest(msg, harness)
        reply["result"]["stopped"] = {"at": len(msg["case"]["actions"]), "outcome": "rejected"}
    elif mode == "stop-accepted":
        reply = honest(msg, harness)
        reply["result"]["stopped"] = {"at": 0, "outcome": "accepted"}
    elif mode in ("empty-probes", "bogus-probes"):
        probe = {} if mode == "empty-probes" else {"outcome": "banana"}
        reply["result"]["observations"] = [{"at": cp["at"], "probes": [probe] * len(cp.get("probes", []))}
                                           for cp in cps]
    elif mode in ("dup-at", "extra-at", "extra-probes"):  # review CP: replies that passed before
        reply = honest(msg, harness)
        obs = reply["result"]["observations"]
        if mode == "dup-at":
            obs.append(dict(obs[0], actor=None))
        elif mode == "extra-at":
            obs.append({"at": 999})
        else:
            for o in obs:
                o["probes"] = o.get("probes", []) + [{"outcome": "accepted"}]
    elif mode == "call-text":
        reply = honest(msg, harness)
        for o in reply["result"]["observations"]:
            o["legal"]["call"] = str(o["legal"]["call"])
    elif mode == "talk-text":
        reply = honest(msg, harness)
        for o in reply["result"]["observations"]:
            o["talk"] = "bound"
    elif mode == "no-legal":  # honest on who acts, silent on the legal set, every probe inexpressible
        reply = honest(msg, harness)
        for o in reply["result"]["observations"]:
            o.pop("legal", None)
            o.pop("pots", None)
            o["probes"] = [{"outcome": "inexpressible"} for _ in o.get("probes", [])]
    elif mode == "typos":
        reply = honest(msg, harness)
    elif mode == "claims-unsupported":
        reply = honest(msg, harness)
    elif mode == "html-message":
        reply = {"seq": msg["seq"], "errored": {"message": "<script>x</script>\n# not a heading"}}
    elif mode == "street-only":
        reply = honest(msg, harness)
        reply["result"]["observations"] = [{"at": o["at"], "street": o.get("street")}
                                           for o in reply["result"]["observations"]]
    elif mode == "raise-upside-down":
        reply = honest(msg, harness)
        for o in reply["result"]["observations"]:
            o["legal"]["raise_to"] = [10, 4]
    elif mode == "skip-bare":
        reply = {"seq": msg["seq"], "skipped": {"message": "my engine has no idea"}}
    elif mode == "skip-number":
        reply = {"seq": msg["seq"], "skipped": {"message": "no", "requirement": 5}}
    elif mode == "skip-text":
        reply = {"seq": msg["seq"], "skipped": "not supported"}
    elif mode == "error-text":
        reply = {"seq": msg["seq"], "errored": "engine exploded"}
    return reply


def on_start(reply):
    if mode == "impl":
        reply["implementation"] = "x"
    elif mode == "no-profile":
        del reply["profile"]
    elif mode == "impl-version":
        reply["implementation"]["version"] = 3
    elif mode == "protocol-2":
        reply["implementation"]["protocol"] = 2
    elif mode == "html-message":
        reply["implementation"]["version"] = "1 | <b>2</b>\n# three"
        reply["profile"]["preset"] = "<i>tda</i> | x\ny"
    elif mode == "typos":
        reply["profile"]["switches"]["fold-when-checked"] = ["allowed"]
        reply["profile"]["features"].append("blind")
        reply["profile"]["observes"].append("actr")
        reply["profile"]["preset"] = "tda2024"
    return reply


def on_configure(reply):
    if mode == "claims-unsupported":
        return {**reply, "unsupported": {"fold-when-check": "penalized"}}
    return {"ok": False, "message": "cannot"} if mode == "refuse-rules" else reply


serve(on_run, on_start, on_configure)

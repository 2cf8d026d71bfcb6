"""A harness that starts properly, then never answers a vector whose id ends in 1 (tests only)."""
import time

from fake_loop import honest, serve


def on_run(msg, harness):
    if msg["case"]["id"].endswith("1"):
        time.sleep(3600)
    return honest(msg, harness)


serve(on_run)

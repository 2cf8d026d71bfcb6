"""A harness that starts properly, then dies on the second vector it is asked to run (tests only)."""
import os
import sys

from fake_loop import honest, serve

runs = 0


def on_run(msg, harness):
    global runs
    runs += 1
    if runs == 2:
        sys.stderr.write("fake engine: segmentation fault\n")
        sys.stderr.flush()
        os._exit(139)
    return honest(msg, harness)


serve(on_run)

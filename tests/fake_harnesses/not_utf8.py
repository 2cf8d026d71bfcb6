"""A harness that logs bytes that are not UTF-8 to stderr, then answers its second vector with such a
line on stdout (tests only)."""
import sys

from fake_loop import honest, serve

runs = 0
sys.stderr.buffer.write(b"\xff\xfe fake engine log\n")
sys.stderr.flush()


def on_run(msg, harness):
    global runs
    runs += 1
    if runs == 2:
        sys.stdout.buffer.write(b"\xff\xfe\x00garbage\n")
        sys.stdout.flush()
    return honest(msg, harness)


serve(on_run)

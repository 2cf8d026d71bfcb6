"""Errors of the specification layer (importing this module does not load z3)."""


class SpecUnknown(RuntimeError):
    """The solver could not decide (timeout or resource limit): never a verdict."""


def ignore_interrupts() -> None:
    """A worker process's initializer: Ctrl-C is the parent's to handle (it stops the pool and exits 130),
    so the workers do not each print a traceback."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)

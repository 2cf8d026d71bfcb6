"""Errors of the specification layer (importing this module does not load z3)."""


class SpecUnknown(RuntimeError):
    """The solver could not decide (timeout or resource limit): never a verdict."""

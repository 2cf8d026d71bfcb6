"""Engine adapters: one harness per third-party engine, each runnable as ``python -m betlaw.conformance.adapters.NAME``."""

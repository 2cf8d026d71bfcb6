"""betlaw.spec: the rule catalogue, the rule sets, and the Z3 specification.

The catalogue (``catalogue.toml``) and the rule sets (``rulesets.py``) are plain data and
import nothing heavy; the solver encoding lives in its own modules and imports z3 lazily.
"""

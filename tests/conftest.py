import os

from hypothesis import settings

settings.register_profile("ci", max_examples=60, stateful_step_count=25, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile("deep", max_examples=1000, stateful_step_count=60, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

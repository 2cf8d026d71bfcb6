import os

from hypothesis import settings

settings.register_profile("ci", max_examples=60, stateful_step_count=25, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile("deep", max_examples=1000, stateful_step_count=60, deadline=None)
# long betting sequences (caps, runs of short all-ins, several hands at a table): about 5 minutes
settings.register_profile("long", max_examples=400, stateful_step_count=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

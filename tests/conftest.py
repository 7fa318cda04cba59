"""Settings shared by every test.

Hypothesis's per-example deadline measures the machine, not the rules: on a loaded machine an
example can take longer than 200 ms without anything being wrong, so no test uses one.
"""

from hypothesis import settings

settings.register_profile("openhanabi", deadline=None)
settings.load_profile("openhanabi")

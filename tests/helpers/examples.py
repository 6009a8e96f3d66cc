"""How many examples a property test tries, by Hypothesis profile (registered in the root
conftest.py): its own number under ``dev`` and ``ci``, :data:`FUZZ_FACTOR` times as many under
``fuzz`` (``HYPOTHESIS_PROFILE=fuzz``).

A test names its budget as ``@settings(max_examples=examples(150))``: a number written in a
test's own settings would win over any profile, and ``fuzz`` would then try no more.
"""

from __future__ import annotations

from hypothesis import settings

#: The profile that runs the property tests longer.
FUZZ = "fuzz"
#: How many times the examples ``fuzz`` tries.
FUZZ_FACTOR = 20


def examples(budget: int) -> int:
    """``budget``, or :data:`FUZZ_FACTOR` times it under the ``fuzz`` profile."""
    return budget * FUZZ_FACTOR if settings.get_current_profile_name() == FUZZ else budget

"""The ``variant`` fixture: every installed variant."""

from __future__ import annotations

import pytest
from rl_cases import VARIANTS


@pytest.fixture(params=VARIANTS)
def variant(request: pytest.FixtureRequest) -> str:
    return str(request.param)

"""The examples in hoyle.poker's docstrings run and give what they say."""

from __future__ import annotations

import doctest

from hoyle import poker


def test_module_examples() -> None:
    result = doctest.testmod(poker, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 15
    assert result.failed == 0

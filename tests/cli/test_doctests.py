"""The examples in the command-line modules' docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "name",
    [
        "hoyle.cli",
        "hoyle.cli.common",
        "hoyle.cli.new_variant",
        "hoyle.cli.play",
        "hoyle.cli.render",
        "hoyle.cli.replay",
        "hoyle.cli.simulate",
    ],
)
def test_docstring_examples(name: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(name))
    assert tried > 0 and failures == 0

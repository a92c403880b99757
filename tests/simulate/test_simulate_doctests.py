"""The examples in the simulate modules' docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["", ".play", ".chunks", ".backends", ".output", ".rows", ".stats", ".headtohead", ".run"]


@pytest.mark.parametrize("name", [f"hoyle.simulate{m}" for m in MODULES])
def test_docstring_examples(name: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(name))
    assert tried > 0 and failures == 0

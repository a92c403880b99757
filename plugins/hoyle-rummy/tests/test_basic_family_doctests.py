"""The examples in the rummy family's docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "name",
    [
        "hoyle_rummy.common",
        "hoyle_rummy.turns",
        "hoyle_rummy.basic",
        "hoyle_rummy.seven_card",
        "hoyle_rummy.five_hundred",
        "hoyle_rummy.wrotham",
        "hoyle_rummy.dime",
        "hoyle_rummy.gin_state",
        "hoyle_rummy.gin_table",
        "hoyle_rummy.gin_seating",
        # the catalogue
        "hoyle_rummy.house_games",
        "hoyle_rummy.exchange",
        "hoyle_rummy.wild_card",
        "hoyle_rummy.spread_pile",
        "hoyle_rummy.pinochle",
        "hoyle_rummy.michigan",
        "hoyle_rummy.boat_house",
        "hoyle_rummy.opening",
        "hoyle_rummy.kaluki",
        "hoyle_rummy.romme",
        "hoyle_rummy.scala40",
        "hoyle_rummy.indian",
    ],
)
def test_docstring_examples(name: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(name))
    assert tried > 0 and failures == 0

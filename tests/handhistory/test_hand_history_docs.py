"""The hand-history modules' examples run, and the core's modules name no variant (the
hoyle-poker plugin maps a hand history's game to a variant)."""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import hoyle
import pytest

MODULES = [
    "hoyle.handhistory",
    "hoyle.handhistory.record",
    "hoyle.handhistory.games",
    "hoyle.handhistory.pokerstars",
    "hoyle.handhistory.table",
    "hoyle.ohh",
    "hoyle_poker.hand_histories",
    "hoyle_poker.hand_histories_stud_draw",
]
CORE = [
    "hoyle.handhistory.record",
    "hoyle.handhistory.games",
    "hoyle.handhistory.pokerstars",
    "hoyle.handhistory.table",
    "hoyle.ohh",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(name))
    assert tried > 0 and failures == 0


def code_strings(path: Path) -> set[str]:
    """The string constants of a module's code (its docstrings left out: examples may
    name a variant)."""
    tree = ast.parse(path.read_text())
    docs = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
        ):
            docs.add(id(body[0].value))
    return {
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    }


@pytest.mark.parametrize("name", CORE)
def test_the_core_names_no_variant(name: str) -> None:
    strings = code_strings(Path(importlib.import_module(name).__file__ or ""))
    assert "texas-holdem" in hoyle.variants()  # the check below means something
    assert not strings & set(hoyle.variants())


def test_the_guide_documents_the_hook() -> None:
    guide = (Path(__file__).parent.parent.parent / "docs" / "hand-histories.md").read_text()
    assert "hoyle_register_hand_history_games(register)" in guide

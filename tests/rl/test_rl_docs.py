"""docs/rl.md: its examples run, and it documents every observation field and refinement
feature the installed variants' encodings have."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import hoyle
import hoyle.rl
import pytest
from rl_cases import players_of, short_options

DOC = (Path(__file__).parent.parent.parent / "docs" / "rl.md").read_text()


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC, flags=re.S)


def test_the_ppo_example_runs_and_learns() -> None:
    pytest.importorskip("gymnasium")
    block = next(b for b in python_blocks() if "PPO" in b)
    out = io.StringIO()
    scope: dict[str, object] = {}
    with contextlib.redirect_stdout(out):
        exec(compile(block, "docs/rl.md", "exec"), scope)
    history = scope["history"]
    assert isinstance(history, list) and len(history) == 8
    # the random bot loses to the learned policy: the last iterations beat the first
    assert sum(history[-3:]) / 3 > history[0] + 0.2
    assert "iteration 7" in out.getvalue()


def test_the_aec_and_mccfr_examples_run() -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyspiel")
    for block in python_blocks():
        if "PPO" in block or "hookimpl" in block:
            continue
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(block, "docs/rl.md", "exec"), {})


def test_every_field_is_documented() -> None:
    for variant in sorted(hoyle.variants()):
        enc = hoyle.rl.encoding(variant, players_of(variant), short_options(variant))
        for field in enc.describe()["observation"]:
            name = field["name"]
            generic = re.sub(r"\[.*\]", "[<group>]", name)
            generic = "public.<key>" if name.startswith("public.") else generic
            assert f"`{generic}`" in DOC or f"`{name}`" in DOC, name
        for row in enc.describe()["actions"]:
            assert f"| `{row['shape']}` |" in DOC


def test_the_observation_fields_page_is_current() -> None:
    """docs/rl-observations.md is what ``python -m hoyle.rl fields`` prints now."""
    from hoyle.rl.__main__ import fields

    page = (Path(__file__).parent.parent.parent / "docs" / "rl-observations.md").read_text()
    assert page == fields(), "regenerate: python -m hoyle.rl fields > docs/rl-observations.md"
    for variant in hoyle.variants():
        assert f"\n## {variant}\n" in page


def test_the_modules_docstring_examples_run() -> None:
    import doctest
    import importlib

    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyspiel")
    names = ["catalogue", "observation", "encoding", "table", "aec", "gymnasium_env", "vector", "openspiel"]
    modules = [importlib.import_module(f"hoyle.rl.{n}") for n in names]
    modules += [importlib.import_module(m) for m in ("hoyle_poker.rl_encoding", "hoyle_rummy.rl_encoding")]
    for module in modules:
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, module.__name__


def test_the_rust_helpers_docstring_examples_run() -> None:
    import doctest

    from hoyle import _core

    for helper in (_core.SlotIndex, _core.SlotIndex.mask, _core.action_mask):
        finder = doctest.DocTestFinder(recurse=False)
        tests = finder.find(helper, helper.__name__, globs={})
        assert tests and tests[0].examples, helper.__name__
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        for test in tests:
            runner.run(test)
        assert runner.failures == 0, helper.__name__

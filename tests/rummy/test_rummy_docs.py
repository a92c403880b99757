"""The rummy examples in the README, docs/rummy.md and the docstrings print what they say."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import hoyle
import pytest
from hoyle import _core, rummy

ROOT = Path(__file__).parent.parent.parent


def run_examples(text: str, name: str) -> None:
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {"hoyle": hoyle}, name, name, 0)
    assert test.examples, f"no examples in {name}"
    result = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(test)
    assert result.failed == 0, name


def test_readme_rummy_example() -> None:
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"```python\n(>>> from hoyle import rummy\n.*?)```", readme, re.S)
    assert block, "the README has a rummy example"
    run_examples(block.group(1), "README")


def test_docs_rummy_examples() -> None:
    docs = (ROOT / "docs" / "rummy.md").read_text()
    block = re.search(r"```python\n(.*?)```", docs, re.S)
    assert block
    run_examples(block.group(1), "docs/rummy.md")


def test_module_doctests() -> None:
    failed, attempted = doctest.testmod(rummy)
    assert attempted > 0 and failed == 0


@pytest.mark.parametrize("name", rummy.__all__)
def test_docstrings_with_examples(name: str) -> None:
    obj = getattr(_core, name)
    doc = obj.__doc__ or ""
    assert doc.strip(), name
    for test in doctest.DocTestFinder().find(obj, name, globs={}):
        assert doctest.DocTestRunner().run(test).failed == 0, name

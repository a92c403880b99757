"""Docs cannot drift: every hook is documented in the plugin guide with its signature,
and has a docstring with an example; the public API has docstrings."""

import inspect
from pathlib import Path

import hoyle
import pytest
from hoyle import hookspecs
from hoyle.plugins import get_plugin_manager

GUIDE = (Path(__file__).parent.parent / "docs" / "plugins.md").read_text()
HOOKS = sorted(name for name in dir(get_plugin_manager(load_entrypoints=False).hook) if name.startswith("hoyle_"))


def test_there_are_hooks() -> None:
    assert "hoyle_deal" in HOOKS and "hoyle_register_variants" in HOOKS


@pytest.mark.parametrize("name", HOOKS)
def test_hook_is_documented_in_the_guide(name: str) -> None:
    params = list(inspect.signature(getattr(hookspecs, name)).parameters)
    assert f"`{name}({', '.join(params)})`" in GUIDE


@pytest.mark.parametrize("name", HOOKS)
def test_hook_has_docstring_with_example(name: str) -> None:
    doc = getattr(hookspecs, name).__doc__ or ""
    assert "Example::" in doc and ":param" in doc
    if getattr(hookspecs, name).hoyle_spec["firstresult"]:
        assert "Stops at first non-None result" in doc


@pytest.mark.parametrize("name", hoyle.__all__)
def test_public_names_have_docstrings(name: str) -> None:
    obj = getattr(hoyle, name)
    if callable(obj) or inspect.ismodule(obj):
        assert (obj.__doc__ or "").strip(), name

"""What a plugin declares of an encoding (docs/rl.md, "Refining an encoding"): family
refinements reach a third party's variant on the family's rules (by capability, not
by name), declared zones are in the layout whatever random play made, and a required
action kind the encoding lacks is an error naming it."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import hoyle
import hoyle.plugins
import hoyle.rl
import pytest
from hoyle import Zone, hookimpl
from hoyle.errors import InvalidArgumentError
from hoyle.rl.encoding import Refinement
from hoyle.testing import registry_with

pytest.importorskip("hoyle_poker")
pytest.importorskip("hoyle_rummy")

#: The module (``hoyle.rl.encoding`` the attribute is the function of that name).
rl_encoding = importlib.import_module("hoyle.rl.encoding")


class _ThirdParty:
    """A hold'em and a rummy game of a third party's: the built-in rules objects under
    names no built-in plugin knows; and refinements of their own for two more."""

    @hookimpl
    def hoyle_register_variants(self, register: Any) -> None:
        reg = hoyle.plugins.default_registry()
        for name, base in (("their-holdem", "texas-holdem"), ("their-rummy", "rummy")):
            register(replace(reg.variant(base), name=name, distribution=None))
        for name in ("their-declared-rummy", "their-unreached-rummy"):
            register(replace(reg.variant("rummy"), name=name, distribution=None))

    @hookimpl
    def hoyle_register_rl_encodings(self, register: Any) -> None:
        plane = Zone("tonk:shown", None, Zone.PUBLIC)
        register("their-declared-rummy", Refinement(zones=(plane,)))
        register("their-unreached-rummy", Refinement(requires=("tonk",)))


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    registry = registry_with(_ThirdParty())
    monkeypatch.setattr(hoyle.plugins, "default_registry", lambda: registry)
    rl_encoding._refinements.cache_clear()
    yield
    rl_encoding._refinements.cache_clear()


def _features(name: str) -> list[str]:
    return [f["name"] for f in hoyle.rl.encoding(name).describe()["observation"]]


@pytest.mark.usefixtures("installed")
def test_family_refinements_reach_a_third_partys_variant_on_the_familys_rules() -> None:
    assert "bet_history" in _features("their-holdem")
    assert "discard_order" in _features("their-rummy")


@pytest.mark.usefixtures("installed")
def test_a_declared_zone_is_in_the_layout_though_play_never_made_it() -> None:
    enc = hoyle.rl.encoding("their-declared-rummy")
    assert "tonk:shown" in enc.layout.groups and "tonk:shown" in enc.layout.planes


@pytest.mark.usefixtures("installed")
def test_a_required_action_kind_the_encoding_lacks_is_an_error_naming_it() -> None:
    with pytest.raises(InvalidArgumentError, match="'tonk'"):
        hoyle.rl.encoding("their-unreached-rummy")

"""Each variant's default bot (``hoyle_register_default_bots``, ``Registry.default_bot``):
registration and its checks, and what ``simulate`` and ``hoyle simulate`` seat without bots."""

from __future__ import annotations

import json

import hoyle
import pytest
from click.testing import CliRunner
from hoyle import Deck, Variant, hookimpl
from hoyle.cli import cli
from hoyle.errors import InvalidArgumentError, PluginError, UnknownVariantError
from hoyle.plugins import default_registry, get_plugin_manager
from hoyle.registry import Registry


class Solitaire(hoyle.RandomBot):
    variants = ("one",)


def _variant(name: str) -> Variant:
    return Variant(name=name, rules=object(), players=(2, 4), deck=lambda o: Deck.standard())


def _registry(*defaults: tuple[str, str]) -> Registry:
    class Plugin:
        @hookimpl
        def hoyle_register_variants(self, register):  # type: ignore[no-untyped-def]
            register(_variant("one"))
            register(_variant("two"))

        @hookimpl
        def hoyle_register_bots(self, register):  # type: ignore[no-untyped-def]
            register("solitaire", Solitaire)

        @hookimpl
        def hoyle_register_default_bots(self, register):  # type: ignore[no-untyped-def]
            for variant, bot in defaults:
                register(variant, bot)

    pm = get_plugin_manager(load_entrypoints=False)
    pm.register(Plugin(), name="p")
    return Registry(pm)


def test_a_variant_named_by_a_plugin_gets_its_bot_and_the_others_random() -> None:
    reg = _registry(("one", "solitaire"))
    assert reg.default_bot("one") == "solitaire"
    assert reg.default_bot("two") == "random"
    assert dict(reg.default_bots) == {"one": "solitaire"}
    assert reg.default_lineup("one") == ["solitaire", "solitaire"]
    assert reg.default_lineup("two", players=4) == ["random"] * 4


def test_default_bot_of_an_unknown_variant_or_a_bad_table_size_is_an_error() -> None:
    reg = _registry()
    with pytest.raises(UnknownVariantError, match="unknown variant 'three'"):
        reg.default_bot("three")
    with pytest.raises(InvalidArgumentError, match="players=5: 'one' is for 2 to 4 players"):
        reg.default_lineup("one", players=5)


@pytest.mark.parametrize(
    ("defaults", "message"),
    [
        ((("nope", "solitaire"),), "no variant of that name"),
        ((("one", "gin-bot-nobody-registered"),), "no bot of that name"),
        ((("two", "solitaire"),), "does not declare that it plays 'two'"),
        ((("one", "solitaire"), ("one", "random")), "its default is already 'solitaire'"),
    ],
)
def test_a_bad_default_is_a_plugin_error(defaults: tuple[tuple[str, str], ...], message: str) -> None:
    with pytest.raises(PluginError, match=message):
        _registry(*defaults)


RUMMY = [
    "rummy",
    "seven-card-rummy",
    "500-rum",
    "wrotham-rummy",
    "dime-rummy",
    "round-the-corner-rummy",
    "high-low-rummy",
    "one-meld-rummy",
    "wild-card-rummy",
    "pinochle-rummy",
    "michigan-rummy",
    "boat-house-rummy",
    "kaluki",
    "romme",
    "scala-40",
    "indian-rummy",
]


def test_every_rummy_variant_has_its_bot_as_default() -> None:
    pytest.importorskip("hoyle_rummy")
    reg = default_registry()
    rummy_family = {name for name, v in reg.variants.items() if v.family == "rummy"}
    expected = {name: "rummy" for name in RUMMY} | {"gin-rummy": "gin", "oklahoma-gin": "gin"}
    expected["contract-rummy"] = "contract"
    assert set(expected) == rummy_family  # a new rummy variant must be given a default here
    assert {name: reg.default_bot(name) for name in rummy_family} == expected


def test_simulate_without_bots_seats_the_default_bot() -> None:
    pytest.importorskip("hoyle_rummy")
    result = hoyle.simulate("seven-card-rummy", games=3, seed=2)
    assert result.bots == ["rummy", "rummy"]
    assert result.records == hoyle.simulate("seven-card-rummy", games=3, seed=2, bots=["rummy", "rummy"]).records


def test_the_cli_without_bots_seats_the_default_bot() -> None:
    pytest.importorskip("hoyle_rummy")
    out = CliRunner().invoke(cli, ["simulate", "boat-house-rummy", "-n", "4", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert [s["bot"] for s in data["seats"]] == ["rummy", "rummy"]
    ref = hoyle.simulate("boat-house-rummy", games=4, bots=["rummy", "rummy"])
    assert data["mean_actions"] == ref.mean_actions and data["stopped"] == 0

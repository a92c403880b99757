"""Plugin discovery: entry points, strict hook checking, the allow-list, registration."""

import pytest

import hoyle
from hoyle import Deck, Variant, hookimpl
from hoyle.errors import PluginError
from hoyle.plugins import get_plugin_manager, load_plugins
from hoyle.registry import Registry


def test_entry_point_plugins_are_found_with_their_distribution() -> None:
    pytest.importorskip("hoyle_war")
    assert hoyle.variants()["war"].distribution == "hoyle-war"


def test_a_fresh_manager_without_entry_points_is_empty() -> None:
    assert Registry(get_plugin_manager(load_entrypoints=False)).variants == {}


def test_allow_list(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOYLE_LOAD_PLUGINS", "")
    pm, _ = load_plugins()
    assert Registry(pm).variants == {}


def test_misspelled_hook_is_rejected() -> None:
    pm = get_plugin_manager(load_entrypoints=False)

    class Typo:
        @hookimpl
        def hoyle_register_variant(self, register):  # type: ignore[no-untyped-def]
            pass

    pm.register(Typo())
    with pytest.raises(Exception, match="hoyle_register_variant"):
        pm.check_pending()


def test_registering_twice_or_junk_is_a_plugin_error() -> None:
    pm = get_plugin_manager(load_entrypoints=False)
    v = Variant(name="x", rules=object(), players=(2, 2), deck=lambda o: Deck.standard())

    class A:
        @hookimpl
        def hoyle_register_variants(self, register):  # type: ignore[no-untyped-def]
            register(v)

    pm.register(A(), name="a")
    pm.register(A(), name="b")
    with pytest.raises(PluginError, match="already registered"):
        Registry(pm)

    pm2 = get_plugin_manager(load_entrypoints=False)

    class Junk:
        @hookimpl
        def hoyle_register_variants(self, register):  # type: ignore[no-untyped-def]
            register("war")

    pm2.register(Junk())
    with pytest.raises(PluginError, match="not a Variant"):
        Registry(pm2)

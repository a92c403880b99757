"""Plugin discovery: entry points, strict hook checking, the allow-list, registration."""

import hoyle
import pytest
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


def test_plugins_register_bots_by_name() -> None:
    class Mine(hoyle.RandomBot):
        pass

    class Plugin:
        @hookimpl
        def hoyle_register_bots(self, register):  # type: ignore[no-untyped-def]
            register("mine", Mine)
            register("random", Mine)  # a built-in name: the built-in bot stays

    pm = get_plugin_manager(load_entrypoints=False)
    pm.register(Plugin(), name="p")
    reg = Registry(pm)
    assert dict(reg.bots) == {"mine": Mine, "random": Mine}

    pm.register(Plugin(), name="q")
    with pytest.raises(PluginError, match="bot 'mine', already registered"):
        Registry(pm)

    class Junk:
        @hookimpl
        def hoyle_register_bots(self, register):  # type: ignore[no-untyped-def]
            register("junk", None)

    pm2 = get_plugin_manager(load_entrypoints=False)
    pm2.register(Junk())
    with pytest.raises(PluginError, match="factory"):
        Registry(pm2)


def test_default_registry_bots_join_the_bot_table(monkeypatch: pytest.MonkeyPatch) -> None:
    from hoyle import bots, plugins

    class Mine(hoyle.RandomBot):
        pass

    class Plugin:
        @hookimpl
        def hoyle_register_bots(self, register):  # type: ignore[no-untyped-def]
            register("mine-test-bot", Mine)
            register("random", Mine)

    def fake_load(load_entrypoints: bool = True):  # type: ignore[no-untyped-def]
        pm = plugins.new_plugin_manager()
        pm.register(Plugin(), name="p")
        return pm, {}

    monkeypatch.setattr(plugins, "load_plugins", fake_load)
    monkeypatch.setattr(bots, "BOTS", {"random": hoyle.RandomBot})
    plugins.default_registry.cache_clear()
    try:
        assert isinstance(bots.make_bot("mine-test-bot", seed=1), Mine)
        assert type(bots.make_bot("random", seed=1)) is hoyle.RandomBot
    finally:
        plugins.default_registry.cache_clear()

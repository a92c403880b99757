"""Plugin discovery: entry points, strict hook checking, the allow-list, registration."""

from typing import Any

import hoyle
import pytest
from hoyle import Deck, Variant, hookimpl
from hoyle.errors import InvalidArgumentError, PluginError
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
    assert dict(reg.bots) == {"random": hoyle.RandomBot, "mine": Mine}

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


def _registry_with_bot(name: str, factory: Any) -> Registry:
    class Plugin:
        @hookimpl
        def hoyle_register_bots(self, register):  # type: ignore[no-untyped-def]
            register(name, factory)

    pm = get_plugin_manager(load_entrypoints=False)
    pm.register(Plugin(), name="p")
    return Registry(pm)


def test_make_bot_uses_the_registry_it_is_given() -> None:
    from hoyle.plugins import default_registry, make_bot

    class Mine(hoyle.RandomBot):
        pass

    reg = _registry_with_bot("mine-test-bot", Mine)
    assert "mine-test-bot" not in default_registry().bots  # only the custom registry knows it
    bot = make_bot("mine-test-bot", seed=1, registry=reg)
    assert type(bot) is Mine and bot.rng.next_u64() == hoyle.Rng(1).next_u64()  # built with seed=1
    assert type(reg.make_bot("mine-test-bot", seed=1)) is Mine
    assert type(make_bot("random", seed=1, registry=reg)) is hoyle.RandomBot
    with pytest.raises(InvalidArgumentError, match="unknown bot 'mine-test-bot'"):
        make_bot("mine-test-bot", seed=1)  # the default registry does not have it
    with pytest.raises(InvalidArgumentError, match="unknown bot 'nope' \\(known: mine-test-bot, random\\)"):
        reg.make_bot("nope", seed=1)
    with pytest.raises(InvalidArgumentError, match="neither a bot name nor a factory"):
        reg.make_bot(42, seed=1)  # type: ignore[arg-type]


def test_default_registry_holds_plugin_bots_and_the_built_in() -> None:
    from hoyle.plugins import default_registry, make_bot

    bots = default_registry().bots
    assert bots["random"] is hoyle.RandomBot
    assert bots["slap"].__name__ == "SlapBot"  # hoyle-parlor's, through hoyle_register_bots
    assert type(make_bot("slap", seed=2)) is bots["slap"]


def test_bots_module_imports_no_registry() -> None:
    """One direction only: the registry imports the bots module, never the reverse."""
    import ast
    import inspect

    from hoyle import bots

    top_level = ast.parse(inspect.getsource(bots)).body  # what importing the module runs
    imported = {n.module for n in top_level if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in top_level if isinstance(n, ast.Import) for a in n.names}
    assert not imported & {"hoyle.plugins", "hoyle.registry", "hoyle"}
    assert not hasattr(bots, "BOTS")


def test_hoyle_bots_make_bot_is_a_deprecated_alias() -> None:
    """Removed without notice once; restored as an alias that warns (CONTRIBUTING's
    stability policy), naming what to use instead."""
    from hoyle import bots

    with pytest.warns(DeprecationWarning, match=r"use hoyle\.make_bot"):
        alias = bots.make_bot  # type: ignore[attr-defined]
    assert alias is hoyle.make_bot
    assert type(alias("random", seed=1)) is hoyle.RandomBot
    with pytest.raises(AttributeError, match="no attribute 'BOTS'"):
        bots.BOTS  # type: ignore[attr-defined]  # noqa: B018


def test_an_override_without_hookimpl_keeps_the_hook() -> None:
    """A subclass overriding a marked hook without repeating ``@hookimpl`` still
    answers it (pluggy alone drops it: the game then has no legal actions)."""
    war = pytest.importorskip("hoyle_war")
    from hoyle.engine.game import Ruleset

    class NoMoves(war.WarRules):
        def hoyle_legal_actions(self, state, seat):  # type: ignore[no-untyped-def]
            return ["nobody plays"]

    base = hoyle.variants()["war"]
    variant = Variant(name="war-override", rules=NoMoves(), players=(2, 2), deck=base.deck)
    ruleset = Ruleset(variant, ())
    assert [i.plugin for i in _hook_impls(variant.rules, "hoyle_legal_actions")] == [variant.rules]
    assert ruleset.hook.legal(None, 0) == ["nobody plays"]  # type: ignore[arg-type]


def test_an_override_inherits_the_wrapper_option() -> None:
    class Base:
        @hookimpl(wrapper=True)
        def hoyle_score_deal(self, state):  # type: ignore[no-untyped-def]
            return (yield)

    class Child(Base):
        def hoyle_score_deal(self, state):  # type: ignore[no-untyped-def]
            scores = yield
            return {0: 1, **(scores or {})}

    (impl,) = _hook_impls(Child(), "hoyle_score_deal")
    assert impl.wrapper


def test_an_unmarked_hook_is_a_plugin_error_naming_it() -> None:
    class Forgot:
        def hoyle_register_variants(self, register):  # type: ignore[no-untyped-def]
            pass

    with pytest.raises(PluginError, match=r"Forgot\.hoyle_register_variants.*@hoyle.hookimpl"):
        get_plugin_manager(load_entrypoints=False).register(Forgot(), name="forgot")


def test_helpers_not_named_after_hooks_stay_unregistered() -> None:
    class Rules:
        def hoyle_helper(self) -> None:  # not a hook name: left alone
            pass

        @hookimpl
        def hoyle_match_over(self, state):  # type: ignore[no-untyped-def]
            return True

    pm = get_plugin_manager(load_entrypoints=False)
    pm.register(Rules(), name="rules")
    assert [i.plugin_name for i in pm.hook.hoyle_match_over.get_hookimpls()] == ["rules"]
    assert not hasattr(pm.hook, "hoyle_helper")


def _hook_impls(plugin: object, hook: str) -> list[Any]:
    pm = get_plugin_manager(load_entrypoints=False)
    pm.register(plugin, name="plugin")
    return list(getattr(pm.hook, hook).get_hookimpls())


class _PhaseTypo:
    """A variant whose deal sets a phase its legal actions do not know: no legal action
    at the start, the classic first-plugin mistake."""

    @hookimpl
    def hoyle_deal(self, state):  # type: ignore[no-untyped-def]
        state.phase, state.to_act = "play", 0
        return True

    @hookimpl
    def hoyle_legal_actions(self, state, seat):  # type: ignore[no-untyped-def]
        return [hoyle.Action("pass")] if state.phase == "playing" else []


def test_check_variant_names_the_likely_cause_of_no_legal_action_at_the_start() -> None:
    from hoyle.testing import ConformanceError, check_variant

    class Plugin:
        @hookimpl
        def hoyle_register_variants(self, register):  # type: ignore[no-untyped-def]
            register(Variant(name="typo", rules=_PhaseTypo(), players=(2, 2), deck=lambda o: Deck.standard()))

    pm = get_plugin_manager(load_entrypoints=False)
    pm.register(Plugin(), name="typo")
    with pytest.raises(ConformanceError, match=r"in phase 'play' at the start.*does hoyle_deal set state\.phase"):
        check_variant("typo", games=1, registry=Registry(pm))

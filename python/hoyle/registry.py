"""What plugins register: variants, house rules and their options.

A :class:`Variant` is data: a name, the rules object whose hook implementations run the
game, the player range, the deck and the documented options. A :class:`HouseRule` is a
rules object that changes one part of existing variants. The :class:`Registry` collects
them from a plugin manager and remembers which distribution provided each.

    >>> from hoyle.registry import Option
    >>> Option(name="target", default=100, doc="Points that win the match").check(150)
    150
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import pluggy

from hoyle._core import Deck
from hoyle.bots import Bot, RandomBot
from hoyle.engine.cache import BoundedCache
from hoyle.errors import InvalidArgumentError, InvalidOptionError, PluginError, UnknownVariantError

#: The bots every registry holds; a plugin registering one of these names is ignored
#: (the built-in bot keeps its name).
BUILT_IN_BOTS: Mapping[str, Callable[..., Bot]] = MappingProxyType({"random": RandomBot})


@dataclass(frozen=True, kw_only=True)
class Option:
    """A documented setting of a variant or house rule.

    :param name: the key in ``options={...}``.
    :param default: the value when not given (its type is the option's type).
    :param doc: one line for ``hoyle variants`` and the docs.
    :param choices: the allowed values, if only some are.
    :param minimum: the smallest allowed value, for numbers.
    :param check_value: extra validation: returns the reason a value is bad, or None.
    :param bounded: the value a run that must end uses when the option is not given
        (``check_variant``'s games; the RL environments may use it too): e.g. a
        rummy game's ``stock_limit`` (its rules text turns the pile over without
        limit, so random play might never end). None: the default.

        >>> Option(name="stock_limit", default=0, doc="...", bounded=3).bounded
        3
    """

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: int | float | None = None
    check_value: Callable[[Any], str | None] | None = None
    bounded: Any = None

    def check(self, value: Any) -> Any:
        """Return ``value`` if it is valid for this option, else raise InvalidOptionError."""
        expected = type(self.default)
        ok_type = isinstance(value, expected) and not (expected is int and isinstance(value, bool))
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            value, ok_type = float(value), True
        if self.default is not None and not ok_type:
            raise InvalidOptionError(f"option {self.name}={value!r}: expected {expected.__name__}")
        if self.choices is not None and value not in self.choices:
            raise InvalidOptionError(f"option {self.name}={value!r}: choose one of {list(self.choices)}")
        if self.minimum is not None and value < self.minimum:
            raise InvalidOptionError(f"option {self.name}={value!r}: must be at least {self.minimum}")
        if self.check_value is not None and (reason := self.check_value(value)):
            raise InvalidOptionError(f"option {self.name}={value!r}: {reason}")
        return value


@dataclass(frozen=True, kw_only=True)
class Variant:
    """A game variant provided by a plugin.

    :param name: what ``hoyle.new_game`` takes, e.g. ``"gin-rummy"``.
    :param rules: the object whose ``@hookimpl`` methods implement the rule hooks.
    :param players: the smallest and largest number of players.
    :param deck: builds the deck from the validated options (a factory with a second
        parameter also gets the number of players: ``deck(options, players)``, e.g.
        contract rummy's second pack for six or more).
    :param options: the variant's documented options.
    :param family: ``"poker"``, ``"rummy"``, ``"parlor"``... (for listings).
    :param conserves_chips: whether chips in stacks plus the pot stay constant
        (``check_variant`` asserts it).
    """

    name: str
    rules: object
    players: tuple[int, int]
    deck: Callable[[Mapping[str, Any]], Deck]
    options: tuple[Option, ...] = ()
    description: str = ""
    family: str = ""
    conserves_chips: bool = True
    distribution: str | None = field(default=None, compare=False)

    def bounded_options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """``options`` with every option that has a ``bounded`` value and is not given
        set to it: the options of a run that must end (see :class:`Option`).

            >>> import hoyle
            >>> hoyle.variants()["seven-card-rummy"].bounded_options({"deals": 2})
            {'deals': 2, 'stock_limit': 3}
        """
        return {**{o.name: o.bounded for o in self.options if o.bounded is not None}, **(options or {})}

    def make_deck(self, options: Mapping[str, Any], players: int) -> Deck:
        """The deck for a game of ``players`` with these options (see ``deck``)."""
        factory: Callable[..., Deck] = self.deck  # one parameter or two (see ``deck``)
        if _TAKES_PLAYERS[factory]:
            return factory(options, players)
        return factory(options)


def _takes_players(factory: Callable[..., Deck]) -> bool:
    try:
        params = list(inspect.signature(factory).parameters.values())
    except (TypeError, ValueError):
        return False
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 2 or any(p.kind == p.VAR_POSITIONAL for p in params)


#: Whether each deck factory takes the number of players (``inspect.signature`` is too
#: slow to run on every deal).
_TAKES_PLAYERS: BoundedCache[Callable[..., Deck], bool] = BoundedCache(_takes_players, limit=256)


@dataclass(frozen=True, kw_only=True)
class DealingOrder:
    """Where each card of a variant's deck goes, from the top, in the first deal: what
    :func:`hoyle.testing.rigged_deck` builds decks from (``hoyle_register_dealing_orders``).

    :param order: the place of each card from the top of the deck, as far as the
        variant can say before play: the zones the deal puts cards in (``"hole:0"``,
        ``"discard"``, ``"stock"``...), then the places dealt later from ``stock`` as play
        goes on (a flop game's ``"burn"`` and ``"board"``). Cards past the end wait in
        ``stock``.
    :param stock: the zone the undealt cards are in once the deal is done.
    :param hand: a seat's hand zone (``hands={seat: ...}``): a name with ``{seat}`` in
        it, or a function of the seat.
    :param board: the zone of ``board=`` (None: the variant has no board).
    :param up_card: the zone of ``up_card=`` (None: no up-card).
    :param packs: for a game that deals each table from its own pack (four-player gin),
        the pack (card copy) each position of ``order`` is dealt from: a card asked for
        a place is that pack's copy of it, every other card of a position comes from its
        pack, and a place filled by one move of several cards (a table's stock) is read
        from its top. Empty: any card anywhere.

        >>> DealingOrder(order=("hand:1", "hand:0"), stock="stock").place_of_hand(0)
        'hand:0'
    """

    order: tuple[str, ...]
    stock: str = "deck"
    hand: str | Callable[[int], str] = "hand:{seat}"
    board: str | None = None
    up_card: str | None = None
    packs: tuple[int, ...] = ()

    def place_of_hand(self, seat: int) -> str:
        """The zone of ``seat``'s hand."""
        return self.hand.format(seat=seat) if isinstance(self.hand, str) else self.hand(seat)


@dataclass(frozen=True, kw_only=True)
class HouseRule:
    """A rule change for existing variants, applied with ``new_game(house_rules=[...])``.

    :param name: what ``house_rules=`` takes.
    :param rules: the object whose ``@hookimpl`` methods wrap or override rule hooks.
    :param variants: the variants it applies to (empty: any).
    :param options: extra options it understands (validated like the variant's).
    """

    name: str
    rules: object
    variants: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    description: str = ""
    distribution: str | None = field(default=None, compare=False)

    def applies_to(self, variant: str) -> bool:
        """Whether the rule may be chosen for ``variant`` (a rule naming no variants
        applies to any).

        >>> HouseRule(name="x", rules=object(), variants=("war",)).applies_to("gin-rummy")
        False
        """
        return not self.variants or variant in self.variants


class Registry:
    """The variants and house rules that a plugin manager's plugins register.

    >>> from hoyle.plugins import get_plugin_manager
    >>> reg = Registry(get_plugin_manager(load_entrypoints=False))
    >>> dict(reg.variants), sorted(reg.bots)
    ({}, ['random'])
    """

    def __init__(self, pm: pluggy.PluginManager, distributions: Mapping[str, str] | None = None) -> None:
        self.plugin_manager = pm
        dists = dict(distributions or {})
        variants: dict[str, Variant] = {}
        house_rules: dict[str, HouseRule] = {}
        for hook, table in (
            (pm.hook.hoyle_register_variants, variants),
            (pm.hook.hoyle_register_house_rules, house_rules),
        ):
            for impl in hook.get_hookimpls():
                dist = dists.get(impl.plugin_name, impl.plugin_name)
                impl.function(register=self._registrar(table, dist, impl.plugin_name))
        dealing: dict[str, Callable[[Any], DealingOrder]] = {}
        for impl in pm.hook.hoyle_register_dealing_orders.get_hookimpls():
            impl.function(register=self._dealing_registrar(dealing, impl.plugin_name))
        #: Each variant's dealing order by variant name, from ``hoyle_register_dealing_orders``:
        #: a function of the state after the first deal (see :class:`DealingOrder`).
        self.dealing_orders: Mapping[str, Callable[[Any], DealingOrder]] = MappingProxyType(dealing)
        bots: dict[str, Callable[..., Bot]] = dict(BUILT_IN_BOTS)
        for impl in pm.hook.hoyle_register_bots.get_hookimpls():
            impl.function(register=self._bot_registrar(bots, impl.plugin_name))
        defaults: dict[str, str] = {}
        for impl in pm.hook.hoyle_register_default_bots.get_hookimpls():
            impl.function(register=self._default_bot_registrar(defaults, variants, bots, impl.plugin_name))
        self.variants: Mapping[str, Variant] = MappingProxyType(variants)
        self.house_rules: Mapping[str, HouseRule] = MappingProxyType(house_rules)
        #: The engine's per-ruleset plugin managers, keyed by variant and house rule names.
        self.rulesets: dict[tuple[str, tuple[str, ...]], Any] = {}
        #: The declared options and their defaults, by variant and house rule names.
        self._options: dict[tuple[str, tuple[str, ...]], tuple[dict[str, Option], dict[str, Any]]] = {}
        #: Bot factories by name: the built-ins (:data:`BUILT_IN_BOTS`) and those of
        #: ``hoyle_register_bots``. The one list of bots: ``make_bot`` reads it.
        self.bots: Mapping[str, Callable[..., Bot]] = MappingProxyType(bots)
        #: The bot each variant names as its default (``hoyle_register_default_bots``),
        #: by variant name; a variant not in it defaults to ``random``
        #: (:meth:`default_bot`).
        self.default_bots: Mapping[str, str] = MappingProxyType(defaults)

    @staticmethod
    def _registrar(table: dict[str, Any], dist: str, plugin: str) -> Callable[[Any], None]:
        def register(item: Any) -> None:
            if not isinstance(item, (Variant, HouseRule)):
                raise PluginError(f"plugin {plugin!r} registered {item!r}, not a Variant or HouseRule")
            if item.name in table:
                raise PluginError(
                    f"plugin {plugin!r} registers {item.name!r}, already registered by {table[item.name].distribution}"
                )
            table[item.name] = _with_distribution(item, dist)

        return register

    @staticmethod
    def _bot_registrar(table: dict[str, Callable[..., Bot]], plugin: str) -> Callable[[str, Callable[..., Bot]], None]:
        def register(name: str, factory: Callable[..., Bot]) -> None:
            if not isinstance(name, str) or not name or not callable(factory):
                raise PluginError(f"plugin {plugin!r} registered bot {name!r}: give a name and a factory taking seed=")
            if name in BUILT_IN_BOTS:
                return  # a built-in name keeps the built-in bot
            if name in table:
                raise PluginError(f"plugin {plugin!r} registers bot {name!r}, already registered")
            table[name] = factory

        return register

    @staticmethod
    def _default_bot_registrar(
        table: dict[str, str], variants: Mapping[str, Variant], bots: Mapping[str, Callable[..., Bot]], plugin: str
    ) -> Callable[[str, str], None]:
        def register(variant: str, bot: str) -> None:
            where = f"plugin {plugin!r} names bot {bot!r} the default of {variant!r}"
            if variant not in variants:
                raise PluginError(f"{where}: no variant of that name is registered")
            if bot not in bots:
                raise PluginError(f"{where}: no bot of that name is registered (known: {', '.join(sorted(bots))})")
            if not bot_suits(bots[bot], variants[variant]):
                raise PluginError(
                    f"{where}: the bot does not declare that it plays {variant!r} (variants=/families=/plays)"
                )
            if variant in table:
                raise PluginError(f"{where}: its default is already {table[variant]!r}")
            table[variant] = bot

        return register

    @staticmethod
    def _dealing_registrar(
        table: dict[str, Callable[[Any], DealingOrder]], plugin: str
    ) -> Callable[[str, Callable[[Any], DealingOrder]], None]:
        def register(variant: str, order: Callable[[Any], DealingOrder]) -> None:
            if not isinstance(variant, str) or not callable(order):
                raise PluginError(f"plugin {plugin!r} registered dealing order {variant!r}: give a name and a function")
            if variant in table:
                raise PluginError(f"plugin {plugin!r} registers a dealing order for {variant!r}, already registered")
            table[variant] = order

        return register

    def make_bot(self, spec: str | Callable[..., Bot], seed: int, level: str | None = None) -> Bot:
        """Build a bot from a name in :attr:`bots` or from a factory called with ``seed=``.

        ``level`` (or a name written ``NAME:LEVEL``, as ``--bots gin:hard``) picks one of
        the strengths the bot declares in its ``levels`` attribute (:data:`LEVELS`:
        ``easy``, ``medium``, ``hard``); the factory is then called with ``level=``.
        Without a level the bot plays its default (``medium`` for the default bots). A
        level the bot does not declare raises ``InvalidArgumentError`` naming it.

        >>> from hoyle.plugins import get_plugin_manager
        >>> type(Registry(get_plugin_manager(load_entrypoints=False)).make_bot("random", seed=3)).__name__
        'RandomBot'
        >>> Registry(get_plugin_manager(load_entrypoints=False)).make_bot("random:hard", seed=3)
        Traceback (most recent call last):
        ...
        hoyle.errors.InvalidArgumentError: bot 'random' has no level 'hard' (it has no levels)
        """
        name: str | None = None
        if isinstance(spec, str):
            name, level = split_bot_spec(spec, level)
            factory = self.bots.get(name)
            if factory is None:
                raise InvalidArgumentError(f"unknown bot {name!r} (known: {', '.join(sorted(self.bots))})")
            spec = factory
        if not callable(spec):
            raise InvalidArgumentError(f"bot {spec!r} is neither a bot name nor a factory taking seed=")
        if level is None:
            return spec(seed=seed)
        levels = tuple(getattr(spec, "levels", ()))
        if level not in levels:
            which = f"levels: {', '.join(levels)}" if levels else "it has no levels"
            raise InvalidArgumentError(f"bot {name or spec!r} has no level {level!r} ({which})")
        return spec(seed=seed, level=level)

    def bot_factory(self, spec: str) -> Callable[..., Bot] | None:
        """The factory a bot name (``NAME`` or ``NAME:LEVEL``) names, or None.

        >>> from hoyle.plugins import get_plugin_manager
        >>> Registry(get_plugin_manager(load_entrypoints=False)).bot_factory("random:easy").__name__
        'RandomBot'
        """
        return self.bots.get(split_bot_spec(spec)[0])

    def bots_for(self, variant: Variant) -> list[str]:
        """The names in :attr:`bots` of the bots that play ``variant`` (:func:`bot_suits`),
        in name order.

        >>> from hoyle.plugins import default_registry
        >>> registry = default_registry()
        >>> "random" in registry.bots_for(registry.variant("war"))
        True
        """
        return sorted(n for n, f in self.bots.items() if bot_suits(f, variant))

    def default_bot(self, variant: str) -> str:
        """The name (in :attr:`bots`) of the bot that plays ``variant`` when none is
        chosen: the one its plugin names with ``hoyle_register_default_bots``, else
        ``"random"``. ``hoyle simulate VARIANT`` without ``--bots`` seats it in every
        seat (:meth:`default_lineup`). An unknown variant raises ``UnknownVariantError``.

        >>> from hoyle.plugins import default_registry
        >>> default_registry().default_bot("war")
        'random'
        """
        self.variant(variant)
        return self.default_bots.get(variant, "random")

    def default_lineup(self, variant: str, players: int | None = None) -> list[str]:
        """The default bots of a game of ``variant``: :meth:`default_bot` in each of
        ``players`` seats (default: the fewest the variant allows). A number of players
        outside the variant's range raises ``InvalidArgumentError``.

        >>> from hoyle.plugins import default_registry
        >>> default_registry().default_lineup("war")
        ['random', 'random']
        """
        low, high = self.variant(variant).players
        seats = low if players is None else players
        if not low <= seats <= high:
            raise InvalidArgumentError(f"players={players}: {variant!r} is for {low} to {high} players")
        return [self.default_bot(variant)] * seats

    def variant(self, name: str) -> Variant:
        try:
            return self.variants[name]
        except KeyError:
            known = ", ".join(sorted(self.variants)) or "none installed"
            raise UnknownVariantError(f"unknown variant {name!r} (installed: {known})") from None

    def house_rule(self, name: str, variant: str) -> HouseRule:
        if name not in self.house_rules:
            known = ", ".join(sorted(self.house_rules)) or "none installed"
            raise InvalidOptionError(f"unknown house rule {name!r} (installed: {known})")
        rule = self.house_rules[name]
        if not rule.applies_to(variant):
            raise InvalidOptionError(
                f"house rule {name!r} does not apply to {variant!r} (only {', '.join(rule.variants)})"
            )
        return rule

    def house_rules_for(self, variant: str) -> list[HouseRule]:
        """The house rules that may be chosen for ``variant``, by name.

        >>> from hoyle.plugins import default_registry
        >>> [r.name for r in default_registry().house_rules_for("war")]
        ['war-cards-held']
        """
        return [r for _, r in sorted(self.house_rules.items()) if r.applies_to(variant)]

    def validate_options(
        self, variant: Variant, rules: Iterable[HouseRule], options: Mapping[str, Any] | None
    ) -> dict[str, Any]:
        """Fill defaults and check every option; unknown names are an error."""
        rules = tuple(rules)
        key = (variant.name, tuple(r.name for r in rules))
        known = self._options.get(key)
        if known is None:
            declared = {o.name: o for o in variant.options}
            for rule in rules:
                declared.update({o.name: o for o in rule.options})
            known = self._options[key] = (declared, {name: opt.default for name, opt in declared.items()})
        declared, defaults = known
        if options is not None and not isinstance(options, Mapping):
            raise InvalidOptionError(f"options {options!r}: give a mapping of option names to values")
        out = dict(defaults)  # in declaration order, the given values checked
        for name, value in (options or {}).items():
            opt = declared.get(name)
            if opt is None:
                unknown = sorted(set(options or {}) - set(declared))
                raise InvalidOptionError(
                    f"unknown option {unknown[0]!r} for {variant.name!r} (options: {', '.join(sorted(declared)) or 'none'})"
                )
            out[name] = opt.check(value)
        return out


def _with_distribution(item: Any, dist: str) -> Any:
    from dataclasses import replace

    return replace(item, distribution=dist)


#: The strengths a bot may declare in its ``levels`` attribute, weakest first
#: (docs/bots.md): ``easy`` makes documented human-like mistakes, ``medium`` is the
#: heuristic, ``hard`` searches.
LEVELS = ("easy", "medium", "hard")


def split_bot_spec(spec: str, level: str | None = None) -> tuple[str, str | None]:
    """A bot name and its level from ``NAME`` or ``NAME:LEVEL``; ``level``, if given,
    must agree with the one written. An unknown level raises ``InvalidArgumentError``.

    >>> split_bot_spec("gin:hard"), split_bot_spec("gin")
    (('gin', 'hard'), ('gin', None))
    """
    name, sep, written = spec.partition(":")
    if sep:
        if level is not None and level != written:
            raise InvalidArgumentError(f"bot {spec!r} names level {written!r} but level={level!r} was given")
        level = written
    if level is not None and level not in LEVELS:
        raise InvalidArgumentError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    return name, level


def bot_suits(factory: Callable[..., Bot], variant: Variant) -> bool:
    """Whether a bot factory declares itself fit for ``variant``: a bot class may name
    the ``families`` (``"poker"``...) or the ``variants`` it plays, or say by capability
    with ``plays(variant) -> bool`` (a static method: the rummy bot plays any variant
    whose rules object is the straight-rummy turn, a third party's too); one that
    declares none of them plays anything (as :class:`RandomBot`).

        >>> from hoyle import variants
        >>> from hoyle.bots import RandomBot
        >>> bot_suits(RandomBot, variants()["war"])
        True
    """
    families = getattr(factory, "families", None)
    names = getattr(factory, "variants", None)
    plays = getattr(factory, "plays", None)
    if families is None and names is None and plays is None:
        return True
    if plays is not None and plays(variant):
        return True
    return (families is not None and variant.family in families) or (names is not None and variant.name in names)

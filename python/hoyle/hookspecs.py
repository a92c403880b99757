"""The hook specifications: the whole contract between hoyle and its plugins.

There are two groups of hooks.

**Registration hooks** are called once, on the plugin manager that discovers plugins
(built-ins and everything installed under the ``hoyle`` entry-point group). A plugin
declares what it provides by calling ``register``::

    from hoyle import hookimpl, Variant

    @hookimpl
    def hoyle_register_variants(register):
        register(Variant(name="war", rules=WarRules(), players=(2, 2), deck=...))

**Rule hooks** are called during play. Each game gets a plugin manager holding only its
variant's rules object and the house rules chosen for it (in that order), so a house rule
changes one part of a variant by implementing one hook: as a ``wrapper=True`` hookimpl
that wraps the variant's answer, or a ``tryfirst=True`` impl that answers first. Every
rule hook stops at the first non-None result (pluggy ``firstresult``).

Hook signatures (the documentation test checks that each appears in ``docs/plugins.md``)::

    hoyle_register_variants(register)
    hoyle_register_house_rules(register)
    hoyle_register_bots(register)
    hoyle_register_hand_history_games(register)
    hoyle_register_phh_replayers(register)
    hoyle_register_phh_writers(register)
    hoyle_register_rl_encodings(register)
    hoyle_register_dealing_orders(register)
    hoyle_deal(state)
    hoyle_legal_actions(state, seat)
    hoyle_check_action(state, seat, action)
    hoyle_apply_action(state, seat, action)
    hoyle_score_deal(state)
    hoyle_match_over(state)
    hoyle_settle(state)
    hoyle_register_default_bots(register)
    hoyle_forced_bets(state, bets)
    hoyle_register_native_simulations(register)
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pluggy

from hoyle.errors import PluginError

if TYPE_CHECKING:
    from hoyle.engine.actions import Action
    from hoyle.engine.state import State
    from hoyle.registry import DealingOrder, HouseRule, Variant

NAME = "hoyle"


hookspec = pluggy.HookspecMarker(NAME)
#: Decorator for a plugin's hook implementations, bare (``@hookimpl``) or with pluggy's
#: options (``@hookimpl(wrapper=True)``); typed (pluggy's overloads), so decorated
#: functions keep their signatures under mypy.
hookimpl = pluggy.HookimplMarker(NAME)


# --- registration hooks ------------------------------------------------------------------


@hookspec
def hoyle_register_variants(register: Callable[[Variant], None]) -> None:
    """Register the game variants this plugin provides.

    :param register: call it once per :class:`hoyle.Variant`.

    Example::

        @hookimpl
        def hoyle_register_variants(register):
            register(Variant(name="war", rules=WarRules(), players=(2, 2),
                             deck=lambda options: Deck.standard()))
    """


@hookspec
def hoyle_register_house_rules(register: Callable[[HouseRule], None]) -> None:
    """Register house rules: plugins that change one part of existing variants.

    :param register: call it once per :class:`hoyle.HouseRule`.

    Example::

        class GoingRummyDoubles:
            @hookimpl(wrapper=True)
            def hoyle_score_deal(self, state):
                scores = yield
                return {seat: 2 * s for seat, s in scores.items()}

        @hookimpl
        def hoyle_register_house_rules(register):
            register(HouseRule(name="going-rummy-doubles", rules=GoingRummyDoubles(),
                               variants=("rummy",)))
    """


@hookspec
def hoyle_register_bots(register: Callable[[str, Callable[..., Any]], None]) -> None:
    """Register bots by name, for ``simulate(bots=[...])`` and ``hoyle play --bots``.

    :param register: call ``register(name, factory)`` per bot; the factory takes
        ``seed=`` and returns an object with ``choose(view, legal_actions)``. A factory
        may declare ``variants = (...)`` or ``families = (...)`` to say which games it
        plays. A built-in name (``random``) keeps the built-in bot.

    Example::

        @hookimpl
        def hoyle_register_bots(register):
            register("gin", GinBot)
    """


@hookspec
def hoyle_register_hand_history_games(register: Callable[[Any], None]) -> None:
    """Register the games of hand histories (PokerStars text, OHH) this plugin replays.

    :param register: call it once per :class:`hoyle.handhistory.games.HistoryGame`: the
        game's name as hand histories write it, the function that replays a
        :class:`~hoyle.handhistory.record.HandRecord` into a finished game, and (to write
        hand histories) the function that turns a finished game back into a record.

    Example::

        @hookimpl
        def hoyle_register_hand_history_games(register):
            register(HistoryGame(name="Hold'em", replay=replay_holdem,
                                 record=record_holdem, variants=("texas-holdem",)))
    """


@hookspec
def hoyle_register_phh_replayers(register: Callable[[str, Callable[..., Any]], None]) -> None:
    """Register PHH hand-history replayers by PHH variant code, for :func:`hoyle.phh.replay`
    and ``hoyle replay FILE.phh`` (discovered in every process, like the variants).

    :param register: call ``register(code, replayer)`` per code (``"NT"``, ``"FB"``...);
        ``replayer(hh, *, conventions="cardroom")`` takes the parsed hand history (a dict,
        amounts already whole chips) and returns the game after its last action. The
        helpers :func:`hoyle.phh.parse_cards`, :func:`hoyle.phh.player_index` and
        :func:`hoyle.phh.hand_actions` read the format.

    Example::

        @hookimpl
        def hoyle_register_phh_replayers(register):
            register("FB", replay_badugi)
    """


@hookspec
def hoyle_register_phh_writers(register: Callable[[str, Callable[..., str]], None]) -> None:
    """Register PHH writers by variant name, for :func:`hoyle.phh.dump`.

    :param register: call ``register(variant_name, writer)``; ``writer(game)`` returns
        the hand as PHH text.

    Example::

        @hookimpl
        def hoyle_register_phh_writers(register):
            register("badugi", dump_draw_hand)
    """


# --- rule hooks ----------------------------------------------------------------------------


@hookspec
def hoyle_register_rl_encodings(register: Callable[[Any, Any], None]) -> None:
    """Refine the reinforcement-learning encodings of this plugin's variants (``hoyle.rl``).

    :param register: call ``register(variant, refinement)`` with a
        :class:`hoyle.rl.encoding.Refinement`, or a factory ``(players, options) ->
        Refinement | None``: extra action templates, observation features, the reaction
        treatment, zones and action kinds the encoding must have (see docs/rl.md).
        ``variant`` is a variant's name or a test ``variant -> bool``: the refinement
        then serves every variant it accepts (by capability, a third party's too).

    Example::

        @hookimpl
        def hoyle_register_rl_encodings(register):
            from hoyle.rl.encoding import Refinement, Template
            register("gin-rummy", Refinement(templates=(Template("knock", None, "card"),)))
    """


@hookspec
def hoyle_register_dealing_orders(register: Callable[[str, Callable[[State], DealingOrder]], None]) -> None:
    """State how each variant deals, for :func:`hoyle.testing.rigged_deck`.

    :param register: call ``register(variant_name, order)`` per variant; ``order(state)``
        gets the state of a game just dealt (same players, seed and options: it may read
        the dealer) and returns a :class:`hoyle.registry.DealingOrder`: the place of each
        card from the top of the deck. :func:`hoyle.testing.dealt_places` lists the
        places the deal itself filled; add the places dealt later in play.

    Example::

        @hookimpl
        def hoyle_register_dealing_orders(register):
            register("war", lambda state: DealingOrder(order=tuple(dealt_places(state)),
                                                       hand="pile:{seat}"))
    """


@hookspec(firstresult=True)
def hoyle_deal(state: State) -> bool | None:
    """Set up a new deal: move cards from ``state.zone("deck")`` to the players' zones
    and set ``state.phase`` and ``state.to_act``. The engine has already shuffled (or
    taken the given deck) and emptied every other zone back into the deck. Return True.
    A deal that needs no decision (everything automatic) may end right here with
    ``state.end_deal(reason)``: the engine scores it and goes on.

    Stops at first non-None result.

    :param state: the game state (``state.deal_number`` counts deals from 0).

    Example::

        @hookimpl
        def hoyle_deal(self, state):
            for seat in state.seats:
                state.move_top("deck", f"hand:{seat}", 26)
            state.phase, state.to_act = "play", 0
            return True
    """


@hookspec(firstresult=True)
def hoyle_legal_actions(state: State, seat: int) -> list[Action] | None:
    """The actions ``seat`` may take now, as a list (empty if none). The engine asks
    for any seat, not only ``state.to_act``: an action listed for a seat that is not to
    act (a slap) is accepted out of turn. Actions with an
    amount in a range (bets) list the smallest and largest; any amount between is
    accepted through :func:`hoyle_check_action`.

    Stops at first non-None result.

    :param state: the game state.
    :param seat: the seat asking (not necessarily ``state.to_act``: some games let any
        seat act, e.g. slaps).

    Example::

        @hookimpl
        def hoyle_legal_actions(self, state, seat):
            return [Action("play")] if seat == state.to_act else []
    """


@hookspec(firstresult=True)
def hoyle_check_action(state: State, seat: int, action: Action) -> str | None:
    """Judge an action that is not literally among the legal actions (e.g. a raise to an
    amount inside the legal range). Return ``"ok"`` to accept it, or the reason it is
    illegal; None means "not mine" (the engine then rejects it as not legal).

    Stops at first non-None result.

    :param state: the game state. :param seat: the acting seat. :param action: the action.

    Example::

        @hookimpl
        def hoyle_check_action(self, state, seat, action):
            if action.kind == "raise" and not 4 <= action.amount <= state.stacks[seat]:
                return f"a raise is to 4..{state.stacks[seat]}"
            return "ok" if action.kind == "raise" else None
    """


@hookspec(firstresult=True)
def hoyle_apply_action(state: State, seat: int, action: Action) -> bool | None:
    """Carry out a legal action: move cards, chips and turn. When the deal ends, call
    ``state.end_deal(reason)``. Return True when handled (a house rule overriding one
    kind of action returns None for the others).

    Stops at first non-None result.

    :param state: the game state. :param seat: the acting seat. :param action: the action,
        already checked to be legal.

    Example::

        @hookimpl
        def hoyle_apply_action(self, state, seat, action):
            state.move_top(f"hand:{seat}", "pile")
            state.to_act = 1 - seat
            return True
    """


@hookspec(firstresult=True)
def hoyle_score_deal(state: State) -> dict[int, int] | None:
    """Points each seat scores for the deal just ended (seats left out score 0). The
    engine adds them to ``state.scores``. House rules that change scoring wrap this.

    Stops at first non-None result.

    :param state: the state at the end of the deal (``state.deal_end`` holds the reason).

    Example::

        @hookimpl
        def hoyle_score_deal(self, state):
            winner = state.public["winner"]
            return {winner: sum(c.rank_value for s in state.seats if s != winner
                                for c in state.zone(f"hand:{s}").cards)}
    """


@hookspec(firstresult=True)
def hoyle_match_over(state: State) -> bool | None:
    """Whether the match ends after the deal just scored (e.g. a player reached 100).
    Return False to deal again.

    Stops at first non-None result.

    :param state: the state after scoring.

    Example::

        @hookimpl
        def hoyle_match_over(self, state):
            return max(state.scores) >= state.options["target"]
    """


@hookspec(firstresult=True)
def hoyle_settle(state: State) -> dict[int, int] | None:
    """The final settlement of a finished match: what each seat wins (positive) or pays
    (negative), e.g. gin's game bonus and boxes, or chips won at poker.

    Stops at first non-None result.

    :param state: the state at the end of the match.

    Example::

        @hookimpl
        def hoyle_settle(self, state):
            a, b = state.scores
            return {0: a - b, 1: b - a}
    """


# --- registration hooks added later ----------------------------------------------------------


@hookspec
def hoyle_register_default_bots(register: Callable[[str, str], None]) -> None:
    """Name the bot that plays each of this plugin's variants by default: what
    ``hoyle simulate VARIANT`` seats in every seat without ``--bots``
    (:meth:`hoyle.registry.Registry.default_bot`; a variant not named plays ``random``).

    :param register: call ``register(variant_name, bot_name)`` per variant; the bot is a
        name in :attr:`hoyle.registry.Registry.bots` (any plugin's) whose ``variants``
        or ``families`` include the variant. A variant may be named only once.

    Example::

        @hookimpl
        def hoyle_register_default_bots(register):
            register("gin-rummy", "gin")
    """


@hookspec
def hoyle_register_rl_kernels(register: Callable[[str, Callable[[Any], Any]], None]) -> None:
    """Play some of this plugin's reinforcement-learning tables in compiled code
    (``hoyle.rl.kernel``, docs/rl.md): the Python rules stay the reference and the only
    dealer; a kernel table plays the deal from there and writes the observation and mask
    straight from its own state, exactly as the generic encoder would.

    :param register: call ``register(variant_name, factory)``; ``factory(encoding)``
        returns a *maker* - ``maker(game)`` (the Python game just after its deal) gives a
        :class:`hoyle.rl.kernel.KernelTable` - or None when the encoding's players,
        options or layout are not ones the kernel plays (the Python table is used).

    Example::

        @hookimpl
        def hoyle_register_rl_kernels(register):
            register("gin-rummy", gin_kernel_factory)
    """


@hookspec
def hoyle_register_native_simulations(register: Callable[[str, Callable[..., Any]], None]) -> None:
    """Play whole simulated games of some of this plugin's one-deal variants in compiled
    code when every seat's bot has a native form (``hoyle.simulate``, docs/simulate.md):
    no crossing into Python per action. The games must be exactly those the Python
    engine and bots play for the same seeds (game ``i`` from ``game_seed(seed, i)``, seat
    ``k``'s bot from stream ``1 + k`` of it).

    :param register: call ``register(variant_name, factory)``; ``factory(options, bots)``
        (the game's validated options with their defaults, the bots' names, one per seat)
        returns a *runner* - ``runner(seed, first, games)`` gives ``(won, actions)``, the
        chips won per game and seat (an int array ``[games, seats]``, the game's score
        and settlement) and the player actions per game - or None when it does not play
        these settings (the Python engine plays).

    Example::

        @hookimpl
        def hoyle_register_native_simulations(register):
            register("texas-holdem", native_holdem)
    """


# --- family hooks: asked by a variant family's rules, not by the engine ----------------------


@hookspec(firstresult=True)
def hoyle_forced_bets(state: State, bets: Any) -> Any:
    """The forced bets of the hand about to be dealt, asked by the betting games of the
    poker plugin (``hoyle_poker.ForcedBets``: blinds and antes by position, the limit
    bet sizes, the least bet, whether the first street is bet) once per hand, after the
    button moved and before anything is posted. A house rule answers it to change one
    hand's forced bets: a bomb pot, a button straddle, dealer's-choice antes.

    Stops at first non-None result (None: the bets the options give, ``bets``).

    :param state: the state of the hand being dealt (``state.deal_number``, the
        button in ``state.public["button"]``, the seats dealt in ``public["dealt"]``).
    :param bets: what the variant's options give for this hand.

    Example::

        class BombPot:  # every fifth hand: everybody antes 5, the flop comes at once
            @hookimpl
            def hoyle_forced_bets(self, state, bets):
                if state.deal_number % 5 == 4:
                    return bets._replace(blinds=(), antes=(5,) * len(state.public["dealt"]), first_round=False)
                return None
    """


# --- the plugin manager ------------------------------------------------------------------


class PluginManager(pluggy.PluginManager):
    """pluggy's manager for hoyle's hooks, with no silent failures in plugin code.

    * A method that overrides a marked hook implementation of a base class without
      repeating ``@hookimpl`` keeps the base's options (pluggy alone would drop the
      hook, leaving a game with no legal actions).
    * A function or method named after a hoyle hook that carries no ``@hookimpl``
      anywhere in its class's bases is refused with a :class:`hoyle.errors.PluginError`
      naming it.

        >>> class Rules:
        ...     @hookimpl
        ...     def hoyle_deal(self, state):
        ...         return True
        >>> class House(Rules):
        ...     def hoyle_deal(self, state):       # no @hookimpl: still a hook
        ...         return None
        >>> pm = PluginManager()
        >>> _ = pm.register(House(), name="house")
        >>> [impl.plugin_name for impl in pm.hook.hoyle_deal.get_hookimpls()] == ["house"]
        True
    """

    def __init__(self) -> None:
        super().__init__(NAME)
        self.add_hookspecs(_SPECS)

    def parse_hookimpl_opts(self, plugin: object, name: str) -> Any:
        opts = super().parse_hookimpl_opts(plugin, name)
        if opts is not None or name not in HOOK_NAMES:
            return opts
        if not inspect.isroutine(getattr(plugin, name, None)):
            return None
        inherited = _inherited_opts(plugin, name)
        if inherited is None:
            where = getattr(plugin, "__name__", type(plugin).__qualname__)
            raise PluginError(
                f"{where}.{name} is named after a hoyle hook but is not marked: decorate it with "
                "@hoyle.hookimpl (a method overriding a marked one inherits its mark)"
            )
        return dict(inherited)


def _inherited_opts(plugin: object, name: str) -> Any:
    """The hookimpl options of the nearest base-class definition of ``name``, if any."""
    if inspect.ismodule(plugin):
        return None
    for base in type(plugin).__mro__[1:]:
        function = base.__dict__.get(name)
        opts = getattr(function, f"{NAME}_impl", None)
        if isinstance(opts, dict):
            return opts
    return None


__all__ = [
    "HOOK_NAMES",
    "NAME",
    "PluginManager",
    "hookimpl",
    "hookspec",
    "hoyle_apply_action",
    "hoyle_check_action",
    "hoyle_deal",
    "hoyle_forced_bets",
    "hoyle_legal_actions",
    "hoyle_match_over",
    "hoyle_register_bots",
    "hoyle_register_dealing_orders",
    "hoyle_register_default_bots",
    "hoyle_register_hand_history_games",
    "hoyle_register_house_rules",
    "hoyle_register_phh_replayers",
    "hoyle_register_phh_writers",
    "hoyle_register_rl_encodings",
    "hoyle_register_rl_kernels",
    "hoyle_register_variants",
    "hoyle_score_deal",
    "hoyle_settle",
]

_SPECS = sys.modules[__name__]
#: The names of every hook hoyle defines.
HOOK_NAMES: frozenset[str] = frozenset(n for n in __all__ if n.startswith("hoyle_"))

"""``hoyle.rl.encoding(variant, ...)``: a variant's fixed action catalogue and observation
layout, derived from what the engine knows, refined by the variant's plugin.

The encoding is *derived*: hoyle plays a few seeded random games of the variant with the
given players, options and house rules (``probe_games`` games, at most ``probe_steps``
actions in all; the same every time, so the spaces are a function of the arguments) and
reads what they show - the action templates of every legal action listed, the zones
with their owners and visibility, the phases, the numeric public facts and whether
seats act out of turn. A plugin refines it through ``hoyle_register_rl_encodings``
(:class:`Refinement`): templates random play rarely reaches (gin's knock), extra
observation features (the bet history by street at poker, the discard pile's order in
500 Rum) and the reaction treatment.

    >>> import hoyle.rl
    >>> enc = hoyle.rl.encoding("gin-rummy", options={"deals": 1})
    >>> enc.catalogue.names[enc.catalogue.base[("discard", None, "card")]]
    'discard 2c'
    >>> enc.observation_size == enc.layout.size
    True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from hoyle.engine.game import Game, new_game
from hoyle.errors import InvalidArgumentError
from hoyle.rl.catalogue import BetAbstraction, Catalogue, Template, template_of
from hoyle.rl.observation import Feature, Layout, classify_zone, group_labels, public_leaves


@dataclass(frozen=True)
class Refinement:
    """What a plugin adds to a variant's derived encoding.

    :param templates: action templates to include even if random play never lists them.
    :param features: extra observation blocks (objects with ``name``, ``size``, ``doc``
        and ``write(state, seat, out)``; they must read only what ``seat`` may know).
    :param reactions: force the reaction phase on (True) or off (False); None: derived.
    :param zones: zones the layout must have even if random play never makes them
        (``Zone(name, owner, visibility)``, e.g. a seat's melds ``Zone("meld:0", 0,
        Zone.PUBLIC)``); a zone not hidden gets a card plane.
    :param requires: action kinds the catalogue must have: an encoding with no template
        of one of them (random play never listed it and no ``templates`` give it) is an
        :class:`~hoyle.errors.InvalidArgumentError` naming it, never a silently smaller
        action space.
    """

    templates: tuple[Template, ...] = ()
    features: tuple[Feature, ...] = ()
    reactions: bool | None = None
    zones: tuple[Any, ...] = ()
    requires: tuple[str, ...] = ()


RefinementFactory = Callable[[int, Mapping[str, Any]], Refinement | None]
#: A refinement registered for every variant a predicate accepts (by capability).
VariantTest = Callable[[Any], bool]


@lru_cache(maxsize=1)
def _refinements() -> tuple[dict[str, list[RefinementFactory]], list[tuple[VariantTest, RefinementFactory]]]:
    """The refinements every installed plugin registers: by variant name, and for every
    variant a predicate accepts."""
    from hoyle.plugins import default_registry

    table: dict[str, list[RefinementFactory]] = {}
    tests: list[tuple[VariantTest, RefinementFactory]] = []

    def register(variant: str | VariantTest, refinement: Refinement | RefinementFactory) -> None:
        if isinstance(refinement, Refinement):
            fixed = refinement
            factory: RefinementFactory = lambda players, options: fixed  # noqa: E731
        elif callable(refinement):
            factory = refinement
        else:
            raise InvalidArgumentError(f"rl refinement for {variant!r}: {refinement!r} is not a Refinement or factory")
        if isinstance(variant, str):
            table.setdefault(variant, []).append(factory)
        elif callable(variant):
            tests.append((variant, factory))
        else:
            raise InvalidArgumentError(f"rl refinement: {variant!r} is neither a variant name nor a test of variants")

    default_registry().plugin_manager.hook.hoyle_register_rl_encodings(register=register)
    return table, tests


def refinements_for(variant: str) -> list[RefinementFactory]:
    """The refinement factories of ``variant``: those registered under its name, then
    those whose test accepts it (``register(lambda v: isinstance(v.rules, MyRules),
    refinement)``: every variant built on a family's rules, a third party's too).

        >>> len(refinements_for("texas-holdem")) >= 1, refinements_for("war")
        (True, [])
    """
    from hoyle.plugins import default_registry

    named, tests = _refinements()
    found = default_registry().variant(variant)
    return [*named.get(variant, []), *(f for test, f in tests if test(found))]


def _check_required(variant: str, templates: Mapping[Template, None], refinements: Sequence[Refinement]) -> None:
    kinds = {t.kind for t in templates}
    for r in refinements:
        missing = [k for k in r.requires if k not in kinds]
        if missing:
            raise InvalidArgumentError(
                f"the rl encoding of {variant!r} has no action template of kind {', '.join(map(repr, missing))}, "
                "which its refinement requires: random play never listed one; give it in the refinement's templates"
            )


@dataclass
class Probe:
    """What seeded random play of a variant showed."""

    templates: dict[Template, None] = field(default_factory=dict)
    zones: dict[str, Any] = field(default_factory=dict)
    visible: set[str] = field(default_factory=set)  # zones some seat saw the cards of
    tops: dict[str, None] = field(default_factory=dict)
    seat_numbered: set[str] = field(default_factory=set)
    phases: dict[str, None] = field(default_factory=dict)
    public: dict[str, int] = field(default_factory=dict)
    out_of_turn: bool = False
    reaction_templates: dict[Template, None] = field(default_factory=dict)  # of out-of-turn actions
    jokers: bool = False
    zero_sum: bool = True  # every finished probe game's settlement summed to zero


def probe(
    variant: str,
    players: int,
    options: Mapping[str, Any] | None,
    house_rules: Sequence[str],
    games: int = 12,
    steps: int = 3000,
) -> Probe:
    """Play ``games`` seeded random games (``steps`` actions at most in all)."""
    from hoyle._core import Rng

    found = Probe()
    budget = steps
    for g in range(games):
        game = new_game(variant, players=players, seed=g, options=options, house_rules=house_rules)
        rng = Rng(1_000 + g)
        _look(game, found, first=True)
        per_game = max(1, budget // (games - g))
        taken = 0
        while not game.is_over and taken < per_game:
            seat = game.to_act
            legal = game.legal_actions() if seat is not None else []
            for a in legal:
                found.templates.setdefault(template_of(a), None)
            if taken < 200:  # out-of-turn actions: sampled early in each game
                for s in range(players):
                    if s != seat and game.legal_actions(s):
                        found.out_of_turn = True
                        for a in game.legal_actions(s):
                            found.templates.setdefault(template_of(a), None)
                            found.reaction_templates.setdefault(template_of(a), None)
            if not legal:
                break
            game.act(legal[rng.below(len(legal))])
            taken += 1
            _look(game, found)
        budget -= taken
        if game.result is not None and sum(game.result["settlement"]) != 0:
            found.zero_sum = False
    return found


def _look(game: Game, found: Probe, first: bool = False) -> None:
    state = game.state
    found.phases.setdefault(state.phase, None)
    for name, zone in state.zones.items():
        if zone.cards and any(c.is_joker for c in zone.cards):
            found.jokers = True
        base, _, suffix = name.partition(":")
        numbered = first and suffix.isdigit() and zone.owner is None and int(suffix) < len(state.players)
        if numbered and all(f"{base}:{s}" in state.zones for s in state.seats):
            found.seat_numbered.add(base)  # numbered once per seat at the deal: a seat's zone (up:0, shown:1)
        found.zones.setdefault(name, zone)
        if zone.visibility != "hidden":
            found.visible.add(name)
        if zone.visibility == "public" and zone.owner is None and not suffix.isdigit():
            found.tops.setdefault(name, None)
    for key, length in public_leaves(state.public).items():
        found.public[key] = max(found.public.get(key, 0), length)


class Encoding:
    """A variant's action catalogue and observation layout (see the module docs).

    :ivar catalogue: the :class:`~hoyle.rl.catalogue.Catalogue` (``action_size`` slots).
    :ivar layout: the :class:`~hoyle.rl.observation.Layout` (``observation_size`` floats).
    :ivar reactions: whether seats are asked in turn about out-of-turn actions.
    :ivar reaction_templates: the templates of the actions seats took out of turn.
    """

    def __init__(self, key: str, probe_games: int = 12, probe_steps: int = 3000) -> None:
        """``key``: the arguments of :func:`encoding` as JSON (it makes the key)."""
        args = json.loads(key)
        variant, players = args["variant"], args["players"]
        bets, max_choices = args["bets"], args["max_choices"]
        self.variant = variant
        self.players = players
        self.options = dict(args["options"])
        self.house_rules = tuple(args["house_rules"])
        #: The arguments as JSON, to rebuild it after unpickling.
        self.key = key
        found = probe(variant, players, self.options, self.house_rules, probe_games, probe_steps)
        refinements = [r for f in refinements_for(variant) if (r := f(players, self.options)) is not None]
        templates = dict(found.templates)
        for r in refinements:
            templates.update(dict.fromkeys(r.templates))
            for zone in r.zones:  # declared zones: in the layout whatever random play made
                found.zones.setdefault(zone.name, zone)
                if zone.visibility != "hidden":
                    found.visible.add(zone.name)
        _check_required(variant, templates, refinements)
        reactions = found.out_of_turn
        for r in refinements:
            if r.reactions is not None:
                reactions = r.reactions
        self.reactions = reactions
        #: The templates a seat may take out of turn (offered in a reaction phase).
        self.reaction_templates = frozenset(found.reaction_templates)
        self.zero_sum = found.zero_sum
        if reactions:
            templates.setdefault(PASS_REACTION, None)
        ordered = sorted(templates, key=lambda t: (t.shape != "plain", t.kind, t.source or "", t.shape))
        width = 53 if found.jokers else 52
        self.catalogue = Catalogue(
            ordered, width, BetAbstraction(tuple(bets)) if bets is not None else None, max_choices
        )
        seat_numbered = frozenset(found.seat_numbered)
        groups: dict[str, None] = {}
        planes: set[str] = set()
        for name, zone in sorted(found.zones.items()):
            g = classify_zone(name, zone, seat_numbered)
            labels = group_labels(g.base, players) if g.seat is not None else [g.base]
            groups.update(dict.fromkeys(labels))
            if name in found.visible:
                planes.update(labels)
        tops = [t for t in found.tops if t in groups]
        self.layout = Layout(
            players=players,
            width=width,
            groups=list(groups),
            planes=sorted(planes),
            tops=tops,
            seat_numbered=seat_numbered,
            phases=list(found.phases),
            public=found.public,
            features=_kept(variant, [f for r in refinements for f in r.features], args.get("omit", [])),
        )

    @property
    def action_size(self) -> int:
        return self.catalogue.size

    @property
    def observation_size(self) -> int:
        return self.layout.size

    def describe(self) -> dict[str, Any]:
        """Every field of the observation and every template of the catalogue, as data.

        >>> import hoyle.rl
        >>> d = hoyle.rl.encoding("war").describe()
        >>> d["actions"][0]["template"], d["observation"][0]["name"]
        ('play', 'cards[table:self]')
        """
        return {
            "variant": self.variant,
            "players": self.players,
            "options": self.options,
            "action_size": self.action_size,
            "observation_size": self.observation_size,
            "reactions": self.reactions,
            "bets": list(self.catalogue.bets.labels),
            "actions": self.catalogue.describe(),
            "observation": self.layout.fields(),
        }

    def __repr__(self) -> str:
        return f"<Encoding {self.variant} {self.players}p: {self.action_size} actions, {self.observation_size} floats>"


def _kept(variant: str, features: list[Feature], omit: Sequence[str]) -> list[Feature]:
    """The features not omitted (an omitted name no feature has is an error naming it)."""
    names = [f.name for f in features]
    unknown = sorted(set(omit) - set(names))
    if unknown:
        raise InvalidArgumentError(f"omit: {variant} has no feature {unknown[0]!r} (its features: {names})")
    return [f for f in features if f.name not in omit]


#: The reaction phase's "no reaction" slot (see docs/rl.md, reactions).
PASS_REACTION = Template("(no reaction)", None, "plain")


@lru_cache(maxsize=64)
def _cached(key: str) -> Encoding:
    return Encoding(key)


def encoding(
    variant: str,
    players: int = 2,
    options: Mapping[str, Any] | None = None,
    house_rules: Sequence[str] = (),
    bets: Sequence[str | float] | None = None,
    max_choices: int = 128,
    omit: Sequence[str] = (),
) -> Encoding:
    """The encoding of ``variant`` for ``players`` with these options (cached: the same
    arguments give the same object).

    :param bets: the bet abstraction's sizes (default ``("min", 0.5, 1.0, "all-in")``).
    :param max_choices: slots per ``choice`` template (melds, multi-card discards).
    :param omit: names of refinement features to leave out (e.g. ``["action_sequence"]``:
        poker's compact ``bet_history`` alone).
    """
    if isinstance(omit, str) or not all(isinstance(name, str) for name in omit):
        raise InvalidArgumentError(f"omit={omit!r}: a list of feature names")
    key = json.dumps(
        {
            "variant": variant,
            "players": players,
            "options": dict(options or {}),
            "house_rules": list(house_rules),
            "bets": list(bets) if bets is not None else None,
            "max_choices": max_choices,
            "omit": sorted(set(omit)),
        },
        sort_keys=True,
    )
    return _cached(key)


__all__ = ["PASS_REACTION", "Encoding", "Probe", "Refinement", "RefinementFactory", "Template", "encoding", "probe"]

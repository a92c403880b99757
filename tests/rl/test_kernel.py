"""The compiled gin table (``hoyle.rl.kernel``, ``hoyle_rummy.gin_rl``) against the Python
table, its reference: every step of many seeded games in lockstep (seat, observations
and masks of both seats, each legal slot's action, ``info``; at the end the rewards and
the replayed Python game), rigged deals with known outcomes, the encodings it refuses,
no leak of hidden cards through its observations, clone and pickling.

``HOYLE_KERNEL_GAMES`` sets the number of games of the lockstep test per encoding (400).
"""

from __future__ import annotations

import copy
import os
import pickle
import random
from typing import Any

import hoyle
import hoyle.rl
import numpy as np
import pytest
from hoyle import Action, Card, rummy
from hoyle._core import GinDeal, GinKernel
from hoyle.errors import InvalidArgumentError
from hoyle.rl.catalogue import Template
from hoyle.rl.kernel import KernelTable, kernel_maker, new_table
from hoyle.rl.observation import Layout
from hoyle.rl.table import Table
from hoyle.testing import rigged_deck
from hoyle_rummy.gin_rl import GinTable, gin_kernel
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

GAMES = int(os.environ.get("HOYLE_KERNEL_GAMES", "400"))
ONE_DEAL = {"deals": 1}
#: Every scoring option changed: the game bonus is reached (target 10), boxes of 25, ...
SCORED = {
    "deals": 1,
    "target": 10,
    "gin_bonus": 25,
    "undercut_bonus": 20,
    "box_bonus": 25,
    "shutout": "double-total",
    "dealer": "winner",
    "first_dealer": 0,
}
RULES = rummy.MeldRules.gin()


def outcome(table: Table) -> str:
    out = table.game.state.public["outcome"]
    return "void" if out is None else "gin" if out["gin"] else "undercut" if out["undercut"] else "knock"


def choose(py: Table, legal: list[int], style: int, rng: random.Random) -> int:
    """A slot: at random (style 0), or with the least-deadwood discard and a knock as
    soon as one is legal (1) or only for gin (2), so that every ending occurs."""
    names = py.enc.catalogue.names
    if style == 0:
        return rng.choice(legal)
    knocks = [s for s in legal if names[s].startswith("knock")]
    state = py.game.state
    seat = state.to_act
    assert seat is not None
    if knocks and style == 1:
        return knocks[0]
    if knocks and style == 2:
        hand = state.zones[f"hand:{seat}"].cards
        for s in knocks:
            rest = [c for c in hand if c != Card(names[s].split()[1])]
            if rummy.deadwood(rest, RULES) == 0:
                return s
    discards = [s for s in legal if names[s].startswith("discard")]
    if not discards:
        return rng.choice(legal)
    taken = state.public["taken"]
    hand = state.zones[f"hand:{seat}"].cards
    best = rummy.best_discard(hand, RULES, forbid=Card(taken) if taken else None).discard
    assert best is not None
    return py.enc.catalogue.base[Template("discard", None, "card")] + best.index


def lockstep(kernel: KernelTable, py: Table, pick: Any) -> None:
    """Play both tables with the slots ``pick(legal)`` chooses, comparing every step."""
    while True:
        assert (kernel.seat, kernel.over, kernel.stuck) == (py.seat, py.over, py.stuck)
        for seat in (0, 1):
            assert np.array_equal(kernel.observe(seat), py.observe(seat)), seat
            assert np.array_equal(kernel.mask_for(seat), py.mask_for(seat)), seat
        mask = py.mask()
        assert np.array_equal(kernel.mask(), mask)
        if py.over:
            break
        legal = [int(s) for s in np.flatnonzero(mask)]
        assert kernel.legal_slots() == legal
        for slot in legal:
            assert kernel.action_at(slot) is py.action_at(slot)
        slot = pick(legal)
        taken = kernel.step(slot)
        assert taken is py.step(slot)
        assert kernel.info(taken) == py.info(taken)
    for mode in ("settlement", "win-loss"):
        assert kernel.rewards(mode) == py.rewards(mode)
    game = kernel.game
    assert game.to_json() == py.game.to_json()
    assert game.state.result == py.game.state.result
    assert game.view(None) == py.game.view(None)


@pytest.mark.parametrize("options", [ONE_DEAL, SCORED], ids=["default", "scored"])
def test_the_kernel_plays_every_step_as_the_python_table(options: dict[str, Any]) -> None:
    enc = hoyle.rl.encoding("gin-rummy", options=options)
    seen: dict[str, int] = {}
    for seed in range(GAMES):
        kernel, py = new_table(enc, seed), Table.new(enc, seed)
        assert isinstance(kernel, GinTable)
        rng = random.Random(seed)
        style = seed % 3
        lockstep(kernel, py, lambda legal, py=py, rng=rng, style=style: choose(py, legal, style, rng))
        seen[outcome(py)] = seen.get(outcome(py), 0) + 1
    assert set(seen) == {"void", "knock", "gin", "undercut"}, seen


def rigged(hands: tuple[str, str], up: str, stock: str, options: dict[str, Any] = ONE_DEAL) -> hoyle.Game:
    """Seat 1 deals: seat 0 is offered the up-card first and draws the stock's cards
    ``stock`` first."""
    opts = {**options, "first_dealer": 1}
    deck = rigged_deck("gin-rummy", hands=dict(enumerate(hands)), up_card=up, stock=stock, options=opts)
    return hoyle.new_game("gin-rummy", deck=deck, options=opts)


GIN_HAND = "2c 3c 4c 5d 6d 7d 9h 9s 9d Kc"


def play_rigged(game: hoyle.Game, moves: list[str], options: dict[str, Any] = ONE_DEAL) -> KernelTable:
    enc = hoyle.rl.encoding("gin-rummy", options={**options, "first_dealer": 1})
    maker = kernel_maker(enc)
    assert maker is not None
    kernel, py = maker(game.clone()), Table(enc, game.clone())
    py._check_stuck()
    slots = iter(enc.catalogue.names.index(m) for m in moves)
    lockstep(kernel, py, lambda legal: next(slots))
    return kernel


def test_a_rigged_gin() -> None:
    # 5d-8d with the 8d drawn: gin with Kc down; the other hand melds nothing (66).
    game = rigged((GIN_HAND, "Ah 2h 3d 5s 7c 8h Jd Qs Ks Th"), "Qc", "8d")
    kernel = play_rigged(game, ["pass", "pass", "draw stock", "knock Kc"])
    result = kernel.game.state.public["outcome"]
    assert result == {"knocker": 0, "knocker_deadwood": 0, "defender_deadwood": 66, "gin": True, "undercut": False}
    # 20 + 66 points and a box of 20; the target (100) not reached: no game bonus.
    assert kernel.rewards() == [106.0, -106.0]
    assert kernel.rewards("win-loss") == [1.0, -1.0]


def test_a_rigged_undercut() -> None:
    # The knocker keeps Kc (10); the defender's Ad (1) undercuts: 10 - 1 + 10 to seat 1.
    game = rigged((GIN_HAND, "Ah 2h 3h 4s 5s 6s 8c 8h 8s Ad"), "Qs", "Jh")
    kernel = play_rigged(game, ["pass", "pass", "draw stock", "knock Jh"])
    assert kernel.game.state.public["outcome"]["undercut"] is True
    assert kernel.rewards() == [-39.0, 39.0]


def test_a_rigged_gin_with_every_scoring_option() -> None:
    opts = {k: v for k, v in SCORED.items() if k != "first_dealer"}
    game = rigged((GIN_HAND, "Ah 2h 3d 5s 7c 8h Jd Qs Ks Th"), "Qc", "8d", opts)
    kernel = play_rigged(game, ["pass", "pass", "draw stock", "knock Kc"], opts)
    # 25 + 66 = 91 >= 10 against 0: the whole total doubled, (91 + 25 + 100) * 2.
    assert kernel.rewards() == [432.0, -432.0]


def test_void_at_two_stock_cards() -> None:
    enc = hoyle.rl.encoding("gin-rummy", options=ONE_DEAL)
    table = new_table(enc, 3)
    names = enc.catalogue.names
    while not table.over:
        legal = table.legal_slots()
        draw = [s for s in legal if names[s] == "draw stock"]
        table.step(draw[0] if draw else next(s for s in legal if not names[s].startswith("knock")))
    state = table.game.state
    assert len(state.zones["stock"].cards) == 2 and state.public["outcome"] is None
    assert table.rewards() == [0.0, 0.0] and table.rewards("win-loss") == [0.0, 0.0]


@pytest.mark.parametrize(
    ("variant", "players", "options"),
    [
        ("gin-rummy", 2, {"deals": 2}),
        ("gin-rummy", 2, {}),
        ("gin-rummy", 3, {"deals": 1}),
        ("gin-rummy", 4, {"deals": 1}),
        ("gin-rummy", 2, {"deals": 1, "late_pickup": True}),
        ("gin-rummy", 2, {"deals": 1, "retake": True}),
        ("gin-rummy", 2, {"deals": 1, "eleven_card_start": True}),
        ("oklahoma-gin", 2, {"deals": 1}),
    ],
)
def test_settings_the_kernel_does_not_play_keep_the_python_table(
    variant: str, players: int, options: dict[str, Any]
) -> None:
    enc = hoyle.rl.encoding(variant, players, options)
    assert kernel_maker(enc) is None
    assert type(new_table(enc, 1)) is Table


def test_compiled_false_forces_the_python_table() -> None:
    enc = hoyle.rl.encoding("gin-rummy", options=ONE_DEAL)
    assert type(new_table(enc, 1, compiled=False)) is Table
    env = hoyle.rl.aec_env("gin-rummy", options=ONE_DEAL, compiled=False)
    env.reset(seed=1)
    assert type(env.table) is Table
    env = hoyle.rl.aec_env("gin-rummy", options=ONE_DEAL)
    env.reset(seed=1)
    assert isinstance(env.table, GinTable)
    gym = hoyle.rl.gym_env("gin-rummy", options=ONE_DEAL, compiled=False)
    gym.reset(seed=1)
    assert type(gym.table) is Table
    with pytest.raises(InvalidArgumentError, match="compiled"):
        hoyle.rl.aec_env("gin-rummy", options=ONE_DEAL, compiled="yes")


def test_openspiel_compiled_parameter() -> None:
    pytest.importorskip("pyspiel")
    for compiled, kind in ((True, GinTable), (False, Table)):
        game = hoyle.rl.openspiel_game("gin-rummy", options=ONE_DEAL, compiled=compiled)
        state = game.new_initial_state()
        state.apply_action(0)
        assert isinstance(state.table, kind)


class _PythonFeature:
    name, size, doc = "extra", 1, "a feature written in Python"

    def write(self, state: Any, seat: int, out: np.ndarray) -> None:
        out[0] = 1.0


def with_layout(enc: Any, **changes: Any) -> Any:
    """A copy of ``enc`` whose layout has ``changes`` (Layout's arguments)."""
    lay = enc.layout
    args = {
        "players": lay.players,
        "width": lay.width,
        "groups": lay.groups,
        "planes": lay.planes,
        "tops": lay.tops,
        "seat_numbered": lay.seat_numbered,
        "phases": lay.phases,
        "public": lay.public,
        "features": lay.features,
    }
    fake = copy.copy(enc)
    fake.layout = Layout(**{**args, **changes})
    return fake


def test_a_layout_field_the_kernel_does_not_write_keeps_the_python_table() -> None:
    enc = hoyle.rl.encoding("gin-rummy", options=ONE_DEAL)
    assert gin_kernel(with_layout(enc, features=[*enc.layout.features, _PythonFeature()])) is None
    assert gin_kernel(with_layout(enc, public={**enc.layout.public, "bets": 2})) is None
    assert gin_kernel(with_layout(enc, tops=[*enc.layout.tops, "hand:self"])) is None
    assert gin_kernel(with_layout(enc)) is not None


def kernel_args(enc: Any) -> dict[str, Any]:
    from hoyle_rummy.gin_rl import _layout_args

    args = _layout_args(enc)
    assert args is not None
    return args


def test_the_kernel_refuses_unknown_fields_naming_them() -> None:
    enc = hoyle.rl.encoding("gin-rummy", options=ONE_DEAL)
    args = kernel_args(enc)
    actions = (Action("draw", source="discard"), Action("draw", source="stock"), Action("pass"), [], [])
    with pytest.raises(InvalidArgumentError, match="52 discards"):
        GinKernel(**args, slots=(107, 0, 1, 2, 3, 55), actions=actions, scoring={})
    bad = {**args, "groups": [*args["groups"], ("meld:*", -1, 5)]}
    with pytest.raises(InvalidArgumentError, match=r"meld:\*"):
        GinKernel(**bad, slots=(107, 0, 1, 2, 3, 55), actions=actions, scoring={})
    with pytest.raises(InvalidArgumentError, match="late_pickup"):
        cards = [Card.from_index(i) for i in range(52)]
        full = (*actions[:3], [Action("discard", (c,)) for c in cards], [Action("knock", (c,)) for c in cards])
        GinKernel(**args, slots=(107, 0, 1, 2, 3, 55), actions=full, scoring={"late_pickup": True})


def test_bad_slots_and_actions_raise_and_change_nothing() -> None:
    enc = hoyle.rl.encoding("gin-rummy", options=ONE_DEAL)
    table = new_table(enc, 5)
    before = (table.observe(0), table.mask(), table.taken_slots)
    with pytest.raises(KeyError):
        table.action_at(3)  # a discard in the offer
    with pytest.raises(InvalidArgumentError, match="not legal now"):
        table.step(3)
    with pytest.raises(InvalidArgumentError, match="not legal now"):
        table.step(-1)
    with pytest.raises(InvalidArgumentError, match="not an action the compiled gin table plays"):
        table.take(Action("knock", (Card("2c"),), target=0))
    with pytest.raises(InvalidArgumentError, match="not legal now"):
        table.take(Action("draw", source="stock"))  # an equal action, not legal in the offer
    assert np.array_equal(table.observe(0), before[0]) and np.array_equal(table.mask(), before[1])
    assert table.taken_slots == before[2]
    table.take(Action("pass"))  # an equal action (not the plugin's object) is taken
    assert table.taken_slots == [enc.catalogue.names.index("pass")]
    with pytest.raises(InvalidArgumentError):
        table.observe(2)


def test_bad_starts_are_refused_naming_the_value() -> None:
    enc = hoyle.rl.encoding("gin-rummy", options=ONE_DEAL)
    state = hoyle.new_game("gin-rummy", seed=5, options=ONE_DEAL).state
    hand, stock, pile = state.zones["hand:0"].cards, state.zones["stock"].cards, state.zones["discard"].cards
    kernel = _kernel(enc)
    with pytest.raises(InvalidArgumentError, match="dealt twice"):
        GinTable(kernel, (hand, hand), stock, pile, 0, 1, "offer", 0, 0, False, None)
    other = state.zones["hand:1"].cards
    with pytest.raises(InvalidArgumentError, match="players"):
        GinTable(kernel, (hand, other), stock, pile, 1, 1, "offer", 0, 0, False, None)
    with pytest.raises(InvalidArgumentError, match="phase"):
        GinTable(kernel, (hand, other), stock, pile, 0, 1, "last-chance", 0, 0, False, None)
    with pytest.raises(InvalidArgumentError, match="taken"):
        GinTable(kernel, (hand, other), stock, pile, 0, 1, "offer", 0, 0, False, Card("As"))
    with pytest.raises(InvalidArgumentError, match="one pack"):
        GinTable(kernel, ([*hand[:9], Card("As#1")], other), stock, pile, 0, 1, "offer", 0, 0, False, None)
    assert issubclass(GinTable, GinDeal)


def _kernel(enc: Any) -> GinKernel:
    cards = [Card.from_index(i) for i in range(52)]
    from hoyle_rummy.gin_table import DISCARDS, KNOCKS

    actions = (
        Action("draw", source="discard"),
        Action("draw", source="stock"),
        Action("pass"),
        [DISCARDS[c] for c in cards],
        [KNOCKS[c] for c in cards],
    )
    return GinKernel(**kernel_args(enc), slots=(107, 0, 1, 2, 3, 55), actions=actions, scoring={})


def test_clone_and_pickle_copy_the_episode() -> None:
    enc = hoyle.rl.encoding("gin-rummy", options=ONE_DEAL)
    table = new_table(enc, 8)
    rng = random.Random(8)
    for _ in range(9):
        table.step(rng.choice(table.legal_slots()))
    for twin in (table.clone(), copy.deepcopy(table), pickle.loads(pickle.dumps(table))):
        assert isinstance(twin, GinTable)
        assert twin.taken_slots == table.taken_slots
        assert np.array_equal(twin.observe(0), table.observe(0)) and np.array_equal(twin.mask(), table.mask())
        before = table.observe(1)
        twin.step(twin.legal_slots()[0])
        assert np.array_equal(table.observe(1), before)  # the original is untouched
        assert twin.game.to_json() != table.game.to_json()


def hide_and_shuffle(game: hoyle.Game, seat: int, rng: random.Random) -> hoyle.Game:
    """A copy of ``game`` whose cards hidden from ``seat`` are dealt anew among the zones
    that hold them (each zone keeps its size; hands stay in order). The cards taken from
    the discard pile stay where they are: every seat saw them taken (the ``known`` plane)."""
    from hoyle_rummy.rl_encoding import KnownCards

    other = game.clone()
    known = {c for cards in KnownCards(2).held(other.state) for c in cards}
    zones = [z for z in other.state.zones.values() if not z.visible_to(seat) and z.cards]
    pool = [c for z in zones for c in z.cards if c not in known]
    rng.shuffle(pool)
    for z in zones:
        keep = [c for c in z.cards if c in known]
        n = len(z.cards) - len(keep)
        z.cards[:], pool = [*keep, *pool[:n]], pool[n:]
    for name, z in other.state.zones.items():
        if name.startswith("hand:"):
            z.cards.sort()
    return other


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 70), shuffle=st.integers(0, 2**32))
def test_hidden_cards_never_reach_a_compiled_observation(seed: int, steps: int, shuffle: int) -> None:
    enc = hoyle.rl.encoding("gin-rummy", options=ONE_DEAL)
    maker = kernel_maker(enc)
    assert maker is not None
    table = new_table(enc, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if table.over:
            break
        table.step(rng.choice(table.legal_slots()))
    if table.over:
        return
    for seat in (0, 1):
        twin = maker(hide_and_shuffle(table.game, seat, random.Random(shuffle)))
        assert np.array_equal(table.observe(seat), twin.observe(seat))
        if table.seat == seat:
            assert np.array_equal(table.mask(), twin.mask())


def test_the_compiled_no_leak_probe_sees_a_difference() -> None:
    """The comparison above can fail: a seat's own hand shuffled away is seen."""
    enc = hoyle.rl.encoding("gin-rummy", options=ONE_DEAL)
    maker = kernel_maker(enc)
    assert maker is not None
    table = new_table(enc, 1)
    twin = maker(hide_and_shuffle(table.game, 1, random.Random(5)))
    assert np.array_equal(table.observe(1), twin.observe(1))
    assert not np.array_equal(table.observe(0), twin.observe(0))


def test_an_observation_kept_never_changes() -> None:
    """The compiled table reuses an array it handed out only once nobody holds it: kept
    arrays, views of them, read-only or retyped arrays and weakly referenced ones stay
    as they were."""
    import weakref

    enc = hoyle.rl.encoding("gin-rummy", options=ONE_DEAL)
    table = new_table(enc, 4)
    kept = [table.observe(0), table.mask_for(table.seat)]
    view = table.observe(1)[:60]
    frozen = table.observe(0)
    frozen.flags.writeable = False
    retyped = table.observe(0)
    retyped.dtype = np.int32
    weak = table.observe(1)
    ref = weakref.ref(weak)
    copies = [a.copy() for a in (*kept, view, frozen, retyped, weak)]
    ids = {id(a) for a in (*kept, view.base, frozen, retyped, weak)}
    for _ in range(12):
        if table.over:
            break
        for seat in (0, 1):
            fresh = table.observation(seat)
            assert id(fresh["observation"]) not in ids and id(fresh["action_mask"]) not in ids
            assert fresh["observation"].flags.writeable and fresh["observation"].dtype == np.float32
        table.step(table.legal_slots()[0])
    for a, c in zip((*kept, view, frozen, retyped, weak), copies):
        assert np.array_equal(a, c)
    assert ref() is weak
    table.observe(1)  # dropped at once: handed out again below, written anew
    again = table.observe(0)
    assert np.array_equal(again, Table(enc, table.game).observe(0))


def test_gym_episodes_against_the_gin_bot_are_the_same_compiled_or_not() -> None:
    """The Gymnasium env's bots choose from the replayed Python game: the episodes, the
    observations and the rewards are those of the Python table."""
    pytest.importorskip("gymnasium")
    envs = [hoyle.rl.gym_env("gin-rummy", options=ONE_DEAL, opponents=["gin"], compiled=c) for c in (True, False)]
    for seed in range(6):
        (obs_k, info_k), (obs_p, info_p) = (e.reset(seed=seed) for e in envs)
        assert isinstance(envs[0].table, GinTable) and type(envs[1].table) is Table
        rng = random.Random(seed)
        done = False
        while not done:
            assert np.array_equal(obs_k, obs_p) and np.array_equal(info_k["action_mask"], info_p["action_mask"])
            slot = rng.choice([int(s) for s in np.flatnonzero(info_k["action_mask"])])
            (obs_k, r_k, te_k, tr_k, info_k), (obs_p, r_p, te_p, tr_p, info_p) = (e.step(slot) for e in envs)
            assert (r_k, te_k, tr_k) == (r_p, te_p, tr_p)
            done = te_k or tr_k
        assert np.array_equal(obs_k, obs_p)


def test_meld_planes_and_the_hand_winner_when_a_layout_has_them() -> None:
    """A layout with the meld zones' groups (planes and counts) and ``public.hand_winner``
    (the derived gin layout has neither) is written as the generic encoder writes it."""
    enc = hoyle.rl.encoding("gin-rummy", options=ONE_DEAL)
    melds = ("meld:self:*", "meld:+1:*")
    fake = with_layout(
        enc,
        groups=(*enc.layout.groups, *melds),
        planes=(*enc.layout.planes, *melds),
        public={**enc.layout.public, "hand_winner": 0},
    )
    assert {f"cards[{m}]" for m in melds} <= set(fake.layout.offsets)
    maker = gin_kernel(fake)
    assert maker is not None
    knocked = 0
    for seed in range(60):
        game = hoyle.new_game("gin-rummy", seed=seed, options=ONE_DEAL)
        kernel, py = maker(game.clone()), Table(fake, game)
        py._check_stuck()
        rng = random.Random(seed)
        lockstep(kernel, py, lambda legal, py=py, rng=rng, seed=seed: choose(py, legal, 1 + seed % 2, rng))
        if outcome(py) != "void":
            knocked += 1
            obs = kernel.observe(0)
            seen = [obs[fake.layout.offsets[f"cards[{m}]"] :][:52].sum() for m in melds]
            assert sum(seen) >= 3  # the spread is on the table, in one seat's plane or both
    assert knocked >= 10

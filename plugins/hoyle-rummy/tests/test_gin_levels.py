"""The gin bot's levels (issue 30): names and levels through make_bot, legal play at
every level, replay by seed, the easy level's documented slips, the search's sampler."""

from __future__ import annotations

import functools

import hoyle
import pytest
from hoyle import Action, Card, Rng
from hoyle.errors import InvalidArgumentError
from hoyle.testing import check_variant
from hoyle_rummy import gin_search
from hoyle_rummy.bots import GinBot


def test_make_bot_reads_levels() -> None:
    assert hoyle.make_bot("gin:hard", seed=1).level == "hard"  # type: ignore[attr-defined]
    assert hoyle.make_bot("gin", seed=1, level="easy").level == "easy"  # type: ignore[attr-defined]
    assert hoyle.make_bot("gin", seed=1).level == "medium"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "level", "message"),
    [
        ("random:hard", None, "bot 'random' has no level 'hard'"),
        ("gin:expert", None, "unknown bot level 'expert'"),
        ("gin:hard", "easy", "names level 'hard' but level='easy'"),
    ],
)
def test_make_bot_refuses_bad_levels(spec: str, level: str | None, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        hoyle.make_bot(spec, seed=1, level=level)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("variant", ["gin-rummy", "oklahoma-gin"])
def test_every_level_plays_legal_games(level: str, variant: str) -> None:
    # the engine raises on an illegal action: check_variant plays whole games
    bot = functools.partial(GinBot, level=level, simulations=24)
    games = check_variant(variant, games=2, seed=3, options={"deals": 1}, bot=bot)
    assert all(g.is_over for g in games)


def _record(level: str, seed: int) -> list[str]:
    game = hoyle.new_game("gin-rummy", seed=11, options={"deals": 1})
    bots = [GinBot(seed=seed, level=level, simulations=24), GinBot(seed=seed + 1)]
    played = []
    while not game.is_over:
        p = game.to_act
        assert p is not None
        a = bots[p].choose(game.view(p), game.legal_actions(p))
        played.append(str(a))
        game.act(a, seat=p)
    return played


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_levels_replay_by_seed(level: str) -> None:
    assert _record(level, 5) == _record(level, 5)


def _view(hand: str, stock: int) -> dict[str, object]:
    return {
        "seat": 0,
        "players": ["a", "b"],
        "phase": "play",
        "public": {"knock_limit": 10, "taken": None},
        "events": [],
        "options": {},
        "zones": {"hand:0": {"cards": hand.split()}, "stock": {"count": stock}, "discard": {"cards": ["Qd"]}},
    }


def test_easy_knocks_at_its_first_chance_medium_waits() -> None:
    # after Kc goes, 8 deadwood: medium waits (stock under 20, more than 4 deadwood)
    view = _view("As 2s 3s 4h 5h 6h 9c 9d 9h 8c Kc", stock=12)
    legal = [Action("discard", (Card(c),)) for c in ("Kc", "8c")] + [Action("knock", (Card("Kc"),))]
    assert GinBot(level="medium").choose(view, legal) == Action("discard", (Card("Kc"),))
    assert GinBot(level="easy").choose(view, legal) == Action("knock", (Card("Kc"),))


def test_easy_takes_the_up_card_only_to_meld() -> None:
    # the 2d lowers the deadwood (the Kc goes) but joins no meld: medium takes it, easy draws
    view = _view("As 2s 3s 4h 5h 6h 9c 9d 9h Kc", stock=20)
    view["zones"]["discard"]["cards"] = ["2d"]  # type: ignore[index]
    legal = [Action("draw", source="discard"), Action("draw", source="stock")]
    assert GinBot(level="medium").choose(view, legal) == legal[0]
    assert GinBot(level="easy").choose(view, legal) == legal[1]


def test_sampler_deals_only_unseen_cards_and_keeps_known_ones() -> None:
    game = hoyle.new_game("gin-rummy", seed=2, options={"deals": 1})
    bot = GinBot()
    while True:  # play until the opponent (seat 1) has taken a card from the pile
        p = game.to_act
        assert p is not None
        game.act(bot.choose(game.view(p), game.legal_actions(p)), seat=p)
        k = gin_search.knowledge(game.view(0))
        assert k is not None
        if k.opponent_known:
            break
    for s in range(5):
        hand, stock = gin_search.sample_world(k, Rng(s))
        assert set(k.opponent_known) <= set(hand)
        assert sorted(map(str, hand + stock)) == sorted(map(str, {*k.unseen, *k.opponent_known}))
        assert len(stock) == k.stock


def _swapped_games(seed: int) -> tuple[hoyle.Game, hoyle.Game]:
    """Two gin deals alike for seat 0 - its hand, the up-card and the first 20 stock
    cards (all it sees while the opponent only draws and throws back) - with the
    opponent's hand swapped for ten cards from deep in the stock."""
    from hoyle.testing import rigged_deck

    base = hoyle.new_game("gin-rummy", seed=seed, options={"deals": 1, "first_dealer": 1})
    state = base.state
    h0 = " ".join(map(str, state.zone("hand:0").cards))
    h1 = [str(c) for c in state.zone("hand:1").cards]
    up = str(state.zone("discard").cards[-1])
    stock = [str(c) for c in reversed(state.zone("stock").cards)]  # the next card first
    top, deep = stock[:20], stock[20:30]
    games = []
    for opponent, rest in ((h1, deep), (deep, h1)):
        deck = rigged_deck(
            "gin-rummy",
            hands={0: h0, 1: " ".join(opponent)},
            up_card=up,
            stock=" ".join(top + rest),
            options={"deals": 1, "first_dealer": 1},
            seed=seed,
        )
        games.append(hoyle.new_game("gin-rummy", seed=seed, deck=deck, options={"deals": 1, "first_dealer": 1}))
    return games[0], games[1]


@pytest.mark.parametrize("seed", [3, 8])
def test_hard_decides_from_the_information_set_alone(seed: int) -> None:
    # The opponent passes the offer, then draws from the stock and throws back the card
    # drawn; seat 0's view is the same in both deals, so the hard bot (same seed) must
    # choose the same moves though the opponent's hand and the stock's bottom differ.
    a, b = _swapped_games(seed)
    assert sorted(map(str, a.state.zone("hand:1").cards)) != sorted(map(str, b.state.zone("hand:1").cards))
    bots = [GinBot(seed=7, level="hard", simulations=60), GinBot(seed=7, level="hard", simulations=60)]
    chosen: list[list[str]] = [[], []]
    for _ in range(40):
        if a.is_over or len(a.state.zone("stock").cards) <= 12:
            break
        assert a.to_act == b.to_act
        seat = a.to_act
        if seat == 1:
            for g in (a, b):
                legal = [str(x) for x in g.legal_actions(1)]
                if "pass" in legal:
                    g.act("pass", seat=1)
                elif "draw stock" in legal:
                    before = set(g.state.zone("hand:1").cards)
                    g.act("draw stock", seat=1)
                    (drawn,) = set(g.state.zone("hand:1").cards) - before
                    g.act(f"discard {drawn}", seat=1)
            continue
        va, vb = a.view(0), b.view(0)
        assert va == vb  # the engine shows seat 0 nothing of the difference
        for i, g in enumerate((a, b)):
            action = bots[i].choose(g.view(0), g.legal_actions(0))
            chosen[i].append(str(action))
            g.act(action, seat=0)
        assert chosen[0] == chosen[1]
    assert len(chosen[0]) >= 8  # enough decisions were compared, the searched ones among them


def _d(card: str) -> Action:
    return Action("discard", (Card(card),))


def test_gate_plays_another_move_only_on_a_significant_paired_gain() -> None:
    # values[a][w]: the points of candidate a in world w; "Kc" is the medium move.
    medium, lucky, steady, same, worse, shifted = map(_d, ["Kc", "Qc", "Jc", "Tc", "9c", "8c"])
    base = [0.0, 40.0, -30.0, 25.0, -5.0, 10.0, 0.0, -20.0, 15.0, 5.0]
    values = {
        medium: base,
        # one big win in one world: mean gain +4, standard error 4 - noise
        lucky: [b + (40 if w == 0 else 0) for w, b in enumerate(base)],
        same: list(base),  # no gain in any world: never above zero
        worse: [b - 3 for b in base],
    }
    gains, errors = gin_search.paired(values, medium)
    assert gains[lucky] == pytest.approx(4.0) and errors[lucky] == pytest.approx(4.0)
    assert gin_search.gate(gains, errors, medium) == medium
    # +1 in every world: the candidate's own points vary as widely as the medium move's
    # (an unpaired comparison would call it noise), the paired gain has no spread
    values[shifted] = [b + 1 for b in base]
    gains, errors = gin_search.paired(values, medium)
    assert errors[shifted] == 0.0
    assert gin_search.gate(gains, errors, medium) == shifted
    # +2 in six worlds of ten (mean 1.2, standard error 0.33): larger than the +1
    values[steady] = [b + (2 if w < 6 else 0) for w, b in enumerate(base)]
    gains, errors = gin_search.paired(values, medium)
    assert gin_search.gate(gains, errors, medium) == steady


def _table(hand: str, pile: str, stock: int, opponent_took: str = "") -> dict[str, object]:
    """Seat 0's view at its discard in a two-player gin deal: it holds eleven cards, the
    opponent ten, among them the cards it took from the discard pile."""
    took = opponent_took.split()
    return {
        "seat": 0,
        "players": ["a", "b"],
        "phase": "play",
        "public": {"knock_limit": 10, "taken": None},
        "events": [{"type": "draw", "seat": 1, "from": "discard", "cards": [c]} for c in took],
        "options": {},
        "zones": {
            "hand:0": {"cards": hand.split()},
            "hand:1": {"count": 10},
            "stock": {"count": stock},
            "discard": {"cards": pile.split()},
        },
    }


def _discards(hand: str) -> list[Action]:
    return [_d(c) for c in hand.split()]


def test_hard_keeps_the_medium_move_when_the_difference_is_noise() -> None:
    # The hand and everything seen are alike under swapping clubs and diamonds, so
    # throwing the 9c or the 9d (either leaves 11 deadwood: 9 + A + A) is worth exactly
    # the same; any difference the rollouts measure is noise. Hard keeps medium's move.
    hand = "2s 3s 4s 5s 6h 7h 8h 9c 9d Ac Ad"
    view = _table(hand, "Qh", stock=30)
    legal = _discards(hand)
    medium = GinBot(level="medium").choose(view, legal)
    assert medium in (_d("9c"), _d("9d"))
    twin = _d("9d") if medium == _d("9c") else _d("9c")
    raw_switches = 0
    for seed in range(10):
        bot = GinBot(seed=seed, level="hard")
        assert bot.choose(view, legal) == medium
        raw_switches += bot.last[twin] > bot.last[medium]
    # the measured means do differ by noise: the best raw mean would have switched
    assert raw_switches >= 2


def test_hard_does_not_hand_the_opponent_gin() -> None:
    # The opponent took 7h 8h 9h, 4c 4d 4s and Jc Qc Kc from the pile: nine of its ten
    # cards are melded, and the Th (with 6h, 4h and Tc dead in the pile, the only card
    # adding to its melds) lets it take it, throw its last card and go gin. Medium
    # throws the Th (it leaves the least deadwood, 20 against 21 for the 9d); hard
    # throws something else.
    hand = "As 2s 3s 5c 6c 7c Th 9d 2h 3d 6s"
    took = "7h 8h 9h 4c 4d 4s Jc Qc Kc"
    pile = "6h 4h Tc Kd Qh Jd 5d 8d Ad 2c 3c Ah Ks Qs 7s 9c"
    view = _table(hand, pile, stock=15, opponent_took=took)
    legal = _discards(hand)
    assert GinBot(level="medium").choose(view, legal) == _d("Th")
    bot = GinBot(seed=1, level="hard")
    choice = bot.choose(view, legal)
    assert choice != _d("Th")
    assert bot.verdict is not None
    assert bot.verdict.gains[choice] > 2 * bot.verdict.errors[choice] > 0

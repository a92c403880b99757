"""The heuristic poker bot (``poker`` in the registry's bots): scripted decisions, legal play
in every flop game, and a short statistical check that it beats random bots.

The 10,000-hand measurement is in benches/test_bench_poker_bot.py.
"""

from __future__ import annotations

import hoyle
import pytest
from hoyle import Action, Rng
from hoyle.plugins import default_registry
from hoyle.testing import check_variant
from hoyle_poker.bots import PokerBot, estimate_equity, measure, position
from hoyle_poker.flop import arranged_deck

RAINBOW = "Kc 9d 5h 3s 2c"


def decide(game: hoyle.Game, seat: int, bot: PokerBot | None = None) -> Action:
    assert game.to_act == seat
    bot = bot or PokerBot(seed=7, trials=200)
    return bot.choose(game.view(seat), game.legal_actions(seat))


def test_registered_for_the_flop_stud_and_draw_games_only() -> None:
    assert default_registry().bots["poker"] is PokerBot
    flop = {"texas-holdem", "omaha", "short-deck-holdem"}
    stud = {"seven-card-stud", "seven-card-stud-hi-lo", "razz"}
    draw = {"five-card-draw", "deuce-to-seven-single-draw", "deuce-to-seven-triple-draw", "ace-to-five-triple-draw"}
    assert set(PokerBot.variants) == flop | stud | draw | {"badugi"}


def test_equity_estimate_against_known_values() -> None:
    # Exact heads-up equities vs a random hand: AA 85.2%, 72o 34.6%.
    assert abs(estimate_equity(["As", "Ah"], [], 1, Rng(3), trials=400) - 0.852) < 0.03
    assert abs(estimate_equity(["7c", "2d"], [], 1, Rng(3), trials=400) - 0.346) < 0.03
    # Against five random hands aces win about half the time.
    assert 0.40 < estimate_equity(["As", "Ah"], [], 5, Rng(3), trials=200) < 0.58
    # The nuts on the river: a straight flush cannot lose.
    assert estimate_equity(["Ah", "Kh"], ["Qh", "Jh", "Th", "2c", "3d"], 3, Rng(1), trials=20) == 1.0


def test_position_from_the_button() -> None:
    public = {"button": 5, "dealt": list(range(6)), "live": [True] * 6}
    assert [position(public, s, 6) for s in (0, 1, 2, 5)] == [0.0, 0.2, 0.4, 1.0]
    folded = {**public, "live": [True, False, True, True, True, True]}
    assert position(folded, 2, 6) == 0.25  # seat 1 folded: seat 2 is second of five


def test_folds_seven_deuce_to_an_all_in_raise_heads_up() -> None:
    game = hoyle.new_game("texas-holdem", players=2, deck=arranged_deck(["7c 2d", "Ks Qs"]))
    game.act("raise to 200", 1)  # the button shoves
    bot = PokerBot(seed=7, trials=200)
    assert decide(game, 0, bot) == Action("fold")
    assert bot.last["equity"] < bot.last["price"] < 0.5


def test_folds_seven_deuce_to_a_raise_six_handed() -> None:
    game = hoyle.new_game(
        "texas-holdem", players=6, deck=arranged_deck(["Kd Qd", "Jc Js", "As Kh", "7c 2d", "9h 8h", "Tc Td"])
    )
    game.act("raise to 60", 2)  # under the gun raises 30 big blinds
    assert decide(game, 3) == Action("fold")


def test_raises_aces_under_the_gun_within_the_range() -> None:
    game = hoyle.new_game(
        "texas-holdem", players=6, deck=arranged_deck(["Kd Qd", "Jc Js", "As Ah", "7c 2d", "9h 8h", "Tc Td"])
    )
    least, most = game.view(2)["public"]["range"]
    action = decide(game, 2)
    assert action.kind == "raise" and action.amount is not None
    assert least <= action.amount <= most
    game.act(action, 2)  # the engine accepts it


def test_raises_aces_facing_a_raise() -> None:
    game = hoyle.new_game("texas-holdem", players=2, deck=arranged_deck(["As Ad", "Kc 9c"]))
    game.act("raise to 10", 1)
    action = decide(game, 0)
    assert action.kind == "raise"
    game.act(action, 0)


def _river_bet(bet: str, hole: str = "Ah 7c") -> hoyle.Game:
    """Heads-up, a 40-chip pot on a rainbow river; the button bets ``bet`` into the
    big blind (seat 0), who holds ``hole``."""
    game = hoyle.new_game("texas-holdem", players=2, deck=arranged_deck([hole, "Qs Jd"], RAINBOW))
    game.act("raise to 20", 1)
    game.act("call", 0)
    for _ in range(3):  # flop, turn, river: the big blind acts first, both check to the river
        game.act("check", 0)
        if game.state.public["street"] == 3:
            break
        game.act("check", 1)
    game.act(bet, 1)
    assert game.view(0)["zones"]["board"]["cards"] == RAINBOW.split()
    return game


def test_calls_a_small_bet_with_the_right_pot_odds() -> None:
    # Ace high on this river has about 32% against a random hand; a 10-chip bet into 40
    # costs 10 to win 50: price 1/6.
    bot = PokerBot(seed=7, trials=200)
    assert decide(_river_bet("bet to 10"), 0, bot) == Action("call")
    assert bot.last["price"] == pytest.approx(10 / 60)
    assert bot.last["price"] + bot.last["margin"] < bot.last["equity"] < 0.45


def test_folds_the_same_hand_to_an_overbet() -> None:
    # All-in for 180 into 40: price 180/400 = 45%, more than ace high is worth.
    bot = PokerBot(seed=7, trials=200)
    assert decide(_river_bet("bet to 180"), 0, bot) == Action("fold")
    assert bot.last["price"] == pytest.approx(180 / 400)


def test_checks_a_weak_hand_when_it_can() -> None:
    game = _river_bet("bet to 10", hole="8d 4c")
    game2 = hoyle.new_game("texas-holdem", players=2, deck=arranged_deck(["8d 4c", "Qs Jd"], RAINBOW))
    game2.act("call", 1)
    assert decide(game2, 0) == Action("check")
    assert decide(game, 0) == Action("fold")  # eight high facing a bet: 4% equity


def test_bets_the_nuts() -> None:
    game = _river_bet("bet to 10", hole="4d 6c")  # a straight: 6-5-4-3-2
    action = decide(game, 0)
    assert action.kind == "raise"
    assert action.amount == 10 + (40 + 10 + 10)  # to the pot after calling: 70


def test_tighter_early_than_on_the_button() -> None:
    game = hoyle.new_game("texas-holdem", players=6, seed=5)
    early, late = PokerBot(seed=1, trials=4), PokerBot(seed=1, trials=4)
    decide(game, 2, early)  # under the gun
    for s in (2, 3, 4):
        game.act("fold", s)
    decide(game, 5, late)  # the button
    assert early.last["margin"] > late.last["margin"] == 0.0


def test_fixed_limit_raises_by_the_fixed_size() -> None:
    game = hoyle.new_game(
        "texas-holdem", players=2, deck=arranged_deck(["As Ad", "Kc 9c"]), options={"structure": "fixed-limit"}
    )
    game.act("call", 1)
    action = decide(game, 0)
    assert action == Action("raise", amount=game.view(0)["public"]["range"][0])


@pytest.mark.parametrize(
    "variant, options",
    [
        ("texas-holdem", {"hands": 3}),
        ("omaha", {"hands": 2}),
        ("omaha", {"hole_cards": 5, "hi_lo": True}),
        ("short-deck-holdem", {"hands": 2}),
        ("texas-holdem", {"showdown": "manual"}),
    ],
)
def test_plays_every_flop_game_legally(variant: str, options: dict[str, object]) -> None:
    check_variant(variant, games=4, bot=lambda seed: PokerBot(seed=seed, trials=4, samples=4), options=options)


def test_omaha_values_four_card_hands() -> None:
    # Four aces in Omaha are a weak hand (only two play): less than against a random hand
    # the equity of a hold'em pair of aces.
    omaha_aces = estimate_equity(["As", "Ah", "Ad", "Ac"], [], 1, Rng(2), game="omaha", trials=200)
    assert omaha_aces < 0.70


def test_omaha_hi_lo_counts_the_low_half() -> None:
    # A2 with a low board: a weak high hand but the nut low. In Omaha hi-lo the bot
    # measures its share of the split pot, far above its high-only equity.
    def equity(options: dict[str, object]) -> float:
        deck = arranged_deck(["As 2s Kh Qd", "9c 9d Tc Th"], board="3h 5c 7d Jc Qc")
        game = hoyle.new_game("omaha", players=2, deck=deck, options=options)
        while game.phase != "river":  # call and check to the river: the board is known
            game.act(next(a for a in game.legal_actions() if a.kind in ("check", "call")))
        bot = PokerBot(seed=3, trials=60)
        decide(game, game.to_act, bot)
        return bot.last["equity"]

    assert equity({"hi_lo": True}) > equity({}) + 0.2


def test_wins_chips_from_random_bots() -> None:
    """1,500 six-handed hands, the bot's seat rotating: it must be ahead by more than two
    standard errors. The same measurement fails for a random bot in its seat, and would
    for one that always folds (-25 bb/100: it only pays its blinds)."""

    def passes(bot: str) -> bool:
        bb100, se = measure(1500, seed=11, bot=bot)
        return bb100 > 2 * se

    assert passes("poker")
    assert not passes("random")


def test_docstrings() -> None:
    import doctest

    from hoyle_poker import bots

    failures, tried = doctest.testmod(bots)
    assert tried > 0 and failures == 0

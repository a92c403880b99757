"""The poker bot's levels (issue 30): names and levels through make_bot, legal play at
every level in every game the bot claims, replay by seed, the easy level's documented
mistakes, the hard level's push/fold mode, ranges, sizing and information-set
invariance. Strength: benches/poker_levels.py (docs/bots.md)."""

from __future__ import annotations

import functools

import hoyle
import pytest
from hoyle import Action, Rng
from hoyle import poker as ev
from hoyle.errors import InvalidArgumentError
from hoyle.testing import check_variant
from hoyle_poker import hard, push_fold_chart
from hoyle_poker.bots import EASY_MISTAKES, PokerBot, situation
from hoyle_poker.draw_equity import best_discard, draw_equity
from hoyle_poker.flop import arranged_deck
from hoyle_poker.stud_equity import stud_equity

RAINBOW = "Kc 9d 5h 3s 2c"
LEVELS = ("easy", "medium", "hard")


def decide(game: hoyle.Game, seat: int, bot: PokerBot) -> Action:
    assert game.to_act == seat
    return bot.choose(game.view(seat), game.legal_actions(seat))


def test_make_bot_reads_levels() -> None:
    assert hoyle.make_bot("poker:hard", seed=1).level == "hard"  # type: ignore[attr-defined]
    assert hoyle.make_bot("poker", seed=1, level="easy").level == "easy"  # type: ignore[attr-defined]
    assert hoyle.make_bot("poker", seed=1).level == "medium"  # type: ignore[attr-defined]
    with pytest.raises(InvalidArgumentError, match="unknown bot level 'expert'"):
        hoyle.make_bot("poker:expert", seed=1)
    with pytest.raises(InvalidArgumentError, match="level 'expert'"):
        PokerBot(level="expert")


GAMES = [
    ("texas-holdem", {"hands": 3}),
    ("texas-holdem", {"hands": 2, "structure": "fixed-limit"}),
    ("texas-holdem", {"hands": 2, "stack": 20}),  # 10 big blinds: the push/fold mode
    ("texas-holdem", {"showdown": "manual"}),
    ("omaha", {"hands": 2}),
    ("omaha", {"hole_cards": 5, "hi_lo": True}),
    ("short-deck-holdem", {"hands": 2}),
    ("seven-card-stud", {"hands": 2}),
    ("seven-card-stud-hi-lo", {"hands": 1}),
    ("razz", {"hands": 1}),
    ("five-card-draw", {"hands": 2}),
    ("five-card-draw", {"max_discard": 4, "wild_rank": True}),
    ("deuce-to-seven-single-draw", {"hands": 1}),
    ("deuce-to-seven-triple-draw", {"hands": 1}),
    ("ace-to-five-triple-draw", {"hands": 1}),
    ("badugi", {"hands": 1}),
]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("variant", "options"), GAMES)
def test_every_level_plays_every_game_legally(level: str, variant: str, options: dict[str, object]) -> None:
    assert variant in PokerBot.variants
    bot = functools.partial(PokerBot, level=level, trials=4, samples=64 if level == "hard" else 4)
    games = check_variant(variant, games=3, seed=5, bot=bot, options=options)
    assert all(g.is_over for g in games)


def _record(level: str, seed: int, variant: str = "texas-holdem") -> list[str]:
    game = hoyle.new_game(variant, players=3, seed=11, options={"hands": 3})
    bots = [PokerBot(seed=seed, level=level), PokerBot(seed=seed + 1), PokerBot(seed=seed + 2, level=level)]
    played = []
    while not game.is_over:
        p = game.to_act
        assert p is not None
        a = bots[p].choose(game.view(p), game.legal_actions(p))
        played.append(str(a))
        game.act(a, seat=p)
    return played


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("variant", ["texas-holdem", "omaha", "razz", "badugi"])
def test_levels_replay_by_seed(level: str, variant: str) -> None:
    first = _record(level, 5, variant)
    assert len(first) > 10
    assert first == _record(level, 5, variant)


def _river(hole: str, bet: str | None) -> hoyle.Game:
    """Heads-up, a 40-chip pot on a rainbow river, the big blind (seat 0, holding
    ``hole``) to act: first (``bet=None``) or facing the button's ``bet``."""
    game = hoyle.new_game("texas-holdem", players=2, deck=arranged_deck([hole, "Qs Jd"], RAINBOW))
    game.act("raise to 20", 1)
    game.act("call", 0)
    while game.state.public["street"] < 3:
        game.act("check", game.to_act)
    if bet is not None:
        game.act("check", 0)
        game.act(bet, 1)
    return game


def test_easy_mistakes_are_documented() -> None:
    assert len(EASY_MISTAKES) == 3
    assert any("pot odds" in m for m in EASY_MISTAKES) and any("bluff" in m for m in EASY_MISTAKES)


def test_easy_calls_an_overbet_with_ace_high_medium_folds() -> None:
    # ace high has about 33% against a random hand here; all-in 180 into 40 costs 45%
    game = _river("Ah 7c", "bet to 180")
    assert decide(game, 0, PokerBot(seed=7, trials=200)) == Action("fold")
    assert decide(game, 0, PokerBot(seed=7, trials=200, level="easy")) == Action("call")


def test_easy_folds_at_a_tiny_price_medium_calls() -> None:
    # jack high: about 16% against a random hand; a 2-chip bet into 40 costs under 5%
    game = _river("Jh 4d", "bet to 2")
    assert decide(game, 0, PokerBot(seed=7, trials=200)) == Action("call")
    assert decide(game, 0, PokerBot(seed=7, trials=200, level="easy")) == Action("fold")


def test_easy_checks_a_good_hand_medium_bets() -> None:
    # a pair of nines: about 67% against a random hand, not a monster
    game = _river("9h 4d", None)
    assert decide(game, 0, PokerBot(seed=7, trials=200)).kind == "bet"
    assert decide(game, 0, PokerBot(seed=7, trials=200, level="easy")) == Action("check")


def test_easy_min_raises_aces() -> None:
    game = hoyle.new_game("texas-holdem", players=2, deck=arranged_deck(["Kc 9c", "As Ad"]))
    least = game.view(1)["public"]["range"][0]
    medium = decide(game, 1, PokerBot(seed=3, trials=200))
    assert medium.kind == "raise" and medium.amount is not None and medium.amount > least
    assert decide(game, 1, PokerBot(seed=3, trials=200, level="easy")) == Action("raise", amount=least)


def _first_in(hole: str, big_blinds: int) -> hoyle.Game:
    """Heads-up, both ``big_blinds`` deep, the button (seat 1, holding ``hole``) first in."""
    return hoyle.new_game(
        "texas-holdem", players=2, deck=arranged_deck(["Qd Jd", hole]), options={"stack": 2 * big_blinds}
    )


@pytest.mark.parametrize(("hole", "big_blinds"), [("As Ah", 8), ("Ks 5d", 8), ("As Ah", 12)])
def test_hard_pushes_all_in_short(hole: str, big_blinds: int) -> None:
    game = _first_in(hole, big_blinds)
    bot = PokerBot(seed=1, level="hard")
    assert decide(game, 1, bot) == Action("raise", amount=2 * big_blinds)  # all-in, not a sized raise
    assert bot.last["chips_push"] > bot.last["chips_fold"]


@pytest.mark.parametrize("big_blinds", [8, 12])
def test_hard_folds_seven_deuce_short(big_blinds: int) -> None:
    # against the chart's calling range seven-deuce loses more when called than the
    # blinds it steals: folding keeps more chips
    bot = PokerBot(seed=1, level="hard")
    assert decide(_first_in("7c 2d", big_blinds), 1, bot) == Action("fold")
    assert bot.last["chips_push"] < bot.last["chips_fold"]


def test_hard_leaves_push_fold_deep() -> None:
    # 50 big blinds: aces raise by size, not all-in
    game = _first_in("As Ah", 50)
    action = decide(game, 1, PokerBot(seed=1, level="hard"))
    assert action.kind == "raise" and action.amount is not None and action.amount < 100


def test_hard_folds_seven_deuce_to_a_deep_shove() -> None:
    game = hoyle.new_game("texas-holdem", players=2, deck=arranged_deck(["7c 2d", "Ks Qs"]), options={"stack": 100})
    game.act("raise to 100", 1)  # 50 big blinds all-in
    bot = PokerBot(seed=1, level="hard")
    assert decide(game, 0, bot) == Action("fold")
    assert bot.last["equity"] < bot.last["price"]


def test_hard_calls_a_short_shove_with_the_charts_range() -> None:
    # an 8-big-blind shove comes from the chart's wide pushing range: A9o is ahead of it
    # and gets the price (call 14 to win 32)
    game = hoyle.new_game("texas-holdem", players=2, deck=arranged_deck(["Ad 9c", "Ks Qs"]), options={"stack": 16})
    game.act("raise to 16", 1)
    bot = PokerBot(seed=1, level="hard")
    assert decide(game, 0, bot) == Action("call")
    assert bot.last["equity"] > 0.5 > bot.last["price"]


def test_a_raise_narrows_the_range() -> None:
    random = hard.starting_range("holdem")
    opened = hard.narrow(random, hard.Move(1, 0, "raise", 0, (), False), "holdem", 2, 200)
    three_bet = hard.narrow(opened, hard.Move(1, 0, "raise", 1, (), False), "holdem", 2, 200)
    assert random.size == 1326
    assert opened.weight("As Ad") == three_bet.weight("As Ad") == 1.0
    assert opened.weight("7c 2d") == pytest.approx(hard.FLOOR)
    # a hand in the opening range but not the 3-betting one loses weight at the 3-bet
    assert opened.weight("Kd 8c") == 1.0 and three_bet.weight("Kd 8c") == pytest.approx(hard.FLOOR)
    # after the flop a bet keeps the made hands: a set of kings over seven high
    bet = hard.narrow(random, hard.Move(1, 1, "bet", 0, ("Kc", "9d", "5h"), False), "holdem", 2, 200)
    assert bet.weight("Ks Kd") == 1.0 and bet.weight("7h 4d") == pytest.approx(hard.FLOOR)


def test_hard_equity_is_against_the_narrowed_range() -> None:
    # QJs against a random hand is about 60%; against a 4-bettor's range far less
    game = hoyle.new_game("texas-holdem", players=2, deck=arranged_deck(["Qh Jh", "7c 2d"]))
    bot = PokerBot(seed=1, level="hard")
    decide(game, 1, PokerBot(seed=1))  # not acted: just the first view
    for amount in (6, 18, 54):
        game.act(f"raise to {amount}", game.to_act)
    # seat 0 raised to 18 itself; seat 1 raised twice: its range is narrowed twice
    assert game.to_act == 0
    decide(game, 0, bot)
    assert bot.last["equity"] < 0.45


def test_hard_bets_within_the_range_and_commits_at_low_spr() -> None:
    # the nuts on the river (a straight): a sized bet with 180 behind a 40 pot...
    deep = _river("4d 6c", None)
    action = decide(deep, 0, PokerBot(seed=1, level="hard"))
    least, most = deep.view(0)["public"]["range"]
    assert action.kind == "bet" and action.amount is not None and least <= action.amount < most
    assert 38 <= action.amount <= 40  # near certainty (a split with the other 6-4) bets about the pot
    # ...and all-in with 25 behind the 40 pot (less than one pot left after the bet)
    game = hoyle.new_game(
        "texas-holdem", players=2, deck=arranged_deck(["4d 6c", "Qs Jd"], RAINBOW), options={"stack": 45}
    )
    game.act("raise to 20", 1)
    game.act("call", 0)
    while game.state.public["street"] < 3:
        game.act("check", game.to_act)
    assert decide(game, 0, PokerBot(seed=1, level="hard")) == Action("bet", amount=25)


def _heads_up(opponent_hole: str, seed: int) -> list[tuple[dict[str, object], str]]:
    """A hand where seat 0 is the hard bot and seat 1 only checks and calls: seat 0's
    view and move at each of its decisions."""
    deck = arranged_deck(["Ah Td", opponent_hole], "Kc 9d 5h 3s 2c")
    game = hoyle.new_game("texas-holdem", players=2, deck=deck)
    bot = PokerBot(seed=seed, level="hard")
    seen = []
    while not game.is_over and game.phase != "showdown":
        seat = game.to_act
        if seat == 1:
            legal = {a.kind: a for a in game.legal_actions(1)}
            game.act(legal.get("check") or legal["call"], seat=1)
            continue
        view = game.view(0)
        action = bot.choose(view, game.legal_actions(0))
        seen.append((view, str(action)))
        game.act(action, seat=0)
        if game.state.public.get("street", 0) == 3 and action.kind in ("check", "call"):
            break
    return seen


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hard_decides_from_the_information_set_alone(seed: int) -> None:
    # the same view and seed must give the same moves whatever the opponent holds
    runs = [_heads_up(hole, seed) for hole in ("7c 2d", "Kd Ks", "9s 9h")]
    assert len(runs[0]) >= 3
    for other in runs[1:]:
        assert [v for v, _ in other] == [v for v, _ in runs[0]]  # the views agree
        assert [a for _, a in other] == [a for _, a in runs[0]]


def test_the_chart_is_what_the_solver_computes() -> None:
    assert push_fold_chart.solve(10) == push_fold_chart.CHART[10]


def test_the_chart_tightens_with_depth() -> None:
    share = {d: [ev.Range(r).percent for r in push_fold_chart.CHART[d]] for d in push_fold_chart.DEPTHS}
    assert all(share[d][0] >= share[d + 5][0] for d in range(2, 11))  # pushing
    assert all(share[d][1] >= share[d + 5][1] for d in range(2, 11))  # calling
    for push, call in push_fold_chart.CHART.values():
        assert ev.Range(push).weight("As Ad") == ev.Range(call).weight("As Ad") == 1.0


def test_docstrings() -> None:
    import doctest

    for module in (hard, push_fold_chart):
        failures, tried = doctest.testmod(module)
        assert tried > 0 and failures == 0


MINE = ["As", "2s", "3d", "4c", "6h", "Kd", "Qc"]  # a 6-4-3-2-A low, king high
KINGS = ["Kh", "Ks", "Kc", "9d"]  # trip kings showing, no low possible with three cards to come


@pytest.mark.parametrize(("game", "share"), [("stud", 0.0), ("razz", 1.0), ("stud-hi-lo", 0.5)])
def test_stud_equity_scores_each_game(game: str, share: float) -> None:
    # seventh street: the kings win the high, the wheel-ish low wins razz and the low half
    assert stud_equity(MINE, [KINGS], [], Rng(1), game, deals=40) == share


def test_stud_equity_removes_the_cards_it_has_seen() -> None:
    # four queens showing elsewhere (dead): the opponent can never make queens, so a
    # pair of aces with the queens dead does better than with them live
    mine, opponent = ["As", "Ad", "7c"], [["Qh"]]
    live = stud_equity(mine, opponent, [], Rng(2), "stud", deals=400)
    dead = stud_equity(mine, opponent, ["Qs", "Qd", "Qc"], Rng(2), "stud", deals=400)
    assert dead > live


def test_every_level_posts_the_bring_in() -> None:
    game = hoyle.new_game("seven-card-stud", players=3, seed=2)
    seat = game.to_act
    assert seat is not None and {a.kind for a in game.legal_actions(seat)} == {"bet", "bring-in"}
    for level in LEVELS:
        assert decide(game, seat, PokerBot(seed=1, level=level)).kind == "bring-in"


WHEEL_27 = ["7h", "5d", "4c", "3s", "2h"]  # the best deuce-to-seven hand


@pytest.mark.parametrize(("rule", "low"), [("deuce-to-seven", True), ("high", False)])
def test_draw_equity_scores_each_rule(rule: str, low: bool) -> None:
    # no draw left: 7-5-4-3-2 wins every deuce-to-seven showdown it does not tie, and
    # seven high loses nearly every high one
    share = draw_equity(WHEEL_27, 1, [], Rng(1), rule, deals=300)
    assert share > 0.99 if low else share < 0.05


def test_draw_keeps_what_the_game_values() -> None:
    # five-card draw: ace-king high with four hearts draws to the flush
    flush_draw = ["Ah", "Kh", "8h", "4h", "2c"]
    assert best_discard(flush_draw, [(), ("2c",), ("Ah", "Kh")], 1, [], Rng(1), "high", deals=300) == ("2c",)
    # trip kings in deuce-to-seven: the kings are the worst cards to keep
    trips = ["Ks", "Kd", "Kh", "7c", "2d"]
    throws = [(), ("7c", "2d"), ("Kh", "7c", "2d"), ("Ks", "Kd", "Kh")]
    assert best_discard(trips, throws, 1, [], Rng(1), "deuce-to-seven") == ("Ks", "Kd", "Kh")
    # badugi: three deuces and a king make a two-card hand; it draws rather than stand pat
    hand = ["2c", "2d", "2h", "Ks"]
    assert best_discard(hand, [(), ("2d", "2h")], 1, [], Rng(1), "badugi") == ("2d", "2h")


def test_every_level_breaks_a_pair_of_kings_in_lowball() -> None:
    # deuce-to-seven single draw, seat 0 holds Ks Kd 7c 4h 2d at the draw: a pair is a
    # losing lowball hand, every level throws a king at least (standing pat is legal)
    from hoyle.testing import rigged_deck

    hands = {0: "Ks Kd 7c 4h 2d", 1: "Qs Jd 9c 8h 3d"}
    deck = rigged_deck("deuce-to-seven-single-draw", hands=hands, seed=1)
    game = hoyle.new_game("deuce-to-seven-single-draw", players=2, deck=deck, seed=1)
    while game.phase != "draw-1":
        game.act(next(a for a in game.legal_actions() if a.kind in ("check", "call")), game.to_act)
    assert game.to_act == 0 and Action("draw") in game.legal_actions(0)
    for level in LEVELS:
        action = decide(game, 0, PokerBot(seed=1, level=level))
        assert action.kind == "discard" and {"Ks", "Kd"} & {str(c) for c in action.cards}, level


def test_an_open_pair_bets_a_listed_size() -> None:
    # seven-card stud, seed 11: on fourth street an open pair lets the first bet be the
    # small bet (2) or the big bet (4), nothing between; each level's bet is one of them
    game = hoyle.new_game("seven-card-stud", players=2, seed=11)
    while game.state.public.get("range") in (None, [2, 2], (2, 2)) or game.phase != "fourth":
        legal = game.legal_actions()
        game.act(next((a for a in legal if a.kind in ("check", "call", "bring-in")), legal[0]), game.to_act)
    seat = game.to_act
    assert seat is not None and [str(a) for a in game.legal_actions(seat)] == ["check", "bet to 2", "bet to 4"]
    s = situation(game.view(seat), game.legal_actions(seat))
    assert s is not None and s.fixed
    assert s.bet(3) == Action("bet", amount=2) and s.bet(7) == Action("bet", amount=4)  # the nearer, not 3
    for level in LEVELS:
        for seed in range(4):
            action = decide(game, seat, PokerBot(seed=seed, level=level))
            assert action in game.legal_actions(seat), (level, str(action))


def test_hard_respects_a_raise_war_where_no_range_applies() -> None:
    # Omaha: aces and kings double-suited (about 73 % against a random hand) face a
    # third raise; against random hands that re-raises, against raisers it only calls
    deck = arranged_deck(["As Ah Ks Kh", "7c 6d 4s 2c"])
    game = hoyle.new_game("omaha", players=2, deck=deck, options={"structure": "pot-limit"})
    for amount in (6, 18, 54):
        game.act(f"raise to {amount}", game.to_act)
    bot = PokerBot(seed=1, level="hard")
    assert decide(game, 0, bot) == Action("call")
    raw = bot.last["equity"] ** (1 / 2)  # two raises by the opponent: equity ** 2
    assert raw > bot.last["value_at"] > bot.last["equity"] > bot.last["price"]

"""Wrotham rummy (docs/rules/rummy.md#c1), scripted deal by deal."""

from __future__ import annotations

import functools

import hoyle
from hoyle import Deck, rummy
from hoyle.testing import check_variant
from hoyle_rummy.turns import MeldingBot
from rummy_decks import cards, play_checked, texts

RUN = "2h 3h 4h 5h 6h 7h 8h Kd"  # a seven-card run and a king: out on the first turn
OTHER = "Jk#1 2c 3d 4s 6c 8d Tc"  # 15 + 2 + 3 + 4 + 6 + 8 + 10 = 48


def wrotham_deck(starter: str, other: str, stock: str = "") -> Deck:
    """Two players: the starter gets seven cards dealt alternately with the other
    player's seven, then an eighth; then the stock."""
    s, o = starter.split(), other.split()
    order = [c for pair in zip(s[:7], o) for c in pair] + [s[7]] + stock.split()
    rest = [str(c) for c in Deck.standard(1, 3) if str(c) not in order]
    return Deck(" ".join(order + rest))


def wrotham(decks: list[Deck]) -> hoyle.Game:
    return hoyle.new_game("wrotham-rummy", deck=decks, options={"first_dealer": 1})


def test_eight_cards_to_the_starter_no_up_card_no_first_draw() -> None:
    for players in (2, 4):
        game = hoyle.new_game("wrotham-rummy", players=players, seed=3)
        starter = game.to_act
        sizes = [len(game.state.zone(f"hand:{s}").cards) for s in game.state.seats]
        assert sizes == [8 if s == starter else 7 for s in game.state.seats]
        assert not game.state.zone("discard").cards and len(game.state.zone("stock").cards) == 55 - 7 * players - 1
        assert game.phase == "play" and not [t for t in texts(game) if t.startswith("draw")]


def test_joker_counts_15_and_the_winner_scores_the_other_hand() -> None:
    game = wrotham([wrotham_deck(RUN, OTHER)])
    game.act("meld 2h 3h 4h 5h 6h 7h 8h")
    game.act("discard Kd")
    assert game.state.score_sheet == [[48, 0]]


def test_joker_exchange() -> None:
    game = wrotham([wrotham_deck("5h Jk 7h 9c Tc Qs Ks Kd", "6h 2c 3d 4s 6c 8d Ac", "2s 3s")])
    assert "meld 5h Jk 7h" in texts(game)
    game.act("meld 5h Jk 7h")
    game.act("discard Kd")
    game.act("draw stock")
    assert "exchange 6h on 0" in texts(game)
    game.act("exchange 6h on 0")
    assert "Jk" in cards(game, "hand:1") and sorted(cards(game, "meld:0")) == ["5h", "6h", "7h"]
    assert game.state.zone("meld:0").owner == 0


def test_deals_four_to_six_meld_only_to_lay_down_all_seven() -> None:
    early = wrotham([wrotham_deck("2h 3h 4h 7c 7d 9s Kd Qd", OTHER)])
    assert "meld 2h 3h 4h" in texts(early)  # deals 1-3: meld as in basic rummy
    # Deals 1-3 end at once (seat 0, 1, 0 start and go out); deal 4 is all-seven.
    quick = [wrotham_deck(RUN, OTHER) for _ in range(3)]
    stuck = wrotham([*quick, wrotham_deck("2h 3h 4h 7c 7d 9s Kd Qd", OTHER)])
    for _ in range(3):
        stuck.act("meld 2h 3h 4h 5h 6h 7h 8h")
        stuck.act("discard Kd")
    assert stuck.state.deal_number == 3 and stuck.to_act == 1
    assert all(t.startswith("discard") for t in texts(stuck))
    going = wrotham([*quick, wrotham_deck("2h 3h 4h 7c 7d 7s Jk Kd", OTHER)])
    for _ in range(3):
        going.act("meld 2h 3h 4h 5h 6h 7h 8h")
        going.act("discard Kd")
    assert "meld 2h 3h 4h" in texts(going)
    going.act("meld 2h 3h 4h")
    assert not [t for t in texts(going) if t.startswith("discard")]


def test_six_deals_then_settle_the_differences() -> None:
    game = wrotham([wrotham_deck(RUN, OTHER) for _ in range(6)])
    for _ in range(6):
        game.act("meld 2h 3h 4h 5h 6h 7h 8h")
        game.act("discard Kd")
    assert game.result is not None and game.result["deals"] == 6
    assert game.result["scores"] == [3 * 48, 3 * 48]  # the starter alternates, and wins each deal
    assert game.result["settlement"] == [0, 0]


def test_conformance() -> None:
    bot = functools.partial(MeldingBot, rules=rummy.MeldRules.wrotham())
    check_variant("wrotham-rummy", games=2, bot=bot, max_actions=5000)
    check_variant("wrotham-rummy", games=1, players=4, bot=bot, max_actions=5000)


def test_an_exchange_while_laying_down_all_seven_never_strands_the_turn() -> None:
    """Deals 4-6: once a player has started laying down all seven, an exchange is offered
    only if the hand it leaves can still all go down that turn. Found by random play
    (seed 2): after ``meld Jk Jk#1 Jd`` in deal 4 the exchange ``Qd on 0`` left five
    cards that could not all go down, and no action was legal."""
    import random

    game = hoyle.new_game("wrotham-rummy", players=2, seed=2)
    rng = random.Random(2)
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, f"seat {game.to_act} has no legal action after {len(game.record['actions'])} actions"
        game.act(rng.choice(legal))
    assert len(game.state.score_sheet) == 6  # the six deals


def test_laying_down_all_seven_never_strands_on_a_joker_at_a_runs_end() -> None:
    """Deals 4-6 (docs/rules/rummy.md#c1): each meld or lay-off while laying down all seven
    must leave cards the turn's own melds and one-card lay-offs can still all put down.
    Found by random play (seed 11789508116705220505, bots random, rummy, random, deal 4):
    after ``draw discard`` (6c), ``meld 2c 3c 4c 5c`` and ``lay off 6c on 0`` the hand
    ``Jk 8c Kc`` had no legal action - the check counted the joker as the 7c, but the
    lay-off it allowed was refused once the joker lay on the run."""
    quick = [wrotham_deck(RUN, OTHER) for _ in range(3)]
    game = wrotham([*quick, wrotham_deck("6c 9d Td Qs 2s 4s 6s 8h", "2c 3c 4c 5c Jk 8c Kc")])
    for _ in range(3):
        game.act("meld 2h 3h 4h 5h 6h 7h 8h")
        game.act("discard Kd")
    assert game.state.deal_number == 3 and game.to_act == 1
    game.act("discard 6c")
    game.act("draw discard")
    game.act("meld 2c 3c 4c 5c")
    game.act("lay off 6c on 0")
    assert "lay off Jk on 0" in texts(game) and not [t for t in texts(game) if t.startswith("discard")]
    game.act("lay off Jk on 0")
    assert texts(game) == ["lay off 8c on 0"]  # the joker now stands for the 7c; the Kc waits to go last
    game.act("lay off 8c on 0")
    assert cards(game, "meld:0") == ["2c", "3c", "4c", "5c", "6c", "Jk", "8c"]  # in rank order, the joker as the 7c
    game.act("discard Kc")
    assert game.state.deal_number == 4 and game.state.score_sheet[3][0] > 0


def test_the_stranded_seed_plays_to_the_end() -> None:
    """The random-play game of the test above, replayed: every seat to act always has a
    legal action, through all six deals."""
    game = play_checked("wrotham-rummy", 11789508116705220505, ["random", "rummy", "random"])
    assert len(game.state.score_sheet) == 6

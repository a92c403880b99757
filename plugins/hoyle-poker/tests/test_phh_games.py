"""PHH replay of the stud and draw games: every F7S, F7S/8, FR, F2L3D and N2L1D file of
../shared/conformance/phh reproduces its recorded finishing stacks; the historical
triple-draw and badugi hands replay."""

from __future__ import annotations

import doctest

import hoyle
import hoyle_poker.phh_games
import pytest
from hoyle import phh
from hoyle.errors import ReplayError
from phh_corpus import check_corpus

CODES = {"F7S", "F7S/8", "FR", "F2L3D", "N2L1D", "FB"}


def test_corpus_stud_and_draw_replay_to_recorded_stacks() -> None:
    wsop = {"F7S": 13, "F7S/8": 7, "FR": 9, "F2L3D": 7, "N2L1D": 7}
    check_corpus(CODES, {"wsop": wsop, "historical": {"F2L3D": 1, "FB": 1}})


def test_wrong_bring_in_does_not_replay() -> None:
    # p2's 2c is the lowest up card: p1 cannot bring in
    text = """
variant = 'F7S'
antes = [1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [50, 50]
actions = ['d dh p1 AsAd3c', 'd dh p2 KcKd2c', 'p1 pb']
"""
    with pytest.raises(ReplayError, match="bring"):
        phh.replay(text)


def test_draw_replay_with_unknown_discards_learned_from_the_show() -> None:
    # p1's hand is unknown; it discards one unknown card and shows its final hand
    text = """
variant = 'N2L1D'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 ??????????', 'd dh p2 7s5d4c3h2s', 'p2 cc', 'p1 cc', 'p1 sd ??', 'p2 sd', 'd dh p1 8c',
           'p1 cc', 'p2 cc', 'p1 sm 8c6d5s3d2c', 'p2 sm 7s5d4c3h2s']
"""
    game = phh.replay(text)
    assert game.result["stacks"] == [98, 102]  # 7-5-4-3-2 beats 8-6-5-3-2


def test_doctests() -> None:
    assert doctest.testmod(hoyle_poker.phh_games).failed == 0


DUMPED = (
    ("seven-card-stud", {"open_pair": "small-bet"}),  # PokerKit has no big-bet option on an open pair
    ("seven-card-stud-hi-lo", {}),
    ("razz", {}),
    ("deuce-to-seven-single-draw", {}),
    ("deuce-to-seven-triple-draw", {}),
    ("badugi", {}),
)


def _random_hand(variant: str, options: dict, seed: int) -> hoyle.Game:
    # PokerKit's fixed-limit rule: only a full bet reopens the betting
    g = hoyle.new_game(
        variant,
        players=2 + seed % 5,
        seed=seed,
        options={"short_all_in": "full-bet", "stack": 30 + seed % 40, **options},
    )
    rng = hoyle.Rng(seed)
    while not g.is_over:
        legal = g.legal_actions()
        g.act(legal[rng.below(len(legal))])
    return g


@pytest.mark.parametrize("variant, options", DUMPED)
def test_stud_and_draw_dumps_load_in_pokerkit_and_replay(variant: str, options: dict) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    for seed in range(12):
        g = _random_hand(variant, options, seed)
        text = phh.dump(g)
        *_, state = pokerkit.HandHistory.loads(text)
        assert list(state.stacks) == g.result["stacks"] == phh.loads(text)["finishing_stacks"], (seed, text)
        if not any(e.type == "reshuffle" for e in g.events):  # hoyle's replay cannot redo a reshuffle
            assert phh.replay(text).result["stacks"] == g.result["stacks"]


def test_draw_dump_lists_the_discards_then_the_replacements() -> None:
    # heads-up single draw: seat 1 (button) 7-5-4-3-2, seat 0 draws one card
    cards = "8c 6d 5s 3d Kh  7s 5d 4c 3h 2s  2c"
    deck = hoyle.Deck(
        " ".join(cards.split()) + " " + " ".join(str(c) for c in hoyle.Deck.standard() if str(c) not in cards.split())
    )
    g = hoyle.new_game("deuce-to-seven-single-draw", players=2, deck=deck, seed=1)
    for a in ("call", "check", "discard Kh", "draw", "check", "check"):
        g.act(a)
    hh = phh.loads(phh.dump(g))
    assert hh["variant"] == "N2L1D" and hh["blinds_or_straddles"] == [1, 2] and hh["min_bet"] == 2
    assert hh["actions"] == [
        "d dh p1 8c6d5s3dKh",
        "d dh p2 7s5d4c3h2s",
        "p2 cc",
        "p1 cc",
        "p1 sd Kh",
        "p2 sd",
        "d dh p1 2c",
        "p1 cc",
        "p2 cc",
        "p1 sm 8c6d5s3d2c",
        "p2 sm 7s5d4c3h2s",  # checked: first left of the button shows first
    ]
    assert hh["finishing_stacks"] == g.result["stacks"] == [198, 202]


def test_stud_dump_deals_third_street_in_one_line_and_shows_seven_cards() -> None:
    g = _random_hand("seven-card-stud", {"open_pair": "small-bet"}, 3)
    acts = phh.loads(phh.dump(g))["actions"]
    third = [a for a in acts if a.startswith("d dh")][: len(g.state.players)]
    assert all(len(a.split()[3]) == 6 for a in third)  # two down, one up
    for a in acts:
        if " sm " in a:
            assert len(a.split()[2]) == 14


def test_games_without_a_phh_code_do_not_dump() -> None:
    g = hoyle.new_game("five-card-draw", players=2, seed=1)
    with pytest.raises(ReplayError, match="five-card-draw"):
        phh.dump(g)


def test_a_card_dealt_from_the_reshuffled_stock_is_the_discard_it_was() -> None:
    """Positions dealt past the deck come from the reshuffled discards: each is the
    earlier position it maps to, known from either, and a known card the mapped discard
    cannot be is refused by name."""
    from hoyle import Card, Deck
    from hoyle.errors import ReplayError
    from hoyle_poker.phh_games import _Deal

    deal = _Deal(1)
    deal.deal(0, [Card("As"), None, None])
    assert [str(c) for c in deal.deck(Deck("As Kd"), aliases={2: 1})] == ["As", "Kd", "Kd"]
    deal.order[2] = Card("Qh")
    assert [str(c) for c in deal.deck(Deck("As Kd Qh"), aliases={})] == ["As", "Kd", "Qh"]
    assert [str(c) for c in deal.deck(Deck("As Qh"), aliases={2: 1})] == ["As", "Qh", "Qh"]
    with pytest.raises(ReplayError, match="the reshuffled stock cannot deal Qh: the discard it deals is As"):
        deal.deck(Deck("As Kd"), aliases={2: 0})
    with pytest.raises(ReplayError, match="the deck runs out"):
        deal.deck(Deck("As Kd"))

"""PHH: the real hand histories of ../shared/conformance/phh replay to their recorded
finishing stacks; hoyle hands dump to PHH that replays (and that PokerKit loads)."""

from __future__ import annotations

import doctest

import hoyle
import pytest
from hoyle import phh
from hoyle.errors import ReplayError
from hoyle_poker.flop import arranged_deck
from phh_corpus import CORPUS, check_corpus

FLOP_CODES = {"NT", "PO", "FO/8", "FT", "NS"}


def test_corpus_flop_games_replay_to_recorded_stacks() -> None:
    wsop = {"NT": 11, "PO": 7, "FO/8": 14, "FT": 7}
    check_corpus(FLOP_CODES, {"pluribus": {"NT": 212}, "wsop": wsop, "historical": {"NT": 1, "PO": 1, "NS": 1}})


def test_unknown_hole_cards_are_dealt_from_unseen_cards() -> None:
    path = CORPUS / "wsop/2023/43/5/35.phh"
    if not path.exists():
        pytest.skip(f"{path} not found")
    game = phh.replay(path)  # p3 '????' folds; p5 mucks at the showdown
    assert game.result["stacks"] == phh.load(path)["finishing_stacks"]
    mucked = [e.seat for e in game.events if e.type == "muck"]
    assert mucked == [4]


def test_decimal_amounts_are_scaled_and_scaled_back() -> None:
    text = """
variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [0.5, 1]
min_bet = 1
starting_stacks = [100.25, 50.5]
actions = ['d dh p1 AsAdKsKd', 'd dh p2 7c2d8h3s', 'p2 cbr 2.75', 'p1 f']
"""
    game = phh.replay(text)
    # p2 (button, small blind 0.5) raises to 2.75, p1 (big blind 1) folds
    assert game.result["stacks"] == [99.25, 51.5]


def test_replay_errors_name_the_action() -> None:
    text = """
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 QsQd', 'p3 cbr 3']
"""
    with pytest.raises(ReplayError, match=r"action 3.*raise to 3"):
        phh.replay(text)
    with pytest.raises(ReplayError, match="no replayer"):
        phh.replay(text.replace("'NT'", "'XX'"))
    with pytest.raises(ReplayError, match="not PHH"):
        phh.loads("variant = ")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("starting_stacks = [100.25, 50.5]", "starting_stacks = [nan, 50.5]"),
        ("starting_stacks = [100.25, 50.5]", "starting_stacks = [100.25, inf]"),
        ("min_bet = 1", "min_bet = -inf"),
        ("'p2 cbr 2.75'", "'p2 cbr NaN'"),
        ("'p2 cbr 2.75'", "'p2 cbr Infinity'"),
    ],
)
def test_an_amount_that_is_not_a_finite_number_is_a_replay_error_naming_it(field: str, value: str) -> None:
    """TOML and the action texts can spell NaN and infinity; such an amount is refused by
    value (it was a TypeError from the decimal exponent 'n' or 'F')."""
    text = """
variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [0.5, 1]
min_bet = 1
starting_stacks = [100.25, 50.5]
actions = ['d dh p1 AsAdKsKd', 'd dh p2 7c2d8h3s', 'p2 cbr 2.75', 'p1 f']
"""
    assert field in text
    with pytest.raises(ReplayError, match="is not a finite number"):
        phh.replay(text.replace(field, value))


@pytest.mark.parametrize("amount", ["abc", "1e999999999"])
def test_an_amount_that_is_no_number_is_a_replay_error_naming_it(amount: str) -> None:
    """An action amount that is no number (or beyond the decimal context) is refused by
    value (it was decimal's InvalidOperation or Overflow)."""
    text = """
variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [0.5, 1]
min_bet = 1
starting_stacks = [100.25, 50.5]
actions = ['d dh p1 AsAdKsKd', 'd dh p2 7c2d8h3s', 'p2 cbr AMOUNT', 'p1 f']
"""
    with pytest.raises(ReplayError, match=f"amount '{amount}' is not a number"):
        phh.replay(text.replace("AMOUNT", amount))


def test_dump_replays_to_the_same_stacks() -> None:
    holes = ["As Ad", "Ks Kd", "7h 2s"]
    for options in ({}, {"ante": 1, "structure": "pot-limit"}, {"structure": "fixed-limit"}):
        g = hoyle.new_game(
            "texas-holdem", players=3, deck=arranged_deck(holes, "2c 5d 9h 8s 3c"), options=options, seed=1
        )
        while not g.is_over:
            legal = g.legal_actions()
            g.act(legal[1] if len(legal) > 2 else legal[0])  # call or check, or the least raise
        text = phh.dump(g)
        again = phh.replay(text)
        assert again.result["stacks"] == g.result["stacks"] == phh.loads(text)["finishing_stacks"]


def test_dump_of_random_games_replays() -> None:
    for variant, options in (
        ("texas-holdem", {}),
        ("omaha", {"hi_lo": True}),
        ("short-deck-holdem", {}),
    ):
        for seed in range(5):
            g = hoyle.new_game(variant, players=2 + seed, seed=seed, options=options)
            rng = hoyle.Rng(seed)
            while not g.is_over:
                legal = g.legal_actions()
                g.act(legal[rng.below(len(legal))])
            text = phh.dump(g)
            assert phh.replay(text).result["stacks"] == g.result["stacks"]


@pytest.mark.parametrize("hole_cards", [5, 6])
def test_five_and_six_card_omaha_do_not_dump_to_phh(hole_cards: int) -> None:
    """PHH's Omaha codes deal four hole cards (PokerKit refuses a 'PO' hand dealt five):
    five- and six-card Omaha have no PHH code, and the writer says so rather than write a
    file that means four-card Omaha."""
    g = hoyle.new_game("omaha", players=2, seed=1, options={"hole_cards": hole_cards})
    g.act("fold")
    with pytest.raises(ReplayError, match=f"'O' deals 4 hole cards: omaha with hole_cards={hole_cards}"):
        phh.dump(g)


def test_pokerkit_loads_our_dump() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    for seed in range(6):
        g = hoyle.new_game("texas-holdem", players=2 + seed % 5, seed=seed)
        rng = hoyle.Rng(seed)
        while not g.is_over:
            legal = g.legal_actions()
            g.act(legal[rng.below(len(legal))])
        hh = pokerkit.HandHistory.loads(phh.dump(g))
        *_, state = hh
        assert list(state.stacks) == g.result["stacks"]


def test_docstring_examples() -> None:
    import hoyle_poker
    import hoyle_poker.flop
    import hoyle_poker.phh_dump
    import hoyle_poker.replay

    for module in (phh, hoyle_poker, hoyle_poker.flop, hoyle_poker.replay, hoyle_poker.phh_dump):
        failures, tried = doctest.testmod(module)
        assert failures == 0 and tried > 0, module.__name__

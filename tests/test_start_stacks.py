"""What each seat brought to the table (``state.start_stacks``), read after the first
deal is dealt: the stacks given to the game, whether the deal goes on (no chip paid
yet) or ends before any decision (blinds all in: uncalled chips returned, the pot
awarded while dealing)."""

from __future__ import annotations

import hoyle
import pytest


@pytest.mark.parametrize(
    "stacks",
    [
        [200, 200],  # the deal goes on: every chip committed is still in the pot
        [1, 2],  # both blinds all in: the hand is run out and paid while dealing
        [1, 5],  # small blind all in for 1: the big blind's extra chip is returned, then paid
        [2, 1],
        [3, 1, 200],  # three seats, the big blind all in for less
        [1, 1, 1],
    ],
)
@pytest.mark.parametrize("seed", range(6))
def test_start_stacks_are_the_stacks_given(stacks: list[int], seed: int) -> None:
    game = hoyle.new_game("texas-holdem", players=len(stacks), seed=seed, stacks=stacks)
    state = game.state
    assert state.start_stacks == stacks
    # chips are neither made nor lost: what is behind and in the pot is what was brought
    assert sum(state.stacks) + state.pot == sum(stacks)


def test_a_deal_paid_while_dealing_settles_against_the_stacks_given() -> None:
    # both blinds all in: no decision, the game is over once dealt
    for seed in range(10):
        game = hoyle.new_game("texas-holdem", players=2, seed=seed, stacks=[1, 2], options={"hands": 1})
        state = game.state
        assert state.to_act is None
        assert state.pot == 0
        won = state.chips_won()
        assert won == {s: state.stacks[s] - [1, 2][s] for s in (0, 1)}
        assert sum(won.values()) == 0
        assert any(kind == "award" for kind, *_ in state.events)

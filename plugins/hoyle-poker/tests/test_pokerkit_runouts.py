"""Running it more than once, checked against PokerKit (a test extra): random no-limit
hold'em hands played in PokerKit's cash-game mode, where every player still in when the
betting closes with board cards to come selects the same runout count (2 or 3), replay in
hoyle with the option ``runs`` (PokerKit's boards, hole cards and actions) under
``conventions="pokerkit"`` to PokerKit's finishing stacks; under the default conventions
they replay to the same stacks whenever no PokerKit rule that differs decided anything."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hoyle.errors import ReplayError
from hoyle_poker.pokerkit_peer import automations
from hoyle_poker.replay import FlopHand, HandAction, replay_flop_hand

pokerkit = pytest.importorskip("pokerkit")

from pokerkit import Mode, NoLimitTexasHoldem  # noqa: E402
from pokerkit.state import (  # noqa: E402
    CheckingOrCalling,
    CompletionBettingOrRaisingTo,
    Folding,
    HoleDealing,
)

HANDS = 300


def cards(cs: Any) -> str:
    return "".join(repr(c) for c in cs)


def pokerkit_hand(seed: int) -> tuple[FlopHand, list[int], int]:
    """A random PokerKit hand run ``runs`` times when it can be, as a hoyle record, and
    PokerKit's finishing stacks."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    runs = rng.choice([2, 3])
    stacks = [rng.choice([rng.randint(1, 10), rng.randint(10, 60), rng.randint(60, 300)]) for _ in range(n)]
    random.seed(seed)  # PokerKit shuffles its deck with the random module
    state = NoLimitTexasHoldem.create_state(automations(), False, 0, (1, 2), 2, stacks, n, mode=Mode.CASH_GAME)
    while state.status:
        if state.can_select_runout_count():
            state.select_runout_count(runs)
            continue
        if state.actor_index is None:
            break
        op = rng.choice(["f", "cc", "cc", "cbr", "cbr", "all-in"])
        if op == "f" and state.checking_or_calling_amount:
            state.fold()
        elif op in ("cbr", "all-in") and state.can_complete_bet_or_raise_to():
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            state.complete_bet_or_raise_to(high if op == "all-in" else rng.randint(low, high))
        else:
            state.check_or_call()
    assert not state.status
    holes = [""] * n
    actions = []
    for op in state.operations:
        if isinstance(op, HoleDealing):
            holes[op.player_index] += cards(op.cards)
        elif isinstance(op, Folding):
            actions.append(HandAction(op.player_index, "fold"))
        elif isinstance(op, CheckingOrCalling):
            actions.append(HandAction(op.player_index, "call"))
        elif isinstance(op, CompletionBettingOrRaisingTo):
            actions.append(HandAction(op.player_index, "raise", op.amount))
    boards = [cards(state.get_board_cards(i)) for i in range(state.board_count)]
    hand = FlopHand(
        game="texas-holdem",
        structure="no-limit",
        stacks=stacks,
        blinds=[1, 2],
        holes=holes,
        board=boards[0],
        runs=boards[1:],
        actions=actions,
        min_bet=2,
    )
    return hand, list(state.stacks), state.board_count


def hoyle_stacks(hand: FlopHand, conventions: str) -> list[int] | str:
    try:
        game = replay_flop_hand(FlopHand(**{**hand.__dict__, "options": {"conventions": conventions}}))
    except ReplayError as exc:
        return str(exc)
    return list(game.state.stacks) if game.is_over else "not over"


def test_random_hands_run_more_than_once_replay_to_pokerkit_s_stacks() -> None:
    run = 0
    mismatches = []
    for seed in range(HANDS):
        hand, stacks, boards = pokerkit_hand(seed)
        run += boards > 1
        got = hoyle_stacks(hand, "pokerkit")
        if got != stacks:
            mismatches.append((seed, boards, got, stacks))
    assert not mismatches, f"{len(mismatches)} of {HANDS}: {mismatches[:5]}"
    assert run >= HANDS // 10  # the generator does run boards more than once


def test_under_the_cardroom_conventions_the_runs_pay_the_same_when_no_pokerkit_rule_decided() -> None:
    same = 0
    for seed in range(HANDS):
        hand, stacks, boards = pokerkit_hand(seed)
        if boards == 1:
            continue
        got = hoyle_stacks(hand, "cardroom")
        if got == stacks:
            same += 1
        else:  # a PokerKit rule differs: the pokerkit replay says which
            game = replay_flop_hand(FlopHand(**{**hand.__dict__, "options": {"conventions": "pokerkit"}}))
            assert game.state.public.get("pokerkit_rules"), (seed, got, stacks)
    assert same > 0

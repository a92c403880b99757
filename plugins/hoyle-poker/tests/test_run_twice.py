"""Running it twice (option ``runs``, docs/poker-games.md "Running it twice"): when the
betting is closed by all-ins with board cards to come, the rest of the board is dealt
``runs`` times from the same stub; each pot (main and side pots apart) is cut into equal
parts, the odd chips one each to the first runs, and each part goes to its run's best
hand. Scripted hands with rigged decks and stacks worked out by hand, and random hands
against the independent side-pot model of ``test_side_pots``."""

from __future__ import annotations

from typing import Any

import hoyle
import pytest
from hoyle.errors import InvalidOptionError
from hoyle.testing import check_variant
from hoyle_poker.betting import run_shares
from hoyle_poker.flop import arranged_deck, run_boards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_betting import DRY_BOARD, play
from test_side_pots import hand_values, model_runs, play_randomly, tables


def game(holes: list[str], board: str, runs: list[str], stacks: list[int], **options: Any) -> hoyle.Game:
    deck = arranged_deck(holes, board, runs=runs)
    options.setdefault("runs", len(runs) + 1)
    return hoyle.new_game("texas-holdem", players=len(holes), deck=deck, stacks=stacks, options=options, seed=1)


def boards(g: hoyle.Game) -> list[str]:
    return [" ".join(map(str, b)) for b in run_boards(g.state)]


def test_run_shares_give_the_odd_chips_to_the_first_runs() -> None:
    assert run_shares(121, 2) == [61, 60]
    assert run_shares(200, 3) == [67, 67, 66]
    assert run_shares(0, 2) == [0, 0]


def test_each_run_pays_its_part_of_the_main_and_the_side_pot() -> None:
    # Seat 2 (button) shoves 100; seat 0 (21 chips) and seat 1 (50) call all in. 50 of
    # seat 2's comes back; the main pot is 63 (32 to run 1, 31 to run 2), the side pot 58
    # (29 each). Run 1 (dry board): aces win the main pot, kings the side pot. Run 2
    # (a queen): seat 2's three queens win both parts.
    g = game(["As Ad", "Ks Kd", "Qs Qd"], DRY_BOARD, ["Qh 7c 4d Jh 2s"], [21, 50, 100])
    play(g, "raise to 100", "call", "call")
    assert g.is_over
    assert boards(g) == [DRY_BOARD, "Qh 7c 4d Jh 2s"]
    assert g.result["stacks"] == [32, 29, 110]
    pots = next(e for e in g.events if e.type == "deal_end").data["pots"]
    assert [(p["run"], p["amount"], p["high"]) for p in pots] == [
        (1, 32, [0]),
        (1, 29, [1]),
        (2, 31, [2]),
        (2, 29, [2]),
    ]


def test_three_runs_from_the_flop_odd_chips_to_the_first() -> None:
    # Heads-up all in preflop, a pot of 200: 67, 67, 66. Run 1 the aces, runs 2 and 3
    # three queens.
    g = game(["As Ad", "Qs Qd"], DRY_BOARD, ["Qh 7c 4d Jh 2s", "Qc 6c Td 3h 4s"], [100, 100])
    play(g, "raise to 100", "call")
    assert g.result["stacks"] == [67, 133]
    assert len(boards(g)) == 3


def test_runs_from_the_turn_share_the_flop() -> None:
    # Seat 0 (big blind) shoves the flop, seat 1 calls: the turn and river are run twice.
    # Run 1 (dry): kings beat ace-queen; run 2 (Ah 7s): a pair of aces wins.
    g = game(["Ks Kd", "As Qd"], DRY_BOARD, ["Ah 7s"], [100, 100])
    play(g, "call", "check", "bet 98", "call")
    assert g.state.public["run_from"] == 2
    assert boards(g) == [DRY_BOARD, "2c 5d 9h Ah 7s"]
    assert g.result["stacks"] == [100, 100]
    # each run's own cards are dealt onto its zone, a burn before each street
    second = [e.type for e in g.events if e.data.get("to") == "board:2"]
    assert second == ["turn", "river"]
    assert g.view(0)["zones"]["board:2"]["cards"] == ["Ah", "7s"]


def test_runs_need_all_ins_and_cards_to_come() -> None:
    # a hand checked down is dealt once
    g = game(["As Ad", "Ks Kd"], DRY_BOARD, ["Qh 7c 4d Jh 2s"], [100, 100])
    play(g, "call", "check", *["check"] * 6)
    assert "run_from" not in g.state.public and len(boards(g)) == 1 and g.result["stacks"] == [102, 98]
    # all in on the river: nothing to come
    g = game(["As Ad", "Ks Kd"], DRY_BOARD, ["Qh"], [100, 100])
    play(g, "call", "check", "check", "check", "check", "check", "bet 98", "call")
    assert "run_from" not in g.state.public and g.result["stacks"] == [200, 0]
    # runs=1 (the default) deals one board even when all in
    g = game(["As Ad", "Ks Kd"], DRY_BOARD, [], [100, 100])
    play(g, "raise to 100", "call")
    assert len(boards(g)) == 1 and g.result["stacks"] == [200, 0]


def test_a_covering_player_with_chips_behind_still_runs_it() -> None:
    # seat 1 (button, 300) calls seat 0's all-in of 100: nobody can bet, the board is run twice
    g = game(["As Ad", "Qs Qd"], DRY_BOARD, ["Qh 7c 4d Jh 2s"], [100, 300])
    play(g, "raise to 100", "call")
    assert g.result["stacks"] == [100, 300]


def test_a_deck_too_small_for_the_runs_is_refused() -> None:
    with pytest.raises(InvalidOptionError, match="run 3 times"):
        hoyle.new_game("omaha", players=10, seed=1, options={"runs": 3, "hole_cards": 4})


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), runs=st.sampled_from([2, 3]), data=st.data())
def test_random_hands_run_more_than_once_pay_as_the_model(table: dict[str, Any], runs: int, data: Any) -> None:
    n, stacks = table["n"], table["stacks"]
    options = {**table["options"], "runs": runs}
    g = hoyle.new_game("texas-holdem", players=n, seed=table["seed"], stacks=stacks, options=options)
    contributions, folded = play_randomly(g, data)
    assert sum(g.result["stacks"]) == sum(stacks)
    dead = [0] * n
    if options.get("ante_type") == "big-blind":
        big_blind = 0 if n == 2 else 1
        dead[big_blind] = min(options["ante"], stacks[big_blind])
    run_values = [hand_values(g, [str(c) for c in board], folded) for board in run_boards(g.state)]
    if len(run_values) > 1:
        assert len(run_values) == runs and all(len(b) == 5 for b in run_boards(g.state))
        shared = {1: 0, 2: 3, 3: 4}[g.state.public["run_from"]]  # the board cards dealt before the runs
        assert len({c for b in run_boards(g.state) for c in b}) == 5 + (runs - 1) * (5 - shared)
    left_of_button = list(range(n))
    assert g.result["stacks"] == model_runs(stacks, contributions, dead, folded, run_values, left_of_button)


@pytest.mark.parametrize("variant", ["texas-holdem", "omaha", "short-deck-holdem"])
def test_check_variant_with_runs(variant: str) -> None:
    check_variant(variant, games=8, players=3, options={"runs": 2, "hands": 3, "stack": 30})


def test_phh_refuses_a_hand_run_twice_and_ohh_writes_it() -> None:
    from hoyle import ohh, phh
    from hoyle.errors import ReplayError

    g = game(["As Ad", "Qs Qd"], DRY_BOARD, ["Qh 7c 4d Jh 2s"], [100, 100])
    play(g, "raise to 100", "call")
    with pytest.raises(ReplayError, match="run 2 times does not dump to PHH"):
        phh.dump(g)
    (record,) = ohh.records(ohh.dumps(g))
    assert [" ".join(b) for b in record.boards] == [DRY_BOARD, "Qh 7c 4d Jh 2s"]
    assert ohh.replay(ohh.dumps(g)).state.stacks == g.state.stacks == [100, 100]


def test_omaha_hi_lo_splits_each_run_high_and_low() -> None:
    # Heads-up all in preflop, 200 run twice: 100 a run, each split high and low on its
    # run. Run 1 (4c 5h 8d 9s Tc): seat 0's kings and A-2 low scoop it (seat 1 has no low).
    # Run 2 (Qh 3c 6d Js 7d): seat 1's three queens take the high 50, seat 0's 7-6-3-2-A
    # the low 50.
    deck = arranged_deck(["Ah 2h Ks Kd", "Qs Qd 7h 7c"], "4c 5h 8d 9s Tc", runs=["Qh 3c 6d Js 7d"])
    options = {"hi_lo": True, "structure": "no-limit", "runs": 2}
    g = hoyle.new_game("omaha", players=2, deck=deck, stacks=[100, 100], options=options, seed=1)
    play(g, "raise to 100", "call")
    pots = next(e for e in g.events if e.type == "deal_end").data["pots"]
    assert [(p["run"], p["high"], p["low"]) for p in pots] == [(1, [0], [0]), (2, [1], [0])]
    assert g.result["stacks"] == [150, 50]


# --- run_it="ask": the players still in choose ------------------------------------------------


def asking(runs: list[str], **options: Any) -> hoyle.Game:
    g = game(["As Ad", "Qs Qd"], DRY_BOARD, runs, [100, 100], run_it="ask", **options)
    play(g, "raise to 100", "call")
    return g


def test_the_players_choose_and_all_agree() -> None:
    g = asking(["Qh 7c 4d Jh 2s"])
    assert g.phase == "runout" and g.to_act == 0  # from the button's left
    assert [str(a) for a in g.legal_actions()] == ["run 1", "run 2"]
    assert len(g.state.zone("board").cards) == 0  # nothing dealt before everyone chose
    play(g, "run 2", "run 2")
    assert boards(g) == [DRY_BOARD, "Qh 7c 4d Jh 2s"] and g.result["stacks"] == [100, 100]


def test_players_who_disagree_run_it_once() -> None:
    g = asking(["Qh 7c 4d Jh 2s"])
    play(g, "run 2", "run 1")
    assert len(boards(g)) == 1 and g.result["stacks"] == [200, 0]
    assert [e.data["runs"] for e in g.events if e.type == "runs_chosen"] == [1]


def test_three_runs_chosen_on_the_turn() -> None:
    g = game(["Ks Kd", "As Qd"], DRY_BOARD, ["Ah 7s", "Ac 6s"], [100, 100], run_it="ask")
    play(g, "call", "check", "bet 98", "call")
    assert g.phase == "runout"
    play(g, "run 3", "run 3")
    # 200 in three: 67 (run 1, kings), 67 and 66 (runs 2 and 3: a pair of aces each)
    assert g.result["stacks"] == [67, 133]


def test_a_choice_out_of_range_or_out_of_turn_is_refused() -> None:
    from test_betting import rejected

    g = asking(["Qh 7c 4d Jh 2s"])
    assert "choose how many times" in rejected(g, "run 3")
    assert "choose how many times" in rejected(g, "call")
    assert "not seat 1's turn" in rejected(g, "run 2", seat=1)


def test_check_variant_with_the_players_choosing() -> None:
    check_variant("texas-holdem", games=8, players=3, options={"runs": 3, "run_it": "ask", "hands": 3, "stack": 30})

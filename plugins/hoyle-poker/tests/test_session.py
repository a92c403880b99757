"""Sessions of many hands (docs/rules/poker.md#b2): newcomers sit down at empty seats and post a
big blind at once or wait for the big blind (option ``newcomer``). Chip outcomes worked
out by hand."""

from __future__ import annotations

import hoyle
import pytest
from hoyle.errors import IllegalActionError
from hoyle_poker.flop import arranged_deck


def fold_to_the_big_blind(g: hoyle.Game) -> None:
    """Everyone folds until the hand is over (the big blind wins the small blind)."""
    deal = g.state.deal_number
    while g.state.deal_number == deal and not g.is_over:
        g.act("fold")


def test_newcomer_posts_a_live_big_blind_out_of_position() -> None:
    g = hoyle.new_game("texas-holdem", players=4, stacks=[100, 100, 100, 0], options={"hands": 2}, seed=1)
    p = g.state.public
    assert p["dealt"] == [0, 1, 2] and p["button"] == 2  # seat 3 is empty
    g.act("sit 150", seat=3)  # during the hand: plays from the next one
    assert g.state.stacks[3] == 0 and g.to_act == 2
    fold_to_the_big_blind(g)  # seat 1 (big blind) wins the small blind
    assert g.state.deal_number == 1
    assert p["button"] == 0 and p["dealt"] == [0, 1, 2, 3]
    # small blind seat 1, big blind seat 2, and seat 3 posts a big blind out of position
    assert g.state.committed == [0, 1, 2, 2]
    assert g.to_act == 3  # left of the big blind
    # live: the newcomer's blind is its bet; it may check, and others call it
    live = g.clone()
    assert "check" in [str(a) for a in live.legal_actions()]
    for a in ("check", "call", "call", "check"):
        live.act(a)
    assert live.phase == "flop" and live.state.committed == [2, 2, 2, 2]
    g.act("raise to 10")
    fold_to_the_big_blind(g)  # seats 0, 1, 2 fold: the newcomer wins 1 + 2, 8 returned
    assert g.result["stacks"] == [99, 100, 98, 153]
    assert g.state.score_sheet == [[-1, 1, 0, 0], [0, -1, -2, 3]]
    assert g.result["settlement"] == [-1, 0, -2, 3]  # the 150 brought is not a win


def _newcomer_on_the_small_blind(rule: str) -> hoyle.Game:
    g = hoyle.new_game(
        "texas-holdem", players=4, stacks=[100, 0, 100, 100], options={"hands": 4, "newcomer": rule}, seed=1
    )
    p = g.state.public
    assert p["button"] == 3 and g.state.committed == [1, 0, 2, 0]  # seat 1 empty
    g.act("sit 100", seat=1)
    fold_to_the_big_blind(g)  # seat 2 wins 1
    # hand 2: the button moves to seat 0; seat 1 would be the small blind: it waits
    assert p["button"] == 0 and p["dealt"] == [0, 2, 3] and p["waiting"] == [1]
    assert g.state.committed == [0, 0, 1, 2]
    fold_to_the_big_blind(g)  # seat 3 wins 1
    # stacks before hand 3's blinds
    assert [s + c for s, c in zip(g.state.stacks, g.state.committed)] == [99, 100, 100, 101]
    return g


def test_newcomer_posting_waits_a_hand_on_the_small_blind() -> None:
    g = _newcomer_on_the_small_blind("post")
    p = g.state.public
    # hand 3: button seat 2, small blind 3, big blind 0; seat 1 posts a big blind
    assert p["button"] == 2 and p["dealt"] == [0, 1, 2, 3] and p["waiting"] == []
    assert g.state.committed == [2, 2, 0, 1]
    assert g.to_act == 1


def test_newcomer_waits_for_the_big_blind() -> None:
    g = _newcomer_on_the_small_blind("wait")
    p = g.state.public
    # hand 3: button seat 2, small blind 3, big blind 0: seat 1 still waits
    assert p["button"] == 2 and p["dealt"] == [0, 2, 3] and p["waiting"] == [1]
    assert g.state.committed == [2, 0, 0, 1]
    fold_to_the_big_blind(g)  # seat 0 wins 1
    # hand 4: button seat 3, small blind 0, and the big blind reaches seat 1
    assert p["button"] == 3 and p["dealt"] == [0, 1, 2, 3] and p["waiting"] == []
    assert g.state.committed == [1, 2, 0, 0]
    assert g.to_act == 2
    fold_to_the_big_blind(g)
    assert g.result["stacks"] == [99, 101, 100, 100]
    assert g.result["settlement"] == [-1, 1, 0, 0]


def test_a_newcomer_keeps_a_session_going_and_a_busted_player_can_sit_again() -> None:
    deck = arranged_deck(["As Ad", "7h 2s"], "2c 5d 9h 8s 3c")  # seat 0 aces, seat 1 7-2
    g = hoyle.new_game("texas-holdem", players=3, deck=deck, stacks=[10, 10, 0], options={"hands": 3}, seed=5)
    assert g.state.public["button"] == 1 and g.to_act == 1  # heads-up: the button acts first
    g.act("sit 40", seat=2)
    g.act("raise to 10")  # seat 1 all-in, seat 0 calls and wins with the aces
    g.act("call")
    # seat 1 busted, but the newcomer arrived: the session goes on, heads-up
    assert not g.is_over and g.state.deal_number == 1
    p = g.state.public
    assert p["dealt"] == [0, 2] and p["button"] == 0
    assert g.state.committed == [1, 0, 2]  # the newcomer is the big blind
    g.act("sit 30", seat=1)  # the busted player buys in again
    g.act("fold")
    # the button moves to seat 2; seat 1, a newcomer again, is on the big blind
    assert p["dealt"] == [0, 1, 2] and p["button"] == 2 and p["posting"] == []
    assert g.state.committed == [1, 2, 0]
    assert [s + c for s, c in zip(g.state.stacks, g.state.committed)] == [19, 30, 41]


def test_sit_errors_and_replay() -> None:
    g = hoyle.new_game("texas-holdem", players=3, stacks=[100, 100, 0], options={"hands": 3}, seed=1)
    before = g.state.snapshot()
    with pytest.raises(IllegalActionError, match="not empty"):
        g.act("sit 100", seat=0)
    with pytest.raises(IllegalActionError, match="chips"):
        g.act("sit 0", seat=2)
    assert g.state.snapshot() == before
    g.act("sit", seat=2)  # the stack option's 200
    with pytest.raises(IllegalActionError, match="already sat down"):
        g.act("sit 50", seat=2)
    g.act("call")
    g.act("check")
    while g.state.deal_number == 0:
        g.act("check")
    assert g.state.start_stacks[2] == 200 and g.state.public["dealt"] == [0, 1, 2]
    again = hoyle.Game.from_json(g.to_json())
    assert again.state.snapshot() == g.state.snapshot()


def test_stud_and_ante_games_deal_newcomers_in_at_once() -> None:
    g = hoyle.new_game("seven-card-stud", players=3, stacks=[50, 50, 0], options={"hands": 2}, seed=1)
    g.act("sit 50", seat=2)
    while g.state.deal_number == 0:
        g.act("fold" if "fold" in [str(a) for a in g.legal_actions()] else g.legal_actions()[0])
    assert g.state.public["dealt"] == [0, 1, 2]
    assert g.state.committed[2] >= 1  # the newcomer antes like everyone

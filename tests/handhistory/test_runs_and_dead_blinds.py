"""Hands run twice and dead blinds in hand histories: the PokerStars sample files (the
finishing stacks worked out by hand from the text below) replay to the amounts they
record, and OHH writes and reads such hands back to the same stacks."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hoyle import ohh
from hoyle.errors import ReplayError
from hoyle.handhistory import HandRecord, pokerstars, replay
from hoyle.handhistory.games import finishing_stacks

DATA = Path(__file__).parent / "data"
D = Decimal


def hands(file: str) -> list[HandRecord]:
    return pokerstars.records((DATA / file).read_text())


def test_a_hand_run_twice_replays_to_the_recorded_split() -> None:
    # Cid (60, all in) and Ann call preflop: a pot of 120.50 run twice, 60.25 a run; Cid's
    # queens win the first board, Ann's two pair the second. Bob folded his small blind.
    (record,) = hands("pokerstars_run_twice.txt")
    game = replay(record)
    assert finishing_stacks(game) == [D("100.25"), D("99.50"), D("60.25")]
    assert record.expected_stacks() == finishing_stacks(game)
    assert game.state.public["run_from"] == 1


def test_a_hand_run_twice_round_trips_through_ohh() -> None:
    (record,) = hands("pokerstars_run_twice.txt")
    text = ohh.dumps(replay(record))
    (hand,) = ohh.loads(text)
    assert hand["flags"] == ["Run_It_Twice"]
    assert [r["street"] for r in hand["rounds"]] == [
        "Preflop",
        "Flop",
        "Turn",
        "River",
        "Flop",
        "Turn",
        "River",
        "Showdown",
    ]
    (back,) = ohh.records(text)
    assert back.boards == [["2c", "7d", "Th", "Js", "3s"], ["Ad", "Kc", "8h", "4d", "9c"]]
    assert [float(x) for x in finishing_stacks(ohh.replay(text))] == [9950, 6025, 10025]  # hoyle's chips: cents


def test_an_ohh_hand_run_twice_from_the_turn_reads_both_boards() -> None:
    # the second run deals Turn and River again: the first run's flop is shared
    (record,) = hands("pokerstars_run_twice.txt")
    record.boards = [["2c", "7d", "Th", "Js", "3s"], ["2c", "7d", "Th", "Ad", "9c"]]
    hand = ohh.from_record(record)["ohh"]
    assert [r["street"] for r in hand["rounds"]][4:6] == ["Turn", "River"]
    assert ohh.to_record(hand).boards == record.boards


def test_dead_small_blind_is_dead_money_and_the_live_big_blind_a_bet() -> None:
    # Dan posts small and big blinds ($1.50) out of position: $1 is his bet (he checks,
    # then calls $3 more to Ann's $4), $0.50 is dead in the pot. Pot: 0.50 + 1 + 4.50 + 4 = 10.
    record = hands("pokerstars_dead_blinds.txt")[0]
    assert [(p.player, p.kind, p.amount) for p in record.posts][2:] == [
        (3, "live blind", D(1)),
        (3, "dead blind", D("0.50")),
    ]
    assert finishing_stacks(replay(record)) == [D(106), D("99.50"), D(99), D("45.50")]


def test_an_extra_big_blind_out_of_position_is_live() -> None:
    # Eve, new at the table, posts a big blind left of the big blind: it is her bet (she
    # raises $19 to $20, all in). Main pot 0.50 + 3 x 20 = 60.50 to her aces; Dan's kings
    # take the side pot of 20 from Ann's queens.
    record = hands("pokerstars_dead_blinds.txt")[1]
    assert record.posts[2].kind == "live blind"
    assert finishing_stacks(replay(record)) == [D(76), D("99.50"), D("98.50"), D("35.50"), D("60.50")]


def test_dead_blinds_round_trip_through_ohh() -> None:
    for record in hands("pokerstars_dead_blinds.txt"):
        hand = ohh.from_record(record)
        posts = [a["action"] for a in hand["ohh"]["rounds"][0]["actions"] if a["action"].startswith("Post")]
        assert "Post Extra Blind" in posts
        game = replay(record)  # written back from hoyle's game: its seats and chips
        assert ohh.replay(ohh.dumps(game)).state.stacks == game.state.stacks
    dead = ohh.from_record(hands("pokerstars_dead_blinds.txt")[0])
    assert [a["amount"] for a in dead["ohh"]["rounds"][0]["actions"] if a["action"] == "Post Dead"] == [0.5]
    assert finishing_stacks(ohh.games.replay(ohh.to_record(dead["ohh"]))) == [D(106), D("99.50"), D(99), D("45.50")]


SECOND_SMALL_BLIND = """PokerStars Hand #271000000009:  Hold'em No Limit ($0.50/$1 USD) - 2024/06/02 21:00:00 ET
Table 'Vega' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Seat 3: Cid ($100 in chips)
Seat 4: Dan ($50 in chips)
Bob: posts small blind $0.50
Cid: posts big blind $1
Dan: posts small blind $0.50
*** HOLE CARDS ***
Dan: calls {call}
Ann: folds
Bob: folds
Cid: checks
*** FLOP *** [2c 5d 9h]
Cid: checks
Dan: bets $2
Cid: folds
Uncalled bet ($2) returned to Dan
Dan collected {pot} from pot
*** SUMMARY ***
Total pot {pot} | Rake $0
"""


def test_a_second_small_blind_is_dead_and_a_call_counting_it_live_is_reported() -> None:
    """PokerStars: a second small blind is dead money, so Dan calls the whole $1. A file
    whose call counts it live ($0.50, as another site would) is refused, naming why."""
    dead = SECOND_SMALL_BLIND.format(call="$1", pot="$3")  # 0.50 + 1 + 0.50 dead + 1
    (record,) = pokerstars.records(dead)
    assert finishing_stacks(replay(record)) == [D(100), D("99.50"), D(99), D("51.50")]
    live = SECOND_SMALL_BLIND.format(call="$0.50", pot="$2.50")
    with pytest.raises(ReplayError, match=r"line 11: .*counts the second small blind \(line 9\) as live"):
        pokerstars.records(live)

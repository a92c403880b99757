"""PokerStars games hoyle gained for its hand histories (docs/hand-histories.md, "What
is read, by game"): ace-to-five triple draw and Split Hold'em. Each hand is written
here in the client's format and replays to finishing stacks worked out by hand from the
rules (docs/rules/poker.md#b5) and the cards shown."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hoyle.errors import ReplayError
from hoyle.handhistory import pokerstars
from hoyle.handhistory.games import finishing_stacks


def stacks(text: str) -> list[Decimal]:
    (game,) = pokerstars.parse(text)
    return finishing_stacks(game)


A5 = """PokerStars Hand #210000000001:  Triple Draw A-5 Lowball Limit ($1/$2 USD) - 2020/05/01 20:00:00 ET
Table 'Lowe' 6-max Seat #3 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bo ($10 in chips)
Seat 3: Cy ($10 in chips)
Ann: posts small blind $0.50
Bo: posts big blind $1
*** DEALING HANDS ***
Dealt to Ann [As 2d 3c 4h Kd]
Cy: folds
Ann: calls $0.50
Bo: checks
*** FIRST DRAW ***
Ann: discards 1 card [Kd]
Dealt to Ann [As 2d 3c 4h] [5s]
Bo: discards 1 card
Ann: bets $1
Bo: calls $1
*** SECOND DRAW ***
Ann: stands pat on [As 2d 3c 4h 5s]
Bo: stands pat
Ann: bets $2
Bo: calls $2
*** THIRD DRAW ***
Ann: stands pat on [As 2d 3c 4h 5s]
Bo: stands pat
Ann: checks
Bo: checks
*** SHOW DOWN ***
Ann: shows [As 2d 3c 4h 5s] (Lo: 5,4,3,2,A)
Bo: shows [7s 5d 4c 3h 2s] (Lo: 7,5,4,3,2)
Ann collected $8 from pot
*** SUMMARY ***
Total pot $8 | Rake $0
Seat 1: Ann (small blind) showed [As 2d 3c 4h 5s] and won ($8) with Lo: 5,4,3,2,A
Seat 2: Bo (big blind) showed [7s 5d 4c 3h 2s] and lost with Lo: 7,5,4,3,2
Seat 3: Cy (button) folded before the Draw (didn't bet)
"""


def test_ace_to_five_triple_draw_the_wheel_wins() -> None:
    # Ann and Bo put in 1 + 1 + 2 = 4 each: the $8 pot to Ann's wheel, the best ace-to-five hand
    assert stacks(A5) == [Decimal(14), Decimal(6), Decimal(10)]
    (record,) = pokerstars.records(A5)
    assert record.game == "Triple Draw A-5 Lowball" and record.limit == "fixed-limit"


def test_ace_to_five_is_not_deuce_to_seven() -> None:
    # the same cards under deuce-to-seven: the wheel is an ace-high hand and Bo's 7-5 wins
    as_27 = A5.replace("Triple Draw A-5 Lowball", "Triple Draw 2-7 Lowball")
    with pytest.raises(ReplayError, match=r"Ann 6 \(the history says 14(\.00)?\), Bo 14 \(the history says 6(\.00)?\)"):
        stacks(as_27)
    won_by_bo = as_27.replace("Ann collected $8", "Bo collected $8")
    assert stacks(won_by_bo) == [Decimal(6), Decimal(14), Decimal(10)]
    # and the other way: the file says Bo won an ace-to-five hand he lost
    with pytest.raises(ReplayError, match="finishing stacks differ"):
        stacks(A5.replace("Ann collected $8", "Bo collected $8"))


SPLIT = """PokerStars Hand #184000000001:  Split Hold'em No Limit ($1/$2 USD) - 2018/04/01 20:00:00 ET
Table 'Twin' 6-max Seat #3 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bo ($100 in chips)
Seat 3: Cy ($100 in chips)
Ann: posts small blind $1
Bo: posts big blind $2
*** HOLE CARDS ***
Dealt to Ann [Ah Ad]
Cy: raises $4 to $6
Ann: calls $5
Bo: folds
*** FIRST FLOP *** [Ac 7d 2s]
*** SECOND FLOP *** [9c Tc Jd]
Ann: bets $10
Cy: calls $10
*** FIRST TURN *** [Ac 7d 2s] [3h]
*** SECOND TURN *** [9c Tc Jd] [4s]
Ann: checks
Cy: checks
*** FIRST RIVER *** [Ac 7d 2s 3h] [5d]
*** SECOND RIVER *** [9c Tc Jd 4s] [2c]
Ann: bets $20
Cy: calls $20
*** FIRST SHOW DOWN ***
Ann: shows [Ah Ad] (three of a kind, Aces)
Cy: shows [Qc Kc] (high card Ace)
Ann collected $37 from pot
*** SECOND SHOW DOWN ***
Ann: shows [Ah Ad] (a pair of Aces)
Cy: shows [Qc Kc] (a straight, Nine to King)
Cy collected $37 from pot
*** SUMMARY ***
Total pot $74 | Rake $0
FIRST Board [Ac 7d 2s 3h 5d]
SECOND Board [9c Tc Jd 4s 2c]
Seat 1: Ann (small blind) showed [Ah Ad] and won ($37) with three of a kind, Aces, and lost with a pair of Aces
Seat 2: Bo (big blind) folded before Flop
Seat 3: Cy (button) showed [Qc Kc] and lost with high card Ace, and won ($37) with a straight, Nine to King
"""


def test_split_holdem_bets_every_street_and_splits_the_pot_between_the_boards() -> None:
    # Ann and Cy put in 6 + 10 + 20 = 36 each, Bo 2: a $74 pot, $37 to each board's best
    # hand - Ann's trip aces on the first board, Cy's straight on the second
    assert stacks(SPLIT) == [Decimal(101), Decimal(98), Decimal(101)]
    (record,) = pokerstars.records(SPLIT)
    assert record.boards == [["Ac", "7d", "2s", "3h", "5d"], ["9c", "Tc", "Jd", "4s", "2c"]]
    assert [a.street for a in record.actions] == [0, 0, 0, 1, 1, 2, 2, 3, 3]


def test_split_holdem_scoops_with_the_best_hand_on_both_boards() -> None:
    # Cy's kings instead of his straight: Ann's aces are best on both boards, she takes $74
    scoop = SPLIT.replace("[Qc Kc]", "[Kh Ks]").replace("Cy collected $37 from pot", "Ann collected $37 from pot")
    assert stacks(scoop) == [Decimal(138), Decimal(98), Decimal(64)]
    # the file saying Cy won the second board he lost is refused, naming the stacks
    wrong = SPLIT.replace("[Qc Kc]", "[Kh Ks]")
    with pytest.raises(ReplayError, match=r"Ann 138 \(the history says 101"):
        stacks(wrong)


def test_a_split_holdem_hand_won_before_the_flop_deals_no_board() -> None:
    walk = SPLIT.split("*** FIRST FLOP", maxsplit=1)[0].replace("Ann: calls $5\nBo: folds\n", "Ann: folds\nBo: folds\n")
    walk += "Uncalled bet ($4) returned to Cy\nCy collected $5 from pot\n*** SUMMARY ***\nTotal pot $5 | Rake $0\n"
    assert stacks(walk) == [Decimal(99), Decimal(98), Decimal(103)]

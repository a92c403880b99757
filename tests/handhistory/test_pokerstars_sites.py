"""Who wrote a hand in PokerStars' format (docs/hand-histories.md, "Other sites"):
PokerStars' own Home Game hands and a tracker's upper-case export are PokerStars hands;
other sites' (Full Tilt, Run It Once, PokerMaster, PokerBros) are read under their own
name, replayed under their own conventions, and where their format differs from
PokerStars' the refusal names the line."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hoyle.errors import ReplayError
from hoyle.handhistory import pokerstars, replay
from hoyle.handhistory.games import finishing_stacks

HAND = """{header}
Table 'T' 6-max Seat #3 is the button
Seat 1: Ann (1000 in chips)
Seat 2: Bo (1000 in chips)
Seat 3: Cy (1000 in chips)
Ann: posts small blind 10
Bo: posts big blind 20
*** HOLE CARDS ***
Cy: calls 20
Ann: calls 10
Bo: checks
*** FLOP *** [2c 7d 9h]
Ann: checks
Bo: folds
Cy: bets 40
Ann: folds
Uncalled bet (40) returned to Cy
Cy collected 60 from pot
*** SUMMARY ***
Total pot 60 | Rake 0
"""

HEADERS = {
    "PokerStars": "PokerStars Hand #1: Hold'em No Limit (10/20) - 2024/01/05 20:00:00 ET",
    "home game": "PokerStars Home Game Hand #74655014750: {chipchipchip}  Hold'em No Limit (10/20) - 2012/01/28 20:58:29 ET",
    "tracker": "POKERSTARS GAME #13177128246:  HOLD'EM NO LIMIT (10/20) - 2007/11/11 - 13:27:23 (ET)",
    "Full Tilt": "Full Tilt Hand #153580143072:  Hold'em No Limit (10/20) - 2016/05/20 8:19:23 ET",
}


@pytest.mark.parametrize(
    ("who", "site"),
    [("PokerStars", "PokerStars"), ("home game", "PokerStars"), ("tracker", "PokerStars"), ("Full Tilt", "Full Tilt")],
)
def test_the_header_names_the_site_and_the_hand_replays(who: str, site: str) -> None:
    """Bo folds the big blind with nothing to call: PokerStars and Full Tilt both let a
    player fold for a check and record it (option fold_when_check='allow'). Pot 60 to Cy."""
    (record,) = pokerstars.records(HAND.format(header=HEADERS[who]))
    assert record.site == site and record.game.lower() == "hold'em"
    assert finishing_stacks(replay(record)) == [Decimal(980), Decimal(980), Decimal(1040)]


def test_another_site_without_that_convention_is_refused_naming_the_fold() -> None:
    text = HAND.format(header="PokerBros Hand #1616183514566: Hold'em No Limit (10/20) - 2021/03/19 19:51:54 UTC")
    with pytest.raises(ReplayError, match=r"PokerBros hand 1616183514566 .*line 14 \('fold' by p2\).*cannot fold"):
        pokerstars.parse(text)


def test_run_it_once_table_and_showdown_lines_are_read() -> None:
    text = HAND.format(header="Run It Once Poker Hand #30266126:  Hold'em No Limit (10/20) - 2019/06/25 16:12 UTC")
    text = text.replace("Table 'T' 6-max", "Table ID '30263259' 6-Max").replace(
        "Bo: folds\nCy: bets 40\nAnn: folds", "Bo: checks\nCy: bets 40\nAnn: folds\nBo: folds"
    )
    text = text.replace("*** SUMMARY ***", "*** SHOWDOWN ***\n*** SUMMARY ***")
    (record,) = pokerstars.records(text)
    assert (record.site, record.table, record.max_seats, record.button) == ("Run It Once Poker", "30263259", 6, 3)
    assert finishing_stacks(replay(record)) == [Decimal(980), Decimal(980), Decimal(1040)]


def test_a_splash_of_the_pot_is_refused_by_name() -> None:
    text = HAND.format(header="Run It Once Poker Hand #30266126:  Hold'em No Limit (10/20) - 2019/06/25 16:12 UTC")
    text = text.replace("*** HOLE CARDS ***", "*** HOLE CARDS ***\nSTP added: 50")
    with pytest.raises(ReplayError, match=r"line 9: cannot read 'STP added: 50': the site added money to the pot"):
        pokerstars.records(text)


CASH_OUT = """PokerStars Hand #212394558154:  Hold'em No Limit ($0.50/$1.00 USD) - 2020/04/01 12:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($50 in chips)
Seat 2: Bo ($40 in chips)
Ann: posts small blind $0.50
Bo: posts big blind $1
*** HOLE CARDS ***
Ann: raises $49 to $50 and is all-in
Bo: calls $39 and is all-in
Uncalled bet ($10) returned to Ann
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Kc]
*** RIVER *** [2c 7d 9h Kc] [3s]
*** SHOW DOWN ***
Ann: shows [{ann}] (...)
Bo: shows [{bo}] (...)
{result}
*** SUMMARY ***
Total pot $80 | Rake $0
Board [2c 7d 9h Kc 3s]
{summary}
"""


def test_a_cash_out_is_paid_outside_the_pot_which_the_cards_still_decide() -> None:
    """Ann cashes out her all in for $70.50 (fee $0.71). Her aces win the $80 pot by the
    cards, which the site keeps ('pot not awarded'): hoyle's replay gives her the pot."""
    text = CASH_OUT.format(
        ann="Ah As",
        bo="Kd Qd",
        result="Ann cashed out the hand for $70.50 | Cash Out Fee $0.71",
        summary="Seat 1: Ann (button) (small blind) showed [Ah As] and won ($80) with a pair of Aces"
        " (pot not awarded as player cashed out)",
    )
    (record,) = pokerstars.records(text)
    assert record.extra["cash_out"] == {0: (Decimal("70.50"), Decimal("0.71"))}
    assert record.collected == {0: Decimal(80)}
    assert finishing_stacks(replay(record)) == [Decimal(90), Decimal(0)]


def test_a_player_who_cashed_out_and_lost_by_the_cards() -> None:
    text = CASH_OUT.format(
        ann="Kd Qd",
        bo="Ah As",
        result="Bo collected $80 from pot\nAnn cashed out the hand for $30.20 | Cash Out Fee $0.31",
        summary="Seat 1: Ann (button) (small blind) showed [Kd Qd] and lost with a pair of Kings (cashed out)",
    )
    (record,) = pokerstars.records(text)
    assert finishing_stacks(replay(record)) == [Decimal(10), Decimal(80)]

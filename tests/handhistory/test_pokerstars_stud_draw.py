"""PokerStars stud, draw and 6+ hands (docs/hand-histories.md, "What is read, by game"):
each hand is written here in the client's format and replays to finishing stacks worked
out by hand from the betting rules (docs/rules/poker.md#b4, #b5) and the cards shown."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hoyle.errors import ReplayError
from hoyle.handhistory import pokerstars
from hoyle.handhistory.games import finishing_stacks

BADUGI = """PokerStars Hand #1: Badugi Limit ($1/$2 USD) - 2024/01/05 20:00:00 ET
Table 'Alpha' 6-max Seat #2 is the button
Seat 1: Ann ($50 in chips)
Seat 2: Bo ($50 in chips)
Bo: posts small blind $0.50
Ann: posts big blind $1
*** DEALING HANDS ***
Dealt to Ann [Ac 2d 3h Kh]
Bo: calls $0.50
Ann: checks
*** FIRST DRAW ***
Ann: discards 1 card [Kh]
Dealt to Ann [Ac 2d 3h] [4s]
Bo: discards 2 cards
Ann: bets $1
Bo: raises $1 to $2
Ann: calls $1
*** SECOND DRAW ***
Ann: stands pat on [Ac 2d 3h 4s]
Bo: discards 1 card
Ann: bets $2
Bo: calls $2
*** THIRD DRAW ***
Ann: stands pat on [Ac 2d 3h 4s]
Bo: stands pat
Ann: checks
Bo: checks
*** SHOW DOWN ***
Ann: shows [Ac 2d 3h 4s] (Badugi: 4,3,2,A)
Bo: shows [5c 6d 7h 8s] (Badugi: 8,7,6,5)
Ann collected $10 from pot
*** SUMMARY ***
Total pot $10 | Rake $0
"""


def stacks(text: str) -> list[Decimal]:
    (game,) = pokerstars.parse(text)
    return finishing_stacks(game)


def test_badugi_draws_the_recorded_cards_and_the_better_badugi_wins() -> None:
    # Ann put in 1 + 2 + 2 = 5, Bo 5: a $10 pot to Ann's A-2-3-4 badugi over Bo's 8-7-6-5
    assert stacks(BADUGI) == [Decimal(55), Decimal(45)]
    (record,) = pokerstars.records(BADUGI)
    draws = [(a.street, record.players[a.player], a.cards) for a in record.actions if a.kind == "draw"]
    assert draws[:2] == [(1, "Ann", ("Kh",)), (1, "Bo", ("??", "??"))]
    assert record.dealt[0] == {0: ["Ac", "2d", "3h", "Kh"], 1: ["4s"]}


def test_the_showdown_follows_the_cards_shown() -> None:
    # the same hand with Bo showing an A-2-3-4 badugi too: hoyle splits the pot, the file does not
    tied = BADUGI.replace("[5c 6d 7h 8s] (Badugi: 8,7,6,5)", "[Ad 2c 3s 4h] (Badugi: 4,3,2,A)")
    with pytest.raises(ReplayError, match=r"Ann 50 \(the history says 55\), Bo 50 \(the history says 45(\.00)?\)"):
        stacks(tied)


OLD_DRAW = """PokerStars Game #35839033367:  5 Card Draw Limit ($0.10/$0.20 USD) - 2009/11/25 14:13:39 ET
Table 'Laodica IV' 6-max Seat #3 is the button
Seat 1: Ann ($2 in chips)
Seat 2: Bo ($2 in chips)
Seat 3: Cy ($2 in chips)
Ann: posts small blind $0.05
Bo: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Cy [8h 7h Tc 4h Qd]
Cy: raises $0.10 to $0.20
Ann: folds
Bo: calls $0.10
Bo: discards 4 cards
Cy: discards 2 cards [Tc Qd]
Dealt to Cy [8h 7h 4h] [Kh 5h]
Bo: checks
Cy: bets $0.20
Bo: calls $0.20
*** SHOW DOWN ***
Cy: shows [8h 7h Kh 4h 5h] (a flush, King high)
Bo: shows [Th Jc 8c Ts 8d] (two pair, Tens and Eights)
Cy collected $0.85 from pot
*** SUMMARY ***
Total pot $0.85 | Rake $0
"""


def test_a_file_without_draw_headers_bets_the_big_bet_after_the_draw() -> None:
    """2009 files write no '*** FIRST DRAW ***': the first discard starts the draw, and
    the bet after it is the big bet ($0.20 to, not $0.20 on top of the $0.20 before).
    PokerStars lets a player throw four without an ace (Bo) - the variant's
    max_discard=5."""
    # pot 0.05 + 0.40 + 0.40; Cy's flush wins it
    assert stacks(OLD_DRAW) == [Decimal("1.95"), Decimal("1.60"), Decimal("2.45")]
    (record,) = pokerstars.records(OLD_DRAW)
    assert [a.street for a in record.actions if a.kind in ("bet", "draw")] == [1, 1, 1]


STUD = """PokerStars Game #60974484959:  7 Card Stud Limit ($0.10/$0.20 USD) - 2011/04/18 2:21:35 ET
Table 'Salm IX' 8-max
Seat 1: Ann ($2 in chips)
Seat 2: Bo ($2 in chips)
Seat 3: Cy ($2 in chips)
Ann: posts the ante $0.02
Bo: posts the ante $0.02
Cy: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [As Ah Kd]
Dealt to Bo [2c]
Dealt to Cy [9h]
Bo: brings in for $0.05
Cy: calls $0.05
Ann: completes it to $0.10
Bo: calls $0.05
Cy: folds
*** 4th STREET ***
Dealt to Ann [As Ah Kd] [7c]
Dealt to Bo [2c] [3d]
Ann: bets $0.10
Bo: calls $0.10
*** 5th STREET ***
Dealt to Ann [As Ah Kd 7c] [Qs]
Dealt to Bo [2c 3d] [Js]
Ann: bets $0.20
Bo: calls $0.20
*** 6th STREET ***
Dealt to Ann [As Ah Kd 7c Qs] [5h]
Dealt to Bo [2c 3d Js] [6s]
Ann: checks
Bo: checks
*** RIVER ***
Dealt to Ann [As Ah Kd 7c Qs 5h] [Ks]
Ann: checks
Bo: bets $0.20
Ann: calls $0.20
*** SHOW DOWN ***
Bo: shows [4d 8c 2c 3d Js 6s 5c] (a straight, Deuce to Six)
Ann: mucks hand
Bo collected $1.31 from pot
*** SUMMARY ***
Total pot $1.31 | Rake $0
"""


def test_stud_brings_in_completes_and_deals_every_street() -> None:
    """No button; the 2c brings in; Ann completes; the high hand showing acts first from
    fourth street; the river card is dealt down. Bo's 2-6 straight takes the $1.31."""
    assert stacks(STUD) == [Decimal("1.38"), Decimal("2.69"), Decimal("1.93")]
    (record,) = pokerstars.records(STUD)
    assert record.button == 0 and record.posts[-1].kind == "bring-in"
    assert record.dealt[1][0] == ["??", "??", "2c"] and record.dealt[0][4] == ["Ks"]


def test_a_stud_action_out_of_turn_names_its_line() -> None:
    wrong = STUD.replace("Ann: bets $0.10\nBo: calls $0.10", "Bo: bets $0.10\nAnn: calls $0.10")
    with pytest.raises(ReplayError, match=r"line 21 \('bet 10' by p2\) does not replay"):
        stacks(wrong)


SIX_PLUS = """PokerStars Hand #195853866630: 6+ Hold'em No Limit (Button Blind $1 - Ante $1 USD) - 2019/01/17 10:11:07 ET
Table 'Discovery II' 6-max Seat #1 is the button
Seat 1: Ann ($50 in chips)
Seat 2: Bo ($50 in chips)
Seat 3: Cy ($50 in chips)
Ann: posts the ante $1
Bo: posts the ante $1
Cy: posts the ante $1
Ann: posts button blind $1
*** HOLE CARDS ***
Bo: calls $1
Cy: folds
Ann: checks
*** FLOP *** [7h 8s 9d]
Bo: bets $2
Ann: calls $2
*** TURN *** [7h 8s 9d] [Kc]
Bo: checks
Ann: checks
*** RIVER *** [7h 8s 9d Kc] [Ks]
Bo: checks
Ann: checks
*** SHOW DOWN ***
Bo: shows [Th Jc] (a straight, Seven to Jack)
Ann: shows [Kh 6c] (three of a kind, Kings)
Ann collected $9 from pot
*** SUMMARY ***
Total pot $9 | Rake $0
"""


def test_six_plus_holdem_a_button_blind_and_trips_over_a_straight() -> None:
    """6+ Hold'em: everyone antes, the button posts the only blind and acts last before
    the flop; PokerStars ranks three of a kind over a straight (option straight_vs_trips)."""
    assert stacks(SIX_PLUS) == [Decimal(55), Decimal(46), Decimal(49)]


ALL_IN_BLIND = """PokerStars Hand #4: Badugi Limit ($1/$2 USD) - 2024/01/05 20:00:00 ET
Table 'Alpha' 6-max Seat #1 is the button
Seat 1: Ann ($20 in chips)
Seat 2: Bo ($0.50 in chips)
Seat 3: Cy ($20 in chips)
Bo: posts small blind $0.50 and is all-in
Cy: posts big blind $1
*** DEALING HANDS ***
Ann: raises $1 to $2
Bo: folds
Cy: folds
Uncalled bet ($1) returned to Ann
Ann collected $2.50 from pot
*** SUMMARY ***
Total pot $2.50 | Rake $0
"""


def test_a_draw_hand_that_ends_with_a_player_all_in_stands_the_unwritten_draws_pat() -> None:
    """Bo, all in for the small blind, is folded by the client (a muck at the showdown);
    the file writes no draws for Ann and Bo, which stand pat: Ann takes main and side pot."""
    assert stacks(ALL_IN_BLIND) == [Decimal("21.5"), Decimal(0), Decimal(19)]


def test_a_name_with_brackets_is_dealt_its_cards() -> None:
    text = BADUGI.replace("Ann", "PC [Mittel]")
    (record,) = pokerstars.records(text)
    assert record.dealt[0][0] == ["Ac", "2d", "3h", "Kh"]
    assert stacks(text) == [Decimal(55), Decimal(45)]


def test_a_trackers_upper_case_header_is_read() -> None:
    header = (
        "PokerStars Game #29356803849: TOURNAMENT #169962475, $10+$1 7 CARD STUD HI/LO LIMIT - LEVEL I (25/50)"
        " - 2009/06/14 11:45:00 ET"
    )
    (record,) = pokerstars.records("\n".join([header, *STUD.splitlines()[1:]]))
    assert (record.game, record.limit, record.tournament) == ("7 CARD STUD HI/LO", "fixed-limit", "169962475")
    assert (record.small_bet, record.big_bet, record.extra["buy_in"]) == (Decimal(25), Decimal(50), "$10+$1")


def test_a_reshuffle_the_stock_does_not_need_is_refused_naming_the_line() -> None:
    """Two badugi hands and five cards drawn leave 39 cards in the stock: a file that
    reshuffles there is not a deal hoyle can replay (nor PokerStars dealt)."""
    text = BADUGI.replace("Bo: discards 1 card\n", "Bo: discards 1 card\nThe deck is reshuffled\n")
    with pytest.raises(
        ReplayError,
        match=r"line 21: the file reshuffles the deck, but the stock never runs out \(it ends the hand holding 40 cards",
    ):
        pokerstars.parse(text)


COURCHEVEL = """PokerStars Hand #96353118546:  Courchevel Pot Limit ($0.10/$0.25 USD) - 2013/03/29 17:16:11 ET
Table 'Pollux IV' 6-max Seat #1 is the button
Seat 1: Ann ($25 in chips)
Seat 2: Bo ($25 in chips)
Ann: posts small blind $0.10
Bo: posts big blind $0.25
*** HOLE CARDS ***
Dealt to Ann [Ah Kh 5h 2h 2c]
*** PRE-FLOP *** [Th]
Ann: calls $0.15
Bo: checks
*** FLOP *** [Th 3s 4d]
Bo: checks
Ann: checks
*** TURN *** [Th 3s 4d] [9c]
Bo: checks
Ann: checks
*** RIVER *** [Th 3s 4d 9c] [8h]
Bo: checks
Ann: checks
*** SHOW DOWN ***
Bo: shows [7c 6d Kd Ks 2d] (a straight, Six to Ten)
Ann: shows [Ah Kh 5h 2h 2c] (a pair of Deuces)
Bo collected $0.50 from pot
*** SUMMARY ***
Total pot $0.50 | Rake $0
"""


def test_courchevel_is_five_card_omaha_with_a_flop_card_before_the_betting() -> None:
    """The PRE-FLOP line shows the first flop card; the hand plays as five-card Omaha:
    two hole cards and three of the board, so Ann's four hearts make no flush with the
    board's two and Bo's 6-7 straight takes the pot."""
    assert stacks(COURCHEVEL) == [Decimal("24.75"), Decimal("25.25")]
    (record,) = pokerstars.records(COURCHEVEL)
    assert record.boards == [["Th", "3s", "4d", "9c", "8h"]]


def test_a_mixed_game_after_a_buy_in_is_the_mix() -> None:
    header = (
        "PokerStars Game #2: Tournament #7, 100+9 8-Game (7 Card Stud Limit) - Level I (10/20) - 2013/06/05 23:30:00 ET"
    )
    (record,) = pokerstars.records("\n".join([header, *STUD.splitlines()[1:]]))
    assert (record.game, record.extra["mixed_game"], record.extra["buy_in"]) == ("7 Card Stud", "8-Game", "100+9")


def test_a_draw_dealt_from_the_reshuffled_discards_replays() -> None:
    """A real triple-draw hand (fpdb's corpus file) whose stock runs out in the second
    draw (`The deck is reshuffled`, 30 cards dealt and 22 drawn): the earlier discards
    are shuffled into a new stock (docs/rules/poker.md#b4) and the hands shown at the
    showdown, each with a card drawn from it in the third draw, are the cards the players
    hold at hoyle's showdown; the winner is the file's."""
    from hoyle.handhistory.games import replay
    from real_corpus import REAL, hands, replay_checked

    path = REAL / "fpdb/cash-3-Draw-Limit-USD-0.10-0.20-200911.txt"
    ((start, lines),) = [(s, h) for s, h in hands(path) if "35839412131" in h[0]]
    record = pokerstars.read_hand(start, lines)
    game = replay(record)
    seat = game.result["record_order"]
    for name, shown in (("tom1206", "4s 3h 7d 8s 2c"), ("bakter9", "8d 5c 7c 2d 6h")):
        held = game.state.zone(f"hole:{seat[record.players.index(name)]}").cards
        assert sorted(map(str, held)) == sorted(shown.split())
    reshuffled = [e for e in game.state.events if e.type == "reshuffle" and e.cards]
    assert len(reshuffled) == 1 and {"2c", "6h"} <= {str(c) for c in reshuffled[0].cards}
    assert replay_checked(start, lines)[2] == ""  # the recorded stacks, the rake aside


def test_eight_stud_players_to_the_river_share_a_community_card() -> None:
    """A real eight-player stud hand (fpdb's corpus file): 8 x 6 cards leave 4 in the
    deck for the river, so the river is one card face up for all (`*** RIVER *** [6h]`,
    docs/rules/poker.md): it is hoyle's board, the players show six cards and the winner's
    two pair is the file's."""
    from hoyle.handhistory.games import replay
    from real_corpus import REAL, hands, replay_checked

    path = REAL / "fpdb/cash-7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt"
    ((start, lines),) = [(s, h) for s, h in hands(path) if "30506593746" in h[0]]
    record = pokerstars.read_hand(start, lines)
    assert record.boards[0] == ["6h"]
    game = replay(record)
    assert [str(c) for c in game.state.zone("board").cards] == ["6h"]
    assert any(e.type == "community_card" for e in game.state.events)
    assert replay_checked(start, lines)[2] == ""

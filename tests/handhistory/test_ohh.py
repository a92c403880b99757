"""Open Hand History: a finished hoyle hand dumped as OHH replays to the same hand
(random hold'em and Omaha hands), hand-written OHH files replay to the stacks worked out
by hand, and broken OHH is one clear error."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import hoyle
import pytest
from hoyle import ohh
from hoyle.errors import ReplayError
from hoyle.handhistory import pokerstars
from hoyle.handhistory.games import finishing_stacks
from hypothesis import HealthCheck, given, settings
from random_hands import hands

DATA = Path(__file__).parent / "data"


def board_and_holes(game: hoyle.Game) -> tuple[list[str], list[list[str]]]:
    state = game.state
    board = [str(c) for c in state.zone("board").cards]
    holes = [sorted(str(c) for c in state.zone(f"hole:{s}").cards) for s in state.seats]
    return board, holes


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_a_dumped_hand_replays_to_the_same_hand(game: hoyle.Game) -> None:
    text = ohh.dumps(game)
    hand = json.loads(text)["ohh"]
    assert hand["spec_version"].startswith("1.4") and hand["dealer_seat"] == len(game.state.players)
    again = ohh.replay(text)
    assert again.state.stacks == game.state.stacks
    assert again.result is not None and game.result is not None
    assert again.result["scores"] == game.result["scores"]
    assert board_and_holes(again) == board_and_holes(game)
    assert betting(again) == betting(game)


def betting(game: hoyle.Game) -> list[tuple[int | None, str]]:
    """The betting decisions (the replay's manual showdown adds show and muck decisions)."""
    return [
        (e.seat, e.data["action"])
        for e in game.events
        if e.type == "action" and e.data["action"] not in ("show", "muck")
    ]


def test_the_spec_s_amounts_a_raise_is_the_chips_it_adds() -> None:
    game = hoyle.new_game("texas-holdem", players=2, seed=4, stacks=[100, 100])
    game.act("raise to 6")  # the button (small blind, 1 in) raises to 6: adds 5
    game.act("raise to 20")  # the big blind (2 in) re-raises to 20: adds 18
    game.act("fold")
    rounds = ohh.dump(game)["ohh"]["rounds"]
    raises = [(a["action"], a["amount"]) for a in rounds[0]["actions"] if a["action"] == "Raise"]
    assert raises == [("Raise", 5), ("Raise", 18)]
    assert ohh.dump(game)["ohh"]["pots"][0]["player_wins"][0]["win_amount"] == 12


def test_handwritten_file_of_two_hands_replays_to_the_stacks_worked_out_by_hand() -> None:
    games = ohh.replay_all(DATA / "two_hands.ohh")
    records = ohh.records((DATA / "two_hands.ohh").read_text())
    assert [r.players for r in records] == [["Ann", "Bob", "Dee"], ["Eve", "Fay"]]  # Cid sits out
    assert [r.line for r in records] == [1, 41]
    assert finishing_stacks(games[0]) == [Decimal("7.60"), Decimal("2.90"), Decimal(0)]
    assert finishing_stacks(games[1]) == [Decimal(1800), Decimal(0)]  # heads-up Omaha with antes
    with pytest.raises(ReplayError, match="2 hands where one was expected"):
        ohh.replay(DATA / "two_hands.ohh")


def test_pokerstars_hands_written_as_ohh_replay_to_the_same_stacks() -> None:
    for file in ("pokerstars_cash_holdem.txt", "pokerstars_tournament.txt", "pokerstars_omaha.txt"):
        for record in pokerstars.records((DATA / file).read_text()):
            direct = finishing_stacks(hoyle.handhistory.replay(record))
            text = json.dumps(ohh.from_record(record), default=str)
            hand = json.loads(text)["ohh"]
            assert hand["tournament"] == bool(record.tournament) and "hero_player_id" in hand
            if record.tournament:
                assert hand["tournament_info"]["tournament_number"] == record.tournament
            (again,) = ohh.replay_all(text)
            assert finishing_stacks(again) == direct, record.hand_id


HAND = (DATA / "two_hands.ohh").read_text().split("\n\n")[0]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('"Fold"', '"Dance"'), r"action 6: action 'Dance' is not an OHH action"),
        (('"game_type": "Holdem"', '"game_type": "Pineapple"'), r"no plugin replays 'Pineapple'"),
        (('"game_type": "Holdem"', '"game_type": "Razz"'), r"Razz.*: the record has no stud streets"),
        (('"dealer_seat": 6,', ""), r"no 'dealer_seat'"),
        (('"bet_type": "NL"', '"bet_type": "XL"'), r"bet_type 'XL'"),
        (('"win_amount": 5.10', '"win_amount": 5.00'), r"Ann 7\.6 \(the history says 7\.50\)"),
        (('"player_id": 3, "action": "Raise"', '"player_id": 2, "action": "Raise"'), r"player_id 2 is not a player"),
        (('"street": "Turn"', '"street": "Fourth"'), r"street 'Fourth'"),
    ],
)
def test_broken_ohh_is_one_clear_error(change: tuple[str, str], message: str) -> None:
    assert change[0] in HAND
    with pytest.raises(ReplayError, match=message):
        ohh.replay(HAND.replace(*change))


def test_not_json_names_the_line() -> None:
    with pytest.raises(ReplayError, match=r"line 3: not JSON"):
        ohh.loads('{"ohh": {\n  "a": 1,\n  oops\n}}')
    with pytest.raises(ReplayError, match=r'line 1: an OHH hand is a JSON object \{"ohh"'):
        ohh.loads("[1, 2]")


def test_only_finished_games_of_a_plugin_s_variants_dump() -> None:
    game = hoyle.new_game("texas-holdem", players=2, seed=1)
    with pytest.raises(ReplayError, match="finished"):
        ohh.dump(game)
    war = hoyle.new_game("war", seed=1, options={"max_battles": 3})
    while not war.is_over:
        war.act("play")
    with pytest.raises(ReplayError, match="no installed plugin writes 'war'"):
        ohh.dump(war)

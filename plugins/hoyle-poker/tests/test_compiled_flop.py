"""The compiled hold'em hand (``hoyle._core.FlopHand``, the Rust betting machine) against
the Python engine, move by move (docs/poker-games.md, "The compiled hand").

Each hand draws its settings (structure, blinds, straddle, antes of both kinds, minimum
bet, limit bet sizes, the half-bet rule, fold-when-check), its table (2 to 9 seats,
stacks from one chip up, empty seats) and its seed; both engines deal the same deck and
every step compares the seat to act, the street, the legal actions, the bet range, the
bets, the stacks, who is still in, the pot and the board; actions are random legal ones,
random sizes inside the range and illegal ones that both must refuse without a change.
The end compares the chips won, how the hand ended and the uncalled bet returned.
``HOYLE_LOCKSTEP_HANDS`` sets the number of hands (default 20,000, in 8 chunks).
"""

from __future__ import annotations

import os
import random
from typing import Any

import hoyle
import numpy as np
import pytest
from hoyle import Deck
from hoyle._core import FlopHand, simulate_flop_random
from hoyle.errors import HoyleError, IllegalActionError, InvalidArgumentError
from hoyle.simulate.play import game_seed, play_one
from hoyle_poker.compiled import compiled_rules

HANDS = int(os.environ.get("HOYLE_LOCKSTEP_HANDS", "20000"))
CHUNKS = 8


def random_options(rng: random.Random) -> dict[str, Any]:
    o: dict[str, Any] = {"structure": rng.choice(["no-limit", "pot-limit", "fixed-limit"])}
    shape = rng.randrange(4)
    if shape == 1:
        o["small_blind"], o["big_blind"] = rng.choice([(1, 2), (2, 5), (5, 10), (0, 2), (3, 3)])
    elif shape == 2:
        o["straddle"] = rng.choice([4, 8])
    elif shape == 3:
        o["blinds"] = rng.choice(["1 2 4", "5 10", "0 0", "2 4 8 16"])
    kind = rng.randrange(4)
    if kind == 1:
        o["ante"] = rng.choice([1, 3])
    elif kind == 2:
        o["ante"], o["ante_type"] = 2, "big-blind"
    elif kind == 3:
        o["antes"] = rng.choice(["0 5", "1 1 1", "2"])
    if rng.random() < 0.2:
        o["min_bet"] = rng.choice([1, 4, 10])
    if rng.random() < 0.2:
        o["small_bet"], o["big_bet"] = rng.choice([(2, 4), (4, 8), (3, 0)])
    if rng.random() < 0.3:
        o["short_all_in"] = "half-bet"
    if rng.random() < 0.2:
        o["fold_when_check"] = "allow"
    return o


def random_stacks(rng: random.Random) -> list[int]:
    n = rng.randrange(2, 10)
    stacks = [rng.choice([rng.randrange(1, 12), rng.randrange(1, 60), rng.randrange(50, 400)]) for _ in range(n)]
    for s in rng.sample(range(n), rng.randrange(0, n - 1)) if rng.random() < 0.2 else ():
        stacks[s] = 0  # an empty seat
    if sum(1 for x in stacks if x) < 2:
        stacks[0] = stacks[1] = 100
    return stacks


def illegal_moves(legal: list[str], rng_range: tuple[int, int] | None) -> list[str]:
    """Actions the seat to act may not take now, written from the rules: a check when
    facing a bet, a fold with nothing to call (unless allowed: left out), a bet when
    there is a bet (raise when there is none), and sizes outside the range."""
    out = []
    facing = "call" in legal
    out.append("check" if facing else "call" if "call" not in legal else "check")
    if rng_range is None:
        out += ["raise to 1000000", "bet to 1000000"]
    else:
        least, most = rng_range
        kind = "raise" if any(a.startswith("raise") for a in legal) else "bet"
        other = "bet" if kind == "raise" else "raise"
        out += [f"{kind} to {most + 1}", f"{other} to {least}"]
        if least > 1:
            out.append(f"{kind} to {least - 1}")
    return [a for a in out if a not in legal]


def snapshot_python(game: hoyle.Game) -> dict[str, Any]:
    state = game.state
    p = state.public
    over = game.is_over
    return {
        "to_act": None if over else state.to_act,
        "street": "over" if over else state.phase,
        "legal": [] if over else [str(a) for a in game.legal_actions(state.to_act)],
        "range": None if over or p["range"] is None else tuple(p["range"]),
        "bets": list(p["bets"]),
        "stacks": list(state.stacks),
        "live": list(p["live"]),
        "pot": state.pot,
        "board": " ".join(str(c) for c in state.zones["board"].cards),
    }


def snapshot_rust(hand: FlopHand) -> dict[str, Any]:
    return {
        "to_act": hand.to_act,
        "street": hand.street,
        "legal": hand.legal_actions(),
        "range": hand.range,
        "bets": hand.bets,
        "stacks": hand.stacks,
        "live": hand.live,
        "pot": hand.pot,
        "board": hand.board,
    }


def python_end(game: hoyle.Game) -> tuple[list[int], str, tuple[int, int] | None]:
    state = game.state
    uncalled = None
    end = ""
    for e in state.events:
        if e.type == "uncalled_bet_returned":
            uncalled = (e.seat, e.data["amount"])
        elif e.type == "deal_end":
            end = e.data.get("reason", end)
    won = [state.stacks[s] - state.public["start"][s] for s in state.seats]
    return won, end, uncalled


def play_lockstep(seed: int) -> int:
    """Play one random hand through both engines; returns the number of steps compared."""
    rng = random.Random(seed)
    options = random_options(rng)
    stacks = random_stacks(rng)
    game = hoyle.new_game("texas-holdem", players=len(stacks), seed=seed, options=options, stacks=stacks)
    rules = compiled_rules("texas-holdem", game.state.options, players=sum(1 for x in stacks if x))
    assert rules is not None
    deck = Deck.standard().shuffled(seed, 0)
    hand = FlopHand(deck, stacks, **rules)
    for s in game.state.seats:
        if stacks[s]:
            assert hand.hole(s) == " ".join(str(c) for c in game.state.zones[f"hole:{s}"].cards)
    steps = 0
    while True:
        expected = snapshot_python(game)
        assert snapshot_rust(hand) == expected, (seed, options, stacks, steps)
        steps += 1
        if game.is_over:
            break
        seat = game.state.to_act
        legal, rng_range = expected["legal"], expected["range"]
        if rng.random() < 0.15:
            bad = illegal_moves(legal, rng_range)
            if bad:
                move = rng.choice(bad)
                with pytest.raises(IllegalActionError):
                    game.act(move, seat)
                with pytest.raises(InvalidArgumentError):
                    hand.act(move)
                continue
        if rng_range is not None and rng.random() < 0.3 and options["structure"] != "fixed-limit":
            kind = "raise" if any(a.startswith("raise") for a in legal) else "bet"
            move = f"{kind} to {rng.randint(*rng_range)}"
        else:
            move = rng.choice(legal)
        game.act(move, seat)
        hand.act(move)
    won, end, uncalled = python_end(game)
    assert (hand.won, hand.end, hand.uncalled) == (won, end, uncalled), (seed, options, stacks)
    assert game.result is not None and list(game.result["settlement"]) == won
    return steps


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_the_compiled_hand_plays_as_the_python_engine(chunk: int) -> None:
    per_chunk = -(-HANDS // CHUNKS)
    steps = sum(play_lockstep(1_000_003 * chunk + i) for i in range(per_chunk))
    assert steps > 3 * per_chunk  # the hands were played, not dealt and stopped


def test_native_random_bots_play_the_games_hoyle_simulate_plays() -> None:
    won, actions = simulate_flop_random([200, 200], 7, 0, 300, threads=1)
    for i in range(300):
        record = play_one("texas-holdem", game_seed(7, i), ["random", "random"])
        assert list(won[i]) == list(record.settlement)
        assert actions[i] == record.actions


def test_native_simulation_does_not_depend_on_threads() -> None:
    one = simulate_flop_random([50, 80, 120], 3, 10, 2000, structure="pot-limit", threads=1)
    two = simulate_flop_random([50, 80, 120], 3, 10, 2000, structure="pot-limit", threads=2)
    assert np.array_equal(one[0], two[0]) and np.array_equal(one[1], two[1])
    assert (one[0].sum(axis=1) == 0).all()  # chips are conserved in every game
    part = simulate_flop_random([50, 80, 120], 3, 1010, 5, structure="pot-limit", threads=1)
    assert np.array_equal(part[0], one[0][1000:1005])


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"stacks": [200]}, "stacks"),
        ({"stacks": [200] * 24}, "stacks"),
        ({"structure": "spread-limit"}, "structure"),
        ({"short_all_in": "quarter-bet"}, "short_all_in"),
        ({"bet_sizes": [2, 2, 4]}, "bet_sizes"),
        ({"hole_cards": 9}, "hole_cards"),
        ({"deck": "As Ad"}, "deck"),
        ({"deck": "As As Kd"}, "deck"),
    ],
)
def test_bad_settings_are_refused_by_name(kwargs: dict[str, Any], named: str) -> None:
    args: dict[str, Any] = {"deck": Deck.standard(), "stacks": [200, 200], **kwargs}
    with pytest.raises(HoyleError, match=named):
        FlopHand(args.pop("deck"), args.pop("stacks"), **args)


def test_a_refused_action_changes_nothing() -> None:
    hand = FlopHand(Deck.standard(), [200, 200])
    before = snapshot_rust(hand)
    for bad in ["check", "raise to 3", "bet to 10", "raise 10", "", "raise to 99999999999999999999"]:
        with pytest.raises(InvalidArgumentError):
            hand.act(bad)
        assert snapshot_rust(hand) == before

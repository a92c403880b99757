"""The OpenSpiel games: OpenSpiel's own random simulation checks, the chance node, the
observers, clone and serialization, and CFR improving on the uniform policy."""

from __future__ import annotations

import json

import pytest

pyspiel = pytest.importorskip("pyspiel")
import hoyle.rl  # noqa: E402
from hoyle import Card  # noqa: E402
from hoyle.errors import InvalidArgumentError  # noqa: E402
from rl_cases import players_of, short_options  # noqa: E402

SMALL_HOLDEM = {"structure": "fixed-limit", "stack": 6}


@pytest.mark.parametrize(
    "variant", ["texas-holdem", "gin-rummy", "egyptian-ratscrew", "war", "500-rum", "five-card-draw", "in-between"]
)
def test_random_sim_test_passes(variant: str) -> None:
    options = SMALL_HOLDEM if variant == "texas-holdem" else short_options(variant)
    game = hoyle.rl.openspiel_game(variant, players=players_of(variant), options=options, seeds=8)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_chance_node_deals_the_seeded_game() -> None:
    game = hoyle.rl.openspiel_game("gin-rummy", options={"deals": 1}, seeds=5, seed=100)
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(k, 0.2) for k in range(5)]
    state.apply_action(3)
    assert state.table.game.record["seed"] == 103
    assert state.current_player() == state.table.game.to_act


def test_tensors_and_strings() -> None:
    game = hoyle.rl.openspiel_game("texas-holdem", seeds=2, history=8)
    state = game.new_initial_state()
    state.apply_action(0)
    enc = hoyle.rl.encoding("texas-holdem")
    assert len(state.observation_tensor(0)) == enc.observation_size
    assert len(state.information_state_tensor(0)) == enc.observation_size + 8
    seat = state.current_player()
    slot = state.legal_actions()[0]
    state.apply_action(slot)
    history = state.information_state_tensor(seat)[enc.observation_size :]
    assert history[0] == slot + 1 and not any(history[1:])
    assert '"events"' in state.information_state_string(0) and '"events"' not in state.observation_string(0)
    assert state.information_state_string(0) != state.information_state_string(1)  # each sees its own cards


def test_clone_is_independent_and_serialization_round_trips() -> None:
    game = hoyle.rl.openspiel_game("gin-rummy", options={"deals": 1}, seeds=4)
    state = game.new_initial_state()
    state.apply_action(1)
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert copy.history() != state.history()
    assert len(state.table.game.record["actions"]) == 5
    back = game.deserialize_state(state.serialize())
    assert back.history() == state.history()
    assert back.table.game.to_json() == state.table.game.to_json()
    assert back.observation_tensor(0) == state.observation_tensor(0)


def test_load_game_by_name_and_bad_parameters() -> None:
    hoyle.rl.openspiel_game("war")
    game = pyspiel.load_game("hoyle_war", {"seeds": 3})
    assert game.num_distinct_actions() == hoyle.rl.encoding("war").action_size
    with pytest.raises(InvalidArgumentError, match="unknown OpenSpiel parameter 'stack'"):
        hoyle.rl.openspiel_game("war", stack=3)
    with pytest.raises(InvalidArgumentError, match="unknown variant 'nope'"):
        hoyle.rl.openspiel_game("nope")


def test_cfr_improves_on_the_uniform_policy() -> None:
    from open_spiel.python import policy
    from open_spiel.python.algorithms import cfr, exploitability

    game = hoyle.rl.openspiel_game("texas-holdem", options={"structure": "fixed-limit", "stack": 4}, seeds=2)
    uniform = exploitability.nash_conv(game, policy.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(4):
        solver.evaluate_and_update_policy()
    assert exploitability.nash_conv(game, solver.average_policy()) < 0.8 * uniform


def test_gin_information_state_tensor_names_the_up_card_the_opponent_took() -> None:
    """The watcher's information state string shows which card the opponent took face
    up; its tensor holds that card in the opponent's ``known`` plane, and only it."""
    game = hoyle.rl.openspiel_game("gin-rummy", options={"deals": 1}, seeds=6)
    enc = hoyle.rl.encoding("gin-rummy", options={"deals": 1})
    names, at = enc.catalogue.names, enc.layout.offsets["known"] + 53
    taken = set()
    for deal in range(6):
        state = game.new_initial_state()
        state.apply_action(deal)
        watcher = state.current_player()
        state.apply_action(names.index("pass"))
        state.apply_action(names.index("draw discard"))
        events = json.loads(state.information_state_string(watcher))["events"]
        took = [e["cards"] for e in events if e.get("from") == "discard" and e.get("to") == f"hand:{1 - watcher}"]
        assert len(took) == 1 and len(took[0]) == 1
        plane = state.information_state_tensor(watcher)[at : at + 52]
        assert [str(Card.from_index(i)) for i, v in enumerate(plane) if v] == took[0]
        taken.add(took[0][0])
    assert len(taken) > 1  # the deals took different cards

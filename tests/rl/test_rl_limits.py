"""Episodes always end: every variant's random-policy episode is terminated or truncated
within ``max_steps`` decisions, through PettingZoo's, Gymnasium's and OpenSpiel's flags."""

from __future__ import annotations

import hoyle.rl
import numpy as np
import pytest
from hoyle.errors import InvalidArgumentError
from hoyle.rl.limits import default_max_steps
from rl_cases import VARIANTS, players_of

#: A bound small enough to reach in every variant's first deal, so that truncation (not
#: the rules' end) is what ends the episode where the game goes on.
SMALL = 40


def random_aec_episode(env, seed: int) -> int:
    """Play a random episode; ``env.ended`` records each agent's last (terminated, truncated)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    env.ended = {}
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.ended[agent] = (terminated, truncated)
            env.step(None)
            continue
        mask = env.observe(agent)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    return steps


@pytest.mark.parametrize("variant", VARIANTS)
def test_default_bound_is_the_family_default(variant: str) -> None:
    env = hoyle.rl.aec_env(variant, players=players_of(variant))
    assert env.max_steps == default_max_steps(variant, {})
    assert env.max_steps >= 400


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_episode_ends_within_bound(variant: str) -> None:
    env = hoyle.rl.aec_env(variant, players=players_of(variant), max_steps=SMALL)
    steps = random_aec_episode(env, seed=5)
    assert steps <= SMALL
    assert not env.agents  # every agent was done and stepped out
    assert set(env.ended) == set(env.possible_agents)
    ended = all(te for te, _ in env.ended.values())
    cut = all(tr for _, tr in env.ended.values())
    assert ended != cut  # one or the other, for every agent alike
    if cut:
        assert steps == SMALL


@pytest.mark.parametrize("variant", ["seven-card-rummy", "boat-house-rummy"])
def test_endless_rummy_is_truncated_at_its_default_bound(variant: str) -> None:
    """With ``stock_limit=0`` the rules turn the discard pile over without limit: a random
    episode must still end, truncated."""
    env = hoyle.rl.aec_env(variant, options={"deals": 1, "stock_limit": 0}, max_steps=3000)
    steps = random_aec_episode(env, seed=1)
    assert steps <= 3000
    assert set(env.ended) == set(env.possible_agents)


#: The games whose rules text turns the discard pile over without end, and the options
#: that bound it (docs/rl.md, "Episodes always end").
ENDLESS = {
    "seven-card-rummy": {"deals": 3, "stock_limit": 3},
    "boat-house-rummy": {"deals": 3, "stock_limit": 3},
    "rummy": {"deals": 3, "stock_limit": 3},
    "high-low-rummy": {"deals": 3, "stock_limit": 3},
    "contract-rummy": {"reshuffles": 3},
}


@pytest.mark.parametrize("variant", sorted(ENDLESS))
def test_endless_rummy_episodes_end_by_the_rules(variant: str) -> None:
    """Not given, the bounding options play at their bounded values, so random episodes
    are terminated by the rules, never cut at ``max_steps``."""
    for seed in range(4):
        env = hoyle.rl.aec_env(variant, players=players_of(variant))
        assert env.enc.options == ENDLESS[variant]
        steps = random_aec_episode(env, seed=seed)
        assert steps < env.max_steps
        assert all(te and not tr for te, tr in env.ended.values())


def test_given_options_win_over_the_bounded_values() -> None:
    env = hoyle.rl.aec_env("seven-card-rummy", options={"stock_limit": 2})
    assert env.enc.options == {"deals": 3, "stock_limit": 2}
    assert hoyle.rl.aec_env("gin-rummy").enc.options == {}  # nothing bounded: as the rules say


def test_gym_and_openspiel_play_the_bounded_options() -> None:
    assert hoyle.rl.gym_env("boat-house-rummy").unwrapped.enc.options == {"deals": 3, "stock_limit": 3}
    game = hoyle.rl.openspiel_game("boat-house-rummy", options={"deals": 1})
    assert game.enc.options == {"deals": 1, "stock_limit": 3}
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.move_number() < game.max_game_length()


def test_gym_truncates() -> None:
    env = hoyle.rl.gym_env("seven-card-rummy", options={"deals": 1, "stock_limit": 0}, max_steps=SMALL)
    _, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(SMALL + 1):
        _, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated or truncated:
            break
    assert truncated and not terminated and reward == 0.0
    assert info["truncated"] == "max_steps" and env.steps == SMALL
    with pytest.raises(InvalidArgumentError, match="over"):
        env.step(0)


def test_openspiel_max_game_length_ends_the_game() -> None:
    game = hoyle.rl.openspiel_game("seven-card-rummy", options={"deals": 1, "stock_limit": 0}, max_game_length=SMALL)
    assert game.max_game_length() == SMALL
    state = game.new_initial_state()
    state.apply_action(0)
    rng = np.random.default_rng(3)
    moves = 0
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
        moves += 1
    assert moves == SMALL and state.returns() == [0.0, 0.0]


def test_openspiel_default_length_is_the_family_default() -> None:
    assert hoyle.rl.openspiel_game("texas-holdem").max_game_length() == default_max_steps("texas-holdem", {})


def test_openspiel_options_none() -> None:
    game = hoyle.rl.openspiel_game("war", options=None)
    assert game.new_initial_state().is_chance_node()


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "10"])
def test_bad_max_steps(bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match="max_steps"):
        hoyle.rl.aec_env("war", max_steps=bad)

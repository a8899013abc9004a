"""DQN on a sow game through OpenSpiel's `rl_environment`, trained against a random player.

OpenSpiel's own JAX DQN agent (`open_spiel.python.jax.dqn.DQN`, unmodified) learns Kalah
(`sow_kalah`, registered by `import sow.openspiel`) by playing a uniformly random opponent:
one agent per seat, the seat alternating between episodes. Before and after training, the
greedy agents play `--eval-games` games against a random player (half as South, half as
North); the win rates are printed, the last line being the one after training:

    .venv/bin/pip install ./python open-spiel jax flax chex optax orbax-checkpoint
    .venv/bin/python python/examples/dqn_kalah.py --episodes 2000

Options name any registered sow game (`--game "sow_kalah(columns=4)"`, `--game sow_oware`).
"""

import argparse
import time

import numpy as np
import pyspiel  # noqa: F401  (OpenSpiel; sow.openspiel registers the sow games with it)
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import random_agent
from open_spiel.python.jax import dqn

import sow.openspiel  # noqa: F401  (registers sow_kalah, sow_oware, sow_nsolo, …)


def play(env, agents, learn):
    """One episode; `agents[p]` plays seat `p`. Returns South's return."""
    time_step = env.reset()
    while not time_step.last():
        player = time_step.observations["current_player"]
        output = agents[player].step(time_step, is_evaluation=not learn)
        time_step = env.step([output.action])
    if learn:
        for agent in agents:  # each learner sees the end of its episode
            agent.step(time_step)
    return time_step.rewards


def win_rate(env, learners, randoms, games):
    """The greedy learners' share of wins against the random players, half the games per seat."""
    wins = 0
    for g in range(games):
        seat = g % 2
        agents = list(randoms)
        agents[seat] = learners[seat]
        wins += play(env, agents, learn=False)[seat] > 0
    return wins / games


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="sow_kalah", help="a registered sow game (default sow_kalah)")
    parser.add_argument("--episodes", type=int, default=2000, help="training episodes (half per seat)")
    parser.add_argument("--eval-games", type=int, default=200, help="games against random, before and after")
    parser.add_argument("--hidden", type=int, nargs="+", default=[64, 64], help="hidden layer sizes")
    parser.add_argument("--learning-rate", type=float, default=1e-3, help="Adam's step size")
    parser.add_argument("--learn-every", type=int, default=4, help="decisions between two updates (at least 3: OpenSpiel 2.0.2 learns before its first transition otherwise)")
    parser.add_argument("--target-every", type=int, default=50, help="decisions between target updates")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    env = rl_environment.Environment(args.game)
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    # About 25 decisions of the learner per Kalah game; epsilon falls exponentially (OpenSpiel
    # 2.0.2's linear schedule fails under jax.jit), by e in a quarter of them.
    decisions = args.episodes * 25
    learners = [
        dqn.DQN(
            player_id=seat,
            state_representation_size=size,
            num_actions=actions,
            hidden_layers_sizes=args.hidden,
            batch_size=32,
            replay_buffer_capacity=50_000,
            learning_rate=args.learning_rate,
            optimizer_str="adam",
            update_target_network_every=args.target_every,
            learn_every=args.learn_every,
            min_buffer_size_to_learn=200,
            epsilon_decay_duration=max(1, decisions // 4),
            epsilon_end=0.05,
            seed=args.seed + seat,
            allow_checkpointing=False,
        )
        for seat in range(2)
    ]
    np.random.seed(args.seed)  # OpenSpiel's random agent draws from NumPy's global generator
    randoms = [random_agent.RandomAgent(player_id=seat, num_actions=actions) for seat in range(2)]

    before = win_rate(env, learners, randoms, args.eval_games)
    print(f"{args.game}: before training, the greedy DQN wins {before:.1%} of {args.eval_games} games against random")
    start = time.perf_counter()
    for episode in range(args.episodes):
        seat = episode % 2
        agents = list(randoms)
        agents[seat] = learners[seat]
        play(env, agents, learn=True)
        if (episode + 1) % max(1, args.episodes // 10) == 0:
            print(f"  {episode + 1} episodes, {time.perf_counter() - start:.0f} s", flush=True)
    after = win_rate(env, learners, randoms, args.eval_games)
    print(f"{args.game}: after {args.episodes} episodes, the greedy DQN wins {after:.1%} of {args.eval_games} games against random")
    return after


if __name__ == "__main__":
    main()

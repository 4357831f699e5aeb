"""The cost of the research adapters: random play in steps per second through Motley's own
API, through OpenSpiel (`motley.adapters.openspiel`) and through PettingZoo's AEC API
(`motley.adapters.pettingzoo`, observations included), measured in the same run, with each
adapter's ratio against the native API.

A step is one node passed: a decision, a chance outcome or a simultaneous node's joint action
(the AEC API takes one step per commitment there; they are counted as one). Each measurement
plays random games from fixed seeds until `--steps` steps are made.

    python bench/adapters_bench.py [--steps 3000] [--games chess skock two_move tar_pit]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

import numpy as np
import pyspiel

from motley.adapters import openspiel  # noqa: F401 (registers the games)
from motley.adapters.pettingzoo import env
from motley.core import registry
from motley.core.driver import pick_outcome
from motley.core.rules import NodeKind


def native(game_id: str, steps: int) -> int:
    rules = registry.make(game_id)
    rng = random.Random(0)
    done = 0
    while done < steps:
        state = rules.initial_state()
        while done < steps and not rules.is_terminal(state):
            kind = rules.kind(state)
            if kind is NodeKind.CHANCE:
                state = rules.apply(state, pick_outcome(rules.chance_outcomes(state), rng))
            elif kind is NodeKind.SIMULTANEOUS:
                joint = {s: rng.choice(list(rules.legal_actions(state, s)))
                         for s in rules.actors(state)}
                state = rules.apply_joint(state, joint)
            else:
                state = rules.apply(state, rng.choice(list(rules.legal_actions(state))))
            done += 1
    return done


def through_openspiel(game_id: str, steps: int) -> int:
    game = pyspiel.load_game(f"motley_{game_id}")
    rng = random.Random(0)
    done = 0
    while done < steps:
        state = game.new_initial_state()
        while done < steps and not state.is_terminal():
            if state.is_chance_node():
                codes, odds = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(codes, odds)[0])
            elif state.is_simultaneous_node():
                state.apply_actions(
                    [rng.choice(state.legal_actions(p)) for p in range(game.num_players())]
                )
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            done += 1
    return done


def through_pettingzoo(game_id: str, steps: int) -> int:
    game = env(game_id)
    rng = random.Random(0)
    done, seed = 0, 0
    while done < steps:
        game.reset(seed=seed)
        seed += 1
        for _ in game.agent_iter():
            observation, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            before = len(game.seats.play.events)
            game.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            done += len(game.seats.play.events) - before
            if done >= steps:
                break
    return done


def rate(run: Callable[[str, int], int], game_id: str, steps: int) -> float:
    began = time.perf_counter()
    done = run(game_id, steps)
    return done / (time.perf_counter() - began)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--games", nargs="*", default=["chess", "skock", "two_move", "tar_pit"])
    args = parser.parse_args(argv)
    print("| game | native steps/s | OpenSpiel steps/s | ratio | PettingZoo steps/s | ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for game_id in args.games:
        base = rate(native, game_id, args.steps)
        spiel = rate(through_openspiel, game_id, args.steps)
        zoo = rate(through_pettingzoo, game_id, args.steps)
        print(
            f"| {game_id} | {base:,.0f} | {spiel:,.0f} | {spiel / base:.2f} "
            f"| {zoo:,.0f} | {zoo / base:.2f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

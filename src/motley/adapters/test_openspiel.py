"""Every game through OpenSpiel: its own random-simulation checks (with serialization), its
game types, saving through Motley records, and OpenSpiel's search bots playing through it."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the research extra (open_spiel) is missing")
np = pytest.importorskip("numpy", reason="the research extra (numpy) is missing")

from motley.adapters import openspiel  # noqa: E402, F401 (registers the games)
from motley.core import registry  # noqa: E402
from motley.core.spec import Trait  # noqa: E402

GAME_IDS = registry.game_ids()
# long random games: their exhaustive checks are marked slow, one short sim stays fast
LONG = {"skock", "hockey", "zombie", "adrenaline", "half_alice", "tar_pit"}


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {f"motley_{g}" for g in GAME_IDS} <= names
    game = pyspiel.load_game("motley_zombie")
    assert game.num_players() == 2
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    state = game.new_initial_state()
    assert state.current_player() == 0 and state.legal_actions()


def test_game_types_follow_the_headers() -> None:
    Type = pyspiel.GameType
    for game_id in GAME_IDS:
        spec = registry.rules_class(game_id).spec
        kind = pyspiel.load_game(f"motley_{game_id}").get_type()
        assert (kind.dynamics == Type.Dynamics.SIMULTANEOUS) == (Trait.SIMULTANEOUS in spec.traits)
        stochastic = kind.chance_mode == Type.ChanceMode.EXPLICIT_STOCHASTIC
        assert stochastic == (Trait.CHANCE in spec.traits)
        hidden = kind.information == Type.Information.IMPERFECT_INFORMATION
        assert hidden == (Trait.HIDDEN in spec.traits)
    assert pyspiel.load_game("motley_cooperative").get_type().utility == Type.Utility.IDENTICAL


def test_options_are_game_parameters() -> None:
    game = pyspiel.load_game("motley_skock(kings_to_take=1)")
    assert game.get_parameters()["kings_to_take"] == 1
    assert game.rules.options["kings_to_take"] == 1
    with pytest.raises(Exception, match="kings_to_take"):
        pyspiel.load_game("motley_skock(kings_to_take=7)")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_sims_pass_openspiel_checks(game_id: str) -> None:
    game = pyspiel.load_game(f"motley_{game_id}")
    pyspiel.random_sim_test(game, num_sims=1, serialize=game_id not in LONG, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_sims_pass_openspiel_checks_with_serialization(game_id: str) -> None:
    game = pyspiel.load_game(f"motley_{game_id}")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def random_state(game_id: str, steps: int, seed: int = 1) -> Any:
    game = pyspiel.load_game(f"motley_{game_id}")
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            codes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(codes, odds)[0])
        elif state.is_simultaneous_node():
            state.apply_actions(
                [rng.choice(state.legal_actions(p)) for p in range(game.num_players())]
            )
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return game, state


@pytest.mark.parametrize("game_id", ["two_move", "tar_pit", "zombie"])
def test_a_state_saves_as_a_motley_record(game_id: str) -> None:
    game, state = random_state(game_id, 30)
    text = pyspiel.serialize_game_and_state(game, state)
    assert '"format": "motley-record/1"' not in text  # pickled, but through the record:
    record = state.play.record().to_json()
    assert record["game"] == game_id and record["events"]
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state)
    assert again.history() == state.history()
    for seat in range(game.num_players()):
        assert again.information_state_string(seat) == state.information_state_string(seat)


def test_chance_outcomes_carry_the_rules_probabilities() -> None:
    game = pyspiel.load_game("motley_skock")
    state = game.new_initial_state()
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 21  # two dice, unordered
    assert sum(outcomes.values()) == pytest.approx(1.0)
    texts = {a: state.action_to_string(a).split()[1:] for a in outcomes}
    doubles = [p for a, p in outcomes.items() if len(set(texts[a])) == 1]
    assert doubles and all(p == pytest.approx(1 / 36) for p in doubles)


def test_a_seat_away_from_a_simultaneous_node_waits() -> None:
    game = pyspiel.load_game("motley_synchronous")
    state = game.new_initial_state()
    assert state.is_simultaneous_node()
    assert all(state.legal_actions(p) for p in range(2))


@pytest.mark.slow
def test_mcts_beats_random_at_chess() -> None:
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("motley_chess")
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    score = 0.0
    for number in range(2):
        bots = [
            mcts.MCTSBot(game, 2.0, 60, evaluator, random_state=rng, solve=True),
            pyspiel.make_uniform_random_bot(1, 11 + number),
        ]
        if number % 2:
            bots = [pyspiel.make_uniform_random_bot(0, 11 + number), bots[0]]
        mcts_seat = number % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        score += state.returns()[mcts_seat]
    assert score > 0, f"MCTS scored {score} over 2 games against random"


@pytest.mark.slow
def test_ismcts_plays_zombie_to_the_end() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("motley_zombie")
    rng = np.random.RandomState(3)
    # short rollouts (scored 0 when cut): the point is a whole game through the adapter
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=40)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=rng)
    opponent = pyspiel.make_uniform_random_bot(1, 5)
    state = game.new_initial_state()
    plies = 0
    while not state.is_terminal() and plies < 2000:
        player = state.current_player()
        action = bot.step(state) if player == 0 else opponent.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        plies += 1
    assert state.is_terminal()
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])

"""The no-leak property through the adapters: what a seat is shown (OpenSpiel observation
strings and tensors, the last line of its information state, PettingZoo observations and
`env.view`) never changes when only what it cannot see changes.

As in `core/test_no_leak.py`, "what seat p cannot see" is whatever `sample_hidden(view(s, p))`
may change: the adapters must show p the same thing for every such twin of the real state.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the research extra (open_spiel) is missing")
np = pytest.importorskip("numpy", reason="the research extra (numpy) is missing")
pytest.importorskip("pettingzoo", reason="the research extra (pettingzoo) is missing")

from motley.adapters import openspiel  # noqa: E402, F401 (registers the games)
from motley.adapters.pettingzoo import env  # noqa: E402
from motley.core import registry  # noqa: E402
from motley.core.spec import Trait  # noqa: E402

HIDDEN = [g for g in registry.game_ids() if Trait.HIDDEN in registry.rules_class(g).spec.traits]


def shown(state: object, seat: int) -> tuple[str, list[float], str]:
    return (
        state.observation_string(seat),  # type: ignore[attr-defined]
        list(state.observation_tensor(seat)),  # type: ignore[attr-defined]
        state.information_state_string(seat).rsplit("\n", 1)[-1],  # type: ignore[attr-defined]
    )


@pytest.mark.parametrize("game_id", HIDDEN)
def test_openspiel_shows_a_seat_nothing_it_cannot_see(game_id: str) -> None:
    game = pyspiel.load_game(f"motley_{game_id}")
    rng = random.Random(game_id)
    state = game.new_initial_state()
    checked = 0
    for step in range(160):
        if state.is_terminal():
            break
        if step % 8 == 0:
            rules = state.play.rules
            for seat in range(game.num_players()):
                before = shown(state, seat)
                for stream in range(3):
                    twin = state.clone()
                    twin.play.state = rules.sample_hidden(
                        rules.view(state.play.state, seat), random.Random(stream)
                    )
                    assert shown(twin, seat) == before, f"{game_id}: seat {seat} sees a secret"
                    checked += 1
        if state.is_chance_node():
            codes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(codes, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked


@pytest.mark.parametrize("game_id", HIDDEN)
def test_pettingzoo_shows_a_seat_nothing_it_cannot_see(game_id: str) -> None:
    game = env(game_id)
    game.reset(seed=3)
    rules = game.seats.rules
    for number, agent in enumerate(game.agent_iter(max_iter=160)):
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        if number % 8 == 0:
            real = game.seats.play.state
            for seat, name in enumerate(game.possible_agents):
                before = game.observe(name)
                view = game.view(name)
                for stream in range(3):
                    game.seats.play.state = rules.sample_hidden(
                        rules.view(real, seat), random.Random(stream)
                    )
                    after = game.observe(name)
                    assert np.array_equal(after["observation"], before["observation"])
                    assert np.array_equal(after["action_mask"], before["action_mask"])
                    assert game.view(name) == view
                game.seats.play.state = real
        game.step(int(game.action_space(agent).sample(observation["action_mask"])))


def test_the_check_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """An observation made from the full state (not the view) is caught."""
    from motley.adapters.play import Play

    monkeypatch.setattr(
        Play, "view_text", lambda self, seat: str(self.rules.state_to_json(self.state))
    )
    with pytest.raises(AssertionError, match="sees a secret"):
        test_openspiel_shows_a_seat_nothing_it_cannot_see("zombie")

"""No byte sent to a seat depends on what that seat may not see.

Each check plays two games over the wire that differ only in something seat q may not see
(a secret choice, a card dealt to someone else), with the same ids, seeds and clock, and
compares every message q and a spectator received, byte for byte. The seat that could see
the difference must receive different bytes, so the check can fail.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from motley.core import registry
from motley.core.driver import pick_outcome
from motley.core.rules import SPECTATOR, NodeKind
from motley.core.spec import Trait
from motley.core.table import Table
from motley.core.toys import HighCardState
from motley.web.decide import chance_rng
from motley.web.testing import (
    Script,
    dealt,
    observe,
    observe_seeded,
    same_for,
    seeds_dealing_apart,
)


def test_a_secret_choice_never_reaches_the_other_seat(tmp_path: Path, toys: None) -> None:
    amber = observe(tmp_path, "toy-secret-word", [(0, "hide amber")])
    cobalt = observe(tmp_path, "toy-secret-word", [(0, "hide cobalt")])
    same_for(amber, cobalt, [1, SPECTATOR])
    assert amber[0] != cobalt[0]  # the keeper sees its own word: the check can tell
    assert "amber" not in "".join(amber[1]).replace('"hide amber"', "")
    assert "cobalt" in "".join(cobalt[0])


def test_a_card_dealt_to_one_seat_never_reaches_the_other(tmp_path: Path, toys: None) -> None:
    rules = registry.make("toy-high-card")

    def hands(seed: str) -> tuple[int, ...]:
        hands: tuple[int, ...] = dealt(rules, HighCardState(), seed).hands
        return hands

    first, second = seeds_dealing_apart(hands, 0, 60)
    # the seeds differ by design here; their public hashes are the only allowed difference
    one = observe_seeded(tmp_path, "toy-high-card", [(0, "raise")], first)
    two = observe_seeded(tmp_path, "toy-high-card", [(0, "raise")], second)
    same_for(one, two, [1, SPECTATOR])
    assert one[0] != two[0]


def test_simultaneous_choices_never_reach_the_other_seat(tmp_path: Path, toys: None) -> None:
    heads = observe(tmp_path, "toy-pennies", [(0, "heads")])
    tails = observe(tmp_path, "toy-pennies", [(0, "tails")])
    same_for(heads, tails, [1, SPECTATOR])
    assert heads[0] != tails[0]


def _diverging_pair(game: str, seed: int) -> tuple[Script, Script, int] | None:
    """A random game up to a choice whose alternatives some other seat q cannot tell apart."""
    rules = registry.make(game)
    rng = random.Random(seed)
    table = Table(rules, rules.initial_state())
    prefix: list[tuple[int, str]] = []
    draws = 0
    for _ in range(300):
        kind = table.kind
        if kind is NodeKind.TERMINAL:
            return None
        if kind is NodeKind.CHANCE:
            outcome = pick_outcome(
                rules.chance_outcomes(table.state), chance_rng("fixed-seed", draws)
            )
            draws += 1
            table = table.play(outcome)
            continue
        seat = table.default_seat()
        actions = table.legal(seat)
        others = [q for q in range(rules.spec.players) if q != seat]
        for q in others:
            seen: dict[str, str] = {}
            for action in rng.sample(actions, min(8, len(actions))):
                after = table.play(action, seat)
                key = json.dumps(rules.view_to_json(rules.view(after.state, q)), sort_keys=True)
                key += json.dumps(after.pending_json(q), sort_keys=True)
                text = rules.action_text(table.state, action)
                if key in seen and after.kind is not NodeKind.CHANCE:
                    return [*prefix, (seat, seen[key])], [*prefix, (seat, text)], q
                seen[key] = text
        action = actions[rng.randrange(len(actions))]
        prefix.append((seat, rules.action_text(table.state, action)))
        table = table.play(action, seat)
    return None


HIDDEN_GAMES = sorted(
    s.id for s in registry.specs() if {Trait.HIDDEN, Trait.SIMULTANEOUS} & s.traits
)


@pytest.mark.parametrize("game", HIDDEN_GAMES)
def test_registered_games_leak_nothing_over_the_wire(tmp_path: Path, game: str) -> None:
    found = next((p for p in (_diverging_pair(game, s) for s in range(5)) if p), None)
    if found is None:
        pytest.skip(f"{game}: no choice hidden from another seat came up in 5 random games")
    first, second, q = found
    one = observe(tmp_path, game, first)
    two = observe(tmp_path, game, second)
    same_for(one, two, [q, SPECTATOR])


def test_the_other_seat_reads_what_the_game_tells_it(tmp_path: Path) -> None:
    """Zombie: the opponent and watchers read the move and its announcement, as the game's
    `event_text_for` words them; the mover reads its own notation."""
    seen = observe(tmp_path, "zombie", [(0, "e2e4")])
    told = "e2e4; no zombies anywhere"
    for viewer, text in ((0, "e2e4"), (1, told), (SPECTATOR, told)):
        event = json.loads(seen[viewer][1])
        ((seat, _label, shown, _cells),) = event["entries"][0]["moves"]
        assert (seat, shown) == (0, text)

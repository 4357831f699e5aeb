"""Over the wire, a Tar Pit hand never reaches the other seat or a watcher.

Two games are played through the web app whose deals differ only in Black's card (one card
each, option start_checkers=1, so such deals are easy to find): White and the spectator must
receive byte-identical messages (but for the seed's public hash), Black different ones.
"""

from __future__ import annotations

from pathlib import Path

from motley.core import registry
from motley.core.rules import SPECTATOR
from motley.web.testing import dealt, observe_seeded, same_for, seeds_dealing_apart

OPTIONS = {"start_checkers": 1}
SCRIPT = [(0, "e2e4"), (0, "no card"), (1, "e7e5"), (1, "no card")]


def deal(seed: str) -> tuple[str, str]:
    rules = registry.make("tar_pit", OPTIONS)
    state = dealt(rules, rules.initial_state(), seed)
    return str(state.hands[0]), str(state.hands[1])


def observe(tmp: Path, seed: str) -> dict[int, list[str]]:
    """Every text each viewer received, with the seed's public hash blanked out."""
    return observe_seeded(tmp, "tar_pit", SCRIPT, seed, OPTIONS)


def test_black_hand_never_reaches_white_or_a_watcher(tmp_path: Path) -> None:
    first, second = seeds_dealing_apart(deal, 1, 40)
    one = observe(tmp_path, first)
    two = observe(tmp_path, second)
    same_for(one, two, [0, SPECTATOR])
    assert one[1] != two[1]

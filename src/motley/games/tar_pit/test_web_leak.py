"""Over the wire, a Tar Pit hand never reaches the other seat or a watcher.

Two games are played through the web app whose deals differ only in Black's card (one card
each, option start_checkers=1, so such deals are easy to find): White and the spectator must
receive byte-identical messages (but for the seed's public hash), Black different ones.
"""

from __future__ import annotations

from pathlib import Path

from motley.core import registry
from motley.core.driver import pick_outcome
from motley.core.record import seed_hash
from motley.core.rules import SPECTATOR, NodeKind
from motley.web import testing
from motley.web.decide import chance_rng

OPTIONS = {"start_checkers": 1}
SCRIPT = [(0, "e2e4"), (0, "no card"), (1, "e7e5"), (1, "no card")]


def deal(seed: str) -> tuple[str, str]:
    rules = registry.make("tar_pit", OPTIONS)
    state = rules.initial_state()
    draws = 0
    while rules.kind(state) is NodeKind.CHANCE:
        card = pick_outcome(rules.chance_outcomes(state), chance_rng(seed, draws))
        state = rules.apply(state, card)
        draws += 1
    return str(state.hands[0]), str(state.hands[1])


def observe(tmp: Path, seed: str) -> dict[int, list[str]]:
    """Every text each viewer received, with the seed's public hash blanked out."""
    seen = testing.observe(tmp, "tar_pit", SCRIPT, seed=seed, options=OPTIONS)
    secret = seed_hash(seed)
    return {viewer: [t.replace(secret, "HASH") for t in texts] for viewer, texts in seen.items()}


def test_black_hand_never_reaches_white_or_a_watcher(tmp_path: Path) -> None:
    hands = {seed: deal(seed) for seed in (f"s{n}" for n in range(40))}
    first, second = next(
        (a, b)
        for a in hands
        for b in hands
        if hands[a][0] == hands[b][0] and hands[a][1] != hands[b][1]
    )
    one = observe(tmp_path, first)
    two = observe(tmp_path, second)
    for viewer in (0, SPECTATOR):
        assert one[viewer] == two[viewer], f"viewer {viewer} received bytes that depend on a secret"
    assert one[1] != two[1]

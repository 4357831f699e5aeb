"""One tournament game as a unit of work: what to play, and what came of it.

Tasks and results are plain frozen values that travel to worker processes (or other
machines) and back; `run_game` is the only thing a worker runs. A worker rebuilds the rules
and the players from their names, so nothing but text and numbers crosses the wire.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from motley.agents import make_agent
from motley.agents.base import SeatValues
from motley.core import registry
from motley.core.driver import Agent, play
from motley.core.errors import StateError
from motley.core.rules import NodeKind, Rules
from motley.core.spec import GameSpec, OptionValue, Utility

#: an unfinished game's evaluation must lean this far (of [-1, 1]) to be adjudicated a win
ADJUDICATION_MARGIN = 0.15
WIN, DRAW, LOSS = "win", "draw", "loss"


@dataclass(frozen=True)
class GameTask:
    """Play game `index` of cell `cell` (and pairing `pair`) with `players` in `seats`."""

    game: str
    options: tuple[tuple[str, OptionValue], ...]
    cell: str  # the swept options as text ('' when nothing is swept)
    pair: str  # which players meet ('' in a match, 'a-b' in a ladder)
    index: int
    players: tuple[str, ...]  # every player of the tournament, by agent name
    seats: tuple[int, ...]  # the player (index into `players`) in each seat
    seed: str
    max_events: int

    @property
    def key(self) -> str:
        return f"{self.cell}|{self.pair}|{self.index}"


@dataclass(frozen=True)
class GameResult:
    key: str
    cell: str
    pair: str
    index: int
    seats: tuple[int, ...]
    returns: tuple[float, ...]
    outcomes: tuple[str, ...]  # win, draw or loss per seat
    moves: int  # player decisions (chance events not counted)
    ending: str  # the rules' reason ('checkmate'; 'end' if none), 'adjudicated' or 'unfinished'
    seconds: float
    record: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "cell": self.cell,
            "pair": self.pair,
            "index": self.index,
            "seats": list(self.seats),
            "returns": list(self.returns),
            "outcomes": list(self.outcomes),
            "moves": self.moves,
            "ending": self.ending,
            "seconds": round(self.seconds, 3),
            "record": dict(self.record),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> GameResult:
        try:
            outcomes = tuple(str(o) for o in data["outcomes"])
            if set(outcomes) - {WIN, DRAW, LOSS}:
                raise ValueError
            return GameResult(
                key=str(data["key"]),
                cell=str(data["cell"]),
                pair=str(data["pair"]),
                index=int(data["index"]),
                seats=tuple(int(s) for s in data["seats"]),
                returns=tuple(float(r) for r in data["returns"]),
                outcomes=outcomes,
                moves=int(data["moves"]),
                ending=str(data["ending"]),
                seconds=float(data["seconds"]),
                record=dict(data.get("record", {})),
            )
        except (KeyError, TypeError, ValueError):
            raise StateError("malformed game result") from None


def outcomes_of(spec: GameSpec, returns: Sequence[float]) -> tuple[str, ...]:
    """Win, draw or loss per seat: beating, equalling or trailing the best other side.

    In cooperative games and puzzles there is no other side: a positive score is a win, zero
    a draw and a negative score a loss.
    """
    if spec.utility in (Utility.COOPERATIVE, Utility.SCORE) or spec.players == 1:
        return tuple(WIN if r > 0 else LOSS if r < 0 else DRAW for r in returns)
    result = []
    for seat, value in enumerate(returns):
        team = spec.team_of(seat)
        others = [r for s, r in enumerate(returns) if spec.team_of(s) != team]
        best = max(others) if others else 0.0
        result.append(WIN if value > best else LOSS if value < best else DRAW)
    return tuple(result)


def adjudicate(rules: Rules[Any, Any], state: Any) -> tuple[float, ...]:
    """Returns for a game stopped early: a side whose evaluation leans far enough wins.

    Only two-sided games are adjudicated (zero-sum or teams); anything else, or a close
    position, counts as a draw.
    """
    spec = rules.spec
    players = spec.players
    if spec.utility not in (Utility.ZERO_SUM, Utility.TEAMS) or players < 2:
        return (0.0,) * players
    values = SeatValues(rules).estimate(state)
    leader = max(range(players), key=lambda s: values[s])
    if values[leader] < ADJUDICATION_MARGIN:
        return (0.0,) * players
    team = spec.team_of(leader)
    return tuple(1.0 if spec.team_of(s) == team else -1.0 for s in range(players))


def run_game(task: GameTask) -> dict[str, Any]:
    """Play one task to the end (or to `max_events`, then adjudicate); the result as JSON."""
    started = time.perf_counter()
    rules = registry.make(task.game, dict(task.options))
    agents: dict[int, Agent] = {}
    built: dict[int, Agent] = {}
    for seat, player in enumerate(task.seats):
        if player not in built:
            built[player] = make_agent(task.players[player], task.game)
        agents[seat] = built[player]
    played = play(rules, agents, task.seed, max_events=task.max_events)
    if rules.kind(played.state) is NodeKind.TERMINAL:
        returns = tuple(float(r) for r in rules.returns(played.state))
        ending = rules.end_reason(played.state) or "end"
    else:
        returns = adjudicate(rules, played.state)
        ending = "adjudicated" if any(returns) else "unfinished"
    moves = sum(1 for e in played.record.events if e.kind is not NodeKind.CHANCE)
    record = played.record.to_json()
    record["players"] = [task.players[p] for p in task.seats]
    result = GameResult(
        key=task.key,
        cell=task.cell,
        pair=task.pair,
        index=task.index,
        seats=task.seats,
        returns=returns,
        outcomes=outcomes_of(rules.spec, returns),
        moves=moves,
        ending=ending,
        seconds=time.perf_counter() - started,
        record=record,
    )
    return result.to_json()

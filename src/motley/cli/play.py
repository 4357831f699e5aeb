"""The interactive terminal game: people and computer agents around one table.

The session owns the seeded RNGs exactly as the driver does (`{seed}/chance` for chance
nodes, `agent_rng(seed, seat)` per computer seat), so a game between computer seats here
records the same moves as `driver.play` with that seed. Undo restores those RNGs too, so
the record stays a faithful replay of the seed. A take back is refused (with the reason) once
anything hidden or random was seen since (`core.takeback`): it never reveals or re-rolls.

Each person sees only their seat's view, and is told each event as that seat may know it
(`event_text_for`): a card drawn, an answer given, a burial. When the game hides anything
or has simultaneous moves and several people share the device, the screen is cleared and
the device passed before each of them acts; simultaneous commitments are asked in turn and
revealed together.
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from motley.chesslike.position import Move, Position
from motley.chesslike.rules import ChessLikeRules
from motley.cli import telling
from motley.cli.console import Console
from motley.cli.seats import HUMAN, make_seat_agent
from motley.core import takeback
from motley.core.driver import Agent, agent_rng, pick_outcome
from motley.core.errors import MotleyError
from motley.core.record import Event, GameRecord, seed_hash
from motley.core.results import describe_returns, resign_returns
from motley.core.rules import SPECTATOR, NodeKind, Rules
from motley.core.spec import Trait
from motley.core.table import Table
from motley.render.text import action_label, move_highlight, render

News = Mapping[int, str]  # one piece of news as each reader is told it


@dataclass(frozen=True)
class Snapshot:
    """Everything undo restores: the table, how many events stood, and the RNG states."""

    table: Table
    events: int
    chance_rng: Any
    agent_rngs: Mapping[int, Any]
    last: tuple[str, tuple[int, ...]]


@dataclass
class Ending:
    """How the session ended when the rules did not end the game."""

    reason: str
    returns: tuple[float, ...] | None = None
    input_ended: bool = False  # nobody is left at the keyboard to ask anything


@dataclass
class PlaySession:
    rules: Rules[Any, Any]
    seats: Mapping[int, str]  # seat -> HUMAN or an agent name
    seed: str
    console: Console
    flipped: bool = False
    table: Table = field(init=False)
    events: list[Event] = field(default_factory=list)
    ending: Ending | None = None

    def __post_init__(self) -> None:
        self.table = Table(self.rules, self.rules.initial_state())
        self.chance_rng = random.Random(f"{self.seed}/chance")
        self.agents: dict[int, Agent] = {
            s: make_seat_agent(kind, self.rules.spec.id)
            for s, kind in self.seats.items()
            if kind != HUMAN
        }
        self.agent_rngs = {s: agent_rng(self.seed, s) for s in self.agents}
        self.snapshots: list[Snapshot] = []
        self.last: tuple[str, tuple[int, ...]] = ("", ())
        self.viewer: int | None = None  # the seat whose view is on screen
        # news (chance, moves, reveals) as each reader may know it, replayed to each person
        # after a hand-over so that clearing the screen never hides what they may know
        self.news: list[News] = []
        self.news_seen: dict[int, int] = {}
        traits = self.rules.spec.traits
        self.hidden = Trait.HIDDEN in traits
        self.humans = tuple(s for s, kind in sorted(self.seats.items()) if kind == HUMAN)
        self.private = len(self.humans) > 1 and bool(traits & {Trait.HIDDEN, Trait.SIMULTANEOUS})
        # who is told the news: each person at a shared device, the one person playing, or
        # (with nobody or several people and nothing hidden) what any onlooker may know
        self.readers = self.humans if self.private or len(self.humans) == 1 else (SPECTATOR,)

    # -- the loop ---------------------------------------------------------------------------

    def run(self) -> GameRecord:
        spec = self.rules.spec
        self.console.write(f"{spec.title}: {spec.summary}")
        self.console.write(self._seat_line())
        if Trait.CHANCE in spec.traits:
            self.console.write(f"Seed commitment (SHA-256): {seed_hash(self.seed)}")
        self.console.write("Type 'help' for commands.")
        while self.ending is None and self.table.kind is not NodeKind.TERMINAL:
            if self.table.kind is NodeKind.CHANCE:
                self._chance()
                continue
            seat = self.table.default_seat()
            if seat in self.agents:
                self._computer(seat)
            else:
                self._human(seat)
        return self._finish()

    def _seat_line(self) -> str:
        spec = self.rules.spec
        return "Seats: " + ", ".join(
            f"{spec.seat_name(s)} {self.seats[s]}" for s in range(spec.players)
        )

    def _chance(self) -> None:
        state = self.table.state
        outcome = pick_outcome(self.rules.chance_outcomes(state), self.chance_rng)
        text = self.rules.action_text(state, outcome)
        self.events.append(Event(NodeKind.CHANCE, ((-1, text),)))
        self.table = self.table.play(outcome)
        self._announce(self._told(state, outcome, "Chance: {}"))

    def _computer(self, seat: int) -> None:
        state = self.table.state
        actions = self.rules.legal_actions(state, seat)
        view = self.rules.view(state, seat)
        action = self.agents[seat].choose(self.rules, view, seat, actions, self.agent_rngs[seat])
        name = self.rules.spec.seat_name(seat)
        if self.table.kind is NodeKind.DECISION:
            self._announce(self._told(state, action, self._played(name)))
        else:
            self._announce(self._everyone(f"{name} has committed."))
        self._commit(seat, action)

    def _told(self, state: Any, action: Any, form: str) -> News:
        """A step as each reader may know it, put into `form`."""
        return {
            r: form.format(telling.step_text(self.rules, state, action, r)) for r in self.readers
        }

    def _played(self, name: str) -> str:
        """How a decision is introduced: "Black plays e5"; in a game with secrets the text is
        the game's account of the step ("Black: play p e7", "White: e2e4; no zombie at e2")."""
        return f"{name}: {{}}" if self.hidden else f"{name} plays {{}}"

    def _everyone(self, line: str) -> News:
        return dict.fromkeys(self.readers, line)

    # -- a person's turn --------------------------------------------------------------------

    def _human(self, seat: int) -> None:
        if not self._hand_over(seat):
            return
        self._show(seat)
        self.snapshots.append(self._snapshot())
        legal = self.table.legal(seat)
        forced = legal[0] if len(legal) == 1 else None
        prompt = telling.input_prompt(self.rules, self.table.state, seat)
        while True:
            line = self.console.read(prompt)
            if line is None:
                self.console.write("")
                self.ending = Ending("Input ended; the game is unfinished", input_ended=True)
                return
            if forced is not None and not line.strip():
                self._play(seat, forced)  # Enter accepts the only choice, as offered
                return
            if self._command(seat, line.strip()):
                return

    def _hand_over(self, seat: int) -> bool:
        """Clear the screen and wait for the next person when their view must stay private."""
        if not self.private or self.viewer == seat:
            self.viewer = seat
            return True
        self.console.clear()
        name = self.rules.spec.seat_name(seat)
        if self.console.read(f"Pass the device to {name}, then press Enter ") is None:
            self.ending = Ending("Input ended; the game is unfinished", input_ended=True)
            return False
        self.console.clear()
        self.viewer = seat
        for news in self.news[self.news_seen.get(seat, 0) :]:
            if seat in news:
                self.console.write(news[seat])
        self.news_seen[seat] = len(self.news)
        return True

    def _announce(self, news: News) -> None:
        """Tell every reader: whoever is at the screen now, the others after a hand-over."""
        self.news.append(news)
        if not self.private:
            self.console.write(news[self.readers[0]])
        elif self.viewer is not None and self.viewer in news:
            self.console.write(news[self.viewer])
        if self.viewer is not None:
            self.news_seen[self.viewer] = len(self.news)

    def _command(self, seat: int, text: str) -> bool:
        """Handle one line; True when the turn is over (moved, undone, resigned, quit)."""
        word = text.lower()
        if not word:
            return False
        if word == "help":
            state = self.table.state
            legal = self.table.legal(seat)
            self.console.write(telling.help_text(self.rules, state, seat, legal))
        elif word == "board":
            self._show(seat)
        elif word == "flip":
            self.flipped = not self.flipped
            self._show(seat)
        elif word == "moves":
            self._list_moves(seat)
        elif word == "undo":
            return self._undo(seat)
        elif word == "resign":
            self._resign(seat)
            return True
        elif word in ("quit", "exit"):
            self.ending = Ending("Stopped; the game is unfinished")
            return True
        else:
            try:
                action = self.table.parse(text, seat)
            except MotleyError as error:
                self.console.write(f"{error} (type 'moves' for the legal moves, 'help' for more)")
                return False
            self._play(seat, action)
            return True
        return False

    def _play(self, seat: int, action: Any) -> None:
        """A person's action; where the game keeps secrets, each reader is told their part
        (the mover too: an answer, an announcement)."""
        state = self.table.state
        decision = self.table.kind is NodeKind.DECISION
        self._commit(seat, action)
        if self.hidden and decision:
            name = self.rules.spec.seat_name(seat)
            self._announce(self._told(state, action, self._played(name)))

    def _list_moves(self, seat: int) -> None:
        state = self.table.state
        labels = sorted(action_label(self.rules, state, a) for a in self.table.legal(seat))
        self.console.write(f"{len(labels)} legal moves:")
        self.console.write(textwrap.fill(" ".join(labels), 78))

    def _undo(self, seat: int) -> bool:
        if len(self.snapshots) < 2:
            self.console.write("Nothing to undo.")
            return False
        back = self.snapshots[-2]
        start, since = back.table.state, self.events[back.events :]
        refused = takeback.refusal(self.rules, start, since, self.humans)
        if refused:
            self.console.write(refused)
            return False
        self.snapshots.pop()  # the turn being played now
        snap = self.snapshots.pop()  # pushed again when that turn is asked for
        self.table = snap.table
        del self.events[snap.events :]
        self.chance_rng.setstate(snap.chance_rng)
        for s, rng_state in snap.agent_rngs.items():
            self.agent_rngs[s].setstate(rng_state)
        self.last = snap.last
        self._announce(self._everyone(f"{self.rules.spec.seat_name(seat)} took moves back."))
        return True

    def _snapshot(self) -> Snapshot:
        return Snapshot(
            self.table,
            len(self.events),
            self.chance_rng.getstate(),
            {s: rng.getstate() for s, rng in self.agent_rngs.items()},
            self.last,
        )

    def _resign(self, seat: int) -> None:
        name = self.rules.spec.seat_name(seat)
        self.ending = Ending(f"{name} resigns", resign_returns(self.rules.spec, seat))

    # -- applying actions -------------------------------------------------------------------

    def _commit(self, seat: int, action: Any) -> None:
        table = self.table
        state = table.state
        text = self.rules.action_text(state, action)
        if table.kind is NodeKind.DECISION:
            self.table = table.play(action, seat)
            self.events.append(Event(NodeKind.DECISION, ((seat, text),)))
            self._remember(state, action, text)
            return
        joint = {s: self.rules.action_text(state, a) for s, a in table.pending.items()}
        joint[seat] = text
        self.table = table.play(action, seat)
        if set(joint) == set(self.rules.actors(state)):
            self.events.append(Event(NodeKind.SIMULTANEOUS, tuple(sorted(joint.items()))))
            self.last = ("", ())
            actions = {**table.pending, seat: action}
            self._announce(
                {r: "Revealed: " + self._revealed(state, actions, r) for r in self.readers}
            )

    def _revealed(self, state: Any, actions: Mapping[int, Any], reader: int) -> str:
        """The choices made together, as `reader` may know each of them."""
        spec = self.rules.spec
        return "; ".join(
            f"{spec.seat_name(s)}: {self.rules.event_text_for(state, a, reader)}"
            for s, a in sorted(actions.items())
        )

    def _remember(self, before: Any, action: Any, text: str) -> None:
        """The last move for the board's status line (never shown in hidden games)."""
        if self.hidden:
            return
        highlight: tuple[int, ...] = ()
        rules = self.rules
        label = rules.notate(before, action, SPECTATOR) or text
        chess_move = isinstance(before, Position) and isinstance(action, Move)
        if isinstance(rules, ChessLikeRules) and chess_move:
            highlight = move_highlight(rules, before, action)
        self.last = (label if label == text else f"{label} ({text})", highlight)

    # -- showing ----------------------------------------------------------------------------

    def _show(self, seat: int) -> None:
        last, highlight = self.last
        board = render(
            self.rules,
            self.table.state,
            seat,
            flipped=self.flipped,
            highlight=highlight,
            last=last,
        )
        self.console.write(board)
        state = self.table.state
        if seat in self.rules.actors(state):
            prompt, _ = telling.phase(self.rules, state, seat)
            if prompt:
                self.console.write(prompt)
            legal = self.table.legal(seat)
            if len(legal) == 1:
                only = action_label(self.rules, state, legal[0])
                self.console.write(f"Your only choice is {only}: press Enter to play it.")
        pending = self.table.pending_json(seat)
        if pending:
            spec = self.rules.spec
            shown = ", ".join(f"{spec.seat_name(int(s))} {t}" for s, t in pending.items())
            self.console.write(f"Commitments so far: {shown}")

    def _finish(self) -> GameRecord:
        spec = self.rules.spec
        state = self.table.state
        if self.table.kind is NodeKind.TERMINAL:
            last, highlight = self.last
            board = render(
                self.rules, state, SPECTATOR, flipped=self.flipped, highlight=highlight, last=last
            )
            self.console.write(board)
            result: tuple[float, ...] | None = tuple(self.rules.returns(state))
            reason = self.rules.end_reason(state)
            words = describe_returns(spec, result or ()) + (f" by {reason}" if reason else "")
        else:
            assert self.ending is not None
            result = self.ending.returns
            words = self.ending.reason
            if result is not None:
                words += f": {describe_returns(spec, result)}"
        if result is not None:
            returns = ", ".join(f"{spec.seat_name(s)} {r:g}" for s, r in enumerate(result))
            self.console.write(f"Result: {words} (returns: {returns}).")
        else:
            self.console.write(f"{words}.")
        return GameRecord(
            game=spec.id,
            version=spec.version,
            options=dict(self.rules.options),
            seed_hash=seed_hash(self.seed),
            events=tuple(self.events),
            # the seed is revealed only once the game is decided; it would give away the dice
            seed=self.seed if result is not None else None,
            result=result,
            players=tuple(self.seats[s] for s in range(spec.players)),
        )


"""Test support for the web app: a toy game with a secret, and a websocket session helper.

Nothing here is registered on import; tests register the games they need for their own
duration (`toy_games`), so other test suites never see them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from motley.core import registry
from motley.core.driver import pick_outcome
from motley.core.errors import IllegalAction, NotationError, StateError
from motley.core.record import seed_hash
from motley.core.rules import SPECTATOR, NodeKind, Rules
from motley.core.spec import Trait
from motley.core.toys import TOY_GAMES, toy_spec
from motley.web.decide import chance_rng

WORDS = ("amber", "cobalt", "indigo")


@dataclass(frozen=True)
class WordState:
    word: str = ""  # the keeper's secret, "" until chosen
    guess: int = 0  # the guesser's pick, 1-3, 0 until made


@dataclass(frozen=True)
class WordView:
    seat: int
    word: str | None  # the keeper's own secret (everyone's once the game is over)
    chosen: bool
    guess: int


class SecretWord(Rules[WordState, str]):
    """The keeper picks a secret word; the guesser names its place in the list; a hit wins."""

    spec = toy_spec(
        "toy-secret-word", "Secret word", "One player hides a word, the other guesses which.",
        Trait.HIDDEN, seat_names=("Keeper", "Guesser"),
    )

    def initial_state(self) -> WordState:
        return WordState()

    def kind(self, state: WordState) -> NodeKind:
        return NodeKind.TERMINAL if state.guess else NodeKind.DECISION

    def actors(self, state: WordState) -> tuple[int, ...]:
        if state.guess:
            return ()
        return (1,) if state.word else (0,)

    def legal_actions(self, state: WordState, seat: int | None = None) -> Sequence[str]:
        actors = self.actors(state)
        if not actors or seat not in (None, actors[0]):
            return []
        if not state.word:
            return [f"hide {w}" for w in WORDS]
        return [f"guess {n}" for n in range(1, len(WORDS) + 1)]

    def apply(self, state: WordState, action: str) -> WordState:
        if action not in self.legal_actions(state):
            raise IllegalAction(action, "not possible now")
        if action.startswith("hide "):
            return WordState(action[5:])
        return WordState(state.word, int(action[6:]))

    def returns(self, state: WordState) -> tuple[float, ...]:
        if not state.guess:
            return (0.0, 0.0)
        hit = WORDS[state.guess - 1] == state.word
        return (-1.0, 1.0) if hit else (1.0, -1.0)

    def action_text(self, state: WordState, action: str) -> str:
        return action

    def parse_action(self, state: WordState, text: str, seat: int | None = None) -> str:
        text = text.strip()
        if not text.startswith(("hide ", "guess ")):
            raise NotationError(f"expected 'hide WORD' or 'guess N', got {text!r}")
        if text not in self.legal_actions(state, seat):
            raise IllegalAction(text, "not possible now")
        return text

    def view(self, state: WordState, seat: int) -> WordView:
        shown = state.word if (seat == 0 or state.guess) and state.word else None
        return WordView(seat, shown, bool(state.word), state.guess)

    def sample_hidden(self, view: Any, rng: random.Random) -> WordState:
        word = view.word if view.word else (rng.choice(WORDS) if view.chosen else "")
        return WordState(word, view.guess)

    def view_to_json(self, view: Any) -> dict[str, Any]:
        return {"word": view.word, "chosen": view.chosen, "guess": view.guess}

    def state_to_json(self, state: WordState) -> dict[str, Any]:
        return {"word": state.word, "guess": state.guess}

    def state_from_json(self, data: Mapping[str, Any]) -> WordState:
        try:
            word, guess = str(data["word"]), int(data["guess"])
        except (KeyError, TypeError, ValueError):
            raise StateError("secret word: state needs word and guess") from None
        if word not in ("", *WORDS) or not 0 <= guess <= len(WORDS):
            raise StateError("secret word: bad state")
        return WordState(word, guess)


TEST_GAMES: tuple[type[Rules[Any, Any]], ...] = (*TOY_GAMES, SecretWord)


@contextmanager
def toy_games() -> Iterator[None]:
    """Register the toy games for the duration of a block, then remove them again."""
    registry.game_ids()  # load the built-in games first
    games = registry._GAMES
    added = [g for g in TEST_GAMES if g.spec.id not in games]
    for game in added:
        registry.register(game)
    try:
        yield
    finally:
        for game in added:
            games.pop(game.spec.id, None)


def connect(client: Any, game: Mapping[str, Any]) -> Any:
    """A websocket connection to `game` (a created game's JSON) from a test client."""
    return client.websocket_connect(f"/ws/{game['id']}")


@contextmanager
def session(client: Any, game: Mapping[str, Any], token: str | None = None) -> Iterator[Session]:
    """A websocket session on `game` that has said hello: as `token`'s seat, or watching."""
    with connect(client, game) as ws:
        greeted = Session(ws)
        greeted.hello(token)
        yield greeted


class Session:
    """One websocket connection of a test: send messages, read replies of a given type."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.received: list[str] = []  # every text received, in order (for leak checks)
        self.version = 0

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send_text(message if isinstance(message, str) else json.dumps(message))

    def recv(self) -> dict[str, Any]:
        text = self.ws.receive_text()
        self.received.append(text)
        message: dict[str, Any] = json.loads(text)
        if message.get("type") in ("snapshot", "event"):
            self.version = message["version"]
        return message

    def until(self, kind: str) -> dict[str, Any]:
        while True:
            message = self.recv()
            if message["type"] == kind:
                return message

    def hello(self, token: str | None = None, seen: int = 0) -> dict[str, Any]:
        message: dict[str, Any] = {"type": "hello", "seen": seen}
        if token is not None:
            message["token"] = token
        self.send(message)
        if seen == 0:  # a fresh start is always a snapshot; events pushed before it are skipped
            while True:
                reply = self.recv()
                if reply["type"] in ("snapshot", "error"):
                    return reply
        return self.recv()

    def intent(
        self, token: str, action: str = "", do: str = "act", intent: str = "", seen: int = -1
    ) -> dict[str, Any]:
        """Send a request and return its ack or reject (events before it are kept)."""
        intent = intent or f"t{random.getrandbits(48):x}"
        message: dict[str, Any] = {
            "type": "intent",
            "id": intent,
            "token": token,
            "seen": self.version if seen < 0 else seen,
            "do": do,
        }
        if do == "act":
            message["action"] = action
        self.send(message)
        while True:
            reply = self.recv()
            if reply.get("id") == intent and reply["type"] in ("ack", "reject"):
                if reply["type"] == "ack":  # our own move: we know the game reached it
                    self.version = max(self.version, reply["version"])
                return reply

    def event(self) -> dict[str, Any]:
        return self.until("event")


# -- what each viewer receives ----------------------------------------------------------------

Script = Sequence[tuple[int, str]]  # (seat, action text), in the order they are played


def observe(
    tmp: Path,
    game: str,
    script: Script,
    seed: str = "fixed-seed",
    options: Mapping[str, Any] | None = None,
) -> dict[int, list[str]]:
    """Play `script` in a fresh server whose ids, seed and clock are fixed: every text each
    viewer's socket received (a spectator's under SPECTATOR), for comparing byte for byte."""
    from fastapi.testclient import TestClient  # test support only: the server's own client

    from motley.web.app import Settings, create_app
    from motley.web.hub import Sources

    sources = Sources(new_id=lambda: "samegame", new_seed=lambda: seed, clock=lambda: 1.0)
    settings = Settings(
        db=str(tmp / f"{len(list(tmp.iterdir()))}.db"),
        computer_workers=0,
        computer_delay=0,
        hosts=("testserver",),
        rate=1000.0,
        sources=sources,
    )
    players = registry.rules_class(game).spec.players
    with TestClient(create_app(settings)) as client, ExitStack() as stack:
        seats = [{"kind": "local"}] * players
        body = {"game": game, "options": dict(options or {}), "seats": seats}
        made = client.post("/api/games", json=body).json()
        tokens = {int(k): v for k, v in made["tokens"].items()}

        def connect() -> Session:
            return Session(stack.enter_context(client.websocket_connect("/ws/samegame")))

        sessions = {viewer: connect() for viewer in (SPECTATOR, *range(players))}
        for viewer, session in sessions.items():
            session.hello(None if viewer == SPECTATOR else tokens[viewer])
        actor = connect()
        for number, (seat, text) in enumerate(script):
            seen = client.get("/api/games/samegame").json()["version"]
            reply = actor.intent(tokens[seat], text, intent=f"step{number}", seen=seen)
            assert reply["type"] == "ack", (text, reply)
        final = client.get("/api/games/samegame").json()["version"]
        for session in sessions.values():
            while session.version < final:
                session.recv()
        return {viewer: session.received for viewer, session in sessions.items()}


def dealt(rules: Rules[Any, Any], state: Any, seed: str) -> Any:
    """`state` after the chance draws a server seeded with `seed` makes from it, up to the
    first decision (the deal)."""
    draws = 0
    while rules.kind(state) is NodeKind.CHANCE:
        outcome = pick_outcome(rules.chance_outcomes(state), chance_rng(seed, draws))
        state = rules.apply(state, outcome)
        draws += 1
    return state


def seeds_dealing_apart(
    hands: Callable[[str], Sequence[Any]], owner: int, count: int
) -> tuple[str, str]:
    """The first two seeds of s0, s1, ... s<count-1> whose deals (`hands`: a seed's hand
    of each seat) differ in `owner`'s hand alone."""
    by_seed = {seed: hands(seed) for seed in (f"s{n}" for n in range(count))}

    def apart(a: Sequence[Any], b: Sequence[Any]) -> bool:
        others = [seat for seat in range(len(a)) if seat != owner]
        return a[owner] != b[owner] and all(a[seat] == b[seat] for seat in others)

    return next((a, b) for a in by_seed for b in by_seed if apart(by_seed[a], by_seed[b]))


def observe_seeded(
    tmp: Path, game: str, script: Script, seed: str, options: Mapping[str, Any] | None = None
) -> dict[int, list[str]]:
    """`observe` in a server seeded with `seed`, the seed's public hash blanked out: two
    seeds may then differ in nothing else a viewer receives."""
    seen = observe(tmp, game, script, seed=seed, options=options)
    secret = seed_hash(seed)
    return {viewer: [t.replace(secret, "HASH") for t in texts] for viewer, texts in seen.items()}


def same_for(a: dict[int, list[str]], b: dict[int, list[str]], viewers: Sequence[int]) -> None:
    """`viewers` received the same bytes in two observed games."""
    for viewer in viewers:
        assert a[viewer] == b[viewer], f"viewer {viewer} received bytes that depend on a secret"

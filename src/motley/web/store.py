"""Where games are kept: one small interface, and an SQLite implementation of it.

The interface is deliberately narrow (create, claim a seat, append entries, load, list) so a
PostgreSQL implementation can follow without touching the server. Nothing is ever updated or
deleted: a game is its header, its seat-token hashes and its append-only log of entries.

SQLite runs in WAL mode with synchronous=FULL, so a transaction that has committed survives
a killed process or a power cut; `append` writes a whole batch in one transaction, which lets
the server acknowledge many moves with a single flush.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from motley.web.header import Header


class StoreError(Exception):
    """The store refused a write (a clash with what is already stored)."""


@dataclass(frozen=True)
class Append:
    """One entry to add: its game, its number (1, 2, ...) and its JSON body."""

    game: str
    seq: int
    kind: str
    final: bool  # the game is over after this entry
    body: str


@dataclass(frozen=True)
class NewGame:
    """A game to create: its header and the token hashes of the seats taken at once."""

    header: Header
    tokens: Mapping[int, str]


Write = Append | NewGame


@dataclass(frozen=True)
class Loaded:
    header: Header
    tokens: Mapping[int, str]  # seat -> hash of its token
    entries: tuple[str, ...]  # bodies, in order


@dataclass(frozen=True)
class Summary:
    """What the lobby shows about a game without replaying it."""

    header: Header
    claimed: frozenset[int]
    length: int
    finished: bool


class Store(ABC):
    @abstractmethod
    def create(self, header: Header, tokens: Mapping[int, str]) -> None:
        """Store a new game with the token hashes of the seats taken at once."""

    @abstractmethod
    def claim(self, game: str, seat: int, token_hash: str, entry: Append) -> bool:
        """Give an open seat a token and log the join; False if it was already taken."""

    @abstractmethod
    def append(self, batch: Sequence[Write]) -> None:
        """Add games and entries, all or none (StoreError if an id or number is taken)."""

    @abstractmethod
    def load(self, game: str) -> Loaded | None: ...

    @abstractmethod
    def summaries(self, limit: int = 100) -> list[Summary]:
        """The most recent games first."""

    @abstractmethod
    def unfinished(self) -> list[str]:
        """Ids of every game that has not ended."""

    @abstractmethod
    def close(self) -> None: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    created REAL NOT NULL,
    header TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS entries (
    game TEXT NOT NULL,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    final INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_created ON games (created);
CREATE INDEX IF NOT EXISTS entries_final ON entries (final) WHERE final = 1;
"""


CHECKPOINT_SECONDS = 1.0


class SqliteStore(Store):
    """One connection shared by the server's threads, one transaction at a time.

    Checkpoints (copying the write-ahead log into the database file) run on a connection and
    thread of their own, in PASSIVE mode, so a commit never waits behind one: with SQLite's
    automatic checkpoints, the commit that crosses the threshold does the copying itself and
    every move acknowledged after it waits too.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA busy_timeout=5000")
            self._db.executescript(SCHEMA)
            self._db.execute("PRAGMA wal_autocheckpoint=0")
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if self.path != ":memory:":
            self._checkpointer = threading.Thread(
                target=self._checkpoints, name="motley-checkpoint", daemon=True
            )
            self._checkpointer.start()

    def _checkpoints(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            db.execute("PRAGMA busy_timeout=5000")
            db.execute("PRAGMA synchronous=FULL")
            while not self._stop.wait(CHECKPOINT_SECONDS):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error:
                    continue  # busy now; the next round will catch up
        finally:
            db.close()

    def create(self, header: Header, tokens: Mapping[int, str]) -> None:
        self.append([NewGame(header, tokens)])

    def _create(self, game: NewGame) -> None:
        header = game.header
        self._db.execute(
            "INSERT INTO games (id, game, created, header) VALUES (?, ?, ?, ?)",
            (header.id, header.game, header.created, header.dumps()),
        )
        self._db.executemany(
            "INSERT INTO seats (game, seat, token_hash) VALUES (?, ?, ?)",
            [(header.id, seat, digest) for seat, digest in sorted(game.tokens.items())],
        )

    def claim(self, game: str, seat: int, token_hash: str, entry: Append) -> bool:
        with self._lock:
            try:
                with self._transaction():
                    self._db.execute(
                        "INSERT INTO seats (game, seat, token_hash) VALUES (?, ?, ?)",
                        (game, seat, token_hash),
                    )
                    self._insert([entry])
            except sqlite3.IntegrityError:
                return False
            return True

    def append(self, batch: Sequence[Write]) -> None:
        if not batch:
            return
        with self._lock:
            try:
                with self._transaction():
                    for item in batch:  # new games first: their entries may follow
                        if isinstance(item, NewGame):
                            self._create(item)
                    self._insert([a for a in batch if isinstance(a, Append)])
            except sqlite3.IntegrityError as error:
                raise StoreError(f"already stored: {error}") from None

    def _insert(self, batch: Sequence[Append]) -> None:
        self._db.executemany(
            "INSERT INTO entries (game, seq, kind, final, body) VALUES (?, ?, ?, ?, ?)",
            [(a.game, a.seq, a.kind, int(a.final), a.body) for a in batch],
        )

    def load(self, game: str) -> Loaded | None:
        with self._lock:
            row = self._db.execute("SELECT header FROM games WHERE id = ?", (game,)).fetchone()
            if row is None:
                return None
            tokens = self._db.execute(
                "SELECT seat, token_hash FROM seats WHERE game = ?", (game,)
            ).fetchall()
            bodies = self._db.execute(
                "SELECT body FROM entries WHERE game = ? ORDER BY seq", (game,)
            ).fetchall()
        return Loaded(
            Header.loads(row[0]),
            {int(seat): str(digest) for seat, digest in tokens},
            tuple(str(b[0]) for b in bodies),
        )

    def summaries(self, limit: int = 100) -> list[Summary]:
        with self._lock:
            rows = self._db.execute(
                """
                SELECT g.header,
                       (SELECT group_concat(seat) FROM seats s WHERE s.game = g.id),
                       (SELECT count(*) FROM entries e WHERE e.game = g.id),
                       EXISTS (SELECT 1 FROM entries e WHERE e.game = g.id AND e.final = 1)
                FROM games g ORDER BY g.created DESC LIMIT ?
                """,
                (limit,),
            ).fetchall()
        out = []
        for header, seats, length, finished in rows:
            claimed = frozenset(int(s) for s in seats.split(",")) if seats else frozenset()
            out.append(Summary(Header.loads(header), claimed, int(length), bool(finished)))
        return out

    def unfinished(self) -> list[str]:
        with self._lock:
            rows = self._db.execute(
                """
                SELECT id FROM games g
                WHERE NOT EXISTS (SELECT 1 FROM entries e WHERE e.game = g.id AND e.final = 1)
                ORDER BY created
                """
            ).fetchall()
        return [str(r[0]) for r in rows]

    def close(self) -> None:
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=10)
        with self._lock:
            # a busy file (another process reading it) is left as it is: still consistent
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._db.close()

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, rolled back if the body raises."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        if kind is None:
            self.db.execute("COMMIT")
        else:
            self.db.execute("ROLLBACK")

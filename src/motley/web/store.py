"""Where games are kept: one small interface, and an SQLite implementation of it.

The interface is deliberately narrow (create, claim a seat, append entries, load, list) so a
PostgreSQL implementation can follow without touching the server. Nothing is ever updated or
deleted: a game is its header, its seat-token hashes and its append-only log of entries.

SQLite runs in WAL mode with synchronous=FULL, chosen on purpose: every commit flushes the
write-ahead log to disk before it returns, and the server acknowledges a move only after its
commit, so a killed process or a power cut loses no acknowledged move (on a disk that honours
flushes); only requests still in flight are lost, and clients send those again. (NORMAL would
flush only at checkpoints and could lose the last second of acknowledged moves to a power
cut.) `append` writes a whole batch in one transaction, so many moves share one flush.

Storage fails loudly. At start the database must pass `PRAGMA quick_check` and its
write-ahead log must be whole: SQLite replays a log only up to its first damaged frame and
silently drops every transaction after it, so a log with committed transactions past a
damaged frame is refused (`wal_damage`) instead of opened. A torn last transaction (a crash
mid-write, never acknowledged) is normal and accepted.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import struct
import threading
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from motley.web.header import Header


class StoreError(Exception):
    """The store refused a write (a clash with what is already stored)."""


class StorageError(Exception):
    """The database cannot be used as it is (damaged); the text says what to do, in a line."""


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
    def unfinished_headers(self, created_since: float) -> list[Header]:
        """Headers of the games created since then that have not ended, oldest first."""

    @abstractmethod
    def check(self) -> None:
        """Read the database; raise if it cannot be read or the last write failed."""

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
            damage = wal_damage(self.path + "-wal")  # before SQLite replays (and drops) it
            if damage:
                raise StorageError(f"the games database {self.path} cannot be trusted: {damage}")
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self.failing = ""  # why the last write failed ("" once one succeeds)
        try:
            with self._lock:
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=FULL")
                self._db.execute("PRAGMA busy_timeout=5000")
                found = [str(row[0]) for row in self._db.execute("PRAGMA quick_check(3)")]
                if found != ["ok"]:
                    raise StorageError(
                        f"the games database {self.path} is damaged ({'; '.join(found)}); "
                        "restore it from a backup or start with another --db"
                    )
                self._db.executescript(SCHEMA)
                self._db.execute("PRAGMA wal_autocheckpoint=0")
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise StorageError(
                f"the games database {self.path} cannot be opened ({error}); "
                "restore it from a backup or start with another --db"
            ) from None
        except BaseException:
            self._db.close()
            raise
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
            except (sqlite3.Error, OSError) as error:
                self.failing = str(error)  # a full or read-only disk, say: /healthz tells
                raise
            self.failing = ""

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

    def unfinished_headers(self, created_since: float) -> list[Header]:
        with self._lock:
            rows = self._db.execute(
                """
                SELECT header FROM games g
                WHERE created >= ?
                  AND NOT EXISTS (SELECT 1 FROM entries e WHERE e.game = g.id AND e.final = 1)
                ORDER BY created
                """,
                (created_since,),
            ).fetchall()
        return [Header.loads(row[0]) for row in rows]

    def check(self) -> None:
        with self._lock:
            self._db.execute("SELECT count(*) FROM (SELECT id FROM games LIMIT 1)").fetchone()
        if self.failing:
            raise StorageError(f"the last write failed: {self.failing}")

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


_WAL_MAGIC = (0x377F0682, 0x377F0683)  # the low bit gives the checksums' byte order


def wal_damage(path: str) -> str:
    """Why the write-ahead log at `path` would lose committed transactions ("" if it would not).

    SQLite stops replaying at the first frame whose salts or running checksum do not match.
    Frames after that point with the log's current salts were written since the log last
    restarted; each commit frame among them ends a transaction, and every transaction but the
    last was flushed and acknowledged before the next one began (synchronous=FULL, one
    writer), so two or more of them mean acknowledged work would silently vanish.
    """
    try:
        size = os.path.getsize(path)
    except OSError:
        return ""
    if size <= 32:
        return ""
    with open(path, "rb") as wal:
        head = wal.read(32)
        magic, _, page_size, _, salt1, salt2, sum1, sum2 = struct.unpack(">8I", head)
        if magic not in _WAL_MAGIC or page_size < 512 or page_size & (page_size - 1):
            return "its write-ahead log has a damaged header"
        order = ">" if magic & 1 else "<"
        if _checksum(order, head[:24], (0, 0)) != (sum1, sum2):
            return "its write-ahead log has a damaged header"
        running = (sum1, sum2)
        frame, broken, lost = 0, 0, 0
        while True:
            header = wal.read(24)
            page = wal.read(page_size)
            if len(header) < 24 or len(page) < page_size:
                break
            frame += 1
            number, commit, s1, s2, f1, f2 = struct.unpack(">6I", header)
            current = (s1, s2) == (salt1, salt2)
            if not broken:
                if current:
                    running = _checksum(order, header[:8] + page, running)
                if current and running == (f1, f2) and number:
                    continue
                broken = frame  # SQLite replays nothing from here on
            if current and commit:
                lost += 1
    if lost >= 2:
        return (
            f"its write-ahead log is damaged at frame {broken} and {lost} committed "
            f"transactions after it would be lost; restore a backup, or move "
            f"{os.path.basename(path)} aside to start without them"
        )
    return ""


def _checksum(order: str, data: bytes, start: tuple[int, int]) -> tuple[int, int]:
    words = struct.unpack(f"{order}{len(data) // 4}I", data)
    s0, s1 = start
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1

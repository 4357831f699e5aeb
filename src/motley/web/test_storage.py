"""Storage that fails loudly: a damaged database or write-ahead log is refused at start."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from motley.web import store as stored
from motley.web.header import Header, SeatPlan
from motley.web.store import Append, SqliteStore, StorageError


def header(game_id: str) -> Header:
    return Header(game_id, "chess", 1, {}, (SeatPlan("local"), SeatPlan("local")), "s")


def fill(store: SqliteStore, games: int, moves: int) -> None:
    """Many small transactions, as a server acknowledging moves one by one makes them."""
    for g in range(games):
        store.create(header(f"g{g}"), {})
        for seq in range(1, moves + 1):
            store.append([Append(f"g{g}", seq, "step", False, '{"t":"step"}' + "x" * 200)])


def test_a_damaged_database_refuses_to_start_in_one_line(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    store = SqliteStore(db)
    fill(store, 20, 20)
    store.close()
    with db.open("r+b") as data:  # zero page 4
        data.seek(3 * 4096)
        data.write(bytes(4096))
    with pytest.raises(StorageError, match="damaged"):
        SqliteStore(db)
    serve = subprocess.run(
        [sys.executable, "-m", "motley", "serve", "--port", "1", "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert serve.returncode == 2
    lines = serve.stderr.strip().splitlines()
    assert len(lines) == 1 and "damaged" in lines[0], serve.stderr


def test_a_damaged_log_never_drops_acknowledged_moves_silently(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stored, "CHECKPOINT_SECONDS", 3600.0)  # everything stays in the log
    db = tmp_path / "games.db"
    store = SqliteStore(db)
    fill(store, 1, 30)
    crashed = tmp_path / "crashed.db"  # the files as a killed server leaves them
    shutil.copy(db, crashed)
    shutil.copy(f"{db}-wal", f"{crashed}-wal")
    store.close()
    with open(f"{crashed}-wal", "r+b") as wal:  # one flipped byte in an early frame's page
        wal.seek(32 + 3 * (24 + 4096) + 24 + 100)
        byte = wal.read(1)
        wal.seek(-1, 1)
        wal.write(bytes([byte[0] ^ 0xFF]))
    with pytest.raises(StorageError, match="write-ahead log is damaged"):
        SqliteStore(crashed)


def test_a_torn_last_transaction_is_normal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stored, "CHECKPOINT_SECONDS", 3600.0)
    db = tmp_path / "games.db"
    store = SqliteStore(db)
    fill(store, 1, 10)
    crashed = tmp_path / "crashed.db"
    shutil.copy(db, crashed)
    shutil.copy(f"{db}-wal", f"{crashed}-wal")
    store.close()
    wal = Path(f"{crashed}-wal")
    wal.write_bytes(wal.read_bytes()[:-2000])  # the last frame written only in part
    reopened = SqliteStore(crashed)
    loaded = reopened.load("g0")
    reopened.close()
    assert loaded is not None and len(loaded.entries) == 9

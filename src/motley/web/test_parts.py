"""The web app's parts on their own: storage, group commit, boards, gestures, rules text."""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from motley.cli.serve import add_parser
from motley.core import registry
from motley.core.errors import MotleyError, StateError
from motley.core.record import Event
from motley.core.rules import SPECTATOR, NodeKind
from motley.geometry.square import square_board
from motley.web import entries, presenting, rulesdoc
from motley.web.app import Settings, create_app
from motley.web.entries import Abort, Answer, Claim, Commit, Flag, Join, Offer, Resign, Step, Undo
from motley.web.header import Header, SeatPlan
from motley.web.live import rebuild
from motley.web.store import Append, SqliteStore, StoreError, Write
from motley.web.writer import GroupWriter


def header(game_id: str = "g1", game: str = "chess") -> Header:
    return Header(
        game_id, game, 1, {}, (SeatPlan("local"), SeatPlan("invite")), "seed", created=1.0
    )


def step(seat: int, text: str) -> str:
    return entries.dumps(Step(Event(NodeKind.DECISION, ((seat, text),)), seat, intent=f"i-{text}"))


# -- storage ---------------------------------------------------------------------------------


def test_store_keeps_games_and_their_logs(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "sub" / "games.db")
    store.create(header(), {0: "hash0"})
    store.append([Append("g1", 1, "step", False, step(0, "e2e4"))])
    store.append([Append("g1", 2, "step", False, step(1, "e7e5"))])
    loaded = store.load("g1")
    assert loaded is not None
    assert loaded.header == header() and loaded.tokens == {0: "hash0"}
    assert [entries.loads(b) for b in loaded.entries][1] == entries.loads(step(1, "e7e5"))
    assert store.load("nope") is None
    mode = sqlite3.connect(tmp_path / "sub" / "games.db").execute("PRAGMA journal_mode").fetchone()
    assert mode[0] == "wal"
    store.close()


def test_store_batches_are_all_or_nothing(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "games.db")
    store.create(header(), {})
    store.append([Append("g1", 1, "step", False, step(0, "e2e4"))])
    with pytest.raises(StoreError):
        store.append(
            [
                Append("g1", 2, "step", False, step(1, "e7e5")),
                Append("g1", 1, "step", False, step(0, "d2d4")),  # number 1 is taken
            ]
        )
    loaded = store.load("g1")
    assert loaded is not None and len(loaded.entries) == 1


def test_store_claims_a_seat_once_and_lists_games(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "games.db")
    store.create(header("g1"), {0: "a"})
    store.create(header("g2"), {0: "b"})
    join = entries.dumps(Join(1))
    assert store.claim("g1", 1, "c", Append("g1", 1, "join", False, join))
    assert not store.claim("g1", 1, "d", Append("g1", 2, "join", False, join))
    store.append([Append("g2", 1, "resign", True, entries.dumps(Resign(0)))])
    by_id = {s.header.id: s for s in store.summaries()}
    assert by_id["g1"].claimed == {0, 1} and not by_id["g1"].finished
    assert by_id["g2"].finished and by_id["g2"].length == 1
    assert store.unfinished() == ["g1"]


def test_group_writer_shares_flushes_and_isolates_failures(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "games.db")
    for game in ("g1", "g2", "g3"):
        store.create(header(game), {})
    writer = GroupWriter(store)
    transactions: list[int] = []
    append = store.append

    def counted(batch: Sequence[Write]) -> None:
        transactions.append(len(batch))
        append(batch)

    store.append = counted  # type: ignore[method-assign]

    async def together() -> None:
        moves = [writer.write([Append("g3", n, "step", False, "{}")]) for n in (1, 2, 3)]
        await asyncio.gather(*moves)

    asyncio.run(together())
    assert transactions == [3]  # moves made in one turn of the loop: one transaction

    async def write_all() -> list[BaseException | None]:
        good = [writer.write([Append("g1", n, "step", False, "{}")]) for n in range(1, 40)]
        bad = writer.write(
            [Append("g2", 1, "step", False, "{}"), Append("g2", 1, "x", False, "{}")]
        )
        results = await asyncio.gather(*good, bad, return_exceptions=True)
        return list(results)

    results = asyncio.run(write_all())
    writer.close()
    assert results[:-1] == [None] * 39
    assert isinstance(results[-1], StoreError)
    g1, g2 = store.load("g1"), store.load("g2")
    assert g1 is not None and len(g1.entries) == 39
    assert g2 is not None and g2.entries == ()


# -- the log -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "entry",
    [
        Step(Event(NodeKind.CHANCE, ((-1, "sp 518"),)), draw=0),
        Step(Event(NodeKind.SIMULTANEOUS, ((0, "heads"), (1, "tails"))), 1, intent="x"),
        Commit(0, "heads", intent="id"),
        Undo(1, 3, intent="u"),
        Resign(0),
        Offer(1, intent="o"),
        Answer(0, True, intent="a"),
        Join(1),
        Flag(1, at=4.5),
        Claim(0, 1, intent="c", at=2.0),
        Abort(1, intent="ab", at=3.0),
    ],
)
def test_log_entries_round_trip(entry: entries.Entry) -> None:
    assert entries.loads(entries.dumps(entry)) == entry


@pytest.mark.parametrize(
    "text", ["", "[]", '{"t": "step"}', '{"t": "answer", "seat": 0, "accept": 1}', '{"t": 5}']
)
def test_damaged_entries_are_reported(text: str) -> None:
    with pytest.raises(StateError):
        entries.loads(text)


def test_a_damaged_log_fails_to_load_with_a_clear_error() -> None:
    good = (step(0, "e2e4"), step(1, "e7e5"))
    assert rebuild(header(), good).version == 2
    with pytest.raises(StateError, match=r"entry 2: .*e7e4"):
        rebuild(header(), (step(0, "e2e4"), step(1, "e7e4")))
    with pytest.raises(StateError, match=r"entry 1: .*not Black's turn"):
        rebuild(header(), (step(1, "e7e5"),))
    with pytest.raises(StateError, match="version 9"):
        rebuild(Header("g", "chess", 9, {}, (), "s"), ())


def test_a_damaged_game_is_refused_but_the_server_keeps_serving(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    store = SqliteStore(db)
    store.create(header("bad"), {0: "h"})
    store.append([Append("bad", 1, "step", False, step(0, "e2e5"))])
    store.close()
    settings = Settings(db=str(db), computer_workers=0, hosts=("testserver",))
    with TestClient(create_app(settings)) as client:
        response = client.get("/api/games/bad")
        assert response.status_code == 400 and "entry 1" in response.json()["error"]
        assert client.get("/g/bad").status_code == 500
        assert client.get("/healthz").json() == {"status": "ok"}


# -- boards ----------------------------------------------------------------------------------


def test_every_declared_board_is_drawable() -> None:
    for game in registry.game_ids():
        rules = registry.make(game)
        layout = rules.layout()
        data = presenting.layout_json(layout)
        if layout is None or data is None:
            continue
        assert len(data["cells"]) == layout.geometry.cell_count + len(layout.off_cells)
        assert data["grid"] == layout.geometry.cell_count
        for cell in data["cells"][: data["grid"]]:
            assert len(cell["corners"]) >= 3 and 0 <= cell["shade"] < len(data["palette"])
        json.dumps(data)


def test_chess_actions_are_grouped_by_gesture() -> None:
    rules = registry.make("chess", {"position": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"})
    state = rules.initial_state()
    found = presenting.gestures_json(rules, state, rules.view(state, 0), 0)
    g = square_board(8, 8)
    promotions = [m for m in found["moves"] if m[0] == g.parse("a7")]
    assert sorted(m[3]["label"] for m in promotions) == ["bishop", "knight", "queen", "rook"]
    assert [g.parse("e1"), g.parse("d1"), "e1d1", None] in found["moves"]
    assert found["clicks"] == found["picks"] == found["buttons"] == []


def test_a_step_is_told_with_san_and_the_cells_it_touched() -> None:
    rules = registry.make("chess")
    state = rules.initial_state()
    assert presenting.told(rules, state, 0, "g1f3", SPECTATOR) == ("g1f3", "Nf3", [6, 21], ())


def test_a_roll_is_told_with_its_dice(toys: None) -> None:
    rules = registry.make("toy-dice-race")
    rolling = rules.apply(
        rules.initial_state(), rules.parse_action(rules.initial_state(), "roll", 0)
    )
    shown, _label, cells, dice = presenting.told(rules, rolling, -1, "rolled 5", SPECTATOR)
    assert (shown, cells, dice) == ("rolled 5", [], (5,))


def test_a_games_own_check_rule_decides_the_highlight() -> None:
    # Half Alice's check is judged on the king's side of the mirror: the rook on a checker
    # gives none, though orthodox chess would see the e-file open
    rules = registry.make("half_alice", {"position": "4r3/8/8/8/8/8/8/k3K3 w - - 0 1"})
    assert rules.scene(rules.initial_state(), 0).check == (4,)
    rules = registry.make("half_alice", {"position": "4r*3/8/8/8/8/8/8/k3K3 w - - 0 1"})
    assert rules.scene(rules.initial_state(), 0).check == ()


# -- rules text --------------------------------------------------------------------------------


def test_docstrings_become_paragraphs_lists_and_code() -> None:
    html = rulesdoc.to_html(
        "Title line.\n\nA paragraph\ncontinued, with `code` & <b>.\n"
        "Options:\n* one item\n  continued\n- two\n\nLast."
    )
    assert html == (
        "<p>Title line.</p>\n"
        "<p>A paragraph continued, with <code>code</code> &amp; &lt;b&gt;. Options:</p>\n"
        "<ul><li>one item continued</li><li>two</li></ul>\n"
        "<p>Last.</p>"
    )


# -- the command ---------------------------------------------------------------------------------


def test_serve_parser_reads_host_port_and_db() -> None:
    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["serve", "--host", "0.0.0.0", "--port", "9000", "--db", "x.db"])
    assert (args.host, args.port, args.db) == ("0.0.0.0", 9000, "x.db")
    defaults = parser.parse_args(["serve"])
    assert (defaults.host, defaults.port, defaults.db) == ("127.0.0.1", 8000, "motley.db")


def test_serve_refuses_a_bad_port_or_database_in_one_line(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers(dest="command"))
    with pytest.raises(MotleyError, match="--port must be between"):
        args = parser.parse_args(["serve", "--port", "70000"])
        args.run(args)
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(MotleyError, match="cannot open the games database"):
        args = parser.parse_args(["serve", "--db", str(blocker / "games.db")])
        args.run(args)

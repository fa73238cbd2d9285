"""The ladder on the server: a served table is recorded when its game ends, once,
whatever restarts and crashes come between its last move and the record."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from pathlib import Path

import asyncssh
import pytest
from ladder_tables import (
    ask_ladder,
    games_recorded,
    make_table,
    play_out,
    recorded,
    write_table,
)
from serve_support import WAIT, Client, ServerProcess, wait_until

from gemtable.engine.gamelog import load
from gemtable.tui.serve import protocol
from gemtable.tui.serve.ladder import FinishedGame, Ladder, SeatResult
from gemtable.tui.serve.ladder.fromtable import is_solo
from gemtable.tui.serve.ladder.ratings import rate
from gemtable.tui.serve.store import DataDir, TableRecord

pytestmark = pytest.mark.timeout(240)


def test_a_finished_table_is_recorded_with_its_places_and_ratings(hub_factory, caplog):
    caplog.set_level(logging.INFO, logger="gemtable.serve")
    running = hub_factory()
    table_id = make_table(running, "alice", (protocol.YOU, "greedy"))
    play_out(running, "alice", table_id, 0)
    wait_until(lambda: games_recorded(running) == [table_id], what="the ladder's record")

    final = running.hub.tables[table_id].table.true_state
    places, scores = final.ranking(), final.scores()
    moves = [sum(1 for entry in running.hub.tables[table_id].table.history
                 if entry.mover == seat) for seat in (0, 1)]
    expected = FinishedGame(table_id=table_id, game_id="jowhari", variant="standard",
                            finished_at=0.0, seats=(
                                SeatResult("alice", "person", places[0], scores[0], moves[0]),
                                SeatResult("greedy", "bot", places[1], scores[1], moves[1])))
    outcome = rate(expected, {})
    [entry] = ask_ladder(running, Ladder.history, "alice")
    assert (entry.table_id, entry.place, entry.score, entry.solo) == (
        table_id, places[0], scores[0], False)
    assert [(seat.player, seat.kind, seat.place) for seat in entry.others] == [
        ("greedy", "bot", places[1])]
    alice = ask_ladder(running, Ladder.rating, "alice", "jowhari")
    greedy = ask_ladder(running, Ladder.rating, "greedy", "jowhari", "bot")
    assert (alice.mu, alice.sigma) == pytest.approx(outcome.ratings[("alice", "person")])
    assert (greedy.mu, greedy.sigma) == pytest.approx(outcome.ratings[("greedy", "bot")])
    assert (alice.games, greedy.games) == (1, 1)
    # A restart finds the finished table on disk and records nothing twice.
    data = running.hub.data.root
    running.stop()
    again = hub_factory(data)
    wait_until(lambda: recorded(again), what="the tables found at start")
    assert games_recorded(again) == [table_id]
    assert ask_ladder(again, Ladder.rating, "alice", "jowhari").games == 1
    assert caplog.text.count(f"table {table_id} recorded on the ladder") == 1


def test_a_table_finished_but_never_recorded_is_recorded_at_the_next_start(
        hub_factory, monkeypatch, caplog):
    caplog.set_level(logging.INFO, logger="gemtable.serve")
    running = hub_factory()
    # The server stops between the last move and the record (as a crash would).
    monkeypatch.setattr("gemtable.tui.serve.ladder.keeper.LadderKeeper._record_table", _never)
    table_id = make_table(running, "alice", (protocol.YOU, "random"))
    play_out(running, "alice", table_id, 0)
    assert games_recorded(running) == []
    data = running.hub.data.root
    running.stop()
    monkeypatch.undo()

    again = hub_factory(data)
    wait_until(lambda: recorded(again), what="the tables found at start")
    assert games_recorded(again) == [table_id]
    assert f"table {table_id} recorded on the ladder" in caplog.text


async def _never(*_: object) -> None:
    return None


def test_stand_in_moves_are_counted_and_kept(hub_factory):
    running = hub_factory(stand_in_after=0.0, stand_in_bot="random")
    table_id = make_table(running, "alice", (protocol.YOU, "greedy"))
    running.on_loop(lambda: running.hub.tables[table_id].table.set_delay(0.0))
    # Alice never comes: a stand-in plays every move of hers.
    wait_until(lambda: games_recorded(running) == [table_id], what="the ladder's record")
    history = running.hub.tables[table_id].table.history
    alice_moves = sum(1 for entry in history if entry.mover == 0)
    [saved] = DataDir(running.hub.data.root).load_records()
    assert saved.stand_in_moves == [alice_moves, 0]
    rows = ask_ladder(running, lambda ladder: ladder.db.execute(
        "SELECT moves, stand_in_moves, rated FROM results ORDER BY seat").fetchall())
    # The game was the stand-in's: recorded, and nobody rated on it.
    assert rows[0] == (alice_moves, alice_moves, 0)
    assert ask_ladder(running, Ladder.rating, "alice", "jowhari") is None


def test_a_seat_record_keeps_its_stand_in_counts_and_an_older_one_loads():
    older = TableRecord.from_json(
        '{"id": "abcde", "owners": ["alice", null], "created_by": "alice", "started": true}')
    assert older.stand_in_moves is None
    older.stand_in_moves = [3, 0]
    assert TableRecord.from_json(older.to_json()) == older
    with pytest.raises(ValueError):
        TableRecord.from_json('{"id": "abcde", "owners": [null], "created_by": "a",'
                              ' "stand_in_moves": ["x"]}')


def test_which_tables_are_solo():
    assert is_solo("jewelbox", ("human",))
    assert is_solo("iridescia", ("human", "rhom"))
    assert not is_solo("iridescia", ("human", "human", "rhom"))
    assert not is_solo("jowhari", ("human", "greedy"))
    assert not is_solo("jewelbox", ("human", "human"))


def test_a_server_killed_after_the_last_move_records_the_table_once(tmp_path):
    """The SIGKILL comes after the game ended and before it is on the ladder."""
    data = tmp_path / "data"
    # Seat 2: a round of Jowhari ends with its last seat, and so does the game.
    last = write_table(data, "lastm", [None, "alice"], ("greedy", "human"), seed=7046,
                       last_move_left=True)
    # The ladder cannot be written while the game ends (a file others may read is
    # refused), so the server dies with the table finished and not recorded.
    ladder_file = data / "ladder.sqlite"
    ladder_file.touch(mode=0o644)
    ladder_file.chmod(0o644)
    server = ServerProcess(data)
    server.start()
    try:
        asyncio.run(_last_move(server.port, last, DataDir(data).table_log("lastm"),
                               server.log))
        server.kill()
        assert "table lastm could not be recorded on the ladder" in server.log()
        ladder_file.chmod(0o600)
        server.start()
        wait_until(lambda: _ladder_games(data) == ["lastm"], what="the record at the next start")
        server.stop()
        server.start()  # a third start records nothing again
    finally:
        server.stop()
    with Ladder(data / "ladder.sqlite") as ladder:
        assert [row[0] for row in ladder.db.execute("SELECT table_id FROM games")] == ["lastm"]
        [alice] = [row for row in ladder.leaderboard("jowhari") if row.kind == "person"]
    assert (alice.name, alice.games) == ("alice", 1)


async def _last_move(port: int, move: str, log_file: Path, server_log) -> None:
    """Alice comes back to her table and plays its last move, and the server
    tries to record the game."""
    client = await Client.open(port, "alice", command="join lastm", size=(120, 40))
    try:
        await client.wait_for("Your turn, Seat 2 (alice)")
        await client.play(move)
        before = load(log_file).final
        if before.reveals(before.parse_action(move)):  # it turns up a card: confirmed
            await client.wait_for("cannot be undone")
            client.send("\r")
        deadline = time.monotonic() + WAIT
        while ('"result"' not in log_file.read_text()
               or "could not be recorded" not in server_log()):
            assert time.monotonic() < deadline, "the last move never ended the game"
            await asyncio.sleep(0.02)
    finally:
        with contextlib.suppress(OSError, asyncssh.Error):
            await client.close()


def _ladder_games(data: Path) -> list[str]:
    """The recorded tables, read without writing (the server owns the file)."""
    path = data / "ladder.sqlite"
    if not path.exists():
        return []
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [row[0] for row in db.execute("SELECT table_id FROM games")]
    except sqlite3.OperationalError:  # not made yet
        return []
    finally:
        db.close()

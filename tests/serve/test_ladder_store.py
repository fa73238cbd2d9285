"""The ladder's file: one transaction per game, idempotent recording, migrations,
write-ahead logging, foreign keys and owner-only permissions."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

import pytest
from ladder_games import GAMES

from gemtable.tui.serve.ladder import Ladder, LadderError, store


def dump(path: Path) -> list[str]:
    with sqlite3.connect(path) as db:
        return list(db.iterdump())


def test_recording_every_game_twice_is_recording_it_once(tmp_path: Path) -> None:
    with Ladder(tmp_path / "once.sqlite") as once:
        assert all(once.record(game) for game in GAMES)
    with Ladder(tmp_path / "twice.sqlite") as twice:
        for game in GAMES:
            assert twice.record(game)
            assert not twice.record(game)
        assert not any(twice.record(game) for game in GAMES)
    assert dump(tmp_path / "twice.sqlite") == dump(tmp_path / "once.sqlite")
    assert len(dump(tmp_path / "once.sqlite")) > len(GAMES)


def test_write_ahead_logging_and_foreign_keys_are_on(tmp_path: Path) -> None:
    with Ladder(tmp_path / "ladder.sqlite") as ladder:
        assert ladder.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert ladder.db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert ladder.version == len(store.MIGRATIONS) == 1
        with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
            ladder.db.execute("INSERT INTO ratings VALUES (999, 'jowhari', 25, 8, 1, 0)")


def test_the_file_is_created_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "ladder.sqlite"
    previous = os.umask(0)
    try:
        ladder = Ladder(path)
    finally:
        os.umask(previous)
    with ladder:
        ladder.record(GAMES[0])
        files = [path, Path(f"{path}-wal"), Path(f"{path}-shm")]
        assert all(file.exists() for file in files)
        assert [stat.S_IMODE(file.stat().st_mode) for file in files] == [0o600] * 3


def test_a_file_others_can_read_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ladder.sqlite"
    Ladder(path).close()
    path.chmod(0o644)
    with pytest.raises(LadderError, match="chmod 600"):
        Ladder(path)


def test_a_file_that_is_no_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ladder.sqlite"
    path.write_text("not a database, but long enough to have a header of some kind" * 4)
    path.chmod(0o600)
    with pytest.raises(LadderError, match="not a ladder"):
        Ladder(path)


def add_a_note_column(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE games ADD COLUMN note TEXT NOT NULL DEFAULT ''")


def test_an_old_file_is_migrated_and_a_newer_one_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "ladder.sqlite"
    with Ladder(path) as old:
        old.record(GAMES[0])
    before = dump(path)
    monkeypatch.setattr(store, "MIGRATIONS", [*store.MIGRATIONS, add_a_note_column])
    with Ladder(path) as migrated:
        assert migrated.version == 2
        assert migrated.db.execute("SELECT table_id, note FROM games").fetchall() == [
            ("t01", "")]
        assert migrated.history("alice")[0].table_id == "t01"
        assert migrated.record(GAMES[1])
    assert dump(path) != before
    monkeypatch.undo()
    with pytest.raises(LadderError, match="version 2, newer than this gemtable knows"):
        Ladder(path)


def test_a_failing_migration_leaves_the_file_as_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "ladder.sqlite"
    with Ladder(path) as old:
        old.record(GAMES[0])
    before = dump(path)

    def half_a_migration(db: sqlite3.Connection) -> None:
        add_a_note_column(db)
        raise RuntimeError("disk full, say")

    monkeypatch.setattr(store, "MIGRATIONS", [*store.MIGRATIONS, half_a_migration])
    with pytest.raises(RuntimeError, match="disk full"):
        Ladder(path)
    monkeypatch.undo()
    with Ladder(path) as reopened:
        assert reopened.version == 1
    assert dump(path) == before


def test_programs_opening_a_new_file_at_once_create_its_tables_once(tmp_path: Path) -> None:
    """The version is read inside the migration's transaction: whoever comes second
    finds the schema made, instead of making it again."""
    import threading

    path = tmp_path / "ladder.sqlite"
    start = threading.Barrier(6)
    failures: list[BaseException] = []

    def open_it() -> None:
        start.wait()
        try:
            Ladder(path).close()
        except BaseException as error:  # noqa: BLE001 - collected for the assertion
            failures.append(error)

    openers = [threading.Thread(target=open_it) for _ in range(6)]
    for opener in openers:
        opener.start()
    for opener in openers:
        opener.join()
    assert failures == []
    with Ladder(path) as ladder:
        assert ladder.version == len(store.MIGRATIONS)

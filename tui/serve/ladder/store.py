"""The ladder's database: one SQLite file, written by its owner only.

Only the server process that owns the file writes it (one connection, one
thread): SQLite would keep two writers from corrupting it, but the rules
read a rating and write its successor, so two writers could each rate from
the same old rating and one update would be lost. Other readers are fine.

Every finished game goes in with one transaction (`Ladder.record`): the
game, its seats, their rating changes and the new ratings appear together
or not at all, and a table id already recorded is not counted again, so a
server that crashed and records its finished tables once more counts each
exactly once.

The schema's version is SQLite's `user_version`; MIGRATIONS[n] takes a file
from version n to n + 1, each in a transaction of its own. A file newer than
this program knows is refused rather than misread.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from types import TracebackType

from . import queries
from .queries import BestScore, HistoryEntry, Place, SoloScore, Standing
from .ratings import PlayerKey, Rating, rate
from .results import FinishedGame, PlayerKind

Migration = Callable[[sqlite3.Connection], None]

SCHEMA_V1 = (
    """CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('person', 'bot')),
        UNIQUE (name, kind))""",
    """CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        table_id TEXT NOT NULL UNIQUE,
        game_id TEXT NOT NULL,
        variant TEXT NOT NULL,
        finished_at REAL NOT NULL,
        solo INTEGER NOT NULL CHECK (solo IN (0, 1)),
        source TEXT NOT NULL CHECK (source IN ('table', 'calibration')),
        rated INTEGER NOT NULL CHECK (rated IN (0, 1)))""",
    """CREATE TABLE results (
        game INTEGER NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        player INTEGER NOT NULL REFERENCES players (id),
        place INTEGER NOT NULL,
        score REAL NOT NULL,
        moves INTEGER NOT NULL,
        stand_in_moves INTEGER NOT NULL,
        rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
        mu_before REAL, sigma_before REAL, mu_after REAL, sigma_after REAL,
        PRIMARY KEY (game, seat))""",
    "CREATE INDEX results_by_player ON results (player)",
    """CREATE TABLE ratings (
        player INTEGER NOT NULL REFERENCES players (id),
        game_id TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        last_played REAL NOT NULL,
        PRIMARY KEY (player, game_id))""",
    "CREATE INDEX ratings_by_game ON ratings (game_id)",
    # A solo game's counted scores, read from the results so they cannot disagree.
    """CREATE VIEW solo_scores AS
        SELECT results.player AS player, games.id AS game, games.table_id AS table_id,
               games.game_id AS game_id, games.variant AS variant,
               games.finished_at AS finished_at, results.score AS score
        FROM results JOIN games ON games.id = results.game
        WHERE games.solo = 1 AND results.rated = 1""",
)


def create_schema(db: sqlite3.Connection) -> None:
    for statement in SCHEMA_V1:
        db.execute(statement)


# A later version is one more function here. Inside the migration's transaction
# PRAGMA foreign_keys cannot change: one that rebuilds a table follows SQLite's
# ALTER TABLE recipe (new table, copy, drop, rename) with the keys left on.
MIGRATIONS: list[Migration] = [create_schema]


class LadderError(Exception):
    """A ladder file this program cannot use."""


def open_private(path: Path) -> None:
    """Create the file owner-only before SQLite does (its -wal and -shm files
    take the same mode), or refuse one other accounts can read: the ladder
    holds every person's record."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        if path.stat().st_mode & 0o077:
            raise LadderError(f"{path} can be read by other accounts; the ladder must be "
                              f"private (chmod 600 {path})") from None
        return
    try:
        os.fchmod(fd, 0o600)  # whatever the umask
    finally:
        os.close(fd)


class Ladder:
    """Ratings, histories and solo scores in the SQLite file at `path`."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.step_hook: Callable[[str], None] | None = None
        """Called with a name between the statements of a recording: the
        crash tests stop the process there."""
        open_private(self.path)
        # Autocommit mode: every transaction is begun and ended here, explicitly.
        self.db = sqlite3.connect(self.path, isolation_level=None)
        try:
            try:
                self._configure()
            except sqlite3.DatabaseError as error:
                raise LadderError(f"{self.path} is not a ladder SQLite can read "
                                  f"({error})") from None
            self._migrate(MIGRATIONS)
        except BaseException:
            self.db.close()
            raise

    def _configure(self) -> None:
        mode = self.db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise LadderError(f"{self.path}: SQLite would not use write-ahead logging")
        self.db.execute("PRAGMA foreign_keys=ON")
        # A finished game is on disk when record returns, even across a power cut.
        self.db.execute("PRAGMA synchronous=FULL")

    def _migrate(self, migrations: Sequence[Migration]) -> None:
        # The version is read inside each step's transaction: two programs opening
        # the same new file at once then migrate it once, one after the other.
        while True:
            with self._transaction():
                version = self.version
                if version > len(migrations):
                    raise LadderError(
                        f"{self.path} is a ladder of version {version}, newer than this "
                        f"gemtable knows (up to {len(migrations)}); use a newer gemtable, "
                        "or another file")
                if version == len(migrations):
                    return
                migrations[version](self.db)
                self.db.execute(f"PRAGMA user_version = {version + 1:d}")

    @property
    def version(self) -> int:
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db)

    def _step(self, name: str) -> None:
        if self.step_hook is not None:
            self.step_hook(name)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Ladder:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def has_table(self, table_id: str) -> bool:
        """Whether the table is recorded (so its log need not be read again)."""
        return self.db.execute("SELECT 1 FROM games WHERE table_id = ?",
                               (table_id,)).fetchone() is not None

    def record(self, game: FinishedGame) -> bool:
        """Record a finished game and rate it; False if its table is recorded already."""
        with self._transaction():
            self._step("begun")
            if self.db.execute("SELECT 1 FROM games WHERE table_id = ?",
                               (game.table_id,)).fetchone():
                return False
            players = [self._player_id(seat.player, seat.kind) for seat in game.seats]
            self._step("players")
            current = self._ratings(game.game_id, {seat.key for seat in game.seats})
            outcome = rate(game, current)
            game_row = self.db.execute(
                "INSERT INTO games (table_id, game_id, variant, finished_at, solo, source, rated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game.table_id, game.game_id, game.variant, game.finished_at, int(game.solo),
                 game.source, int(outcome.counts))).lastrowid
            self._step("game")
            for number, (seat, player, part) in enumerate(
                    zip(game.seats, players, outcome.seats, strict=True)):
                before = part.before or (None, None)
                after = part.after or (None, None)
                self.db.execute(
                    "INSERT INTO results (game, seat, player, place, score, moves,"
                    " stand_in_moves, rated, mu_before, sigma_before, mu_after, sigma_after)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_row, number, player, seat.place, seat.score, seat.moves,
                     seat.stand_in_moves, int(part.counts), *before, *after))
                self._step(f"seat {number}")
            for (name, kind), (mu, sigma) in outcome.ratings.items():
                self.db.execute(
                    "INSERT INTO ratings (player, game_id, mu, sigma, games, last_played)"
                    " VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (player, game_id) DO UPDATE SET"
                    " mu = excluded.mu, sigma = excluded.sigma, games = games + 1,"
                    " last_played = max(last_played, excluded.last_played)",
                    (self._player_id(name, kind), game.game_id, mu, sigma, game.finished_at))
                self._step(f"rating {name}")
        self._step("committed")
        return True

    def _player_id(self, name: str, kind: PlayerKind) -> int:
        self.db.execute("INSERT OR IGNORE INTO players (name, kind) VALUES (?, ?)", (name, kind))
        row = self.db.execute("SELECT id FROM players WHERE name = ? AND kind = ?",
                              (name, kind)).fetchone()
        return int(row[0])

    def _ratings(self, game_id: str, keys: set[PlayerKey]) -> dict[PlayerKey, Rating]:
        found: dict[PlayerKey, Rating] = {}
        for name, kind in keys:
            row = self.db.execute(
                "SELECT mu, sigma FROM ratings JOIN players ON players.id = ratings.player"
                " WHERE players.name = ? AND players.kind = ? AND ratings.game_id = ?",
                (name, kind, game_id)).fetchone()
            if row is not None:
                found[(name, kind)] = (float(row[0]), float(row[1]))
        return found

    # The questions the server asks (queries.py answers them).

    def leaderboard(self, game_id: str) -> list[Standing]:
        return queries.leaderboard(self.db, game_id)

    def rating(self, player: str, game_id: str, kind: PlayerKind = "person") -> Standing | None:
        return queries.rating(self.db, player, game_id, kind)

    def history(self, person: str) -> list[HistoryEntry]:
        return queries.history(self.db, person)

    def solo_scores(self, person: str, game_id: str) -> list[SoloScore]:
        return queries.solo_scores(self.db, person, game_id)

    def best_scores(self, person: str) -> list[BestScore]:
        return queries.best_scores(self.db, person)

    def plays_like(self, game_id: str, ordinal: float) -> str | None:
        return queries.plays_like(self.db, game_id, ordinal)

    def place(self, person: str, game_id: str) -> Place | None:
        return queries.place(self.db, person, game_id)

    def seat_at(self, person: str, table_id: str) -> tuple[int, str] | None:
        return queries.seat_at(self.db, person, table_id)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK if the block raises."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        # IMMEDIATE: take the write lock before reading what the writes depend on.
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if kind is None:
            self.db.execute("COMMIT")
        else:
            self.db.execute("ROLLBACK")

"""The ladder's answers: leaderboards, ratings, a person's tables, solo scores.

Functions of an open connection to the ladder's database (store.py makes it);
`Ladder` offers each as a method.
"""

from __future__ import annotations

import sqlite3
from typing import Any

import attrs

from .ratings import ordinal
from .results import PlayerKind


@attrs.frozen
class Standing:
    """A player's rating in one game: a leaderboard row."""

    name: str
    kind: PlayerKind
    mu: float
    sigma: float
    ordinal: float
    games: int
    """Rated games."""
    last_played: float
    """When the last rated game finished (seconds since the epoch)."""


@attrs.frozen
class SeatLine:
    """A seat of a recorded table as a history shows it."""

    player: str
    kind: PlayerKind
    place: int
    score: float
    rated: bool


@attrs.frozen
class HistoryEntry:
    """A recorded table a person sat at, from their seat (the best placed of
    theirs, should they have held several)."""

    table_id: str
    game_id: str
    variant: str
    finished_at: float
    solo: bool
    seat: int
    """The person's seat (the best placed of theirs)."""
    place: int
    score: float
    rated: bool
    """Rated for this person; in a solo game, the score counts."""
    before: tuple[float, float] | None
    after: tuple[float, float] | None
    """mu and sigma around the game; None unless rated (and never for solo games)."""
    others: tuple[SeatLine, ...]
    """Every other seat, in seat order."""

    @property
    def ordinal_change(self) -> float | None:
        if self.before is None or self.after is None:
            return None
        return ordinal(self.after) - ordinal(self.before)


@attrs.frozen
class SoloScore:
    table_id: str
    variant: str
    score: float
    finished_at: float


@attrs.frozen
class BestScore:
    game_id: str
    variant: str
    score: float
    table_id: str
    finished_at: float
    games: int
    """Counted solo games of this game and variant."""


def _standing(row: tuple[Any, ...]) -> Standing:
    name, kind, mu, sigma, games, last_played = row
    return Standing(name=name, kind=kind, mu=float(mu), sigma=float(sigma),
                    ordinal=ordinal((float(mu), float(sigma))), games=int(games),
                    last_played=float(last_played))


STANDINGS = ("SELECT players.name, players.kind, mu, sigma, games, last_played"
             " FROM ratings JOIN players ON players.id = ratings.player"
             " WHERE ratings.game_id = ?")


def leaderboard(db: sqlite3.Connection, game_id: str) -> list[Standing]:
    """Every rated person and bot level of the game, highest ordinal first."""
    rows = [_standing(row) for row in db.execute(STANDINGS, (game_id,))]
    return sorted(rows, key=lambda row: (-row.ordinal, -row.games, row.name, row.kind))


def rating(db: sqlite3.Connection, player: str, game_id: str,
           kind: PlayerKind = "person") -> Standing | None:
    """The player's rating in the game; None before their first rated game of it."""
    row = db.execute(STANDINGS + " AND players.name = ? AND players.kind = ?",
                     (game_id, player, kind)).fetchone()
    return None if row is None else _standing(row)


@attrs.frozen
class Place:
    """A person's place in one game: their rating, rank among the people, and the
    level they play like."""

    standing: Standing
    rank: int
    """1: the best rated person of the game."""
    people: int
    plays_like: str | None


def nearest_level(board: list[Standing], target: float) -> str | None:
    """The bot level of `board` whose ordinal is nearest `target` (a person's
    "plays like hard"): one of the levels people choose from (easy ... expert)
    once any is rated, else any rated bot; None while no bot is rated."""
    from gemtable.ai import level_kinds

    bots = [row for row in board if row.kind == "bot"]
    levels = [row for row in bots if row.name in level_kinds()] or bots
    if not levels:
        return None
    return min(levels, key=lambda row: (abs(row.ordinal - target), row.name)).name


def plays_like(db: sqlite3.Connection, game_id: str, target: float) -> str | None:
    return nearest_level(leaderboard(db, game_id), target)


def place(db: sqlite3.Connection, person: str, game_id: str) -> Place | None:
    """The person's place in the game (one read of its leaderboard); None before
    their first rated game of it."""
    board = leaderboard(db, game_id)
    people = [row for row in board if row.kind == "person"]
    mine = next((n for n, row in enumerate(people) if row.name == person), None)
    if mine is None:
        return None
    standing = people[mine]
    return Place(standing, mine + 1, len(people), nearest_level(board, standing.ordinal))


def seat_at(db: sqlite3.Connection, person: str, table_id: str) -> tuple[int, str] | None:
    """The person's seat at a recorded (so finished) table, the best placed of theirs,
    and the table's game id; None if they did not sit there or it is not recorded."""
    row = db.execute(
        "SELECT results.seat, games.game_id FROM results JOIN games ON games.id = results.game"
        " JOIN players ON players.id = results.player"
        " WHERE games.table_id = ? AND players.name = ? AND players.kind = 'person'"
        " ORDER BY results.place, results.seat LIMIT 1", (table_id, person)).fetchone()
    return None if row is None else (int(row[0]), str(row[1]))


def history(db: sqlite3.Connection, person: str) -> list[HistoryEntry]:
    """Every recorded table the person sat at, the newest first."""
    tables = db.execute(
        "SELECT DISTINCT games.id, games.table_id, games.game_id, games.variant,"
        " games.finished_at, games.solo"
        " FROM games JOIN results ON results.game = games.id"
        " JOIN players ON players.id = results.player"
        " WHERE players.name = ? AND players.kind = 'person'"
        " ORDER BY games.finished_at DESC, games.id DESC", (person,)).fetchall()
    return [_entry(db, person, *table) for table in tables]


def _entry(db: sqlite3.Connection, person: str, game_row: int, table_id: str, game_id: str,
           variant: str, finished_at: float, solo: int) -> HistoryEntry:
    seats = db.execute(
        "SELECT players.name, players.kind, results.place, results.score, results.rated,"
        " mu_before, sigma_before, mu_after, sigma_after"
        " FROM results JOIN players ON players.id = results.player"
        " WHERE results.game = ? ORDER BY results.seat", (game_row,)).fetchall()
    theirs = [index for index, seat in enumerate(seats)
              if seat[0] == person and seat[1] == "person"]
    own = min(theirs, key=lambda index: (seats[index][2], index))
    name, kind, place, score, rated, mu_before, sigma_before, mu_after, sigma_after = seats[own]
    return HistoryEntry(
        table_id=table_id, game_id=game_id, variant=variant, finished_at=float(finished_at),
        solo=bool(solo), seat=own, place=int(place), score=float(score), rated=bool(rated),
        before=None if mu_before is None else (float(mu_before), float(sigma_before)),
        after=None if mu_after is None else (float(mu_after), float(sigma_after)),
        others=tuple(SeatLine(player=seat[0], kind=seat[1], place=int(seat[2]),
                              score=float(seat[3]), rated=bool(seat[4]))
                     for index, seat in enumerate(seats) if index != own))


def solo_scores(db: sqlite3.Connection, person: str, game_id: str) -> list[SoloScore]:
    """The person's counted scores in the solo game, the newest first."""
    rows = db.execute(
        "SELECT table_id, variant, score, finished_at FROM solo_scores"
        " JOIN players ON players.id = solo_scores.player"
        " WHERE players.name = ? AND players.kind = 'person' AND game_id = ?"
        " ORDER BY finished_at DESC, game DESC", (person, game_id))
    return [SoloScore(table_id=table_id, variant=variant, score=float(score),
                      finished_at=float(finished_at))
            for table_id, variant, score, finished_at in rows]


def best_scores(db: sqlite3.Connection, person: str) -> list[BestScore]:
    """The person's best solo score per game and variant (higher is better; the
    earliest table that reached it), by game and variant."""
    rows = db.execute(
        "SELECT game_id, variant, score, table_id, finished_at, count(*) OVER"
        " (PARTITION BY game_id, variant), row_number() OVER (PARTITION BY game_id, variant"
        " ORDER BY score DESC, finished_at, game)"
        " FROM solo_scores JOIN players ON players.id = solo_scores.player"
        " WHERE players.name = ? AND players.kind = 'person'"
        " ORDER BY game_id, variant", (person,))
    return [BestScore(game_id=game_id, variant=variant, score=float(score), table_id=table_id,
                      finished_at=float(finished_at), games=int(games))
            for game_id, variant, score, table_id, finished_at, games, rank in rows
            if rank == 1]

"""A served table's finished game as the ladder records it.

Who sat where comes from the table's seat record (`owners`: people by name);
every other seat is a bot, named by its level id as the game log's header
spells its kind ("greedy", "mcts:hard", "rhom"). Places and scores are the
final position's (`ranking`: ties share a place), moves per seat are counted
from the log's actions (undone ones no longer count), and the stand-in moves
are the ones the hub kept in the seat record.

Solo: a table is solo when exactly one of its seats is a player, every other
seat playing one of the game's seat roles (an automaton the rulebook
describes: Iridescia's Rhom deck, whose seat kind the bots map to the "rhom"
role). So Jewel Box at one seat is solo, Iridescia with one explorer and the
Rhom is solo, and the Rhom beside two explorers is not: there the explorers
compete with each other, and the Rhom takes a place among them as a bot.
A solo game's one person keeps a score; nobody is rated on it.

`finished_at` is when the game ended: the log gains no line after its result
line, so the log file's modification time is that moment (now, should the
file not say).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gemtable.ai.base import seat_role
from gemtable.engine.gamelog import GameLogError, LoadedLog
from gemtable.tui.table import HUMAN
from gemtable.tui.table.storage import open_log

from ..store import TableRecord
from .results import FinishedGame, SeatResult


def is_solo(game_id: str, kinds: tuple[str, ...]) -> bool:
    """One player's seat; every other seat an automaton of the game's rules."""
    players = [kind for kind in kinds if kind == HUMAN or seat_role(kind, game_id) is None]
    return len(players) == 1


def moves_per_seat(loaded: LoadedLog) -> list[int]:
    """Actions each seat made (chance steps belong to nobody)."""
    counts = [0] * loaded.header.players
    for before in loaded.states[:len(loaded.actions)]:
        mover: Any = before.to_move
        if isinstance(mover, int) and 0 <= mover < len(counts):
            counts[mover] += 1
    return counts


def ended_at(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return time.time()


def finished_game(record: TableRecord, loaded: LoadedLog,
                  finished_at: float | None = None) -> FinishedGame:
    """The ladder's account of a finished table; ValueError if it is not finished
    or its record does not fit its log."""
    return game_from_log(record.id, loaded, record.owners,
                         stand_ins=record.stand_in_moves, finished_at=finished_at)


def game_from_log(table_id: str, loaded: LoadedLog, owners: Sequence[str | None], *,
                  stand_ins: Sequence[int] | None = None,
                  finished_at: float | None = None) -> FinishedGame:
    """A finished log as the ladder records it, `owners` naming the person at
    each human seat; ValueError if it is not finished or the owners do not fit."""
    header = loaded.header
    final = loaded.final
    if not final.is_over:
        raise ValueError(f"table {table_id}: its game is not over")
    kinds = tuple(header.seats)
    if len(owners) != len(kinds):
        raise ValueError(f"table {table_id}: its seat record does not fit its log")
    scores, places = final.scores(), final.ranking()
    moves = moves_per_seat(loaded)
    stand_ins = stand_ins or [0] * len(kinds)
    seats = []
    for seat, kind in enumerate(kinds):
        owner = owners[seat]
        if kind == HUMAN:
            if not owner:
                raise ValueError(f"table {table_id}: seat {seat + 1} has nobody")
            seats.append(SeatResult(owner, "person", int(places[seat]), float(scores[seat]),
                                    moves=moves[seat],
                                    stand_in_moves=min(stand_ins[seat], moves[seat])
                                    if seat < len(stand_ins) else 0))
        else:
            seats.append(SeatResult(kind, "bot", int(places[seat]), float(scores[seat]),
                                    moves=moves[seat]))
    return FinishedGame(table_id=table_id, game_id=header.game, variant=header.variant,
                        finished_at=ended_at(loaded.path) if finished_at is None
                        else finished_at,
                        seats=seats, solo=is_solo(header.game, kinds))


def load_finished(record: TableRecord, path: Path) -> FinishedGame | None:
    """The finished game of the table whose log is at `path`; None while it is
    not finished. GameLogError or ValueError for a log that cannot be used."""
    loaded = open_log(path)
    if not loaded.finished:
        return None
    return finished_game(record, loaded)


__all__ = ["GameLogError", "finished_game", "game_from_log", "is_solo", "load_finished",
           "moves_per_seat"]

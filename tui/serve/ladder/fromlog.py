"""A local game's finished log as the ladder records it, for `gemtable stats`.

A local log names no people: its header says only which seats were `human`.
Whoever plays on this account is one person, so every human seat is
LOCAL_PLAYER ("you"). A hot-seat game of several people at one terminal is
therefore a self-play game by the ladder's rules (one person at several
seats): recorded, rated for nobody, bots included. A game with one human seat
against bots is rated for "you" and the bot levels; a solo game keeps a score.

The table id is the log file's name (unique in its folder), so a log is
recorded once however often the folder is read; `finished_at` is the file's
modification time, as for a served table.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import attrs

from gemtable.tui.table import HUMAN
from gemtable.tui.table.storage import LOG_SUFFIX, open_log

from .fromtable import GameLogError, game_from_log
from .results import FinishedGame
from .store import Ladder

LOCAL_PLAYER = "you"
"""The name of every human seat of a local log."""

LADDER_FILE = "stats.sqlite"
"""The ladder of local games, kept in the folder of their logs."""


def local_game(path: Path) -> FinishedGame | None:
    """The finished game of the log at `path`; None while it is unfinished.
    GameLogError or ValueError for a log that cannot be used."""
    loaded = open_log(path)
    if not loaded.finished:
        return None
    owners = [LOCAL_PLAYER if kind == HUMAN else None for kind in loaded.header.seats]
    return game_from_log(path.name, loaded, owners)


@attrs.frozen
class Reading:
    """What one reading of a folder of logs added to the ladder."""

    recorded: int
    skipped: int
    """Logs that are unfinished, damaged or unreadable."""


def log_files(folder: Path) -> Iterable[Path]:
    return (path for path in folder.glob(f"*{LOG_SUFFIX}") if path.is_file())


def record_folder(ladder: Ladder, folder: Path) -> Reading:
    """Record every finished log of `folder` the ladder lacks, in the order the
    games ended (a rating follows the games in turn)."""
    found: list[FinishedGame] = []
    skipped = 0
    for path in log_files(folder):
        if ladder.has_table(path.name):
            continue
        try:
            game = local_game(path)
        except (GameLogError, ValueError, OSError):
            game = None
        if game is None:
            skipped += 1
        else:
            found.append(game)
    found.sort(key=lambda game: (game.finished_at, game.table_id))
    recorded = sum(ladder.record(game) for game in found)
    return Reading(recorded=recorded, skipped=skipped)


__all__ = ["LADDER_FILE", "LOCAL_PLAYER", "Reading", "local_game", "record_folder"]

"""`gemtable stats [NAME] [--logs DIR]`: the ladder of the games played here.

Every finished log in the folder (the data folder's games by default) is
recorded once into `stats.sqlite` beside the logs, then the text of
`ssh host stats` is printed for NAME ("you", the name every human seat of a
local log takes: see gemtable.tui.serve.ladder.fromlog).
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

from gemtable.tui.serve.ladder import Ladder, LadderError
from gemtable.tui.serve.ladder.fromlog import LADDER_FILE, LOCAL_PLAYER, record_folder
from gemtable.tui.serve.ladder.text import stats_text
from gemtable.tui.serve.plain import printable
from gemtable.tui.table.storage import games_dir

LOG_NAME_SHOWN = 48
"""Characters of a log's name a history line shows: a whole name as the menu
makes them (`jowhari-20261130-145002-s42.jsonl`)."""


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


def stats_command(name: str | None = None, logs: Path | None = None) -> int:
    folder = games_dir() if logs is None else logs
    shown = printable(str(folder), 200)
    if not folder.is_dir():
        if logs is not None:
            print(f"gemtable stats: there is no folder {shown}", file=sys.stderr)
            return 1
        print("No games played here yet.")
        return 0
    try:
        with Ladder(folder / LADDER_FILE) as ladder:
            reading = record_folder(ladder, folder)
            text = stats_text(ladder, name or LOCAL_PLAYER, id_width=LOG_NAME_SHOWN)
    except (LadderError, OSError, sqlite3.Error) as error:
        print(f"gemtable stats: {printable(str(error), 300)}", file=sys.stderr)
        return 1
    sys.stdout.write(text)
    print(f"From {shown}: {plural(reading.recorded, 'new game')} recorded, "
          f"{plural(reading.skipped, 'log')} skipped (unfinished, damaged or unreadable).")
    return 0

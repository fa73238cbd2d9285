"""Tables back from the data folder when the server starts: every unfinished game
from its log, with its seats, or set aside with a reason when it cannot be."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from gemtable.engine.gamelog import GameLogError
from gemtable.engine.jsonlines import torn_tail
from gemtable.tui.table import Table, TableError
from gemtable.tui.table.storage import open_log

from .store import TableRecord

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("gemtable.serve")


def _torn_tail(path: Path) -> bool:
    """Does the log end in a line cut short (the server stopped while writing it)?
    The rule every JSON Lines reader shares: loading drops that line, resuming cuts
    it off."""
    try:
        return torn_tail(path)
    except OSError:
        return False  # loading it says what is wrong


async def restore_tables(hub: Hub) -> None:
    """Every unfinished table from its log, seats as they were."""
    for record in hub.data.load_records():
        path = hub.data.table_log(record.id)
        if await hub.in_thread(_torn_tail, path):  # reading the log may wait for the disk
            copy = hub.data.keep_copy(record.id)
            log.warning("table %s: the last line of its log was cut off mid-write; play "
                        "resumes before it (the log as it was: %s)", record.id, copy)
            hub.tell_players(record, f"Table {record.id}: the last move before the "
                             "server stopped was not saved whole, so play goes on from "
                             "the move before it.")
        try:
            loaded = await hub.in_thread(open_log, path)
            if loaded.finished:
                hub.ladder.found(record, loaded)  # the ladder records it, once
                continue
            if _unoffered(hub, record, loaded.header.seats):
                continue
            table = Table.from_loaded(loaded, bots=hub.make_bot)
        except (OSError, GameLogError, TableError, ValueError) as error:
            _lost(hub, record, f"its log is damaged ({error})")
            continue
        if len(record.owners) != table.header.players:
            table.close()
            _lost(hub, record, "its seat record does not fit its log")
            continue
        await hub.add_table(record, table)
        log.info("table %s restored at action %d", record.id, table.step)


def _unoffered(hub: Hub, record: TableRecord, seats: tuple[str, ...]) -> bool:
    """Does the table seat an outside program this server does not offer? Then it is
    not resumed (its files stay, for a server that offers it), and nothing runs."""
    unoffered = [(s, kind) for s, kind in enumerate(seats) if not hub.offers(kind)]
    if not unoffered:
        return False
    seat, kind = unoffered[0]
    log.error("table %s not resumed: seat %d is %r, an outside program this server does "
              "not offer (--exec-bot); nothing was run, and its files stay in %s",
              record.id, seat + 1, kind, hub.data.tables)
    hub.tell_players(record, f"Table {record.id} is not open: one of its seats is an "
                     "outside program this server does not offer now. The server's "
                     "operator can tell you more.")
    return True


def _lost(hub: Hub, record: TableRecord, why: str) -> None:
    """A table that cannot be resumed: set aside, logged, and its players told."""
    log.error("table %s not restored: %s; its files are kept in %s", record.id, why,
              hub.data.damaged)
    hub.data.set_aside(record.id)
    hub.tell_players(record, f"Table {record.id} could not be resumed: its saved "
                     "game is damaged. The server's operator has its files.")

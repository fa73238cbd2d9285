"""The server's ladder: one thread of its own, and the finished tables on their way.

The hub records a table when its game ends, and at every start records again
each finished table it finds on disk (recording is idempotent by table id):
a server stopped or killed between a game's last move and its record loses
nothing. A table's files stay on disk after it leaves the lobby, so they are
there to be found. A failure to record (a damaged log, a ladder file that
cannot be used) is logged; it never touches the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from gemtable.ai.review import REVIEW_ITERATIONS
from gemtable.engine.gamelog import LoadedLog

from ..store import TableRecord
from .fromtable import finished_game, load_finished
from .results import FinishedGame
from .reviews import ReviewJobs
from .store import Ladder

if TYPE_CHECKING:
    from ..hubtable import HubTable

log = logging.getLogger("gemtable.serve")

T = TypeVar("T")


class LadderOff(Exception):
    """The server keeps no ladder (`--no-ladder`); the text is for people."""


class LadderKeeper:
    def __init__(self, path: Path, log_of: Callable[[str], Path], *,
                 review_budget: int = REVIEW_ITERATIONS, kept: bool = True) -> None:
        """`kept` False: nothing is recorded and every question is refused (LadderOff)."""
        self.path = path
        self.kept = kept
        self._log_of = log_of
        self.reviews = ReviewJobs(log_of, review_budget)
        """Reviews of people's own seats at recorded tables."""
        """A table id's game log."""
        # SQLite's connection is used only by the thread that opened it, and one
        # writer at a time keeps each rating update from racing another.
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="gemtable-ladder")
        self._ladder: Ladder | None = None
        self._recordings: set[asyncio.Task] = set()
        self._found: list[FinishedGame] = []

    async def call(self, function: Callable[..., T], *args: object) -> T:
        """`function(ladder, *args)` on the ladder's thread (it may wait for the disk)."""
        if not self.kept:
            raise LadderOff("this server keeps no ladder (it was started with --no-ladder)")
        return await asyncio.get_running_loop().run_in_executor(
            self._thread, self._with_ladder, function, args)

    def _with_ladder(self, function: Callable[..., T], args: tuple[object, ...]) -> T:
        if self._ladder is None:  # opened on this thread, the only one that uses it
            self._ladder = Ladder(self.path)
        return function(self._ladder, *args)

    def _close(self) -> None:
        if self._ladder is not None:
            self._ladder.close()
            self._ladder = None

    @property
    def busy(self) -> bool:
        """Finished tables are on their way to the ladder."""
        return bool(self._recordings)

    def _recording(self, work: Coroutine[object, object, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._recordings.add(task)
        task.add_done_callback(self._recordings.discard)

    def found(self, record: TableRecord, loaded: LoadedLog) -> None:
        """A finished table on disk at start: recorded once `record_found` is called."""
        if not self.kept:
            return
        try:
            self._found.append(finished_game(record, loaded))
        except ValueError as error:
            log.error("table %s cannot be recorded on the ladder: %s", record.id, error)

    def record_found(self) -> None:
        found, self._found = self._found, []
        self._recording(self._record_all(found))

    def table_ended(self, table: HubTable) -> None:
        """On the event loop: `table`'s game is over."""
        if not self.kept:
            return
        self._recording(self._record_table(table))

    async def _record_table(self, table: HubTable) -> None:
        try:
            # In the table's order of calls: after the last move's stand-in count.
            game = await table.call(load_finished, table.record, self._log_of(table.id))
        except Exception as error:  # a damaged log: the table itself is as it was
            log.error("table %s cannot be recorded on the ladder: %s", table.id, error)
            return
        if game is None:
            log.error("table %s cannot be recorded on the ladder: its log has no result",
                      table.id)
            return
        await self._record_all([game])

    async def _record_all(self, games: list[FinishedGame]) -> None:
        for game in games:
            try:
                recorded = await self.call(Ladder.record, game)
            except Exception as error:  # the ladder's file or database: never the table
                log.error("table %s could not be recorded on the ladder: %s: %s",
                          game.table_id, type(error).__name__, error)
                continue
            if recorded:
                log.info("table %s recorded on the ladder", game.table_id)

    async def stop(self) -> None:
        self.reviews.stop()
        for task in list(self._recordings):
            task.cancel()  # a game not recorded yet is recorded at the next start
        with contextlib.suppress(Exception):
            await asyncio.get_running_loop().run_in_executor(self._thread, self._close)
        self._thread.shutdown(wait=False)

"""One shared table in the hub: a `Table`, who sits where, who is here, stand-ins.

Everything here runs on the hub's event loop except the `Table` calls, which
go to worker threads one at a time per table (a table call may wait for the
log to reach the disk; the loop must keep serving every other session).

Presence: a seat is "here" while at least one session shows it on a screen.
When its person has been away `stand_in_after` seconds, a bot plays that seat
on its turns, seeing that seat's view only, until the person returns.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TypeVar

from gemtable.engine import SPECTATOR, State
from gemtable.tui.table import (
    HUMAN,
    ActionRejected,
    Connection,
    GameEnded,
    Table,
    ViewUpdated,
    bot_seed,
)

from .protocol import FINISHED, PLAYING, WAITING, SeatInfo, TableInfo
from .store import TableRecord

log = logging.getLogger("gemtable.serve")

T = TypeVar("T")

PLAY_BOT_DELAY = 0.6
"""Seconds a bot move takes at least when people play (as in local play)."""
WATCH_DELAY = 0.8
"""Seconds between moves at a table of bots only."""
STAND_IN_BACKOFF = 2.0
"""Seconds a stand-in waits after its move was refused, doubled at each refusal..."""
STAND_IN_BACKOFF_MAX = 120.0
"""...up to this: a bot that keeps choosing a refused move cannot flood the log."""


class StandIn:
    """The bot playing one absent person's seat: its own connection to the table
    (a move goes in as that seat's), and how long to wait after a refused move."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.connection: Connection | None = None
        self.backoff = 0.0
        self.retry_at = 0.0
        self._refusal: str | None = None

    def heard(self, message: object) -> None:
        """The table's messages for this seat (on the table's thread)."""
        if isinstance(message, ActionRejected):
            self._refusal = message.reason

    def play(self, text: str) -> str | None:
        """On a table thread: submit `text`; None if the table took it, else why not.

        The table answers a refused move at once, on this same thread."""
        assert self.connection is not None
        self._refusal = None
        self.connection.submit(text)
        return self._refusal

    def refused(self) -> None:
        self.backoff = min(STAND_IN_BACKOFF_MAX, max(STAND_IN_BACKOFF, self.backoff * 2))
        self.retry_at = time.monotonic() + self.backoff


class HubTable:
    def __init__(self, record: TableRecord, table: Table, *, loop: asyncio.AbstractEventLoop,
                 threads: Executor, changed: Callable[[], None],
                 choose: Callable[[str, str, int, State], str],
                 stand_in_after: float | None, stand_in_bot: str,
                 save: Callable[[TableRecord], None] | None = None,
                 ended: Callable[[HubTable], None] | None = None) -> None:
        self.id = record.id
        self.record = record
        self.table = table
        self._loop = loop
        self._threads = threads
        self._changed = changed
        self._choose = choose
        self.stand_in_after = stand_in_after
        self.stand_in_bot = stand_in_bot
        self._save = save
        """Writes the seat record (on a worker thread): kept stand-in counts."""
        self._ended = ended
        """Told once the game is over (the ladder records it)."""
        self._order = asyncio.Lock()
        self.presence: dict[object, int] = {}
        """Screens attached per seat (and SPECTATOR)."""
        self._away_since: dict[int, float] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._stand_in_task: asyncio.Task | None = None
        self._stand_ins: dict[int, StandIn] = {}
        self._closed = False
        self._monitor: Connection | None = None
        self.mover: int | None = None
        self.finished_at: float | None = None
        now = time.monotonic()
        for seat in self.human_seats:
            self._away_since[seat] = now
        table.set_delay(PLAY_BOT_DELAY if self.human_seats else WATCH_DELAY)

    # --- facts --------------------------------------------------------------------
    @property
    def human_seats(self) -> tuple[int, ...]:
        return self.table.humans

    @property
    def status(self) -> str:
        if self.table.is_over:
            return FINISHED
        return PLAYING if self.record.started else WAITING

    def open_seats(self) -> tuple[int, ...]:
        return tuple(s for s in self.human_seats if self.record.owners[s] is None)

    def seat_of(self, user: str) -> int | None:
        return next((s for s, owner in enumerate(self.record.owners) if owner == user), None)

    def here(self, seat: int) -> bool:
        return self.presence.get(seat, 0) > 0

    def standing_in(self, seat: int) -> bool:
        """A bot plays `seat` now (its person away too long)."""
        if self.stand_in_after is None or self.status != PLAYING or self.here(seat):
            return False
        since = self._away_since.get(seat)
        return since is not None and time.monotonic() - since >= self.stand_in_after

    @property
    def stand_in_planned(self) -> bool:
        """A bot is due to play, or is playing, the turn of a seat whose person is away."""
        return self._timer is not None or self._stand_in_task is not None

    def info(self) -> TableInfo:
        table = self.table
        state = table.true_state
        seats = tuple(
            SeatInfo(kind, self.record.owners[s] if kind == HUMAN else None,
                     present=kind == HUMAN and self.here(s),
                     stand_in=kind == HUMAN and self.standing_in(s))
            for s, kind in enumerate(table.kinds)
        )
        result = table.result
        return TableInfo(
            id=self.id, game=table.header.game, title=table.game.title,
            variant=table.header.variant, seats=seats, status=self.status,
            created_by=self.record.created_by, step=table.step,
            progress=state.progress() if self.record.started else "",
            mover=state.to_move if isinstance(state.to_move, int) else None,
            watchers=self.presence.get(SPECTATOR, 0),
            winners=tuple(result.winners) if result is not None else (),
            seed=table.header.seed if self.record.seed_chosen or table.is_over else None,
            hints=table.allow_hints,
        )

    # --- running table calls off the loop -------------------------------------------
    async def call(self, function: Callable[..., T], *args: object) -> T:
        """Run a `Table` call on a worker thread, in the order calls were made."""
        async with self._order:
            return await self._loop.run_in_executor(self._threads, function, *args)

    def _on_loop(self, function: Callable[..., object], *args: object) -> None:
        """From a table thread: run `function` on the event loop."""
        if not self._loop.is_closed():
            self._loop.call_soon_threadsafe(function, *args)

    async def open(self) -> None:
        """Watch the table's progress; start play if every seat is taken."""
        self._monitor = await self.call(self.table.connect, SPECTATOR, self._monitor_message)
        if self.record.started:
            await self.call(self.table.start)

    async def start(self) -> None:
        now = time.monotonic()
        for seat in self.human_seats:
            if not self.here(seat):
                self._away_since[seat] = now
        await self.call(self.table.start)
        self._plan_stand_in()  # nobody may come: the first turn is due a stand-in too

    def _monitor_message(self, message: object) -> None:
        if isinstance(message, ViewUpdated | GameEnded):
            self._on_loop(self._progressed, message)

    def _progressed(self, message: object) -> None:
        if isinstance(message, ViewUpdated):
            self.mover = message.to_move
        if isinstance(message, GameEnded):
            self.mover = None
            self.finished_at = time.monotonic()
            if self._ended is not None:
                self._ended(self)
        self._plan_stand_in()
        self._changed()

    # --- presence --------------------------------------------------------------------
    def arrived(self, who: object) -> None:
        self.presence[who] = self.presence.get(who, 0) + 1
        self._plan_stand_in()
        self._changed()

    def left(self, who: object) -> None:
        count = self.presence.get(who, 0) - 1
        if count > 0:
            self.presence[who] = count
        else:
            self.presence.pop(who, None)
            if isinstance(who, int):
                self._away_since[who] = time.monotonic()
        self._plan_stand_in()
        self._changed()

    # --- stand-in bots ---------------------------------------------------------------------
    def _plan_stand_in(self) -> None:
        """(Re)arm the timer for the seat to move, if its person is away."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        seat = self.mover
        if (self._closed or self.stand_in_after is None or seat is None or self.status != PLAYING
                or seat not in self.human_seats or self.here(seat)
                or self._stand_in_task is not None):
            return
        since = self._away_since.setdefault(seat, time.monotonic())
        due = since + self.stand_in_after
        stand_in = self._stand_ins.get(seat)
        if stand_in is not None:
            due = max(due, stand_in.retry_at)  # after a refused move, not at once
        wait = max(0.0, due - time.monotonic())
        self._timer = self._loop.call_later(wait, self._stand_in_due, seat, self.table.step)

    def _stand_in_due(self, seat: int, step: int) -> None:
        self._timer = None
        if self.mover != seat or self.table.step != step or self.here(seat):
            return
        self._changed()  # the seat now shows as played by a bot
        self._stand_in_task = self._loop.create_task(self._stand_in(seat, step))

    async def _stand_in(self, seat: int, step: int) -> None:
        try:
            started = time.monotonic()
            view = self.table.true_state.view(seat)  # that seat's view, nothing more
            seed = bot_seed(self.table.header.seed, seat, step)
            text = await self._loop.run_in_executor(
                None, self._choose, self.stand_in_bot, self.table.header.game, seed, view)
            await asyncio.sleep(max(0.0, self.table.delay - (time.monotonic() - started)))
            if self.table.step != step or self.here(seat) or self.table.is_over:
                return  # they came back, or the position moved on: nothing to play
            stand_in = self._stand_ins.get(seat)
            if stand_in is None:  # each seat's bot plays through a connection of its own
                stand_in = self._stand_ins[seat] = StandIn(seat)
                stand_in.connection = await self.call(self.table.connect, seat, stand_in.heard)
            refusal = await self.call(stand_in.play, text)
            if refusal is None:
                stand_in.backoff = 0.0
                await self._count_stand_in_move(seat)
                log.info("table %s: stand-in %s played %r for seat %d (%s away)", self.id,
                         self.stand_in_bot, text, seat + 1, self.record.owners[seat])
            else:
                stand_in.refused()
                log.warning("table %s: stand-in move %r for seat %d refused: %s; trying again "
                            "in %g s", self.id, text, seat + 1, refusal, stand_in.backoff)
        except Exception:
            log.exception("table %s: the stand-in bot for seat %d failed", self.id, seat + 1)
        finally:
            self._stand_in_task = None
            self._plan_stand_in()

    async def _count_stand_in_move(self, seat: int) -> None:
        """One more move a stand-in made for `seat`, kept in the seat record: the
        ladder does not rate a person on a game a bot played for them."""
        counts = self.record.stand_in_moves or [0] * len(self.record.owners)
        counts[seat] += 1
        self.record.stand_in_moves = counts
        if self._save is None:
            return
        try:
            await self.call(self._save, self.record)
        except OSError as error:  # the move stands; only a restart would lose the count
            log.error("table %s: could not save its seat record (%s)", self.id, error)

    async def close(self) -> None:
        self._closed = True  # no stand-in is planned from now on
        if self._timer is not None:
            self._timer.cancel()
        if self._stand_in_task is not None:
            self._stand_in_task.cancel()
        await self.call(self.table.close)

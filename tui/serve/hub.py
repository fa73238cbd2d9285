"""The table hub: owns every shared table and serves the session processes.

Each SSH session runs the TUI in its own process; that process talks to the
hub over a Unix socket (protocol.py). The hub checks who may do what (only
your own seat's view, spectators the public view), keeps tables and seat
records on disk, and pushes a lobby listing to every session when anything
changes (at most a few times a second).

All hub state lives on the event loop; tables call back from their own
threads through `call_soon_threadsafe`.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import attrs

from gemtable.ai import BotKindError
from gemtable.ai.hints import hints_on_by_default
from gemtable.ai.review import REVIEW_ITERATIONS
from gemtable.engine import registry
from gemtable.tui.table import Table

from . import protocol, wire
from .botpool import BotPool, PooledBot, offered_kinds
from .hubsession import HubSession
from .hubtable import HubTable
from .ladder.keeper import LadderKeeper
from .plain import quoted
from .restore import restore_tables
from .store import DataDir, TableRecord

log = logging.getLogger("gemtable.serve")

T = TypeVar("T")

LOBBY_EVERY = 0.25
"""Seconds between lobby pushes while tables change."""
KEEP_FINISHED = 12
"""Finished tables still listed (and watchable) in the lobby."""
TABLES_PER_PERSON = 4
"""Unfinished tables one person may have made (`--max-tables-per-person`): so that no one
person fills every slot of `--max-tables`, whatever kind of tables they make."""


@attrs.frozen
class HubLimits:
    max_tables: int = 32
    tables_per_person: int = TABLES_PER_PERSON
    """Unfinished tables one person may have made, whoever sits at them."""
    stand_in_after: float | None = 90.0
    stand_in_bot: str = "greedy"
    exec_bots: tuple[str, ...] = ()
    """Outside programs (`exec:` kinds) the operator offers in the lobby's bot list:
    the only ones a table here may seat, since a kind names a command to run."""
    review_budget: int = REVIEW_ITERATIONS
    """Search iterations per decision in a review of a person's own game."""
    ladder: bool = True
    """Record finished tables on the ladder (`--no-ladder`: keep none)."""


class Refused(Exception):
    """A request the hub turns down; the text goes back to the person."""


class Hub:
    def __init__(self, data: DataDir, pool: BotPool, *, limits: HubLimits = HubLimits(),
                 server_name: str = "gemtable") -> None:
        self.data = data
        self.pool = pool
        self.limits = limits
        self.server_name = server_name
        self.tables: dict[str, HubTable] = {}
        self.sessions: set[HubSession] = set()
        self._tokens: dict[str, tuple[str, str | None]] = {}
        self.names_verified = True
        """False on an --open server (the lobby says so)."""
        self._threads = ThreadPoolExecutor(8, thread_name_prefix="gemtable-table")
        self.ladder = LadderKeeper(data.ladder, data.table_log,
                                   review_budget=limits.review_budget, kept=limits.ladder)
        """Ratings and histories: every table whose game ends is recorded there."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.AbstractServer | None = None
        self._lobby_pending = False
        self.notices: dict[str, list[str]] = {}
        """Per user: sentences about their tables to say when they next connect."""
        self.games: tuple[protocol.GameInfo, ...] = ()
        self.invite = "ssh -t -p 2222 HOST join {id}"
        """How people are told to invite others (the server fills in host and port)."""
        self.socket_path = data.socket_path()

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The event loop the hub serves on (from `start` on)."""
        if self._loop is None:
            raise RuntimeError("the hub has not started")
        return self._loop

    async def in_thread(self, function: Callable[..., T], *args: object) -> T:
        """`function(*args)` on one of the tables' worker threads (it may wait for the disk)."""
        return await self.loop.run_in_executor(self._threads, function, *args)

    async def in_ladder(self, function: Callable[..., T], *args: object) -> T:
        """`function(ladder, *args)` on the ladder's own thread."""
        return await self.ladder.call(function, *args)

    # --- life -------------------------------------------------------------------------
    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self.games = self._game_infos()
        await restore_tables(self)
        self.ladder.record_found()
        self.socket_path.unlink(missing_ok=True)
        self._server = await asyncio.start_unix_server(self._serve_session,
                                                       path=str(self.socket_path))
        self.socket_path.chmod(0o600)

    async def stop(self, notice: str = "The server is stopping; your game is saved.") -> None:
        if self._server is not None:
            self._server.close()
        for session in list(self.sessions):
            session.send(protocol.Notice(notice, closing=True))
            session.close()
        for _ in range(100):  # let the sessions detach from their tables
            if not self.sessions:
                break
            await asyncio.sleep(0.02)
        await self.ladder.stop()
        for table in list(self.tables.values()):
            await table.close()
        self._threads.shutdown(wait=False)
        self.socket_path.unlink(missing_ok=True)

    def issue_token(self, user: str, rejoin_code: str | None = None) -> str:
        """A secret the session process presents to be known as `user`."""
        token = secrets.token_urlsafe(24)
        self._tokens[token] = (user, rejoin_code)
        return token

    def revoke_token(self, token: str) -> None:
        self._tokens.pop(token, None)

    # --- tables on disk --------------------------------------------------------------
    def _game_infos(self) -> tuple[protocol.GameInfo, ...]:
        """The games and, for each, the bot kinds offered here: the one list both the
        new-table form (through the welcome) and `create_table` go by."""
        infos = []
        for game in registry.all():
            variants = tuple(protocol.VariantInfo(v.id, v.title,
                                                  tuple(v.players)) for v in game.variants)
            kinds = offered_kinds(game.id, self.limits.exec_bots)
            infos.append(protocol.GameInfo(game.id, game.title, game.min_players, game.max_players,
                                           variants, kinds))
        return tuple(infos)

    def offers(self, kind: str) -> bool:
        """May a seat of this kind sit at a table here? Not an outside program
        (`exec:`) that the operator did not offer: its kind names a command to run."""
        return not kind.startswith("exec:") or kind in self.limits.exec_bots

    def make_bot(self, kind: str, *, game_id: str, seed: int) -> PooledBot:
        """The tables' bot factory: the pool's, refusing any program not offered."""
        if not self.offers(kind):
            raise BotKindError(f"this server offers no outside program {quoted(kind)}")
        return self.pool.make_bot(kind, game_id=game_id, seed=seed)

    def tell_players(self, record: TableRecord, text: str) -> None:
        """Keep `text` for each person of the table, said when they next connect."""
        for user in {*(o for o in record.owners if o), record.created_by}:
            self.notices.setdefault(user, []).append(text)

    def notices_for(self, user: str) -> list[str]:
        """What happened to this person's tables while the server was down (said once)."""
        return self.notices.pop(user, [])

    async def add_table(self, record: TableRecord, table: Table) -> HubTable:
        # Several people at a shared table play each other: no search's help for one.
        table.allow_hints = hints_on_by_default(len(table.humans), shared=True)
        hub_table = HubTable(record, table, loop=self.loop, threads=self._threads,
                             changed=self.lobby_changed, choose=self.pool.choose,
                             stand_in_after=self.limits.stand_in_after,
                             stand_in_bot=self.limits.stand_in_bot,
                             save=self.data.save_record, ended=self.ladder.table_ended)
        self.tables[record.id] = hub_table
        await hub_table.open()
        self.lobby_changed()
        return hub_table

    def active_tables(self) -> list[HubTable]:
        """The tables whose game is not over (waiting or playing)."""
        return [t for t in self.tables.values() if t.status != protocol.FINISHED]

    def _prune_finished(self) -> None:
        finished = sorted((t for t in self.tables.values() if t.status == protocol.FINISHED
                           and not t.presence), key=lambda t: t.finished_at or 0)
        for table in finished[:-KEEP_FINISHED] if len(finished) > KEEP_FINISHED else []:
            del self.tables[table.id]
            self.loop.create_task(table.close())

    # --- requests ----------------------------------------------------------------------
    def table(self, table_id: str) -> HubTable:
        table = self.tables.get(str(table_id).strip().lower())
        if table is None:
            raise Refused(f"there is no table {quoted(table_id)}")
        return table

    # --- sessions ------------------------------------------------------------------------
    async def _serve_session(self, reader: asyncio.StreamReader,
                             writer: asyncio.StreamWriter) -> None:
        session = HubSession(self, reader, writer, self.loop)
        self.sessions.add(session)
        try:
            await session.run()
        finally:
            self.sessions.discard(session)
            await session.detach_all()
            self.lobby_changed()

    def hello(self, token: str) -> tuple[str, protocol.Welcome]:
        entry = self._tokens.get(token)
        if entry is None:
            raise Refused("unknown session")
        user, code = entry
        # Notices ride in the welcome: a Notice sent now would reach the session
        # before its app listens, and be lost.
        return user, protocol.Welcome(user, self.games, self.server_name,
                                      self.limits.stand_in_after,
                                      self.invite, names_verified=self.names_verified,
                                      rejoin_code=code, notices=tuple(self.notices_for(user)))

    def online(self) -> tuple[str, ...]:
        return tuple(sorted({s.user for s in self.sessions if s.user is not None}))

    def lobby(self) -> protocol.LobbyUpdate:
        self._prune_finished()
        order = {protocol.PLAYING: 0, protocol.WAITING: 1, protocol.FINISHED: 2}
        tables = sorted(self.tables.values(), key=lambda t: (order[t.status], t.record.created))
        return protocol.LobbyUpdate(tuple(t.info() for t in tables), self.online())

    def lobby_changed(self) -> None:
        """Something a lobby shows changed: push the listing soon (once per burst)."""
        if self._lobby_pending or self._loop is None:
            return
        self._lobby_pending = True
        self._loop.call_later(LOBBY_EVERY, self._push_lobby)

    def _push_lobby(self) -> None:
        self._lobby_pending = False
        lobby = self.lobby()
        frame = wire.encode(lobby)
        for session in list(self.sessions):
            session.push_lobby(lobby, frame)

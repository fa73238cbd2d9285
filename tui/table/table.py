"""The table: the one object that owns a game in progress.

It holds the true state and the seats, applies actions, plays chance steps
with `chance_rng(seed, step)`, runs bot turns on worker threads, and appends
every action to the game log the moment it is applied. Seats reach it only
through `Connection`s, which carry the messages in `messages.py`; each
connection gets its own seat's view and nothing else.

Every change happens under one lock. Messages are delivered under that lock,
in order, so `deliver` callbacks must not block (Textual's `post_message`
and a queue's `put` are both fine).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gemtable.engine import CHANCE, SPECTATOR, IllegalAction, State, chance_rng, registry
from gemtable.engine.gamelog import GameLogWriter, Header, LoadedLog, mover_label

from . import storage
from .messages import (
    ActionRejected,
    BotFailed,
    BotThinking,
    GameEnded,
    GameResult,
    HistoryEntry,
    PaceChanged,
    SubmitAction,
    TurnStarted,
    ViewUpdated,
    Who,
    history_of,
    history_seen_by,
    seat_label,
)
from .seats import (
    HUMAN,
    BotFactory,
    Connection,
    Deliver,
    TableError,
    bot_seed,
    check_kinds,
    check_seating,
    default_bots,
)

BotWatcher = Callable[[int, object, State], None]
"""Told (seat, bot, the view it was given) when a bot starts to choose, on the
bot's thread: a watching screen hooks its insight in (ai/hints.py `watch`)."""


class Table:
    """A game in progress. Build one with `Table.create` or `Table.resume`."""

    def __init__(self, header: Header, state: State, history: tuple[HistoryEntry, ...],
                 writer: GameLogWriter, *, bots: BotFactory | None = None,
                 delay: float = 0.0, paused: bool = False,
                 states: tuple[State, ...] | None = None, undos: int = 0,
                 allow_undo: bool = False, allow_hints: bool = True) -> None:
        self.header = header
        self.game = registry.get(header.game)
        self.kinds: tuple[str, ...] = header.seats
        self.path = writer.path
        self._state = state
        self._history = history
        self._writer = writer
        self._bots = bots or default_bots()
        self._delay = max(0.0, delay)
        self._paused = paused
        self._permits = 0
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self._connections: list[Connection] = []
        self._started = False
        self._closed = False
        self._kept: dict[int, Any] = {}
        """Per seat, a bot that runs a program (an `exec:` kind), kept for the
        seat's later moves so the program runs once a game, not once a move."""
        self._closing: threading.Thread | None = None
        self._thinking: int | None = None
        self._failure: BotFailed | None = None
        self._result: GameResult | None = None
        self._states: tuple[State, ...] = states if states is not None else (state,)
        """The position before each action of the history, then the current one."""
        assert len(self._states) == len(history) + 1, "one state per action, plus the first"
        self.allow_undo = allow_undo
        """Whether people here may take moves back (tables made on a server say so)."""
        self.allow_hints = allow_hints
        """Whether people here may ask the search for a hint. On by default: a
        table held on this terminal is one person's, or people sharing one
        screen alike; a server turns it off where people play each other."""
        self._bot_watchers: list[BotWatcher] = []
        self._undos = undos
        self._epoch = 0
        """Counts undos: a bot still thinking about a position taken back is ignored."""

    # --- construction -----------------------------------------------------
    @classmethod
    def create(cls, game_id: str, seats: list[str] | tuple[str, ...], *, seed: int,
               variant: str | None = None, log: Path | None = None,
               bots: BotFactory | None = None, delay: float = 0.0,
               allow_undo: bool = False) -> Table:
        """A new game with a fresh log (`log`, or a new file in the data folder);
        `allow_undo` lets its people take moves back (see `undo`)."""
        try:
            game = registry.get(game_id)
        except KeyError as error:
            raise TableError(str(error)) from None
        seats = tuple(seats)
        try:
            chosen = game.default_variant(len(seats)) if variant is None else game.variant(variant)
            state = game.new(len(seats), seed=seed, variant=chosen.id)
        except ValueError as error:
            raise TableError(str(error)) from None
        factory = bots or default_bots()
        check_seating(game_id, seats)
        check_kinds(factory, game_id, seats)
        header = Header(game_id, chosen.id, len(seats), seats, seed)
        path = Path(log) if log is not None else storage.new_log_path(game_id, seed)
        try:
            writer = GameLogWriter(path, header)
        except (OSError, FileExistsError) as error:
            raise TableError(f"{path}: cannot write the game log ({error})") from None
        return cls(header, state, (), writer, bots=factory, delay=delay, allow_undo=allow_undo)

    @classmethod
    def resume(cls, path: Path, *, bots: BotFactory | None = None, delay: float = 0.0,
               allow_undo: bool = False) -> Table:
        """Continue an unfinished log; GameLogError if it is corrupt."""
        loaded = storage.open_log(Path(path))
        if loaded.finished:
            raise TableError(f"{path}: that game is already finished (watch it with replay)")
        return cls.from_loaded(loaded, bots=bots, delay=delay, allow_undo=allow_undo)

    @classmethod
    def from_loaded(cls, loaded: LoadedLog, *, bots: BotFactory | None = None,
                    delay: float = 0.0, allow_undo: bool = False) -> Table:
        history = history_of(loaded.states, loaded.actions)
        factory = bots or default_bots()
        check_kinds(factory, loaded.header.game, loaded.header.seats)
        writer = GameLogWriter.resume(loaded)
        return cls(loaded.header, loaded.final, history, writer, bots=factory, delay=delay,
                   states=loaded.states, undos=loaded.undos, allow_undo=allow_undo)

    # --- what anyone may ask ----------------------------------------------
    @property
    def step(self) -> int:
        """How many actions (chance steps included) have been applied."""
        return len(self._history)

    @property
    def history(self) -> tuple[HistoryEntry, ...]:
        return self._history

    @property
    def true_state(self) -> State:
        """The whole position, hidden parts included: for the owner and tests, never a seat."""
        return self._state

    @property
    def is_over(self) -> bool:
        return self._state.is_over

    @property
    def result(self) -> GameResult | None:
        return self._result

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(s for s, kind in enumerate(self.kinds) if kind == HUMAN)

    @property
    def paused(self) -> bool:
        return self._paused

    @property
    def undos(self) -> int:
        """How many times moves were taken back in this game."""
        return self._undos

    @property
    def delay(self) -> float:
        return self._delay

    def label(self, seat: object) -> str:
        return seat_label(seat, self.kinds)

    def watch_bots(self, watcher: BotWatcher) -> Callable[[], None]:
        """Have `watcher` told of every bot that starts to choose; returns the
        call that stops it. A watcher must not block: the bot waits for it."""
        self._bot_watchers.append(watcher)

        def stop() -> None:
            if watcher in self._bot_watchers:
                self._bot_watchers.remove(watcher)

        return stop

    # --- endpoints --------------------------------------------------------
    def connect(self, who: Who, deliver: Deliver) -> Connection:
        """Attach an endpoint for `who`; it is sent the current position at once."""
        if who is not SPECTATOR and not (isinstance(who, int) and 0 <= who < self.header.players):
            raise ValueError(f"no seat {who!r} at a {self.header.players}-player table")
        connection = Connection(self, who, deliver)
        with self._lock:
            self._connections.append(connection)
            self._send_position(connection)
            connection.deliver(PaceChanged(who, self._paused, self._delay))
            if self._result is not None:
                connection.deliver(GameEnded(who, self._result))
        return connection

    def disconnect(self, connection: Connection) -> None:
        with self._lock:
            connection.open = False
            if connection in self._connections:
                self._connections.remove(connection)

    def handle(self, message: SubmitAction, origin: Connection) -> None:
        """A seat's submission: applied, or answered with ActionRejected and no change."""
        with self._lock:
            reason = self._refusal(message, origin)
            if reason is None:
                try:
                    action = self._state.parse_action(message.action)
                except IllegalAction as error:
                    reason = error.reason
            if reason is not None:
                origin.deliver(ActionRejected(origin.who, message.action, reason))
                return
            self._apply(action)
            self._advance()

    def _refusal(self, message: SubmitAction, origin: Connection) -> str | None:
        if self._closed:
            return "the table is closed"
        if self._state.is_over:
            return "the game is over"
        if not self._started:
            return "the game has not started yet"
        if not isinstance(origin.who, int):
            return "a spectator cannot play"
        if origin.who != message.seat:
            return f"you sit at {self.label(origin.who)}, not {self.label(message.seat)}"
        mover = self._state.to_move
        if self.kinds[message.seat] != HUMAN:
            return f"{self.label(message.seat)} is played by the computer"
        if mover != message.seat:
            return f"it is {self.label(mover)}'s turn"
        return None

    # --- taking moves back ----------------------------------------------------
    def undo_needs_consent(self, seat: int) -> bool:
        """Whether other people play here, so every one of them must agree first."""
        return any(other != seat for other in self.humans)

    def undo_refusal(self, seat: Who) -> str | None:
        """Why `seat` may not take its last move back now; None if it may."""
        with self._lock:
            if self._closed:
                return "the table is closed"
            if self._state.is_over:
                return "the game is over"
            if not isinstance(seat, int) or self.kinds[seat] != HUMAN:
                return "only a person at a seat can take a move back"
            if not self.allow_undo:
                return "undo is off at this table (it was made without undo)"
            if self._failure is not None:
                return f"{self.label(self._failure.mover)} failed: retry it first"
            return self._undo_point(seat)[1]

    def _undo_point(self, seat: int) -> tuple[int, str | None]:
        """The step to go back to (before `seat`'s last move), or why there is none."""
        last = next((entry.n - 1 for entry in reversed(self._history) if entry.mover == seat),
                    None)
        if last is None:
            return -1, "you have made no move yet"
        for step in range(last, self.step):
            state, entry = self._states[step], self._history[step]
            if state.reveals(state.parse_action(entry.action)):
                who = "your" if entry.mover == seat else f"{self.label(entry.mover)}'s"
                what = (f"the chance step ({entry.told or entry.action})" if entry.mover == "chance"
                        else f"{who} move ({entry.told or entry.action})")
                return -1, (f"cannot take your last move back: {what} brought something "
                            "hidden to light")
        return last, None

    def undo(self, seat: int, *, agreed: bool = False) -> str | None:
        """Take back `seat`'s last move and every move after it (the bots'
        replies); None when done, otherwise why not. `agreed` says every other
        person at the table consented (needed when there are others)."""
        with self._lock:
            reason = self.undo_refusal(seat)
            if reason is None and self.undo_needs_consent(seat) and not agreed:
                reason = "every other player at the table must agree to an undo"
            if reason is not None:
                return reason
            back_to, _ = self._undo_point(seat)
            self._writer.undo(seat, back_to)
            self._epoch += 1  # a bot choosing now chooses for a position gone
            self._thinking = None
            self._undos += 1
            self._history = self._history[:back_to]
            self._states = self._states[: back_to + 1]
            self._state = self._states[-1]
            for connection in list(self._connections):
                self._send_view(connection)
            self._changed.notify_all()
            self._advance()
            return None

    # --- running ----------------------------------------------------------
    def start(self) -> None:
        """Begin play (chance steps, the first bot turn); calling it again does nothing."""
        with self._lock:
            if self._started or self._closed:
                return
            self._started = True
            self._advance()

    def close(self) -> None:
        """Stop: bots still thinking are ignored; the log stays, resumable if unfinished."""
        with self._lock:
            self._closed = True
            self._writer.close()
            for connection in self._connections:
                connection.open = False
            self._connections.clear()
            self._changed.notify_all()
        self._close_kept()
        if self._closing is not None:
            self._closing.join()

    def _close_kept(self) -> None:
        """Stop the programs of the bots kept for their seats (outside the lock: a
        program gets a moment to exit by itself)."""
        with self._lock:
            kept, self._kept = list(self._kept.values()), {}
        for bot in kept:
            bot.close()

    def _bot_for(self, mover: int, kind: str, step: int) -> Any:
        """A bot for this decision, seeded for it; a bot that runs a program
        carries on with the program it already runs for this seat."""
        bot = self._bots(kind, game_id=self.header.game,
                         seed=bot_seed(self.header.seed, mover, step))
        if not callable(getattr(bot, "carry_on", None)):
            return bot
        with self._lock:
            kept = self._kept.get(mover)
            if kept is None or kept.kind != kind or self._closed:
                self._kept[mover] = bot
                return bot
        return kept.carry_on(bot)

    def wait_for(self, predicate: Callable[[Table], bool], timeout: float) -> bool:
        """Block until `predicate(table)` holds (checked after every change)."""
        with self._changed:
            return self._changed.wait_for(lambda: predicate(self), timeout)

    # --- bot pacing (the host's controls) -------------------------------
    def set_paused(self, paused: bool) -> None:
        with self._lock:
            self._paused = paused
            self._permits = 0
            self._pace_changed()

    def step_once(self) -> None:
        """Pause, and let exactly one more bot action through."""
        with self._lock:
            self._paused = True
            self._permits += 1
            self._pace_changed()

    def set_delay(self, seconds: float) -> None:
        with self._lock:
            self._delay = max(0.0, seconds)
            self._pace_changed()

    def retry_bot(self) -> bool:
        """Ask a failed bot to choose again; False if no bot has failed."""
        with self._lock:
            failure = self._failure
            if failure is None or self._closed or failure.step != self.step:
                return False
            self._failure = None
            self._start_bot(failure.mover)
            return True

    def _pace_changed(self) -> None:
        for connection in list(self._connections):
            connection.deliver(PaceChanged(connection.who, self._paused, self._delay))
        self._changed.notify_all()

    # --- the core ---------------------------------------------------------
    def _apply(self, action: object, note: str = "") -> None:
        """Apply a legal action: log it first, then move on and tell everyone.
        `note` is added to the move's line in the history (a bot's failure)."""
        before = self._state
        after = before.apply(action)
        self._writer.action(before, action)
        told = before.describe(action, after)
        if note:  # first, so that a line cut to the screen's width still says it
            told = f"{note} — {told or action}"
        entry = HistoryEntry(self.step + 1, mover_label(before), str(action), told,
                             before.secret_action(action))
        self._history = self._history + (entry,)
        self._states = self._states + (after,)
        self._state = after
        for connection in list(self._connections):
            self._send_view(connection)
        self._changed.notify_all()

    def _advance(self) -> None:
        """After a change: play chance steps, then finish or announce the next turn."""
        while self._state.to_move is CHANCE:
            rng = chance_rng(self.header.seed, self.step)
            self._apply(self._state.sample_chance(rng))
        if self._state.is_over:
            self._finish()
            return
        mover = self._state.to_move
        assert isinstance(mover, int), "neither over nor a chance step: a seat moves"
        for connection in list(self._connections):
            self._send_turn(connection)
        if self.kinds[mover] != HUMAN:
            self._start_bot(mover)

    def _finish(self) -> None:
        # Not on this thread, which holds the lock; `close` waits for it.
        self._closing = threading.Thread(target=self._close_kept, name="gemtable-bot-close",
                                         daemon=True)
        self._closing.start()
        self._writer.result(self._state)
        self._writer.close()
        self._result = GameResult.of(self._state, self.kinds, undos=self._undos)
        for connection in list(self._connections):
            connection.deliver(GameEnded(connection.who, self._result))
        self._changed.notify_all()

    def _start_bot(self, mover: int) -> None:
        kind = self.kinds[mover]
        step = self.step
        self._thinking = mover
        view = self._state.view(mover)
        for connection in list(self._connections):
            connection.deliver(BotThinking(connection.who, step, mover, kind))
        worker = threading.Thread(
            target=self._run_bot, args=(step, mover, kind, view, self._epoch),
            name=f"gemtable-bot-seat{mover + 1}", daemon=True,
        )
        worker.start()

    def _current(self, step: int, epoch: int | None = None) -> bool:
        return (not self._closed and self.step == step and self._failure is None
                and (epoch is None or epoch == self._epoch))

    def _run_bot(self, step: int, mover: int, kind: str, view: State, epoch: int = 0) -> None:
        """On a worker thread: choose, wait for the pace, then play (if still current)."""
        started = time.monotonic()
        try:
            bot = self._bot_for(mover, kind, step)
            earlier = len(getattr(bot, "problems", ()))
            for watcher in list(self._bot_watchers):
                watcher(mover, bot, view)
            action = bot.choose(view)
            text = str(action)
            # A bot that had another play for it (an outside program that failed)
            # says so; the log line of the move carries it, for everyone to see.
            problems = tuple(getattr(bot, "problems", ()))[earlier:]
        except Exception as error:  # any bot failure becomes a message, never a crash
            self._bot_failed(step, mover, kind, f"{type(error).__name__}: {error}", epoch)
            return
        with self._changed:
            while self._current(step, epoch):
                if self._paused:
                    if self._permits:
                        self._permits -= 1
                        break
                    self._changed.wait()
                    continue
                remaining = self._delay - (time.monotonic() - started)
                if remaining <= 0:
                    break
                self._changed.wait(remaining)
            if not self._current(step, epoch):
                return
            try:
                action = self._state.parse_action(text)
            except IllegalAction as error:
                self._bot_failed(step, mover, kind, f"chose {text!r}, which is illegal: {error}",
                                 epoch)
                return
            self._thinking = None
            self._apply(action, note=str(problems[-1]) if problems else "")
            self._advance()

    def _bot_failed(self, step: int, mover: int, kind: str, reason: str,
                    epoch: int | None = None) -> None:
        with self._lock:
            if not self._current(step, epoch):
                return
            self._thinking = None
            self._failure = BotFailed(SPECTATOR, step, mover, kind, reason[:200])
            for connection in list(self._connections):
                connection.deliver(BotFailed(connection.who, step, mover, kind, reason[:200]))
            self._changed.notify_all()

    # --- messages for one endpoint --------------------------------------------
    def _send_view(self, connection: Connection) -> None:
        who = connection.who
        mover = self._state.to_move
        legal: tuple[str, ...] = ()
        if (who == mover and not self._state.is_over and isinstance(mover, int)
                and self.kinds[mover] == HUMAN):
            legal = tuple(str(a) for a in self._state.legal_actions())
        to_move = mover if isinstance(mover, int) else None
        # Once the game is over nothing is secret: everyone sees every hand and move.
        if self._state.is_over:
            view, history = self._state, self._history
        else:
            view, history = self._state.view(who), history_seen_by(self._history, who)
        connection.deliver(ViewUpdated(who, self.step, view, to_move, legal, history, self._undos))

    def _send_turn(self, connection: Connection) -> None:
        mover = self._state.to_move
        assert isinstance(mover, int), "turns are announced only for a seat to move"
        connection.deliver(TurnStarted(connection.who, self.step, mover, self._state.turn,
                                       connection.who == mover))

    def _send_position(self, connection: Connection) -> None:
        self._send_view(connection)
        if not self._started or self._state.is_over:
            return
        self._send_turn(connection)
        if self._thinking is not None:
            connection.deliver(BotThinking(connection.who, self.step, self._thinking,
                                           self.kinds[self._thinking]))
        if self._failure is not None:
            f = self._failure
            connection.deliver(BotFailed(connection.who, f.step, f.mover, f.kind, f.reason))

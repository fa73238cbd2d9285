"""The table on screen: status bar, the game's board, key bar.

The screen is one more endpoint of the table: it connects as the local seats,
receives their messages (posted to it from whatever thread the table runs
on), and hands the board the view to draw. It keeps only the last message of
each endpoint; the game itself lives in the table.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Static

from gemtable.engine import SPECTATOR, State

from ..boards.base import Board
from ..table import (
    ActionRejected,
    BotFailed,
    BotThinking,
    Connection,
    GameEnded,
    GameResult,
    PaceChanged,
    TurnStarted,
    ViewUpdated,
)
from ..table.messages import Outbound, Who
from ..table.seats import TableLike
from ..widgets import KeyBar, SizeGuard, StatusBar
from .curtain import CurtainScreen
from .dialogs import ConfirmScreen
from .end import EndChoice, EndScreen
from .hint import HINT_KEY, HintScreen
from .insight import INSIGHT_KEY, InsightFound, InsightPanel, hook
from .legend import WATCH_KEYS, LegendScreen, table_keys
from .log import LogScreen
from .rules import RulesScreen
from .seating import Seating
from .undo import UndoingScreen

SPEEDS = (0.0, 0.1, 0.25, 0.5, 0.8, 1.2, 2.0, 3.0)
"""Seconds between bot moves that +/- step through when watching."""
LEAVE_LOCAL = ("Leave the table? The game is saved and continues with "
               "`gemtable resume` (or Resume in the menu).")
FIXED_KEYS = (("F1", "rules"), ("F2", "legend"), ("F3", "log"), ("q", "quit"))
"""The key bar's right end: the screen's own keys, always shown."""
BANNER_SECONDS = 4.0
"""How long the "your turn" banner stays (it goes at once when the turn is played)."""


class TableEvent(Message):
    """A table message for this screen (posted from the table's thread)."""

    def __init__(self, message: Outbound) -> None:
        super().__init__()
        self.message = message


class GameScreen(UndoingScreen):
    CSS_PATH = "game.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "rules", "Rules"),
        Binding("f2", "legend", "Legend"),
        Binding("f3", "log", "Log"),
        Binding("q", "leave", "Quit"),
        # Watching keys win over the board's own (priority); check_action turns
        # them off at a table with people, where they may be typed into the board.
        Binding("space", "toggle_pause", "Pause", priority=True),
        Binding("n,right", "step", "Step", priority=True),
        Binding("plus,equals_sign", "faster", "Faster", priority=True),
        Binding("minus", "slower", "Slower", priority=True),
        Binding("f", "follow", "Follow", priority=True),
        Binding("r", "retry", "Retry bot", priority=True),
        Binding("e", "results", "Results", priority=True),
        Binding(INSIGHT_KEY, "toggle_insight", "Insight", priority=True),
        # Not a priority: typed into the command line, H is a letter.
        Binding(HINT_KEY, "ask_hint", "Hint"),
        Binding("u", "undo", "Undo"),
    ]

    def __init__(self, table: TableLike, *, from_menu: bool = False,
                 seating: Seating | None = None, announce_turns: bool = False,
                 leave_message: str | None = None) -> None:
        """`table` is a local Table or a proxy of a shared one; a shared table's
        terminal passes its own `seating` (one seat or the public view),
        `announce_turns` (bell and banner when the turn comes to this seat) and
        what leaving the table means there (`leave_message`)."""
        super().__init__()
        self.table = table
        self.from_menu = from_menu
        game = table.game
        self.seating = seating or Seating(table.header.players, table.humans,
                                          game.has_private_views)
        self.announce_turns = announce_turns
        self.leave_message = leave_message or LEAVE_LOCAL
        self._announced = -1
        self._connections: dict[object, Connection] = {}
        self._latest: dict[object, ViewUpdated] = {}
        self._mover: int | None = None
        self._thinking: int | None = None
        self._failure: BotFailed | None = None
        self._paused = table.paused
        self._delay = table.delay
        self._result: GameResult | None = None
        self._curtain_up = False
        self._step = -1
        self._undos = 0
        self._refresh_pending = False
        self._stop_watching: Callable[[], None] | None = None
        self._log_lines: tuple[str, ...] = ()
        """The whole log as the board was last handed it (F3 shows it)."""

    @property
    def drawn_step(self) -> int | None:
        """The table step the screen shows, None while a redraw is still due."""
        return None if self._refresh_pending else self._step

    @property
    def thinking(self) -> int | None:
        """The seat whose bot is choosing now, if any."""
        return self._thinking

    def compose(self) -> ComposeResult:
        yield StatusBar(animate=self.gemtable.spinner, id="status")
        board_class = self.gemtable.board_class(self.table.header.game)
        yield board_class(id="board")
        yield InsightPanel(id="insight")
        yield KeyBar(id="keys")
        yield SizeGuard("table")
        if self.announce_turns:
            yield Static(id="turn-banner")

    def on_mount(self) -> None:
        self._fit_guard()
        for who in self.seating.endpoints():
            self._connections[who] = self.table.connect(who, self._deliver)
        watch_bots = getattr(self.table, "watch_bots", None)
        if self.seating.watching and watch_bots is not None:
            self._stop_watching = watch_bots(
                lambda seat, bot, view: hook(seat, bot, self.post_message))
        self.query_one(InsightPanel).available = watch_bots is not None
        self.table.start()
        self._refresh()

    def on_unmount(self) -> None:
        if self._stop_watching is not None:
            self._stop_watching()
        self.table.close()

    def _deliver(self, message: Outbound) -> None:
        self.post_message(TableEvent(message))

    # --- messages from the table ----------------------------------------
    def on_table_event(self, event: TableEvent) -> None:
        message = event.message
        if isinstance(message, ViewUpdated):
            self._latest[message.seat] = message
            self._thinking = None
            if (message.undos, message.step) >= (self._undos, self._step):
                self._undos, self._step = message.undos, message.step
                self._mover = message.to_move
        elif isinstance(message, TurnStarted):
            self._mover = message.mover
            self._announce(message)
        elif isinstance(message, BotThinking):
            self._thinking = message.mover
            self._failure = None
        elif isinstance(message, BotFailed):
            self._thinking = None
            if self._failure is None:
                self.notify(f"{self.table.label(message.mover)} failed: {message.reason}",
                            severity="error", timeout=6)
            self._failure = message
        elif isinstance(message, ActionRejected):
            self.board.show_error(message.reason)
            self.notify(message.reason, title="Not allowed", severity="warning")
        elif isinstance(message, PaceChanged):
            self._paused, self._delay = message.paused, message.delay
        elif isinstance(message, GameEnded) and self._result is None:
            self._result = message.result
            self._thinking = None
            self.call_after_refresh(self._show_results)
        self._schedule_refresh()

    def _announce(self, message: TurnStarted) -> None:
        """Bell and banner when the turn comes to the seat on screen (shared tables)."""
        if not self.announce_turns or message.step == self._announced:
            return
        mine = (message.your_turn and message.seat == self.seating.shown()
                and message.mover in self.table.humans)
        banner = self.query_one("#turn-banner", Static)
        if not mine:
            banner.display = False
            return
        self._announced = message.step
        self.app.bell()
        banner.update(f"▶ Your turn, {self.table.label(message.mover)}")
        banner.display = True
        self.set_timer(BANNER_SECONDS, lambda: self._hide_banner(message.step))

    def _hide_banner(self, step: int) -> None:
        if self._announced == step:
            self.query_one("#turn-banner", Static).display = False

    def _schedule_refresh(self) -> None:
        """Redraw once for a burst of messages (one change reaches every endpoint)."""
        if not self._refresh_pending:
            self._refresh_pending = True
            self.call_later(self._refresh)

    def lobby_updated(self, update: object) -> None:
        """A shared table's seats changed (someone left or came back): names follow."""
        absorb = getattr(self.table, "lobby_updated", None)
        if callable(absorb):
            absorb(update)
        self._schedule_refresh()

    # --- drawing ----------------------------------------------------------
    def _refresh(self) -> None:
        self._refresh_pending = False
        mover = None if self._result is not None else self._mover
        self.seating.observe(mover)
        curtain_seat = self.seating.curtain_for(mover)
        if curtain_seat is not None and not self._curtain_up:
            self._curtain_up = True
            curtain = CurtainScreen(self.table.label(curtain_seat),
                                    hold=self.gemtable.curtain_hold,
                                    on_rules=self.action_rules, on_leave=self.action_leave)
            self.app.push_screen(curtain,
                                 lambda _: self._curtain_passed(curtain_seat))
        shown = self.seating.shown()
        latest = self._latest.get(shown)
        if latest is not None:
            view = latest.view
            seat = shown if isinstance(shown, int) else None
            legal = self._legal_objects(latest) if seat == latest.to_move else ()
            me = seat if seat in self.table.humans else None  # "You" only for a person here
            history = [entry.line(self.table.kinds, viewer=me) for entry in latest.history]
            self._log_lines = tuple(history)
            self.board.name_seats([self.table.label(s) for s in range(self.table.header.players)])
            self.board.show(view, legal, seat, history)
            self._update_status(latest, shown)
        self.query_one(InsightPanel).draw(self.table.label, self._thinking)
        self._update_keys()

    def _curtain_passed(self, seat: int) -> None:
        self._curtain_up = False
        if self._mover == seat and self._result is None:
            self.seating.unlock(seat)
        self._refresh()

    @staticmethod
    def _legal_objects(latest: ViewUpdated) -> tuple[object, ...]:
        wanted = set(latest.legal)
        return tuple(a for a in latest.view.legal_actions() if str(a) in wanted)

    def _update_status(self, latest: ViewUpdated, shown: Who) -> None:
        status = self.query_one("#status", StatusBar)
        view = latest.view
        parts = [self.table.game.title]
        parts.append(view.progress())
        if self._result is not None:
            parts.append("Game over (e: results)")
        elif self._failure is not None:
            parts.append(f"{self.table.label(self._failure.mover)} failed (r: retry)")
        elif self._mover is not None:
            if self._mover == shown and self._mover in self.table.humans:
                parts.append(f"Your turn, {self.table.label(self._mover)}")
            elif self._thinking is not None and self._paused:
                parts.append(f"{self.table.label(self._mover)} to play")
            elif self._thinking is not None and self._delay > 0:
                # Bot moves are paced: say when the next one comes, not "thinking".
                parts.append(f"{self.table.label(self._mover)}: next move in {self._delay:g} s")
            elif self._thinking is not None:
                parts.append(f"{self.table.label(self._mover)} thinking")
            else:
                parts.append(f"{self.table.label(self._mover)} to play")
        status.left = " · ".join(parts)
        # At 80 columns the title shortens, then gives way: the round and whose
        # turn matter more.
        short = self.table.game.short_title
        rest = " · ".join(parts[1:])
        status.short_left = ((f"{short} · {rest}",) if short else ()) + (rest,)
        status.busy = self._thinking is not None and self._result is None and not self._paused
        status.set_alert(self._failure is not None)
        status.right = self._status_right(shown)

    def _status_right(self, shown: Who) -> str:
        if self.seating.watching:
            pace = "finished" if self._result else "paused" if self._paused else f"{self._delay:g}s"
            seen = f"Seat {shown + 1} view" if isinstance(shown, int) else "public view"
            return f"{pace} · {seen}"
        if self.seating.private:
            return "hot-seat" if shown is SPECTATOR else f"{self.table.label(shown)} view"
        if shown is SPECTATOR:
            return "watching · public view"
        return f"you: {self.table.label(shown)}"

    def _update_keys(self) -> None:
        keys: list[tuple[str, str]] = []
        shown = self.seating.shown()
        if (self._result is None and self._mover == shown and self._mover in self.table.humans):
            keys.extend(self.board.key_help())
        if self.seating.watching and self._result is None:
            keys += [("Space", "play" if self._paused else "pause"), ("n", "step"),
                     ("+/-", "speed"), ("f", "follow"), (INSIGHT_KEY, "insight")]
        if self._failure is not None:
            keys.append(("r", "retry"))
        if self._result is not None:
            keys.append(("e", "results"))
        fixed = list(FIXED_KEYS)
        if self._hint_view() is not None:
            fixed.insert(0, (HINT_KEY, "hint"))
        if self._undo_possible():
            fixed.insert(0, ("u", "undo"))
        self.query_one("#keys", KeyBar).set_keys(keys, fixed)

    # --- the person's input -----------------------------------------------
    def on_board_keys_changed(self, event: Board.KeysChanged) -> None:
        event.stop()
        self._update_keys()

    def on_board_action_chosen(self, event: Board.ActionChosen) -> None:
        event.stop()
        shown = self.seating.shown()
        connection = self._connections.get(shown)
        if connection is None or not isinstance(shown, int):
            self.notify("Nobody at this terminal may act now.", severity="warning")
            return
        connection.submit(str(event.action))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self._undo_seat() is not None and self._result is None
        if action in ("toggle_pause", "step", "faster", "slower", "follow", "toggle_insight"):
            return self.seating.watching and self._result is None
        if action == "retry":
            return self._failure is not None
        if action == "results":
            return self._result is not None
        return True

    # --- hints and insight ---------------------------------------------------
    def _hint_view(self) -> State | None:
        """The view to search for a hint now: the person on screen is to move
        here and the table allows hints; None otherwise."""
        shown = self.seating.shown()
        latest = self._latest.get(shown)
        if (self._result is not None or latest is None or not isinstance(shown, int)
                or shown not in self.table.humans or latest.to_move != shown
                or not latest.legal or not getattr(self.table, "allow_hints", False)):
            return None
        return latest.view

    def action_ask_hint(self) -> None:
        view = self._hint_view()
        if view is None:
            why = ("Hints are off at this table." if not getattr(self.table, "allow_hints", False)
                   else "A hint is for the person to move, on their turn.")
            self.notify(why, title="No hint", severity="warning", timeout=4)
            return
        seat, step = self.seating.shown(), self._step
        assert isinstance(seat, int)
        self.app.push_screen(HintScreen(view, self.table.label(seat)),
                             lambda action: self._play_hint(action, seat, step))

    def _play_hint(self, action: object | None, seat: int, step: int) -> None:
        if action is None:
            return
        connection = self._connections.get(seat)
        if connection is None or self._step != step or self._mover != seat:
            self.notify("The position changed meanwhile: that hint no longer applies.",
                        severity="warning", timeout=4)
            return
        connection.submit(str(action))

    def on_insight_found(self, event: InsightFound) -> None:
        self.query_one(InsightPanel).report(event.seat, event.found)
        self._schedule_refresh()

    def action_toggle_insight(self) -> None:
        panel = self.query_one(InsightPanel)
        panel.display = not panel.display

    def action_rules(self) -> None:
        legend = self.board.legend_markdown()
        if self.seating.watching:
            keys = WATCH_KEYS  # nobody plays from here: the board's keys do nothing
        else:
            keys = self.board.key_reference() + "\n" + table_keys(self._hints_in_points())
        self.app.push_screen(RulesScreen(self.table.game, keys=f"{legend}\n{keys}"))

    def _hints_in_points(self) -> bool:
        """Whether a hint here gives expected points rather than a chance to win."""
        from gemtable.ai.heuristics import heuristic_for
        from gemtable.ai.hints import in_points

        return in_points(heuristic_for(self.table.game.id), self.table.header.players)

    def action_log(self) -> None:
        self.app.push_screen(LogScreen(self.table.game.title, self._log_lines))

    def action_legend(self) -> None:
        if isinstance(self.app.screen, LegendScreen):
            self.app.pop_screen()
            return
        self.app.push_screen(LegendScreen(self.table.game.title, self.board.legend_markdown()))

    def action_toggle_pause(self) -> None:
        self.table.set_paused(not self._paused)

    def action_step(self) -> None:
        self.table.step_once()

    def _speed_index(self) -> int:
        return min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i] - self._delay))

    def action_faster(self) -> None:
        self.table.set_delay(SPEEDS[max(0, self._speed_index() - 1)])

    def action_slower(self) -> None:
        self.table.set_delay(SPEEDS[min(len(SPEEDS) - 1, self._speed_index() + 1)])

    def action_follow(self) -> None:
        self.seating.next_follow()
        self._refresh()

    def action_retry(self) -> None:
        if self.table.retry_bot():
            self._failure = None
            self._refresh()

    def action_results(self) -> None:
        self._show_results()

    def _show_results(self) -> None:
        if self._result is None or isinstance(self.app.screen, EndScreen):
            return
        labels = tuple(self.table.label(s) for s in range(self.table.header.players))
        # Only a log kept on this machine can be reviewed (not a shared table's).
        can_review = getattr(self.table, "path", None) is not None
        self.app.push_screen(EndScreen(self.table.game.title, self._result, labels,
                                       can_review=can_review, seed=self._seed(),
                                       hold=self.gemtable.curtain_hold), self._after_results)

    def _seed(self) -> int | None:
        """The deal's seed, for the end card: a table whose log is kept here knows it."""
        if getattr(self.table, "path", None) is None:
            return None
        seed = getattr(self.table.header, "seed", None)
        return seed if isinstance(seed, int) else None

    def _after_results(self, choice: EndChoice | None) -> None:
        if choice == "quit":
            self.app.exit(0)
        elif choice == "review":
            path = getattr(self.table, "path", None)
            if isinstance(path, Path):
                self.gemtable.open_review(path)
        elif choice == "menu":
            self.gemtable.show_menu()

    def action_leave(self) -> None:
        if self._result is not None:
            self.gemtable.leave_table(self)
            return
        self.app.push_screen(ConfirmScreen(self.leave_message),
                             lambda leave: self.gemtable.leave_table(self) if leave else None)

"""Stepping through a finished (or unfinished) game log, forwards and back."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from gemtable.engine import SPECTATOR, registry
from gemtable.engine.gamelog import LoadedLog

from ..table import history_of, seat_label
from ..widgets import KeyBar, SizeGuard, StatusBar
from .base import BoardScreen
from .legend import REPLAY_KEYS, LegendScreen
from .log import LogScreen
from .rules import RulesScreen
from .seating import Seating


class ReplayScreen(BoardScreen):
    CSS_PATH = "replay.tcss"

    # Priority: stepping through the log wins over any key the board would use.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n", "go(1)", "Next", priority=True),
        Binding("left,p", "go(-1)", "Previous", priority=True),
        Binding("pagedown", "go(10)", "+10", show=False, priority=True),
        Binding("pageup", "go(-10)", "-10", show=False, priority=True),
        Binding("home,g", "first", "First", priority=True),
        Binding("end,G", "last", "Last", priority=True),
        Binding("f", "follow", "Follow", priority=True),
        Binding("a", "show_all", "All hands", priority=True),
        Binding("f1", "rules", "Rules"),
        Binding("f2", "legend", "Legend"),
        Binding("f3", "log", "Log"),
        Binding("q,escape", "leave", "Back"),
    ]

    def __init__(self, loaded: LoadedLog, *, from_menu: bool = False,
                 seat: int | None = None) -> None:
        """`seat`: show that seat's view throughout (a replay of one's own game);
        otherwise a finished game shows everything, an unfinished one the
        public view or a followed seat's."""
        super().__init__()
        self.loaded = loaded
        self.seat = seat
        self.show_all = False
        self.from_menu = from_menu
        self.game = registry.get(loaded.header.game)
        self.kinds = loaded.header.seats
        self.index = 0
        self.seating = Seating(loaded.header.players, (), self.game.has_private_views)
        if seat is not None:
            self.seating.follow = seat
        self.history = history_of(loaded.states, loaded.actions)

    @property
    def last_index(self) -> int:
        return len(self.loaded.states) - 1

    def compose(self) -> ComposeResult:
        yield StatusBar(animate=False, id="status")
        yield self.gemtable.board_class(self.loaded.header.game)(id="board")
        yield KeyBar(id="keys")
        yield SizeGuard("replay")

    def on_mount(self) -> None:
        self._fit_guard()
        for note in self.loaded.warnings:
            self.notify(note, severity="warning", timeout=8)
        self._refresh()

    def _refresh(self) -> None:
        who = self.seating.follow
        state = self.loaded.states[self.index]
        # A finished game hides nothing: its last position shows every hand, and
        # `a` shows them all along (the public view stays the default).
        everything = (self.loaded.finished and self.seat is None and who is SPECTATOR
                      and (self.show_all or self.index == self.last_index))
        view = state if everything else state.view(who)
        lines = [entry.line(self.kinds) for entry in self.history[: self.index]]
        self.board.read_only_words = self._keys_line()
        self.board.name_seats([seat_label(s, self.kinds)
                               for s in range(self.loaded.header.players)])
        self.board.show(view, (), who if isinstance(who, int) else None, lines)
        status = self.query_one("#status", StatusBar)
        last = "start"
        if self.index:
            entry = self.history[self.index - 1]
            last = f"{seat_label(entry.mover, self.kinds)}: {entry.action}"
        # A move is one line of the log (a chance step too); a turn is a seat's
        # whole turn, as the end screen and the arena count them.
        count = (f"move {self.index}/{self.last_index}, "
                 f"turn {state.turn}/{self.loaded.states[-1].turn}")
        status.left = f"Replay · {self.game.title} · {count} · {last}"
        seen = (f"Seat {who + 1} view" if isinstance(who, int)
                else "every hand shown" if everything else "public view")
        status.right = seen if self.loaded.finished else f"{seen} · unfinished"
        self.query_one("#keys", KeyBar).set_keys(
            self._keys(), [("F1", "rules"), ("F2", "legend"), ("F3", "log"), ("q", "back")])

    def _keys_line(self) -> str:
        """The line under the board: the replay's keys in the key bar's words."""
        keys = ", ".join(f"{key} {what}" for key, what in self._keys())
        return f"Replay: {keys}; F3 the log so far. Nothing is played from here."

    def _keys(self) -> list[tuple[str, str]]:
        """The replay's keys, the same on the key bar and the line under the board."""
        keys = [("←→", "step"), ("g/G", "first/last"), *self._more_keys()]
        if self.seat is None:  # with --seat the view stays that seat's
            keys.append(("f", "follow a seat"))
        if self.loaded.finished and self.seat is None:
            keys.append(("a", "all hands"))
        return keys

    def _more_keys(self) -> list[tuple[str, str]]:
        """Keys a screen built on this one adds to the key bar."""
        return []

    def action_go(self, delta: int) -> None:
        self.index = max(0, min(self.last_index, self.index + delta))
        self._refresh()

    def action_first(self) -> None:
        self.index = 0
        self._refresh()

    def action_last(self) -> None:
        self.index = self.last_index
        self._refresh()

    def action_follow(self) -> None:
        if self.seat is not None:
            self.notify(f"This replay keeps to Seat {self.seat + 1}'s view: the moves it "
                        "is about were made from it.")
            return
        self.seating.next_follow()
        self._refresh()

    def action_show_all(self) -> None:
        if not self.loaded.finished or self.seat is not None:
            self.notify("Every hand is shown only in a finished game's replay "
                        "(not in one that keeps to one seat).")
            return
        self.show_all = not self.show_all
        self._refresh()

    def action_rules(self) -> None:
        keys = f"{self.board.legend_markdown()}\n{REPLAY_KEYS}"
        self.app.push_screen(RulesScreen(self.game, keys=keys))

    def action_log(self) -> None:
        """The log up to the position shown (a replay does not tell what comes next)."""
        lines = [entry.line(self.kinds) for entry in self.history[: self.index]]
        self.app.push_screen(LogScreen(self.game.title, lines))

    def action_legend(self) -> None:
        self.app.push_screen(LegendScreen(self.game.title, self.board.legend_markdown()))

    def action_leave(self) -> None:
        self.gemtable.leave_table(self)

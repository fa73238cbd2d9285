"""The Textual application: which screen opens first, and the services screens share
(bots, boards, where to start a table). Screens ask the app; the app owns no game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
from textual.app import App
from textual.screen import Screen

from gemtable.engine.gamelog import GameLogError, LoadedLog

from .boards.base import Board
from .table import Table, TableError
from .table.seats import BotFactory
from .table.storage import open_log

PLAY_BOT_DELAY = 0.6
"""Seconds a bot move takes at least when people play, so they see it happen."""
CURTAIN_HOLD = 0.6
"""Seconds the hot-seat curtain and the end card ignore keys after they rise
(an Enter typed twice on the last move must not skip past them)."""
WATCH_DELAY = 0.8
"""Seconds between moves when only bots play (the watcher changes it with +/-)."""


@attrs.frozen
class StartMenu:
    pass


@attrs.frozen
class StartTable:
    table: Table


@attrs.frozen
class StartReplay:
    loaded: LoadedLog
    seat: int | None = None
    """Show this seat's view throughout (None: everything, once finished)."""


@attrs.frozen
class StartReview:
    loaded: LoadedLog
    path: Path


Start = StartMenu | StartTable | StartReplay | StartReview


def _ai_bot_kinds(game_id: str) -> tuple[str, ...]:
    from gemtable.ai import bot_kinds

    return tuple(bot_kinds(game_id))


def _ai_levels(game_id: str) -> tuple[tuple[str, str], ...]:
    from gemtable.ai import level_kinds
    from gemtable.ai.levels import level_words

    return tuple((level, level_words(level, game_id)) for level in level_kinds())


def _ai_make_bot() -> BotFactory:
    from gemtable.ai import make_bot

    return make_bot


class GemtableApp(App[int]):
    CSS_PATH = "app.tcss"
    TITLE = "gemtable"

    def __init__(
        self,
        start: Start | None = None,
        *,
        bot_kinds: Callable[[str], tuple[str, ...]] | None = None,
        levels: Callable[[str], tuple[tuple[str, str], ...]] | None = None,
        make_bot: BotFactory | None = None,
        board_class: Callable[[str], type[Board]] | None = None,
        animate: bool = True,
        menu_seed: int | None = None,
        bot_delay: float = PLAY_BOT_DELAY,
        watch_delay: float = WATCH_DELAY,
        curtain_hold: float = CURTAIN_HOLD,
        review_options: dict[str, Any] | None = None,
    ) -> None:
        super().__init__()
        self.start = start or StartMenu()
        self._bot_kinds = bot_kinds or _ai_bot_kinds
        self._levels = levels or _ai_levels
        self._make_bot = make_bot
        self._board_class = board_class
        self.spinner = animate
        """Whether the status bar spinner turns (Textual's own `animate` is a method)."""
        self.menu_seed = menu_seed
        self.bot_delay = bot_delay
        self.watch_delay = watch_delay
        self.curtain_hold = curtain_hold
        self.review_options = review_options or {}
        """Passed to every review screen (a budget, workers: tests keep them small)."""

    # --- services for the screens ---------------------------------------
    @property
    def make_bot(self) -> BotFactory:
        if self._make_bot is None:
            self._make_bot = _ai_make_bot()
        return self._make_bot

    def kinds_for(self, game_id: str) -> tuple[str, ...]:
        """Bot kinds for the menu; none (people only) if the bots cannot be listed."""
        try:
            return self._bot_kinds(game_id)
        except Exception as error:  # the menu must open even if the bots are broken
            self.notify(f"Bots unavailable: {error or type(error).__name__}", severity="error")
            return ()

    def levels(self, game_id: str) -> tuple[tuple[str, str], ...]:
        """(level, one line on how it plays in `game_id`) for the menu, easiest
        first; none if unavailable."""
        try:
            return self._levels(game_id)
        except Exception:  # the menu must open even if the bots are broken
            return ()

    def board_class(self, game_id: str) -> type[Board]:
        if self._board_class is not None:
            return self._board_class(game_id)
        from .boards import board_for

        return board_for(game_id)

    # --- screens ----------------------------------------------------------
    def on_mount(self) -> None:
        from .screens.game import GameScreen
        from .screens.replay import ReplayScreen

        start = self.start
        if isinstance(start, StartTable):
            self.push_screen(GameScreen(start.table))
        elif isinstance(start, StartReplay):
            self.push_screen(ReplayScreen(start.loaded, seat=start.seat))
        elif isinstance(start, StartReview):
            from .screens.review import ReviewScreen

            self.push_screen(ReviewScreen(start.loaded, start.path, **self.review_options))
        else:
            self.push_screen(self._new_menu())

    def _new_menu(self) -> Screen:
        from .screens.menu import MenuScreen

        return MenuScreen(seed=self.menu_seed)

    def show_menu(self) -> None:
        """Back to the menu: the one underneath if there is one, else a new one."""
        from .screens.menu import MenuScreen

        if any(isinstance(s, MenuScreen) for s in self.screen_stack):
            while not isinstance(self.screen, MenuScreen):
                self.pop_screen()
        else:
            self.switch_screen(self._new_menu())

    def leave_table(self, screen: Screen) -> None:
        """A game or replay screen is done: back to the menu it came from, or exit."""
        if getattr(screen, "from_menu", False):
            self.show_menu()
        else:
            self.exit(0)

    def _open_table(self, table: Table) -> None:
        from .screens.game import GameScreen

        table.set_delay(self.bot_delay if table.humans else self.watch_delay)
        self.push_screen(GameScreen(table, from_menu=True))

    def start_table(self, game_id: str, seats: list[str], *, seed: int,
                    variant: str | None = None) -> None:
        try:
            table = Table.create(game_id, seats, seed=seed, variant=variant, bots=self.make_bot,
                                 allow_undo=True)
        except TableError as error:
            self.notify(str(error), title="Cannot start", severity="error")
            return
        self._open_table(table)

    def resume_table(self, path: Path) -> None:
        try:
            table = Table.resume(path, bots=self.make_bot, allow_undo=True)
        except (GameLogError, TableError) as error:
            self.notify(str(error), title="Cannot resume", severity="error", timeout=10)
            return
        self._open_table(table)

    def open_review(self, path: Path) -> None:
        """The review of the finished game in `path`, over whatever is on screen."""
        from .screens.review import ReviewScreen

        try:
            loaded = open_log(path)
        except GameLogError as error:
            self.notify(str(error), title="Cannot open", severity="error", timeout=10)
            return
        self.push_screen(ReviewScreen(loaded, path, over=True, **self.review_options))

    def open_replay(self, path: Path) -> None:
        from .screens.replay import ReplayScreen

        try:
            loaded = open_log(path)
        except GameLogError as error:
            self.notify(str(error), title="Cannot open", severity="error", timeout=10)
            return
        self.push_screen(ReplayScreen(loaded, from_menu=True))

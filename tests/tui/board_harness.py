"""The host app of the board tests: one board between a status row and a key row,
as the game screen lays it out, shown a real position; keys in, ActionChosen out.

Each game's board tests subclass `BoardApp` with their board, the ids of its
prompt (and detail) lines, and what to do with a posted action when a test
plays it on the true state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.widgets import Static
from tui_support import render_text

from gemtable.engine import SPECTATOR
from gemtable.tui.boards.base import Board


class BoardApp(App):
    """The board between a status row and a key row; every posted action is kept in `chosen`."""

    CSS = "#top, #bottom { height: 1; }"
    board_type: ClassVar[type[Board[Any]]]
    prompt_id: ClassVar[str]
    detail_id: ClassVar[str | None] = None

    def __init__(self, state: Any, seat: int | None = None, *, read_only: bool = False,
                 history: Sequence[str] = ()) -> None:
        super().__init__()
        self.state = state
        self.seat = self.first_seat(state) if seat is None and not read_only else seat
        self.read_only = read_only
        self.history = history
        self.chosen: list[object] = []

    def first_seat(self, state: Any) -> int | None:
        """The seat at the keyboard when a test names none: the one whose turn it is."""
        return state.current

    def compose(self) -> ComposeResult:
        yield Static("status", id="top")
        yield self.board_type(id="board")
        yield Static("keys", id="bottom")

    @property
    def board(self) -> Any:
        return self.query_one(self.board_type)

    def on_mount(self) -> None:
        self.redraw()
        self.board.focus()

    def redraw(self) -> None:
        seat = self.seat
        view = self.state.view(SPECTATOR if seat is None else seat)
        mine = not self.read_only and seat == self.state.to_move
        legal = self.state.legal_actions() if mine else ()
        self.board.show(view, legal, seat, tuple(self.history))

    def on_board_action_chosen(self, event: Board.ActionChosen) -> None:
        self.chosen.append(event.action)
        self.after_choice(event.action)

    def after_choice(self, action: object) -> None:
        """What the table does with a posted action: here nothing, the test looks at it."""

    def prompt(self) -> str:
        return str(self.query_one(self.prompt_id, Static).content)

    def detail(self) -> str:
        assert self.detail_id is not None, f"{type(self).__name__} has no detail line"
        return str(self.query_one(self.detail_id, Static).content)


async def run(app: BoardApp, *keys: str, size: tuple[int, int] = (80, 24)) -> Any:
    """Mount the app, press the keys, and keep what the screen and the board said
    (`screen_text`, `final_prompt`, `final_detail`, `final_cursor`) for after it closes."""
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        result: Any = app
        result.screen_text = render_text(app)
        result.final_prompt = app.prompt()
        if app.detail_id is not None:
            result.final_detail = app.detail()
        result.final_cursor = getattr(app.board, "cursor", None)
    return app


async def tries(app: BoardApp, *sequences: Sequence[str]) -> list[tuple[list[object], str]]:
    """Each key sequence typed on one mounted board from a clean slate: what it
    posted and the message it left. One app for several tries keeps the files fast;
    between tries the position is shown read-only and then again, which (like any
    new position) clears what was chosen and lets the board act again."""
    results = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for keys in sequences:
            before = len(app.chosen)
            await pilot.press(*keys)
            await pilot.pause()
            results.append((app.chosen[before:], app.prompt()))
            await pilot.press("escape")  # closes the command line if a try opened it
            app.board.show(app.state.view(app.seat), (), app.seat)
            app.redraw()
    return results


def typed(text: str) -> list[str]:
    """The keys that type `text` on a board's command line."""
    return ["space" if ch == " " else ch for ch in text]

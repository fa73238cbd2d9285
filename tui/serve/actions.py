"""The Textual actions a person on a server may run: an allow-list.

Textual's App, Screen and widgets carry actions nobody here needs, some of
which reach the server's disk or process (a screenshot, suspending the
session), change the app's own attributes (`toggle`) or tear the screen
stack apart (`pop_screen`, `back`, `switch_screen`). A key binding or a
markup link may name any of them, so the served app runs only those listed
here: what its own screens and widgets bind to keys, and nothing else. A
board's keys are its own declared keys (BoardKey), read from the board.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from textual.actions import parse
from textual.app import App
from textual.dom import DOMNode

if TYPE_CHECKING:
    from ..boards.base import Board

APP_ACTIONS = frozenset({
    "quit",  # Ctrl+Q: leave, as q does in the lobby (with the same goodbye)
    "help_quit",  # Ctrl+C: says which key quits
    "focus_next", "focus_previous",  # Tab, Shift+Tab, ↑↓ between the form's rows
})
"""Actions run on the app itself."""

SCREEN_ACTIONS = frozenset({
    # the lobby, the new-table form, the waiting room
    "watch", "create", "join", "stand_up", "cancel_table", "rules", "quit_app", "cancel", "back",
    # the game screen and the screens it opens (rules, legend, log, hints, results, yes/no)
    "leave", "legend", "log", "toggle_pause", "step", "faster", "slower", "follow", "retry",
    "results", "toggle_insight", "ask_hint", "undo", "close", "choose", "review", "answer",
    "copy_seed",
    # the ladder: leaderboards, one's history, and a finished table's replay and review
    "leaderboard", "history", "other_game", "review_moves", "go", "first", "last", "show_all",
    "mistake",
    # Textual's screen: copy the selected text to the person's own clipboard
    "copy_text",
})
"""Actions run on a screen."""

WIDGET_ACTIONS = frozenset({
    # the move line under a board, the new-table form's choices, buttons
    "close", "move", "press",
    # text inputs (a table id, a move, a seed)
    "submit", "cursor_left", "cursor_right", "cursor_left_word", "cursor_right_word", "home",
    "end", "delete_left", "delete_right", "delete_left_word", "delete_right_word",
    "delete_left_all", "delete_right_all", "select_all", "copy", "cut", "paste",
    # lists and scrolling panes
    "cursor_up", "cursor_down", "first", "last", "select", "page_up", "page_down", "page_left",
    "page_right", "scroll_up", "scroll_down", "scroll_left", "scroll_right", "scroll_home",
    "scroll_end",
})
"""Actions run on a widget other than a board."""


def allowed(target: DOMNode, name: str) -> bool:
    """May an action called `name` run on `target` (the node it was resolved to)?"""
    from textual.screen import Screen

    from ..boards.base import Board

    if isinstance(target, App):
        return name in APP_ACTIONS
    if isinstance(target, Screen):
        return name in SCREEN_ACTIONS
    if isinstance(target, Board):
        return name in board_actions(type(target))
    return name in WIDGET_ACTIONS


@cache
def board_actions(board: type[Board]) -> frozenset[str]:
    """A board's actions: those of the keys it declares (each game's keys.py), and no
    other; Textual's own, on a board as anywhere, are not among them."""
    return frozenset(parse(key.action)[1] for key in board.board_keys())

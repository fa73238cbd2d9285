"""The contract between a game screen and a game's board widget.

"Attributes down, messages up": the screen hands the board a view (what the
local seat may know) and the legal actions; the board draws them and posts
ActionChosen when the person at the keyboard picks one. A board keeps no game
state of its own beyond the last view it was shown.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from pathlib import Path

from textual.message import Message
from textual.widget import Widget

from gemtable.engine import State


class Board(Widget, can_focus=True):
    """Base class of every game board."""

    class ActionChosen(Message):
        """The person picked `action` (one of the legal actions last shown)."""

        def __init__(self, action: object) -> None:
            super().__init__()
            self.action = action

    class KeysChanged(Message):
        """The board's own keys changed without a new position (a tool picked
        up, a choice cancelled): the screen redraws its key bar."""

    def show(
        self,
        view: State,
        legal: Sequence[object],
        seat: int | None,
        history: Sequence[str] = (),
    ) -> None:
        """Redraw for `view`.

        `legal` is empty unless the person at this keyboard is to act now;
        `seat` is the seat whose view this is (None for a spectator);
        `history` is the action log, oldest first, one line per action.
        """
        raise NotImplementedError

    def key_help(self) -> Sequence[tuple[str, str]]:
        """(key, what it does) pairs for the footer and the help screen."""
        return ()

    @classmethod
    def key_reference(cls) -> str:
        """Every key of this board, as Markdown for the help screen: the
        `keys.md` file beside the board's module, or nothing."""
        keys = Path(inspect.getfile(cls)).with_name("keys.md")
        try:
            return keys.read_text(encoding="utf-8")
        except OSError:
            return ""

"""The board's other inputs: clicks on squares, and actions typed in notation.

A mixin of JewelBoxBoard, kept apart so each module stays short; it works on
the board's own fields (cursor, message, view) and its acting methods.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.widgets import Input

from gemtable.engine import IllegalAction
from gemtable.engine.core import normalise_text
from gemtable.engine.games.jewelbox import actions
from gemtable.engine.games.jewelbox.board import square_name
from gemtable.engine.games.jewelbox.boxes import family_on
from gemtable.engine.games.jewelbox.components import EMPTY, NAMES
from gemtable.engine.games.jewelbox.state import JewelBoxState

from ..base import Board
from .boxes import BoxesView
from .cursor import Square


class MouseAndTyping(Board[JewelBoxState]):
    """Mouse picks and the `:` command line of the Jewel Box board."""

    if TYPE_CHECKING:  # what the board provides
        _cursor: Square
        _look: int | None

        def _featured(self) -> int: ...
        def _enter(self) -> None: ...

    def on_boxes_view_picked(self, event: BoxesView.Picked) -> None:
        event.stop()
        self.focus()
        if event.seat != self._featured():
            self._look = event.seat
        again = event.square == self._cursor
        self._cursor = event.square
        self._message = None
        if (event.chain >= 2 or again) and not self._blocked():
            self._enter()
        else:
            self._redraw()

    def _submit(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        blocked = self._blocked()
        if blocked or self._view is None:
            self._say(blocked)
            return
        if not text:
            self._close_command()
            return
        try:
            action = self._view.parse_action(text)
        except IllegalAction as error:
            shortcut = forceps_shortcut(self._view, self._legal, text)
            if shortcut is None or isinstance(shortcut, str):
                self._say(f"{text}: {shortcut or error.reason}")
                return
            action = shortcut
        self._close_command()
        self._play(action)


def forceps_shortcut(view: JewelBoxState, legal: Sequence[object],
                     text: str) -> actions.Swap | str | None:
    """A typed `swap b2 c4` while the Forceps could be taken up: the board
    takes them up first, as it does for the key gesture. A swap that would
    then be refused gives its reason instead (a str), so a typing slip never
    spends the tool; None when the text is no such swap."""
    swap = view.parse_syntax(normalise_text(text))
    if not isinstance(swap,
                      actions.Swap) or swap.first == swap.second or actions.FORCEPS not in legal:
        return None
    seat = view.current
    families = [family_on(view, seat, *square) for square in (swap.first, swap.second)]
    for square, family in zip((swap.first, swap.second), families, strict=True):
        if family == EMPTY:
            return f"{square_name(*square)} is empty: Forceps move beetles already in your box"
    if families[0] == families[1]:
        return f"both are {NAMES[families[0]]}s: pick beetles of two families"
    return swap


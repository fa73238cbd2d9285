"""The glue of a board whose keys put an action together step by step (a
draft: dice picked, a city chosen, cards to forge), which Enter then plays.

Marylia and Workbench work this way. Each keeps its key logic as pure
functions over a `DraftContext` (the last view and legal actions) that give an
`Outcome`; the board here turns keys into those calls, looks around while the
person cannot act, and says what happened on the prompt line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

import attrs
from rich.text import Text
from textual.actions import SkipAction

from gemtable.engine import State

from .base import Board, BoardKey
from .layout import BOLD, DIM, GOOD, WARN, span

S = TypeVar("S", bound=State[Any])
D = TypeVar("D")
"""The game's Draft: what the keys have chosen so far."""
K = TypeVar("K")


@attrs.frozen
class DraftContext(Generic[S]):
    """The last view and legal actions, as a game's pure key functions take them."""

    view: S
    legal: tuple[object, ...]

    def of(self, kind: type[K]) -> list[K]:
        """The legal actions of one kind, in the engine's order."""
        return [action for action in self.legal if isinstance(action, kind)]


@attrs.frozen
class Outcome(Generic[D]):
    """What one key did: the draft and cursor after it, and a word about it."""

    draft: D
    cursor: int
    message: str = ""


def press_key(key: str, words: str = "", *, key_display: str | None = None,
              modes: tuple[str, ...] = (), doc_when: str = "", doc_keys: str = "",
              doc: str = "", doc_rank: int = 0) -> BoardKey:
    """A key of a drafting board: every one goes to `DraftingBoard.action_press`
    (shown in the key bar only when it has words)."""
    return BoardKey(key, f"press('{key}')", words, show=bool(words), key_display=key_display,
                    modes=modes, doc_when=doc_when, doc_keys=doc_keys, doc=doc,
                    doc_rank=doc_rank)


def preview_line(line: Text, result: object, consequence: Callable[[object], Text]) -> Text:
    """`line` (what is chosen so far) followed by what the draft lacks, when
    `result` says so in words, or else `Enter: ` the action and what it does."""
    if isinstance(result, str):
        line.append(result, WARN)
        return line
    line.append("Enter: ", GOOD)
    line.append(str(result), BOLD)
    line.append_text(consequence(result))
    return line


class DraftingBoard(Board[S], Generic[S, D]):
    """A board whose declared keys all go through `_press`, and whose Enter
    plays the action drafted so far (`_drafted`).

    A game's board gives its empty draft (`_no_draft`), what a key does to the
    draft (`_step`), how the cursor looks around while the person cannot act
    (`_look`), the prompt line's hint (`_hint`) and the action drafted.
    """

    ACTION_CHARS: ClassVar[str] = ""
    """Keys that act on the game; read-only, they say why they cannot."""

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._draft: D = self._no_draft()
        self._cursor = 0

    # --- what a game's drafting board provides ------------------------------------
    def _no_draft(self) -> D:
        """The draft with nothing chosen."""
        raise NotImplementedError

    def _step(self, key: str, char: str) -> Outcome[D] | None:
        """What one key does to the draft while the person may act; None if it
        means nothing now."""
        return None

    def _look(self, key: str, char: str) -> bool:
        """While the person cannot act: move the cursor if the key looks around
        (True), else leave it (False)."""
        return False

    def _hint(self) -> Text:
        """The prompt line while the person may act and nothing else is said."""
        return Text()

    def _drafted(self) -> object | str:
        """The action the keys have put together, or why there is none yet."""
        return "nothing chosen yet"

    # --- the prompt line ----------------------------------------------------------
    def _prompt(self) -> Text:
        if self._message is not None:
            return self._message
        blocked = self._blocked()
        if blocked:
            return span(blocked, DIM)
        return self._hint()

    def _say(self, words: str) -> None:
        self._message = span(words, WARN)
        self._redraw()

    def _clear_message(self) -> None:
        self._message = None
        self._redraw()

    # --- acting -------------------------------------------------------------------
    def _play(self, action: object) -> None:
        """Post `action` (already checked legal) and wait for the next view."""
        if self._hold_for_enter(action):
            return
        self._sent = True
        self._draft = self._no_draft()
        self._message = span(f"played: {action}", GOOD)
        self._redraw()
        self.post_message(self.KeysChanged())
        self.post_message(self.ActionChosen(action))

    def _enter(self) -> None:
        blocked = self._blocked()
        if blocked:
            self._say(blocked)
            return
        result = self._drafted()
        if isinstance(result, str):
            self._say(result)
        else:
            self._play(result)

    # --- keys ---------------------------------------------------------------------
    def action_press(self, key: str) -> None:
        """Every declared key: what it does depends on the stage (`_press`)."""
        char = key if len(key) == 1 else ":" if key == "colon" else ""
        if not self._press(key, char):
            raise SkipAction()  # nothing to do here: the screen and the app may take it

    def _handle(self, key: str, char: str) -> bool:
        """What bindings cannot say: a word about printable keys that do nothing."""
        if char and key not in self.screen.active_bindings:
            blocked = self._blocked()
            self._say(f"{char!r} does nothing here. {blocked}" if blocked else
                      f"{char!r} does nothing here; the key bar and F1 list the keys")
            return True
        return False

    def _press(self, key: str, char: str) -> bool:
        """Act on one key; False leaves it to the screen and the app."""
        if char == ":":
            self._open_command()
            return True
        if key == "enter":
            self._enter()
            return True
        blocked = self._blocked()
        if blocked:
            return self._browse(key, char, blocked)
        before = self.key_modes()
        outcome = self._step(key, char)
        if outcome is None:
            if key == "escape" and self._message is not None:
                self._clear_message()
            elif char and not self._bound_elsewhere(key):
                self._say(f"{char!r} does nothing here; the key bar and F1 list the keys")
            else:
                return False
            return True
        self._draft, self._cursor = outcome.draft, outcome.cursor
        self._message = span(outcome.message, WARN) if outcome.message else None
        self._redraw()
        if self.key_modes() != before:
            self.post_message(self.KeysChanged())  # Esc and Backspace now undo a choice
        return True

    def _browse(self, key: str, char: str, blocked: str) -> bool:
        """Read-only: the cursor still looks around; action keys say why not."""
        if self._look(key, char):
            self._clear_message()
        elif char and char in self.ACTION_CHARS or key == "backspace":
            self._say(blocked)
        elif key == "escape" and self._message is not None:
            self._clear_message()
        elif char and not self._bound_elsewhere(key):
            self._say(f"{char!r} does nothing here. {blocked}")
        else:
            return False
        return True

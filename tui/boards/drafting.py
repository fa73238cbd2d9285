"""The glue of a board whose keys put an action together step by step (a
draft: dice picked, a city chosen, cards to forge), which Enter then plays."""

from __future__ import annotations

from textual.actions import SkipAction

from .base import Board


class DraftingBoard(Board):
    """A board whose declared keys all go through `_press`, and whose Enter
    plays the action drafted so far (`_drafted`)."""

    def _press(self, key: str, char: str) -> bool:
        """Act on one key; False leaves it to the screen and the app."""
        return False

    def _drafted(self) -> object | str:
        """The action the keys have put together, or why there is none yet."""
        return "nothing chosen yet"

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

"""Taking a move back at a table where several people play on one terminal.

The move taken back is the last one a person made; whoever has the screen
(the person to move) asks for it, and every other person answers in turn,
each by name. With hidden hands each question covers the board, since the
hand on screen belongs to the one asking, not to the one answering.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from gemtable.engine import SPECTATOR

from ..table.messages import HistoryEntry, Who


@attrs.frozen
class UndoRequest:
    """Who asks, whose move goes, and who must agree first."""

    asker: int
    move: HistoryEntry
    """The move taken back, as everyone may read it."""
    after: int
    """Moves after it (bots' replies, other people's moves) that go with it."""
    voters: tuple[int, ...]
    """The other people at the table, asked in seat order."""

    @property
    def owner(self) -> int:
        assert isinstance(self.move.mover, int)
        return self.move.mover

    def request(self, label: Callable[[object], str]) -> str:
        """The request, in words: "Seat 2 asks to take back Seat 1's move 12 (take WW)"."""
        whose = "their" if self.owner == self.asker else f"{label(self.owner)}'s"
        told = self.move.told or self.move.action
        also = ("" if not self.after else " and the move after it" if self.after == 1
                else f" and the {self.after} moves after it")
        return f"{label(self.asker)} asks to take back {whose} move {self.move.n} ({told}){also}."

    def question(self, voter: int, label: Callable[[object], str]) -> str:
        return f"{self.request(label)}\n\n{label(voter)}, do you agree?"


def undo_request(history: Sequence[HistoryEntry], humans: Sequence[int],
                 shown: Who) -> UndoRequest | None:
    """The request `u` makes at a table of several people, None if no person
    has moved yet. The asker is the person on screen when it is a person's
    seat (the one to move); otherwise the owner of the move asks."""
    index = next((i for i in range(len(history) - 1, -1, -1)
                  if history[i].mover in humans), None)
    if index is None:
        return None
    move = history[index].seen_by(SPECTATOR)
    owner = move.mover
    assert isinstance(owner, int)
    asker = shown if isinstance(shown, int) and shown in humans else owner
    voters = tuple(seat for seat in sorted(humans) if seat != asker)
    return UndoRequest(asker, move, len(history) - index - 1, voters)

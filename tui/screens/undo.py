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

from ..boards.command_line import CommandLine
from ..table import GameResult
from ..table.messages import HistoryEntry, Who
from ..table.seats import TableLike
from .base import BoardScreen
from .dialogs import ConfirmScreen
from .seating import Seating


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


class UndoingScreen(BoardScreen):
    """The game screen's part that takes moves back (`u`, `:undo`)."""

    table: TableLike
    seating: Seating
    _result: GameResult | None

    def _undo_possible(self) -> bool:
        """Whether `u` would take a move back now (the key bar then shows it)."""
        seat = self._undo_seat()
        refusal = getattr(self.table, "undo_refusal", None)
        return (self._result is None and seat is not None and refusal is not None
                and refusal(seat) is None)

    def on_command_line_undo_asked(self, event: CommandLine.UndoAsked) -> None:
        event.stop()
        self.action_undo()

    def _undo_seat(self) -> int | None:
        """Whose move `u` takes back: the seat on screen; at a hot-seat table,
        the person who moved last (the others are asked first)."""
        humans = self.table.humans
        if len(humans) > 1:
            history = getattr(self.table, "history", ())
            return next((e.mover for e in reversed(history) if e.mover in humans), None)
        shown = self.seating.shown()
        return shown if isinstance(shown, int) and shown in humans else None

    def action_undo(self) -> None:
        """Take back the last move of the person at the keyboard (and the bots'
        replies); at a table of several people, each of the others agrees first."""
        seat = self._undo_seat()
        refusal = getattr(self.table, "undo_refusal", None)
        if seat is None or refusal is None:
            reason = ("undo is off at this table" if refusal is None
                      else "only a person at a seat can take a move back")
        else:
            reason = refusal(seat)
        if reason is not None:
            self._undo_refused(reason)
            return
        assert seat is not None
        request = undo_request(getattr(self.table, "history", ()), self.table.humans,
                               self.seating.shown())
        if request is None or not request.voters:
            self._undo(seat)
        else:
            self._ask_next(request, 0)

    def _ask_next(self, request: UndoRequest, index: int) -> None:
        """Ask the `index`th other person; the move goes once all have agreed."""
        if index == len(request.voters):
            self._undo(request.owner, request)
            return
        voter = request.voters[index]

        def answered(agreed: bool | None) -> None:
            if agreed:
                self._ask_next(request, index + 1)
            else:
                self._undo_refused(f"{self.table.label(voter)} said no, so the move stands")

        # With hidden hands the question covers the board: the hand shown is the asker's.
        self.app.push_screen(ConfirmScreen(request.question(voter, self.table.label),
                                           opaque=self.seating.private), answered)

    def _undo(self, seat: int, request: UndoRequest | None = None) -> None:
        # Only a table held here can take moves back (a shared table's proxy cannot).
        undo = getattr(self.table, "undo", None)
        reason = ("undo is off at this table" if undo is None
                  else undo(seat, agreed=request is not None))
        if reason is not None:
            self._undo_refused(reason)
        elif request is None:
            self.notify("Your last move was taken back.", title="Undo", timeout=3)
        else:
            whose = self.table.label(request.owner)
            self.notify(f"{whose}'s move {request.move.n} was taken back: everyone agreed.",
                        title="Undo", timeout=4)

    def _undo_refused(self, reason: str) -> None:
        sentence = reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else ".")
        self.board.show_error(sentence)
        self.notify(sentence, title="No undo", severity="warning")

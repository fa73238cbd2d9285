"""The messages a table and its seats exchange.

Every message is a small frozen value: plain ints and strings, tuples of
them, and (in ViewUpdated) the seat's view, itself an immutable, picklable
engine value. A seat endpoint only ever receives messages addressed to it,
so a remote terminal is just another endpoint.

Into the table (from a seat):  SubmitAction
Out of the table (to a seat):  ViewUpdated, TurnStarted, BotThinking,
                               BotFailed, ActionRejected, PaceChanged, GameEnded
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from gemtable.engine import CHANCE, SPECTATOR, Observer, ScoreLine, State
from gemtable.engine.gamelog import mover_label
from gemtable.engine.wording import second_person

Who = Observer
"""A seat number, or SPECTATOR for someone who sits at no seat."""


def seat_label(seat: object, kinds: tuple[str, ...] | None = None) -> str:
    """How a seat is named to people: 'Seat 2', 'Seat 2 (greedy)', 'Chance'."""
    if seat is CHANCE or seat == "chance":
        return "Chance"
    if seat is SPECTATOR:
        return "Spectator"
    if not isinstance(seat, int):
        return str(seat)
    name = f"Seat {seat + 1}"
    if kinds is not None and 0 <= seat < len(kinds) and kinds[seat] != "human":
        name += f" ({kind_label(kinds[seat])})"
    return name


def kind_label(kind: str) -> str:
    """A bot kind as a label shows it: an outside program by its file name alone
    (`exec:python bots/mine.py` -> `exec mine.py`), since a command is long."""
    if not kind.startswith("exec:"):
        return kind
    from gemtable.ai.external import program_name

    return f"exec {program_name(kind)}"


@attrs.frozen
class HistoryEntry:
    """One applied action: its number (1-based), who played it, its text, and
    the game's words for it (`State.describe`: public information only)."""

    n: int
    mover: int | str
    """A seat number, or "chance"."""
    action: str
    told: str = ""
    secret: bool = False
    """The move itself is hidden from the other seats (`State.secret_action`):
    they are sent `told` in place of `action` until the game is over."""

    def seen_by(self, who: object) -> HistoryEntry:
        """This entry as it may be sent to `who` (a seat or SPECTATOR)."""
        if not self.secret or who == self.mover:
            return self
        return HistoryEntry(self.n, self.mover, self.told, self.told, secret=True)

    def line(self, kinds: tuple[str, ...] | None = None, viewer: object = None) -> str:
        """`viewer` is the seat reading the log: its own moves say "You", with
        the verb to match ("You: travel to city 3", where others read
        "Seat 2: travels to city 3")."""
        if viewer is not None and viewer == self.mover:
            # The notation, when nothing told the move, is the mover's own already.
            return f"{self.n}. You: {second_person(self.told) if self.told else self.action}"
        return f"{self.n}. {seat_label(self.mover, kinds)}: {self.told or self.action}"


def history_of(states: Sequence[State], actions: Sequence[str]) -> tuple[HistoryEntry, ...]:
    """History entries for a re-played log: `states[i]` is the state before `actions[i]`."""
    entries = []
    for n, (before, after, text) in enumerate(
            zip(states[: len(actions)], states[1:], actions, strict=True), start=1):
        action = before.parse_action(text)
        entries.append(HistoryEntry(n, mover_label(before), text, before.describe(action, after),
                                    before.secret_action(action)))
    return tuple(entries)


def history_seen_by(history: tuple[HistoryEntry, ...], who: object) -> tuple[HistoryEntry, ...]:
    """`history` as `who` may read it while the game runs: others' secret moves
    only as the log tells them."""
    if not any(entry.secret for entry in history):
        return history
    return tuple(entry.seen_by(who) for entry in history)


# --- into the table ------------------------------------------------------------


@attrs.frozen
class SubmitAction:
    """Seat `seat` wants to play the action written as `action`."""

    seat: int
    action: str


# --- out of the table ----------------------------------------------------------


@attrs.frozen
class ViewUpdated:
    """What `seat` may now know, after `step` actions.

    `legal` holds the texts of the actions `seat` may play now, empty unless it
    is that seat's turn. `history` is the whole action list so far, so an
    endpoint that missed a message is back in step with the next one.
    """

    seat: Who
    step: int
    view: State
    to_move: int | None
    legal: tuple[str, ...]
    history: tuple[HistoryEntry, ...]
    undos: int = 0
    """Undos so far: after one, a lower `step` is the newer position."""


@attrs.frozen
class TurnStarted:
    """Seat `mover` is to act now; `your_turn` tells the receiving seat it is them."""

    seat: Who
    step: int
    mover: int
    turn: int
    your_turn: bool


@attrs.frozen
class BotThinking:
    """The bot at `mover` started choosing its action."""

    seat: Who
    step: int
    mover: int
    kind: str


@attrs.frozen
class BotFailed:
    """The bot at `mover` crashed or chose an illegal action; the table waits for a retry."""

    seat: Who
    step: int
    mover: int
    kind: str
    reason: str


@attrs.frozen
class ActionRejected:
    """The action `seat` submitted was refused; nothing changed."""

    seat: Who
    action: str
    reason: str


@attrs.frozen
class PaceChanged:
    """Bot pacing of the table: paused or not, and the seconds between bot moves."""

    seat: Who
    paused: bool
    delay: float


@attrs.frozen
class GameResult:
    """The end of a game, as everyone at the table may see it."""

    scores: tuple[int | float, ...]
    winners: tuple[int, ...]
    ranking: tuple[int, ...]
    breakdowns: tuple[tuple[ScoreLine, ...], ...]
    turns: int
    seats: tuple[str, ...]
    undos: int = 0
    """How many times moves were taken back."""

    @classmethod
    def of(cls, final: State, seats: tuple[str, ...], *, undos: int = 0) -> GameResult:
        return cls(
            scores=tuple(final.scores()),
            winners=tuple(final.winners()),
            ranking=tuple(final.ranking()),
            breakdowns=tuple(final.score_breakdown(s) for s in range(final.players)),
            turns=final.turn,
            seats=seats,
            undos=undos,
        )

    def order(self) -> tuple[int, ...]:
        """Seats from first place to last (seat number breaks ties in the listing)."""
        return tuple(sorted(range(len(self.ranking)), key=lambda s: (self.ranking[s], s)))


@attrs.frozen
class GameEnded:
    seat: Who
    result: GameResult


Outbound = (
    ViewUpdated | TurnStarted | BotThinking | BotFailed | ActionRejected | PaceChanged | GameEnded
)
Inbound = SubmitAction

__all__ = [
    "ActionRejected",
    "BotFailed",
    "BotThinking",
    "GameEnded",
    "GameResult",
    "HistoryEntry",
    "Inbound",
    "Outbound",
    "PaceChanged",
    "SubmitAction",
    "TurnStarted",
    "ViewUpdated",
    "Who",
    "history_of",
    "seat_label",
]

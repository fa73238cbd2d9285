"""How a seat reaches the table (Connection), and the checks made before a table
exists: bot kinds that can be made, and the per-decision bot seed."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from .messages import Outbound, SubmitAction, Who

log = logging.getLogger("gemtable.table")

if TYPE_CHECKING:
    from gemtable.ai.base import Bot

    from .table import Table

HUMAN = "human"
Deliver = Callable[[Outbound], None]
BotFactory = Callable[..., "Bot"]
"""`make_bot(kind, *, game_id, seed)`: a value with `choose(view) -> action`."""


class TableLike(Protocol):
    """What a game screen uses of a table: a local `Table`, or a proxy of a table
    held elsewhere (a shared table on an SSH server) with the same calls."""

    @property
    def header(self) -> Any:
        """`.game` (id) and `.players`."""
    @property
    def game(self) -> Any: ...
    @property
    def kinds(self) -> tuple[str, ...]: ...
    @property
    def paused(self) -> bool: ...
    @property
    def delay(self) -> float: ...
    @property
    def humans(self) -> tuple[int, ...]: ...
    def label(self, seat: object) -> str: ...
    def connect(self, who: Who, deliver: Deliver) -> Any: ...
    def start(self) -> None: ...
    def close(self) -> None: ...
    def set_paused(self, paused: bool) -> None: ...
    def step_once(self) -> None: ...
    def set_delay(self, seconds: float) -> None: ...
    def retry_bot(self) -> bool: ...


class TableError(Exception):
    """A table that cannot be set up: bad seats, a finished log, an unwritable file."""


def bot_seed(seed: int, seat: int, step: int) -> int:
    """The seed of the bot deciding action `step` at `seat`.

    A fresh bot is made for every decision, seeded from the game seed, so a
    resumed game makes the same bot choices as one that never stopped.
    """
    return random.Random(f"{seed}:bot:{seat}:{step}").getrandbits(63)


def default_bots() -> BotFactory:
    from gemtable.ai import make_bot

    return make_bot


def check_seating(game_id: str, seats: tuple[str, ...]) -> None:
    """The game allows this line-up of seat kinds (the engine says which, e.g.
    where its automaton may sit), before any bot is made."""
    from gemtable.ai import seating_problem

    problem = seating_problem(game_id, seats)
    if problem:
        raise TableError(problem)


def check_kinds(factory: BotFactory, game_id: str, seats: tuple[str, ...]) -> None:
    """Every bot seat names a bot that can be made (before anything is written)."""
    for kind in seats:
        if kind != HUMAN:
            try:
                factory(kind, game_id=game_id, seed=0)
            except ValueError as error:
                raise TableError(str(error)) from None


class Connection:
    """One endpoint at the table: a seat (or SPECTATOR) and where its messages go."""

    def __init__(self, table: Table, who: Who, deliver: Deliver) -> None:
        self.table = table
        self.who = who
        self._deliver = deliver
        self.open = True

    def submit(self, action: str) -> None:
        """Play `action` (text notation) for this connection's seat."""
        seat = self.who if isinstance(self.who, int) else -1
        self.table.handle(SubmitAction(seat, action), self)

    def send(self, message: SubmitAction) -> None:
        self.table.handle(message, self)

    def deliver(self, message: Outbound) -> None:
        if not self.open:
            return
        try:
            self._deliver(message)
        except Exception:  # a broken endpoint must not stop the game for the others
            log.warning("closing the connection of %r: delivering failed", self.who,
                        exc_info=True)
            self.open = False

    def close(self) -> None:
        self.table.disconnect(self)

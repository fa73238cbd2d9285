"""What the ladder is told about a finished table: each seat's player, place and score."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import attrs

PlayerKind = Literal["person", "bot"]
Source = Literal["table", "calibration"]


def _positive(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        raise ValueError(f"{attribute.name} must be 1 or more, not {value}")


@attrs.frozen
class SeatResult:
    """One seat's outcome.

    `player` is the person's name (the name their key is bound to) or, for a
    bot, its level's id as the caller spells it ("greedy", "mcts:hard").
    `place` 1 is first; seats that tie share a place. `moves` counts every move
    made for the seat, `stand_in_moves` those a stand-in made while the person
    was away."""

    player: str
    kind: PlayerKind = attrs.field(validator=attrs.validators.in_(("person", "bot")))
    place: int = attrs.field(validator=_positive)
    score: float
    moves: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    stand_in_moves: int = attrs.field(default=0, validator=attrs.validators.ge(0))

    def __attrs_post_init__(self) -> None:
        if not self.player:
            raise ValueError("a seat's player needs a name")
        if self.stand_in_moves > self.moves:
            raise ValueError(f"{self.player}: {self.stand_in_moves} stand-in moves "
                             f"out of {self.moves}")

    @property
    def key(self) -> tuple[str, PlayerKind]:
        """A person and a bot level may share a name; the kind tells them apart."""
        return (self.player, self.kind)


def _seat_tuple(seats: Iterable[SeatResult]) -> tuple[SeatResult, ...]:
    return tuple(seats)


@attrs.frozen
class FinishedGame:
    """A table played to its end. `table_id` is unique for ever: recording the
    same table twice counts it once. `finished_at` is seconds since the epoch."""

    table_id: str
    game_id: str
    variant: str
    finished_at: float
    seats: tuple[SeatResult, ...] = attrs.field(converter=_seat_tuple)
    solo: bool = False
    source: Source = attrs.field(default="table",
                                 validator=attrs.validators.in_(("table", "calibration")))

    def __attrs_post_init__(self) -> None:
        if not self.table_id or not self.game_id:
            raise ValueError("a finished game needs its table id and game id")
        if not self.seats:
            raise ValueError(f"table {self.table_id} has no seats")
        if self.source == "calibration" and (
                self.solo or any(seat.kind == "person" for seat in self.seats)):
            raise ValueError(f"table {self.table_id}: a calibration game is played by bots "
                             f"only, and never solo")

"""Per box size tables for the Jewel Box heuristic: which squares touch,
the chequerboard, and how likely each row or column ends on the box's edge."""

from __future__ import annotations

from functools import cache

from gemtable.engine.games.jewelbox.board import edge_share
from gemtable.engine.games.jewelbox.components import geometry


class _Tables:
    """Per box size: neighbour masks, the chequerboard, frame-edge shares."""

    def __init__(self, size: int) -> None:
        geo = geometry(size)
        self.geo = geo
        self.near = tuple(geo.touching(1 << cell) for cell in range(geo.cells))
        self.black = sum(1 << c for c in range(geo.cells) if sum(geo.squares[c]) % 2 == 0)
        self.white = geo.full & ~self.black
        side = geo.side
        self.edge = tuple(
            tuple(tuple(edge_share(low, high, at, size, side - 1) for at in range(side))
                  for high in range(side))
            for low in range(side)
        )
        self.first_col = sum(1 << (r * side) for r in range(side))
        self.last_col = self.first_col << (side - 1)


@cache
def tables(size: int) -> _Tables:
    return _Tables(size)


def keep_chance(risk: float, seen: int, open_: int) -> float:
    """Chance a Scarab keeps its points while `open_` squares around it are
    still free and `seen` families already touch it."""
    chance = 1.0
    for k in range(open_):
        chance *= max(0.0, 1 - risk * (seen + k))
    return chance

"""A learned value of a Jewel Box box: exact points plus n-tuple tables.

A box still being built is judged inside each N×N frame it may yet fill
(the box floats until it spans N both ways), and the best frame counts. In a
frame, the value is what the beetles already score there (the frame's outer
ring as the edge) and the tools' points, plus a learned correction: what the
empty squares are still expected to bring. The correction is a sum of table
entries, one for each small group of squares (a row, a 2x3 block, a plus
around a square, ...) read in each of the frame's eight symmetries and
indexed by what lies on those squares, and a few whole-box counts (lone
Ladybugs, Longhorns, tools, beetles of each family still to come, room for
more lone Ladybugs), each by the number of empty squares.

The tables are learned by temporal differences from self-play
(tools/jewelbox_learn.py); a full box is worth exactly its score.

Search asks for thousands of values a move, almost all of them one beetle
away from a box already valued, so a `Frame` keeps what it read and a
candidate beetle (or swap) only rereads the groups through its squares.
"""

from __future__ import annotations

import sys
import zlib
from array import array
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from pathlib import Path

from gemtable.engine.games.jewelbox.components import (
    FAMILY_COUNT,
    LADYBUG,
    LONGHORN,
    TOOL_POINTS,
    Geometry,
    geometry,
    tool_count,
)
from gemtable.engine.games.jewelbox.scoring import LADYBUG_SET, grid_points

STATES = FAMILY_COUNT + 1
"""What a square may hold, as a table index: 0 empty, 1 + family."""
SUPPLY_CAP = 15
"""Beetles of a family still to come are counted up to this many."""
ROOM_CAP = 15
"""Squares a lone Ladybug could still take are counted up to this many."""

Masks = Sequence[int]


def _shapes(size: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The groups of squares read, as (row, col) in one corner of the frame;
    each is also read in the frame's other symmetries."""
    shapes: list[tuple[tuple[int, int], ...]] = []
    if size == 5:
        shapes += [tuple((r, c) for c in range(5)) for r in range(3)]
        blocks: tuple[tuple[int, int], ...] = ((0, 0), (0, 1), (1, 0), (1, 1))
        pluses: tuple[tuple[int, int], ...] = ((1, 1), (1, 2), (2, 2))
    else:
        shapes += [tuple((r, c) for c in range(4)) for r in range(2)]
        blocks, pluses = ((0, 0), (0, 1), (1, 0)), ((1, 1),)
    shapes += [((r, c), (r, c + 1), (r, c + 2), (r + 1, c), (r + 1, c + 1), (r + 1, c + 2))
               for r, c in blocks]
    shapes += [((r - 1, c), (r, c - 1), (r, c), (r, c + 1), (r + 1, c)) for r, c in pluses]
    shapes.append(((0, 0), (0, 1), (0, 2), (1, 1)))
    if size == 5:
        shapes.append(((0, 1), (0, 2), (0, 3), (1, 2)))
    shapes.append(((0, 0), (0, 1), (1, 0)))
    return tuple(shapes)


def _symmetries(size: int, row: int, col: int) -> tuple[tuple[int, int], ...]:
    m = size - 1
    return ((row, col), (col, m - row), (m - row, m - col), (m - col, row),
            (row, m - col), (m - row, col), (col, row), (m - col, m - row))


class Layout:
    """Where every table lives in the flat list of weights, for one box size."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.cells = cells = size * size
        images: list[tuple[int, tuple[int, ...]]] = []
        offset = 0
        for shape in _shapes(size):
            seen: list[tuple[int, ...]] = []
            for k in range(8):
                image = tuple(a * size + b for a, b in
                              (_symmetries(size, r, c)[k] for r, c in shape))
                if image not in seen:
                    seen.append(image)
                    images.append((offset, image))
            offset += STATES ** len(shape)
        self.images = tuple(images)
        self.by_cell = tuple(
            tuple((i, STATES ** image.index(cell)) for i, (_, image) in enumerate(images)
                  if cell in image)
            for cell in range(cells))
        """Per square: (image, what one step of that square's state adds to its index)."""
        self.span = span = cells + 1  # tables by empty squares, 0..N*N
        self.lone_ladybugs = offset
        offset += span * span
        self.longhorns = offset
        offset += span * span
        self.tools = offset
        offset += 8 * span
        self.supply = offset
        offset += FAMILY_COUNT * (SUPPLY_CAP + 1) * span
        self.ladybug_room = offset
        offset += LADYBUG_SET * (ROOM_CAP + 1) * span  # read by lone Ladybugs' remainder
        self.weights = offset
        self.full = full = (1 << cells) - 1
        first_col = sum(1 << (r * size) for r in range(size))
        self.not_first_col = full & ~first_col
        self.not_last_col = full & ~(first_col << (size - 1))
        self.edge = sum(1 << c for c in range(cells)
                        if c // size in (0, size - 1) or c % size in (0, size - 1))
        self.black = sum(1 << c for c in range(cells) if (c // size + c % size) % 2 == 0)
        self.white = full & ~self.black
        self.image_indices = _compile_indices(self.images)

    def touching(self, mask: int) -> int:
        n = self.size
        return ((mask << n) & self.full | mask >> n | (mask << 1) & self.not_first_col
                | (mask >> 1) & self.not_last_col)

    def states(self, masks: Masks) -> list[int]:
        states = [0] * self.cells
        for family, mask in enumerate(masks):
            while mask:
                low = mask & -mask
                mask ^= low
                states[low.bit_length() - 1] = family + 1
        return states

    def count_indices(self, masks: Masks, tools: int, supply: Sequence[int]) -> list[int]:
        """The whole-box counts' weights a frame reads."""
        empties = self.cells - (masks[0] | masks[1] | masks[2] | masks[3] | masks[4]).bit_count()
        return [*self.fixed_indices(tools, supply, empties), *self.shape_indices(masks, empties)]

    def fixed_indices(self, tools: int, supply: Sequence[int], empties: int) -> list[int]:
        """The counts that do not depend on where the beetles lie."""
        span = self.span
        supply_at = self.supply + empties
        return [self.tools + tools * span + empties,
                *(supply_at + (f * (SUPPLY_CAP + 1) + min(max(count, 0), SUPPLY_CAP)) * span
                  for f, count in enumerate(supply))]

    def shape_indices(self, masks: Masks, empties: int) -> tuple[int, int, int]:
        """The counts that do: lone Ladybugs, Longhorns, room for lone Ladybugs."""
        span = self.span
        ladybugs = masks[LADYBUG]
        crowded = self.touching(ladybugs)
        lone = (ladybugs & ~crowded).bit_count()
        free = self.full & ~(masks[0] | masks[1] | masks[2] | masks[3] | masks[4]) & ~crowded
        room = min(max((free & self.black).bit_count(), (free & self.white).bit_count()),
                   ROOM_CAP)
        return (self.lone_ladybugs + lone * span + empties,
                self.longhorns + masks[LONGHORN].bit_count() * span + empties,
                self.ladybug_room + ((lone % LADYBUG_SET) * (ROOM_CAP + 1) + room) * span + empties)

    def points(self, masks: Masks, tools: int) -> int:
        """What a frame's beetles score now, its outer ring as the edge, with the tools."""
        n = self.size
        return sum(grid_points(masks, n, n, self.edge)) + TOOL_POINTS * tool_count(tools)


def _compile_indices(
    images: Sequence[tuple[int, tuple[int, ...]]]
) -> Callable[[list[int]], list[int]]:
    """One function giving every image's table index from a frame's states,
    written out as a single list display: this is the search's inner loop."""
    entries = []
    for offset, cells in images:
        index = " + ".join(f"{STATES ** k}*s[{cell}]" if k else f"s[{cell}]"
                           for k, cell in enumerate(cells))
        entries.append(f"{offset} + {index}")
    source = "def image_indices(s):\n    return [" + ",\n        ".join(entries) + "]\n"
    namespace: dict[str, Callable[[list[int]], list[int]]] = {}
    exec(compile(source, "<jewelbox tuples>", "exec"), namespace)  # noqa: S102
    return namespace["image_indices"]


@cache
def layout(size: int) -> Layout:
    return Layout(size)


class Frame:
    """A box seen in one of its frames: the frame's masks and what its tables read."""

    __slots__ = ("masks", "states", "index", "top", "left")

    def __init__(self, lay: Layout, masks: list[int], top: int, left: int) -> None:
        self.masks = masks
        self.states = lay.states(masks)
        self.index = lay.image_indices(self.states)
        self.top = top
        self.left = left


FRAMES_KEPT = 4096
"""Frames remembered (by box): a move values the same box for every family."""

class TupleValue:
    """The learned value of boxes of one size."""

    def __init__(self, size: int, weights: Sequence[float] | None = None) -> None:
        self.layout = layout(size)
        self.geo: Geometry = geometry(size)
        count = self.layout.weights
        if weights is None:
            weights = [0.0] * count
        if len(weights) != count:
            raise ValueError(f"a {size}x{size} table has {count} weights, not {len(weights)}")
        self.w = list(weights)
        self._frames: dict[tuple[int, ...], Frame] = {}

    # --- frames -----------------------------------------------------------------
    def frames(self, masks: Masks) -> list[tuple[int, int]]:
        """Top-left squares (on the sheet) of the N×N frames holding the box."""
        geo = self.geo
        top, bottom, left, right = geo.bounds(masks[0] | masks[1] | masks[2] | masks[3]
                                              | masks[4])
        n = geo.size
        return [(r, c) for r in range(max(0, bottom - n + 1), min(top, n - 1) + 1)
                for c in range(max(0, right - n + 1), min(left, n - 1) + 1)]

    def frame(self, masks: Masks, top: int, left: int) -> Frame:
        key = (*masks, top, left)
        found = self._frames.get(key)
        if found is None:
            if len(self._frames) >= FRAMES_KEPT:
                self._frames.clear()
            n = self.geo.size
            found = self._frames[key] = Frame(self.layout, self.geo.cut(masks, top, left, n, n),
                                              top, left)
        return found

    def residual(self, frame: Frame) -> float:
        """The image tables' part of a frame's value."""
        return sum(map(self.w.__getitem__, frame.index))

    def frame_total(self, frame: Frame, tools: int, supply: Sequence[int]) -> float:
        lay, w = self.layout, self.w
        return (lay.points(frame.masks, tools) + self.residual(frame)
                + sum(map(w.__getitem__, lay.count_indices(frame.masks, tools, supply))))

    def frame_indices(self, frame: Frame, tools: int, supply: Sequence[int]) -> list[int]:
        """Every weight a frame's value reads (what learning moves)."""
        return frame.index + self.layout.count_indices(frame.masks, tools, supply)

    def best_frame(self, masks: Masks, tools: int,
                   supply: Sequence[int]) -> tuple[float, Frame]:
        best, best_frame = None, None
        for top, left in self.frames(masks):
            frame = self.frame(masks, top, left)
            v = self.frame_total(frame, tools, supply)
            if best is None or v > best:
                best, best_frame = v, frame
        assert best is not None and best_frame is not None
        return best, best_frame

    # --- boxes --------------------------------------------------------------------
    def full(self, masks: Masks) -> bool:
        n = self.geo.size
        return (masks[0] | masks[1] | masks[2] | masks[3] | masks[4]).bit_count() == n * n

    def final(self, masks: Masks, tools: int) -> float:
        """A full box's score, tools included."""
        geo = self.geo
        top, _, left, _ = geo.bounds(masks[0] | masks[1] | masks[2] | masks[3] | masks[4])
        return float(self.layout.points(geo.cut(masks, top, left, geo.size, geo.size), tools))

    def tool_change(self, empties: int, before: int, after: int) -> float:
        """What a box with this many empty squares gains in value when its
        unused tools go from `before` to `after`: the same in every frame and
        for every square a beetle may take, so a whole table of values can be
        retooled by adding it."""
        change = float(TOOL_POINTS * (tool_count(after) - tool_count(before)))
        if empties:
            lay, w = self.layout, self.w
            change += (w[lay.tools + after * lay.span + empties]
                       - w[lay.tools + before * lay.span + empties])
        return change

    def value(self, masks: Masks, tools: int, supply: Sequence[int]) -> float:
        """Expected final score (tools included) of a non-empty box: exact
        once full, else the best frame's value."""
        if self.full(masks):
            return self.final(masks, tools)
        return self.best_frame(masks, tools, supply)[0]

    def place_values(self, masks: Masks, tools: int, supply: Sequence[int],
                     family: int) -> dict[int, float]:
        """The value after a `family` beetle on each legal square (sheet cell);
        `supply` no longer counts that beetle."""
        geo = self.geo
        occupied = masks[0] | masks[1] | masks[2] | masks[3] | masks[4]
        spots = geo.placement_mask(occupied)
        if not occupied:
            first = list(masks)
            first[family] |= spots
            return {spots.bit_length() - 1: self.value(first, tools, supply)}
        if (occupied | spots).bit_count() == geo.size ** 2 and spots & (spots - 1) == 0:
            last = list(masks)
            last[family] |= spots
            return {spots.bit_length() - 1: self.final(last, tools)}
        lay, w = self.layout, self.w
        n, side = geo.size, geo.side
        step = family + 1
        by_cell = lay.by_cell
        empties = n * n - occupied.bit_count() - 1
        fixed = TOOL_POINTS * tool_count(tools) + sum(
            map(w.__getitem__, lay.fixed_indices(tools, supply, empties)))
        edge = lay.edge
        shape_indices = lay.shape_indices
        out: dict[int, float] = {}
        for top, left in self.frames(masks):
            frame = self.frame(masks, top, left)
            index, residual, fmasks = frame.index, self.residual(frame), frame.masks
            inside = spots & geo.frame(top, top + n - 1, left, left + n - 1)
            while inside:
                low = inside & -inside
                inside ^= low
                cell = low.bit_length() - 1
                row, col = divmod(cell, side)
                k = (row - top) * n + col - left
                value = residual
                for i, mult in by_cell[k]:
                    at = index[i]
                    value += w[at + step * mult] - w[at]
                trial = list(fmasks)
                trial[family] |= 1 << k
                a, b, c = shape_indices(trial, empties)
                value += sum(grid_points(trial, n, n, edge)) + fixed + w[a] + w[b] + w[c]
                if value > out.get(cell, -1e300):
                    out[cell] = value
        return out

    def swap_values(self, masks: Masks, tools: int,
                    supply: Sequence[int]) -> dict[tuple[int, int], float]:
        """The value after each swap of two beetles of different families
        (sheet cells a < b)."""
        geo = self.geo
        if self.full(masks):
            return {pair: self.final(swapped, tools)
                    for pair, swapped in _swaps(masks)}
        lay, w = self.layout, self.w
        n, side = geo.size, geo.side
        by_cell = lay.by_cell
        empties = n * n - (masks[0] | masks[1] | masks[2] | masks[3] | masks[4]).bit_count()
        fixed = TOOL_POINTS * tool_count(tools) + sum(
            map(w.__getitem__, lay.fixed_indices(tools, supply, empties)))
        edge = lay.edge
        shape_indices = lay.shape_indices
        out: dict[tuple[int, int], float] = {}
        for top, left in self.frames(masks):
            frame = self.frame(masks, top, left)
            index, residual, fmasks = frame.index, self.residual(frame), frame.masks
            cells = _beetles(fmasks)
            for x, (a, fa) in enumerate(cells):
                for b, fb in cells[x + 1:]:
                    if fa == fb:
                        continue
                    moves: dict[int, int] = {}
                    for i, mult in by_cell[a]:
                        moves[i] = (fb - fa) * mult
                    for i, mult in by_cell[b]:
                        moves[i] = moves.get(i, 0) + (fa - fb) * mult
                    value = residual
                    for i, move in moves.items():
                        at = index[i]
                        value += w[at + move] - w[at]
                    trial = list(fmasks)
                    both = (1 << a) | (1 << b)
                    trial[fa] ^= both
                    trial[fb] ^= both
                    x1, x2, x3 = shape_indices(trial, empties)
                    value += sum(grid_points(trial, n, n, edge)) + fixed + w[x1] + w[x2] + w[x3]
                    ra, ca = divmod(a, n)
                    rb, cb = divmod(b, n)
                    pair = _ordered((top + ra) * side + left + ca, (top + rb) * side + left + cb)
                    if value > out.get(pair, -1e300):
                        out[pair] = value
        return out


def _beetles(masks: Masks) -> list[tuple[int, int]]:
    """(cell, family) of every beetle, by family and then cell."""
    cells = []
    for family, mask in enumerate(masks):
        while mask:
            low = mask & -mask
            mask ^= low
            cells.append((low.bit_length() - 1, family))
    return cells


def _ordered(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _swaps(masks: Masks) -> Iterator[tuple[tuple[int, int], list[int]]]:
    """(cells a < b, masks after swapping them) for beetles of different families."""
    cells = _beetles(masks)
    for x, (a, fa) in enumerate(cells):
        for b, fb in cells[x + 1:]:
            if fa != fb:
                trial = list(masks)
                both = (1 << a) | (1 << b)
                trial[fa] ^= both
                trial[fb] ^= both
                yield _ordered(a, b), trial


WEIGHTS = "jewelbox_tuples_{size}.bin"
"""Shipped tables, beside this module: float32 little-endian, zlib-packed."""


def weights_path(size: int) -> Path:
    return Path(__file__).with_name(WEIGHTS.format(size=size))


def save_weights(path: Path, weights: Sequence[float]) -> None:
    values = array("f", weights)
    if sys.byteorder == "big":
        values.byteswap()
    path.write_bytes(zlib.compress(values.tobytes(), 9))


def load_weights(path: Path) -> list[float]:
    values = array("f")
    values.frombytes(zlib.decompress(path.read_bytes()))
    if sys.byteorder == "big":
        values.byteswap()
    return values.tolist()


@cache
def shipped(size: int) -> TupleValue | None:
    """The learned value shipped for this box size, or None if there is none."""
    path = weights_path(size)
    if not path.exists():
        return None
    return TupleValue(size, load_weights(path))

"""A Jewel Box box valued by pattern tables learned from self-play.

The box lies on the engine's canvas of (2N-1)x(2N-1) squares, drawn here
with a ring of wall around it so that every pattern below fits anywhere.
Each square is one of seven symbols: a family (0-4), an empty square a
beetle could still fill, or wall (off the canvas, or outside every N×N frame
the box could still end in). The wall tells a pattern where the frame's
border is, so a Scarab beside wall knows it is on the edge.

A box's value is a sum of table entries, one per look-up:
- small patterns (a 2x2 square, a line of four, a plus of five, a 2x3
  block) at every place on the canvas, each shape sharing one table
  wherever it lies and whichever way it is turned (a line of four across
  and one down read the same table);
- what the box scores as a whole rather than square by square, each by the
  number of beetles placed: how many Ladybugs stand alone (sets of five),
  how many Longhorns (odd or even), unused tools, and how many beetles of
  each family are still to come.

Every value is an estimate of the box's final score, tools included. The
tables are learned by temporal-difference self-play (jewelbox_td.py) and
saved as a compressed NumPy file. None ships: learned from scratch they
play well below the hand-set value (docs/performance.md, "A value learned
from self-play").
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np

from gemtable.engine.games.jewelbox.board import Geometry
from gemtable.engine.games.jewelbox.components import (
    ALL_TOOLS,
    COPIES,
    FAMILY_COUNT,
    LADYBUG,
    LONGHORN,
)

SYMBOLS = 7
FREE = 5
"""An empty square inside the frames the box may still end in."""
WALL = 6

MOST_COPIES = max(COPIES)
"""The widest count a whole-box table must hold for one family."""

# Offsets (row, col) of each pattern's squares. A pattern and its quarter
# turn share a table: the turned offsets are listed in the matching order.
SHAPES: dict[str, tuple[tuple[tuple[int, int], ...], ...]] = {
    "square": (((0, 0), (0, 1), (1, 0), (1, 1)),),
    "line": (((0, 0), (0, 1), (0, 2), (0, 3)), ((0, 0), (1, 0), (2, 0), (3, 0))),
    "plus": (((0, 0), (-1, 0), (0, 1), (1, 0), (0, -1)),),
    "block": (((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)),
              ((0, 1), (1, 1), (2, 1), (0, 0), (1, 0), (2, 0))),
}
"""Square by square, each shape's offsets; a second entry is the same shape
turned a quarter, read into the same table."""


class Layout:
    """The look-ups of one box size: where each pattern lies on the walled
    canvas, and where each table starts in the flat weight vector."""

    def __init__(self, size: int) -> None:
        self.size = size
        side = 2 * size - 1
        self.side = side
        self.padded = side + 2
        self.cells = self.padded * self.padded
        self.full = size * size
        stops = self.full + 1
        windows: list[np.ndarray] = []
        bases: list[int] = []
        offset = 0
        self.tables: dict[str, tuple[int, int]] = {}
        for name, variants in SHAPES.items():
            length = len(variants[0])
            span = SYMBOLS ** length
            self.tables[name] = (offset, span)
            for offsets in variants:
                for row in range(-1, side + 1):
                    for col in range(-1, side + 1):
                        squares = [(row + dr, col + dc) for dr, dc in offsets]
                        if not all(-1 <= r <= side and -1 <= c <= side for r, c in squares):
                            continue
                        if not any(0 <= r < side and 0 <= c < side for r, c in squares):
                            continue
                        windows.append(np.array([(r + 1) * self.padded + (c + 1)
                                                 for r, c in squares], dtype=np.intp))
                        bases.append(offset)
            offset += span
        # Patterns are grouped by length so one gather reads all of a length.
        self.groups: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        for length in sorted({len(w) for w in windows}):
            chosen = [i for i, w in enumerate(windows) if len(w) == length]
            cells = np.stack([windows[i] for i in chosen])
            base = np.array([bases[i] for i in chosen], dtype=np.int64)
            powers = SYMBOLS ** np.arange(length, dtype=np.int64)
            self.groups.append((cells, base, powers))
        # Whole-box tables, each indexed by beetles placed and one count.
        self.counts: dict[str, tuple[int, int]] = {}
        for name, width in (("bias", 1), ("ladybugs", self.full + 1), ("longhorns", MOST_COPIES + 1),
                            ("tools", ALL_TOOLS + 1), *((f"supply{f}", MOST_COPIES + 1) for f in range(FAMILY_COUNT))):
            self.counts[name] = (offset, width)
            offset += stops * width
        self.weights = offset
        self.pattern_lookups = sum(len(cells) for cells, _, _ in self.groups)
        self.lookups = sum(len(cells) for cells, _, _ in self.groups) + len(self.counts)
        self._frames: dict[tuple[int, int, int, int], np.ndarray] = {}
        self.canvas_cell = np.array([(r + 1) * self.padded + (c + 1)
                                     for r in range(side) for c in range(side)], dtype=np.intp)
        """Walled-canvas index of each engine canvas cell."""
        self.rows = np.array([r for r in range(side) for _ in range(side)], dtype=np.int64)
        self.cols = np.array([c for _ in range(side) for c in range(side)], dtype=np.int64)

    def count_entry(self, name: str, beetles: int, count: int) -> int:
        """The weight index a whole-box table `name` reads for a box of
        `beetles` beetles whose count is `count`."""
        offset, width = self.counts[name]
        return offset + beetles * width + count

    def count_column(self, name: str) -> int:
        """Where in a row of `features` the table `name` is read."""
        return self.pattern_lookups + list(self.counts).index(name)

    def frame(self, geo: Geometry, bounds: tuple[int, int, int, int] | None) -> np.ndarray:
        """The walled canvas with FREE on every square some finished box could
        cover (the box's bounds as given; None: an empty box) and WALL elsewhere."""
        found = self._frames.get(bounds) if bounds is not None else None
        if found is not None:
            return found
        board = np.full(self.cells, WALL, dtype=np.int8)
        mask = geo.full if bounds is None else geo.frame(*bounds)
        for i in range(self.side * self.side):
            if mask >> i & 1:
                board[self.canvas_cell[i]] = FREE
        if bounds is not None:
            self._frames[bounds] = board
        return board


@cache
def layout(size: int) -> Layout:
    return Layout(size)


def board_of(lay: Layout, geo: Geometry, masks: tuple[int, ...]) -> np.ndarray:
    """The walled canvas of a box given by its family masks."""
    occupied = masks[0] | masks[1] | masks[2] | masks[3] | masks[4]
    board = lay.frame(geo, geo.bounds(occupied) if occupied else None).copy()
    for family, mask in enumerate(masks):
        while mask:
            low = mask & -mask
            board[lay.canvas_cell[low.bit_length() - 1]] = family
            mask ^= low
    return board


def placements(lay: Layout, geo: Geometry, masks: tuple[int, ...], base: np.ndarray,
               family: int, spots: list[int]) -> np.ndarray:
    """Walled canvases of the box `masks` (drawn as `base`) with a `family`
    beetle added on each canvas cell of `spots`: one row per spot."""
    occupied = masks[0] | masks[1] | masks[2] | masks[3] | masks[4]
    boards = np.empty((len(spots), lay.cells), dtype=np.int8)
    if occupied:
        top, bottom, left, right = geo.bounds(occupied)
    side = lay.side
    content = np.where(base == FREE, np.int8(FREE), base)
    for k, spot in enumerate(spots):
        row, col = divmod(spot, side)
        if occupied:
            bounds = (min(top, row), max(bottom, row), min(left, col), max(right, col))
        else:
            bounds = (row, row, col, col)
        frame = lay.frame(geo, bounds)
        boards[k] = np.where(frame == WALL, frame, content)
        boards[k, lay.canvas_cell[spot]] = family
    return boards


def features(lay: Layout, boards: np.ndarray, beetles: np.ndarray, tools: np.ndarray,
             supply: np.ndarray) -> np.ndarray:
    """Weight indices, one row of `lay.lookups` per board.

    `beetles`, `tools`: one count per board; `supply`: (boards, 5) beetles of
    each family still to come (in the log or the pile)."""
    parts = []
    wide = boards.astype(np.int64)
    for cells, base, powers in lay.groups:
        parts.append((wide[:, cells] * powers).sum(axis=2) + base)
    b = beetles.astype(np.int64)
    grid = boards.reshape(-1, lay.padded, lay.padded)
    lady = grid == LADYBUG
    near = np.zeros_like(lady)
    near[:, 1:, :] |= lady[:, :-1, :]
    near[:, :-1, :] |= lady[:, 1:, :]
    near[:, :, 1:] |= lady[:, :, :-1]
    near[:, :, :-1] |= lady[:, :, 1:]
    lone = (lady & ~near).sum(axis=(1, 2))
    longhorns = (grid == LONGHORN).sum(axis=(1, 2))
    counts = {"bias": np.zeros_like(b), "ladybugs": lone, "longhorns": longhorns, "tools": tools}
    for f in range(FAMILY_COUNT):
        counts[f"supply{f}"] = np.clip(supply[:, f], 0, MOST_COPIES)
    for name, (offset, width) in lay.counts.items():
        parts.append((offset + b * width + counts[name]).reshape(-1, 1))
    return np.concatenate(parts, axis=1)


class BoxNet:
    """The learned tables of one box size, with the arithmetic to use them."""

    def __init__(self, size: int, weights: np.ndarray | None = None) -> None:
        self.layout = layout(size)
        if weights is None:
            weights = np.zeros(self.layout.weights, dtype=np.float64)
        if weights.shape != (self.layout.weights,):
            raise ValueError(f"a {size}x{size} table has {self.layout.weights} weights, "
                             f"this one {weights.shape}")
        self.weights = weights

    def values(self, index: np.ndarray) -> np.ndarray:
        """Value of each board whose weight indices are a row of `index`."""
        return self.weights[index].sum(axis=1)

    def learn(self, index_row: np.ndarray, step: float) -> None:
        """Move one board's value by `step` along its gradient: an entry read
        c times moves by c shares, so that the value moves by `step` exactly."""
        entries, reads = np.unique(index_row, return_counts=True)
        self.weights[entries] += step * reads / float((reads * reads).sum())


def save(nets: dict[int, BoxNet], path: Path, note: str) -> None:
    """Write the tables of each size to `path`, with the command that made them."""
    arrays: dict[str, np.ndarray] = {f"size{size}": net.weights.astype(np.float32)
                                     for size, net in nets.items()}
    arrays["note"] = np.array(note)
    np.savez_compressed(path, allow_pickle=False, **arrays)


def load(path: Path) -> dict[int, BoxNet]:
    """The tables `save` wrote, by box size."""
    with np.load(path) as data:
        return {int(key[4:]): BoxNet(int(key[4:]), data[key].astype(np.float64))
                for key in data.files if key.startswith("size")}

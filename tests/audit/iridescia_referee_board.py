"""The Iridescia referee's own reading of the board and the printed parts.

Nothing here comes from the engine's rule code: the rows and their hexes are
counted from the rulings (Desert, Canyon, Forest, Ruins: a row of 6 under a
row of 7; the Castle's 6 above the last 7), hexes are numbered row by row from
the bottom and named row then letter as the notation says, and the components
are read from the data files the engine ships, with the csv module.
"""

from __future__ import annotations

import csv
from functools import cache
from pathlib import Path

import attrs

import gemtable.engine.games.iridescia as package

SIZES = (6, 7, 6, 7, 6, 7, 6, 7, 6)
CASTLE = len(SIZES) - 1
START = tuple(sum(SIZES[:r]) for r in range(len(SIZES)))
HEXES = sum(SIZES)
ROW = tuple(r for r, n in enumerate(SIZES) for _ in range(n))
INDEX = tuple(i for n in SIZES for i in range(n))
COL = tuple(2 * INDEX[h] + (SIZES[ROW[h]] == 6) for h in range(HEXES))
"""Doubled columns: a hex touches the next row's hexes one column away, its own
row's two columns away."""
AIRSHIP, FINISHED, NO_TILE = -1, -2, -1
LETTERS = "abcdefg"
GEMS = "aces"


def name(h: int) -> str:
    return f"{ROW[h] + 1}{LETTERS[INDEX[h]]}"


HEX_OF = {name(h): h for h in range(HEXES)}


def row_hexes(r: int) -> tuple[int, ...]:
    return tuple(range(START[r], START[r] + SIZES[r]))


def touching(h: int, dr: int) -> tuple[int, ...]:
    r = ROW[h] + dr
    if not 0 <= r < len(SIZES):
        return ()
    gap = 2 if dr == 0 else 1
    return tuple(x for x in row_hexes(r) if abs(COL[x] - COL[h]) == gap)


def forward(position: int) -> tuple[int, ...]:
    """Ahead (the row above) and beside (the same row); the airship touches row 1."""
    if position == AIRSHIP:
        return row_hexes(0)
    return touching(position, 1) + touching(position, 0)


def every_way(h: int) -> tuple[int, ...]:
    return touching(h, 1) + touching(h, 0) + touching(h, -1)


@cache
def steps_from(h: int) -> tuple[int, ...]:
    """Hex steps from `h` to every hex, by a breadth-first walk."""
    far = [-1] * HEXES
    far[h] = 0
    ring = [h]
    while ring:
        nxt = []
        for x in ring:
            for y in every_way(x):
                if far[y] < 0:
                    far[y] = far[x] + 1
                    nxt.append(y)
        ring = nxt
    return tuple(far)


def steps(position: int, h: int) -> int:
    if position == AIRSHIP:  # one step onto row 1, then across the board
        return 1 + min(steps_from(x)[h] for x in row_hexes(0))
    return steps_from(position)[h]


# --- printed and designed parts -----------------------------------------------------

def _rows(file: str) -> list[dict[str, str]]:
    with (Path(package.__file__).with_name("data") / file).open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


@attrs.frozen
class Relic:
    cost: tuple[int, int, int, int]
    points: int
    kind: str
    """Jewelry, Tech, Lore or Iridia."""
    lead: str
    """a c e s, or - for an Iridia relic."""


TILE_GEM = tuple(row["gem"].lower() for row in _rows("tiles.csv"))
"""Per tile: a c e s, r (rainbow) or i (the Iridia Stone tile)."""
RELICS = tuple(Relic((int(r["amethyst"]), int(r["citrine"]), int(r["emerald"]),
                      int(r["sapphire"])), int(r["points"]), r["type"], r["lead"].lower())
               for r in _rows("relics.csv"))
ITEM_KEYS = tuple(r["key"] for r in _rows("items.csv"))
ITEM = {key: kind for kind, key in enumerate(ITEM_KEYS)}
RHOM_ICON = tuple(r["icon"] for r in _rows("rhom.csv"))
OBJECTIVES = tuple((r["kind"], r["param"], int(r["points"])) for r in _rows("objectives.csv"))
TOKEN_NAMES = ("Throne", "Scepter", "Banner")


def affordable(cargo: tuple[int, ...], relic: int) -> bool:
    return all(h >= n for h, n in zip(cargo, RELICS[relic].cost, strict=True))


# --- the rules the changes touch, as the rulings state them ---------------------------

def occupied(state) -> set[int]:  # noqa: ANN001
    return {s.position for s in state.seats if s.position >= 0}


def place_when_blocked(state, position: int, stood: set[int]) -> tuple[set[int], str]:  # noqa: ANN001
    """Ruling 20 (and the rules document's last resort): where a blocked explorer
    may step, and which clause chose."""
    taken = occupied(state)
    free = [h for h in range(HEXES) if state.cells[h] == NO_TILE and h not in taken
            and ROW[h] < CASTLE and h not in stood]
    if not free:
        return set(), "nowhere"
    near = set(forward(position)) & set(free)
    if near:
        return near, "adjacent"
    row = ROW[position] if position >= 0 else -1
    ahead = [h for h in free if ROW[h] >= row]
    if ahead:
        return nearest(position, ahead), "nearest not behind"
    bars = set(state.barricades)
    useful = [h for h in free if any(state.cells[x] != NO_TILE and x not in bars
                                     for x in forward(h))]
    return nearest(position, useful or free), "last resort"


def nearest(position: int, pool: list[int]) -> set[int]:
    best = min(steps(position, h) for h in pool)
    return {h for h in pool if steps(position, h) == best}


def catapult_targets(state, position: int) -> set[int]:  # noqa: ANN001
    """Ruling 8 with 23: any free hex of your row or the row ahead (the Castle row
    included); from the airship, row 1."""
    rows = (0,) if position == AIRSHIP else (ROW[position], ROW[position] + 1)
    taken = occupied(state) | set(state.barricades)
    return {h for r in rows if r <= CASTLE for h in row_hexes(r) if h not in taken
            and h != position}


def wish_moves(state, items: tuple[int, ...]) -> set[str]:  # noqa: ANN001
    """Ruling 26: a gem worth at most a die (from the supply) must be taken; with
    none, the wish may be given up; market dice may be changed meanwhile."""
    top = max(state.dice)
    gems = [g for g in range(4) if state.market_dice[g] <= top and state.gem_supply[g]]
    out = {f"wish {GEMS[g]}" for g in gems} or {"take"}
    for key, deltas in (("jackhammer", (-1, 1)), ("dynamite", (-2, -1, 1, 2))):
        if ITEM[key] in items:
            out |= {f"{key} {GEMS[g]} {d:+d}" for g in range(4) for d in deltas}
    if ITEM["libation"] in items:
        out |= {"libation market " + "".join(GEMS[g] for g in range(4) if mask >> g & 1)
                for mask in range(1, 16)}
    return out


def first_reveals(cells: tuple[int, ...], shown: tuple[bool, ...],
                  dice: tuple[int, int]) -> tuple[set[int], bool]:
    """Rulings 17 and 27: count row 1's tiles from the left, wrapping; two counts
    on one tile reveal it and the next face-down tile to its right. Also whether
    both counts met on one tile without a double."""
    tiles = [h for h in row_hexes(0) if cells[h] != NO_TILE]
    if not tiles:
        return set(), False
    a, b = ((d - 1) % len(tiles) for d in dice)
    out = {tiles[a]} if not shown[tiles[a]] else set()
    if a == b:
        after = [tiles[(a + k) % len(tiles)] for k in range(1, len(tiles))]
        out |= set([h for h in after if not shown[h]][:1])
    elif not shown[tiles[b]]:
        out.add(tiles[b])
    return out, a == b and dice[0] != dice[1]


def barricade_row(state) -> int:  # noqa: ANN001
    """Ruling 21: the row above the person furthest ahead (the airship below row 1,
    a finished explorer at the Castle); no barricade at the Castle row or above."""
    def row(position: int) -> int:
        return CASTLE if position == FINISHED else ROW[position] if position >= 0 else -1

    people = [s for s in range(state.players) if s != state.rhom]
    return 1 + max(row(state.seats[s].position) for s in people)


def barricade_hex(state, before_bars: tuple[int, ...], row: int, die: int,  # noqa: ANN001
                  vane: int) -> int | None:
    """Count the row's hexes from the vane's edge; the first free one from there on."""
    hexes = list(row_hexes(row))
    if vane == 1:
        hexes.reverse()
    taken = occupied(state) | set(before_bars)
    start = (die - 1) % len(hexes)
    for k in range(len(hexes)):
        h = hexes[(start + k) % len(hexes)]
        if state.cells[h] != NO_TILE and h not in taken:
            return h
    return None

"""Jewel Box's learned value: the weights of `box_terms`, fitted to final scores.

The table (jewelbox_value.json, made by `python -m
gemtable.ai.heuristics.jewelbox_fit`) holds, per box size, one row of weights
for each number of beetles in the box. A box's value is its terms weighted
by the row for its size and count; a count the table has no row for uses the
hand-set weights, and so does a full box (its value is then its score).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from .jewelbox_terms import TERMS

TABLE_FILE = Path(__file__).with_name("jewelbox_value.json")


class TableError(ValueError):
    """A value table that does not fit the terms this code measures."""


def parse_table(data: dict) -> dict[int, dict[int, tuple[float, ...]]]:
    """{box size: {beetles: row}} from the file's JSON, checked."""
    if data.get("terms") != list(TERMS):
        raise TableError("the table was fitted to other terms; fit it again (jewelbox_fit)")
    out: dict[int, dict[int, tuple[float, ...]]] = {}
    for size_text, rows in data["sizes"].items():
        size = int(size_text)
        out[size] = {}
        for count_text, row in rows.items():
            if len(row) != len(TERMS) or not all(isinstance(x, (int, float)) for x in row):
                raise TableError(f"row {size_text}/{count_text} does not have {len(TERMS)} numbers")
            count = int(count_text)
            if not 0 < count < size * size:
                raise TableError(f"row {size_text}/{count_text}: a box of {size}x{size} "
                                 "has no such partial count")
            out[size][count] = tuple(float(x) for x in row)
    return out


@cache
def learned_rows() -> dict[int, dict[int, tuple[float, ...]]]:
    """The shipped table; empty when there is no file."""
    if not TABLE_FILE.exists():
        return {}
    return parse_table(json.loads(TABLE_FILE.read_text(encoding="utf-8")))

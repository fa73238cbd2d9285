"""What every symbol and colour of the Jewel Box board means (F2, and F1 first)."""

from __future__ import annotations

from ..layout import CUT_LEGEND

LEGEND: tuple[tuple[str, str], ...] = (
    ("S", "Scarab (gold chip)"),
    ("W", "Weevil (blue chip)"),
    ("L", "Ladybug (red chip)"),
    ("H", "Longhorn (purple chip)"),
    ("J", "Jewel beetle (green chip)"),
    ("Log 1 W 2 J ...", "the five log spaces and the beetle on each; a die roll of 1-5 "
                        "takes that space, a 6 lets you choose"),
    ("-", "an empty log space"),
    ("pile 60", "face-down beetles left; they refill the log"),
    ("die [5]", "the last roll"),
    ("in hand", "the beetle you collected and must place now"),
    ("+", "a square where the beetle in hand may go"),
    ("[+]", "the cursor"),
    ("·", "an empty square of the box"),
    ("b c d / 3 4 5", "column letters and row numbers: squares are named like d4"),
    ("n, ×3", "how many beetles of that family the box holds"),
    ("pts", "points that family scores as the box stands now"),
    ("G F E", "Magnifying Glass, Forceps and the Either tool, still unused "
              "(each unused tool is worth 2 points at the end)"),
    ("g f e", "those tools, dim and lower case: used"),
    ("tools", "points from unused tools"),
    ("total", "the box's score as it stands"),
    ("5/16", "squares filled out of the full box"),
    ("►", "the seat whose turn it is"),
    CUT_LEGEND,
)

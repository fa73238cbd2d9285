"""Where dice are counted: the tray's layout and the trimming pool's codes.

The tray and the Crucible dice beside it are counts per colour and face, at
index colour * 6 + face - 1; a die in the trimming pool is that index, plus
24 for a Crucible die.
"""

from __future__ import annotations

CRUCIBLE_CODE = 24
"""Added to a Crucible die's tray index to make its pool code."""


def tray_index(colour: int, face: int) -> int:
    return colour * 6 + face - 1


def pool_code(colour: int, face: int, from_crucible: bool) -> int:
    return tray_index(colour, face) + (CRUCIBLE_CODE if from_crucible else 0)


def pool_die(code: int) -> tuple[int, int, bool]:
    """(colour, face, from the Crucible) of a die code in the trimming pool."""
    return (code % CRUCIBLE_CODE) // 6, code % 6 + 1, code >= CRUCIBLE_CODE


def pool_colour(code: int) -> int:
    return (code % CRUCIBLE_CODE) // 6

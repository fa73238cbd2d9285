"""The Jewel Box board's keys, declared once: the bindings, the key bar's words
for each moment of a turn, and the help screen's lines (keys.md is made from
these).

Key bar tags (`JewelBoxBoard.key_modes`): LOOK when the person cannot act,
GLASS and FORCEPS while a tool waits for its squares (CANCEL while it can
still be put down), and otherwise the phase of the turn, with TYPE.
"""

from __future__ import annotations

from textual.binding import BindingType

from ..base import BoardKey

LOOK, GLASS, FORCEPS, CANCEL = "look", "glass", "forceps", "cancel"
START, START_GLASS, START_FORCEPS = "start", "start-glass", "start-forceps"
CHOOSING, PLACING, AFTER, DISCARDING, TYPE = "choosing", "placing", "after", "discarding", "type"
MOVES = {
    "up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1),
    "k": (-1, 0), "j": (1, 0), "h": (0, -1), "l": (0, 1),
}
LOOKING = frozenset((*MOVES, "tab", "shift+tab", "v", "question_mark"))
"""Keys that only look around: they work even while the board is read-only."""

NOTE = """Mouse: click a square to move there; click again (or double-click) to act.

On screen: the log shows each space's number and beetle, then the pile and the
die. Highlighted `+` squares are where the beetle in hand may go. Beside each
box, `G F E` are the Magnifying Glass, Forceps and Either: a highlighted
capital is still unused, a dim small letter is spent. The table gives each
family's count and points so far, and the line under the boxes explains the
square under the cursor.
"""


def _digits(first: BoardKey) -> list[BoardKey]:
    """`first` (the 1 key) and the other digits, which act the same unseen."""
    return [first, *(BoardKey(str(n), f"digit({n})", show=False) for n in (0, *range(2, 10)))]


def board_keys() -> list[BindingType]:
    """Every key of the board, once; the key bar shows them in this order."""
    moves = [BoardKey(k, f"move({dr}, {dc})", show=False) for k, (dr, dc) in MOVES.items()]
    return [
        BoardKey("up", "move(-1, 0)", "look", key_display="←↑↓→", modes=(LOOK,)),
        BoardKey("v", "next_box", "next box", modes=(LOOK,), doc_rank=9, doc_keys="`v`",
                 doc="show the next box in full (3–4 players at 80x24)"),
        *_digits(BoardKey("1", "digit(1)", "take space", key_display="1-5", modes=(GLASS,),
                          doc_rank=2, doc_keys="`1`–`5`", doc="take that log space after a 6; "
                          "in solo, discard it; after `g`, take it with the glass")),
        BoardKey("p", "pile", "pile top", modes=(GLASS,)),
        BoardKey("up", "move(-1, 0)", "move", key_display="←↑↓→", modes=(FORCEPS, PLACING),
                 doc_rank=5, doc_keys="arrows or `h j k l`",
                 doc="move the cursor over your box"),
        *moves,
        BoardKey("enter", "enter", "pick beetle", key_display="Enter", modes=(FORCEPS,)),
        BoardKey("enter", "enter", "place", key_display="Enter", modes=(PLACING,),
                 doc_rank=7, doc_keys="`Enter` or `Space`",
                 doc="place the beetle (or pick a Forceps square)"),
        BoardKey("space", "enter", show=False),
        BoardKey("tab", "jump(1)", "next square", key_display="Tab", modes=(PLACING,),
                 doc_rank=6, doc_keys="`Tab` / `Shift+Tab`",
                 doc="next / previous square where the beetle may go"),
        BoardKey("shift+tab", "jump(-1)", show=False),
        BoardKey("escape", "cancel", "cancel", key_display="Esc", modes=(CANCEL,),
                 doc_rank=11, doc_keys="`Esc`", doc="cancel a tool or close the message"),
        BoardKey("r", "roll", "roll", modes=(START,), doc_rank=1, doc_keys="`r`",
                 doc="roll the die"),
        BoardKey("g", "tool('glass')", "glass", modes=(START_GLASS,), doc_rank=3,
                 doc_keys="`g`, then `1`–`5` or `p`",
                 doc="Magnifying Glass: a log space, or the top of the pile unseen"),
        BoardKey("d", "done", "done", modes=(AFTER,), doc_rank=8, doc_keys="`d`",
                 doc="end the turn after placing"),
        BoardKey("f", "tool('forceps')", "forceps", modes=(START_FORCEPS, AFTER), doc_rank=4,
                 doc_keys="`f`, then pick two beetles",
                 doc="Forceps: swap them (before collecting, or after placing)"),
        BoardKey("1", "digit(1)", "take", key_display="1-5", modes=(CHOOSING,)),
        BoardKey("1", "digit(1)", "discard", key_display="1-5", modes=(DISCARDING,)),
        BoardKey("colon", "command", "type", key_display=":", modes=(TYPE,), doc_rank=12,
                 doc_keys="`:`", doc="type a move in notation, e.g. `roll`, `take 3`, "
                 "`place d5`, `glass pile`, `swap d4 e4` (takes up the Forceps too), `done`"),
        BoardKey("question_mark", "scoring", show=False, doc_rank=10, doc_keys="`?`",
                 doc="the scoring rules in brief"),
    ]

"""The Workbench board's keys, declared once: the bindings, the key bar's words
for each stage of a round, and the help screen's lines (keys.md is made from
these). Every key goes to `action_press`, which hands it to controls.press.

Key bar tags (`WorkbenchBoard.key_modes`): the stage (design, trim, make,
move), plus what the legal actions allow in it (a pass, the Crucible, a tool
die, storing, discarding), and TYPE whenever the person can act.
"""

from __future__ import annotations

from textual.binding import BindingType

from ..base import BoardKey

DESIGN, TRIM, MAKE, MOVE, TYPE = "design", "trim", "make", "move", "type"
STAGES = (DESIGN, TRIM, MAKE, MOVE)
PASS, CRUCIBLE, LOUPE, BURIN, STORE, DISCARD = (
    "pass", "crucible", "loupe", "burin", "store", "discard")
LETTERS = "rbygcoliasdp"
"""Letters the board reads (in either case): dice colours, tools, and actions."""

INTRO = ("Keys choose, `Enter` plays what the prompt line shows; `Esc` clears, "
         "`Backspace` drops the last choice; `u` takes back your last move.\n")
NOTE = "Mouse: click a tray number to pick it; click a card to choose it.\n"


def _press(key: str, words: str = "", *, key_display: str | None = None,
           modes: tuple[str, ...] = (), doc_when: str = "", doc_keys: str = "", doc: str = "",
           doc_rank: int = 0) -> BoardKey:
    return BoardKey(key, f"press('{key}')", words, show=bool(words), key_display=key_display,
                    modes=modes, doc_when=doc_when, doc_keys=doc_keys, doc=doc,
                    doc_rank=doc_rank)


def board_keys() -> list[BindingType]:
    """Every key of the board, once; the key bar shows them in this order."""
    named = {"1", "r", "enter", "p", "c", "l", "i", "a", "s", "d", "escape", "colon"}
    unseen = [_press(k) for k in (*"02345679", *(c for c in LETTERS if c not in named),
                                  *LETTERS.upper(), "8", "left", "right", "up", "down",
                                  "backspace")]
    return [
        _press("1", "number", key_display="1-6", modes=(DESIGN,), doc_when="design",
               doc_rank=1, doc_keys="`1`–`6`", doc="pick a number in the tray (with a Cloth die, a "
               "neighbouring number adds it; press again to drop)"),
        _press("r", "choose die", key_display="r b y g ←→", modes=(TRIM,),
               doc_when="over 6 dice", doc_rank=4, doc_keys="`r b y g`, a face number, or `←` `→`",
               doc="choose a die to leave; `Enter` leaves it"),
        _press("1", "card", key_display="1-7 ←→", modes=(MAKE,), doc_when="making",
               doc_rank=5, doc_keys="`1`–`7` or arrows", doc="choose a showcase card"),
        _press("1", "from, to", key_display="1-7", modes=(MOVE,), doc_rank=10,
               doc_when="Burin move", doc_keys="card, card, colour",
               doc="move a die from one card to another; `p` skips"),
        _press("r", "die", key_display="r b y g", modes=(MAKE, MOVE), doc_when="making",
               doc_rank=6, doc_keys="`r b y g` / `a`",
               doc="add a die of that colour / every die that fits"),
        _press("a", "all that fit", modes=(MAKE,)),
        _press("enter", "keep", key_display="Enter", modes=(DESIGN,)),
        _press("enter", "leave it", key_display="Enter", modes=(TRIM,)),
        _press("enter", "place", key_display="Enter", modes=(MAKE,)),
        _press("enter", "move", key_display="Enter", modes=(MOVE,)),
        _press("p", "pass", modes=(PASS,), doc_rank=3, doc_when="design", doc_keys="`p`",
               doc="pass when the tray is empty"),
        _press("p", "skip", modes=(MOVE,)),
        _press("c", "Crucible", modes=(CRUCIBLE,), doc_when="design",
               doc_rank=2, doc_keys="`c`, then `r b y g`",
               doc="Crucible: choose the colours of the extra dice"),
        _press("l", "Loupe", modes=(LOUPE,), doc_when="making", doc_rank=7, doc_keys="`l` / `i`",
               doc="add the Loupe die (then the gem it covers) / the Burin die (bur**i**n: "
               "`u` is undo in every game)"),
        _press("i", "Burin", modes=(BURIN,)),
        _press("s", "store", modes=(STORE,), doc_when="making", doc_rank=8, doc_keys="`s`, then `c o l i`",
               doc="store your last die on the Crucible, clOth, Loupe or burIn slot"),
        _press("d", "discard", modes=(DISCARD,), doc_rank=9, doc_when="making", doc_keys="`d`",
               doc="discard dice that fit nowhere"),
        _press("colon", "type", key_display=":", modes=(TYPE,), doc_rank=11, doc_when="any",
               doc_keys="`:`", doc="open a line to type a move, e.g. `pick 3`, `put 3 RB`, "
               "`store R crucible`, `discard`"),
        _press("escape", "clear", key_display="Esc", modes=(DESIGN,)),
        *unseen,
    ]

"""The Workbench board's keys, declared once: the bindings, the key bar's words
for each stage of a round, and the help screen's lines (keys.md is made from
these). Every key goes to `action_press`, which hands it to controls.press.

Key bar tags (`WorkbenchBoard.key_modes`): the stage (design, trim, make,
move), plus what the legal actions allow in it (a pass, each tool whose die
they use, storing, discarding), CHOSEN once something is chosen (Esc and
Backspace undo it), and TYPE whenever the person can act. A
tool's tag is its name: a key declared for it shows, on the key bar and on the
prompt line, whenever the legal actions use that tool.
"""

from __future__ import annotations

from textual.binding import BindingType

from ..drafting import press_key
from .glyphs import TOOL_NAMES

DESIGN, TRIM, MAKE, MOVE, TYPE = "design", "trim", "make", "move", "type"
STAGES = (DESIGN, TRIM, MAKE, MOVE)
PASS, STORE, DISCARD, CHOSEN = "pass", "store", "discard", "chosen"
TOOL_TAGS = tuple(name.lower() for name in TOOL_NAMES)
"""Each tool's key bar tag, in the engine's tool order."""
CRUCIBLE, CLOTH, LOUPE, BURIN = TOOL_TAGS
ARROWS = "←→↑↓"
LETTERS = "rbygcoliasdp"
"""Letters the board reads (in either case): dice colours, tools, and actions."""

INTRO = ("Keys choose, `Enter` plays what the prompt line shows; `Esc` clears, "
         "`Backspace` drops the last choice; `u` takes back your last move.\n")
NOTE = "Mouse: click a tray number to pick it; click a card to choose it.\n"


def board_keys() -> list[BindingType]:
    """Every key of the board, once; the key bar shows them in this order."""
    named = {"1", "r", "enter", "p", "c", "l", "i", "a", "s", "d", "escape", "colon"}
    unseen = [press_key(k) for k in (*"02345679", *(c for c in LETTERS if c not in named),
                                     *LETTERS.upper(), "8", "left", "right", "up", "down")]
    return [
        press_key("1", "number", key_display="1-6", modes=(DESIGN,), doc_when="design",
                  doc_rank=1, doc_keys="`1`–`6`",
                  doc="pick a number in the tray (with a Cloth die, a "
                  "neighbouring number adds it; press again to drop)"),
        press_key("r", "choose die", key_display=f"r b y g 1-6 {ARROWS}", modes=(TRIM,),
                  doc_when="over 6 dice", doc_rank=4,
                  doc_keys="`r b y g`, a face number, or arrows",
                  doc="choose a die to leave; `Enter` leaves it"),
        press_key("1", "card", key_display="1-7", modes=(MAKE,), doc_when="making",
                  doc_rank=5, doc_keys="`1`–`7` or arrows", doc="choose a showcase card"),
        press_key("1", "from, to", key_display="1-7", modes=(MOVE,), doc_rank=10,
                  doc_when="Burin move", doc_keys="card, card, colour",
                  doc="move a die from one card to another; `p` skips"),
        press_key("r", "die", key_display="r b y g", modes=(MAKE, MOVE), doc_when="making",
                  doc_rank=6, doc_keys="`r b y g` / `a`",
                  doc="add a die of that colour / every die that fits"),
        press_key("a", "all that fit", modes=(MAKE,)),
        press_key("enter", "keep", key_display="Enter", modes=(DESIGN,)),
        press_key("enter", "leave it", key_display="Enter", modes=(TRIM,)),
        press_key("enter", "place", key_display="Enter", modes=(MAKE,)),
        press_key("enter", "move", key_display="Enter", modes=(MOVE,)),
        press_key("p", "pass", modes=(PASS,), doc_rank=3, doc_when="design", doc_keys="`p`",
                  doc="pass when the tray is empty"),
        press_key("p", "skip", modes=(MOVE,)),
        press_key("c", "Crucible", modes=(CRUCIBLE,), doc_when="design",
                  doc_rank=2, doc_keys="`c`, then `r b y g`",
                  doc="Crucible: choose the colours of the extra dice"),
        press_key("l", "Loupe die", modes=(LOUPE,), doc_when="making", doc_rank=7, doc_keys="`l`",
                  doc="add your Loupe die to the dice you place, then press the colour of the gem "
                  "it covers (any colour will do)"),
        press_key("i", "Burin die", modes=(BURIN,), doc_when="making", doc_rank=7, doc_keys="`i`",
                  doc="add your Burin die to the dice you place; after placing you may move one "
                  "die from card to card. Its key is the `i` of bur**i**n: `b` is the blue "
                  "die, and `u` takes back your last move in every game"),
        press_key("s", "store", modes=(STORE,), doc_when="making", doc_rank=8,
                  doc_keys="`s`, then `c o l i`",
                  doc="store your last die on a tool: `c` Crucible, `o` Cloth, `l` Loupe, "
                  "`i` Burin"),
        press_key("d", "discard", modes=(DISCARD,), doc_rank=9, doc_when="making", doc_keys="`d`",
                  doc="discard dice that fit nowhere"),
        press_key("colon", "type", key_display=":", modes=(TYPE,), doc_rank=11, doc_when="any",
                  doc_keys="`:`", doc="open a line to type a move, e.g. `pick 3`, `put 3 RB`, "
                  "`store R crucible`, `discard`"),
        press_key("escape", "clear", key_display="Esc", modes=(CHOSEN,)),
        press_key("backspace", "back", key_display="Bksp", modes=(CHOSEN,)),
        # Last, so a narrow key bar drops it first: the numbers choose cards too.
        press_key("left", "card", key_display=ARROWS, modes=(DESIGN, MAKE, MOVE)),
        *unseen,
    ]

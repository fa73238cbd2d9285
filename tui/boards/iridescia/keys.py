"""The Iridescia board's keys, declared once: the bindings, the key bar's words
for each moment of a turn, and the help screen's lines (F1 is made from these).

Key bar tags (`IridesciaBoard.key_modes`): MAP while some legal action is
played on a hex, MENU while other legal actions are listed, GROUP while a
group of the menu is open, LOOK whenever the board is shown, TYPE when the
person can act.
"""

from __future__ import annotations

from textual.binding import BindingType

from ..base import BoardKey

MAP, MENU, GROUP, LOOK, TYPE, PLAYERS = "map", "menu", "group", "look", "type", "players"
MOVES = {
    "up": (1, 0), "down": (-1, 0), "left": (0, -1), "right": (0, 1),
    "k": (1, 0), "j": (-1, 0), "h": (0, -1), "l": (0, 1),
}
"""(rows up, hexes right): the map's row 0 is at the bottom."""
LOOKING = frozenset((*MOVES, "tab", "shift+tab", "v", "question_mark", "g", "o"))
"""Keys that only look around: they work even while the board is read-only."""

INTRO = ("Hexes are chosen on the map; every other action is in the menu beside "
         "it, which lists only what the rules allow now.\n")
NOTE = """On screen: the hex board with the Castle at the top; `(` `)` mark the hexes
you may reveal or move to now, `[` `]` the cursor. The line under the board
explains the hex under the cursor, or the menu line chosen. `?` shows what
every symbol and colour means.
"""


def board_keys() -> list[BindingType]:
    """Every key of the board, once; the key bar shows them in this order."""
    moves = [BoardKey(k, f"move({dr}, {dc})", show=False) for k, (dr, dc) in MOVES.items()]
    digits = [BoardKey(str(n), f"pick({n})", show=False) for n in range(2, 10)]
    return [
        BoardKey("up", "move(1, 0)", "hex", key_display="←↑↓→", modes=(MAP,),
                 doc_rank=1, doc_keys="arrows or `h j k l`",
                 doc="move the cursor over the map (in the menu: up and down the list)"),
        BoardKey("up", "move(1, 0)", "choose", key_display="↑↓", modes=(MENU,)),
        BoardKey("up", "move(1, 0)", "look", key_display="←↑↓→", modes=(LOOK,)),
        *moves,
        BoardKey("tab", "jump(1)", "next hex", key_display="Tab", modes=(MAP,),
                 doc_rank=2, doc_keys="`Tab` / `Shift+Tab`",
                 doc="tab on to the next / previous hex you may act on"),
        BoardKey("shift+tab", "jump(-1)", show=False),
        BoardKey("enter", "enter", "play", key_display="Enter", modes=(MAP, MENU),
                 doc_rank=3, doc_keys="`Enter` or `Space`",
                 doc="reveal or move to the hex under the cursor; in the menu, play the "
                 "chosen line or open its group"),
        BoardKey("space", "enter", show=False),
        BoardKey("m", "menu", "menu", modes=(MAP,), doc_rank=4, doc_keys="`m`",
                 doc="move between the map and the menu of other actions"),
        BoardKey("1", "pick(1)", "line", key_display="1-9", modes=(MENU,), doc_rank=5,
                 doc_keys="`1`–`9`", doc="play (or open) that line of the menu"),
        *digits,
        BoardKey("escape", "back", "back", key_display="Esc", modes=(GROUP,), doc_rank=6,
                 doc_keys="`Esc` or `Backspace`",
                 doc="close the menu group (or the message)"),
        BoardKey("backspace", "back", show=False),
        BoardKey("v", "next_player", "player", modes=(PLAYERS,), doc_rank=7, doc_keys="`v`",
                 doc="show the next player in full (the others stay on one line)"),
        BoardKey("g", "log", "log", modes=(LOOK,), doc_rank=8, doc_keys="`g`",
                 doc="show the log in place of the relic and item markets, and back"),
        BoardKey("o", "objectives", "objectives", modes=(LOOK,), doc_rank=8, doc_keys="`o`",
                 doc="your secret objectives in place of the markets: what each asks, "
                 "whether it is met so far and how far along you are; again to go back"),
        BoardKey("question_mark", "legend", show=False, doc_rank=9, doc_keys="`?`", doc="what each symbol and colour means"),
        BoardKey("colon", "command", "type", key_display=":", modes=(TYPE,), doc_rank=10,
                 doc_keys="`:`", doc="type an action in the game's notation (Esc closes)"),
    ]

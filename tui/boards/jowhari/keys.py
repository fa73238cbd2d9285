"""The Jowhari board's keys, declared once: the bindings, the key bar's words
for each mode, and the help screen's lines (keys.md is made from these)."""

from __future__ import annotations

from textual.binding import BindingType

from ..base import BoardKey

GEM_KEYS = "RBGWK"
"""Capital letters pick gems; while giving gems back the small ones return them."""
PLAY, RETURN, PASS = "play", "return", "pass"
"""Key bar modes: a normal turn, giving gems back (over 10), only a pass left."""
EVERY = (PLAY, RETURN, PASS)


def board_keys() -> list[BindingType]:
    """Every key of the board, once; the key bar shows them in this order."""
    small = [BoardKey(c.lower(), f"give_back({i})", show=False)
             for i, c in enumerate(GEM_KEYS)]
    small[0] = BoardKey("r", "give_back(0)", "give back a gem", key_display="r b g w k",
                        modes=(RETURN,), doc_rank=8, doc_keys="`r b g w k` while over 10 gems",
                        doc="give back one gem of that colour")
    capitals = [BoardKey(c, f"gem({i})", show=False) for i, c in enumerate(GEM_KEYS)]
    capitals[0] = BoardKey(
        "R", "gem(0)", "pick gems", key_display="Shift+R/B/G/W/K", modes=(PLAY,),
        doc_rank=5, doc_keys="`Shift`+`R B G W K`", doc="pick gems to take: up to three "
        "colours, or the same colour twice for two of it; a third press drops it")
    arrows = [BoardKey(k, f"move({dx}, {dy})", show=False) for k, (dx, dy) in
              (("down", (0, 1)), ("left", (-1, 0)), ("right", (1, 0)))]
    return [
        *small,
        BoardKey("p", "pass_turn", "pass", modes=(PASS,), doc_rank=9, doc_keys="`p`",
                 doc="pass (only when nothing else is possible)"),
        *capitals,
        BoardKey("enter", "enter", "take / buy", key_display="Enter", modes=(PLAY,),
                 doc_rank=6, doc_keys="`Enter`", doc="take the picked gems; with none picked, "
                 "buy the card under the cursor (or pass when that is all you can do)"),
        BoardKey("b", "buy", "buy", modes=(PLAY,), doc_rank=3, doc_keys="`b`",
                 doc="buy the card under the cursor"),
        BoardKey("r", "reserve", "reserve", modes=(PLAY,), doc_rank=4, doc_keys="`r`",
                 doc="reserve the card under the cursor, or the top card of the deck under it"),
        BoardKey("up", "move(0, -1)", "move", key_display="←↑↓→", modes=EVERY,
                 doc_rank=1, doc_keys="arrows or `h j k l`", doc="move over the cards: level 3, "
                 "level 2, level 1, then your hand; each level row starts with its deck"),
        *arrows,
        BoardKey("colon", "command", "type a move", key_display=":", modes=(PLAY, RETURN),
                 doc_rank=10, doc_keys="`:`", doc="type a move, e.g. `take RBG`, `take KK`, "
                 "`buy 2b`, `buy h1`, `reserve d2`, `return W`"),
        BoardKey("2", "prefix('2')", "jump to slot", key_display="2b d3 h1", modes=(PLAY,),
                 doc_rank=2, doc="jump to that card or deck",
                 doc_keys="a slot name: `1a`–`1d`, `2a`–`2c`, `3a`–`3c`, `d1`–`d3`, `h1`–`h3`"),
        *(BoardKey(k, f"prefix('{k}')", show=False) for k in "13d"),
        BoardKey("h", "move(-1, 0, 'h')", "move", key_display="hjkl", modes=(PLAY,)),
        *(BoardKey(k, f"move({dx}, {dy})", show=False)
          for k, (dx, dy) in (("j", (0, 1)), ("k", (0, -1)), ("l", (1, 0)))),
        BoardKey("backspace", "unpick", "unpick", key_display="Bksp Esc", modes=(PLAY,),
                 doc_rank=7, doc_keys="`Backspace` / `Esc`",
                 doc="drop the last picked gem / drop them all"),
        BoardKey("escape", "clear", show=False),
        BoardKey("p", "pass_turn", "pass if stuck", modes=(PLAY,)),
        *(BoardKey(k, f"hint('{k}')", show=False) for k in ("g", "w", "y", "Y")),
    ]

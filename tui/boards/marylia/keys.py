"""The Marylia board's keys, declared once: the bindings, the key bar's words
for each stage, and the help screen's lines (keys.md is made from these).
Every key goes to `action_press`, which hands it to controls.press.

Key bar tags (`MaryliaBoard.key_modes`): the stage (place, act, forge, sell,
discard, join, bid), and TYPE whenever the person can act but is not choosing
one of the six actions: those fill an 80-column key bar alone (the prompt
line names the city numbers, Enter and `:` then).
"""

from __future__ import annotations

from textual.binding import BindingType

from gemtable.engine.games.marylia.components import LETTERS

from ..drafting import press_key

PLACE, ACT, FORGE, SELL, DISCARD, JOIN, BID, TYPE = (
    "place", "act", "forge", "sell", "discard", "join", "bid", "type")

INTRO = ("Keys choose, `Enter` plays what the prompt line shows; `Esc` clears. "
         "A turn is three actions; the same one may be repeated.\n")


def board_keys() -> list[BindingType]:
    """Every key of the board, once; the key bar shows them in this order."""
    named = {"1", "t", "b", "f", "i", "w", "c", "j", "p", "g", "enter", "escape", "colon",
             "tab", "backspace", "0"}
    letters = sorted((set(LETTERS) | set("tbfiwcjp")) - named)
    unseen = [press_key(k) for k in (*"234567", "8", "9", *letters, "left", "right")]
    return [
        press_key("t", "travel", modes=(ACT,), doc_rank=2, doc_when="your turn",
                  doc_keys="`t` `b` `f` `i` `w` `c`",
                  doc="the six actions: travel, buy the city's card, forge, interact (sell to "
                  "an Acquirer, use a Mercenary, fight a Monster), wait (refill the city), "
                  "collect a coin"),
        press_key("b", "buy", modes=(ACT,)),
        press_key("f", "forge", modes=(ACT,)),
        press_key("i", "interact", modes=(ACT,)),
        press_key("w", "wait", modes=(ACT,)),
        press_key("c", "coin", modes=(ACT,)),
        press_key("1", "city", key_display="1-7", modes=(PLACE,), doc_rank=1,
                  doc_when="your turn", doc_keys="`1`–`7` or `←` `→`",
                  doc="choose a city: the lines under the table say what its cards do; on your "
                  "turn it prepares the travel there (the header shows what it costs)"),
        press_key("g", "card", key_display="g a t z e s r d", modes=(FORGE, DISCARD), doc_rank=3,
                  doc_when="forging", doc_keys="`g a t z e s r d`",
                  doc="pick a card of that kind (gold, amethyst, turquoise, topaz, emerald, "
                  "sapphire, ruby, diamond); `Backspace` takes one back"),
        press_key("tab", "suggest", key_display="Tab", modes=(FORGE,), doc_rank=4,
                  doc_when="forging", doc_keys="`Tab`",
                  doc="fill in the next thing your hand can forge, best value first"),
        press_key("0", "", modes=(), doc_rank=5, doc_when="selling", doc_keys="`1`–`9`",
                  doc="which of your forged items to sell (or to sell if you win a sale auction)"),
        press_key("1", "item", key_display="1-9", modes=(SELL,)),
        press_key("1", "bid", key_display="0-9 Bksp", modes=(BID,)),
        press_key("j", "join", modes=(JOIN,), doc_rank=6, doc_when="auction",
                  doc_keys="`j` / `p`", doc="join the auction for 1 coin / stay out"),
        press_key("p", "stay out", modes=(JOIN,)),
        press_key("backspace", "", modes=(), doc_rank=7, doc_when="bidding",
                  doc_keys="digits, `Backspace`",
                  doc="type your sealed bid (0 to your coins); nobody else sees it until "
                  "every bid is in"),
        press_key("enter", "play", key_display="Enter", modes=(PLACE, FORGE, SELL, DISCARD, JOIN,
                                                               BID)),
        press_key("escape", "clear", key_display="Esc", modes=(FORGE, SELL)),
        press_key("colon", "type", key_display=":", modes=(TYPE,), doc_rank=8, doc_when="any",
                  doc_keys="`:`", doc="open a line to type an action, e.g. `travel 3`, "
                  "`forge gaar`, `sell 1`, `bid 7`"),
        *unseen,
    ]

"""What every symbol and colour of the Workbench board means (F2, and F1 first)."""

from __future__ import annotations

from ..layout import CUT_LEGEND

LEGEND: tuple[tuple[str, str], ...] = (
    ("R B Y G", "the four colours of dice and gems: red ruby, blue sapphire, "
                "yellow amber, green emerald"),
    ("RRGGg", "a card's gems: a capital letter is covered by a die, a small one is open"),
    ("5pt", "what the card scores when it is finished"),
    ("fit 2", "how many of your held dice fit its open gems"),
    ("✓", "your dice would finish the card"),
    ("rose / yellow / white", "the card's metal"),
    ("ring, brac, pend, earr", "the piece: ring, bracelet, pendant, earrings"),
    ("held GG", "the dice you kept this round, still to be placed"),
    ("Crucible -", "a tool slot and the die stored on it; - when empty"),
    ("rose:", "the finished jewels after it are of that metal (rose, yellow or white gold)"),
    ("brac BYY", "a finished jewel: its piece, then its gems (here a bracelet with a "
                 "sapphire and two ambers)"),
    ("[ring RGG, earr RBB]+2", "a collection (in brackets) and the prestige it adds: here a "
                               "ring with a ruby and two emeralds, and earrings with a ruby and "
                               "two sapphires: jewels of one metal, each a different piece, "
                               "with a gem colour in common (ruby), add 2; three such jewels "
                               "add 4, four add 8. A jewel outside the brackets is in no "
                               "collection (the game groups them for the most prestige)"),
    ("✓earrings +5", "a commission this player has claimed (here the earrings: the first to "
                     "finish 3 earrings), worth 5 prestige"),
    ("tools C:Y O:- L:- I:-", "another player's tool slots in short, by the key that stores "
                              "there: C Crucible, O Cloth, L Loupe, I Burin; the die on each, "
                              "- when empty"),
    ("jewels 7", "how many jewels that player has finished"),
    ("sets+4", "the prestige that player's collections score"),
    ("✓1", "how many commissions that player has claimed"),
    ("(5 rose, 2 white)", "that player's finished jewels per metal"),
    ("Initiative Seat 1", "the seat that rolls the tray and picks first this round"),
    ("Reserve 8R 8B 9Y 6G", "dice not in play, per colour"),
    ("Deck 41", "face-down cards left to refill the showcase"),
    ("3 rings (you 0/3)", "a commission: the first to finish 3 rings scores it; "
                          "you have finished 0 of the 3"),
    ("7 sapphires (you 1/7)", "a commission: the first whose finished jewels hold 7 "
                              "sapphire gems scores it; yours hold 1 of the 7"),
    ("3 bracelets ✓Seat 2", "a commission already claimed, and by whom"),
    ("►", "the cursor, or the seat acting now"),
    CUT_LEGEND,
)

"""What every symbol and colour of the Workbench board means (F2, and F1 first)."""

from __future__ import annotations

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
    ("Initiative Seat 1", "the seat that rolls the tray and picks first this round"),
    ("Reserve 8R 8B 9Y 6G", "dice not in play, per colour"),
    ("Deck 41", "face-down cards left to refill the showcase"),
    ("3 rings (you 0/3)", "a commission: the first to finish 3 rings scores it; "
                          "you have finished 0 of the 3"),
    ("7 sapphires (you 1/7)", "a commission: the first whose finished jewels hold 7 "
                              "sapphire gems scores it; yours hold 1 of the 7"),
    ("►", "the cursor, or the seat acting now"),
)

"""What every symbol and colour of the Jowhari board means (F2, and F1 first)."""

from __future__ import annotations

from ..layout import CUT_LEGEND

LEGEND: tuple[tuple[str, str], ...] = (
    ("R B G W K", "gem colours: red, blue, green, white, black (a chip in that colour)"),
    ("Y", "gold: stands in for any one gem when buying; you get one with each reserve"),
    ("3a  G  5pt", "a card: its slot (level 3, slot a), the colour it adds to your "
                   "bonuses, and its prestige points"),
    ("7B 3G", "what a card costs in gems, before your bonuses"),
    ("-5", "you are 5 gems short of that card, counting your bonuses and gold"),
    ("✓", "you can buy that card now"),
    ("d3 deck, 16 left", "the face-down deck of level 3 and how many cards it holds; "
                         "reserve its top card unseen"),
    ("▮1", "a face-down card of level 1 in someone's hand (only its owner sees it)"),
    ("W5 3W7K", "a card in a hand seen by everyone: colour W, 5 points, cost 3W 7K"),
    ("0+1", "in the players' table: gems held of that colour + bonus from bought cards "
            "(a bonus is a discount for every later card)"),
    ("-", "none of that colour"),
    ("gems", "gem tokens held, gold not counted: at most 10 at the end of your turn"),
    ("pts", "prestige points: 10 or more ends the game after the round"),
    ("1st", "the first seat to reach 10 points (it wins a tie)"),
    ("cards", "cards bought"),
    ("hand", "your reserve: up to 3 cards, which only you may buy"),
    ("Supply 7Y, 4R 0B", "tokens left on the table to take"),
    ("►", "the cursor, or the seat whose turn it is"),
    ("yellow words", "a warning or a refusal; green words: done, or possible now"),
    CUT_LEGEND,
)

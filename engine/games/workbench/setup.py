"""The deal of a Workbench game, and how long a game of each set-up can run."""

from __future__ import annotations

import random

from .components import CARD_COUNT, COMMISSION_TOTAL, DICE_PER_COLOUR, GEMS, TOOLS
from .rounds import commissions_in_play, start_round
from .state import KEEP_LIMIT, NO_DICE, ROLL, ROUNDS, SHOWCASE_SIZE, Seat, WorkbenchState


def new_state(players: int, rng: random.Random, variant: str) -> WorkbenchState:
    deck = list(range(CARD_COUNT))
    rng.shuffle(deck)
    showcase = tuple(deck.pop() for _ in range(SHOWCASE_SIZE[players]))
    commissions = rng.sample(range(COMMISSION_TOTAL), commissions_in_play(variant, players))
    empty = Seat((0, 0, 0, 0), (-1, -1, -1, -1), (), ())
    state = WorkbenchState(
        players=players,
        variant=variant,
        round=0,
        initiative=0,
        current=0,
        step=ROLL,
        deck=tuple(deck),
        showcase=showcase,
        missing=tuple(GEMS[card] for card in showcase),
        strays=((),) * len(showcase),
        reserve=(DICE_PER_COLOUR,) * 4,
        tray=NO_DICE,
        extra=NO_DICE,
        pending=(0, 0, 0, 0),
        pool=(),
        seats=(empty,) * players,
        commissions=tuple(sorted(commissions)),
        turns=0,
    )
    return start_round(state)


def max_turns(players: int, variant: str) -> int:
    # A round gives each seat one design turn and, per die it kept, at most
    # one making turn, plus one for each of the four tools used on its own
    # (a Loupe or Burin placement) and one to store or discard the rest.
    per_seat = 1 + KEEP_LIMIT + len(TOOLS) + 1
    return ROUNDS[variant][players] * players * per_seat

"""Jewels: The Workbench: draft dice from a shared roll, set them into jewel cards (2 to 4 players)."""

from __future__ import annotations

import random
from pathlib import Path

from gemtable.engine.core import Game, Variant

# state first: it loads the rule modules, which need its classes.
from .state import KEEP_LIMIT, NO_DICE, ROLL, ROUNDS, SHOWCASE_SIZE, Seat, WorkbenchState  # isort: skip
from . import actions, cards
from .cards import CARD_COUNT, COMMISSION_TOTAL, DICE_PER_COLOUR, EMPTY, GEMS, TOOLS
from .notation import WRITTEN
from .rounds import commissions_in_play, start_round


class WorkbenchGame(Game[WorkbenchState]):
    id = "workbench"
    title = "Jewels: The Workbench"
    short_title = "Workbench"
    summary = (
        "draft dice from a tray and set them into jewel cards with four workbench tools"
    )
    min_players = 2
    max_players = 4
    variants = (
        Variant("standard", "Standard", "10 / 9 / 8 rounds for 2 / 3 / 4 players, with commissions."),
        Variant("introductory", "Introductory",
                "6 / 6 / 4 rounds for 2 / 3 / 4 players, no commission cards."),
    )
    has_hidden_information = True
    has_chance = True
    rules_file = Path(__file__).with_name("rules.md")
    notation = WRITTEN

    def action_space(self, players: int, variant: str) -> tuple[str, ...]:
        from . import space  # the numbering is for outside programs: built only when asked

        return space.action_space(players, variant)

    def max_turns(self, players: int, variant: str) -> int:
        # A round gives each seat one design turn and, per die it kept, at most
        # one making turn, plus one for each of the four tools used on its own
        # (a Loupe or Burin placement) and one to store or discard the rest.
        per_seat = 1 + KEEP_LIMIT + len(TOOLS) + 1
        return ROUNDS[variant][players] * players * per_seat

    def _new(self, players: int, rng: random.Random, variant: str) -> WorkbenchState:
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


GAME = WorkbenchGame()
WorkbenchState.game = GAME

__all__ = ["EMPTY", "GAME", "Seat", "WorkbenchGame", "WorkbenchState", "actions", "cards"]

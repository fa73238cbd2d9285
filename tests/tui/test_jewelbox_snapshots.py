"""The Jewel Box game screen at the start, in the middle and at the end of a
game, solo, for two and for four, at 80x24 and 120x40; kept as SVG and plain
text under screenshots/ (`pytest --snapshot-update` rewrites them).

Same helpers and normalisation as test_tui_snapshots.py: seeded test bots, a
seeded person pressing nothing but what the test posts, no clock on screen.
"""

from __future__ import annotations

import random

import pytest
from tui_support import (
    make_app,
    match_screen,
    render_text,
    screenshot_bots,
    settled,
    until,
)

from gemtable.engine.games.jewelbox.state import PLACING
from gemtable.tui.app import StartTable
from gemtable.tui.boards import board_for
from gemtable.tui.boards.base import Board
from gemtable.tui.screens.end import EndScreen
from gemtable.tui.screens.game import GameScreen
from gemtable.tui.table import Table

SEATS = {1: ["human"], 2: ["human", "greedy"], 4: ["human", "greedy", "random", "greedy"]}
CASES = [(1, (80, 24)), (1, (120, 40)), (2, (80, 24)), (2, (120, 40)), (4, (80, 24))]
IDS = [f"{players}p-{w}x{h}" for players, (w, h) in CASES]
SEED = 11


@pytest.fixture
def check(snapshot):
    def check_screen(app, name: str, players: int) -> None:
        text = render_text(app)
        for line in text.splitlines():
            assert len(line) <= app.size.width
        match_screen(snapshot, app, f"jewelbox_{name}_{players}p", text=text)

    return check_screen


def jewelbox_app(seats: list[str]):
    table = Table.create("jewelbox", seats, seed=SEED, bots=screenshot_bots)
    return table, make_app(StartTable(table), board_class=board_for)


@pytest.mark.parametrize(("players", "size"), CASES, ids=IDS)
async def test_start(players, size, check):
    table, app = jewelbox_app(SEATS[players])
    async with app.run_test(size=size) as pilot:
        await settled(pilot, app, table)
        check(app, "start", players)


@pytest.mark.parametrize(("players", "size"), CASES, ids=IDS)
async def test_mid_game_placing(players, size, check):
    """Seat 1 plays seeded random moves (tools included) for a third of the
    game, then is shown placing a beetle: free squares lit, totals previewed."""
    table, app = jewelbox_app(SEATS[players])
    rng = random.Random(SEED)
    turns = table.true_state.size ** 2 // 3

    def mine() -> bool:
        return table.true_state.to_move == 0

    async with app.run_test(size=size) as pilot:
        while True:
            await until(pilot, mine)
            await settled(pilot, app, table)
            state = table.true_state
            if state.phase == PLACING and state.seats[0].beetles >= turns:
                break
            step = table.step
            app.screen.board.post_message(Board.ActionChosen(rng.choice(state.legal_actions())))
            await until(pilot, lambda s=step: table.step > s)
        check(app, "mid", players)


@pytest.mark.parametrize(("players", "size"), CASES, ids=IDS)
async def test_end(players, size, check):
    """Bots play to the end: the results, then the finished boxes (v)."""
    table, app = jewelbox_app(["random"] * players)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EndScreen), timeout=60)
        await pilot.pause()
        check(app, "end", players)
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await settled(pilot, app, table)
        check(app, "end_boxes", players)

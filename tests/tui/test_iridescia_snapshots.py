"""The Gems of Iridescia game screen at 80x24 and 120x40: the start, a
mining roll waiting for its dice to be changed, the Rhom's turn, and the end
(results, then the board with each set bonus and where every wild went),
kept as SVG and plain text under screenshots/ (`pytest --snapshot-update`
rewrites them).

Same helpers and normalisation as test_tui_snapshots.py. The players are
test players (iridescia_support): a fixed script for the person's seat and
for the seat labelled greedy, and a Rhom seat that only declares itself, so
a change to the real bots does not redraw these screens.
"""

from __future__ import annotations

import pytest
from iridescia_support import iridescia_bots, scripted_choice
from tui_support import make_app, match_screen, real_board, render_text, settled, until

from gemtable.engine.games.iridescia import state as ST
from gemtable.engine.games.iridescia.components import RHOM_CARDS
from gemtable.tui.app import StartTable
from gemtable.tui.boards.base import Board
from gemtable.tui.screens.breakdown import breakdown_rows
from gemtable.tui.screens.end import EndScreen
from gemtable.tui.screens.game import GameScreen
from gemtable.tui.table import Table

SIZES = [(80, 24), (120, 40)]
IDS = [f"{w}x{h}" for w, h in SIZES]
SEED = 5
SOLO = ["human", "rhom"]
DUEL = ["human", "greedy"]


@pytest.fixture
def check(snapshot):
    def check_screen(app, name: str) -> None:
        text = render_text(app)
        for line in text.splitlines():
            assert len(line) <= app.size.width
        match_screen(snapshot, app, f"iridescia_{name}", text=text)

    return check_screen


def iridescia_app(seats: list[str], seed: int = SEED):
    table = Table.create("iridescia", seats, seed=seed, bots=iridescia_bots)
    return table, make_app(StartTable(table), board_class=real_board)


def human_to_act(table: Table) -> bool:
    return table.true_state.to_move == 0


async def play_script_until(pilot, app, table: Table, done, limit: int = 400) -> None:
    """The person at seat 1 plays the test script, as the board posts actions,
    until `done(state)` holds when it is their move."""
    for _ in range(limit):
        await until(pilot, lambda: human_to_act(table) or table.is_over)
        await settled(pilot, app, table)
        if done(table.true_state):
            return
        step = table.step
        app.screen.board.post_message(Board.ActionChosen(scripted_choice(table.true_state.view(0))))
        await until(pilot, lambda s=step: table.step > s)
    raise AssertionError("the script never reached the position")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_start_solo(size, check):
    """Solo against the Rhom: the person has said explorer, the Rhom has landed."""
    table, app = iridescia_app(SOLO)
    async with app.run_test(size=size) as pilot:
        await play_script_until(pilot, app, table, lambda s: s.step == ST.REVEAL)
        check(app, "start_solo")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_start_two_players(size, check):
    """Two explorers: the first turn, every hex of row 1 offered."""
    table, app = iridescia_app(DUEL)
    async with app.run_test(size=size) as pilot:
        await play_script_until(pilot, app, table, lambda s: s.step == ST.REVEAL)
        check(app, "start_2p")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_mining_roll(size, check):
    """Mid-game: the person's mining dice wait, and the menu offers the items that change them."""
    table, app = iridescia_app(DUEL)
    async with app.run_test(size=size) as pilot:
        await play_script_until(pilot, app, table, lambda s: s.step == ST.RESOLVE and s.turns >= 6)
        check(app, "mining_2p")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_the_rhoms_turn(size, check):
    """Solo, a few turns in: the Rhom has just played its card; the log says what it did."""
    table, app = iridescia_app(SOLO)
    async with app.run_test(size=size) as pilot:
        await play_script_until(pilot, app, table,
                                lambda s: s.step == ST.REVEAL and s.turns >= 8)
        check(app, "rhom_solo")


def _rhom_card_with_an_icon(state: ST.IridesciaState) -> bool:
    return bool(state.rhom_pile) and RHOM_CARDS[state.rhom_pile[-1]].icon != "none"


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_your_objectives(size, check):
    """Solo, the Rhom has just played a card with an icon (its words under the
    card) and the person opens their objectives (o): what each asks, met or
    not so far, and how far along."""
    table, app = iridescia_app(SOLO)
    async with app.run_test(size=size) as pilot:
        await play_script_until(pilot, app, table,
                                lambda s: s.step == ST.REVEAL and _rhom_card_with_an_icon(s))
        await pilot.press("o")
        await settled(pilot, app, table)
        text = render_text(app)
        assert "Your objectives" in text and "now:" in text
        assert "Rhom card" in text and "The Rhom" in text
        check(app, "objectives_solo")


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_end(size, check):
    """Bots play to the end: the results, then the board with the final breakdown (v)."""
    table, app = iridescia_app(["greedy", "rhom"])
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EndScreen), timeout=120)
        await pilot.pause()
        check(app, "end_solo")
        text = render_text(app)
        assert "Enter menu" in text  # the keys stay on screen below a long breakdown
        end = app.screen
        rows = breakdown_rows(end.result.breakdowns, end.result.order())
        assert [label for label, _ in rows][-1] == "Total"  # a total closes the table
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await settled(pilot, app, table)
        check(app, "end_board_solo")

"""The Workbench game screen rendered at 80x24 and 120x40: the design phase,
the manufacturing phase and the end, for 2 players (and 4 at 80x24), kept as
SVG and plain text under screenshots/ with the helpers and normalisation of
test_tui_snapshots.py. `pytest --snapshot-update` rewrites them after an
intended change.

The opponents are test bots defined here, not the real ones, so a change to a
bot's heuristic does not redraw these screens; they sit under a kind a person
can choose ("greedy"), played by `TidyBot`, which finishes the biggest
card it can, else places as many dice as it can, else picks the number whose
dice fit most open gems; it is deterministic.
"""

from __future__ import annotations

import pytest
from tui_support import (
    bots,
    make_app,
    match_screen,
    real_board,
    settled,
    until,
)

from gemtable.engine import State
from gemtable.engine.games.workbench import actions
from gemtable.engine.games.workbench.components import SIZE
from gemtable.engine.games.workbench.state import MAKE
from gemtable.tui.app import StartTable
from gemtable.tui.boards.base import Board
from gemtable.tui.screens.end import EndScreen
from gemtable.tui.table import Table

SIZES = [(80, 24), (120, 40)]
SEED = 3


class TidyBot:
    """Finish the biggest card, else place the most dice, else pick the most that fit."""

    kind = "greedy"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: State) -> object:
        assert view.viewer is not None, "a bot was handed the true state"
        legal = view.legal_actions()
        return max(legal, key=lambda action: self._rank(view, action))

    @staticmethod
    def _rank(view, action) -> tuple[int, int]:
        if isinstance(action, actions.Put):
            placed = sum(action.dice) + (action.loupe >= 0) + action.burin
            done = placed == sum(view.missing[action.slot])
            return (SIZE[view.showcase[action.slot]] if done else 0, placed)
        if isinstance(action, actions.Pick):
            open_gems = [sum(m[c] for card, m in zip(view.showcase, view.missing, strict=True)
                             if card >= 0) for c in range(4)]
            faces = [f for f in (action.number, action.neighbour) if f]
            kept = [sum(view.tray[c * 6 + f - 1] + view.extra[c * 6 + f - 1] for f in faces)
                    for c in range(4)]
            return (0, sum(min(k, o) for k, o in zip(kept, open_gems, strict=True)))
        return (0, 0)


def snapshot_bots(kind: str, *, game_id: str, seed: int) -> object:
    return TidyBot(seed) if kind == "greedy" else bots(kind, game_id=game_id, seed=seed)


@pytest.fixture
def check(snapshot):
    return lambda app, name: match_screen(snapshot, app, name)


def workbench_app(seats, *, seed: int = SEED):
    table = Table.create("workbench", seats, seed=seed, bots=snapshot_bots)
    return table, make_app(StartTable(table), board_class=real_board)


def human_to_act(table: Table) -> bool:
    return table.true_state.to_move == 0


async def play_tidy(pilot, app, table: Table, moves: int) -> None:
    """The person at seat 1 plays `moves` of TidyBot's choices, as the board posts them."""
    tidy = TidyBot(0)
    for _ in range(moves):
        await until(pilot, lambda: human_to_act(table))
        await settled(pilot, app, table)
        step = table.step
        action = tidy.choose(table.true_state.view(0))
        app.screen.board.post_message(Board.ActionChosen(action))
        await until(pilot, lambda s=step: table.step > s)


def screens(players: int):
    sizes = SIZES if players == 2 else SIZES[:1]
    return [pytest.param(size, players, id=f"{players}p-{size[0]}x{size[1]}") for size in sizes]


def name(kind: str, players: int) -> str:
    return f"workbench_{kind}" + ("" if players == 2 else f"_{players}p")


@pytest.mark.parametrize(("size", "players"), screens(2) + screens(4))
async def test_design_phase(size, players, check):
    """Round 2, the person holds the tray and picks first: tools may be stored."""
    table, app = workbench_app(["human"] + ["greedy"] * (players - 1))
    async with app.run_test(size=size) as pilot:
        # Round 1 (seat 1 starts) ... until the tray comes back round to seat 1.
        while not (table.true_state.round == players and human_to_act(table)):
            await play_tidy(pilot, app, table, 1)
        await until(pilot, lambda: human_to_act(table))
        await settled(pilot, app, table)
        app.screen.board.focus()
        await pilot.press(str(table.true_state.legal_actions()[0].number))
        await pilot.pause()
        check(app, name("design", players))


@pytest.mark.parametrize(("size", "players"), screens(2) + screens(4))
async def test_manufacturing_phase(size, players, check):
    """Round 3, the person's first manufacturing turn, dice already on cards."""
    table, app = workbench_app(["human"] + ["greedy"] * (players - 1))
    async with app.run_test(size=size) as pilot:
        while not (table.true_state.round == 2 and human_to_act(table)
                   and table.true_state.step == MAKE):
            await play_tidy(pilot, app, table, 1)
        await until(pilot, lambda: human_to_act(table))
        await settled(pilot, app, table)
        app.screen.board.focus()
        await pilot.press("a")  # every die of the card under the cursor that fits
        await pilot.pause()
        check(app, name("making", players))


@pytest.mark.parametrize(("size", "players"), screens(2) + screens(4))
async def test_end(size, players, check):
    table, app = workbench_app(["greedy"] * players)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EndScreen), timeout=60)
        await pilot.pause()
        check(app, name("end", players))

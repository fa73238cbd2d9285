"""Random keys, pastes and resizes on every screen (see monkey.py): the app
never raises nor shows a traceback, and every move made at a table is legal
and in its log. Each game's board is covered at two and at its most players,
so a newly registered game is too.
"""

from __future__ import annotations

import zlib

import pytest
from monkey import run_monkey
from tui_support import bots, make_app, real_board, until

from gemtable.engine import registry
from gemtable.engine.gamelog import load
from gemtable.tui.app import StartMenu, StartReplay, StartTable
from gemtable.tui.screens.arena import ArenaScreen
from gemtable.tui.screens.curtain import CurtainScreen
from gemtable.tui.screens.end import EndScreen
from gemtable.tui.screens.game import GameScreen
from gemtable.tui.screens.menu import MenuScreen
from gemtable.tui.screens.replay import ReplayScreen
from gemtable.tui.table import Table
from gemtable.tui.table.storage import games_dir, open_log


def seed_of(name: str) -> int:
    return zlib.crc32(name.encode())


class Tables:
    """Tables made for the monkey, each checked once its app is done with."""

    def __init__(self, tmp_path, game_id: str, seats: list[str], *, delay: float = 0.0,
                 finished: bool = False) -> None:
        self.tmp_path, self.game_id, self.seats = tmp_path, game_id, seats
        self.delay, self.finished = delay, finished
        self.made: list[Table] = []

    def new(self) -> Table:
        number = len(self.made)
        table = Table.create(self.game_id, self.seats, seed=number + 1, bots=bots,
                             delay=self.delay, log=self.tmp_path / f"table{number}.jsonl")
        if self.finished:
            table.start()
            assert table.wait_for(lambda t: t.is_over, 60)
        self.made.append(table)
        return table

    def check(self, app) -> None:
        table = self.made[-1]
        table.close()
        logged = load(table.path)  # re-plays every move: each must be legal
        assert logged.actions == tuple(entry.action for entry in table.history)


def logs_load(app) -> None:
    """Every game the monkey started from the menu left a log that re-plays."""
    for path in sorted(games_dir().glob("*.jsonl")):
        load(path)


def _board_cases():
    for game in registry.all():
        for players in sorted({max(2, game.min_players), game.max_players}):
            yield pytest.param(game.id, players, id=f"{game.id}-{players}p")


BOARD_CASES = list(_board_cases())


@pytest.mark.parametrize(("game_id", "players"), BOARD_CASES)
async def test_monkey_on_a_board(game_id, players, tmp_path):
    tables = Tables(tmp_path, game_id, ["human"] + ["random"] * (players - 1))

    async def ready(pilot, app):
        await until(pilot, lambda: isinstance(app.screen, GameScreen))

    await run_monkey(lambda: make_app(StartTable(tables.new()), board_class=real_board),
                     seed_of(f"board {game_id} {players}"), ready=ready, after=tables.check)


async def test_monkey_on_the_menu(tmp_path):
    async def ready(pilot, app):
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))

    await run_monkey(lambda: make_app(StartMenu(), board_class=real_board), seed_of("menu"),
                     ready=ready, after=logs_load)


async def test_monkey_on_the_hot_seat_curtain(tmp_path):
    tables = Tables(tmp_path, "jowhari", ["human", "human"])

    async def ready(pilot, app):
        await until(pilot, lambda: isinstance(app.screen, CurtainScreen))

    await run_monkey(lambda: make_app(StartTable(tables.new())), seed_of("curtain"),
                     ready=ready, after=tables.check)


async def test_monkey_while_watching_bots(tmp_path):
    tables = Tables(tmp_path, "jowhari", ["random", "random"], delay=0.02)

    async def ready(pilot, app):
        await until(pilot, lambda: isinstance(app.screen, GameScreen))

    await run_monkey(lambda: make_app(StartTable(tables.new())), seed_of("watch"),
                     ready=ready, after=tables.check)


async def test_monkey_on_the_end_screen(tmp_path):
    tables = Tables(tmp_path, "jowhari", ["random", "random"], finished=True)

    async def ready(pilot, app):
        await until(pilot, lambda: isinstance(app.screen, EndScreen))

    await run_monkey(lambda: make_app(StartTable(tables.new())), seed_of("end"),
                     ready=ready, after=tables.check)


async def test_monkey_on_a_replay(tmp_path):
    tables = Tables(tmp_path, "jowhari", ["random", "random"], finished=True)
    loaded = open_log(tables.new().path)

    async def ready(pilot, app):
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))

    await run_monkey(lambda: make_app(StartReplay(loaded)), seed_of("replay"), ready=ready)


async def test_monkey_on_the_arena(tmp_path):
    async def ready(pilot, app):
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, ArenaScreen))
        app.screen.worker_count = 1  # games in this process: no worker processes to start

    await run_monkey(lambda: make_app(StartMenu()), seed_of("arena"), ready=ready)

"""Every screen rendered at 80x24 and 120x40, kept as SVG and plain text under
screenshots/. A difference fails the test; `pytest --snapshot-update` rewrites
the files after an intended change.

Fixed seeds, seeded test bots, no clock on screen, the spinner frozen: the
same code renders the same files.
"""

from __future__ import annotations

import threading

import pytest
from textual.widgets import Markdown
from tui_support import (
    FirstBot,
    bots,
    make_app,
    match_screen,
    real_board,
    screenshot_bots,
    settled,
    until,
)

from gemtable.tui.app import StartMenu, StartReplay, StartTable, _ai_levels
from gemtable.tui.boards.base import Board
from gemtable.tui.boards.generic import GenericBoard
from gemtable.tui.screens.curtain import CurtainScreen
from gemtable.tui.screens.dialogs import ConfirmScreen
from gemtable.tui.screens.end import EndScreen
from gemtable.tui.screens.game import GameScreen
from gemtable.tui.screens.rules import RulesScreen
from gemtable.tui.table import Table
from gemtable.tui.table.storage import open_log

SIZES = [(80, 24), (120, 40)]
MENU_KINDS = ("random", "greedy", "mcts")


@pytest.fixture
def check(snapshot):
    return lambda app, name: match_screen(snapshot, app, name)


def jowhari_app(seats, *, seed: int, **options):
    table = Table.create("jowhari", seats, seed=seed,
                         bots=options.pop("bots", screenshot_bots))
    options.setdefault("board_class", real_board)
    return table, make_app(StartTable(table), **options)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_menu(size, check):
    app = make_app(StartMenu(), bot_kinds=lambda game_id: MENU_KINDS, levels=_ai_levels,
                   menu_seed=None)  # as people see it: no seed until one is typed
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        check(app, "menu")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_game_start(size, check):
    table, app = jowhari_app(["human", "greedy"], seed=42)
    async with app.run_test(size=size) as pilot:
        await settled(pilot, app, table)
        check(app, "game_start")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_game_mid(size, check):
    table, app = jowhari_app(["human", "greedy"], seed=42)
    async with app.run_test(size=size) as pilot:
        def my_turn() -> bool:
            return table.true_state.to_move == 0

        for _ in range(5):
            await until(pilot, my_turn)
            await settled(pilot, app, table)
            step = table.step
            move = table.true_state.legal_actions()[-1]  # buys come last: a busier board
            app.screen.board.post_message(Board.ActionChosen(move))
            await until(pilot, lambda s=step: table.step > s)
        await until(pilot, my_turn)
        await settled(pilot, app, table)
        check(app, "game_mid")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_game_bot_thinking(size, check):
    release = threading.Event()

    class SlowBot(FirstBot):
        def choose(self, view):
            release.wait(15)
            return super().choose(view)

    table, app = jowhari_app(["human", "greedy"], seed=42,
                             bots=lambda kind, **_: SlowBot(0))
    try:
        async with app.run_test(size=size) as pilot:
            await settled(pilot, app, table)
            app.screen.board.post_message(Board.ActionChosen("take RBG"))
            await settled(pilot, app, table)
            await until(pilot, lambda: app.screen.thinking == 1)
            await pilot.pause()
            check(app, "game_bot_thinking")
    finally:
        release.set()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_hot_seat_curtain(size, check):
    table, app = jowhari_app(["human", "human"], seed=42)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        app.screen.board.post_message(Board.ActionChosen("take RBG"))
        await until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.pause()
        check(app, "hot_seat_curtain")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_game_end(size, check):
    table, app = jowhari_app(["random", "random", "random"], seed=8)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EndScreen), timeout=60)
        await pilot.pause()
        check(app, "game_end")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_watch_paused(size, check):
    table, app = jowhari_app(["random", "greedy"], seed=8)
    table.set_paused(True)
    async with app.run_test(size=size) as pilot:
        for _ in range(6):
            await pilot.press("n")
        await until(pilot, lambda: table.step == 6)
        await settled(pilot, app, table)
        check(app, "watch_paused")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_replay(size, check, tmp_path):
    table = Table.create("jowhari", ["random", "random"], seed=9, bots=bots,
                         log=tmp_path / "replay.jsonl")
    table.start()
    assert table.wait_for(lambda t: t.is_over, 60)
    app = make_app(StartReplay(open_log(table.path)), board_class=real_board)
    async with app.run_test(size=size) as pilot:
        await pilot.press(*["right"] * 12)
        await pilot.pause()
        check(app, "replay")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_rules_and_quit_dialogs(size, check):
    table, app = jowhari_app(["human", "greedy"], seed=42)
    async with app.run_test(size=size) as pilot:
        await settled(pilot, app, table)
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen)
                    and all(text.children for text in app.screen.query(Markdown)))
        check(app, "rules")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        check(app, "quit_confirm")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_generic_board(size, check):
    table, app = jowhari_app(["human", "greedy"], seed=42,
                             board_class=lambda game_id: GenericBoard)
    async with app.run_test(size=size) as pilot:
        await settled(pilot, app, table)
        app.screen.board.post_message(Board.ActionChosen("take RBG"))
        await until(pilot, lambda: table.step == 2)
        await settled(pilot, app, table)
        check(app, "generic_board")

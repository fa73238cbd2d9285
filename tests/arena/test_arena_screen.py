"""The Arena screen driven by keys: from the menu, a run with live standings,
a finished game opened in the replay viewer, and back."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, OptionList
from tui_support import make_app, real_board, render_svg, render_text
from tui_support import until as tui_until

from gemtable.tui.app import StartMenu
from gemtable.tui.screens.arena import ArenaReplayScreen, ArenaScreen
from gemtable.tui.screens.menu import MenuScreen

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


async def until(pilot, predicate, timeout: float = 60.0) -> None:
    await tui_until(pilot, predicate, timeout, poll=0.02)


async def open_arena(pilot, app) -> ArenaScreen:
    await pilot.pause()
    await pilot.press("a")
    await until(pilot, lambda: isinstance(app.screen, ArenaScreen))
    screen = app.screen
    screen.worker_count = 1  # one game at a time: the list fills in a fixed order
    return screen


async def type_into(pilot, screen, selector: str, text: str) -> None:
    field = screen.query_one(selector, Input)
    field.focus()
    field.value = ""
    await pilot.press(*text)


async def test_a_run_fills_the_standings_and_opens_a_game():
    app = make_app(StartMenu(), board_class=real_board, menu_seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_arena(pilot, app)
        await type_into(pilot, screen, "#arena-pool", "random,greedy")
        await type_into(pilot, screen, "#arena-games", "4")
        await pilot.press("enter")
        await until(pilot, lambda: screen.result is not None and not screen.running)
        standings = screen.query_one("#arena-standings", DataTable)
        assert standings.row_count == 2
        assert [standings.get_row_at(r)[1] for r in range(2)] == ["greedy", "random"]
        text = render_text(app)
        assert "4/4 games, done" in text and "100%" in text
        assert screen.results_path is not None and screen.results_path.exists()

        games = screen.query_one("#arena-list", OptionList)
        assert games.option_count == 4
        games.focus()
        await pilot.press("down", "enter")
        await until(pilot, lambda: isinstance(app.screen, ArenaReplayScreen))
        replay = app.screen
        assert replay.loaded.finished and replay.loaded.header.seats == screen._games[1].seats
        await pilot.press("end")
        await pilot.press("q")
        await until(pilot, lambda: app.screen is screen)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))


async def test_bad_settings_are_refused_and_a_run_can_be_stopped():
    app = make_app(StartMenu(), menu_seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_arena(pilot, app)
        await type_into(pilot, screen, "#arena-pool", "random,wizard")
        await pilot.press("enter")
        await pilot.pause()
        assert not screen.running and screen.result is None
        assert any("wizard" in n.message for n in app._notifications)

        await type_into(pilot, screen, "#arena-pool", "mcts:200,greedy")
        await type_into(pilot, screen, "#arena-games", "50")
        screen.worker_count = 2  # worker processes, started by "spawn"
        await pilot.press("ctrl+r")
        await until(pilot, lambda: len(screen._games) >= 1)
        await pilot.press("ctrl+r")  # stop
        await until(pilot, lambda: not screen.running)
        assert 1 <= len(screen._games) < 50
        assert "games, stopped" in render_text(app)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_arena_snapshot(size, snapshot):
    snapshot.snapshot_dir = SCREENSHOTS
    app = make_app(StartMenu(), menu_seed=5)
    async with app.run_test(size=size) as pilot:
        screen = await open_arena(pilot, app)
        await type_into(pilot, screen, "#arena-pool", "random,greedy")
        await type_into(pilot, screen, "#arena-games", "6")
        await pilot.press("enter")
        await until(pilot, lambda: screen.result is not None and not screen.running)
        screen.query_one("#arena-list").focus()
        await pilot.pause()
        stem = f"arena_{size[0]}x{size[1]}"
        snapshot.assert_match(render_text(app), f"{stem}.txt")
        snapshot.assert_match(render_svg(app), f"{stem}.svg")

"""The menu deals afresh for every game, shows a seed whole only once it can
be told, and its key bar's keys work wherever the focus is."""

from __future__ import annotations

import pytest
from textual.widgets import Input, TabbedContent, Tabs

from gemtable.engine import ScoreLine
from gemtable.engine.core import SEED_BITS
from gemtable.tui.app import StartMenu
from gemtable.tui.screens.end import EndScreen
from gemtable.tui.screens.game import GameScreen
from gemtable.tui.screens.menu import SEED_DIGITS, MenuScreen
from gemtable.tui.table import GameResult

from .tui_support import make_app, render_text, until

SIZE = (80, 24)


async def _start_and_leave(app, pilot) -> int:
    """Start a game with the form as it stands, leave it, and return its seed."""
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, GameScreen))
    seed = app.screen.table.header.seed
    await pilot.press("q", "y")
    await until(pilot, lambda: isinstance(app.screen, MenuScreen))
    return seed


async def test_two_games_from_one_menu_get_different_deals():
    app = make_app(StartMenu(), menu_seed=None)
    async with app.run_test(size=SIZE) as pilot:
        box = app.screen.query_one("#seed", Input)
        assert box.value == ""  # a seed shown before the game would give the deal away
        first = await _start_and_leave(app, pilot)
        second = await _start_and_leave(app, pilot)
        assert first != second
        assert max(first, second) >= 2 ** (SEED_BITS - 8)  # full-size seeds, not small ones


async def test_a_typed_seed_deals_the_same_game_every_time():
    app = make_app(StartMenu(), menu_seed=None)
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#seed", Input).value = "12345"
        assert await _start_and_leave(app, pilot) == 12345
        assert await _start_and_leave(app, pilot) == 12345


async def test_the_seed_box_holds_a_whole_seed_in_view():
    app = make_app(StartMenu(), menu_seed=2**SEED_BITS - 1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seed = str(2**SEED_BITS - 1)
        assert len(seed) == SEED_DIGITS
        assert seed in render_text(app)


def _result() -> GameResult:
    lines = (ScoreLine("Gems", 3), ScoreLine("Total", 3))
    return GameResult(scores=(3, 2), winners=(0,), ranking=(1, 2),
                      breakdowns=(lines, (ScoreLine("Gems", 2), ScoreLine("Total", 2))),
                      turns=10, seats=("human", "random"))


async def test_the_end_card_shows_the_whole_seed_and_copies_it():
    seed = 2**SEED_BITS - 12345
    app = make_app(StartMenu())
    async with app.run_test(size=SIZE) as pilot:
        chosen = []
        app.push_screen(EndScreen("Jowhari", _result(), ("Seat 1", "Seat 2 (random)"),
                                  seed=seed), chosen.append)
        await pilot.pause()
        assert f"Seed {seed}" in render_text(app)
        assert "c copy seed" in render_text(app)
        await pilot.press("c")
        assert app.clipboard == str(seed)
        assert isinstance(app.screen, EndScreen) and not chosen


@pytest.mark.parametrize(("hold", "chosen_after"), [(3600.0, []), (0.0, ["menu"])],
                         ids=["just-risen", "seen"])
async def test_an_enter_typed_twice_on_the_last_move_does_not_skip_the_end_card(
        hold, chosen_after):
    app = make_app(StartMenu())
    async with app.run_test(size=SIZE) as pilot:
        chosen = []
        app.push_screen(EndScreen("Jowhari", _result(), ("Seat 1", "Seat 2"), hold=hold),
                        chosen.append)
        await pilot.pause()
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert chosen == chosen_after
        assert isinstance(app.screen, EndScreen) == (not chosen_after)


async def test_back_from_a_game_the_menu_keys_work_at_once():
    app = make_app(StartMenu())
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#seed", Input).focus()  # where the game was started from
        await _start_and_leave(app, pilot)
        assert isinstance(app.screen.focused, Tabs)
        app.screen.query_one("#seed", Input).focus()
        await pilot.press("q")  # shown in the key bar: it works even in the seed box
        await until(pilot, lambda: app.return_code == 0)


async def test_the_tab_bar_is_where_the_menu_opens_and_it_stops_at_its_ends():
    app = make_app(StartMenu())
    async with app.run_test(size=SIZE) as pilot:
        tabs = app.screen.query_one(TabbedContent)
        assert isinstance(app.screen.focused, Tabs)
        await pilot.press("left")
        assert tabs.active == "tab-new"  # no wrap round to the last tab
        await pilot.press("right", "right", "right", "right", "right")
        assert tabs.active == "tab-arena"
        await pilot.press("down")  # into the tab: ←→ are then the form's own
        await pilot.press("left", "left")
        assert tabs.active == "tab-arena"

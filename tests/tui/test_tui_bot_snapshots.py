"""The screens where the bots explain themselves, at 80x24 and 120x40: a hint,
insight while watching, and a game's review (screenshots/)."""

from __future__ import annotations

import pytest
from review_support import REVIEW_OPTIONS, finished_log
from tui_support import make_app, match_screen, real_board, screenshot_bots, settled, until

from gemtable.ai import make_bot
from gemtable.tui.app import StartReview, StartTable
from gemtable.tui.screens.hint import HintScreen
from gemtable.tui.screens.insight import InsightPanel
from gemtable.tui.screens.review import ReviewScreen
from gemtable.tui.table import Table
from gemtable.tui.table.storage import open_log

SIZES = [(80, 24), (120, 40)]


@pytest.fixture
def check(snapshot):
    return lambda app, name: match_screen(snapshot, app, name)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_hint(size, check, tmp_path):
    table = Table.create("jowhari", ["human", "greedy"], seed=42, log=tmp_path / "g.jsonl",
                         bots=screenshot_bots)
    app = make_app(StartTable(table), board_class=real_board)
    async with app.run_test(size=size) as pilot:
        await settled(pilot, app, table)
        await pilot.press("H")
        await until(pilot, lambda: isinstance(app.screen, HintScreen) and app.screen.done)
        await pilot.pause()
        check(app, "hint")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_insight(size, check, tmp_path):
    table = Table.create("jowhari", ["mcts:200", "mcts:200"], seed=3,
                         log=tmp_path / "w.jsonl", bots=make_bot)
    table.set_paused(True)  # the first bot thinks its 200 tries, then waits
    app = make_app(StartTable(table), board_class=real_board, make_bot=make_bot)
    async with app.run_test(size=size) as pilot:
        await settled(pilot, app, table)
        await pilot.press("i")
        panel = app.screen.query_one(InsightPanel)
        await until(pilot, lambda: panel.found is not None and panel.found.iterations == 200)
        await settled(pilot, app, table)
        check(app, "insight")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_review(size, check, tmp_path):
    path = finished_log(tmp_path)
    app = make_app(StartReview(open_log(path), path), board_class=real_board,
                   review_options=dict(REVIEW_OPTIONS))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen)
                    and app.screen.review is not None)
        await pilot.press("1")  # the costliest move
        await pilot.pause()
        check(app, "review")

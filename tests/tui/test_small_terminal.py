"""Below 80x24 the game and replay screens say what size they need instead of
cutting parts of the board off, and come back whole when the terminal grows.
Kept as snapshots at 60x20 (screenshots/)."""

from __future__ import annotations

import pytest
from tui_support import bots, make_app, match_screen, real_board, render_text, settled, until

from gemtable.engine import registry
from gemtable.tui.app import StartReplay, StartTable
from gemtable.tui.table import Table
from gemtable.tui.table.storage import open_log

SMALL = (60, 20)


@pytest.fixture
def check(snapshot):
    return lambda app, name: match_screen(snapshot, app, name)


@pytest.mark.parametrize("game_id", registry.ids())
async def test_a_small_terminal_is_told_the_size_the_table_needs(game_id, check, tmp_path):
    table = Table.create(game_id, ["human", "first"], seed=4, bots=bots,
                         log=tmp_path / "game.jsonl")
    app = make_app(StartTable(table), board_class=real_board)
    async with app.run_test(size=SMALL) as pilot:
        await settled(pilot, app, table)
        text = render_text(app)
        assert "This table needs 80x24; the terminal is 60x20." in text
        check(app, f"small_{game_id}")
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: "needs 80x24" not in render_text(app))
        assert app.screen.board.display and app.screen.query_one("#keys").display
        await pilot.resize_terminal(*SMALL)
        await until(pilot, lambda: "the terminal is 60x20" in render_text(app))


async def test_a_small_terminal_is_told_the_size_a_replay_needs(check, tmp_path):
    table = Table.create("jowhari", ["random", "random"], seed=9, bots=bots,
                         log=tmp_path / "replay.jsonl")
    table.start()
    assert table.wait_for(lambda t: t.is_over, 60)
    app = make_app(StartReplay(open_log(table.path)), board_class=real_board)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert "This replay needs 80x24; the terminal is 60x20." in render_text(app)
        check(app, "small_replay")

"""The status row at the top of the game screen names the game from its very
first position, at the smallest terminal the screens are made for (80x24):
a set-up step (merchants choosing cities, seats being taken) is no exception."""

from __future__ import annotations

import pytest
from tui_support import bots, make_app, real_board, render_text, settled, until

from gemtable.engine import registry
from gemtable.tui.app import StartTable
from gemtable.tui.table import Table


@pytest.mark.parametrize(("game", "players"),
                         [(game, players) for game in registry.all()
                          for players in game.player_counts()],
                         ids=lambda value: getattr(value, "id", f"{value}p"))
async def test_the_header_names_the_game_at_its_first_position(game, players, tmp_path):
    table = Table.create(game.id, ["human"] + ["first"] * (players - 1), seed=3, bots=bots,
                         log=tmp_path / "game.jsonl")
    app = make_app(StartTable(table), board_class=real_board)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: table.true_state.to_move == 0)
        await settled(pilot, app, table)
        first = table.true_state
        assert first.turn == 0, "the person acts first: this is the game's first position"
        header = render_text(app).splitlines()[0]
        # Where the whole title does not fit, the game's short name stands for it.
        assert (game.short_title or game.title) in header
        assert first.progress() in header

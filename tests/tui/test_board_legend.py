"""Every board says what its symbols and colours mean: a LEGEND, shown by F2
and at the top of F1, for every registered game (a game without a board of
its own gets the generic board's)."""

from __future__ import annotations

import pytest
from textual.widgets import Markdown
from tui_support import bots, make_app, real_board, settled, until

from gemtable.engine import registry
from gemtable.tui.app import StartTable
from gemtable.tui.boards import board_for
from gemtable.tui.screens.game import GameScreen
from gemtable.tui.screens.legend import LegendScreen
from gemtable.tui.screens.rules import RulesScreen
from gemtable.tui.table import Table


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_board_declares_a_legend(game_id):
    board = board_for(game_id)
    assert board.LEGEND, f"{board.__name__} declares no LEGEND"
    for symbol, meaning in board.LEGEND:
        assert symbol.strip() and meaning.strip(), (symbol, meaning)
    symbols = [symbol for symbol, _ in board.LEGEND]
    assert len(set(symbols)) == len(symbols), "a symbol is explained twice"
    assert board.legend_markdown().count("\n|") >= len(board.LEGEND)


@pytest.mark.parametrize(("game_id", "symbols"), [
    ("jowhari", ("-5", "✓", "0+1", "▮1", "W5 3W7K")),
    ("jewelbox", ("S", "W", "L", "H", "J", "+", "G F E")),
    ("workbench", ("RRGGg", "fit 2", "✓", "held GG", "Initiative Seat 1")),
])
def test_the_symbols_a_newcomer_asked_about_are_explained(game_id, symbols):
    explained = {symbol for symbol, _ in board_for(game_id).LEGEND}
    assert set(symbols) <= explained


def _markdown_text(screen) -> str:
    return "\n".join(str(m.source) for m in screen.query(Markdown))


@pytest.mark.parametrize("game_id", registry.ids())
async def test_f2_toggles_the_legend_and_f1_shows_it_before_the_rules(game_id, tmp_path):
    table = Table.create(game_id, ["human", "first"], seed=4, bots=bots,
                         log=tmp_path / "game.jsonl")
    app = make_app(StartTable(table), board_class=real_board)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot, app, table)
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(app.screen, LegendScreen))
        first_symbol, first_meaning = board_for(game_id).LEGEND[0]
        assert first_meaning in _markdown_text(app.screen)
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        text = _markdown_text(app.screen)
        assert text.index(first_meaning) < text.index("## Keys") < text.index("Table keys")
        assert "`u`" in text and "undo" in text

"""The menu offers the levels, each with the bots' own line about it."""

from __future__ import annotations

from tui_support import make_app

from gemtable.ai import level_kinds
from gemtable.ai.levels import level_words
from gemtable.engine import registry
from gemtable.tui.app import StartMenu, _ai_levels
from gemtable.tui.widgets import ChoiceRow

SIZE = (80, 24)


async def test_seat_choices_start_with_the_levels_and_keep_the_technical_kinds():
    app = make_app(StartMenu(), bot_kinds=lambda game_id: ("random", "greedy", "mcts"),
                   levels=_ai_levels)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        row = app.screen.query_one("#choice-seat-1", ChoiceRow)
        options = list(row._options)
        assert [value for value, _ in options] == ["human", *level_kinds(), "random", "greedy",
                                                    "mcts"]
        game_id = app.screen.game.id
        for value, shown in options[1:5]:
            assert shown == f"{value} — {level_words(value, game_id)}"
        assert row.value == "normal"  # a level by default, not a technical name


async def test_without_levels_the_menu_offers_the_kinds_as_before():
    app = make_app(StartMenu(), bot_kinds=lambda game_id: ("random", "greedy"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        row = app.screen.query_one("#choice-seat-1", ChoiceRow)
        assert [value for value, _ in row._options] == ["human", "random", "greedy"]
        assert row.value == "greedy"


async def test_the_menu_describes_each_level_as_it_plays_in_the_chosen_game():
    """Jewel Box's normal is a greedy that slips; the menu says so there and not elsewhere."""
    app = make_app(StartMenu(), levels=_ai_levels)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#choice-game", ChoiceRow).focus()
        seat_row = app.screen.query_one("#choice-seat-1", ChoiceRow)
        seen = []
        for _ in registry.ids():
            game_id = app.screen.game.id
            seen.append(game_id)
            shown = dict(seat_row._options)
            for level in level_kinds():
                assert shown[level] == f"{level} — {level_words(level, game_id)}", game_id
            await pilot.press("right")
            await pilot.pause()
        assert sorted(seen) == sorted(registry.ids())

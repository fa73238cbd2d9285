"""Ruling 29 at the front doors: a table that seats the Rhom anywhere but in
solo or beside two people is refused with the engine's own sentence, by the
menu, `gemtable play` / `watch` / `arena` and the table every one of them opens."""

from __future__ import annotations

import pytest
from tui_support import make_app, until

from gemtable.ai import make_bot
from gemtable.engine import registry
from gemtable.tui import cli
from gemtable.tui.app import StartMenu
from gemtable.tui.screens.game import GameScreen
from gemtable.tui.screens.menu import MenuScreen
from gemtable.tui.table import Table, TableError
from gemtable.tui.widgets import ChoiceRow

FOUR_WITH_RHOM = ["human", "random", "random", "rhom"]
SENTENCE = registry.get("iridescia").seating_problem((None, None, None, "rhom"))


def test_the_sentence_exists():
    assert SENTENCE and "Rhom" in SENTENCE


def test_a_table_with_the_rhom_at_four_seats_is_not_made():
    with pytest.raises(TableError) as refused:
        Table.create("iridescia", FOUR_WITH_RHOM, seed=1, bots=make_bot)
    assert str(refused.value) == SENTENCE
    with pytest.raises(TableError, match="one seat"):
        Table.create("iridescia", ["rhom", "rhom"], seed=1, bots=make_bot)


def test_a_solo_table_and_a_rhom_beside_two_people_are_made():
    for seats in (["human", "rhom"], ["human", "greedy", "rhom"]):
        table = Table.create("iridescia", seats, seed=1, bots=make_bot)
        table.close()


@pytest.mark.parametrize("command", ["play", "watch", "arena"])
def test_the_commands_refuse_the_rhom_at_four_seats(command, capsys):
    seats = FOUR_WITH_RHOM if command == "play" else ["random", *FOUR_WITH_RHOM[1:]]
    argv = [command, "iridescia", *(word for kind in seats for word in ("--seat", kind))]
    if command == "arena":
        argv += ["--games", "1"]
    with pytest.raises(SystemExit) as stopped:
        cli.main(argv)
    assert stopped.value.code == 2
    assert SENTENCE in capsys.readouterr().err


async def test_the_menu_refuses_the_rhom_at_four_seats_and_says_why():
    app = make_app(StartMenu(), bot_kinds=lambda game_id: ("random", "rhom"), make_bot=make_bot)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        screen = app.screen
        screen.query_one("#choice-game", ChoiceRow).set_options(
            [(g.id, g.title) for g in registry.all()], value="iridescia")
        screen._game_changed("iridescia")
        screen.query_one("#choice-players", ChoiceRow).set_options(
            [(n, str(n)) for n in (2, 3, 4)], value=4)
        screen._players_changed()
        for seat, kind in enumerate(FOUR_WITH_RHOM):
            row = screen.query_one(f"#choice-seat-{seat}", ChoiceRow)
            row.set_options(list(row._options), value=kind)
        assert screen._seats() == FOUR_WITH_RHOM
        screen.action_start()
        await pilot.pause(0.2)
        assert isinstance(app.screen, MenuScreen)
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
        assert any(SENTENCE in str(n.message) for n in app._notifications)

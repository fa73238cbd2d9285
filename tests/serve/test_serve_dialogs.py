"""A key a dialog handles never reaches the screen under it."""

from __future__ import annotations

import pytest
from serve_support import app_for, until

from gemtable.tui.screens.game import GameScreen
from gemtable.tui.serve import protocol
from gemtable.tui.serve.create import CreateScreen
from gemtable.tui.serve.lobby import LobbyScreen
from gemtable.tui.serve.waiting import WaitingScreen


@pytest.mark.parametrize("waiting", [True, False], ids=["open seat", "playing"])
async def test_enter_in_the_new_table_form_makes_the_table_and_nothing_else(hub, waiting):
    seats = (protocol.YOU, protocol.OPEN) if waiting else (protocol.YOU, "greedy")
    other = hub.client("carol").call(protocol.CreateTable, game="jowhari", variant=None,
                                     seats=seats, seed=1)
    app = app_for(hub, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                    and other.id in str(app.screen.query_one("#lobby-detail").render()))
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, CreateScreen)
                    and app.screen.query_one("#create-game").has_focus)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, WaitingScreen))
        await pilot.pause(0.5)
        assert isinstance(app.screen, WaitingScreen) and app.screen.table_id != other.id
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
        carols = app.client.call(protocol.TableQuery, table=other.id)
        assert carols.seat_of("alice") is None and carols.watchers == 0

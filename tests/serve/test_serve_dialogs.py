"""A key a dialog handles never reaches the screen under it."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest

from gemtable.tui.screens.game import GameScreen
from gemtable.tui.serve import protocol as P
from gemtable.tui.serve.app import ServeApp
from gemtable.tui.serve.create import CreateScreen
from gemtable.tui.serve.lobby import LobbyScreen
from gemtable.tui.serve.waiting import WaitingScreen

sys.path.append(str(Path(__file__).resolve().parents[1] / "tui"))  # after this folder: its conftest
from tui_support import until as tui_until  # noqa: E402


@pytest.fixture
def hub(hub_factory, monkeypatch):
    ids = (f"tab{n:02d}" for n in itertools.count(1))
    monkeypatch.setattr("gemtable.tui.serve.hub.new_table_id", lambda taken: next(ids))
    return hub_factory()


async def until(pilot, predicate, timeout: float = 30.0) -> None:
    await tui_until(pilot, predicate, timeout, poll=0.02, settle=0.1)


@pytest.mark.parametrize("waiting", [True, False], ids=["open seat", "playing"])
async def test_enter_in_the_new_table_form_makes_the_table_and_nothing_else(hub, waiting):
    seats = (P.YOU, P.OPEN) if waiting else (P.YOU, "greedy")
    other = hub.client("carol").call(P.CreateTable, game="jowhari", variant=None,
                                     seats=seats, seed=1)
    client = hub.client("alice")
    app = ServeApp(client, client.welcome, animate=False)
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
        carols = client.call(P.TableQuery, table=other.id)
        assert carols.seat_of("alice") is None and carols.watchers == 0

"""Keys that arrive together (a slow link delivers typing in bursts) are handled
one after another, each by the widget focused once the keys before it are done."""

from __future__ import annotations

from serve_support import app_for, until
from textual import events
from textual.widgets import Input

from gemtable.tui.serve import protocol
from gemtable.tui.serve.create import CreateScreen
from gemtable.tui.serve.lobby import LobbyScreen
from gemtable.tui.serve.waiting import WaitingScreen


def burst(app, *keys: str) -> None:
    """Every key in the app's queue at once, as a pty read hands them to the driver."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


async def test_keys_typed_ahead_in_the_new_table_form_all_land(hub):
    app = app_for(hub, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, CreateScreen)
                    and app.screen.query_one("#create-game").has_focus)
        burst(app, *["down"] * 6, "7", "4")  # down to the seed, then typed into it
        seed = app.screen.query_one("#create-seed", Input)
        await until(pilot, lambda: seed.value == "74")
        assert seed.has_focus


async def test_keys_typed_before_the_form_has_mounted_reach_it(hub):
    app = app_for(hub, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        burst(app, "c", *["down"] * 6, "9", "enter")  # the form opens, fills in, is sent
        await until(pilot, lambda: isinstance(app.screen, WaitingScreen))
        info = app.client.call(protocol.TableQuery, table=app.screen.table_id)
        assert info.seed == 9

"""Lobby listings reach the screens in the order the hub sent them, even when one
waits in the app's queue behind a newer one that a screen read as it mounted.

The client keeps the newest listing the moment it arrives; the app handles the
pushed ones later, in its own queue. A waiting room that read the newest (its
table listed) and then handled an older one (from before the table was made)
took the table for cancelled and went back to the lobby: 33 people making
tables at once on a busy machine saw it (docs/serve.md, the 33-table run)."""

from __future__ import annotations

from serve_support import app_for, until

from gemtable.tui.serve import protocol
from gemtable.tui.serve.app import HubMessage
from gemtable.tui.serve.lobby import LobbyScreen
from gemtable.tui.serve.waiting import WaitingScreen


async def test_a_listing_older_than_the_screen_does_not_cancel_the_waiting_room(hub):
    app = app_for(hub, "alice")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        before = app.client.lobby  # a listing from before the table
        assert before is not None and before.tables == ()
        info = app.client.call_for_table(protocol.CreateTable, game="jowhari", variant=None,
                                         seats=(protocol.YOU, protocol.OPEN), seed=1)
        await until(pilot, lambda: app.client.lobby is not None
                    and any(t.id == info.id for t in app.client.lobby.tables))
        app.show_table(info, 0)
        await until(pilot, lambda: isinstance(app.screen, WaitingScreen)
                    and app.screen._listed)
        # The older listing, still in the app's queue when the waiting room mounted;
        # then a notice, handled after it (one queue): once it shows, the listing is done.
        app.post_message(HubMessage(before))
        app.post_message(HubMessage(protocol.Notice("after the old listing", closing=False)))
        await until(pilot, lambda: "after the old listing" in said(app))
        assert "cancelled" not in said(app)
        assert isinstance(app.screen, WaitingScreen)


def said(app) -> str:
    return "\n".join(str(n.message) for n in app._notifications)

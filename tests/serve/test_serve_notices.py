"""Players hear about their damaged tables, though the app starts listening to the
hub only once it has mounted, after the hub has welcomed the session."""

from __future__ import annotations

import pytest
from serve_support import app_for, until, wait_until
from textual.widgets._toast import Toast

from gemtable.tui.serve import protocol
from gemtable.tui.serve.client import HubClient, HubError
from gemtable.tui.serve.lobby import LobbyScreen


def damaged_table(hub_factory, folder) -> tuple[object, str]:
    """A hub restarted over a table whose log was damaged meanwhile."""
    first = hub_factory(folder)
    made = first.client("bob").call(protocol.CreateTable, game="jowhari", variant=None,
                                    seats=(protocol.YOU, protocol.OPEN), seed=3).id
    first.stop()
    with (folder / "tables" / f"{made}.jsonl").open("a") as log:
        log.write("garbage, not a log line\n")
    return hub_factory(folder), made


def toasts(app) -> str:
    return "\n".join(str(toast.render()) for toast in app.screen.query(Toast))


async def test_the_app_shows_a_damaged_table_notice_though_it_listens_late(hub_factory,
                                                                           tmp_path):
    running, made = damaged_table(hub_factory, tmp_path / "kept")
    app = app_for(running, "bob")  # hello now; the app listens once mounted, as served
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await until(pilot, lambda: "could not be resumed" in toasts(app), timeout=10)
        assert made in toasts(app)
    again = app_for(running, "bob")  # said once
    assert not again.welcome.notices


def test_a_notice_sent_before_anything_listens_is_kept_for_the_first_listener(hub_factory):
    running = hub_factory()
    client = HubClient(running.hub.socket_path)
    running.clients.append(client)
    client.hello(running.hub.issue_token("alice"))

    def tell() -> None:
        for session in running.hub.sessions:
            session.send(protocol.Notice("The server is stopping; your game is saved.", closing=True))

    running.on_loop(tell)
    with pytest.raises(HubError, match="no table"):  # its answer comes after the notice
        client.call(protocol.TableQuery, table="nosuch")
    heard: list[object] = []
    client.listen(heard.append)
    wait_until(lambda: any(isinstance(m, protocol.Notice) for m in heard), timeout=5,
               what="the held notice")
    assert [m.text for m in heard if isinstance(m, protocol.Notice)] == [
        "The server is stopping; your game is saved."]

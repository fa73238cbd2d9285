"""The monkey (monkey.py) on the served app's lobby and waiting room, over an
in-process hub (the serve tests' fixtures): the app never raises nor shows a
traceback, and the hub's tables keep logs that re-play."""

from __future__ import annotations

from monkey import run_monkey
from tui_support import until

from gemtable.engine.gamelog import load
from gemtable.tui.screens.game import GameScreen
from gemtable.tui.serve import protocol
from gemtable.tui.serve.app import ServeApp
from gemtable.tui.serve.lobby import LobbyScreen
from gemtable.tui.serve.waiting import WaitingScreen


def app_for(hub, user: str, **options) -> ServeApp:
    client = hub.client(user)
    return ServeApp(client, client.welcome, animate=False, **options)


def tables_replay(hub) -> None:
    """Every move made at the hub's tables is legal: their logs re-play."""
    for path in sorted(hub.hub.data.tables.glob("*.jsonl")):
        load(path)


async def test_monkey_in_the_lobby(hub):
    hub.client("bob").call(protocol.CreateTable, game="jowhari", variant=None,
                           seats=(protocol.YOU, protocol.OPEN), seed=1)

    async def ready(pilot, app):
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))

    await run_monkey(lambda: app_for(hub, "alice"), 0x10BB1, ready=ready,
                     after=lambda app: tables_replay(hub))


async def test_monkey_in_the_waiting_room(hub):
    made = hub.client("alice").call(protocol.CreateTable, game="jowhari", variant=None,
                                    seats=(protocol.YOU, protocol.OPEN, "greedy"), seed=2)

    async def ready(pilot, app):
        # The first app waits; a later one may find the table started or gone.
        await until(pilot, lambda: isinstance(app.screen, (WaitingScreen, GameScreen, LobbyScreen)))

    await run_monkey(lambda: app_for(hub, "alice", join=made.id), 0x3A171, ready=ready,
                     after=lambda app: tables_replay(hub))

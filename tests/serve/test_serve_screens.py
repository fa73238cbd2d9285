"""The lobby, the new-table form, the waiting room and a shared game on screen,
driven by key presses against a real hub; renders kept under screenshots/serve/."""

from __future__ import annotations

from pathlib import Path

import pytest
from serve_support import app_for, until
from tui_support import match_screen, render_text

from gemtable.tui.screens.game import GameScreen
from gemtable.tui.serve import protocol
from gemtable.tui.serve.create import CreateScreen
from gemtable.tui.serve.lobby import LobbyScreen
from gemtable.tui.serve.waiting import WaitingScreen

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "serve"


@pytest.fixture
def check(snapshot):
    return lambda app, name: match_screen(snapshot, app, name, folder=SCREENSHOTS)


def two_tables(hub) -> tuple[str, str]:
    waiting = hub.client("alice").call(protocol.CreateTable, game="jowhari", variant=None,
                                       seats=(protocol.YOU, protocol.OPEN, "greedy"), seed=1)
    playing = hub.client("carol").call(protocol.CreateTable, game="jowhari", variant=None,
                                       seats=(protocol.YOU, protocol.OPEN), seed=2)
    hub.client("dave").call(protocol.TakeSeat, table=playing.id, seat=None)
    return waiting.id, playing.id


async def test_the_lobby_lists_tables_and_details_the_highlighted_one(hub, check):
    waiting, playing = two_tables(hub)
    app = app_for(hub, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                    and "tab02" in str(app.screen.query_one("#lobby-detail").render()))
        await pilot.press("down")
        await until(pilot, lambda: "tab01" in str(app.screen.query_one("#lobby-detail").render()))
        check(app, "serve_lobby")
        # No command palette over SSH (its "Screenshot" would write on the server's disk).
        await pilot.press("ctrl+p")
        await pilot.pause(0.2)
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, CreateScreen))
        check(app, "serve_create")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("enter")  # alice's own waiting table: the waiting room
        await until(pilot, lambda: isinstance(app.screen, WaitingScreen))
        check(app, "serve_waiting")


async def test_a_new_table_from_the_form_and_a_friend_joining_by_id(hub, check):
    app = app_for(hub, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, CreateScreen))
        await pilot.press("down", "right")  # 4 players
        await pilot.press("down", "down", "down", "down", "down", "left", "left")  # seat 4: open
        await pilot.press("down", "4", "enter")  # seed 4
        await until(pilot, lambda: isinstance(app.screen, WaitingScreen))
        info = app.client.call(protocol.TableQuery, table="tab01")
        assert [s.user or s.kind for s in info.seats] == ["alice", "human", "normal", "human"]
        friend = app_for(hub, "bob", join="tab01")
        async with friend.run_test(size=(80, 24)) as other:
            await until(other, lambda: isinstance(friend.screen, WaitingScreen))
            third = app_for(hub, "carol")
            async with third.run_test(size=(80, 24)) as pilot3:
                await until(pilot3, lambda: isinstance(third.screen, LobbyScreen))
                await pilot3.press("j")
                await pilot3.press(*"tab01", "enter")
                await until(pilot3, lambda: isinstance(third.screen, GameScreen))
            await until(other, lambda: isinstance(friend.screen, GameScreen))
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await until(pilot, lambda: "Your turn" in str(app.screen.query_one("#status").left))
        assert app.screen.query_one("#turn-banner").display
        # bob and carol have left: the names say so without anything else redrawing.
        await until(pilot, lambda: "Seat 2 (bob, away)" in render_text(app))
        check(app, "serve_game_your_turn")


async def test_a_spectator_sees_the_public_view_and_cannot_play(hub, check):
    waiting, playing = two_tables(hub)
    app = app_for(hub, "erin", watch=playing)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen)
                    and "public view" in str(app.screen.query_one("#status").right))
        check(app, "serve_watching")
        await pilot.press("q")
        await until(pilot, lambda: "Stop watching" in str(app.screen.query("Static").first()
                                                            .render()))
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))

"""Text from outside is shown as typed, and the served app runs nothing that writes
files: markup, ANSI escapes and OSC sequences through every input."""

from __future__ import annotations

import asyncssh
import pytest
from serve_support import WAIT, Client, app_for, key_of, until
from textual.widgets._toast import Toast

from gemtable.tui.serve import protocol
from gemtable.tui.serve.lobby import LobbyScreen
from gemtable.tui.serve.plain import printable

LINK = "[@click=app.screenshot('x.svg','{folder}')]ZZZ"
COLOUR = "[red on white]RED[/]"


def toasts(app) -> str:
    return "\n".join(str(toast.render()) for toast in app.screen.query(Toast))


def test_printable_takes_out_control_characters_and_keeps_it_short():
    assert printable("a\x1b]0;pwned\x07b\x9b31m") == "a�]0;pwned�b�31m"
    assert printable("x" * 100, limit=10) == "x" * 9 + "…"
    assert printable("[b]bold[/b]") == "[b]bold[/b]"


async def test_markup_typed_in_the_lobby_is_shown_as_typed_and_runs_nothing(
        hub_factory, tmp_path):
    app = app_for(hub_factory(), "alice")
    link = LINK.format(folder=tmp_path)
    async with app.run_test(size=(120, 30), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        for typed in (link, COLOUR):
            await pilot.press("j")
            await pilot.press(*typed, "enter")
            await until(pilot, lambda typed=typed: typed[:12] in toasts(app))
        assert "[@click=app.screenshot" in toasts(app) and "[red on white]" in toasts(app)
        # The actions a link could name do nothing here: no screenshot, no palette,
        # no suspending the session, no notification built from markup.
        for action in (f"app.screenshot('x.svg','{tmp_path}')", "app.command_palette",
                       "app.suspend_process", "app.notify('[@click=app.quit]x')",
                       "app.simulate_key('q')", "app.push_screen('x')"):
            assert not await app.run_action(action)
        with pytest.raises(PermissionError):
            app.save_screenshot("y.svg", str(tmp_path))
        app.deliver_screenshot("z.svg", str(tmp_path))
        await pilot.pause(0.2)
        assert list(tmp_path.glob("*.svg")) == []
        assert isinstance(app.screen, LobbyScreen)


async def test_a_refusal_names_what_was_typed_without_its_control_characters(hub_factory):
    hub = hub_factory()
    client = hub.client("alice")
    try:
        client.call(protocol.TableQuery, table="\x1b]0;pwned\x07[b]x" + "y" * 200)
    except Exception as error:  # noqa: BLE001 - the refusal is what this test reads
        reason = str(error)
    assert "\x1b" not in reason and "\x07" not in reason and "[b]x" in reason
    assert len(reason) < 100


async def test_markup_and_escapes_in_ssh_commands_are_shown_as_typed(server, tmp_path):
    link = LINK.format(folder=tmp_path).replace(" ", "")
    person = await Client.open(server.port, "alice", command=f"join {link}", size=(120, 30))
    try:
        await person.wait_for("[@click=app.screenshot")
    finally:
        await person.close()
    osc = "join \x1b]0;pwned\x07\x1b[2J\x9bx"
    async with asyncssh.connect("127.0.0.1", server.port, username="alice",
                                known_hosts=None, client_keys=[key_of("alice")]) as conn:
        done = await conn.run(osc, timeout=WAIT, encoding=None)
    shown = done.stdout
    assert b"ssh -t" in shown
    assert b"\x1b" not in shown and b"\x07" not in shown and "\x9b".encode() not in shown
    assert list(tmp_path.glob("*.svg")) == []

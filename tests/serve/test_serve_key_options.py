"""The options of an authorized_keys line are honoured, or the line is not used:
never a key line whose restrictions are quietly dropped."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime

import asyncssh
import pytest
from asyncssh.packet import String, UInt32
from rawssh import ask, bare_channel
from serve_support import WAIT, Client

from gemtable.tui.serve.keyoptions import LineRules, UnsupportedOption, line_rules, parse_expiry
from gemtable.tui.serve.keys import KeyBook

ISSUE_LINE = 'expiry-time="20200101",no-pty,command="list",restrict'
"""The options of the line that still opened the full lobby."""


def public(key: asyncssh.SSHKey) -> str:
    return key.export_public_key().decode().strip()


def keys_file(folder, *lines: tuple[str, asyncssh.SSHKey, str]):
    path = folder / "authorized_keys"
    path.write_text("".join(f"{options} {public(key)} {name}\n".lstrip()
                            for options, key, name in lines))
    return path


def test_the_options_a_line_may_have():
    rules = line_rules({"expiry-time": ["20200101"], "no-pty": True, "command": "list",
                        "restrict": True})
    assert rules.expired() and not rules.pty and rules.command == "list"
    assert line_rules({}) == LineRules() and not LineRules().expired()
    assert line_rules({"restrict": True, "pty": True}).pty
    assert not line_rules({"restrict": True}).pty
    assert line_rules({"no-port-forwarding": True, "no-X11-forwarding": True,
                       "permitopen": {("x", 1)}, "from": [], "principals": []}) == LineRules()
    assert parse_expiry("20991231Z") == datetime(2099, 12, 31, tzinfo=UTC)
    assert parse_expiry("209912312359z") == datetime(2099, 12, 31, 23, 59, tzinfo=UTC)
    assert parse_expiry("20991231235958").second == 58
    for options in ({"environment": {"A": "b"}}, {"tunnel": ["0"]}, {"port-forwarding": True},
                    {"cert-authority": True}, {"verify-required": True}, {"FROM": ["10.*"]},
                    {"no-pty": ["x"]}, {"expiry-time": ["2020-01-01"]},
                    {"expiry-time": ["20201341"]}, {"Command": ["list"]}, {"nopty": True}):
        with pytest.raises(UnsupportedOption):
            line_rules(options)


def test_a_line_with_an_option_the_server_cannot_honour_is_left_out(tmp_path, caplog):
    keys = [asyncssh.import_public_key(public(asyncssh.generate_private_key("ssh-ed25519")))
            for _ in range(5)]
    path = keys_file(tmp_path, ('environment="LD_PRELOAD=/x.so"', keys[0], "alice"),
                     ('expiry-time="29991231"', keys[1], "bob"),
                     ("cert-authority", keys[2], "carol"),
                     ('from="10.0.0.0/8"', keys[3], "dave"),
                     (ISSUE_LINE, keys[4], "erin"))
    with caplog.at_level(logging.WARNING, logger="gemtable.serve"):
        book = KeyBook(path)
        assert not book.listed(keys[0], "127.0.0.1", "127.0.0.1")
        assert book.may_use("bob", keys[1], "127.0.0.1", "127.0.0.1")
        assert not book.listed(keys[2], "127.0.0.1", "127.0.0.1")
        assert not book.listed(keys[3], "127.0.0.1", "127.0.0.1")
        assert book.may_use("dave", keys[3], "10.1.2.3", "10.1.2.3")
        assert not book.listed(keys[4], "127.0.0.1", "127.0.0.1")
    logged = caplog.text
    assert f"{path} line 1 is not used: the option environment" in logged
    assert f"{path} line 3 is not used" in logged
    assert f"{path} line 5 expired" in logged
    assert "line 2" not in logged and "line 4" not in logged


async def test_key_options_hold_over_ssh(make_server, tmp_path, clients):
    expired, forced, unsupported, fine = (asyncssh.generate_private_key("ssh-ed25519")
                                          for _ in range(4))
    path = keys_file(tmp_path, (ISSUE_LINE, expired, "alice"),
                     ('no-pty,command="list"', forced, "bob"),
                     ('tunnel="0"', unsupported, "carol"),
                     ('expiry-time="29991231",no-agent-forwarding', fine, "dave"))
    keyed = make_server("--authorized-keys", str(path))
    for name, key in (("alice", expired), ("carol", unsupported)):
        with pytest.raises(asyncssh.PermissionDenied):
            await Client.open(keyed.port, name, client_keys=[key])
    assert "line 1 expired" in keyed.log() and "line 3 is not used" in keyed.log()
    # no-pty and a forced command: the terminal is refused (OpenSSH then goes on
    # without one), and asking for the lobby or a table gets the list.
    async with asyncssh.connect("127.0.0.1", keyed.port, username="bob", known_hosts=None,
                                client_keys=[forced]) as conn:
        chan, term = await bare_channel(conn)
        assert not await ask(chan, b"pty-req", String("xterm-256color"), UInt32(80),
                             UInt32(24), UInt32(0), UInt32(0), String(b"\x00"))
        assert await ask(chan, b"shell")
        await asyncio.wait_for(term.closed.wait(), WAIT)
        assert "No tables" in term.screen.text()
        joined = await conn.run("join k7m2q", timeout=WAIT)
    assert joined.exit_status == 0 and "No tables" in joined.stdout
    dave = await clients(keyed.port, "dave", client_keys=[fine])
    await dave.wait_for("shared tables")

"""What a client may tell the server about its environment, and what the session
process gets.

SSH lets a client send `env` requests on a session channel before its shell
starts, as many and as large as it likes; asyncssh keeps every one. Here a
channel keeps only the variables the app reads (TERM, COLORTERM, NO_COLOR,
LANG and LC_*), each short, and a few of them; any other request is answered
"no" and forgotten. The session process's environment is then built from
nothing: TERM and COLORTERM as the app can use them, never COLUMNS or LINES
(Textual would prefer them to the terminal's real size).
"""

from __future__ import annotations

import os

import asyncssh
from asyncssh.packet import SSHPacket

ACCEPTED = frozenset({"TERM", "COLORTERM", "NO_COLOR", "LANG"})
ACCEPTED_PREFIX = "LC_"
MAX_NAME = 32
MAX_VALUE = 64
MAX_VARIABLES = 16
"""At most this many variables per channel (the locale alone is up to 14)."""
KEPT_ENV = ("PATH", "PYTHONPATH", "VIRTUAL_ENV")
CHANNEL_WINDOW = 256 * 1024
"""Bytes a client may send on a channel before the server has read them (asyncssh's
default is 2 MiB, held for every channel that has not started yet)."""


def accepted(name: bytes, value: bytes) -> bool:
    """May a client set this variable? Only the app's own, short and printable."""
    if len(name) > MAX_NAME or len(value) > MAX_VALUE:
        return False
    try:
        text_name, text_value = name.decode("ascii"), value.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return ((text_name in ACCEPTED or (text_name.startswith(ACCEPTED_PREFIX)
                                       and text_name[3:].replace("_", "").isalpha()))
            and text_value.isprintable())


class FilteredChannel(asyncssh.SSHServerChannel):
    """asyncssh's server channel, keeping only the `env` requests that pass `accepted`."""

    def _process_env_request(self, packet: SSHPacket) -> bool:
        name = packet.get_string()
        value = packet.get_string()
        packet.check_end()
        if not accepted(name, value) or (name not in self._env
                                         and len(self._env) >= MAX_VARIABLES):
            return False
        self._env[name] = value
        return True


def session_channel(conn: asyncssh.SSHServerConnection) -> asyncssh.SSHServerChannel:
    """A new session channel of `conn` that filters env requests, with a small window.

    asyncssh builds the channel from the connection's settings itself; the
    subclass adds one method and no state, so the built channel takes its class."""
    chan = conn.create_server_channel(encoding=None, window=CHANNEL_WINDOW)
    chan.__class__ = FilteredChannel
    return chan


def _utf8_locale(value: str) -> bool:
    return "UTF-8" in value.upper() or "UTF8" in value.upper()


def child_env(term: str | None, client_env: dict[str, str], token: str) -> dict[str, str]:
    """The session process's environment, from nothing (never COLUMNS or LINES)."""
    env = {name: os.environ[name] for name in KEPT_ENV if name in os.environ}
    env["TERM"] = terminal_type(term)
    for name, value in client_env.items():  # the channel's own test, once more
        if name == "TERM" or not value or not accepted(name.encode(), value.encode()):
            continue  # TERM is the terminal's, from its pty request
        if name.startswith(ACCEPTED_PREFIX) and not _utf8_locale(value):
            continue  # a locale the app cannot write in is left out
        env[name] = value
    if env.get("COLORTERM", "").lower() not in ("truecolor", "24bit"):
        env.pop("COLORTERM", None)
    if not _utf8_locale(env.get("LANG", "")):
        env["LANG"] = "C.UTF-8"
    env["HOME"] = os.environ.get("HOME", "/")
    env["GEMTABLE_HUB_TOKEN"] = token
    return env


def terminal_type(term: str | None) -> str:
    """The client's TERM when it promises 256 colours or more; else xterm-256color.

    Nearly every terminal in use draws 256 colours even when TERM says "xterm";
    Textual draws xterm sequences whatever the name, so this only lifts colour.
    """
    term = (term or "").strip()
    if term and term.isprintable() and len(term) < 64 and (
            "256color" in term or "direct" in term or "truecolor" in term):
        return term
    return "xterm-256color"

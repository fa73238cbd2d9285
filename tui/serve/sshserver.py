"""The SSH side, one connection at a time: who it is, how long it may wait, and how
many sessions it may open.

A connection first has `HANDSHAKE_TIMEOUT` seconds to start logging in and
`--login-grace` seconds to log in (asyncssh's login timeout); until then it
counts against the connections logging in, never against anyone's logged-in
quota (gate.py). What proved who it is, the key it signed with or the rejoin
code it typed, is fixed when the login succeeds (`Proof`) and checked again
at every session it starts. A key that was only offered, never signed with,
proves nothing.

The login grace goes on running until a session channel starts a shell or a
command; a channel that never does is closed (sshsession.py), and a
connection may have `MAX_CHANNELS` channels open at once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import asyncssh
import attrs

from .keyoptions import LineRules
from .sshenv import session_channel
from .sshsession import SessionChannel

if TYPE_CHECKING:
    from .server import Server

log = logging.getLogger("gemtable.serve")

HANDSHAKE_TIMEOUT = 10.0
"""Seconds a new connection has to start logging in (a silent socket is closed then)."""
MAX_CHANNELS = 10
"""Session channels open at once on one connection (OpenSSH's MaxSessions)."""
NO_RULES = LineRules()


@attrs.frozen
class Proof:
    """How a connection showed who it is, fixed when its login succeeded."""

    user: str
    key: asyncssh.SSHKey | None = None
    """The key it signed with (not merely offered)."""
    code: bool = False
    """It typed the rejoin code of `user`, or was given that code on this connection."""


class GemtableSSHServer(asyncssh.SSHServer):
    """One SSH connection: checks who it is, then hands out sessions."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.peer = ("", "")
        self.proof: Proof | None = None
        self._attempt: Proof | None = None
        """What the login method being tried would prove, if it succeeds."""
        self._grace: asyncio.TimerHandle | None = None
        self._handshake: asyncio.TimerHandle | None = None
        self._channels = 0
        self._running = 0
        self._told_channels = False

    @property
    def user(self) -> str:
        return self.proof.user if self.proof is not None else ""

    # --- the connection's life ------------------------------------------------------
    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("", 0)
        self.peer = (str(peer[0]), str(peer[0]))
        refusal = self.server.connection_opened(self, self.peer[1])
        if refusal:
            log.warning("connection from %s refused: %s", self.peer[1], refusal)
            asyncio.get_running_loop().call_soon(conn.abort)
            return
        grace = self.server.options.login_grace
        self._handshake = self._later(min(HANDSHAKE_TIMEOUT, grace or HANDSHAKE_TIMEOUT),
                                      self._handshake_over)
        self._arm_grace()  # asyncssh's login timeout covers logging in; this, after it

    def connection_lost(self, exc: Exception | None) -> None:
        self.conn = None
        self._cancel(self._handshake)
        self._disarm_grace()
        self.server.connection_closed(self)

    def _later(self, delay: float, callback: Callable[[], None]) -> asyncio.TimerHandle:
        return asyncio.get_running_loop().call_later(delay, callback)

    @staticmethod
    def _cancel(timer: asyncio.TimerHandle | None) -> None:
        if timer is not None:
            timer.cancel()

    def _handshake_over(self) -> None:
        self._handshake = None
        if self.conn is not None:
            log.info("closing a connection from %s that did not start logging in",
                     self.peer[1])
            self.conn.abort()

    # --- the login grace: closed when no session has started (or the last ended) ----
    def _arm_grace(self) -> None:
        grace = self.server.options.login_grace
        self._disarm_grace()
        if grace > 0 and self.conn is not None:
            self._grace = self._later(grace, self._grace_over)

    def _disarm_grace(self) -> None:
        self._cancel(self._grace)
        self._grace = None

    def _grace_over(self) -> None:
        self._grace = None
        if self._handshake is not None:
            # Both timers can fall due together: before logging in, the
            # handshake's timer is the one that says why the connection goes.
            self._cancel(self._handshake)
            self._handshake_over()
            return
        if self.conn is not None and self._running == 0:
            log.info("closing a connection from %s that opened no session", self.peer[1])
            self.conn.close()

    def session_began(self) -> None:
        """A channel started a shell or a command."""
        self._running += 1
        self._disarm_grace()

    def session_ended(self, began: bool) -> None:
        """A channel closed; `began` if it had started a shell or a command."""
        self._channels = max(0, self._channels - 1)
        if began:
            self._running = max(0, self._running - 1)
            if self._running == 0:
                self._arm_grace()  # only a session that ran gives a new grace

    # --- logging in -------------------------------------------------------------------
    def begin_auth(self, username: str) -> bool:
        self._cancel(self._handshake)
        self._handshake = None
        return True  # even with --open: a key offered is what a name gets bound to

    def password_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # asyncssh asks this both when a key is only offered and, later, when it is
        # signed with; the login succeeds (auth_completed) only after a signature.
        server = self.server
        if server.keys is not None:
            fits = server.keys.listed(key, *self.peer)
        else:
            fits = server.names is not None and server.names.key_fits(username, key)
        self._attempt = Proof(username, key) if fits else None
        return fits

    # --open: a client without a key gets in on a free name with no question asked
    # (keyboard-interactive with no prompt), and on a name bound to a rejoin code
    # by typing that code.
    def kbdint_auth_supported(self) -> bool:
        return self.server.names is not None

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str):
        names = self.server.names
        bound = names.binding(username) if names is not None else {"": ""}
        if bound is None:
            self._attempt = Proof(username)
            return True
        self._attempt = None
        if "code" in bound:
            return ("gemtable", f"The name {username} is taken. If it is yours, type the "
                    "rejoin code you were given.", "", [("Rejoin code (passcode): ", False)])
        return False

    def validate_kbdint_response(self, username: str, responses) -> bool:
        names = self.server.names
        fits = (names is not None and len(responses) == 1
                and names.code_fits(username, str(responses[0])))
        self._attempt = Proof(username, code=True) if fits else None
        return fits

    def auth_completed(self) -> None:
        attempt, self._attempt = self._attempt, None
        if self.conn is None:
            return
        user = self.conn.get_extra_info("username") or ""
        if attempt is None or attempt.user != user:
            log.error("a login of %r from %s succeeded without a proof; closed", user,
                      self.peer[1])
            self.conn.abort()
            return
        self.proof = attempt
        refusal = self.server.connection_logged_in(self)
        if refusal:
            log.warning("connection of %s from %s refused: %s", user, self.peer[1], refusal)
            conn = self.conn
            asyncio.get_running_loop().call_soon(
                conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS, f"gemtable: {refusal}")

    # --- who the sessions speak for -----------------------------------------------------
    def rules(self) -> LineRules:
        """What the key's line in the keys file asks of this connection's sessions."""
        keys, proof = self.server.keys, self.proof
        if keys is None or proof is None or proof.key is None:
            return NO_RULES
        line = keys.line_for(proof.user, proof.key, *self.peer)
        return line.rules if line is not None else NO_RULES

    def name_refusal(self) -> str:
        """Why a session may not start under this connection's name now ("" if it may)."""
        proof, keys, names = self.proof, self.server.keys, self.server.names
        if proof is None:
            return "gemtable: sign in first.\n"
        if keys is not None:
            if proof.key is not None and keys.may_use(proof.user, proof.key, *self.peer):
                return ""
            log.warning("name %s refused for key %s", proof.user,
                        proof.key.get_fingerprint("sha256") if proof.key else "(none)")
            return (keys.refusal(proof.user, proof.key, *self.peer) if proof.key else
                    "gemtable: sign in with a key.\n")
        if names is not None and not names.may_use(proof.user, proof.key, proof.code):
            log.warning("a session as %s from %s refused: the name was claimed with another "
                        "key or code after this connection logged in", proof.user, self.peer[1])
            return (f"gemtable: the name {proof.user} has been claimed by someone else since "
                    "you connected. Connect again, with another name or that name's key or "
                    "rejoin code.\n")
        return ""

    def claim(self) -> tuple[bool, str | None]:
        """A terminal starts: bind a free name (open mode), or check the binding again.
        (may it start, the new rejoin code if one was made)."""
        proof, names = self.proof, self.server.names
        if proof is None:
            return False, None
        if names is None:
            return True, None
        allowed, code = names.claim(proof.user, proof.key, proof.code)
        if code is not None:
            self.proof = attrs.evolve(proof, code=True)  # its code was made for this connection
        return allowed, code

    # --- sessions ---------------------------------------------------------------------
    def session_requested(self):
        if self.conn is None or self.proof is None:
            return False
        if self._channels >= MAX_CHANNELS:
            if not self._told_channels:
                self._told_channels = True
                log.warning("a connection of %s from %s asked for more than %d sessions at "
                            "once; refused", self.user, self.peer[1], MAX_CHANNELS)
            return False
        self._channels += 1
        return session_channel(self.conn), SessionChannel(self.server, self)

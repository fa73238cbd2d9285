"""`gemtable serve --web PORT`: the lobby and tables in a browser, beside SSH.

aiohttp serves a page with textual-serve's terminal (xterm.js) and a
websocket per tab; each websocket is a `WebSession` (websession.py): the same
session process, hub and limits as an SSH session. textual-serve's own server
is not used: it starts the app through a shell with the server's whole
environment, where a session process here is forked from the zygote with an
environment built from nothing.

Every request is checked in this order:
- the Host header must name this server (a DNS-rebinding page cannot talk to
  a loopback port under its own name);
- a POST and a websocket upgrade must come from this server's own origin
  (Origin header), so another site's page can neither sign someone in, nor
  out, nor open a terminal with their cookie;
- a websocket and a sign-out need the session cookie and its CSRF token; the
  sign-in forms (a link's button, the open-mode name), which come before any
  session, need the token of a cookie of their own (websignin.py);
- sign-in attempts are rate-limited per address.
"""

from __future__ import annotations

import logging
import socket
import ssl
from collections.abc import Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import asyncssh
from aiohttp import web

from . import webpage
from .plain import printable
from .server import is_loopback
from .weblogin import (
    COOKIE_NAME,
    AddressLimit,
    SignIn,
    SignIns,
    digest,
)
from .websession import MAX_MESSAGE, WebSession
from .websignin import SignInPages

if TYPE_CHECKING:
    from .server import Server

log = logging.getLogger("gemtable.serve")

STATIC = {
    "textual.js": ("textual_serve", "static/js/textual.js", "text/javascript"),
    "xterm.css": ("textual_serve", "static/css/xterm.css", "text/css"),
    "RobotoMono.ttf": ("textual_serve", "static/fonts/RobotoMono-VariableFont_wght.ttf",
                       "font/ttf"),
    "gemtable.css": ("gemtable.tui.serve", "webpage.css", "text/css"),
    "gemtable.js": ("gemtable.tui.serve", "webpage.js", "text/javascript"),
}
"""The only files /static serves: the terminal's script and styles, one font, our
styles and our one script (it gives the terminal the keyboard focus)."""
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
          "font-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; "
          "frame-ancestors 'none'; base-uri 'none'")
"""xterm.js adds style elements of its own, hence 'unsafe-inline' for styles only."""


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    default = {"http": 80, "https": 443}.get(parts.scheme)
    port = f":{parts.port}" if parts.port and parts.port != default else ""
    return f"{parts.scheme}://{parts.hostname}{port}".lower()


class WebFront:
    """The browser side of one server: its pages, sign-ins and websockets."""

    def __init__(self, server: Server, port: int, host: str, *, public_url: str | None,
                 tls: ssl.SSLContext | None) -> None:
        self.server = server
        self.host = host
        self.port = port
        self.tls = tls
        self.public_url = public_url
        self.sign_ins = SignIns(server.data.root / "web_sessions.json")
        self.tries = AddressLimit()
        self.fresh_codes: dict[str, str] = {}
        """Open mode: a rejoin code just made, for the lobby of the first session."""
        self.pages = SignInPages(self)
        self._runner: web.AppRunner | None = None
        self._static = {name: (resources.files(package) / path).read_bytes()
                        for name, (package, path, _) in STATIC.items()}

    # --- addresses ------------------------------------------------------------------------
    @property
    def secure(self) -> bool:
        return self.tls is not None or self.url.startswith("https:")

    @property
    def url(self) -> str:
        """Where people reach the page: --public-url, or the address served."""
        if self.public_url:
            return self.public_url.rstrip("/")
        # On a wildcard address the machine's name (not SSH's --host, which may be loopback).
        host = self.host if self.host not in ("", "0.0.0.0", "::") else socket.gethostname()
        host = f"[{host}]" if ":" in host and not host.startswith("[") else host
        return f"{'https' if self.tls else 'http'}://{host}:{self.port}"

    def origins(self) -> set[str]:
        scheme = "https" if self.tls else "http"
        served = {origin_of(self.url)}
        if self.host in ("127.0.0.1", "localhost", "::1"):
            served |= {f"{scheme}://127.0.0.1:{self.port}", f"{scheme}://localhost:{self.port}",
                       f"{scheme}://[::1]:{self.port}"}
        return served

    def hosts(self) -> set[str]:
        return {origin.split("://", 1)[1] for origin in self.origins()}

    def link(self, code: str) -> str:
        return f"{self.url}/signin?code={code}"

    # --- life -----------------------------------------------------------------------------
    async def start(self) -> int:
        app = web.Application(middlewares=[self._guard], client_max_size=16 * 1024)
        app.add_routes([
            web.get("/", self.index),
            web.get("/signin", self.pages.signin_page),
            web.post("/signin", self.pages.signin),
            web.post("/open", self.pages.open_name),
            web.post("/signout", self.pages.signout),
            web.get("/ws/{csrf}", self.websocket),
            web.get("/static/{name}", self.static),
            web.get("/favicon.ico", self.no_icon),
        ])
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port, ssl_context=self.tls,
                           reuse_address=True)
        await site.start()
        if self.port == 0:
            self.port = int(self._runner.addresses[0][1])
        # The address served as well: behind a proxy (--public-url) it differs from the URL.
        log.info("browsers: %s (%s on %s port %d)", self.url, "TLS" if self.tls else "plain HTTP",
                 self.host, self.port)
        if not self.public_url and self.host in ("", "0.0.0.0", "::"):
            log.warning("browsers must use the name %s (links name it); give --public-url "
                        "https://NAME:PORT if people reach this machine by another name",
                        self.url.split("://", 1)[1])
        return self.port

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    # --- every request ---------------------------------------------------------------------
    @web.middleware
    async def _guard(self, request: web.Request,
                     handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
                     ) -> web.StreamResponse:
        if request.host.lower() not in self.hosts():
            return web.Response(status=421, text="This server does not answer to that name.\n")
        if request.method == "POST" or request.path.startswith("/ws/"):
            origin = request.headers.get("Origin", "")
            if origin.lower() not in self.origins():
                log.warning("refused %s %s from %s: origin %s", request.method, request.path,
                            self.address(request), printable(origin or "(none)", 80))
                return web.Response(status=403, text="Refused: this request came from "
                                    "another site.\n")
        try:
            response = await handler(request)
        except web.HTTPException as error:  # a 404 or 405 carries the same headers as a page
            response = web.Response(status=error.status, text=error.text, headers=error.headers)
        if not isinstance(response, web.WebSocketResponse):
            response.headers["Content-Security-Policy"] = POLICY
            response.headers["X-Frame-Options"] = "DENY"
            response.headers["X-Content-Type-Options"] = "nosniff"
            # Not "no-referrer": Chromium then sends a form's POST with Origin "null".
            response.headers["Referrer-Policy"] = "same-origin"
            if request.path.startswith("/static/"):
                response.headers["Cache-Control"] = "public, max-age=3600"
            else:
                response.headers["Cache-Control"] = "no-store"
        return response

    def address(self, request: web.Request) -> str:
        """Who is asking: the peer, or behind a proxy on this machine (--public-url)
        the address that proxy put last in X-Forwarded-For."""
        peer = request.remote or ""
        forwarded = request.headers.get("X-Forwarded-For", "")
        if self.public_url and forwarded and is_loopback(peer):
            return forwarded.rsplit(",", 1)[-1].strip()[:64] or peer
        return peer

    def html(self, text: str, status: int = 200) -> web.Response:
        return web.Response(text=text, status=status, content_type="text/html")

    def signed_in_cookie(self, request: web.Request) -> tuple[str, SignIn] | None:
        cookie = request.cookies.get(COOKIE_NAME, "")
        sign_in = self.sign_ins.lookup(cookie)
        return (cookie, sign_in) if sign_in is not None else None

    def ssh_command(self) -> str:
        port = self.server.ssh_port
        return f"ssh -p {port} {self.server.public_host()} web"

    # --- pages ------------------------------------------------------------------------------
    async def index(self, request: web.Request) -> web.Response:
        found = self.signed_in_cookie(request)
        if found is None:
            return self.pages.form_page(request, lambda csrf: webpage.sign_in_page(
                self.ssh_command(), self.server.open_mode, csrf))
        cookie, sign_in = found
        scheme = "wss" if self.secure else "ws"
        address = self.url.split("://", 1)[1] if self.public_url else request.host
        csrf = self.sign_ins.csrf_token(cookie)
        return self.html(webpage.terminal_page(sign_in.name, f"{scheme}://{address}/ws/{csrf}",
                                                csrf))

    async def no_icon(self, request: web.Request) -> web.Response:
        return web.Response(status=204)

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        return web.Response(body=self._static[name], content_type=STATIC[name][2])

    # --- the terminal --------------------------------------------------------------------------
    async def websocket(self, request: web.Request) -> web.StreamResponse:
        found = self.signed_in_cookie(request)
        if found is None:
            return web.Response(status=401, text="Sign in first.\n")
        cookie, sign_in = found
        if not self.sign_ins.csrf_fits(cookie, request.match_info["csrf"]):
            return web.Response(status=403, text="Refused: a stale or forged page; reload.\n")
        address = self.address(request)
        # From here on the page is this server's own: a refusal is a sentence on it.
        socket = web.WebSocketResponse(heartbeat=30.0, max_msg_size=MAX_MESSAGE)
        await socket.prepare(request)
        cookie_digest = digest(cookie)
        session = WebSession(self.server, sign_in.name, cookie_digest, address,
                             self.fresh_codes.pop(cookie_digest, None))
        gate = self.server.gate
        refusal = self.name_refusal(sign_in, address)
        if not refusal:
            refusal = gate.opened(session, address) or gate.authenticated(session)
        if not refusal:
            refusal = self.server.admit(session)
        if refusal:
            gate.closed(session)
            log.warning("browser session of %s from %s refused: %s", sign_in.name, address,
                        refusal)
            await socket.send_bytes(f"gemtable: {refusal}\r\n".encode())
            await socket.close()
            return socket
        try:
            await session.run(request, socket)
        finally:
            self.server.release(session)
            gate.closed(session)
        return socket

    def name_refusal(self, sign_in: SignIn, address: str) -> str:
        """Key mode: does the key that asked for this sign-in still give its name?"""
        keys = self.server.keys
        if keys is None:
            return ""
        try:
            key = asyncssh.import_public_key(sign_in.key)
        except (asyncssh.KeyImportError, ValueError):
            return "This sign-in has no key behind it: sign in again."
        line = keys.line_for(sign_in.name, key, address, address)
        if line is None:
            return (f"The key that signed {sign_in.name} in may no longer use that name here. "
                    "Sign in again with a link.")
        if not line.rules.pty:
            return "That key may not open a terminal here, so not a browser either."
        return ""

    def close_sessions(self, which: Callable[[WebSession], bool], reason: str) -> int:
        chosen = [s for s in list(self.server.sessions)
                  if isinstance(s, WebSession) and which(s)]
        for session in chosen:
            session.close_for(reason)
        return len(chosen)


def tls_context(cert: Path, key: Path) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(str(cert), str(key))
    return context

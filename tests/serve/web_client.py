"""A browser as the web server sees one, without a browser: it follows a sign-in link
(the page, then the button's POST), keeps the cookie, reads the terminal page
for its websocket and CSRF token, and rebuilds the screen from the websocket's
binary frames with vt.py's `Screen`, as serve_support's `Terminal` does for SSH.
It speaks textual.js's protocol: ["stdin", text], ["resize", {...}], ["ping", s]."""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import html
import ipaddress
import json
import re
import ssl
import time
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import pytest
from serve_support import WAIT
from vt import Screen
from yarl import URL

WEBSOCKET_URL = re.compile(r'data-session-websocket-url="([^"]*)"')
CSRF_FIELD = re.compile(r'name="csrf" value="([^"]*)"')
FORM_TOKEN = re.compile(r'<meta name="csrf-token" content="([^"]*)">')
CODE_FIELD = re.compile(r'name="code" value="([^"]*)"')
COOKIE_NAME = "gemtable_session"


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


class WebClient:
    """One browser: its cookie jar, and at most one terminal page open."""

    def __init__(self, base_url: str, *, tls: ssl.SSLContext | None = None,
                 name: str = "browser") -> None:
        self.base_url = base_url.rstrip("/")
        self.origin = origin_of(self.base_url)
        self.name = name
        self._tls = tls
        # unsafe: keep cookies of an IP address (127.0.0.1), as a browser does
        self.http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                          connector=aiohttp.TCPConnector(ssl=tls or False))
        self.screen = Screen()
        self.raw = bytearray()
        self.pongs: list[str] = []
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()
        self._reader: asyncio.Task | None = None
        self.csrf = ""
        self.websocket_url = ""

    # --- signing in -------------------------------------------------------------------------
    @classmethod
    async def signed_in(cls, link: str, size: tuple[int, int] = (100, 30),
                        **options) -> WebClient:
        """A browser that followed `link` and opened the terminal page."""
        client = cls(origin_of(link), **options)
        try:
            response = await client.redeem(link)
            assert response.status == 200, f"sign-in gave {response.status}: {response.text}"
            await client.open_terminal(size)
        except BaseException:
            await client.close()
            raise
        return client

    async def redeem(self, link: str) -> Page:
        """GET the link's page, then press its button (POST /signin); follows the
        redirect to /, so a success is the terminal page."""
        page = await self.get(link.removeprefix(self.base_url))
        found = CODE_FIELD.search(page.text)
        if found is None:
            return page
        return await self.post("/signin", {"code": html.unescape(found.group(1))})

    async def choose_name(self, name: str, code: str = "") -> Page:
        """Open mode: the name form on the sign-in page."""
        return await self.post("/open", {"name": name, "code": code})

    async def get(self, path: str, **options) -> Page:
        # encoded: the path goes out as written (a test of "/static/..%2f" means it)
        async with self.http.get(URL(self.base_url + path, encoded=True),
                                 **options) as response:
            return Page(response.status, (await response.read()).decode("utf-8", "replace"),
                        response.headers)

    async def post(self, path: str, form: dict[str, str], origin: str | None = None,
                   **options) -> Page:
        """A form sent from this server's page (from `origin`'s; "": no Origin at all)."""
        origin = self.origin if origin is None else origin
        headers = {**({"Origin": origin} if origin else {}), **options.pop("headers", {})}
        if path in ("/signin", "/open") and "csrf" not in form:
            form = {**form, "csrf": await self.form_token(headers=headers)}
        async with self.http.post(self.base_url + path, data=form, headers=headers,
                                  **options) as response:
            return Page(response.status, (await response.read()).decode("utf-8", "replace"),
                        response.headers)

    async def form_token(self, **options) -> str:
        """The sign-in forms' token, as a page of this server would have it (reading
        a sign-in page sets the forms' cookie it is made from)."""
        page = await self.get("/", **options)
        found = FORM_TOKEN.search(page.text)
        return html.unescape(found.group(1)) if found else ""

    def cookie(self) -> str:
        return next((c.value for c in self.http.cookie_jar if c.key == COOKIE_NAME), "")

    def set_cookie(self, value: str) -> None:
        self.http.cookie_jar.update_cookies({COOKIE_NAME: value}, URL(self.base_url + "/"))

    def tab(self) -> WebClient:
        """Another tab of this browser: the same cookie, a page of its own."""
        other = WebClient(self.base_url, tls=self._tls, name=f"{self.name} (tab)")
        other.set_cookie(self.cookie())
        return other

    async def read_terminal_page(self) -> Page:
        """GET /: the terminal page's websocket address and CSRF token."""
        page = await self.get("/")
        found, csrf = WEBSOCKET_URL.search(page.text), CSRF_FIELD.search(page.text)
        if found is None or csrf is None:
            raise AssertionError(f"{self.name}: not the terminal page ({page.status}):\n"
                                 f"{page.text}")
        self.websocket_url, self.csrf = html.unescape(found.group(1)), html.unescape(csrf.group(1))
        return page

    async def sign_out(self) -> Page:
        return await self.post("/signout", {"csrf": self.csrf})

    # --- the terminal -----------------------------------------------------------------------
    async def open_terminal(self, size: tuple[int, int] = (100, 30)) -> None:
        await self.read_terminal_page()
        await self.open_websocket(self.websocket_url, size)

    async def open_websocket(self, url: str, size: tuple[int, int] = (100, 30),
                             origin: str | None = None) -> None:
        """Opens it (raises aiohttp.WSServerHandshakeError when refused)."""
        self.screen = Screen(*size)
        self.closed.clear()
        self.socket = await self.http.ws_connect(
            f"{url}?width={size[0]}&height={size[1]}",
            headers={"Origin": self.origin if origin is None else origin})
        self._reader = asyncio.get_running_loop().create_task(self._read(self.socket))
        await self._send(["resize", {"width": size[0], "height": size[1]}])

    async def _read(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        try:
            async for message in socket:
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.raw.extend(message.data)
                    self.screen.feed(message.data)
                elif message.type == aiohttp.WSMsgType.TEXT:
                    envelope = json.loads(message.data)
                    if envelope[0] == "pong":
                        self.pongs.append(envelope[1])
                self.changed.set()
        finally:
            self.closed.set()
            self.changed.set()

    async def _send(self, envelope: list) -> None:
        if self.socket is None or self.closed.is_set():
            raise AssertionError(f"{self.name}: the page is closed; screen:\n{self.text()}")
        await self.socket.send_str(json.dumps(envelope))

    def text(self) -> str:
        return self.screen.text()

    async def send(self, keys: str) -> None:
        await self._send(["stdin", keys])

    async def type(self, keys: str, pause: float = 0.05) -> None:
        """Key by key, as a person types (a burst would be a paste)."""
        for key in keys:
            await self.send(key)
            await asyncio.sleep(pause)

    async def ping(self, token: str) -> None:
        await self._send(["ping", token])

    async def resize(self, columns: int, rows: int) -> None:
        self.screen.resize(columns, rows)
        await self._send(["resize", {"width": columns, "height": rows}])

    async def wait_for(self, what, timeout: float = WAIT) -> None:
        """Until `what` (text, or a predicate of the Screen) is on screen."""
        check = (lambda s: what in s) if isinstance(what, str) else what
        deadline = time.monotonic() + timeout
        while not check(self.screen):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"{self.name}: waited for {what!r}; screen:\n{self.text()}")
            if self.closed.is_set():
                raise AssertionError(f"{self.name}: page closed; screen:\n{self.text()}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(remaining, 0.5))

    async def wait_closed(self, timeout: float = WAIT) -> None:
        await asyncio.wait_for(self.closed.wait(), timeout)

    async def play(self, action: str) -> None:
        """Type a move in the game's notation (the board's `:` command line)."""
        await self.send(":")
        await self.wait_for("(Enter plays, Esc closes)")
        await self.type(action, pause=0.01)
        await self.send("\r")

    async def close_terminal(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        self.socket = self._reader = None

    async def close(self) -> None:
        await self.close_terminal()
        await self.http.close()


@pytest.fixture
async def web_clients():
    """Makes WebClients (`web_clients(base_url)` or `web_clients.signed_in(link)`), all closed
    at the end."""
    made: list[WebClient] = []

    class Browsers:
        def tab(self, client: WebClient) -> WebClient:
            made.append(client.tab())
            return made[-1]

        def __call__(self, base_url: str, **options) -> WebClient:
            client = WebClient(base_url, **options)
            made.append(client)
            return client

        async def signed_in(self, link: str, size: tuple[int, int] = (100, 30),
                            **options) -> WebClient:
            client = await WebClient.signed_in(link, size, **options)
            made.append(client)
            return client

    yield Browsers()
    for client in made:
        await client.close()


class Page:
    """An answer as a test reads it."""

    def __init__(self, status: int, text: str, headers) -> None:
        self.status = status
        self.text = text
        self.headers = headers


def make_certificate(folder: Path, host: str = "127.0.0.1") -> tuple[Path, Path]:
    """A self-signed certificate for `host` and its key, as PEM files in `folder`:
    (certificate, key)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host)])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder().subject_name(subject).issuer_name(subject)
        .public_key(key.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName(
            [x509.IPAddress(ipaddress.ip_address(host))]), critical=False)
        .sign(key, hashes.SHA256()))
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path


def trusting(certificate: Path) -> ssl.SSLContext:
    """A client's TLS settings that trust this one certificate (and check it)."""
    return ssl.create_default_context(cafile=str(certificate))

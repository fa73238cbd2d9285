"""Who a browser is: one-time sign-in links, the session cookies they turn into,
and how often one address may try.

Identity stays rooted in SSH. `ssh host web` asks for a link (`issue`); the
link carries a code that is good for `LINK_LIFETIME` seconds and for one use.
Redeeming it (a POST from the page the link opens, never the GET, so a link
preview cannot spend it) gives the browser a cookie good for
`COOKIE_LIFETIME`. Only SHA-256 hashes of codes and cookies are kept, the
cookies' in `DATA/web_sessions.json` (0600), so they survive a restart and a
copy of the file signs no one in. A sign-in remembers what proved it: the
SSH key's public half (key mode: checked against the keys file again at every
session, as SSH checks it at every login) or the rejoin code (open mode).

The CSRF token of a cookie is an HMAC of it under a key made at each start:
a page from before a restart is sent to reload once, nothing more.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import threading
import time
from collections.abc import Callable
from pathlib import Path

import attrs

from .store import write_atomically

log = logging.getLogger("gemtable.serve")

LINK_LIFETIME = 300.0
"""Seconds a sign-in link stays good."""
LINKS_PER_NAME = 5
"""Sign-in links one name may have waiting; a sixth retires the oldest."""
COOKIE_LIFETIME = 7 * 24 * 3600.0
"""Seconds a browser stays signed in."""
COOKIES_PER_NAME = 20
"""Browsers one name may have signed in; another signs the oldest out."""
COOKIE_NAME = "gemtable_session"


def digest(secret: str) -> str:
    """What is kept of a code or cookie."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


@attrs.frozen
class SignIn:
    """One signed-in browser, as kept (the cookie itself is never kept)."""

    name: str
    created: float
    expires: float
    key: str = ""
    """Key mode: the OpenSSH public key that asked for the link."""
    address: str = ""
    """Where the link was redeemed from, for the list a person sees."""

    def to_json(self) -> dict[str, object]:
        return attrs.asdict(self)

    @classmethod
    def from_json(cls, data: object) -> SignIn | None:
        if not isinstance(data, dict):
            return None
        try:
            return cls(name=str(data["name"]), created=float(data["created"]),
                       expires=float(data["expires"]), key=str(data.get("key", "")),
                       address=str(data.get("address", "")))
        except (KeyError, TypeError, ValueError):
            return None


@attrs.frozen
class Link:
    name: str
    expires: float
    key: str = ""


class AddressLimit:
    """A token bucket per address: `burst` tries at once, then one every `every` s."""

    def __init__(self, burst: int = 5, every: float = 12.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.every = every
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, address: str) -> bool:
        now = self._clock()
        tokens, last = self._buckets.get(address, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) / self.every)
        if tokens < 1.0:
            self._buckets[address] = (tokens, now)
            return False
        self._buckets[address] = (tokens - 1.0, now)
        if len(self._buckets) > 10_000:  # forget full buckets: they are the default
            self._buckets = {a: b for a, b in self._buckets.items() if b[0] < self.burst - 1}
        return True


class SignIns:
    """Links waiting to be used and browsers signed in."""

    def __init__(self, path: Path, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self._clock = clock
        self._lock = threading.Lock()
        self._links: dict[str, Link] = {}
        self._cookies: dict[str, SignIn] = self._load()
        self._csrf_key = secrets.token_bytes(32)

    def _load(self) -> dict[str, SignIn]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as error:
            log.error("%s is unreadable (%s): every browser signs in again", self.path, error)
            return {}
        now = self._clock()
        kept = {}
        for hashed, record in (data.items() if isinstance(data, dict) else ()):
            sign_in = SignIn.from_json(record)
            if sign_in is not None and sign_in.expires > now:
                kept[str(hashed)] = sign_in
        return kept

    def _save(self) -> None:
        write_atomically(self.path, json.dumps(
            {hashed: sign_in.to_json() for hashed, sign_in in self._cookies.items()}, indent=1))

    # --- links ----------------------------------------------------------------------------
    def issue(self, name: str, key: str = "") -> str:
        """A new sign-in code for `name` (good once, for a few minutes)."""
        code = secrets.token_urlsafe(24)
        now = self._clock()
        with self._lock:
            self._links = {k: link for k, link in self._links.items() if link.expires > now}
            mine = sorted((link.expires, k) for k, link in self._links.items() if link.name == name)
            for _, old in mine[: max(0, len(mine) - LINKS_PER_NAME + 1)]:
                del self._links[old]
            self._links[digest(code)] = Link(name, now + LINK_LIFETIME, key)
        return code

    def waiting(self, code: str) -> str | None:
        """The name a code would sign in, without spending it (None: used or expired)."""
        link = self._links.get(digest(code)) if code and len(code) <= 200 else None
        return link.name if link is not None and link.expires > self._clock() else None

    def redeem(self, code: str, address: str) -> tuple[str, SignIn] | None:
        """Spend a sign-in code: (the new cookie, its sign-in), or None when the code
        is unknown, used or expired."""
        if not code or len(code) > 200:
            return None
        now = self._clock()
        with self._lock:
            link = self._links.pop(digest(code), None)
            if link is None or link.expires <= now:
                return None
            return self._add(link.name, link.key, address, now)

    def sign_in(self, name: str, address: str) -> tuple[str, SignIn]:
        """A cookie for `name` without a link (open mode, once its name or rejoin code
        was checked)."""
        with self._lock:
            return self._add(name, "", address, self._clock())

    def _add(self, name: str, key: str, address: str, now: float) -> tuple[str, SignIn]:
        cookie = secrets.token_urlsafe(32)
        sign_in = SignIn(name=name, created=now, expires=now + COOKIE_LIFETIME, key=key,
                         address=address)
        mine = sorted((s.created, d) for d, s in self._cookies.items() if s.name == name)
        for _, old in mine[: max(0, len(mine) - COOKIES_PER_NAME + 1)]:
            del self._cookies[old]
        self._cookies[digest(cookie)] = sign_in
        self._save()
        log.info("browser signed in as %s from %s", name, address)
        return cookie, sign_in

    # --- cookies --------------------------------------------------------------------------
    def lookup(self, cookie: str | None) -> SignIn | None:
        if not cookie or len(cookie) > 200:
            return None
        sign_in = self._cookies.get(digest(cookie))
        if sign_in is None or sign_in.expires <= self._clock():
            return None
        return sign_in

    def known(self, cookie_digest: str) -> bool:
        """Is the cookie with this digest still signed in?"""
        sign_in = self._cookies.get(cookie_digest)
        return sign_in is not None and sign_in.expires > self._clock()

    def csrf_token(self, cookie: str) -> str:
        return hmac.new(self._csrf_key, cookie.encode("utf-8"), "sha256").hexdigest()

    def csrf_fits(self, cookie: str, token: str) -> bool:
        return hmac.compare_digest(self.csrf_token(cookie), token)

    def sign_out(self, cookie: str) -> SignIn | None:
        with self._lock:
            sign_in = self._cookies.pop(digest(cookie), None)
            if sign_in is not None:
                self._save()
            return sign_in

    def of(self, name: str) -> list[SignIn]:
        """`name`'s signed-in browsers, oldest first."""
        now = self._clock()
        return sorted((s for s in self._cookies.values() if s.name == name and s.expires > now),
                      key=lambda s: s.created)

    def sign_out_all(self, name: str) -> int:
        """Sign every browser of `name` out (and forget its waiting links)."""
        with self._lock:
            gone = [k for k, s in self._cookies.items() if s.name == name]
            for hashed in gone:
                del self._cookies[hashed]
            self._links = {d: link for d, link in self._links.items() if link.name != name}
            if gone:
                self._save()
        log.info("%s signed out %d browser(s)", name, len(gone))
        return len(gone)

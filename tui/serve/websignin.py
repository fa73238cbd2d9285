"""The pages before a session: a link's page and its button, the open-mode name form,
and signing out. `WebFront` (webserver.py) routes to them.

The sign-in forms come before any session cookie, so their CSRF token is the
HMAC of a cookie of their own (`FORM_COOKIE`); the Origin check in front of
every POST is the other half. Attempts are limited per address (`AddressLimit`).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from aiohttp import web

from . import webpage
from .keys import valid_name
from .plain import printable
from .weblogin import COOKIE_LIFETIME, COOKIE_NAME, digest

if TYPE_CHECKING:
    from .webserver import WebFront

log = logging.getLogger("gemtable.serve")

FORM_COOKIE = "gemtable_form"
"""The sign-in forms' own cookie: their CSRF token is its HMAC (no one is signed in yet)."""
FORM_LIFETIME = 3600


class SignInPages:
    """The sign-in and sign-out handlers of one `WebFront`."""

    def __init__(self, front: WebFront) -> None:
        self.front = front

    def _signed_in(self, response: web.StreamResponse, cookie: str) -> None:
        response.set_cookie(COOKIE_NAME, cookie, max_age=int(COOKIE_LIFETIME), path="/",
                            httponly=True, samesite="Strict", secure=self.front.secure)

    async def signin_page(self, request: web.Request) -> web.Response:
        code = request.query.get("code", "")
        name = self.front.sign_ins.waiting(code)
        if name is None:
            return self._used_link()
        return self.form_page(request, lambda csrf: webpage.redeem_page(name, code, csrf))

    async def signin(self, request: web.Request) -> web.StreamResponse:
        checked = await self._checked_form(request)
        if isinstance(checked, web.Response):
            return checked
        address, form = checked
        redeemed = self.front.sign_ins.redeem(str(form.get("code", "")), address)
        if redeemed is None:
            log.warning("a used, unknown or expired sign-in link from %s", address)
            return self._used_link()
        self._close_retired()
        response = _to_the_game()
        self._signed_in(response, redeemed[0])
        return response

    async def open_name(self, request: web.Request) -> web.StreamResponse:
        names = self.front.server.names
        if names is None:
            return self.front.html(webpage.message_page(
                "sign in", "Names come from SSH keys here: sign in with a link."), 404)
        checked = await self._checked_form(request)
        if isinstance(checked, web.Response):
            return checked
        address, form = checked
        name, code = str(form.get("name", "")).strip(), str(form.get("code", "")).strip()
        shown = printable(name, 24)

        def again(message: str, status: int, typed: str = name) -> web.Response:
            return self.form_page(request, lambda csrf: webpage.sign_in_page(
                self.front.ssh_command(), True, csrf, message, typed), status)

        if not valid_name(name):
            return again("Names are 1-24 letters, digits, '.', '_' or '-', starting with a "
                         "letter or digit.", 400, shown)
        bound = names.binding(name)
        if bound is not None and "code" not in bound:
            return again(f"The name {shown} belongs to an SSH key: sign in with a link from "
                         "that key.", 403)
        proven = bool(code) and names.code_fits(name, code)
        if bound is not None and not proven:
            log.warning("browser from %s: wrong rejoin code for %s", address, shown)
            return again(f"The name {shown} is taken. If it is yours, type its rejoin code.",
                         403)
        allowed, new_code = names.claim(name, None, proven)
        if not allowed:
            return again(f"The name {shown} is taken.", 403)
        cookie, _ = self.front.sign_ins.sign_in(name, address)
        self._close_retired()
        if new_code is not None:
            self.front.fresh_codes[digest(cookie)] = new_code
        response = _to_the_game()
        self._signed_in(response, cookie)
        return response

    async def signout(self, request: web.Request) -> web.StreamResponse:
        form = await request.post()
        found = self.front.signed_in_cookie(request)
        sign_ins = self.front.sign_ins
        if found is None or not sign_ins.csrf_fits(found[0], str(form.get("csrf", ""))):
            return self.front.html(webpage.message_page(
                "sign out", "Refused: that request did not come from this page."), 403)
        sign_ins.sign_out(found[0])
        self.front.close_sessions(lambda s: s.cookie_digest == digest(found[0]),
                                  "Signed out in this browser.")
        response = _to_the_game()
        response.del_cookie(COOKIE_NAME, path="/")
        return response

    def _close_retired(self) -> None:
        """A sign-in past a name's browser cap retired the oldest cookie: close its pages."""
        self.front.close_sessions(lambda s: not self.front.sign_ins.known(s.cookie_digest),
                                  "Signed out: this name signed in on too many browsers.")

    # --- the sign-in forms' token: a cookie of the form's own, and its HMAC in the form ------
    def form_page(self, request: web.Request, page: Callable[[str], str],
                  status: int = 200) -> web.Response:
        """A page with a sign-in form, and the cookie its token is made from."""
        form_cookie = request.cookies.get(FORM_COOKIE, "")
        if not 20 <= len(form_cookie) <= 64:
            form_cookie = secrets.token_urlsafe(24)
        token = self.front.sign_ins.csrf_token(f"form:{form_cookie}")
        response = self.front.html(page(token), status)
        response.set_cookie(FORM_COOKIE, form_cookie, max_age=FORM_LIFETIME, path="/",
                            httponly=True, samesite="Strict", secure=self.front.secure)
        return response

    def _form_fits(self, request: web.Request, form: Mapping[str, object]) -> bool:
        form_cookie = request.cookies.get(FORM_COOKIE, "")
        return bool(form_cookie) and self.front.sign_ins.csrf_fits(
            f"form:{form_cookie}", str(form.get("csrf", "")))

    def _stale_form(self, request: web.Request) -> web.Response:
        log.warning("a sign-in form without its token from %s", self.front.address(request))
        return self.form_page(request, lambda csrf: webpage.sign_in_page(
            self.front.ssh_command(), self.front.server.open_mode, csrf,
            "That form was out of date or came from elsewhere: try again from this page."), 403)

    async def _checked_form(self, request: web.Request,
                            ) -> tuple[str, Mapping[str, object]] | web.Response:
        """A sign-in form's sender and fields, or the answer refusing it: too many tries
        from that address, or a form without its token."""
        address = self.front.address(request)
        if not self.front.tries.allow(address):
            return self._too_many()
        form = await request.post()
        if not self._form_fits(request, form):
            return self._stale_form(request)
        return address, form

    def _used_link(self) -> web.Response:
        return self.front.html(webpage.message_page(
            "sign in", "This sign-in link has been used or is out of date.",
            f"Run {self.front.ssh_command()} for a new one."), 410)

    def _too_many(self) -> web.Response:
        return self.front.html(webpage.message_page(
            "sign in", "Too many sign-in attempts from this address: wait a minute."), 429)


def _to_the_game() -> web.Response:
    """See /: after a sign-in or out (a returned HTTPSeeOther is deprecated in aiohttp)."""
    return web.Response(status=303, headers={"Location": "/"})

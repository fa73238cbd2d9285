"""Refusals in a real browser: a link used twice, a forged cookie, another site's
page reaching for the terminal with the cookie, markup in a name; and signing
every browser out from SSH closes the open page.
"""

from __future__ import annotations

import re

import aiohttp
import pytest
from aiohttp import web
from browser_support import BrowserContext, BrowserPage
from serve_support import command_output, sign_in_link, wait_until

pytestmark = pytest.mark.timeout(120)

FORGED = "made-up-" + "x" * 32


async def test_a_used_link_signs_nobody_in(make_server, browser, chromium):
    server = make_server("--web", "0")
    link = await sign_in_link(server.port, "alice")
    alice = await browser.new_page("alice")
    await alice.goto(link)
    await alice.click("button[type=submit]")
    await alice.wait_for("shared tables")

    other = BrowserContext(chromium)  # someone else, who found the link afterwards
    try:
        thief = await other.new_page("thief")
        response = await thief.goto(link)
        assert response.status == 410
        assert "has been used or is out of date" in await thief.text_of("body")
        assert await thief.do(lambda page: page.locator("form").count()) == 0
        assert await other.cookies() == []
    finally:
        other.close()


async def test_a_forged_cookie_gets_the_sign_in_page_and_no_terminal(make_server, browser):
    server = make_server("--web", "0")
    await browser.add_cookie("gemtable_session", FORGED, server.web_url)
    page = await browser.new_page()
    await page.goto(server.web_url + "/")
    assert "choose a name" in await page.text_of("body")
    assert await page.do(lambda p: p.locator("#terminal").count()) == 0
    opened = await page.do(lambda p: p.evaluate(OPEN_SOCKET, server.web_url.replace(
        "http://", "ws://") + "/ws/forged"))
    assert opened == "refused"
    # The browser's refusal may be its own (the page's CSP); the server's is a 401.
    async with aiohttp.ClientSession(cookies={"gemtable_session": FORGED}) as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(server.web_url + "/ws/forged",
                                  headers={"Origin": server.web_url})
        assert refused.value.status == 401


OPEN_SOCKET = """url => new Promise(done => {
  const socket = new WebSocket(url);
  socket.onopen = () => { done("opened"); socket.close(); };
  socket.onerror = () => done("refused");
})"""

ATTACKER_PAGE = """<!DOCTYPE html><title>a prize</title><script>
window.outcome = new Promise(done => {{
  const socket = new WebSocket({url!r});
  socket.onopen = () => {{ socket.send(JSON.stringify(["stdin", "q"])); done("opened"); }};
  socket.onerror = () => done("refused");
}});
</script>"""


async def test_another_sites_page_cannot_open_the_terminal_with_the_cookie(make_server, browser):
    server = make_server("--web", "0")
    alice = await browser.signed_in(server.port, "alice")
    cookie = next(c for c in await browser.cookies() if c["name"] == "gemtable_session")
    assert cookie["sameSite"] == "Strict" and cookie["httpOnly"]
    # The worst case: the attacker even knows the page's CSRF token.
    socket_url = await alice.do(lambda page: page.get_attribute(
        "#terminal", "data-session-websocket-url"))

    async def attacker_page(request: web.Request) -> web.Response:
        return web.Response(text=ATTACKER_PAGE.format(url=socket_url), content_type="text/html")

    app = web.Application()
    app.router.add_get("/", attacker_page)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        # The same site on another port (the cookie goes along: only the Origin check
        # stops it), and another site (localhost: SameSite=Strict keeps the cookie back).
        for origin in (f"http://127.0.0.1:{port}", f"http://localhost:{port}"):
            attacker = await browser.new_page("attacker")
            await attacker.goto(origin + "/")
            assert await attacker.do(lambda page: page.evaluate("window.outcome")) == "refused"
            wait_until(lambda origin=origin: f"origin {origin}" in server.log(),
                       what=f"the refusal of {origin} in the log")
            assert re.search(rf"refused GET /ws/\S+ from 127\.0\.0\.1: origin {origin}",
                             server.log())
    finally:
        await runner.cleanup()
    # Alice's own terminal is untouched: no "q" reached her lobby.
    await alice.press("c")
    await alice.wait_for("New shared table")


@pytest.mark.parametrize("name", ["[red]x[/]", "<b>x</b>"])
async def test_markup_in_a_name_is_refused_and_shown_as_typed(make_server, browser, name):
    server = make_server("--web", "0")
    page = await browser.new_page()
    await page.goto(server.web_url + "/")
    await page.do(lambda p: p.fill("input[name=name]", name))
    await page.click("button[type=submit]")
    assert "Names are 1-24 letters" in await page.text_of(".message")
    # The refused name is given back as typed, to be corrected, and never as markup.
    assert await page.do(lambda p: p.input_value("input[name=name]")) == name
    assert await page.do(lambda p: p.locator("b, [style]").count()) == 0
    assert [c["name"] for c in await browser.cookies()] == ["gemtable_form"]  # no session


async def choose_name(browser: BrowserContext, url: str, name: str, code: str = "") -> BrowserPage:
    page = await browser.new_page(name)
    await page.goto(url + "/")
    await page.do(lambda p: p.fill("input[name=name]", name))
    await page.do(lambda p: p.fill("input[name=code]", code))
    await page.click("button[type=submit]")
    return page


async def test_an_odd_valid_name_is_shown_literally_and_kept_by_its_rejoin_code(
        make_server, browser, chromium):
    server = make_server("--web", "0")
    page = await choose_name(browser, server.web_url, "b.-_x")
    lobby = await page.wait_for("your rejoin code is")
    assert "b.-_x · 0 others online" in lobby
    assert await page.text_of("#signed-in-as") == "b.-_x"
    assert await page.do(lambda p: p.title()) == "gemtable: b.-_x"
    code = re.search(r"your rejoin code is (\S+)", lobby).group(1)

    other = BrowserContext(chromium)  # another browser: the name needs its code
    try:
        taken = await choose_name(other, server.web_url, "b.-_x")
        assert "is taken" in await taken.text_of(".message")
        back = await choose_name(other, server.web_url, "b.-_x", code)
        await back.wait_for("b.-_x · 0 others online")  # others: other names
    finally:
        other.close()


async def test_signing_out_every_browser_from_ssh_closes_the_open_page(make_server, browser):
    server = make_server("--web", "0")
    alice = await browser.signed_in(server.port, "alice")
    printed = await command_output(server.port, "alice", "web --sign-out-all")
    assert "1 open page(s) closed" in printed
    await alice.wait_for("Signed out of every browser (from SSH).")
    await alice.do(lambda page: page.wait_for_selector(".closed-note", state="visible"))
    await alice.goto(server.web_url + "/")
    assert await alice.do(lambda page: page.locator("#terminal").count()) == 0

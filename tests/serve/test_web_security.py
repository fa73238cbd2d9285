"""The browser path against a real server: who may sign in, with what, from which
page; what the cookie and the headers say; what a browser session may do."""

from __future__ import annotations

import asyncio
import json
import os
import time

import aiohttp
import pytest
from serve_support import WAIT, Client, command_output, key_of, sign_in_link
from web_client import WebClient

from gemtable.tui.serve.server import SESSIONS_PER_USER
from gemtable.tui.serve.weblogin import COOKIE_LIFETIME

EVIL = "http://evil.example"


async def refused_websocket(browser: WebClient, url: str, origin: str | None = None) -> int:
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await browser.open_websocket(url, origin=origin)
    return refused.value.status


async def test_a_used_link_is_refused_and_sets_no_cookie(make_server, web_clients):
    server = make_server("--web", "0")
    link = await sign_in_link(server.port, "alice")
    first = web_clients(server.web_url)
    assert (await first.redeem(link)).status == 200 and first.cookie()

    second = web_clients(server.web_url)
    page = await second.get(link.removeprefix(server.web_url))
    assert page.status == 410 and "has been used or is out of date" in page.text
    code = link.split("code=", 1)[1]
    answer = await second.post("/signin", {"code": code}, allow_redirects=False)
    assert answer.status == 410 and "Set-Cookie" not in answer.headers
    assert not second.cookie()


async def test_a_forged_cookie_gets_the_sign_in_page_and_no_terminal(make_server, web_clients):
    server = make_server("--web", "0")
    forger = web_clients(server.web_url)
    forger.set_cookie("forged-cookie-value")
    page = await forger.get("/")
    assert page.status == 200 and f"ssh -p {server.port}" in page.text
    assert "signed-in-as" not in page.text
    assert await refused_websocket(forger, server.web_url.replace("http", "ws", 1) + "/ws/0123abcd") == 401


async def test_the_right_cookie_with_a_wrong_csrf_token_is_refused(make_server, web_clients):
    server = make_server("--web", "0")
    alice = web_clients(server.web_url)
    await alice.redeem(await sign_in_link(server.port, "alice"))
    await alice.read_terminal_page()
    wrong = alice.websocket_url.rsplit("/", 1)[0] + "/" + "0" * 64
    assert await refused_websocket(alice, wrong) == 403
    assert (await alice.post("/signout", {"csrf": "0" * 64})).status == 403
    assert (await alice.post("/signout", {})).status == 403
    assert "signed-in-as" in (await alice.get("/")).text  # still signed in


async def test_another_sites_page_can_open_no_terminal_and_sign_no_one_in_or_out(
        make_server, web_clients):
    server = make_server("--web", "0")
    alice = web_clients(server.web_url)
    await alice.redeem(await sign_in_link(server.port, "alice"))
    await alice.read_terminal_page()
    assert await refused_websocket(alice, alice.websocket_url, origin=EVIL) == 403
    assert "refused GET /ws/" in server.log() and f"origin {EVIL}" in server.log()
    for origin in (EVIL, ""):
        answer = await alice.post("/signout", {"csrf": alice.csrf}, origin=origin)
        assert answer.status == 403 and "another site" in answer.text
    assert "signed-in-as" in (await alice.get("/")).text

    link = await sign_in_link(server.port, "bob")
    bob = web_clients(server.web_url)
    code = link.split("code=", 1)[1]
    for origin in (EVIL, ""):
        answer = await bob.post("/signin", {"code": code}, origin=origin, allow_redirects=False)
        assert answer.status == 403 and "Set-Cookie" not in answer.headers
    assert (await bob.redeem(link)).status == 200  # the code was not spent


async def test_another_host_name_is_refused(make_server, web_clients):
    server = make_server("--web", "0")
    browser = web_clients(server.web_url)
    port = server.web_url.rsplit(":", 1)[1]
    for host in (f"evil.example:{port}", "127.0.0.1", f"127.0.0.2:{port}"):
        assert (await browser.get("/", headers={"Host": host})).status == 421
    assert (await browser.get("/", headers={"Host": f"localhost:{port}"})).status == 200


async def test_the_cookie_is_http_only_strict_and_the_pages_headers_strict(make_server, web_clients):
    server = make_server("--web", "0")
    browser = web_clients(server.web_url)
    page = await browser.get((await sign_in_link(server.port, "alice")).removeprefix(
        server.web_url))
    code = page.text.split('name="code" value="', 1)[1].split('"', 1)[0]
    answer = await browser.post("/signin", {"code": code}, allow_redirects=False)
    assert answer.status == 303 and answer.headers["Location"] == "/"
    cookie = answer.headers["Set-Cookie"]
    flags = {part.strip().split("=", 1)[0].lower(): part.strip()
             for part in cookie.split(";")[1:]}
    assert cookie.startswith("gemtable_session=")
    assert "httponly" in flags and flags["samesite"] == "SameSite=Strict"
    assert flags["path"] == "Path=/" and flags["max-age"] == f"Max-Age={int(COOKIE_LIFETIME)}"
    assert "secure" not in flags  # plain http on loopback: a Secure cookie would not come back

    page = await browser.get("/")  # the terminal page, as every page, forbids a lot
    assert "signed-in-as" in page.text
    policy = page.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
    assert "script-src 'self'" in policy and "'unsafe-inline'" not in policy.split(
        "script-src", 1)[1].split(";", 1)[0]
    assert page.headers["X-Frame-Options"] == "DENY"
    assert page.headers["X-Content-Type-Options"] == "nosniff"
    assert page.headers["Referrer-Policy"] == "same-origin"
    assert page.headers["Cache-Control"] == "no-store"


async def test_static_serves_its_five_files_and_nothing_else(make_server, web_clients):
    server = make_server("--web", "0")
    browser = web_clients(server.web_url)
    for name, kind in (("textual.js", "text/javascript"), ("xterm.css", "text/css"),
                       ("RobotoMono.ttf", "font/ttf"), ("gemtable.css", "text/css"),
                       ("gemtable.js", "text/javascript")):
        page = await browser.get(f"/static/{name}")
        assert page.status == 200 and page.headers["Content-Type"].startswith(kind)
    for path in ("/static/..%2fserve.log", "/static/%2e%2e/serve.log", "/static/../serve.log",
                 "/static/textual_serve.py", "/static/webserver.py", "/static/",
                 "/static/..%2f..%2fweb_sessions.json", "/serve.log", "/web_sessions.json"):
        missing = await browser.get(path)
        assert missing.status == 404, path
        assert missing.headers["X-Content-Type-Options"] == "nosniff"
        assert "default-src 'none'" in missing.headers["Content-Security-Policy"]


async def test_sign_in_attempts_past_the_limit_are_refused(make_server, web_clients):
    server = make_server("--web", "0")
    browser = web_clients(server.web_url)
    for _ in range(5):
        assert (await browser.post("/signin", {"code": "guess"})).status == 410
    refused = await browser.post("/signin", {"code": "guess"})
    assert refused.status == 429 and "Too many sign-in attempts" in refused.text
    # The limit holds for a good link too, and for the name form of open mode.
    link = await sign_in_link(server.port, "alice")
    assert (await browser.redeem(link)).status == 429
    assert (await browser.choose_name("bob")).status == 429


async def test_sign_out_all_from_ssh_signs_the_browser_out_and_closes_its_page(
        make_server, web_clients):
    server = make_server("--web", "0")
    alice = await web_clients.signed_in(await sign_in_link(server.port, "alice"))
    await alice.wait_for("shared tables")
    listed = await command_output(server.port, "alice", "web")
    assert "Browsers signed in as alice now: 1" in listed and "--sign-out-all" in listed
    assert "takes no argument" in await command_output(server.port, "alice", "web --all")
    printed = await command_output(server.port, "alice", "web --sign-out-all")
    assert "Signed alice out of 1 browser(s); 1 open page(s) closed." in printed
    await alice.wait_for("Signed out of every browser (from SSH).")
    await alice.wait_closed()
    assert "signed-in-as" not in (await alice.get("/")).text
    assert await refused_websocket(alice, alice.websocket_url) == 401


async def test_signing_out_on_the_page_closes_its_terminal(make_server, web_clients):
    server = make_server("--web", "0")
    alice = await web_clients.signed_in(await sign_in_link(server.port, "alice"))
    await alice.wait_for("shared tables")
    page = await alice.sign_out()
    assert page.status == 200 and "signed-in-as" not in page.text and not alice.cookie()
    await alice.wait_for("Signed out in this browser.")
    await alice.wait_closed()


async def test_key_mode_checks_the_key_again_at_every_terminal(make_server, web_clients, tmp_path):
    authorized = tmp_path / "authorized_keys"
    line, bobs = (key_of(name).export_public_key().decode().strip() for name in ("alice", "bob"))
    authorized.write_text(f"{line} alice\nno-pty {bobs} bob\n")
    server = make_server("--web", "0", "--authorized-keys", str(authorized))
    printed = await command_output(server.port, "bob", "web")  # no terminal, no browser
    assert "may not open a terminal here" in printed and "signin?code=" not in printed
    alice = await web_clients.signed_in(await sign_in_link(server.port, "alice"))
    await alice.wait_for("alice")
    await alice.close_terminal()

    for step, changed in enumerate((f"{line} alicia\n", "")):
        authorized.write_text(changed)
        later = time.time() + 5 + step  # a new mtime however coarse the file system's clock
        os.utime(authorized, (later, later))
        await alice.open_terminal()  # the page is this server's: it is told why, then closed
        await alice.wait_for("may no longer use that name here")
        await alice.wait_closed()
    assert "browser session of alice from 127.0.0.1 refused" in server.log()


async def admitted_tab(web_clients, first: WebClient) -> WebClient:
    """A new tab once the server has let a closed session go (tries before are refused)."""
    deadline = time.monotonic() + WAIT
    while True:
        tab = web_clients.tab(first)
        await tab.open_terminal()
        await tab.wait_for(lambda s: "shared tables" in s or "sessions open already" in s)
        if "shared tables" in tab.screen or time.monotonic() > deadline:
            return tab
        await tab.wait_closed()


async def test_browser_and_ssh_sessions_share_one_cap_per_person(make_server, web_clients,
                                                                   clients):
    server = make_server("--web", "0")
    first = await web_clients.signed_in(await sign_in_link(server.port, "alice"))
    tabs = [first]
    for _ in range(SESSIONS_PER_USER // 2 - 1):
        tab = web_clients.tab(first)
        await tab.open_terminal()
        tabs.append(tab)
    terminals = [await clients(server.port, "alice")
                 for _ in range(SESSIONS_PER_USER - len(tabs))]
    for person in (*tabs, *terminals):
        await person.wait_for("shared tables")

    refusal = f"alice has {SESSIONS_PER_USER} sessions open already"
    one_more = web_clients.tab(first)
    await one_more.open_terminal()
    await one_more.wait_for(refusal)
    await one_more.wait_closed()
    await (await clients(server.port, "alice")).wait_for(refusal)

    # One fewer, an SSH one or a browser's: a browser gets in again.
    for leaving in (terminals[0], tabs[-1]):
        await (leaving.close() if isinstance(leaving, Client) else leaving.close_terminal())
        await (await admitted_tab(web_clients, first)).wait_for("shared tables")


async def test_a_browser_session_plays_against_bots(make_server, web_clients):
    server = make_server("--web", "0")
    alice = await web_clients.signed_in(await sign_in_link(server.port, "alice"))
    await alice.wait_for("shared tables")
    await alice.send("c")
    await alice.wait_for("◀ bot: normal ▶")
    await alice.send("\x1b[B" * 4 + "\x1b[C")  # seat 2: from an open seat to a bot
    await alice.wait_for("Play starts at once.")
    await alice.send("\x1b[B" * 2 + "7")
    await alice.wait_for("Seed       7")
    await alice.send("\r")
    await alice.wait_for("Your turn, Seat 1 (alice)")
    await alice.play("take RBG")
    await alice.wait_for("1. You: took red, blue and green gems")
    await alice.wait_for("3. Seat 3 (normal)")
    await alice.resize(120, 40)
    await alice.wait_for(lambda screen: "3. Seat 3 (normal)" in screen  # drawn anew, wider
                         and max(map(len, screen.lines())) > 100)
    await alice.ping("t1")
    await alice.wait_for(lambda screen: alice.pongs == ["t1"])


async def test_malformed_messages_are_ignored_and_an_oversized_one_ends_only_its_page(
        make_server, web_clients):
    server = make_server("--web", "0")
    alice = await web_clients.signed_in(await sign_in_link(server.port, "alice"))
    await alice.wait_for("shared tables")
    assert alice.socket is not None
    for text in ("not json", "{}", "[]", "[5]", '["stdin", 5]', '["stdin"]',
                 '["resize", {"width": "x", "height": -1}]', '["resize", [1, 2]]',
                 '["resize", {"width": 100000, "height": 100000}]',
                 json.dumps(["ping", "x" * 100]), '["focus"]', '["blur"]', '["other", 1]'):
        await alice.socket.send_str(text)
    await alice.socket.send_bytes(b"\x00binary")
    await alice.send("c")
    await alice.wait_for("New shared table")  # the session goes on, at its size
    assert alice.pongs == [] and max(map(len, alice.screen.lines())) <= 100

    await alice.socket.send_str(json.dumps(["stdin", "x" * 70_000]))
    await alice.wait_closed()
    tab = web_clients.tab(alice)  # the server goes on
    await tab.open_terminal()
    await tab.wait_for("shared tables")
    assert "Traceback" not in server.log()


async def test_an_idle_page_is_closed_and_says_why(make_server, web_clients):
    server = make_server("--web", "0", "--idle-timeout", "2")
    alice = await web_clients.signed_in(await sign_in_link(server.port, "alice"))
    await alice.wait_for("shared tables")
    await alice.wait_for("Closed after 2 s idle")
    await alice.wait_closed()


async def test_a_stopping_server_says_so_on_the_page(make_server, web_clients):
    server = make_server("--web", "0")
    alice = await web_clients.signed_in(await sign_in_link(server.port, "alice"))
    await alice.wait_for("shared tables")
    await asyncio.to_thread(server.stop)
    await alice.wait_for("The server is stopping; your game is saved.")
    await alice.wait_closed()

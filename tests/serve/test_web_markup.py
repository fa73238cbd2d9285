"""Text from outside through the browser path: typed ids and moves with markup or
escape sequences are shown as typed and run nothing; names on the HTML pages
are escaped."""

from __future__ import annotations

import re

from serve_support import sign_in_link
from web_client import WebClient

from gemtable.tui.serve import webpage

LINK = "[@click=app.screenshot('x.svg','{folder}')]ZZZ"
COLOUR = "[red on white]RED[/]"
OSC = "\x1b]0;pwned\x07"
CLEAR_LINE = "\x15"  # ctrl+u in the command line


def no_escape_from_what_was_typed(browser: WebClient) -> bool:
    """The typed OSC never comes back to the browser as an escape sequence."""
    sent = bytes(browser.raw)
    return b"\x1b]0;" not in sent and b"pwned\x07" not in sent and b"\x1b[2J\xc2\x9b" not in sent


def refused(typed: str):
    """A refusal on screen that begins with what was typed, as typed (the command
    line, where it is typed, begins with a space)."""
    pattern = re.compile(re.escape(typed[:20]))
    return lambda screen: any(pattern.match(line) for line in screen.lines())


async def test_typed_ids_with_markup_and_escapes_are_shown_as_typed(make_server, web_clients,
                                                                     tmp_path):
    server = make_server("--web", "0")
    alice = await web_clients.signed_in(await sign_in_link(server.port, "alice"))
    await alice.wait_for("shared tables")
    for typed in (LINK.format(folder=tmp_path), COLOUR):
        await alice.send("j")
        await alice.wait_for("table id, then Enter")
        await alice.type(typed, pause=0.01)
        await alice.send("\r")
        await alice.wait_for(f"'{typed[:12].lower()}")  # the refusal quotes it

    await alice.send("j")
    await alice.wait_for("table id, then Enter")
    await alice.send(f"{OSC}\x1b[2J\x9bzz")
    await alice.wait_for("0;pwned")
    await alice.send("\r")
    await alice.wait_for(lambda screen: "there is no table '" in screen and "0;pwned" in screen)
    assert no_escape_from_what_was_typed(alice)
    assert list(tmp_path.glob("*.svg")) == [] and list(server.data.rglob("*.svg")) == []
    assert "shared tables" in alice.screen


async def test_typed_moves_with_markup_and_escapes_are_shown_as_typed(make_server, web_clients,
                                                                      tmp_path):
    server = make_server("--web", "0")
    alice = await web_clients.signed_in(await sign_in_link(server.port, "alice"))
    await alice.wait_for("shared tables")
    await alice.send("c")
    await alice.wait_for("◀ bot: normal ▶")
    await alice.send("\x1b[B" * 4 + "\x1b[C")  # seat 2: a bot too, so play starts at once
    await alice.wait_for("Play starts at once.")
    await alice.send("\r")
    await alice.wait_for("Your turn, Seat 1 (alice)")

    await alice.play("[@click=app.quit]x")
    await alice.wait_for("[@click=app.quit]x: not an action in Jowhari")
    for typed in (LINK.format(folder=tmp_path), COLOUR):
        await alice.send(CLEAR_LINE)
        await alice.type(typed, pause=0.01)
        await alice.send("\r")
        await alice.wait_for(refused(typed))
    await alice.send(CLEAR_LINE)
    await alice.send(f"take {OSC}")
    await alice.wait_for("0;pwned")
    await alice.send("\r")
    await alice.wait_for(lambda screen: re.search(r"take \S*0;pwned\S*: ",
                                                  screen.text()) is not None)
    assert no_escape_from_what_was_typed(alice)
    assert list(tmp_path.glob("*.svg")) == [] and list(server.data.rglob("*.svg")) == []

    # Nothing ran: the app is still there and takes a move.
    await alice.send(CLEAR_LINE + "take RBG\r")
    await alice.wait_for("1. You: took red, blue and green gems")


async def test_a_name_with_markup_is_refused_and_shown_escaped(make_server, web_clients):
    server = make_server("--web", "0")
    browser = web_clients(server.web_url)
    # Five tries: the sign-in limit of one address (a burst of 5) is not reached.
    for name in ("<script>", '"><img src=x>', "[red]x[/]", "a\x1b]0;x\x07"):
        page = await browser.choose_name(name)
        assert page.status == 400 and "Names are 1-24 letters" in page.text
        assert "<script>" not in page.text and "<img" not in page.text
        assert "\x1b" not in page.text and "\x07" not in page.text
        assert not browser.cookie()
        if name == "<script>":  # shown again in the form, to be corrected
            assert 'value="&lt;script&gt;"' in page.text

    # A good name signs in; it is shown on the terminal page and nowhere as markup.
    page = await browser.choose_name("carol.b")
    assert page.status == 200 and '<b id="signed-in-as">carol.b</b>' in page.text
    assert "<title>gemtable: carol.b</title>" in page.text


def test_every_outside_value_on_a_page_is_escaped():
    hostile = "<script>alert('x')</script>\"'&"
    pages = [
        webpage.terminal_page(hostile, f"ws://h/ws/{hostile}", hostile),
        webpage.sign_in_page(f"ssh -p 2222 {hostile} web", True, hostile, hostile, hostile),
        webpage.sign_in_page(f"ssh -p 2222 {hostile} web", False, hostile, hostile),
        webpage.redeem_page(hostile, hostile, hostile),
        webpage.message_page(hostile, hostile, hostile),
    ]
    for page in pages:
        assert "<script>alert" not in page and "alert(&#x27;x&#x27;)" in page
        assert '"\'&' not in page
    # The only scripts on any page are the terminal's and the one giving it the focus,
    # both from this server.
    scripts = re.findall(r"<script[^>]*>", "".join(pages))
    assert scripts == ['<script src="/static/textual.js" defer>',
                       '<script src="/static/gemtable.js" defer>']

"""Sign-in links, session cookies and the per-address limit, with a clock the tests
turn by hand; and open mode's name form against a real server."""

from __future__ import annotations

import json
import re
import stat

import pytest
from serve_support import command_output, sign_in_link

from gemtable.tui.serve.weblogin import (
    COOKIE_LIFETIME,
    LINK_LIFETIME,
    LINKS_PER_NAME,
    AddressLimit,
    SignIns,
)


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def sign_ins(tmp_path, clock):
    return SignIns(tmp_path / "web_sessions.json", clock)


def test_a_code_signs_in_once(sign_ins):
    code = sign_ins.issue("alice", "ssh-ed25519 AAAA alice")
    cookie, sign_in = sign_ins.redeem(code, "127.0.0.1")
    assert sign_in.name == "alice" and sign_in.key == "ssh-ed25519 AAAA alice"
    assert sign_in.address == "127.0.0.1"
    assert sign_ins.lookup(cookie) == sign_in
    assert sign_ins.redeem(code, "127.0.0.1") is None
    assert sign_ins.waiting(code) is None


def test_a_code_expires_after_its_lifetime(sign_ins, clock):
    code = sign_ins.issue("alice")
    clock.now += LINK_LIFETIME - 1
    assert sign_ins.waiting(code) == "alice"
    clock.now += 1
    assert sign_ins.waiting(code) is None
    assert sign_ins.redeem(code, "127.0.0.1") is None


def test_looking_at_a_code_does_not_spend_it(sign_ins):
    code = sign_ins.issue("alice")
    for _ in range(3):
        assert sign_ins.waiting(code) == "alice"
    assert sign_ins.redeem(code, "127.0.0.1") is not None


def test_unknown_empty_and_huge_codes_sign_no_one_in(sign_ins):
    sign_ins.issue("alice")
    for code in ("", "nope", "x" * 10_000):
        assert sign_ins.waiting(code) is None
        assert sign_ins.redeem(code, "127.0.0.1") is None


def test_a_sixth_link_retires_the_oldest(sign_ins, clock):
    codes = []
    for _ in range(LINKS_PER_NAME + 1):
        codes.append(sign_ins.issue("alice"))
        clock.now += 1
    assert sign_ins.waiting(codes[0]) is None
    assert all(sign_ins.waiting(code) == "alice" for code in codes[1:])
    # Another name's links are its own.
    bob = sign_ins.issue("bob")
    assert sign_ins.waiting(bob) == "bob" and sign_ins.waiting(codes[1]) == "alice"


def test_cookies_survive_a_restart_but_expired_ones_do_not(tmp_path, sign_ins, clock):
    old, _ = sign_ins.redeem(sign_ins.issue("alice"), "127.0.0.1")
    clock.now += COOKIE_LIFETIME - 10
    new, _ = sign_ins.redeem(sign_ins.issue("bob"), "127.0.0.1")
    code = sign_ins.issue("carol")

    again = SignIns(tmp_path / "web_sessions.json", clock)
    assert again.lookup(old).name == "alice" and again.lookup(new).name == "bob"
    assert again.waiting(code) is None  # links live in memory only
    clock.now += 10
    assert again.lookup(old) is None
    later = SignIns(tmp_path / "web_sessions.json", clock)
    assert later.lookup(old) is None and later.lookup(new).name == "bob"
    assert [s.name for s in later.of("alice")] == []


def test_the_file_keeps_no_cookie_or_code_in_clear_and_is_private(tmp_path, sign_ins):
    code = sign_ins.issue("alice")
    cookie, _ = sign_ins.redeem(code, "127.0.0.1")
    opened, _ = sign_ins.sign_in("bob", "127.0.0.1")
    path = tmp_path / "web_sessions.json"
    kept = path.read_text()
    for secret in (code, cookie, opened):
        assert secret not in kept
    assert {record["name"] for record in json.loads(kept).values()} == {"alice", "bob"}
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_an_unreadable_file_signs_everyone_out_and_starts_empty(tmp_path, clock):
    path = tmp_path / "web_sessions.json"
    path.write_text("{not json")
    assert SignIns(path, clock).of("alice") == []
    path.write_text(json.dumps({"abc": {"name": "alice"}, "def": 7}))
    assert SignIns(path, clock).of("alice") == []


def test_sign_out_ends_one_browser_and_sign_out_all_every_one(tmp_path, sign_ins, clock):
    first, _ = sign_ins.redeem(sign_ins.issue("alice"), "10.0.0.1")
    clock.now += 1
    second, _ = sign_ins.redeem(sign_ins.issue("alice"), "10.0.0.2")
    bobs, _ = sign_ins.redeem(sign_ins.issue("bob"), "10.0.0.3")
    assert [s.address for s in sign_ins.of("alice")] == ["10.0.0.1", "10.0.0.2"]

    assert sign_ins.sign_out(first).name == "alice"
    assert sign_ins.lookup(first) is None and sign_ins.lookup(second) is not None
    assert sign_ins.sign_out(first) is None

    waiting = sign_ins.issue("alice")
    assert sign_ins.sign_out_all("alice") == 1
    assert sign_ins.lookup(second) is None and sign_ins.waiting(waiting) is None
    assert sign_ins.lookup(bobs).name == "bob"
    # ... and stays so after a restart.
    again = SignIns(tmp_path / "web_sessions.json", clock)
    assert again.of("alice") == [] and again.lookup(bobs) is not None


def test_a_csrf_token_fits_only_its_own_cookie(sign_ins, tmp_path, clock):
    alice, _ = sign_ins.redeem(sign_ins.issue("alice"), "127.0.0.1")
    bob, _ = sign_ins.redeem(sign_ins.issue("bob"), "127.0.0.1")
    token = sign_ins.csrf_token(alice)
    assert sign_ins.csrf_fits(alice, token)
    assert not sign_ins.csrf_fits(bob, token)
    assert not sign_ins.csrf_fits(alice, "")
    assert not sign_ins.csrf_fits(alice, token[:-1] + ("0" if token[-1] != "0" else "1"))
    # A new start makes a new key: a page from before the restart reloads once.
    again = SignIns(tmp_path / "web_sessions.json", clock)
    assert not again.csrf_fits(alice, token)
    assert again.csrf_fits(alice, again.csrf_token(alice))


def test_the_address_limit_allows_a_burst_then_one_try_per_interval():
    clock = Clock()
    limit = AddressLimit(burst=5, every=12.0, clock=clock)
    assert all(limit.allow("10.0.0.1") for _ in range(5))
    assert not limit.allow("10.0.0.1")
    assert limit.allow("10.0.0.2")  # another address has its own bucket
    clock.now += 11.9
    assert not limit.allow("10.0.0.1")
    clock.now += 0.2
    assert limit.allow("10.0.0.1")
    assert not limit.allow("10.0.0.1")
    clock.now += 12 * 100  # refills to the burst, no further
    assert all(limit.allow("10.0.0.1") for _ in range(5))
    assert not limit.allow("10.0.0.1")


async def test_open_mode_names_are_kept_by_their_rejoin_code_or_key(make_server, web_clients):
    server = make_server("--web", "0")
    carol = web_clients(server.web_url)
    page = await carol.choose_name("carol")
    assert page.status == 200 and '<b id="signed-in-as">carol</b>' in page.text
    await carol.open_terminal()
    await carol.wait_for("The name carol is yours; your rejoin code is")
    code = re.search(r"your rejoin code is (\S+)", carol.text()).group(1)

    # Another browser: the name is taken, unless it brings the code.
    other = web_clients(server.web_url)
    refused = await other.choose_name("carol", "not-the-code")
    assert refused.status == 403 and "is taken" in refused.text and not other.cookie()
    assert (await other.choose_name("carol", code)).status == 200 and other.cookie()

    # A name bound to an SSH key (its first `ssh host web`) needs a link from that key.
    assert "signin?code=" in await command_output(server.port, "alice", "web")
    refused = await web_clients(server.web_url).choose_name("alice")
    assert refused.status == 403 and "belongs to an SSH key" in refused.text


async def test_a_sign_in_form_needs_its_own_token(make_server, web_clients):
    """The sign-in forms come before any session, so their token is made from a cookie
    of their own: a form posted from this server's origin without it signs no one in."""
    server = make_server("--web", "0")
    link = await sign_in_link(server.port, "alice")
    code = link.split("code=", 1)[1]
    browser = web_clients(server.web_url)
    for form in ({"code": code}, {"code": code, "csrf": "0" * 64}):
        refused = await browser.post("/signin", {**form, "csrf": form.get("csrf", "")})
        assert refused.status == 403 and "out of date or came from elsewhere" in refused.text
    refused = await browser.post("/open", {"name": "bob", "csrf": ""})
    assert refused.status == 403 and not browser.cookie()
    # Another browser's token does not fit this one's forms' cookie.
    mine = await browser.form_token()  # this browser's forms' cookie is set now
    stolen = await web_clients(server.web_url).form_token()
    assert mine and stolen and mine != stolen
    assert (await browser.post("/signin", {"code": code, "csrf": stolen})).status == 403
    # The link was not spent by any of that: from its own page it signs alice in.
    assert (await browser.redeem(link)).status == 200 and browser.cookie()
    assert "a sign-in form without its token" in server.log()

"""The browser options are checked before anything listens: plain HTTP stays on
loopback, TLS comes as a pair of files that exist, a proxy's address is https;
and end to end, what TLS and --public-url change."""

from __future__ import annotations

import re

import aiohttp
import pytest
from serve_support import command_output, sign_in_link
from web_client import make_certificate, trusting

from gemtable.tui.cli import main
from gemtable.tui.serve.server import ServeError, ServeOptions, check_web_options

PUBLIC = "https://games.example.org"


@pytest.fixture
def certificate(tmp_path):
    return make_certificate(tmp_path)


def refusal(**options) -> str:
    with pytest.raises(ServeError) as refused:
        check_web_options(ServeOptions(**options))
    return str(refused.value)


def test_a_web_port_on_loopback_needs_nothing_more():
    check_web_options(ServeOptions(web_port=0, open=True))
    check_web_options(ServeOptions(web_port=8080, web_host="::1", open=True))
    check_web_options(ServeOptions(web_port=8080, open=True,
                                   public_url="https://games.example.org"))


def test_another_address_needs_tls(certificate):
    cert, key = certificate
    assert "plain HTTP" in refusal(web_port=0, web_host="0.0.0.0", authorized_keys=cert)
    check_web_options(ServeOptions(web_port=0, web_host="0.0.0.0", tls_cert=cert,
                                   tls_key=key))


def test_open_mode_on_another_address_needs_open_to_network(certificate):
    cert, key = certificate
    assert "--open-to-network" in refusal(web_port=0, web_host="0.0.0.0", open=True,
                                          tls_cert=cert, tls_key=key)
    check_web_options(ServeOptions(web_port=0, web_host="0.0.0.0", open=True,
                                   open_to_network=True, tls_cert=cert, tls_key=key))


def test_a_certificate_and_its_key_come_together_and_must_exist(certificate, tmp_path):
    cert, key = certificate
    assert "go together" in refusal(web_port=0, tls_cert=cert)
    assert "go together" in refusal(web_port=0, tls_key=key)
    missing = tmp_path / "nowhere.pem"
    assert "no such file" in refusal(web_port=0, tls_cert=missing, tls_key=key)
    assert "no such file" in refusal(web_port=0, tls_cert=cert, tls_key=missing)


def test_a_public_url_must_be_https():
    for url in ("http://games.example.org", "ftp://games.example.org", "games.example.org"):
        assert "https://" in refusal(web_port=0, public_url=url)


def test_the_browser_options_go_with_web(certificate):
    cert, key = certificate
    for options in ({"web_host": "0.0.0.0"}, {"tls_cert": cert, "tls_key": key},
                    {"public_url": "https://games.example.org"}):
        assert "go with --web PORT" in refusal(**options)


def test_the_command_line_refuses_before_listening(tmp_path, capsys):
    status = main(["serve", "--open", "--port", "0", "--data", str(tmp_path / "data"),
                   "--web", "0", "--web-host", "0.0.0.0"])
    assert status == 2
    printed = capsys.readouterr().err
    assert "gemtable serve: --open with --web-host 0.0.0.0" in printed
    assert not (tmp_path / "data").exists()
    assert main(["serve", "--open", "--port", "0", "--data", str(tmp_path / "data"),
                 "--web-host", "0.0.0.0"]) == 2
    assert "go with --web PORT" in capsys.readouterr().err


async def test_without_a_web_port_ssh_web_says_so(make_server):
    server = make_server()
    printed = await command_output(server.port, "alice", "web")
    assert "does not serve browsers (it was started without --web)" in printed


def test_serve_help_lists_the_browser_options(capsys):
    with pytest.raises(SystemExit) as done:
        main(["serve", "--help"])
    assert done.value.code == 0
    shown = capsys.readouterr().out
    for option in ("--web PORT", "--web-host", "--tls-cert", "--tls-key", "--public-url"):
        assert option in shown
    assert "ssh HOST web" in shown


async def test_behind_a_proxy_the_public_url_names_the_page_and_the_client(make_server,
                                                                          web_clients):
    server = make_server("--web", "0", "--public-url", PUBLIC)
    assert server.web_url == PUBLIC
    served = re.search(r"browsers: \S+ \(plain HTTP on 127\.0\.0\.1 port (\d+)\)",
                       server.log())
    assert served is not None, server.log()
    proxy = web_clients(f"http://127.0.0.1:{served.group(1)}")  # as the proxy forwards
    public = {"Host": "games.example.org"}

    # The forms' cookie is Secure (the browser speaks https to the proxy), so this
    # client, speaking plain http as the proxy does, sends it by hand.
    page = await proxy.get("/", headers=public)
    assert page.status == 200 and "; Secure" in page.headers["Set-Cookie"]
    token = re.search(r'name="csrf-token" content="([^"]+)"', page.text).group(1)
    form_cookie = page.headers["Set-Cookie"].split(";", 1)[0]

    def from_client(address: str) -> dict[str, str]:
        return {**public, "X-Forwarded-For": f"10.9.9.9, {address}", "Cookie": form_cookie}

    link = await sign_in_link(server.port, "alice")
    assert link.startswith(f"{PUBLIC}/signin?code=")
    code = link.split("code=", 1)[1]
    answer = await proxy.post("/signin", {"code": code, "csrf": token}, origin=PUBLIC,
                              headers=from_client("203.0.113.9"), allow_redirects=False)
    assert answer.status == 303
    cookie = answer.headers["Set-Cookie"]
    assert "; Secure" in cookie  # the browser sees https
    # The address the proxy saw last is the client's, in the log and the list of web_clients.
    assert "browser signed in as alice from 203.0.113.9" in server.log()
    page = await proxy.get("/", headers={**public, "Cookie": cookie.split(";", 1)[0]})
    assert 'data-session-websocket-url="wss://games.example.org/ws/' in page.text

    # The sign-in limit counts each client, not the proxy.
    for _ in range(5):
        assert (await proxy.post("/signin", {"code": "guess", "csrf": token}, origin=PUBLIC,
                                 headers=from_client("198.51.100.1"))).status == 410
    assert (await proxy.post("/signin", {"code": "guess", "csrf": token}, origin=PUBLIC,
                             headers=from_client("198.51.100.1"))).status == 429
    assert (await proxy.post("/signin", {"code": "guess", "csrf": token}, origin=PUBLIC,
                             headers=from_client("198.51.100.2"))).status == 410


async def test_over_tls_the_page_is_https_and_the_cookie_secure(make_server, web_clients,
                                                                tmp_path):
    cert, key = make_certificate(tmp_path)
    server = make_server("--web", "0", "--tls-cert", str(cert), "--tls-key", str(key))
    assert server.web_url.startswith("https://127.0.0.1:")
    link = await sign_in_link(server.port, "alice")
    assert link.startswith("https://")
    browser = web_clients(server.web_url, tls=trusting(cert))
    page = await browser.get(link.removeprefix(server.web_url))
    code = page.text.split('name="code" value="', 1)[1].split('"', 1)[0]
    answer = await browser.post("/signin", {"code": code}, allow_redirects=False)
    assert "; Secure" in answer.headers["Set-Cookie"]
    plain = web_clients(server.web_url.replace("https", "http", 1))
    with pytest.raises(aiohttp.ClientError):
        await plain.get("/")

    alice = await web_clients.signed_in(await sign_in_link(server.port, "alice"),
                                     tls=trusting(cert))
    assert alice.websocket_url.startswith("wss://")
    await alice.wait_for("shared tables")

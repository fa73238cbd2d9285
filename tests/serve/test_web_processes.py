"""One app process per browser page, started without a shell and with nothing the
browser sent on its command line: forked from the zygote (or, with
--spawn-sessions, a fixed `gemtable lobby --hub SOCK`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from serve_support import sign_in_link, wait_until

pytestmark = pytest.mark.timeout(120)

NAME = "mallory.x-9"
"""A name that could be read as an option or a path if it reached a command line."""


def command_line(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")[:-1]


def parent_of(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"^PPid:\s+(\d+)", status, re.M).group(1))


@pytest.mark.parametrize("spawn", [False, True], ids=["forked", "spawned"])
async def test_each_page_gets_its_own_process_with_a_fixed_command_line(
        make_server, web_clients, spawn):
    server = make_server("--web", "0", *(["--spawn-sessions"] if spawn else []))
    pages = [await web_clients.signed_in(await sign_in_link(server.port, NAME))
             for _ in range(2)]
    for page in pages:
        await page.wait_for("shared tables")
    wait_until(lambda: len(re.findall(rf"browser session for {re.escape(NAME)}",
                                      server.log())) == 2, what="both sessions in the log")
    pids = [int(pid) for pid in re.findall(
        rf"browser session for {re.escape(NAME)} from \S+: pid (\d+)", server.log())]
    assert len(set(pids)) == 2, "one process per page"
    for pid in pids:
        words = command_line(pid)
        assert not any(NAME in word for word in words), words
        assert "-c" not in words and not any(word.endswith("sh") for word in words), words
        if spawn:
            # (the hub socket may live in a temporary folder when the data path is long)
            assert words[1:5] == ["-m", "gemtable.tui.cli", "lobby", "--hub"], words
            assert len(words) == 6 and words[5].endswith("/hub.sock"), words
            assert parent_of(pid) == server.process.pid  # no shell in between
        else:
            assert words[1:3] == ["-m", "gemtable.tui.serve.zygote"], words
            zygote = parent_of(pid)
            assert command_line(zygote)[1:3] == ["-m", "gemtable.tui.serve.zygote"]
            assert parent_of(zygote) == server.process.pid

"""The server's parts on their own: message framing, the input filter, who may log in
as whom, option checks, and the session environment."""

from __future__ import annotations

import io
import json
import os
import pty
import struct

import asyncssh
import pytest

from gemtable.engine import SPECTATOR
from gemtable.tui.serve import protocol, wire
from gemtable.tui.serve.inputfilter import PASTE_END, PASTE_START, InputFilter
from gemtable.tui.serve.keys import KeyBook, OpenBook, valid_name
from gemtable.tui.serve.server import ServeError, ServeOptions, check_options
from gemtable.tui.serve.sshenv import child_env, terminal_type
from gemtable.tui.serve.store import DataDir, TableRecord, new_table_id
from gemtable.tui.serve.terminal import set_size

# --- framing ----------------------------------------------------------------------


def payload(frame: bytes) -> bytes:
    length = wire.frame_length(frame[:4], wire.MAX_EVENT)
    assert length == len(frame) - 4
    return frame[4:]


def test_requests_round_trip_and_keep_the_spectator_marker():
    for request in (protocol.Attach(3, "k7m2q", SPECTATOR), protocol.Submit(0, 2, "take RBG"),
                    protocol.CreateTable(1, "jowhari", None, (protocol.YOU, protocol.OPEN, "greedy"), 7)):
        decoded = wire.decode_request(payload(wire.encode(request)))
        assert decoded == request
    assert wire.decode_request(payload(wire.encode(protocol.Attach(1, "x", SPECTATOR)))).who is SPECTATOR


@pytest.mark.parametrize("message", [{"not": "a request"}, protocol.Notice("hi"), protocol.Reply(1, True)])
def test_the_hub_reads_nothing_but_requests(message):
    with pytest.raises(protocol.ProtocolError):
        wire.decode_request(json.dumps(message).encode() if isinstance(message, dict)
                            else payload(wire.encode(message)))


def test_bad_frames_are_refused():
    with pytest.raises(protocol.ProtocolError, match="over the limit"):
        wire.frame_length(struct.pack(">I", wire.MAX_REQUEST + 1), wire.MAX_REQUEST)
    with pytest.raises(protocol.ProtocolError):
        wire.decode_request(b"\x80\x05garbage")
    with pytest.raises(protocol.ProtocolError):
        wire.decode_request(payload(wire.encode(protocol.Hello(1, "t")))[:-3])


# --- input -------------------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_invalid_utf8_is_dropped_and_split_characters_are_joined():
    keys = InputFilter()
    assert keys.feed(b"ab\xff\xfecd") == b"abcd"
    euro = "€".encode()
    assert keys.feed(euro[:1]) == b""
    assert keys.feed(euro[1:] + b"x") == euro + b"x"
    assert keys.feed(b"\x1b[A\x1b[999;999~\x00") == b"\x1b[A\x1b[999;999~\x00"


def test_input_over_the_rate_is_dropped():
    clock = Clock()
    keys = InputFilter(rate=100, burst=200, clock=clock)
    assert keys.feed(b"x" * 150) == b"x" * 150
    assert keys.feed(b"z" * 60) == b""  # 50 tokens left
    assert keys.dropped == 60
    clock.now += 1.0  # refilled
    assert keys.feed(b"z" * 60) == b"z" * 60
    assert keys.feed(b"\x1b") == b"\x1b"  # a lone Escape never waits for more


def test_a_paste_always_ends_even_cut_in_pieces_or_too_long():
    keys = InputFilter(paste_max=10)
    assert keys.feed(PASTE_START + b"take") == PASTE_START + b"take"
    assert keys.feed(b" RBG\x1b[20") == b" RBG"  # the end marker is cut in two
    assert keys.feed(b"1~q") == PASTE_END + b"q"
    # Too long: ended here after 10 bytes; the rest of it never becomes keys.
    out = keys.feed(PASTE_START + b"q" * 30)
    assert out == PASTE_START + b"q" * 10 + PASTE_END
    assert keys.feed(b"qqqq" + PASTE_END + b"j") == b"j"
    # Over the rate inside a paste: the text goes, the markers stay.
    slow = InputFilter(rate=1, burst=5)
    assert slow.feed(PASTE_START + b"abcdefgh" + PASTE_END) == PASTE_START + PASTE_END


# --- who may log in as whom -------------------------------------------------------------


def test_names_are_plain():
    assert valid_name("alice") and valid_name("Bob_2.x-y")
    for bad in ("", "-x", "a b", "[b]x", "é", "a" * 25, "x\x1b"):
        assert not valid_name(bad)


def public(key) -> str:
    return key.export_public_key().decode().strip()


def test_a_key_may_use_the_names_its_line_gives_it_and_no_other(tmp_path):
    private = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(4)]
    alice, bob, carol, nameless = (asyncssh.import_public_key(public(k)) for k in private)
    authorized = tmp_path / "authorized_keys"
    authorized.write_text(f"{public(private[0])} alice\n"
                          f'principals="bob,bo*" {public(private[1])} whatever\n'
                          f"{public(private[3])}\n")
    book = KeyBook(authorized)
    assert book.listed(alice, "", "127.0.0.1") and not book.listed(carol, "", "127.0.0.1")
    assert book.may_use("alice", alice, "", "127.0.0.1")
    # A key without principals= cannot take a name nobody has used yet (the old hole).
    assert not book.may_use("bob", alice, "", "127.0.0.1")
    assert not book.may_use("mallory", alice, "", "127.0.0.1")
    assert book.may_use("bob", bob, "", "127.0.0.1") and book.may_use("bobby", bob, "", "")
    assert not book.may_use("whatever", bob, "", "") and not book.may_use("alice", bob, "", "")
    assert not book.may_use("anyone", nameless, "", "")
    assert "may use alice" in book.refusal("bob", alice, "", "")
    assert "no name" in book.refusal("x", nameless, "", "")
    assert "it may use bob, bo*." in book.refusal("x", bob, "", "")
    # New friends are read without a restart.
    authorized.write_text(authorized.read_text() + f"{public(private[2])} carol\n")
    os.utime(authorized, (1, 1))
    assert book.may_use("carol", carol, "", "127.0.0.1")


def test_open_names_are_bound_to_a_key_or_a_rejoin_code(tmp_path):
    keys = [asyncssh.import_public_key(public(asyncssh.generate_private_key("ssh-ed25519")))
            for _ in range(2)]
    book = OpenBook(tmp_path / "names.json")
    assert book.key_fits("alice", keys[1]) and book.binding("alice") is None
    assert book.claim("alice", keys[0], False) == (True, None)
    assert book.key_fits("alice", keys[0]) and not book.key_fits("alice", keys[1])
    assert not book.code_fits("alice", "")
    allowed, code = book.claim("carol", None, False)
    assert allowed and code and len(code) == 8
    assert book.claim("carol", None, False) == (False, None)  # bound: the code is needed
    assert book.claim("carol", None, True) == (True, None)
    assert book.code_fits("carol", code) and book.code_fits("carol", f" {code.upper()} ")
    assert not book.code_fits("carol", "x" * 8) and not book.key_fits("carol", keys[0])
    again = OpenBook(tmp_path / "names.json")  # kept across restarts, never the code itself
    assert again.code_fits("carol", code) and not again.key_fits("alice", keys[1])
    assert code not in (tmp_path / "names.json").read_text()
    assert (tmp_path / "names.json").stat().st_mode & 0o777 == 0o600


def test_open_is_for_loopback_unless_asked_for_in_so_many_words():
    check_options(ServeOptions(open=True))
    check_options(ServeOptions(open=True, host="0.0.0.0", open_to_network=True))
    for host in ("0.0.0.0", "192.168.1.5", "::"):
        with pytest.raises(ServeError, match="--open-to-network"):
            check_options(ServeOptions(open=True, host=host))
    with pytest.raises(ServeError, match="goes with --open"):
        check_options(ServeOptions(open_to_network=True, authorized_keys=__file__))
    with pytest.raises(ServeError, match="who may connect"):
        check_options(ServeOptions())
    with pytest.raises(ServeError, match="not both"):
        check_options(ServeOptions(open=True, authorized_keys=__file__))


# --- the session's terminal and environment --------------------------------------------


def test_the_session_environment_is_built_from_nothing(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    monkeypatch.setenv("TEXTUAL_DEBUG", "1")
    env = child_env("xterm", {"COLORTERM": "truecolor", "LD_PRELOAD": "x.so"}, "secret")
    assert env["TERM"] == "xterm-256color" and env["COLORTERM"] == "truecolor"
    assert env["GEMTABLE_HUB_TOKEN"] == "secret"
    assert not {"COLUMNS", "LINES", "TEXTUAL_DEBUG", "LD_PRELOAD"} & set(env)
    assert "COLORTERM" not in child_env("xterm", {"COLORTERM": "yes please"}, "t")
    # The locale: a UTF-8 one is kept, any other (or one too long to be real) is not.
    locale = child_env("xterm", {"LANG": "en_GB.UTF-8", "LC_TIME": "de_DE.utf8",
                                 "LC_ALL": "C", "LC_CTYPE": "x" * 70 + ".UTF-8",
                                 "NO_COLOR": "1", "TERM": "tmux-256color"}, "t")
    assert locale["TERM"] == "xterm-256color"  # the pty request's, not an env request's
    assert {k: v for k, v in locale.items() if k.startswith(("LANG", "LC_", "NO_"))} == {
        "LANG": "en_GB.UTF-8", "LC_TIME": "de_DE.utf8", "NO_COLOR": "1"}
    assert child_env("xterm", {"LANG": "x" * 70 + ".UTF-8"}, "t")["LANG"] == "C.UTF-8"
    assert terminal_type("tmux-256color") == "tmux-256color"
    assert terminal_type(None) == terminal_type("vt100") == "xterm-256color"


def test_a_resize_reaches_the_terminal():
    master, slave = pty.openpty()
    try:
        set_size(master, 132, 43)
        assert os.get_terminal_size(slave) == os.terminal_size((132, 43))
        set_size(master, 0, 99999)  # nonsense from a client is bounded
        assert os.get_terminal_size(slave) == os.terminal_size((80, 150))
    finally:
        os.close(master)
        os.close(slave)


# --- the data folder ----------------------------------------------------------------------


def test_table_records_are_written_whole_and_private(tmp_path):
    data = DataDir(tmp_path / "serve")
    record = TableRecord("abcde", ["alice", None, None], "alice", "2026-01-01")
    data.save_record(record)
    assert data.load_records() == [record]
    assert (data.table_record("abcde").stat().st_mode & 0o777) == 0o600
    assert (data.root.stat().st_mode & 0o777) == 0o700
    assert len(new_table_id({"abcde"})) == 5
    assert io.StringIO(record.to_json()).read().startswith("{")

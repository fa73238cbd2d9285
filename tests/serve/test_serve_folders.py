"""The data folder is the server's own: one that another account can write to, or
that belongs to another account, is refused with a sentence; and a table found
there seats no outside program the operator does not offer now."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from serve_support import WAIT

from gemtable.tui.serve import protocol
from gemtable.tui.serve.store import DataDir


def serve(data: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gemtable.tui.cli", "serve", "--open", "--port", "0",
         "--data", str(data), "--bot-workers", "1"],
        capture_output=True, text=True, timeout=WAIT)


@pytest.mark.parametrize("folder", ["", "tables", "run"])
def test_a_folder_others_can_write_to_is_refused_with_a_sentence(tmp_path, folder):
    data = tmp_path / "data"
    DataDir(data).socket_path()  # a good data folder, with its tables and run folders
    target = data / folder
    os.chmod(target, 0o777)
    done = serve(data)
    assert done.returncode == 2
    assert f"other accounts can write to {target}, so the server will not use it" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_folder_of_another_account_is_refused(tmp_path, monkeypatch):
    data = tmp_path / "data"
    DataDir(data)
    owner = data.stat().st_uid
    monkeypatch.setattr(os, "geteuid", lambda: owner + 1)  # the server runs as someone else
    with pytest.raises(Exception, match="belongs to another account") as refused:
        DataDir(data)
    assert type(refused.value).__name__ == "DataDirError"


PLANTED = """
import pathlib, sys
pathlib.Path(sys.argv[1]).write_text("it ran")
"""


def test_a_restored_table_seats_no_program_the_server_does_not_offer(hub_factory, tmp_path,
                                                                      caplog):
    """A planted table: its log seats an `exec:` program nobody offered. It is not
    resumed, the log says why, its players are told, and the program never runs."""
    caplog.set_level(logging.INFO, logger="gemtable.serve")
    folder = tmp_path / "kept"
    first = hub_factory(folder)
    planted = first.client("alice").call(protocol.CreateTable, game="jowhari", variant=None,
                                         seats=("greedy", protocol.YOU), seed=3).id
    kept = first.client("alice").call(protocol.CreateTable, game="jowhari", variant=None,
                                      seats=("greedy", protocol.YOU), seed=4).id
    first.stop()
    script, marker = tmp_path / "planted.py", tmp_path / "it-ran"
    script.write_text(PLANTED)
    program = f"exec:{sys.executable} {script} {marker}"
    log_path = folder / "tables" / f"{planted}.jsonl"
    lines = log_path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["seats"] = [program, "human"]
    log_path.write_text(json.dumps(header) + "\n" + "".join(lines[1:]))

    second = hub_factory(folder)  # offers no outside program at all
    assert planted not in second.hub.tables and kept in second.hub.tables
    said = caplog.text
    assert f"table {planted} not resumed: seat 1 is" in said
    assert "an outside program this server does not offer" in said
    assert log_path.exists()  # kept for a server that offers it
    alice = second.client("alice")
    assert any(planted in n and "outside program" in n for n in alice.welcome.notices)
    assert not marker.exists()
    # Nor can a table made now name it, nor a bot factory of the hub make it.
    with pytest.raises(Exception, match="offers no outside program"):
        alice.call(protocol.CreateTable, game="jowhari", variant=None, seats=(program, protocol.YOU))
    with pytest.raises(ValueError, match="offers no outside program"):
        second.hub.make_bot(program, game_id="jowhari", seed=0)
    assert not marker.exists()

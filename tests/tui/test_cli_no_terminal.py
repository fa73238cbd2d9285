"""Without a terminal, a command that opens the interface says so in one
sentence and stops at once, rather than drawing to nowhere."""

from __future__ import annotations

import argparse
import io
import subprocess
import sys

import pytest
from review_support import finished_log

from gemtable.engine import registry
from gemtable.tui import launch
from gemtable.tui.app import GemtableApp
from gemtable.tui.cli import build_parser
from gemtable.tui.commands.terminal import NO_TERMINAL

REFUSED_WITHIN = 5.0
"""Seconds: the refusal must come long before this (the bug spun for minutes)."""


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    return dict(parser._subparsers._group_actions[0].choices)  # noqa: SLF001 - no API


def screen_commands() -> list[str]:
    """`gemtable` alone (the menu), then every command the parser marks as opening a screen."""
    marked = [name for name, sub in _commands(build_parser()).items()
              if sub.get_default("screen_advice")]
    return ["", *marked]


def _arguments(command: str) -> list[str]:
    """Just enough to get past the parser (and the seat checks) for `command`."""
    game = registry.ids()[0]
    if command in ("play", "watch"):
        return [command, game, "--seat", "greedy", "--seat", "greedy"]
    if command == "replay":
        return [command, "game.jsonl"]
    return [command] if command else []


def test_the_menu_and_every_table_command_are_among_them():
    assert {"", "play", "watch", "resume", "replay"} <= set(screen_commands())


@pytest.mark.parametrize("command", screen_commands())
def test_without_a_terminal_a_screen_command_refuses_in_one_sentence(command, tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "gemtable.tui.cli", *_arguments(command)],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, cwd=tmp_path,
        timeout=REFUSED_WITHIN,
    )
    assert done.returncode == NO_TERMINAL
    assert done.stdout == ""
    name = f"gemtable {command}".strip()
    assert done.stderr.startswith(f"{name}: this opens a screen, so it needs a terminal, "
                                  "but its input and output are not terminals; run it in "
                                  "a terminal"), done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.endswith(".\n")
    assert list(tmp_path.iterdir()) == [], "nothing is made before the refusal"


def test_piped_output_alone_is_refused(monkeypatch, capsys):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Terminal())
    from gemtable.tui.cli import main

    assert main(["resume"]) == NO_TERMINAL
    err = capsys.readouterr().err
    assert "but its output is not a terminal; run it in a terminal." in err


def test_the_app_itself_never_starts_without_a_terminal(monkeypatch, tmp_path, capsys):
    """However a screen is reached, the app does not run off a terminal."""
    def run(self: GemtableApp) -> None:
        raise AssertionError("the app ran without a terminal")

    monkeypatch.setattr(GemtableApp, "run", run)
    monkeypatch.setattr(sys, "stdin", io.StringIO())
    assert launch.replay(finished_log(tmp_path)) == NO_TERMINAL
    assert "needs a terminal" in capsys.readouterr().err


def test_a_review_without_a_terminal_prints_its_report(tmp_path):
    """`review` is the one screen with a text form: off a terminal it prints that."""
    log = finished_log(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "gemtable.tui.cli", "review", str(log), "--iterations", "5",
         "--workers", "1"],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Review of ")

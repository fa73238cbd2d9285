"""The command line tells the truth: every option has help, and every seat
kind `make_bot` accepts is named alike in each --seat's help, in the error
for a kind it does not know, in `gemtable list` and in the README."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from gemtable.ai import make_bot
from gemtable.ai.base import GENERIC_KINDS
from gemtable.ai.heuristics import heuristic_for
from gemtable.ai.kinds import HUMAN, WORKERS_EXAMPLES, seat_kinds
from gemtable.ai.levels import LEVELS
from gemtable.engine import registry
from gemtable.tui import cli
from gemtable.tui.commands.readme_tables import held_block

README = Path(__file__).resolve().parents[2] / "README.md"
SEAT_OPTIONS = ("seats", "pool")
"""Where a command takes seat kinds: `--seat KIND` and the tournament's `--pool`."""


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    return dict(parser._subparsers._group_actions[0].choices)  # noqa: SLF001 - no API


def _words(text: str) -> set[str]:
    """The words of a text, a kind such as `mcts:ITERATIONS` being one word."""
    return set(re.split(r"[\s,;()]+", text))


def _forms(game_id: str | None = None, *, people: bool = True) -> list[str]:
    return [kind.form for kind in seat_kinds(game_id, people=people)]


def test_every_option_of_every_command_has_help():
    parsers = {"gemtable": cli.build_parser(), **_commands()}
    for name, parser in parsers.items():
        for action in parser._actions:  # noqa: SLF001 - argparse has no API
            assert action.help and action.help.strip(), (
                f"{name}: {'/'.join(action.option_strings) or action.dest} has no help")


def test_the_list_holds_every_kind_make_bot_knows():
    forms = set(_forms())
    assert HUMAN in forms and set(LEVELS) <= forms
    assert {kind for kind in GENERIC_KINDS} <= forms
    for game_id in registry.ids():
        assert set(heuristic_for(game_id).bots) <= set(_forms(game_id))


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_listed_kind_is_one_make_bot_accepts(game_id):
    for kind in seat_kinds(game_id, people=False):
        assert make_bot(kind.example, game_id=game_id, seed=0).kind == kind.example
        assert not kind.games or game_id in kind.games
    for example in WORKERS_EXAMPLES:
        make_bot(example, game_id=game_id, seed=0)


def test_every_seat_option_names_every_kind():
    seen = []
    for name, parser in _commands().items():
        words = _words(parser.format_help())
        for action in parser._actions:  # noqa: SLF001
            if action.dest not in SEAT_OPTIONS:
                continue
            seen.append(name)
            people = name in ("play", "watch")
            for form in _forms(people=people):
                assert form in words, f"gemtable {name} --help leaves out {form}"
    assert {"play", "watch", "arena", "tournament"} <= set(seen)


@pytest.mark.parametrize("command", ["play", "arena"])
@pytest.mark.parametrize("game_id", registry.ids())
def test_a_kind_no_one_knows_is_refused_with_every_kind(command, game_id, capsys):
    argv = [command, game_id, "--seat", "wizard", "--seat", "greedy"]
    with pytest.raises(SystemExit) as stopped:
        cli.main([*argv, "--games", "1"] if command == "arena" else argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "kind 'wizard'" in err
    for form in _forms(game_id, people=command == "play"):
        assert form in _words(err), f"the {command} error leaves out {form}"


def test_gemtable_list_names_every_kind(capsys):
    assert cli.main(["list"]) == 0
    words = _words(capsys.readouterr().out)
    for form in _forms():
        assert form in words, f"`gemtable list` leaves out {form}"


def test_the_readme_names_every_kind():
    text = README.read_text(encoding="utf-8")
    start, end = held_block(text, "seat kinds")
    for form in _forms():
        assert f"`{form}`" in text[start:end], f"README.md leaves out {form}"

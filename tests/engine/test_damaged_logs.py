"""Damaged game logs: every one either loads (a torn last line is dropped)
or is refused with one sentence naming the file (and the line, when a line
is at fault), never a traceback, and reading never changes the file.

Covered for every registered game: every truncation point, seeded byte
flips, duplicated and swapped lines, a wrong game id, a future version, bad
header fields, an empty file, a directory in the log's place, and a log
ending in an illegal action.
"""

from __future__ import annotations

import json
import random
import warnings
from pathlib import Path

import pytest

from gemtable.engine import CHANCE, chance_rng, registry
from gemtable.engine.gamelog import GameLogError, Header, LoadedLog, load, write_complete
from gemtable.tui.table.storage import list_logs, summarise

PREFIX_ACTIONS = 8
FLIPS = 300
LINE_EDITS_SEED = 4


def _playout(game_id: str, seed: int, limit: int | None = None):
    game = registry.get(game_id)
    players = game.min_players if game.min_players > 1 else 2
    state = game.new(players, seed=seed)
    rng = random.Random(seed)
    states, actions = [state], []
    while not state.is_over and (limit is None or len(actions) < limit):
        if state.to_move is CHANCE:
            action = state.sample_chance(chance_rng(seed, len(actions)))
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
        states.append(state)
        actions.append(action)
    return players, states, actions


def _write(path: Path, game_id: str, seed: int = 3, limit: int | None = PREFIX_ACTIONS) -> Path:
    players, states, actions = _playout(game_id, seed, limit)
    game = registry.get(game_id)
    header = Header(game_id, game.default_variant(players).id, players,
                    ("random",) * players, seed, started="2026-12-01T10:00:00+00:00")
    write_complete(path, header, states, actions)
    return path


def _outcome(path: Path) -> LoadedLog | str:
    """The loaded log, or the refusal's message; anything else fails the test.
    The file must be byte for byte what it was."""
    before = path.read_bytes() if path.is_file() else None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result: LoadedLog | str = load(path)
    except GameLogError as error:
        message = str(error)
        assert message.startswith(f"{path}:"), message
        assert "\n" not in message and "Traceback" not in message, message
        result = message
    if before is not None:
        assert path.read_bytes() == before, "reading a log changed it"
    summary = summarise(path)  # the menu's listing must not raise either
    assert summary is None or summary.path == path
    return result


def _line_of(message: str, path: Path) -> int | None:
    rest = message[len(f"{path}:"):]
    number = rest.split(":", 1)[0]
    return int(number) if number.isdigit() else None


GAMES = registry.ids()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_truncation_point(game_id, tmp_path):
    full = _write(tmp_path / "full.jsonl", game_id).read_bytes()
    whole = load(tmp_path / "full.jsonl")
    path = tmp_path / "cut.jsonl"
    for cut in range(len(full)):
        path.write_bytes(full[:cut])
        outcome = _outcome(path)
        # A line whole but for its line break counts; one cut shorter is dropped.
        whole_lines = full[:cut + 1].count(b"\n")
        if whole_lines == 0:
            assert isinstance(outcome, str) and "empty log" in outcome, (cut, outcome)
            continue
        assert isinstance(outcome, LoadedLog), (cut, outcome)
        assert outcome.actions == whole.actions[: whole_lines - 1]
        torn = full[cut - 1:cut + 1] != b"}\n" and not full[:cut].endswith(b"\n")
        assert bool(outcome.warnings) == torn, cut


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_log_cut_in_its_last_lines(game_id, tmp_path):
    full = _write(tmp_path / "full.jsonl", game_id, limit=None).read_bytes()
    whole = load(tmp_path / "full.jsonl")
    assert whole.finished
    path = tmp_path / "cut.jsonl"
    last_lines = full.rstrip(b"\n").rsplit(b"\n", 2)[0]
    # Each cut re-plays the whole game: every fourth byte, and the ends.
    cuts = {*range(len(last_lines), len(full), 4), len(full) - 2, len(full) - 1}
    for cut in sorted(cuts):
        path.write_bytes(full[:cut])
        outcome = _outcome(path)
        assert isinstance(outcome, LoadedLog)
        assert outcome.finished == (cut >= len(full) - 1)


@pytest.mark.parametrize("game_id", GAMES)
def test_random_byte_flips(game_id, tmp_path):
    full = _write(tmp_path / "full.jsonl", game_id).read_bytes()
    path = tmp_path / "flipped.jsonl"
    rng = random.Random(f"flips:{game_id}")
    lines = full.count(b"\n")
    refused = 0
    for _ in range(FLIPS):
        data = bytearray(full)
        for _ in range(rng.choice((1, 1, 2, 3))):
            data[rng.randrange(len(data))] = rng.randrange(256)
        path.write_bytes(bytes(data))
        outcome = _outcome(path)
        if isinstance(outcome, str):
            refused += 1
            line = _line_of(outcome, path)
            assert line is None or 1 <= line <= lines + 1, outcome
    assert refused, "no flip was noticed: the test damages nothing"


@pytest.mark.parametrize("game_id", GAMES)
def test_duplicated_and_swapped_lines(game_id, tmp_path):
    lines = _write(tmp_path / "full.jsonl", game_id).read_bytes().splitlines(keepends=True)
    path = tmp_path / "edited.jsonl"
    for index in range(len(lines)):
        edits = [lines[: index + 1] + lines[index:]]
        if index + 1 < len(lines):
            edits.append(lines[:index] + [lines[index + 1], lines[index]] + lines[index + 2:])
        for edited in edits:
            path.write_bytes(b"".join(edited))
            outcome = _outcome(path)
            if index == 0:
                assert isinstance(outcome, str) and _line_of(outcome, path) in (1, 2)


def _with_header(path: Path, **changes) -> Path:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    header = json.loads(lines[0])
    header.update(changes)
    for key in [k for k, v in changes.items() if v is None]:
        del header[key]
    lines[0] = json.dumps(header) + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    return path


@pytest.mark.parametrize(("changes", "expected"), [
    ({"game": "no-such-game"}, ":1: no game called 'no-such-game'"),
    ({"version": 99}, ":1: log format version 99 is newer than this gemtable reads"),
    ({"version": "one"}, ":1: header is missing or has a bad field"),
    ({"seed": None}, ":1: header is missing or has a bad field"),
    ({"seed": 1e999}, ":1: header is missing or has a bad field"),
    ({"players": 1e999}, ":1: header is missing or has a bad field"),
    ({"players": 99}, ":1: "),
    ({"players": [2]}, ":1: header is missing or has a bad field"),
    ({"seats": 7}, ":1: header is missing or has a bad field"),
    ({"variant": "no-such-variant"}, ":1: "),
    ({"kind": "action"}, ":1: the first line must be a header"),
])
def test_bad_headers(changes, expected, tmp_path):
    path = _with_header(_write(tmp_path / "log.jsonl", "jowhari"), **changes)
    outcome = _outcome(path)
    assert isinstance(outcome, str) and outcome.startswith(f"{path}{expected}"), outcome


def test_an_empty_file_and_a_directory(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    assert _outcome(empty) == f"{empty}: empty log (no header line)"
    folder = tmp_path / "folder.jsonl"
    folder.mkdir()
    outcome = _outcome(folder)
    assert isinstance(outcome, str) and "cannot read" in outcome
    assert list_logs(tmp_path) == ()


def test_a_log_ending_in_an_illegal_action(tmp_path):
    path = _write(tmp_path / "log.jsonl", "jowhari")
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    n = len(lines)
    lines.append(json.dumps({"kind": "action", "n": n, "seat": 0, "action": "fly to the moon"})
                 + "\n")
    path.write_text("".join(lines), encoding="utf-8")
    outcome = _outcome(path)
    assert isinstance(outcome, str) and outcome.startswith(f"{path}:{n + 1}: 'fly to the moon'")


def test_odd_json_values_are_refused_with_the_line(tmp_path):
    path = _write(tmp_path / "log.jsonl", "jowhari")
    good = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for bad in ('{"kind": "action", "n": 1e999, "seat": 0, "action": 5}\n',
                '[' * 100_000 + '\n', '"just a string"\n', 'null\n',
                '{"kind": "result", "scores": NaN}\n'):
        path.write_text("".join(good[:3] + [bad] + good[3:]), encoding="utf-8")
        outcome = _outcome(path)
        assert isinstance(outcome, str) and _line_of(outcome, path) == 4, (bad[:20], outcome)


def test_the_menu_lists_a_folder_of_damaged_logs(tmp_path):
    """Found by this suite: a log with an infinite seed or absurdly nested
    brackets made the menu's listing raise instead of skipping it."""
    good = _write(tmp_path / "good.jsonl", "jowhari")
    _with_header(_write(tmp_path / "inf.jsonl", "jowhari"), seed=1e999)
    (tmp_path / "deep.jsonl").write_text('{"kind": "header"}\n' + "[" * 100_000 + "\n")
    assert [s.path for s in list_logs(tmp_path)] == [good]


def test_resuming_a_log_whose_last_line_lacks_only_its_line_break(tmp_path):
    """Found by this suite: the loader kept such a line but resuming cut it
    off, so the next action was written in its place and the log no longer
    replayed."""
    from gemtable.engine.gamelog import GameLogWriter

    path = _write(tmp_path / "log.jsonl", "jowhari")
    path.write_bytes(path.read_bytes()[:-1])
    loaded = load(path)
    assert len(loaded.actions) == PREFIX_ACTIONS and not loaded.warnings
    state = loaded.final
    action = state.legal_actions()[0]
    with GameLogWriter.resume(loaded) as writer:
        writer.action(state, action)
    again = load(path)
    assert again.actions == (*loaded.actions, str(action))
    assert again.final == state.apply(action)

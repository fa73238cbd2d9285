"""A damaged results file: `--resume` keeps every finished game whose line is
intact, plays again only the games it cannot read, and says which lines;
only a damaged run line (which says what the run is) stops it, in one
sentence naming the file and line. Reading never changes the file."""

from __future__ import annotations

import json
import random
import warnings

import pytest
from arena_support import without_timing

from gemtable.ai.arena import ArenaOptions, run_arena
from gemtable.ai.results import ResultsError, ResultsWriter, read_results
from gemtable.tui.cli import main

KINDS = ["random", "random"]
GAMES = 6
FLIPS = 150
ARENA = ArenaOptions("jowhari", KINDS, games=GAMES, seed=1)


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    path = tmp_path_factory.mktemp("clean") / "run.jsonl"
    result = run_arena(ARENA, workers=1, results=path)
    return path.read_bytes(), without_timing(result.to_json())


def _read(path):
    """What resuming starts from: the games kept, or the refusal's sentence."""
    before = path.read_bytes()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            loaded = read_results(path)
    except ResultsError as error:
        message = str(error)
        assert message.startswith(f"{path}:") and "\n" not in message, message
        result = message
    else:
        result = loaded
    assert path.read_bytes() == before, "reading a results file changed it"
    return result


def _resume(path):
    played: list[int] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = run_arena(ARENA, workers=1, results=path, resume=True,
                           on_played=lambda g: played.append(g.index))
    return without_timing(result.to_json()), played


def test_each_damaged_game_line_costs_only_its_game(clean, tmp_path):
    data, expected = clean
    lines = data.splitlines(keepends=True)
    path = tmp_path / "run.jsonl"
    for index in range(1, len(lines)):
        for damage in (b'{"kind": "game", "index": 2, "seats"\n', b"\x00\xff garbage\n",
                       b"[" * 50_000 + b"\n", lines[index][:-1].replace(b'"seed":', b'"seed":9')
                       + b"\n"):
            path.write_bytes(b"".join(lines[:index] + [damage] + lines[index + 1:]))
            result, played = _resume(path)
            assert result == expected
            assert len(played) <= 1, (index, damage[:30], played)


def test_a_damaged_run_line_is_one_sentence(clean, tmp_path):
    data, _ = clean
    path = tmp_path / "run.jsonl"
    for first in (b"garbage\n", b'{"kind": "run", "version": 99}\n', b"\n",
                  b'{"kind": "run", "version": 1, "games": 1e999}\n'):
        path.write_bytes(first + data.split(b"\n", 1)[1])
        assert isinstance(_read(path), str)
    path.write_bytes(b"")
    assert isinstance(_read(path), str)


def test_every_cut_of_the_last_lines_resumes(clean, tmp_path):
    data, expected = clean
    path = tmp_path / "run.jsonl"
    start = data.rstrip(b"\n").rsplit(b"\n", 2)[0]
    for cut in range(len(start) + 1, len(data), 23):
        path.write_bytes(data[:cut])
        result, played = _resume(path)
        assert result == expected and len(played) <= 2


def test_random_byte_flips_lose_no_intact_game(clean, tmp_path):
    data, _ = clean
    intact = {json.loads(line)["index"]: line for line in data.splitlines()[1:]}
    path = tmp_path / "run.jsonl"
    rng = random.Random(12)
    for _ in range(FLIPS):
        damaged = bytearray(data)
        spot = rng.randrange(len(damaged))
        damaged[spot] = rng.randrange(256)
        path.write_bytes(bytes(damaged))
        outcome = _read(path)
        first_line = spot <= data.index(b"\n")
        if isinstance(outcome, str):
            assert first_line, outcome
            continue
        kept_lines = set(bytes(damaged).splitlines()[1:])
        for index, line in intact.items():
            if line in kept_lines:
                assert index in outcome.played


def test_the_command_says_which_line_it_could_not_read(clean, tmp_path, capsys):
    data, _ = clean
    lines = data.splitlines(keepends=True)
    path = tmp_path / "run.jsonl"
    path.write_bytes(b"".join(lines[:2] + [b"not json\n"] + lines[3:]))
    assert main(["arena", "jowhari", "--seat", "random", "--seat", "random", "--games",
                 str(GAMES), "--seed", "1", "--workers", "1", "--results", str(path),
                 "--resume", "--json", "-"]) == 0
    err = capsys.readouterr().err
    assert f"warning: {path}:3: bad line" in err and "Traceback" not in err


def test_a_game_line_that_lacks_only_its_line_break_counts(clean, tmp_path):
    """The game logs' rule (engine/jsonlines.py): only a line cut short is dropped."""
    data, _ = clean
    path = tmp_path / "run.jsonl"
    path.write_bytes(data[:-1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        loaded = read_results(path)
    assert sorted(loaded.played) == list(range(GAMES)) and not loaded.torn
    ResultsWriter(path).close()
    assert path.read_bytes().endswith(b"}\n")
    assert sorted(read_results(path).played) == list(range(GAMES))

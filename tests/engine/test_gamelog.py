"""The JSON Lines game log: written as play happens, re-played on load."""

from __future__ import annotations

import json
import random

import pytest

from gemtable.engine import registry
from gemtable.engine.gamelog import (
    GameLogError,
    GameLogWriter,
    Header,
    TornLineWarning,
    load,
)

GAME = registry.get("jowhari")


def _header(seed: int = 5) -> Header:
    return Header("jowhari", "standard", 2, ("human", "greedy"), seed)


def _play_into(path, moves: int, seed: int = 5):
    state = GAME.new(2, seed=seed)
    rng = random.Random(seed)
    states = [state]
    with GameLogWriter(path, _header(seed)) as writer:
        for _ in range(moves):
            action = rng.choice(state.legal_actions())
            writer.action(state, action)
            state = state.apply(action)
            states.append(state)
    return states


def test_each_action_is_on_disk_as_soon_as_it_is_written(tmp_path):
    path = tmp_path / "g.jsonl"
    state = GAME.new(2, seed=5)
    writer = GameLogWriter(path, _header())
    action = state.legal_actions()[0]
    writer.action(state, action)
    lines = path.read_text().splitlines()  # read while the writer is still open
    assert json.loads(lines[0])["kind"] == "header"
    assert json.loads(lines[1]) == {"kind": "action", "n": 1, "seat": 0, "action": str(action)}
    writer.close()


def test_header_records_game_variant_seats_seed_and_version(tmp_path):
    path = tmp_path / "g.jsonl"
    _play_into(path, 0)
    header = json.loads(path.read_text().splitlines()[0])
    assert header["game"] == "jowhari" and header["variant"] == "standard"
    assert header["seats"] == ["human", "greedy"] and header["seed"] == 5
    assert header["version"] == 1 and header["started"]


def test_unfinished_log_loads_to_the_same_position(tmp_path):
    path = tmp_path / "g.jsonl"
    states = _play_into(path, 17)
    loaded = load(path)
    assert not loaded.finished
    assert loaded.final == states[-1] and len(loaded.actions) == 17


def test_torn_last_line_is_ignored_with_a_warning(tmp_path):
    path = tmp_path / "g.jsonl"
    states = _play_into(path, 6)
    with path.open("a") as f:
        f.write('{"kind": "action", "n": 7, "se')
    with pytest.warns(TornLineWarning, match=r"g\.jsonl:8"):
        loaded = load(path)
    assert loaded.final == states[-1] and loaded.warnings


def test_resuming_cuts_the_torn_line_and_continues_numbering(tmp_path):
    path = tmp_path / "g.jsonl"
    states = _play_into(path, 4)
    with path.open("a") as f:
        f.write('{"kind": "act')
    with pytest.warns(TornLineWarning):
        loaded = load(path)
    state = loaded.final
    action = state.legal_actions()[0]
    with GameLogWriter.resume(loaded) as writer:
        writer.action(state, action)
    again = load(path)
    assert again.final == states[-1].apply(action)
    assert json.loads(path.read_text().splitlines()[-1])["n"] == 5


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda lines: lines.insert(3, "not json"), r"g\.jsonl:4: not a JSON object"),
        (lambda lines: lines.__setitem__(0, '{"kind": "action"}'), r"g\.jsonl:1: the first line"),
        (lambda lines: lines.__setitem__(2, '{"kind": "action", "action": "buy 3z"}'),
         r"g\.jsonl:3: 'buy 3z' is illegal"),
        (lambda lines: lines.__setitem__(0, lines[0].replace("jowhari", "chess")),
         r"g\.jsonl:1: .*no game called 'chess'"),
        (lambda lines: lines.append('{"kind": "result"}'), r"result line but the game is not over"),
    ],
)
def test_corrupt_logs_name_the_file_and_line(tmp_path, damage, message):
    path = tmp_path / "g.jsonl"
    _play_into(path, 5)
    lines = path.read_text().splitlines()
    damage(lines)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(GameLogError, match=message):
        load(path)


def test_missing_and_empty_files_are_clear_errors(tmp_path):
    with pytest.raises(GameLogError, match="cannot read"):
        load(tmp_path / "nothing.jsonl")
    (tmp_path / "empty.jsonl").write_text("")
    with pytest.raises(GameLogError, match="empty log"):
        load(tmp_path / "empty.jsonl")


def test_a_writer_never_overwrites_an_existing_log(tmp_path):
    path = tmp_path / "g.jsonl"
    _play_into(path, 2)
    with pytest.raises(FileExistsError):
        GameLogWriter(path, _header())


def test_the_example_log_in_the_architecture_document_loads(tmp_path):
    from pathlib import Path

    document = Path(__file__).parents[2] / "docs" / "architecture.md"
    text = document.read_text(encoding="utf-8")
    example = text.split("```jsonl\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "example.jsonl"
    path.write_text(example, encoding="utf-8")
    loaded = load(path)
    assert [str(a) for a in loaded.actions] == ["take RBG", "take GWK"]
    assert not loaded.finished

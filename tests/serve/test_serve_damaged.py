"""Damaged table files of `gemtable serve`: a seat record or game log that
cannot be read is set aside as it was (byte for byte) and logged, every
other table comes back, and the hub never fails to start."""

from __future__ import annotations

import json
import random

from gemtable.tui.serve import protocol
from gemtable.tui.serve.store import DataDir, TableRecord

FLIPS = 120


def _record(table_id: str) -> TableRecord:
    return TableRecord(id=table_id, owners=["alice", None], created_by="alice",
                       created="2026-12-01T10:00:00+00:00")


def _kept(data: DataDir) -> dict[str, bytes]:
    """Files set aside, by name without the time stamp."""
    if not data.damaged.exists():
        return {}
    return {".".join(p.name.split(".")[:2]): p.read_bytes() if p.is_file() else b"(a folder)"
            for p in data.damaged.iterdir()}


def _damaged_records() -> list[bytes]:
    good = _record("bad00").to_json().encode()
    cases = [good[:cut] for cut in range(len(good) - 1)]
    rng = random.Random(3)
    for _ in range(FLIPS):
        flipped = bytearray(good)
        flipped[rng.randrange(len(flipped))] = rng.randrange(256)
        cases.append(bytes(flipped))
    cases += [b"", b"[" * 100_000, b'"a string"', b'{"id": "bad00", "owners": "alice"}',
              b'{"id": "../../elsewhere", "owners": [null], "created_by": "x"}',
              b'{"id": "other", "owners": [null], "created_by": "x"}']
    return cases


def test_every_damaged_seat_record_is_set_aside_as_it_was(tmp_path):
    data = DataDir(tmp_path / "data")
    data.save_record(_record("good0"))
    refused = 0
    for case in _damaged_records():
        path = data.table_record("bad00")
        path.write_bytes(case)
        data.table_log("bad00").write_bytes(b"the table's log\n")
        records = data.load_records()
        ids = [r.id for r in records]
        assert "good0" in ids
        if "bad00" in ids:  # a flip the record survives (a letter of a name, say)
            assert not path.exists() or path.read_bytes() == case
            continue
        refused += 1
        assert not path.exists() and not data.table_log("bad00").exists()
        kept = _kept(data)
        assert kept["bad00.json"] == case and kept["bad00.jsonl"] == b"the table's log\n"
        for stale in data.damaged.iterdir():
            stale.unlink()
    assert refused > len(_damaged_records()) // 2
    assert not (tmp_path / "elsewhere").exists()


def test_a_directory_in_place_of_a_record(tmp_path):
    data = DataDir(tmp_path / "data")
    data.table_record("dir00").mkdir()
    assert data.load_records() == []
    assert (data.damaged.iterdir().__next__()).is_dir()


def test_the_hub_restores_every_intact_table_beside_damaged_ones(hub_factory, tmp_path):
    folder = tmp_path / "kept"
    first = hub_factory(folder)
    made = {}
    for name in ("intact", "torn", "future", "wrong_game", "directory", "illegal"):
        made[name] = first.client(f"u{name}").call(
            protocol.CreateTable, game="jowhari", variant=None, seats=(protocol.YOU, protocol.OPEN), seed=5).id
    first.stop()
    data = DataDir(folder)

    def edit(name: str, change) -> bytes:
        path = data.table_log(made[name])
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        path.write_text("".join(change(lines)), encoding="utf-8")
        return path.read_bytes()

    def header(**changes):
        def change(lines):
            record = json.loads(lines[0])
            record.update(changes)
            return [json.dumps(record) + "\n", *lines[1:]]
        return change

    before = {
        "future": edit("future", header(version=99)),
        "wrong_game": edit("wrong_game", header(game="no-such-game")),
        "illegal": edit("illegal", lambda lines: [*lines, json.dumps(
            {"kind": "action", "n": 1, "seat": 0, "action": "fly away"}) + "\n"]),
    }
    torn = data.table_log(made["torn"])
    torn.write_bytes(torn.read_bytes() + b'{"kind":"action","n":')
    log_dir = data.table_log(made["directory"])
    log_dir.unlink()
    log_dir.mkdir()

    second = hub_factory(folder)
    assert set(second.hub.tables) == {made["intact"], made["torn"]}
    kept = _kept(data)
    for name, content in before.items():
        assert kept[f"{made[name]}.jsonl"] == content
    assert kept[f"{made['directory']}.jsonl"] == b"(a folder)"

"""One rule for the last line of a growing JSON Lines file, read the same way
by game logs and results files (tests/arena/test_damaged_results.py): whole
but for its line break, it counts (and resuming adds the break); cut short, it
is dropped (and resuming cuts it off)."""

from __future__ import annotations

import pytest

from gemtable.engine.jsonlines import encode, mend_tail, split_lines, torn_tail

WHOLE = encode({"kind": "game", "index": 0}).encode()
TORN = b'{"kind": "game", "ind'


@pytest.mark.parametrize(("data", "lines", "torn"), [
    (b"", [], False),
    (WHOLE, [WHOLE.decode().rstrip("\n")], False),
    (WHOLE[:-1], [WHOLE.decode().rstrip("\n")], False),
    (WHOLE + TORN, [WHOLE.decode().rstrip("\n")], True),
    (WHOLE + b"[1, 2]", [WHOLE.decode().rstrip("\n")], True),
])
def test_a_last_line_counts_only_if_it_is_a_whole_object(data, lines, torn):
    assert split_lines(data) == (lines, torn)


@pytest.mark.parametrize(("data", "mended"), [
    (WHOLE, WHOLE), (WHOLE[:-1], WHOLE), (WHOLE + TORN, WHOLE), (TORN, b""), (b"", b""),
])
def test_mending_leaves_the_file_as_it_was_read(tmp_path, data, mended):
    path = tmp_path / "file.jsonl"
    path.write_bytes(data)
    mend_tail(path)
    assert path.read_bytes() == mended
    assert split_lines(mended) == (split_lines(data)[0], False)


@pytest.mark.parametrize("data", [b"", WHOLE, WHOLE[:-1], WHOLE + TORN, TORN, WHOLE + b"[1, 2]"])
def test_a_torn_tail_is_what_reading_drops(tmp_path, data):
    """The server's restore asks `torn_tail` before it loads a table's log: the
    answer must be the readers' own."""
    path = tmp_path / "file.jsonl"
    path.write_bytes(data)
    assert torn_tail(path) == split_lines(data)[1]

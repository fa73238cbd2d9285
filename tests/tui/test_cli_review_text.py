"""`gemtable review --text` names seats as every other screen does: Seat 1 first."""

from __future__ import annotations

from review_support import REVIEW_OPTIONS, finished_log

from gemtable.tui.cli import main


def test_the_text_review_numbers_seats_from_one(tmp_path, capsys):
    log = finished_log(tmp_path)  # the person sits at the first seat
    assert main(["review", str(log), "--text", "--iterations", str(REVIEW_OPTIONS["budget"]),
                 "--workers", str(REVIEW_OPTIONS["workers"])]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("seats: Seat 1 (human), Seat 2 (greedy); final scores: ")
    header = next(i for i, line in enumerate(lines) if line.split()[:2] == ["move", "seat"])
    rows = lines[header + 1:lines.index("", header)]
    assert rows and all(row.split()[1] == "1" for row in rows)
    assert any(line.startswith("Seat 1: ") for line in lines)
    mistakes = lines[lines.index("Biggest mistakes:") + 1:]
    assert mistakes and all("(Seat 1, turn " in line for line in mistakes)
    assert not any("seat 0" in line.lower() for line in lines)

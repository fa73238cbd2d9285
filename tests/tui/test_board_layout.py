"""Seat labels cut to a column keep what they say about the seat."""

import pytest

from gemtable.tui.boards.layout import fit_label


@pytest.mark.parametrize(("label", "width", "shown"), [
    ("Seat 2 (bob)", 18, "Seat 2 (bob)"),
    ("Seat 4 (carol, away)", 18, "Seat 4 (ca…, away)"),
    ("Seat 1 (carol, a bot plays)", 24, "Seat 1 (c…, a bot plays)"),
    ("Seat 3 (a-very-long-name)", 18, "Seat 3 (a-very-l…)"),
    ("Spectator of a long table", 10, "Spectator…"),
])
def test_a_cut_label_keeps_its_state(label: str, width: int, shown: str) -> None:
    assert fit_label(label, width) == shown
    assert len(fit_label(label, width)) <= width

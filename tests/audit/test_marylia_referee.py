"""The independent Marylia referee agrees with the engine over a few games of
every player count, and it does notice an outcome the rules do not give."""

from __future__ import annotations

import attrs
from marylia_referee import run
from marylia_referee_moves import apply, legal
from marylia_referee_position import read

from gemtable.engine import registry


def test_the_referee_finds_no_disagreement_in_a_few_games():
    report = run(12, seed=7)
    assert report.games == 12 and report.decisions > 1000
    assert report.disagreements == 0, "\n".join(report.examples)
    assert report.fired["wait"] and report.fired["event resolved and put at the bottom"]
    assert sum(report.endings.values()) == 12


def test_the_referee_notices_a_wrong_outcome_and_a_wrong_move_list():
    state = registry.get("marylia").new(3, seed=4)
    while any(seat.city < 0 for seat in state.seats):  # every merchant placed
        state = state.apply(state.legal_actions()[0])
    after = state.apply(state.parse_action("collect"))
    expected = apply(read(state), "collect")
    assert expected.differences(read(after)) == []
    wrong = attrs.evolve(after, bank=after.bank + 1)
    assert [d.split(":")[0] for d in expected.differences(read(wrong))] == ["bank"]
    moves = {str(action) for action in state.legal_actions()}
    assert legal(read(state)) == moves
    assert legal(read(attrs.evolve(state, actions_left=0))) != moves  # a discard step

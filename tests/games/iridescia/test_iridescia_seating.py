"""Ruling 29: the Rhom deck fills a seat only in solo (one person and the Rhom)
and beside two people. The engine says which line-ups it allows; the bots'
kinds, the arena and the tournament ask it. (Screens and commands:
tests/tui/test_iridescia_seating.py.)"""

from __future__ import annotations

import pytest

from gemtable.ai import seating_problem
from gemtable.ai.arena import ArenaOptions, run_arena
from gemtable.ai.tournament import TournamentError, check_pool
from gemtable.engine import registry
from gemtable.engine.games.iridescia import actions

GAME = registry.get("iridescia")
RHOM = "rhom"


@pytest.mark.parametrize("roles", [(None, RHOM), (RHOM, None), (None, RHOM, None),
                                   (None, None), (None, None, None), (None,) * 4])
def test_solo_two_people_with_the_rhom_and_tables_without_it_are_allowed(roles):
    assert GAME.seating_problem(roles) == ""


def test_the_rhom_at_four_seats_is_refused_with_a_sentence():
    problem = GAME.seating_problem((None, None, None, RHOM))
    assert "Rhom" in problem and "4 seats" in problem and problem.endswith(".")


def test_two_rhoms_are_refused():
    assert "one" in GAME.seating_problem((RHOM, RHOM))
    assert "one" in GAME.seating_problem((RHOM, None, RHOM))


def test_an_unknown_role_is_refused():
    assert "automa" in GAME.seating_problem((None, "automa"))


def test_the_seating_step_follows_the_same_check():
    four = GAME.new(4, seed=1)
    assert actions.RHOM not in four.legal_actions()
    three = GAME.new(3, seed=1).apply(actions.EXPLORER).apply(actions.RHOM)
    assert actions.RHOM not in three.legal_actions()
    assert GAME.seating_problem((None, RHOM, RHOM)) in three.why_illegal(actions.RHOM)


def test_bot_kinds_are_judged_by_the_role_they_play():
    assert seating_problem("iridescia", ["human", "rhom"]) == ""
    assert seating_problem("iridescia", ["greedy", "rhom", "random"]) == ""
    assert seating_problem("iridescia", ["human", "greedy", "random", "rhom"]) == \
        GAME.seating_problem((None, None, None, RHOM))
    assert seating_problem("iridescia", ["rhom", "rhom"]) != ""
    assert seating_problem("jowhari", ["human", "random"]) == ""


def test_the_arena_refuses_a_rhom_at_four_seats():
    with pytest.raises(ValueError, match="Rhom"):
        run_arena(ArenaOptions("iridescia", ("random", "random", "random", "rhom"), games=1),
                  workers=1)


def test_the_tournament_refuses_a_pool_that_seats_the_rhom_at_four():
    with pytest.raises(TournamentError, match="Rhom"):
        check_pool("iridescia", ("random", "greedy", "rhom", "normal"), 4)
    check_pool("iridescia", ("random", "greedy", "rhom"), 3)

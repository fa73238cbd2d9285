"""Whose view the terminal shows, and when the hot-seat curtain rises."""

from __future__ import annotations

from gemtable.engine import SPECTATOR
from gemtable.tui.screens.seating import Seating


def test_one_person_against_bots_always_sees_their_own_view():
    seating = Seating(3, (1,), private_views=True)
    assert seating.endpoints() == (1,)
    for mover in (0, 1, 2, None):
        seating.observe(mover)
        assert seating.curtain_for(mover) is None
        assert seating.shown() == 1


def test_two_people_with_hidden_cards_get_a_curtain_each_turn():
    seating = Seating(3, (0, 2), private_views=True)
    assert seating.endpoints() == (SPECTATOR, 0, 2)
    seating.observe(0)
    assert seating.curtain_for(0) == 0 and seating.shown() is SPECTATOR
    seating.unlock(0)
    assert seating.shown() == 0
    seating.observe(0)  # a second step of the same turn: no new curtain
    assert seating.curtain_for(0) is None and seating.shown() == 0
    seating.observe(1)  # a bot's turn: the person's hand is hidden at once
    assert seating.shown() is SPECTATOR and seating.curtain_for(1) is None
    seating.observe(2)
    assert seating.curtain_for(2) == 2
    seating.unlock(2)
    seating.observe(0)
    assert seating.shown() is SPECTATOR and seating.curtain_for(0) == 0


def test_people_sharing_a_game_without_secrets_need_no_curtain():
    seating = Seating(2, (0, 1), private_views=False)
    seating.observe(1)
    assert seating.curtain_for(1) is None and seating.shown() == 1
    seating.observe(0)
    assert seating.shown() == 0


def test_watching_follows_public_then_each_seat():
    seating = Seating(2, (), private_views=True)
    assert seating.endpoints() == (SPECTATOR, 0, 1)
    assert seating.shown() is SPECTATOR
    assert [seating.next_follow() for _ in range(3)] == [0, 1, SPECTATOR]

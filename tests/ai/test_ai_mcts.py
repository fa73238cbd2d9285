"""MCTS on hand-built Jowhari positions and on its own statistics."""

from __future__ import annotations

import attrs
import pytest

from gemtable.ai import make_bot
from gemtable.ai.heuristics import heuristic_for
from gemtable.ai.mcts import MctsBot
from gemtable.engine import registry
from gemtable.engine.games.jowhari.actions import BUY_CENTRE
from gemtable.engine.games.jowhari.components import CARDS_OF_LEVEL, COST, PRESTIGE

JOWHARI = registry.get("jowhari")


def _swap(state, a: int, b: int):
    """`state` with cards `a` and `b` trading places, wherever they are."""
    def swap(card):
        return b if card == a else a if card == b else card

    return attrs.evolve(
        state,
        decks=tuple(tuple(swap(c) for c in deck) for deck in state.decks),
        centre=tuple(tuple(swap(c) for c in row) for row in state.centre),
        seats=tuple(attrs.evolve(s, hand=tuple(swap(c) for c in s.hand)) for s in state.seats),
    )


def winning_position(players: int, mover: int):
    """`mover` sits 2 prestige short of the goal with exactly the gems for the
    2-prestige card put in centre slot 2a; the next seat is one point short and
    rich, so any other move (gems, reserves, other buys) may let it win.
    """
    state = JOWHARI.new(players, 0)
    card = next(c for c in CARDS_OF_LEVEL[2] if PRESTIGE[c] == 2)
    state = _swap(state, card, state.centre[1][0])
    assert state.centre[1][0] == card
    seats = list(state.seats)
    seats[mover] = attrs.evolve(seats[mover], prestige=10 - PRESTIGE[card],
                                tokens=tuple(COST[card]) + (0,))
    rival = (mover + 1) % players
    seats[rival] = attrs.evolve(seats[rival], prestige=9, tokens=(2, 2, 2, 2, 2, 2))
    return attrs.evolve(state, seats=tuple(seats), current=mover, turns=mover)


@pytest.mark.parametrize(("players", "mover"), [(2, 0), (3, 1), (4, 3)])
def test_mcts_takes_the_winning_purchase(players, mover):
    state = winning_position(players, mover)
    win = BUY_CENTRE[2, 0]
    legal = state.legal_actions()
    assert win in legal and len(legal) > 10
    assert state.apply(win).first_to_goal == mover
    for seed in range(3):
        bot = make_bot("mcts:200", game_id="jowhari", seed=seed)
        assert bot.choose(state.view(mover)) == win


def test_greedy_takes_the_winning_purchase_too():
    state = winning_position(2, 0)
    assert make_bot("greedy", game_id="jowhari", seed=1).choose(state.view(0)) == BUY_CENTRE[2, 0]


def test_tree_statistics_add_up():
    state = JOWHARI.new(2, 12)
    bot = MctsBot(heuristic_for("jowhari"), seed=3, iterations=150)
    bot.choose(state.view(0))
    root = bot.last_root
    assert bot.last_iterations == 150
    assert sum(child.visits for child in root.children.values()) == 150
    for child in root.children.values():
        assert child.seat == 0
        assert 0.0 <= child.reward <= child.visits
        assert child.available >= child.visits
        for grandchild in child.children.values():
            assert grandchild.seat == 1


def test_a_time_budget_runs_at_least_one_iteration():
    state = JOWHARI.new(2, 5)
    bot = make_bot("mcts:0.05s", game_id="jowhari", seed=0)
    assert bot.choose(state.view(0)) in state.legal_actions()
    assert bot.last_iterations >= 1


def test_a_single_legal_action_is_played_without_search():
    state = winning_position(2, 0)
    forced = attrs.evolve(state, returning=True,
                          seats=(attrs.evolve(state.seats[0], tokens=(0, 11, 0, 0, 0, 0)),
                                 state.seats[1]))
    assert len(forced.legal_actions()) == 1
    bot = make_bot("mcts:50", game_id="jowhari", seed=0)
    assert bot.choose(forced.view(0)) == forced.legal_actions()[0]
    assert bot.last_iterations == 0


def _nodes(node) -> int:
    return 1 + sum(_nodes(child) for child in node.children.values())


@pytest.mark.parametrize("delay", [3, 10])
def test_expansion_waits_for_the_given_visits(delay):
    state = JOWHARI.new(2, 12)
    bot = MctsBot(heuristic_for("jowhari"), seed=3, iterations=300, expand_after=delay)
    bot.choose(state.view(0))
    for child in bot.last_root.children.values():
        if child.visits <= delay:
            assert not child.children  # judged as it stands, never branched
        grown = sum(grandchild.visits for grandchild in child.children.values())
        assert grown <= max(0, child.visits - delay)
    eager = MctsBot(heuristic_for("jowhari"), seed=3, iterations=300, expand_after=0)
    eager.choose(state.view(0))
    # Waiting before branching spends visits on judging instead of growing: a smaller tree.
    assert _nodes(eager.last_root) > _nodes(bot.last_root)

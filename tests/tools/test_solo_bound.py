"""The solo bound: an honest search beside the same search seeing the hidden cards."""

from __future__ import annotations

import json

import pytest

import solo_bound
from gemtable.ai.arena import game_seed, play_arena_game
from gemtable.ai.base import make_bot
from gemtable.ai.match import play_seeing
from gemtable.engine import registry

KIND = "mcts:20"


class SpyBot:
    """Records what it was handed; plays the first legal action."""

    kind = "spy"

    def __init__(self) -> None:
        self.shown: list = []

    def decide(self, state):
        self.shown.append(state)
        return state.legal_actions()[0]


def test_play_seeing_hands_the_bot_the_true_state_with_its_pile():
    spy = SpyBot()
    final = play_seeing("jewelbox", [spy], seed=3)
    assert final.final.is_over
    assert spy.shown and all(s.viewer is None for s in spy.shown)
    start = registry.get("jewelbox").new(1, 3)
    assert spy.shown[0].pile == start.pile  # the face-down order, which a view hides
    assert start.view(0).pile != start.pile


def test_a_seat_still_refuses_the_true_state():
    bot = make_bot(KIND, game_id="jewelbox", seed=1)
    with pytest.raises(ValueError, match="not the full state"):
        bot.choose(registry.get("jewelbox").new(1, 1))


def test_the_honest_half_is_the_arena_game_and_pairs_repeat():
    pair = solo_bound.play_pair("jewelbox", KIND, 5, None, 2)
    arena = play_arena_game("jewelbox", (KIND,), 5, None, 2)
    assert pair.honest == arena.scores[0]
    assert pair.honest_titles == tuple(arena.achievements[0])
    assert solo_bound.play_pair("jewelbox", KIND, 5, None, 2) == pair


def test_the_seeing_half_plays_the_same_deal_with_the_true_state():
    pair = solo_bound.play_pair("jewelbox", KIND, 5, None, 1)
    deal = game_seed(5, 1)
    bot = make_bot(KIND, game_id="jewelbox", seed=solo_bound.bot_seed(deal, 0))
    again = play_seeing("jewelbox", [bot], seed=deal)
    assert pair.seeing == float(again.final.scores()[0])


def test_workers_give_the_same_pairs_in_order():
    one = list(solo_bound.play_pairs("jewelbox", KIND, seed=2, games=3, first=4))
    two = list(solo_bound.play_pairs("jewelbox", KIND, seed=2, games=3, first=4, workers=2))
    assert one == two
    assert [p.index for p in one] == [4, 5, 6]


def test_means_and_intervals():
    mean = solo_bound.Mean.of([50.0, 60.0, 70.0])
    assert mean.mean == 60.0
    assert mean.low == pytest.approx(60 - 1.959964 * 10 / 3 ** 0.5, rel=1e-6)
    assert mean.high == pytest.approx(60 + 1.959964 * 10 / 3 ** 0.5, rel=1e-6)


def test_summary_counts_the_gap_on_the_same_games_and_the_titles():
    pairs = [solo_bound.PairedGame(0, 50.0, 58.0, ("Amateur Entomologist",),
                                   ("Amateur Entomologist", "Pro Entomologist")),
             solo_bound.PairedGame(1, 64.0, 62.0, ("Amateur Entomologist", "Pro Entomologist",
                                                   "Master Entomologist"),
                                   ("Amateur Entomologist", "Pro Entomologist"))]
    result = solo_bound.summary("jewelbox", KIND, pairs, 1.0)
    assert result["gap"]["mean"] == 3.0
    assert result["honest_titles"] == {"Amateur Entomologist": 2, "Pro Entomologist": 1,
                                       "Master Entomologist": 1}
    assert result["seeing_titles"]["Pro Entomologist"] == 2
    text = solo_bound.report(result)
    assert "gap (same games):  3.00" in text


def test_command_prints_json(capsys):
    assert solo_bound.main(["jewelbox", "--kind", KIND, "--games", "2", "--seed", "1",
                            "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 2 and len(result["scores"]) == 2


@pytest.mark.parametrize("argv, reason", [
    (["jowhari"], "no solo game"),
    (["jewelbox", "--kind", "greedy"], "does not search"),
    (["nosuchgame"], "nosuchgame"),
])
def test_command_refuses_with_a_sentence(argv, reason, capsys):
    assert solo_bound.main(argv) == 2
    err = capsys.readouterr().err
    assert reason in err and "Traceback" not in err

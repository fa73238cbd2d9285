"""Game review: every person's move against the search's, cached beside the log."""

from __future__ import annotations

import json

import pytest

from gemtable.ai.match import play_match
from gemtable.ai.review import cache_path, human_seats, review_log
from gemtable.engine import gamelog, registry
from gemtable.tui.cli import main


def write_game(tmp_path, game_id: str, seats: list[str], kinds: list[str], seed: int):
    """A finished game played by `kinds`, logged as if `seats` had sat there."""
    result = play_match(game_id, kinds, seed=seed)
    game = registry.get(game_id)
    states = [game.new(len(kinds), seed)]
    for action in result.actions:
        states.append(states[-1].apply(action))
    header = gamelog.Header(game_id, game.default_variant(len(kinds)).id, len(kinds),
                            tuple(seats), seed)
    path = tmp_path / f"{game_id}.jsonl"
    gamelog.write_complete(path, header, states, result.actions)
    return path, states, result.actions


def test_people_are_the_seats_no_bot_plays():
    assert human_seats(("human", "greedy", "alice", "mcts:5"), "jowhari") == (0, 2)


def test_a_review_judges_every_move_of_the_person(tmp_path):
    path, states, actions = write_game(tmp_path, "jowhari", ["human", "greedy"],
                                       ["easy", "greedy"], seed=3)
    seen: list[tuple[int, int]] = []
    review = review_log(path, budget=40, workers=1, progress=lambda d, t: seen.append((d, t)))
    mine = [i for i, s in enumerate(states[:-1]) if s.to_move == 0]
    assert [m.index for m in review.moves] == mine
    assert [m.played for m in review.moves] == [str(actions[i]) for i in mine]
    assert seen[0] == (0, len(mine)) and seen[-1] == (len(mine), len(mine))
    assert all(m.loss >= 0 for m in review.moves)
    assert all(m.loss == 0 for m in review.moves if m.preferred == m.played)
    assert any(m.preferred != m.played for m in review.moves)  # easy errs
    worst = review.mistakes
    assert 0 < len(worst) <= 3
    assert [m.loss for m in worst] == sorted((m.loss for m in worst), reverse=True)
    assert worst[0].loss == max(m.loss for m in review.moves)
    assert not review.solo and all(0 <= m.loss <= 1 for m in review.moves)
    choices = review.choices(0)
    assert choices and all(m.legal > 1 for m in choices)
    assert review.differing(0) == sum(m.preferred != m.played for m in choices)
    assert review.mean_loss(0) == pytest.approx(review.total_loss(0) / len(choices))
    assert review.choices(1) == () and review.mean_loss(1) == 0


def test_all_cores_give_the_review_one_core_gives(tmp_path):
    path, _, _ = write_game(tmp_path, "jowhari", ["human", "greedy"], ["easy", "greedy"], 5)
    one = review_log(path, budget=25, workers=1, use_cache=False)
    two = review_log(path, budget=25, workers=2, use_cache=False)
    assert one == two


def test_a_review_is_cached_beside_its_log(tmp_path):
    path, _, _ = write_game(tmp_path, "jowhari", ["human", "greedy"], ["easy", "greedy"], 6)
    first = review_log(path, budget=20, workers=1)
    assert json.loads(cache_path(path).read_text())["review"]["budget"] == 20
    calls: list[int] = []
    again = review_log(path, budget=20, workers=1, progress=lambda d, t: calls.append(d))
    assert again == first and calls == []  # read back, not searched again
    other = review_log(path, budget=21, workers=1, progress=lambda d, t: calls.append(d))
    assert other.budget == 21 and calls  # another budget is reviewed afresh


def test_a_solo_review_counts_points(tmp_path):
    path, _, _ = write_game(tmp_path, "jewelbox", ["human"], ["easy"], seed=2)
    review = review_log(path, budget=20, workers=1)
    assert review.solo and review.moves
    assert all(m.loss >= 0 for m in review.moves)


def test_an_unfinished_game_is_refused(tmp_path):
    game = registry.get("jowhari")
    state = game.new(2, 1)
    path = tmp_path / "open.jsonl"
    gamelog.write_complete(path, gamelog.Header("jowhari", state.variant, 2, ("human", "greedy"),
                                                1), [state], [])
    with pytest.raises(ValueError, match="not finished"):
        review_log(path, budget=10, workers=1)


def test_the_review_command_prints_a_report(tmp_path, capsys):
    path, _, _ = write_game(tmp_path, "jowhari", ["human", "greedy"], ["easy", "greedy"], 3)
    assert main(["review", str(path), "--iterations", "20", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "Review of Jowhari" in out and "Biggest mistakes:" in out
    assert "Seat 1:" in out and "win chance" in out
    assert main(["review", str(tmp_path / "missing.jsonl")]) == 2


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_game_can_be_reviewed(tmp_path, game_id):
    game = registry.get(game_id)
    players = max(2, game.min_players)
    kinds = ["easy"] + ["greedy"] * (players - 1)
    path, states, _ = write_game(tmp_path, game_id, ["human"] + kinds[1:], kinds, seed=1)
    review = review_log(path, budget=8, workers=1)
    assert [m.index for m in review.moves] == [i for i, s in enumerate(states[:-1])
                                               if s.to_move == 0]
    assert all(m.loss >= 0 and m.preferred for m in review.moves)

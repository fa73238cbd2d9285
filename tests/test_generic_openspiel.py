"""OpenSpiel's own random simulation test on every registered game and set-up
(gemtable.ai.interop.openspiel), what each seat's information state may hold,
and OpenSpiel's ISMCTSBot playing a whole game of each with the engine's
determinization as its resampler. Needs the `openspiel` extra, which
`make test` installs."""

from __future__ import annotations

import json
import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="needs the openspiel extra (open-spiel)")

from gemtable.ai.interop.openspiel import load, seed_deal_ids  # noqa: E402
from gemtable.ai.interop.openspiel_match import Ismcts, play_game  # noqa: E402
from gemtable.engine import SPECTATOR, registry  # noqa: E402
from gemtable.engine.viewjson import view_to_json  # noqa: E402


def _cases():
    for game in registry.all():
        for players in game.player_counts():
            for variant in game.variants_for(players):
                yield pytest.param(game.id, players, variant.id,
                                   id=f"{game.id}-{players}p-{variant.id}")


CASES = list(_cases())


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_openspiels_random_simulation_test_passes(game, players, variant):
    # Clones, serialisation, sorted legal actions and their mask, chance
    # probabilities, every seat's strings at every step, returns in range.
    pyspiel.random_sim_test(load(game, players, variant), num_sims=1, serialize=True,
                            verbose=False)


def _random_playout(game, seed):
    """The state of a seeded random game at every step after the deal (one
    state object, played on in place)."""
    state = game.new_initial_state()
    for deal_id in seed_deal_ids(game.setup, seed):
        state.apply_action(deal_id)
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state
        if state.is_chance_node():
            ids, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    yield state


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_seats_strings_and_moves_survive_resampling_what_it_cannot_see(game_id):
    game = load(game_id, 2)
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    checked = hidden_changed = 0
    for step, state in enumerate(_random_playout(game, seed=3)):
        if state.is_terminal() or state.is_chance_node() or step % 5:
            continue
        seat = state.current_player()
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.observation_string(seat) == state.observation_string(seat)
        assert sample.legal_actions() == state.legal_actions()
        checked += 1
        hidden_changed += sample.engine_state != state.engine_state
    assert checked > 5
    assert hidden_changed, "no resample differed from the true state where the seat cannot see"


@pytest.mark.parametrize("game_id", registry.ids())
def test_chance_nodes_deals_and_returns_are_the_engines(game_id):
    game = load(game_id, 2)
    setup = game.setup
    first = game.new_initial_state()
    assert sum(p for _, p in first.chance_outcomes()) == pytest.approx(1.0)
    for state in _random_playout(game, seed=8):
        engine = state.engine_state
        if state.is_chance_node():
            assert state.chance_outcomes() == sorted(setup.space.chance_ids(engine))
    assert state.returns() == list(engine.outcome())
    assert sum(state.returns()) == pytest.approx(1.0)
    dealt = game.new_initial_state()
    for deal_id in seed_deal_ids(setup, 8):
        dealt.apply_action(deal_id)
    assert dealt.engine_state == setup.game.new(2, 8, setup.variant)


def test_a_sealed_bid_is_told_to_the_others_without_its_amount():
    game = load("marylia", 2)
    for seed in range(40):  # random play reaches an auction in some games only
        for state in _random_playout(game, seed):
            last = state.position.log[-1]
            if last.told is None:
                continue
            bidder = last.mover
            assert state.information_state_string(bidder).split("\n")[-2] == \
                f"seat {bidder}: {last.text}"
            assert state.information_state_string(1 - bidder).split("\n")[-2] == \
                f"seat {bidder}: commits a sealed bid"
            return
    pytest.fail("no sealed bid in 40 random games")


def test_observations_are_the_views_json_a_table_sends():
    from open_spiel.python.observation import make_observation

    game = load("iridescia", 3)
    state = game.new_initial_state()
    for deal_id in seed_deal_ids(game.setup, 6):
        state.apply_action(deal_id)
    engine = state.engine_state
    for seat in range(3):
        assert json.loads(state.observation_string(seat)) == view_to_json(engine.view(seat))
        assert state.information_state_string(seat).split("\n") == [
            "chance: dealt", state.observation_string(seat)]
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    assert json.loads(public.string_from(state, 0)) == view_to_json(engine.view(SPECTATOR))


def test_an_id_that_is_not_legal_is_refused():
    game = load("jowhari", 2)
    state = game.new_initial_state()
    for deal_id in seed_deal_ids(game.setup, 2):
        state.apply_action(deal_id)
    illegal = next(i for i in range(game.num_distinct_actions())
                   if i not in state.legal_actions())
    with pytest.raises(pyspiel.SpielError, match="not legal here"):
        state.apply_action(illegal)


@pytest.mark.parametrize("game_id", registry.ids())
def test_openspiels_ismcts_plays_a_whole_game_with_our_resampler(game_id):
    game = load(game_id, 2)
    # Its own run checks that each resampled root has the root's information state.
    record = play_game(game, [Ismcts(game, 1, simulations=2), Ismcts(game, 2, simulations=2)],
                       seed=4)
    assert sum(record.shares) == pytest.approx(1.0)
    assert all(record.decisions)


def test_the_comparison_command_prints_a_win_rate_with_its_interval(capsys):
    from gemtable.ai.interop.openspiel_match import main

    main(["jowhari", "--games", "2", "--seconds", "0.01", "--json"])
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 2 and result["ours"] == "mcts:0.01s"
    low, high = result["ci95"]
    assert 0 <= low <= result["win_rate"] <= high <= 1


def test_the_docs_example_loads_a_game_by_name_and_plays_it_with_ismcts(capsys):
    import runpy
    from pathlib import Path

    example = Path(__file__).resolve().parents[1] / "docs" / "examples" / "openspiel_ismcts.py"
    assert example.read_text() in (example.parents[1] / "interop.md").read_text()
    runpy.run_path(str(example), run_name="__main__")
    assert capsys.readouterr().out.startswith("returns [")

"""The contract every registered game must keep. A new game registered in
gemtable.engine.registry is covered here without writing a line.

Each case is a (game, player count, variant) played out by seeded random
moves; the checks run on every position of those playouts.
"""

from __future__ import annotations

import pickle
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gemtable.engine import CHANCE, SPECTATOR, IllegalAction, ScoreLine, chance_rng, registry
from gemtable.engine.gamelog import Header, load, write_complete

MAX_ACTIONS = 20_000


def _cases():
    for game in registry.all():
        for players in game.player_counts():
            for variant in game.variants_for(players):
                yield pytest.param(game, players, variant.id, id=f"{game.id}-{players}p-{variant.id}")


CASES = list(_cases())


def playout(game, players, variant, seed, choose=None):
    """States and actions of one seeded game, chance steps included."""
    state = game.new(players, seed=seed, variant=variant)
    rng = random.Random(seed)
    states, actions = [state], []
    while not state.is_over:
        assert len(actions) < MAX_ACTIONS, "playout did not end"
        if state.to_move is CHANCE:
            action = state.sample_chance(chance_rng(seed, len(actions)))
        else:
            legal = state.legal_actions()
            action = choose(state, legal) if choose else rng.choice(legal)
        state = state.apply(action)
        states.append(state)
        actions.append(action)
    return states, actions


@pytest.fixture(scope="module")
def playouts():
    """Two seeded playouts per case, shared by the tests of this module."""
    cache = {}

    def get(game, players, variant):
        key = (game.id, players, variant)
        if key not in cache:
            cache[key] = [playout(game, players, variant, seed) for seed in (11, 12)]
        return cache[key]

    return get


def _eq_fields(state) -> tuple:
    return tuple(getattr(state, a.name) for a in attrs.fields(type(state)) if a.eq)


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_registered_game_describes_itself(game, players, variant):
    assert registry.get(game.id) is game
    assert game.title and game.rules_text().strip()
    assert "Rulings" in game.rules_text(), "every rules document keeps a Rulings section"
    state = game.new(players, seed=1, variant=variant)
    assert state.players == players
    assert state.viewer is None
    assert state.turn == 0
    assert state.progress().strip()


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_playouts_end_with_consistent_results(game, players, variant, playouts):
    for states, _ in playouts(game, players, variant):
        final = states[-1]
        assert final.is_over and final.to_move is None
        assert final.legal_actions() == ()
        assert len(final.scores()) == players
        ranking = final.ranking()
        assert len(ranking) == players and min(ranking) == 1
        winners = final.winners()
        assert winners and set(winners) == {s for s in range(players) if ranking[s] == 1}
        assert sum(final.outcome()) == pytest.approx(1.0)
        for seat in range(players):
            lines = final.score_breakdown(seat)
            assert lines and all(isinstance(line, ScoreLine) for line in lines)
        for state in states[:-1]:
            assert not state.is_over
            assert state.to_move is CHANCE or 0 <= state.to_move < players


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_apply_never_changes_its_receiver(game, players, variant, playouts):
    states, actions = playouts(game, players, variant)[0]
    for state, action in zip(states, actions, strict=False):
        state.legal_actions()  # fill any cache first: later changes are mutations
        before = pickle.dumps(_eq_fields(state))
        hash(state)
        state.apply(action)
        assert pickle.dumps(_eq_fields(state)) == before


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_same_seed_and_actions_give_equal_states(game, players, variant, playouts):
    states, actions = playouts(game, players, variant)[0]
    again = game.new(players, seed=11, variant=variant)
    assert again == states[0] and hash(again) == hash(states[0])
    for action, expected in zip(actions, states[1:], strict=True):
        again = again.apply(again.parse_action(str(action)))
        assert again == expected
    other_seed = game.new(players, seed=12, variant=variant)
    assert other_seed != states[0], "the seed must change the set-up"


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_components_are_conserved(game, players, variant, playouts):
    for states, _ in playouts(game, players, variant):
        start = states[0].component_counts()
        assert start and all(count > 0 for count in start.values())
        for state in states:
            assert state.component_counts() == start


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_action_text_round_trips(game, players, variant, playouts):
    states, _ = playouts(game, players, variant)[0]
    for state in states[:-1]:
        for action in state.legal_actions():
            text = str(action)
            assert text and text == text.strip()
            assert state.parse_action(text) == action
            assert state.parse_action(f"  {text.upper()} ") == action


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_illegal_actions_raise_with_a_reason(game, players, variant, playouts):
    states, actions = playouts(game, players, variant)[0]
    seen = list(dict.fromkeys(actions))
    for state in states[:: max(1, len(states) // 40)]:
        legal = set(state.legal_actions())
        for action in seen[:60]:
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as raised:
                state.apply(action)
            assert len(raised.value.reason) > 8
        with pytest.raises(IllegalAction):
            state.parse_action("no such move at all")


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_views_and_determinization_agree(game, players, variant, playouts):
    states, _ = playouts(game, players, variant)[0]
    rng = random.Random(5)
    for state in states[:: max(1, len(states) // 25)]:
        public = state.view(SPECTATOR)
        assert public.viewer is SPECTATOR
        for seat in range(players):
            view = state.view(seat)
            assert view.viewer == seat
            assert view.view(seat) == view
            assert view.view(SPECTATOR) == public
            with pytest.raises(ValueError, match="view"):
                public.view(seat)  # the public view lacks the seat's own secrets
            for other in range(players):
                if other != seat:
                    with pytest.raises(ValueError, match="view"):
                        view.view(other)
            assert view.legal_actions() == state.legal_actions() or state.to_move != seat
            for _ in range(3):
                sample = view.determinize(rng)
                assert sample.viewer is None
                assert sample.view(seat) == view
                assert sample.view(SPECTATOR) == public
                assert sample.component_counts() == state.component_counts()
                assert sample.to_move == state.to_move


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_hidden_information_is_really_hidden(game, players, variant, playouts):
    """With hidden information, some determinization must differ from the
    truth while showing the same view; without it, views are the truth."""
    states, _ = playouts(game, players, variant)[0]
    state = states[len(states) // 3]
    rng = random.Random(9)
    for seat in range(players):
        view = state.view(seat)
        samples = {view.determinize(rng) for _ in range(12)}
        if game.has_hidden_information:
            assert view != state
            assert len(samples) > 1 or state not in samples
        else:
            assert samples == {state}


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_private_views_are_declared(game, players, variant, playouts):
    """A game whose seats all see the same thing must say so (no hot-seat
    curtain needed); one whose seats see different things must say that."""
    if players < 2:
        pytest.skip("one seat: there is no other seat's view to compare")
    states, _ = playouts(game, players, variant)[0]
    differ = False
    for state in states[:: max(1, len(states) // 12)]:
        public = {attrs.evolve(state.view(seat), observer=None) for seat in range(players)}
        differ = differ or len(public) > 1
    if not game.has_private_views:
        assert not differ
    elif players == game.max_players:
        assert differ


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_game_log_replays_to_the_same_final_state(game, players, variant, playouts, tmp_path):
    states, actions = playouts(game, players, variant)[1]
    header = Header(game.id, variant, players, tuple(["random"] * players), 12)
    path = tmp_path / "game.jsonl"
    write_complete(path, header, states, actions)
    loaded = load(path)
    assert loaded.finished
    assert loaded.final == states[-1]
    assert loaded.states == tuple(states)


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31 - 1), picks=st.lists(st.integers(0, 10**6), max_size=80))
def test_any_seed_and_moves_replay_identically(game, players, variant, seed, picks):
    """Property: whatever the seed and choices, replaying the same action
    texts from the same seed gives equal states, and nothing mutates."""
    state = game.new(players, seed=seed, variant=variant)
    replay = game.new(players, seed=seed, variant=variant)
    for step, pick in enumerate(picks):
        if state.is_over:
            break
        if state.to_move is CHANCE:
            action = state.sample_chance(chance_rng(seed, step))
        else:
            legal = state.legal_actions()
            action = legal[pick % len(legal)]
        before, frozen = state, pickle.dumps(_eq_fields(state))
        state = state.apply(action)
        replay = replay.apply(replay.parse_action(str(action)))
        assert state == replay
        assert pickle.dumps(_eq_fields(before)) == frozen

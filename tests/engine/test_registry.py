"""The registry and the Game object's checks on new()."""

import pytest

from gemtable.engine import registry
from gemtable.engine.registry import UnknownGame


def test_every_registered_id_resolves_to_its_game():
    assert "jowhari" in registry.ids()
    for game in registry.all():
        assert registry.get(game.id) is game
        assert game.min_players <= game.max_players
        assert game.variants_for(game.min_players)


def test_unknown_game_names_the_known_ones():
    with pytest.raises(UnknownGame, match="no game called 'chess'.*jowhari"):
        registry.get("chess")


def test_new_refuses_a_bad_player_count_or_variant():
    game = registry.get("jowhari")
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        game.new(5, seed=1)
    with pytest.raises(ValueError, match="no variant 'turbo'"):
        game.new(2, seed=1, variant="turbo")

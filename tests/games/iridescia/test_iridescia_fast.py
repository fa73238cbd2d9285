"""Iridescia's quick evolve (engine/games/iridescia/fast.py) builds records by
copying their instance dict, bypassing attrs: it must give exactly what
`attrs.evolve` gives, field by field, so an attrs upgrade that changes what an
instance holds fails here rather than in a game."""

import pickle
import random

import attrs
import pytest

from gemtable.engine import CHANCE, registry
from gemtable.engine.games.iridescia.fast import evolve
from gemtable.engine.games.iridescia.state import IridesciaState, Seat


def played_state(seed: int, actions: int) -> IridesciaState:
    """A position some random actions into a seeded 3-player game."""
    state = registry.get("iridescia").new(3, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over:
            break
        if state.to_move is CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state


def used_record(record: object) -> object:
    """The record with its caches filled, as records are in play."""
    hash(record)
    if isinstance(record, IridesciaState):
        record.legal_actions()
    return record


RECORDS = {
    "state": lambda: played_state(seed=5, actions=60),
    "seat": lambda: played_state(seed=5, actions=60).seats[1],
}


def init_fields(record: object) -> list[str]:
    return [field.name for field in attrs.fields(type(record)) if field.init]


def assert_same_record(ours: object, theirs: object) -> None:
    assert type(ours) is type(theirs)
    assert vars(ours) == vars(theirs)
    assert ours == theirs
    assert hash(ours) == hash(theirs)
    assert pickle.loads(pickle.dumps(ours)) == theirs


@pytest.mark.parametrize("kind", RECORDS)
def test_every_field_changes_as_attrs_evolve_changes_it(kind: str) -> None:
    record = used_record(RECORDS[kind]())
    names = init_fields(record)
    assert names
    for name in names:
        changed = ("changed", name)
        ours = evolve(record, **{name: changed})
        assert getattr(ours, name) == changed
        assert_same_record(ours, attrs.evolve(record, **{name: changed}))


@pytest.mark.parametrize("kind", RECORDS)
def test_no_change_and_all_changes_match_attrs_evolve(kind: str) -> None:
    record = used_record(RECORDS[kind]())
    assert_same_record(evolve(record), attrs.evolve(record))
    every = {name: ("changed", name) for name in init_fields(record)}
    assert_same_record(evolve(record, **every), attrs.evolve(record, **every))


def test_a_copy_starts_with_empty_caches() -> None:
    state = used_record(RECORDS["state"]())
    copy = evolve(state, turns=state.turns + 1)
    assert copy._legal is None
    assert hash(copy) != hash(state)
    assert copy.legal_actions() == attrs.evolve(state, turns=state.turns + 1).legal_actions()


@pytest.mark.parametrize("record_type", [IridesciaState, Seat])
def test_an_unknown_field_is_refused_as_attrs_refuses_it(record_type: type) -> None:
    record = RECORDS["state"]() if record_type is IridesciaState else RECORDS["seat"]()
    with pytest.raises(TypeError):
        attrs.evolve(record, no_such_field=1)
    with pytest.raises(TypeError, match="no field no_such_field"):
        evolve(record, no_such_field=1)

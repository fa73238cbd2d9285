"""What every registered game says about a typed line it cannot play.

- A line that reads as no action says how the game writes its actions, with
  examples that are legal in the position at hand (each parses back to a
  legal action), and for a line starting with one of the game's verbs, how
  that verb is written.
- Every text of the game's action space that the position does not allow
  is read (parse_syntax names it) and refused with the rules' own reason:
  never empty, never the generic "not an action" or "not legal here".

Positions come from seeded random playouts of every game, player count and
variant, as in test_generic_telling.
"""

from __future__ import annotations

import re

import pytest
from playouts import playout_steps, registry_cases, sample_positions

from gemtable.engine import CHANCE, IllegalAction
from gemtable.engine.core import normalise_text
from gemtable.engine.notation import verb_of, without_key

POSITIONS = 8
"""Positions sampled from each playout."""
GENERIC_REFUSALS = ("not an action", "not legal here", "not allowed here", "not possible now")
"""Words of a refusal that says nothing about the action refused."""
PYTHON_REPR = re.compile(r"\w\(\w+=|<\w+ object|^'|\(\)")
"""What a Python representation of a value looks like, in a message for people."""
EXAMPLE = re.compile(r"`([^`]+)`")
CASES = registry_cases()


def _positions(game, players, variant, seed):
    """Player steps of a seeded random playout, thinned to POSITIONS."""
    states = [state for state, _, _ in playout_steps(game, players, variant, seed)
              if state.to_move is not CHANCE]
    return sample_positions(states, POSITIONS, seed)


def _refusal(state, text: str) -> str:
    with pytest.raises(IllegalAction) as refused:
        state.parse_action(text)
    message = refused.value.reason
    assert message.strip(), f"{text!r} is refused without a reason"
    assert not PYTHON_REPR.search(message), f"{text!r}: {message!r} shows a Python value"
    return message


def _assert_examples_are_legal(state, message: str, verb: str = "") -> list[str]:
    shown = EXAMPLE.findall(message)
    assert shown, f"no example in {message!r}"
    for text in shown:
        assert state.parse_action(text) in state.legal_actions(), f"example {text!r} is not legal"
    if verb and any(verb_of(str(action)) == verb for action in state.legal_actions()):
        assert all(verb_of(text) == verb for text in shown), (
            f"{verb} is legal here, but the examples show other verbs: {message!r}")
    return shown


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_a_line_that_names_no_action_shows_the_notation_and_legal_examples(game, players,
                                                                           variant):
    for state in _positions(game, players, variant, seed=51):
        message = _refusal(state, "zzz 9")
        assert f"not an action in {game.title}" in message
        verbs = {verb_of(str(action)) for action in state.legal_actions()}
        for verb in verbs:
            assert verb in game.notation, f"{game.title} does not say how to write {verb}"
            phrase = game.notation[verb]
            assert phrase in message or without_key(phrase) in message, (
                f"how to write {verb} is missing: {message}")
        shown = _assert_examples_are_legal(state, message)
        assert len({verb_of(text) for text in shown}) == min(len(verbs), len(shown)), (
            "the examples should show different verbs first")


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_a_known_verb_with_nothing_readable_after_it_says_how_that_verb_is_written(
        game, players, variant):
    for state in _positions(game, players, variant, seed=52):
        seat_view = state.view(state.to_move)
        for verb in {verb_of(str(action)) for action in state.legal_actions()}:
            for position in (state, seat_view):
                message = _refusal(position, f"{verb} ?? ??")
                assert f"write {game.notation[verb]}" in message, message
                _assert_examples_are_legal(position, message, verb)


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_every_action_the_position_refuses_is_read_and_refused_with_a_reason(game, players,
                                                                             variant):
    space = game.action_space(players, variant)
    refused = 0
    for state in _positions(game, players, variant, seed=53):
        legal = {str(action) for action in state.legal_actions()}
        for text in space:
            if text in legal:
                continue
            assert state.parse_syntax(normalise_text(text)) is not None, (
                f"{text!r} is in the action space but is not read")
            reason = _refusal(state, text)
            assert not any(words in reason for words in GENERIC_REFUSALS), (
                f"{text!r} is refused with no particular reason: {reason!r}")
            refused += 1
    assert refused, "no refused action was checked"


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_a_legal_action_with_an_impossible_number_gets_a_reason_or_the_verb_s_notation(
        game, players, variant):
    mutated = 0
    for state in _positions(game, players, variant, seed=54):
        for action in state.legal_actions():
            text = str(action)
            wrong = re.sub(r"\d+", "97", text)
            if wrong == text or state.parse_syntax(normalise_text(wrong)) in state.legal_actions():
                continue
            message = _refusal(state, wrong)
            if state.parse_syntax(normalise_text(wrong)) is None:
                assert f"write {game.notation[verb_of(text)]}" in message, message
            else:
                assert not any(words in message for words in GENERIC_REFUSALS), message
            mutated += 1
    assert mutated, "no action with a number was tried"

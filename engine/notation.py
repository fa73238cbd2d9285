"""What a person is told when the text they typed names no action.

Every game writes an action as a verb (the first word) and what it names:
`take RBG`, `travel 5`, `put 3 RB`. A line that reads as no action at all is
answered with how the game writes its actions, in the game's own words
(`Game.notation`, a short phrase per verb), with examples drawn from the
actions legal in the position at hand, so a newcomer sees the shape and may
copy it. When the verb is one of the game's, only that verb is explained,
after what the game says is wrong with the rest (`State.notation_problem`:
"X is not a colour").

A line that names an action the position does not allow is not handled
here: that is the game's `why_illegal`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .core import State

MOST_EXAMPLES = 3
"""Examples given for a line whose verb the game does not know."""
VERB_EXAMPLES = 2
"""Examples given for a line whose verb the game knows."""
LONGEST_LIST = 200
"""Most characters of the phrases listing how each verb possible now is
written; beyond it they are listed without their brackets (the key to the
letters, the ranges), so the message fits the few lines under a board. A
verb typed with a wrong letter still shows its whole phrase."""
_BRACKETS = re.compile(r" \([^)]*\)")


def verb_of(text: str) -> str:
    """The verb of an action text: its first word, in lower case."""
    return text.strip().split(" ", 1)[0].lower()


def _shape(text: str) -> str:
    """The verb, then the rest with every number a 9 and every letter an a:
    `take RBG` and `take WW` differ in shape, `travel 2` and `travel 5` do not."""
    verb, _, rest = text.lower().partition(" ")
    return verb + " " + re.sub(r"[a-z]", "a", re.sub(r"\d+", "9", rest))


def examples(legal: Sequence[object], verb: str = "", most: int = MOST_EXAMPLES) -> list[str]:
    """Texts of legal actions to show as examples: those of `verb` if any is
    legal, else one per verb; then more of other shapes, up to `most`."""
    texts = [str(action) for action in legal]
    of_verb = [text for text in texts if verb_of(text) == verb]
    pool = of_verb or texts
    chosen: list[str] = []
    verbs: set[str] = set()
    for text in pool:
        if len(chosen) < most and verb_of(text) not in verbs:
            verbs.add(verb_of(text))
            chosen.append(text)
    shapes = {_shape(text) for text in chosen}
    for text in pool:
        if len(chosen) < most and _shape(text) not in shapes:
            shapes.add(_shape(text))
            chosen.append(text)
    return chosen


def without_key(phrase: str) -> str:
    """A verb's phrase without what it says in brackets."""
    return _BRACKETS.sub("", phrase)


def quoted(texts: Sequence[str]) -> str:
    """`a`, `b` or `c`: action texts as a person reads them in a sentence."""
    marked = [f"`{text}`" for text in texts]
    if len(marked) < 2:
        return "".join(marked)
    return ", ".join(marked[:-1]) + " or " + marked[-1]


def unreadable(state: State[Any], text: str) -> str:
    """Why `text` (already normalised) names no action in `state`: what is
    wrong with it, how the game writes its actions, and examples to copy."""
    game = state.game
    written = game.notation
    verb = verb_of(text)
    legal = state.legal_actions()
    if verb in written:
        problem = state.notation_problem(text) or f"that is not how to write {verb}"
        phrase = written[verb]
        message = f"{problem}: write {phrase}{' alone' if phrase == verb else ''}"
        shown = examples(legal, verb, VERB_EXAMPLES)
        if shown and verb_of(shown[0]) != verb:
            return (f"{message}. {verb.capitalize()} is not possible now: you may play, "
                    f"for example, {quoted(shown)}")
        if state.is_over:
            return f"{message}; the game is over"
        return f"{message}; for example {quoted(shown)}" if shown else message
    message = f"not an action in {game.title}"
    if state.is_over:
        return f"{message}: the game is over"
    verbs = list(dict.fromkeys(verb_of(str(action)) for action in legal))
    phrases = "; ".join(written[v] for v in verbs if v in written)
    if len(phrases) > LONGEST_LIST:
        phrases = "; ".join(without_key(written[v]) for v in verbs if v in written)
    if phrases:
        message += f". Actions now: {phrases}"
    shown = examples(legal)
    return f"{message}. For example {quoted(shown)}" if shown else message

"""Every seat kind in one list, so that the command line's help and errors,
`gemtable list` and the README name the same kinds `make_bot` accepts.

The list is made from what defines the kinds: the levels, the generic bots,
each game's own bots, and the written forms `make_bot` parses (a search
budget, a loose greedy, an outside program, `@WORKERS`). Each entry carries
an example that `make_bot` takes, so a test can hold the list to the parser.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from gemtable.engine import registry

from .base import FRESH_SEARCH, GENERIC_KINDS, SEARCH, search_kind
from .external import PREFIX as EXEC
from .levels import LEVEL_KINDS, LOOSE

HUMAN = "human"
WORKERS = "@WORKERS"
WORKERS_EXAMPLES = (f"{SEARCH}:1500@2", "hard@2")


@attrs.frozen
class SeatKind:
    form: str
    """As people write it: `mcts:ITERATIONS`, with capitals for what they fill in."""
    example: str
    """A kind of this form that `make_bot` accepts (`human` is no bot's)."""
    games: tuple[str, ...] = ()
    """The games that offer it; empty: every game."""


def _budget_forms(search: str) -> tuple[SeatKind, ...]:
    return (SeatKind(search, search),
            SeatKind(f"{search}:ITERATIONS", f"{search}:7"),
            SeatKind(f"{search}:SECONDSs", f"{search}:0.01s"))


def _generic() -> tuple[SeatKind, ...]:
    """Kinds every game offers, after the levels and before the games' own."""
    plain = tuple(SeatKind(kind, kind) for kind in GENERIC_KINDS if ":" not in kind
                  and kind != SEARCH)
    return (plain + _budget_forms(SEARCH) + _budget_forms(FRESH_SEARCH)
            + (SeatKind(f"{LOOSE}:BEST/POOL/LEAST", f"{LOOSE}:0.5/0.5/2"),))


def _games_own(game_id: str | None) -> tuple[SeatKind, ...]:
    from .heuristics import heuristic_for

    ids = registry.ids() if game_id is None else (game_id,)
    return tuple(SeatKind(kind, kind, (one,)) for one in ids for kind in heuristic_for(one).bots)


def _outside() -> tuple[SeatKind, ...]:
    return (SeatKind(f"{EXEC}COMMAND", f"{EXEC}true"),
            SeatKind(f"{EXEC}SECONDSs:COMMAND", f"{EXEC}2s:true"))


def seat_kinds(game_id: str | None = None, *, people: bool = True) -> tuple[SeatKind, ...]:
    """Every kind a seat of `game_id` may be (without a game: of any game);
    `people=False` leaves out `human`, for tables of bots only."""
    levels = tuple(SeatKind(level, level) for level in LEVEL_KINDS)
    return ((SeatKind(HUMAN, HUMAN),) if people else ()) + levels + _generic() \
        + _games_own(game_id) + _outside()


def _plain(text: str) -> str:
    return text


def seat_kinds_text(game_id: str | None = None, *, people: bool = True,
                    quote: Callable[[str], str] = _plain) -> str:
    """The seat kinds in one sentence, as help, errors and the README give them;
    `quote` marks each kind (the README's backticks)."""
    kinds = seat_kinds(game_id, people=people)
    groups: dict[tuple[str, ...], list[str]] = {}
    for kind in kinds:  # the levels as one group, each game's own bots as one
        key = ("",) if kind.form in LEVEL_KINDS else kind.games
        groups.setdefault(key, []).append(quote(kind.form))
    parts: list[str] = []
    for kind in kinds:
        key = ("",) if kind.form in LEVEL_KINDS else kind.games
        if not key:
            parts.append(quote(kind.form))
        elif key in groups:
            forms = ", ".join(groups.pop(key))
            if key == ("",):
                parts.append(f"a level ({forms})")
            else:
                parts.append(forms if game_id is not None else f"{forms} ({', '.join(key)} only)")
    searching = " and ".join(level for level in LEVEL_KINDS if search_kind(level))
    examples = ", ".join(quote(example) for example in WORKERS_EXAMPLES)
    return (f"{', '.join(parts)}; a search kind ({searching} too) may end in "
            f"{quote(WORKERS)} to search in that many processes ({examples}); "
            f"{quote(EXEC + 'COMMAND')} is a program of your own (docs/bots.md)")


def unknown_kind_message(kind: str, game_id: str, *, people: bool) -> str:
    """Why `kind` is refused at a seat of `game_id`, and what a seat may be instead."""
    what = "seat" if people else "bot"
    return (f"no {what} kind {kind!r} for {game_id}; a {what} is "
            f"{seat_kinds_text(game_id, people=people)}")

"""Does a change to a game's heuristic help? A paired measurement.

Each arena game of the range is played twice, from the same deal, dice and
bot seeds: once with the heuristic as it ships and once with some of its
settings changed (`--set NAME=JSON`, any attribute the heuristic already
has). Pairing removes most of the luck, so a few dozen games tell a change
of a point or two apart where two separate runs would need hundreds.
The first seat is the one whose figures are compared: its mean score, its
share of the wins and, with several seats, its margin over the best rival.

    python tools/trial.py jewelbox --set rival_turn=0.5 \\
        --seat mcts --seat greedy --games 60 --seed 1 --workers 2

Measurement only: the changed settings live in the worker processes of the
run and nowhere else.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from functools import partial
from typing import Any

import attrs

from gemtable.ai.arena import GameRecord, play_arena_game
from gemtable.ai.heuristics import heuristic_for
from gemtable.ai.stats import Mean
from gemtable.engine import registry
from paired import add_range_arguments, map_games


class UnknownSetting(ValueError):
    """A `--set` name the game's heuristic does not have."""


@attrs.frozen
class PairedTrial:
    index: int
    shipped: GameRecord
    changed: GameRecord


def parse_setting(text: str) -> tuple[str, Any]:
    """`NAME=JSON` -> (name, value); a bare word after `=` is taken as text."""
    name, equals, raw = text.partition("=")
    if not equals or not name.strip():
        raise ValueError(f"a setting is NAME=VALUE, not {text!r}")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name.strip(), value


def check_settings(game_id: str, settings: Mapping[str, Any]) -> None:
    heuristic = heuristic_for(game_id)
    for name in settings:
        if name.startswith("_") or not hasattr(heuristic, name) or callable(getattr(heuristic, name)):
            raise UnknownSetting(
                f"{type(heuristic).__name__} has no setting {name!r}: a trial changes an "
                f"existing attribute of the game's heuristic")


def play_changed(game_id: str, kinds: Sequence[str], seed: int, variant: str | None,
                 index: int, settings: Mapping[str, Any]) -> GameRecord:
    """Game `index` with the heuristic's settings changed, then put back."""
    heuristic = heuristic_for(game_id)
    saved = {name: getattr(heuristic, name) for name in settings}
    try:
        for name, value in settings.items():
            setattr(heuristic, name, tuple(value) if isinstance(value, list) else value)
        return play_arena_game(game_id, kinds, seed, variant, index)
    finally:
        for name, value in saved.items():
            setattr(heuristic, name, value)


def play_trial(game_id: str, kinds: Sequence[str], seed: int, variant: str | None,
               settings: Mapping[str, Any], index: int) -> PairedTrial:
    return PairedTrial(index, play_arena_game(game_id, kinds, seed, variant, index),
                       play_changed(game_id, kinds, seed, variant, index, settings))


def play_trials(game_id: str, kinds: Sequence[str], settings: Mapping[str, Any], *, seed: int,
                games: int, first: int = 0, variant: str | None = None,
                workers: int = 1) -> Iterator[PairedTrial]:
    registry.get(game_id)
    check_settings(game_id, settings)
    yield from map_games(partial(play_trial, game_id, tuple(kinds), seed, variant, dict(settings)),
                         range(first, first + games), workers)


def margin(record: GameRecord) -> float:
    """The first seat's score over the best other seat's (0 in solo)."""
    others = record.scores[1:]
    return record.scores[0] - max(others) if others else 0.0


def summary(game_id: str, kinds: Sequence[str], settings: Mapping[str, Any],
            trials: Sequence[PairedTrial]) -> dict:
    def mean_of(values: list[float]) -> dict:
        return attrs.asdict(Mean.of(values))

    out = {
        "game": game_id, "seats": list(kinds), "settings": dict(settings), "games": len(trials),
        "first": min(t.index for t in trials),
        "shipped_score": mean_of([t.shipped.scores[0] for t in trials]),
        "changed_score": mean_of([t.changed.scores[0] for t in trials]),
        "score_gain": mean_of([t.changed.scores[0] - t.shipped.scores[0] for t in trials]),
        "shipped_wins": sum(t.shipped.shares[0] for t in trials),
        "changed_wins": sum(t.changed.shares[0] for t in trials),
        "games_played": [[t.index, t.shipped.scores, t.changed.scores] for t in trials],
    }
    if len(kinds) > 1:
        out["margin_gain"] = mean_of([margin(t.changed) - margin(t.shipped) for t in trials])
    return out


def report(result: dict) -> str:
    def shown(key: str) -> str:
        return Mean(**result[key]).text()

    changes = ", ".join(f"{k}={json.dumps(v)}" for k, v in result["settings"].items())
    first, games = result["first"], result["games"]
    lines = [f"{result['game']}: {' v '.join(result['seats'])}, games {first}-{first + games - 1}, "
             f"changed: {changes or 'nothing'}",
             f"  {result['seats'][0]} score, as shipped: {shown('shipped_score')}",
             f"  {result['seats'][0]} score, changed:    {shown('changed_score')}",
             f"  gain on the same games: {shown('score_gain')}"]
    if "margin_gain" in result:
        lines.append(f"  margin gain on the same games: {shown('margin_gain')}")
        lines.append(f"  wins: {result['shipped_wins']:g} as shipped, "
                     f"{result['changed_wins']:g} changed, of {games}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python tools/trial.py",
        description="The same arena games with the heuristic as shipped and with settings "
                    "changed, compared game by game (measurement only)")
    parser.add_argument("game")
    parser.add_argument("--set", dest="settings", action="append", default=[],
                        metavar="NAME=JSON", help="a heuristic setting to change (repeatable)")
    parser.add_argument("--seat", dest="seats", action="append", required=True, metavar="KIND")
    add_range_arguments(parser)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        settings = dict(parse_setting(text) for text in args.settings)
        trials = list(play_trials(args.game, args.seats, settings, seed=args.seed,
                                  games=args.games, first=args.first, variant=args.variant,
                                  workers=args.workers))
    except (ValueError, registry.UnknownGame) as error:
        print(f"trial: {error}", file=sys.stderr)
        return 2
    result = summary(args.game, args.seats, settings, trials)
    print(json.dumps(result) if args.json else report(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

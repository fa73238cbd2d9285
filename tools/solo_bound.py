"""What hidden information costs a search in a solo game: an analysis tool.

Each game of the run is played twice from the same deal, dice stream and bot
seed: once by the bot from its view, exactly as `gemtable arena GAME --seat
KIND` plays it (same games for the same seed), and once by the same search
handed the true state, face-down pile and all (`play_seeing`). The dice stay
chance steps either way: the seeing search knows the order of every card
still to come, not the rolls.

The seeing score is what this search reaches without hidden information; the
gap to the honest score is what not knowing costs it, and an honest bot
cannot hope to gain more than that gap by guessing the hidden cards better.
It is not perfect play: the seeing search still searches with its budget and
its evaluation. This is never a seat kind and never runs at a table.

    python tools/solo_bound.py jewelbox --games 200 --seed 1 --workers 2
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Sequence
from functools import partial

import attrs

from gemtable.ai.arena import game_seed, play_arena_game
from gemtable.ai.base import make_bot, search_kind
from gemtable.ai.match import bot_seed, play_seeing
from gemtable.ai.parallel import single_process_search
from gemtable.ai.stats import Mean
from gemtable.engine import registry
from paired import add_range_arguments, map_games


@attrs.frozen
class PairedGame:
    index: int
    honest: float
    seeing: float
    honest_titles: tuple[str, ...]
    seeing_titles: tuple[str, ...]


def check_solo(game_id: str, kind: str) -> None:
    game = registry.get(game_id)
    if game.min_players != 1:
        raise ValueError(f"{game.title} has no solo game: it needs {game.min_players} players")
    if not search_kind(kind):
        raise ValueError(f"{kind!r} does not search; the bound compares searches (mcts, mcts:N)")


def play_pair(game_id: str, kind: str, seed: int, variant: str | None, index: int) -> PairedGame:
    """Game `index` of the run, played from the view and then seeing all."""
    honest = play_arena_game(game_id, (kind,), seed, variant, index)
    deal = game_seed(seed, index)
    with single_process_search():
        bot = make_bot(kind, game_id=game_id, seed=bot_seed(deal, 0))
        final = play_seeing(game_id, [bot], seed=deal, variant=variant).final
    return PairedGame(index, honest.scores[0], float(final.scores()[0]),
                      tuple(honest.achievements[0]), tuple(final.achievements(0)))


def play_pairs(game_id: str, kind: str, *, seed: int, games: int, first: int = 0,
               variant: str | None = None, workers: int = 1) -> Iterator[PairedGame]:
    """Every pair of the range, in index order."""
    check_solo(game_id, kind)
    yield from map_games(partial(play_pair, game_id, kind, seed, variant),
                         range(first, first + games), workers)


def summary(game_id: str, kind: str, pairs: Sequence[PairedGame], seconds: float) -> dict:
    names = registry.get(game_id).achievement_names
    honest = Mean.of([p.honest for p in pairs])
    seeing = Mean.of([p.seeing for p in pairs])
    gap = Mean.of([p.seeing - p.honest for p in pairs])
    return {
        "game": game_id, "kind": kind, "games": len(pairs),
        "first": min(p.index for p in pairs), "seconds": round(seconds, 1),
        "honest": attrs.asdict(honest), "seeing": attrs.asdict(seeing), "gap": attrs.asdict(gap),
        "honest_titles": {n: sum(n in p.honest_titles for p in pairs) for n in names},
        "seeing_titles": {n: sum(n in p.seeing_titles for p in pairs) for n in names},
        "scores": [[p.index, p.honest, p.seeing] for p in pairs],
    }


def report(result: dict) -> str:
    def shown(key: str) -> str:
        return Mean(**result[key]).text()

    lines = [
        f"{result['game']}, {result['kind']}, {result['games']} solo games "
        f"from game {result['first']} ({result['seconds']} s)",
        f"  from its view:     {shown('honest')}",
        f"  seeing the cards:  {shown('seeing')}",
        f"  gap (same games):  {shown('gap')}",
    ]
    for name, count in result["honest_titles"].items():
        lines.append(f"  {name}: {count} from its view, {result['seeing_titles'][name]} seeing")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python tools/solo_bound.py",
        description="A search from its view against the same search seeing the hidden cards, "
                    "on the same solo games (analysis only)")
    parser.add_argument("game", help="a game with a solo mode (jewelbox)")
    parser.add_argument("--kind", default="mcts", help="a searching kind (default: mcts)")
    add_range_arguments(parser)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    started = time.perf_counter()
    try:
        pairs = list(play_pairs(args.game, args.kind, seed=args.seed, games=args.games,
                                first=args.first, variant=args.variant, workers=args.workers))
    except (ValueError, registry.UnknownGame) as error:
        print(f"solo_bound: {error}", file=sys.stderr)
        return 2
    result = summary(args.game, args.kind, pairs, time.perf_counter() - started)
    print(json.dumps(result) if args.json else report(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

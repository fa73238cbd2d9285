"""The `gemtable` command: the menu by default, and sub-commands for scripts.

    gemtable                      open the menu
    gemtable list                 games and bot kinds
    gemtable play GAME --seat KIND [--seat KIND ...] [--seed N] [--log PATH]
    gemtable watch GAME --seat KIND ... [--seed N] [--delay SECONDS] [--log PATH]
    gemtable resume [PATH]        continue the latest (or the given) unfinished game
    gemtable replay PATH          step through a game log
    gemtable rules GAME           print the rules document
    gemtable arena GAME --seat KIND ... --games N [--seed N] [--workers W] [--json PATH|-]
    gemtable bench GAME [--seconds S] [--json -]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from gemtable.engine import registry


def _game_id(text: str) -> str:
    if text not in registry.ids():
        raise argparse.ArgumentTypeError(
            f"no game {text!r}; choose from: {', '.join(registry.ids())}"
        )
    return text


def _non_negative(kind):
    def convert(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if value < 0:
            raise argparse.ArgumentTypeError(f"{text!r} must not be negative")
        return value

    return convert


def _positive_int(text: str) -> int:
    value = _non_negative(int)(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _add_table_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", type=_game_id, help="game id (see `gemtable list`)")
    parser.add_argument(
        "--seat", action="append", dest="seats", metavar="KIND", required=True,
        help="one per seat, in turn order: human, random, greedy, mcts, mcts:ITERATIONS",
    )
    parser.add_argument("--seed", type=_non_negative(int), default=None,
                        help="seed for the deal and dice (default: random)")
    parser.add_argument("--variant", default=None, help="variant id (default: the game's own)")
    parser.add_argument("--log", type=Path, default=None,
                        help="where to write the game log (default: the data folder)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gemtable",
        description="Jewel-themed board games in the terminal, for people and bots.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sub.add_parser("list", help="list games and bot kinds")

    play = sub.add_parser("play", help="play a game (any mix of people and bots)")
    _add_table_options(play)

    watch = sub.add_parser("watch", help="watch bots play")
    _add_table_options(watch)
    watch.add_argument("--delay", type=_non_negative(float), default=0.8,
                       help="seconds between moves (default 0.8)")

    resume = sub.add_parser("resume", help="continue an unfinished game")
    resume.add_argument("path", nargs="?", type=Path, help="log file (default: the latest)")

    replay = sub.add_parser("replay", help="step through a game log")
    replay.add_argument("path", type=Path)

    rules = sub.add_parser("rules", help="print a game's rules")
    rules.add_argument("game", type=_game_id)

    arena = sub.add_parser("arena", help="headless bot games with a results table")
    arena.add_argument("game", type=_game_id)
    arena.add_argument("--seat", action="append", dest="seats", metavar="KIND", required=True)
    arena.add_argument("--games", type=_positive_int, required=True)
    arena.add_argument("--seed", type=_non_negative(int), default=0)
    arena.add_argument("--variant", default=None)
    arena.add_argument("--workers", type=_positive_int, default=None,
                       help="worker processes (default: every core)")
    arena.add_argument("--json", dest="json_path", default=None, metavar="PATH|-",
                       help="write results as JSON to PATH, or only JSON to stdout with -")

    bench = sub.add_parser("bench", help="measure playout and search speed")
    bench.add_argument("game", type=_game_id)
    bench.add_argument("--seconds", type=_non_negative(float), default=3.0)
    bench.add_argument("--json", dest="json_path", default=None, metavar="PATH|-")
    return parser


def _check_kinds(parser: argparse.ArgumentParser, game_id: str, kinds: Sequence[str],
                 allow_human: bool) -> None:
    from gemtable.ai import BotKindError, make_bot

    game = registry.get(game_id)
    if not (game.min_players <= len(kinds) <= game.max_players):
        parser.error(
            f"{game.title} is for {game.min_players} to {game.max_players} players; "
            f"got {len(kinds)} --seat"
        )
    for kind in kinds:
        if kind == "human":
            if not allow_human:
                parser.error("bots only here: 'human' cannot sit at this table")
            continue
        try:
            make_bot(kind, game_id=game_id, seed=0)
        except BotKindError as error:
            parser.error(str(error))


def _list_command() -> int:
    from gemtable.ai import bot_kinds

    for game in registry.all():
        counts = f"{game.min_players}-{game.max_players}" if game.max_players > game.min_players \
            else str(game.min_players)
        variants = ", ".join(v.id for v in game.variants)
        print(f"{game.id:<12} {game.title:<32} players {counts:<5} variants: {variants}")
        print(f"{'':<12} bots: human, {', '.join(bot_kinds(game.id))}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    command = args.command

    if command == "list":
        return _list_command()
    if command == "rules":
        sys.stdout.write(registry.get(args.game).rules_text())
        return 0
    if command == "arena":
        from gemtable.ai.arena import arena_command

        _check_kinds(parser, args.game, args.seats, allow_human=False)
        return arena_command(
            args.game, args.seats, games=args.games, seed=args.seed, variant=args.variant,
            workers=args.workers, json_path=args.json_path,
        )
    if command == "bench":
        from gemtable.ai.bench import bench_command

        return bench_command(args.game, seconds=args.seconds, json_path=args.json_path)

    from gemtable.tui import launch

    if command in ("play", "watch"):
        _check_kinds(parser, args.game, args.seats, allow_human=command == "play")
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
        if command == "play":
            return launch.play(args.game, args.seats, seed=seed, variant=args.variant, log=args.log)
        return launch.watch(args.game, args.seats, seed=seed, variant=args.variant, log=args.log,
                            delay=args.delay)
    if command == "resume":
        return launch.resume(args.path)
    if command == "replay":
        return launch.replay(args.path)
    return launch.menu()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

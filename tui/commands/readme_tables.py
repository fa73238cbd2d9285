"""The README's generated blocks: the tables of games and of levels, every
seat kind, and what a hint's figures are in each game; made from the
registry, the levels' own mapping, the seat kinds' list and the hints' own
test, so that the README, `gemtable list`, `--help`, the menu and the hint
screen cannot disagree.

    python -m gemtable.tui.commands.readme_tables          # print every block
    python -m gemtable.tui.commands.readme_tables --write  # put them in README.md

Each block sits between `<!-- NAME: generated ... -->` and `<!-- end of NAME -->`
in README.md; a test holds the README to what this prints.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gemtable.ai.heuristics import heuristic_for
from gemtable.ai.hints import in_points
from gemtable.ai.kinds import seat_kinds_text
from gemtable.ai.levels import LEVELS, level_kind, level_target, target_words
from gemtable.engine import registry

BLOCKS = ("game table", "level table", "seat kinds", "hint values")
COMMAND = "python -m gemtable.tui.commands.readme_tables"


def _span(counts: range) -> str:
    return str(counts.start) if len(counts) == 1 else f"{counts.start}–{counts.stop - 1}"


def games_markdown() -> str:
    """One row per registered game: id and title, how many people, what it is."""
    lines = ["| game | players | what it is |", "| --- | --- | --- |"]
    for game in registry.all():
        lines.append(f"| `{game.id}` — {game.title} | {_span(game.people_counts())} "
                     f"| {game.summary} |")
    return "\n".join(lines) + "\n"


def levels_markdown() -> str:
    """What each level plays as in each game, then what each of those is like."""
    ids = registry.ids()
    lines = ["| level | " + " | ".join(f"`{game_id}`" for game_id in ids) + " |",
             "| --- |" + " --- |" * len(ids)]
    words: dict[str, str] = {}
    for level in LEVELS:
        cells = []
        for game_id in ids:
            kind = level_kind(level, game_id)
            words.setdefault(kind, target_words(level_target(level, game_id)))
            cells.append(f"`{kind}`")
        lines.append(f"| `{level}` | " + " | ".join(cells) + " |")
    lines.append("")
    lines += [f"- `{kind}`: {line}" for kind, line in words.items()]
    return "\n".join(lines) + "\n"


def seat_kinds_markdown() -> str:
    return f"A seat is {seat_kinds_text(quote=lambda kind: f'`{kind}`')}.\n"


def points_counts(game_id: str) -> tuple[int, ...]:
    """The player counts at which a hint of `game_id` gives points, not a win chance."""
    game = registry.get(game_id)
    heuristic = heuristic_for(game_id)
    return tuple(players for players in range(game.min_players, game.max_players + 1)
                 if in_points(heuristic, players))


def hint_values_markdown() -> str:
    """What the figure beside each move of a hint is, game by game."""
    exceptions = []
    for game in registry.all():
        counts = points_counts(game.id)
        if not counts:
            continue
        if len(counts) == game.max_players - game.min_players + 1:
            exceptions.append(f"{game.title} (with any number of players)")
        elif counts == (1,):
            exceptions.append(f"{game.title} played solo")
        else:
            exceptions.append(f"{game.title} with {' or '.join(map(str, counts))} players")
    where = "in every game"
    if exceptions:
        where = (f"except in {' and '.join(exceptions)}, where it shows the points the "
                 "search expects instead")
    return (f"Beside each move a hint shows the search's chance to win with it, {where}; "
            "a review counts what a move cost the same way.\n")


MARKDOWN = {"game table": games_markdown, "level table": levels_markdown,
            "seat kinds": seat_kinds_markdown, "hint values": hint_values_markdown}


def block_markdown(name: str) -> str:
    return MARKDOWN[name]()


def held_block(text: str, name: str) -> tuple[int, int]:
    """Where block `name`'s generated lines start and end in `text`."""
    opening = text.index(f"<!-- {name}:")
    start = text.index("-->\n", opening) + len("-->\n")
    return start, text.index(f"<!-- end of {name} -->", start)


def rewrite(text: str) -> str:
    for name in BLOCKS:
        start, end = held_block(text, name)
        text = text[:start] + block_markdown(name) + text[end:]
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", type=Path, nargs="?", const=Path("README.md"), default=None,
                        metavar="README", help="rewrite the blocks in this file (README.md)")
    args = parser.parse_args(argv)
    if args.write is None:
        sys.stdout.write("\n".join(block_markdown(name) for name in BLOCKS))
        return 0
    args.write.write_text(rewrite(args.write.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

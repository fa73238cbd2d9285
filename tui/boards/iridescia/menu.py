"""The menu of actions that are not played on a hex: the legal ones only,
grouped by their first word (`buy`, `sell`, `play`...), a group opening into
its choices. Pure values: the board keeps one Menu and replaces it on each key.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from rich.text import Text

from . import glyphs


@dataclass(frozen=True)
class Entry:
    title: str
    actions: tuple[object, ...]

    @property
    def single(self) -> bool:
        return len(self.actions) == 1


def group_key(action: object) -> str:
    """The word that groups an action: its first (a verb or an item's name)."""
    words = str(action).split()
    return words[0] if words else ""


FIRST = ("explorer", "take", "mine", "stone", "cart", "pickaxe", "restore", "buy", "sell")
LAST = ("end", "pass")
"""Groups listed first and last (the most used near the top, ending the turn at the foot);
the rest keep the engine's order."""


def _rank(title: str) -> int:
    if title in FIRST:
        return FIRST.index(title) - len(FIRST)
    if title in LAST:
        return 1 + LAST.index(title)
    return 0


def entries(actions: Sequence[object]) -> tuple[Entry, ...]:
    groups: dict[str, list[object]] = {}
    for action in actions:
        groups.setdefault(group_key(action), []).append(action)
    ordered = sorted(groups.items(), key=lambda pair: _rank(pair[0]))
    return tuple(Entry(title, tuple(found)) for title, found in ordered)


@dataclass(frozen=True)
class Menu:
    top: tuple[Entry, ...] = ()
    opened: int | None = None
    cursor: int = 0

    @classmethod
    def of(cls, actions: Sequence[object]) -> Menu:
        return cls(entries(actions))

    def lines(self) -> list[object]:
        """What is listed now: entries at the top, or the actions of the open group."""
        if self.opened is not None:
            return list(self.top[self.opened].actions)
        return list(self.top)

    def move(self, step: int) -> Menu:
        count = len(self.lines())
        if not count:
            return self
        return replace(self, cursor=(self.cursor + step) % count)

    def close(self) -> Menu:
        if self.opened is None:
            return self
        return replace(self, opened=None, cursor=self.opened)

    def choose(self, index: int | None = None) -> tuple[Menu, object | None]:
        """Choose line `index` (the cursor's by default): an action, or a group opened."""
        lines = self.lines()
        index = self.cursor if index is None else index
        if not 0 <= index < len(lines):
            return self, None
        picked = lines[index]
        if isinstance(picked, Entry):
            if picked.single:
                return replace(self, cursor=index), picked.actions[0]
            return replace(self, opened=index, cursor=0), None
        return replace(self, cursor=index), picked

    @property
    def empty(self) -> bool:
        return not self.top


MORE_ABOVE, MORE_BELOW = "▲", "▼"
"""The scroll marks of a menu longer than its room: how many lines are out of view."""


def scroll_mark(above: int, below: int) -> Text:
    """`▲ 2 more  ▼ 1 more`: the lines out of view above and below the menu's window."""
    parts = []
    if above:
        parts.append(f"{MORE_ABOVE} {above} more")
    if below:
        parts.append(f"{MORE_BELOW} {below} more")
    return glyphs.span("  " + "  ".join(parts), glyphs.WARN)


def menu_lines(menu: Menu, label: Callable[[object], Text], width: int, height: int,
               active: bool) -> list[Text]:
    """The menu's lines, numbered, scrolled so the cursor stays in view; a menu
    longer than its room gives its last line to a scroll mark."""
    title = glyphs.span("Actions", glyphs.BOLD)
    if menu.opened is not None:
        title.append(f" > {menu.top[menu.opened].title}", glyphs.WARN)
        title.append("  (Esc back)", glyphs.DIM)
    elif not active:
        title.append("  (Tab to choose here, or a digit)", glyphs.DIM)
    out = [glyphs.fit(title, width)]
    rows = menu.lines()
    room = max(1, height - 1)
    if len(rows) > room:
        room = max(1, room - 1)
    start = min(max(0, menu.cursor - room + 1), max(0, len(rows) - room))
    end = min(len(rows), start + room)
    for i in range(start, end):
        picked = rows[i]
        here = active and i == menu.cursor
        line = glyphs.span(glyphs.MARK if here else " ", glyphs.WARN)
        line.append(f"{i + 1}" if i < 9 else " ", glyphs.PICKED if here else glyphs.DIM)
        line.append(" ")
        if isinstance(picked, Entry):
            line.append_text(label(picked.actions[0]) if picked.single
                             else glyphs.span(f"{picked.title}: {len(picked.actions)} choices",
                                              glyphs.TEXT))
        else:
            line.append_text(label(picked))
        out.append(glyphs.fit(line, width))
    if start or end < len(rows):
        out.append(glyphs.fit(scroll_mark(start, len(rows) - end), width))
    if not rows:
        out.append(glyphs.fit(glyphs.span("  nothing to choose here now", glyphs.DIM), width))
    return out

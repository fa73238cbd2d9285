"""A small terminal emulator: enough of xterm to rebuild what a Textual app draws.

Textual positions the cursor (CSI H) and writes runs of text with colours
(SGR); it sets modes and sends OSC strings that change nothing on screen.
`Screen.feed` takes the raw bytes a session sends and keeps the characters on
screen, the count of bells (BEL outside OSC strings) and the colour forms used.
"""

from __future__ import annotations

import codecs
import re

from rich.cells import cell_len

_CSI = re.compile(r"\x1b\[([?<>=]?)([0-9;:]*)([ -/]*)([@-~])")
_OSC = re.compile(r"\x1b\][^\x07\x1b]*(\x07|\x1b\\)")
_ESC = re.compile(r"\x1b[()][0-9A-Za-z]|\x1b[78=>cDEHMNOZ\\]")


class Screen:
    def __init__(self, columns: int = 80, rows: int = 24) -> None:
        self.columns, self.rows = columns, rows
        self.cells = [[" "] * columns for _ in range(rows)]
        self.x = self.y = 0
        self.bells = 0
        self.truecolor = 0
        self.colours256 = 0
        self._pending = ""
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def resize(self, columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        self.cells = [[" "] * columns for _ in range(rows)]
        self.x = self.y = 0

    # --- reading ------------------------------------------------------------------------
    def lines(self) -> list[str]:
        return ["".join(c for c in row if c is not None).rstrip() for row in self.cells]

    def text(self) -> str:
        return "\n".join(self.lines())

    def __contains__(self, words: str) -> bool:
        return any(words in line for line in self.lines())

    # --- writing ------------------------------------------------------------------------
    def feed(self, data: bytes) -> None:
        text = self._pending + self._decoder.decode(data)
        self._pending = ""
        i = 0
        while i < len(text):
            char = text[i]
            if char == "\x1b":
                consumed = self._escape(text, i)
                if consumed == 0:  # an escape sequence cut in two: wait for the rest
                    self._pending = text[i:]
                    return
                i += consumed
                continue
            if char == "\x07":
                self.bells += 1
            elif char == "\r":
                self.x = 0
            elif char == "\n":
                self.y = min(self.rows - 1, self.y + 1)
            elif char == "\b":
                self.x = max(0, self.x - 1)
            elif char >= " ":
                self._put(char)
            i += 1

    def _escape(self, text: str, i: int) -> int:
        for pattern, handler in ((_CSI, self._csi), (_OSC, None), (_ESC, None)):
            match = pattern.match(text, i)
            if match:
                if handler is not None:
                    handler(match)
                return match.end() - i
        if len(text) - i < 64 and "\x07" not in text[i:]:
            return 0
        return 1  # not one we know: skip the ESC itself

    def _csi(self, match: re.Match) -> None:
        private, params, _, final = match.groups()
        numbers = [int(p) if p.isdigit() else 0 for p in params.replace(":", ";").split(";")]
        if private:
            return
        if final in "Hf":
            row = numbers[0] if numbers and numbers[0] else 1
            column = numbers[1] if len(numbers) > 1 and numbers[1] else 1
            self.y, self.x = min(self.rows, row) - 1, min(self.columns, column) - 1
        elif final == "J" and numbers[0] == 2:
            self.cells = [[" "] * self.columns for _ in range(self.rows)]
        elif final == "K":
            for x in range(self.x, self.columns):
                self.cells[self.y][x] = " "
        elif final == "m":
            if "38;2;" in params or "48;2;" in params:
                self.truecolor += 1
            if "38;5;" in params or "48;5;" in params:
                self.colours256 += 1
        elif final == "A":
            self.y = max(0, self.y - (numbers[0] or 1))
        elif final == "B":
            self.y = min(self.rows - 1, self.y + (numbers[0] or 1))
        elif final == "C":
            self.x = min(self.columns - 1, self.x + (numbers[0] or 1))
        elif final == "D":
            self.x = max(0, self.x - (numbers[0] or 1))
        elif final == "G":
            self.x = min(self.columns, numbers[0] or 1) - 1

    def _put(self, char: str) -> None:
        width = cell_len(char)
        if width == 0 or self.y >= self.rows:
            return
        if self.x + width > self.columns:
            return  # Textual turns auto-wrap off; nothing is drawn past the edge
        row = self.cells[self.y]
        row[self.x] = char
        if width == 2 and self.x + 1 < self.columns:
            row[self.x + 1] = None
        self.x += width

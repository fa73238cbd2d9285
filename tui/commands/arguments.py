"""The command line's parser class, and converters for its values: each
refuses a bad value with a sentence argparse prints under the command's usage."""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Callable
from typing import Any, TypeVar

from gemtable.engine import registry

Number = TypeVar("Number", int, float)


def game_id(text: str) -> str:
    if text not in registry.ids():
        raise argparse.ArgumentTypeError(
            f"no game {text!r}; choose from: {', '.join(registry.ids())}"
        )
    return text


def game_or_all(text: str) -> str:
    return text if text == "all" else game_id(text)


def non_negative(kind: Callable[[str], Number]) -> Callable[[str], Number]:
    def convert(text: str) -> Number:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if value < 0:
            raise argparse.ArgumentTypeError(f"{text!r} must not be negative")
        return value

    return convert


def positive_int(text: str) -> int:
    value = non_negative(int)(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


class HelpFormatter(argparse.HelpFormatter):
    """Wraps help between words only, so a kind such as `mcts-fresh:ITERATIONS`
    is never split at its hyphen."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False,
                             break_long_words=False)


class Parser(argparse.ArgumentParser):
    """The command line's parsers: help wrapped by HelpFormatter."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

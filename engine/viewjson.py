"""Any game's view as plain JSON values, and a description of that shape.

Both are driven by the attrs fields of the game's state class (and of the
records it holds, such as a seat), so every registered game, and every game
added later, gets them without code of its own. Fields whose names start
with an underscore are caches, not position, and are left out.

The JSON is built from a view only: `view_to_json` refuses a true state, so
what a program outside receives is never more than its seat may know.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
import types
import typing
from functools import cache
from typing import Any

import attrs

from .core import Game, State, _Marker

JSON = dict[str, Any] | list[Any] | str | int | float | bool | None


def value_to_json(value: object) -> JSON:
    """`value` (an attrs record, a tuple, a number...) as plain JSON values."""
    record: Any = type(value)
    if attrs.has(record):
        return {field.name: value_to_json(getattr(value, field.name))
                for field in attrs.fields(record) if _public(field)}
    if isinstance(value, tuple | list | frozenset | set):
        return [value_to_json(item) for item in value]
    if isinstance(value, dict):
        return {str(key): value_to_json(item) for key, item in value.items()}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, _Marker):
        return repr(value).lower()  # SPECTATOR -> "spectator"
    return str(value)


def view_to_json(view: State[Any]) -> dict[str, Any]:
    """A seat's (or a spectator's) view as a JSON object; ValueError for a true state."""
    if view.viewer is None:
        raise ValueError("only a view may leave the table: pass state.view(seat)")
    data = value_to_json(view)
    assert isinstance(data, dict)
    return data


def _public(field: attrs.Attribute[Any]) -> bool:
    return not field.name.startswith("_")


# --- the shape, for people writing programs -------------------------------------------

@attrs.frozen
class SchemaField:
    """One JSON field: where it is (`seats[].tokens`), what it holds, what it means."""

    path: str
    type: str
    doc: str


def view_schema(game: Game[Any, Any]) -> tuple[SchemaField, ...]:
    """Every field of `game`'s view JSON, records opened up field by field."""
    state = game.new(game.min_players, 0)
    return tuple(_fields_of(type(state), ""))


def _fields_of(cls: type, prefix: str) -> list[SchemaField]:
    hints = _hints(cls)
    docs = _field_docs(cls)
    rows: list[SchemaField] = []
    for field in attrs.fields(cls):
        if not _public(field):
            continue
        hint = hints.get(field.name, field.type)
        path = f"{prefix}{field.name}"
        rows.append(SchemaField(path, _type_text(hint), docs.get(field.name, "")))
        record, suffix = _record_inside(hint)
        if record is not None:
            rows.extend(_fields_of(record, f"{path}{suffix}."))
    return rows


def _hints(cls: type) -> dict[str, Any]:
    try:
        return typing.get_type_hints(cls)
    except Exception:  # a name only imported for type checkers: keep the written text
        return {}


def _record_inside(hint: Any) -> tuple[type | None, str]:
    """The attrs record a field holds (directly, optionally, or as a list of them)."""
    if isinstance(hint, type) and attrs.has(hint):
        return hint, ""
    args = [a for a in typing.get_args(hint) if a is not type(None) and a is not Ellipsis]
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType) and len(args) == 1:
        return _record_inside(args[0])
    if origin is tuple and args:
        inner, suffix = _record_inside(args[0])
        if inner is not None and all(a is args[0] for a in args):
            return inner, "[]" + suffix
    return None, ""


def _type_text(hint: Any) -> str:
    """A short English name for a field's JSON type ("list of integer or null")."""
    if isinstance(hint, str):
        return hint
    if hint is type(None) or hint is None:
        return "null"
    simple = {bool: "boolean", int: "integer", float: "number", str: "string",
              _Marker: '"spectator"', Any: "any"}
    if hint in simple:
        return simple[hint]
    if isinstance(hint, type) and attrs.has(hint):
        return f"object ({hint.__name__})"
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_type_text(a) for a in args)
    if origin in (tuple, list):
        if not args:
            return "list"
        if len(args) == 2 and args[1] is Ellipsis:
            return f"list of {_type_text(args[0])}"
        if all(a == args[0] for a in args):
            return f"list of {len(args)} {_type_text(args[0])}"
        return "list [" + ", ".join(_type_text(a) for a in args) + "]"
    if origin is dict:
        return "object"
    return getattr(hint, "__name__", str(hint))


@cache
def _field_docs(cls: type) -> dict[str, str]:
    """The docstring written under each field in the class's source, joined into one line."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError, SyntaxError):
        return {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    docs: dict[str, str] = {}
    for node, following in zip(body, body[1:], strict=False):
        if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                and isinstance(following, ast.Expr)
                and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)):
            docs[node.target.id] = " ".join(following.value.value.split())
    return docs


def schema_markdown(game: Game[Any, Any]) -> str:
    """`game`'s view schema as a Markdown table (the form docs/bots.md prints)."""
    lines = [f"### {game.title} (`{game.id}`)", "",
             "| field | type | meaning |", "| --- | --- | --- |"]
    for row in view_schema(game):
        doc = row.doc.replace("|", "\\|")
        lines.append(f"| `{row.path}` | {row.type.replace('|', 'or')} | {doc} |")
    return "\n".join(lines) + "\n"


def all_schemas_markdown() -> str:
    """Every registered game's schema, as docs/bots.md holds them."""
    from . import registry

    return "\n".join(schema_markdown(game) for game in registry.all())


if __name__ == "__main__":  # `python -m gemtable.engine.viewjson`: the schemas for docs/bots.md
    print(all_schemas_markdown(), end="")

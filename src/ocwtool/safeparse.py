"""Parsing untrusted JSON and YAML text: plain values, or one error naming the file and the place.

``json.loads`` and ``yaml.safe_load`` let hostile text escape as exceptions that are no error of the
file's: nesting deeper than Python's recursion limit (``RecursionError``), an integer of more than
4300 digits (``ValueError``, the int-conversion limit); and they accept what no output can hold or
what JSON does not allow: ``NaN``/``Infinity`` literals and numbers that overflow to infinity, a
lone UTF-16 surrogate (``"\\ud800"``, which later cannot be written as UTF-8), and duplicate keys
(JSON keeps the last one silently). Every reader of user files parses through :func:`loads_json`
or :func:`loads_yaml`, which refuse all of these as :class:`~ocwtool.errors.InputError` (plain
syntax errors as its subclass :class:`JsonSyntaxError`), so nothing is written from such a file.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Iterator
from typing import Any

from ocwtool.errors import InputError

#: Nesting depth reported when a document is too deep for the parser.
DEPTH_SHOWN = 100
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_LONG_NUMBER = re.compile(r"-?\d{" + str(sys.get_int_max_str_digits() + 1) + ",}")
_CONSTANT = re.compile(r"NaN|-?Infinity")


class JsonSyntaxError(InputError):
    """The text is not JSON at all (as opposed to JSON holding a value ocwtool refuses)."""


class _Refused(ValueError):
    """Raised inside the parser's hooks; turned into an ``InputError`` with a position."""

    def __init__(self, message: str, pattern: re.Pattern[str] | None = None) -> None:
        super().__init__(message)
        self.pattern = pattern


def loads_json(text: str, where: str, *, line: int = 1) -> Any:
    """Parse JSON ``text`` read from ``where`` (``line``: the file line the text starts on).

    Errors read ``WHERE:LINE:COL: ...`` (or ``WHERE: PATH: ...`` for a string, where PATH is the
    JSON path of the record and field holding it)."""
    if text.startswith("\ufeff"):
        raise JsonSyntaxError(
            f"{where}:{line}:1: starts with a byte order mark (BOM); save it as UTF-8 without one"
        )
    try:
        doc = json.loads(text, parse_constant=_constant, parse_float=_float, object_pairs_hook=_object)
    except json.JSONDecodeError as exc:
        raise JsonSyntaxError(f"{_at(where, line, exc.lineno, exc.colno)}: invalid JSON: {exc.msg}") from None
    except RecursionError:
        pos = _deep_position(text)
        raise InputError(
            f"{_at(where, line, *pos)}: invalid JSON: arrays/objects nested too deeply "
            f"(more than {DEPTH_SHOWN} levels from here on)"
        ) from None
    except _Refused as exc:
        raise InputError(f"{_located(where, line, text, exc.pattern)}: invalid JSON: {exc}") from None
    except ValueError:  # the int-conversion limit: a number of thousands of digits
        too_long = f"a number longer than {sys.get_int_max_str_digits()} digits"
        raise InputError(f"{_located(where, line, text, _LONG_NUMBER)}: invalid JSON: {too_long}") from None
    if _SURROGATE_ESCAPE.search(text):
        check_strings(doc, where)
    return doc


def loads_yaml(text: str, where: str) -> Any:
    """Parse YAML ``text`` (safe loader) with the same refusals as :func:`loads_json`."""
    import yaml

    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise JsonSyntaxError(f"{where}: invalid YAML: {' '.join(str(exc).split())}") from None
    except RecursionError:
        raise InputError(f"{where}: invalid YAML: lists/mappings nested too deeply") from None
    except ValueError as exc:
        raise InputError(f"{where}: invalid YAML: {str(exc).split(':')[0]}") from None
    check_strings(doc, where)
    return doc


def check_strings(doc: Any, where: str) -> None:
    """Refuse a parsed document holding a string that is not valid Unicode text (a lone surrogate)
    or a float that is not finite, naming its path (``[3].groups[0].connection``)."""
    for path, value in _leaves(doc):
        if isinstance(value, str) and not _encodable(value):
            raise InputError(
                f"{where}: {path or '(document)'}: text {_show(value)} holds a lone UTF-16 surrogate "
                "(not valid Unicode); fix the \\uD800-\\uDFFF escape"
            )
        if isinstance(value, float) and not math.isfinite(value):
            raise InputError(f"{where}: {path or '(document)'}: {value} is not a finite number")


def _leaves(doc: Any) -> Iterator[tuple[str, Any]]:
    """Every string key and scalar of ``doc`` with its path, without recursion (depth is unbounded)."""
    stack: list[tuple[str, Any]] = [("", doc)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                yield path, key
                stack.append((f"{path}.{key}" if path else str(key), item))
        elif isinstance(value, list | tuple):
            stack.extend((f"{path}[{i}]", item) for i, item in enumerate(value))
        else:
            yield path, value


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _show(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def _constant(token: str) -> Any:
    raise _Refused(f"{token} is not a JSON number (use null or a string)", _CONSTANT)


def _float(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise _Refused(f"number {token} is too large (not a finite float)", re.compile(re.escape(token)))
    return value


_NAMING_KEYS = ("id", "wall_id", "puzzle_id", "group_id", "date")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        key = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        named = next((f" with {k} {obj[k]!r}" for k in _NAMING_KEYS if k in obj), "")
        raise _Refused(f"duplicate key {key!r} in the object{named} (which value is meant?)")
    return obj


def _at(where: str, first_line: int, lineno: int, colno: int) -> str:
    return f"{where}:{first_line + lineno - 1}:{colno}"


def _located(where: str, first_line: int, text: str, pattern: re.Pattern[str] | None) -> str:
    """``WHERE:LINE:COL`` of the refused token when it can be found again, else ``WHERE``."""
    found = pattern.search(text) if pattern is not None else None
    if found is None:
        return where
    return _at(where, first_line, *_line_col(text, found.start()))


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _deep_position(text: str) -> tuple[int, int]:
    """Line and column where the nesting first passes :data:`DEPTH_SHOWN` (strings skipped)."""
    depth, in_string, escaped = 0, False, False
    for offset, char in enumerate(text):
        if escaped:
            escaped = False
        elif in_string:
            escaped, in_string = char == "\\", char != '"'
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > DEPTH_SHOWN:
                return _line_col(text, offset)
        elif char in "]}":
            depth -= 1
    return 1, 1

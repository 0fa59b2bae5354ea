"""Configuration files read into pydantic models, with the puzzle stores' one-line errors.

``ocwtool.toml`` (``config.py``), ``validation.toml`` (``validators/waivers.py``) and the packaged
site-facts files (``data/sources.json``, ``data/nyt_facts.json``) are validated by models that
refuse unknown keys and wrong types. A violation raises :class:`ConfigError` reading

    <file>: <table or record>: <field>: <what is wrong>; expected <how to fix>

the shape of a bad puzzle record (``<file>:<line>: record <id>: <field>: <what is wrong>``). The
hint comes from the field's ``description``; unknown keys list the keys the table allows.
"""

from __future__ import annotations

import re
import tomllib
import types
import typing
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic.fields import FieldInfo

from ocwtool.errors import ConfigError

M = TypeVar("M", bound=BaseModel)
Loc = tuple[int | str, ...]
_TABLE_ERRORS = ("model_type", "model_attributes_type", "dict_type")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")  # a TOML key that needs no quotes


class ConfigModel(BaseModel):
    """Base of the configuration models: immutable, strict types, unknown keys refused."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML file as a dict (missing file: empty); bad TOML or an unreadable file is a ``ConfigError``."""
    if not path.exists():
        return {}
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror}") from None


def parse_model(model: type[M], data: object, where: str, *, json: bool = False) -> M:
    """Validate ``data`` (a dict, or JSON text when ``json``) as ``model``; ``where`` names the file."""
    try:
        if json:
            return model.model_validate_json(str(data))
        return model.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(describe(exc, where, model, json=json)) from None


def describe(exc: ValidationError, where: str, model: type[BaseModel], *, json: bool = False) -> str:
    """``<where>: <table>: <field>: <what is wrong>; expected <hint>`` for the first error."""
    err = exc.errors()[0]
    loc: Loc = tuple(x for x in err["loc"] if x != "[key]")
    table, field = _split(loc, json=json)
    if json and len(loc) == 1 and err["type"] == "value_error":  # a rule across one record's fields
        table, field = str(loc[0]), "(record)"
    owner, info = _walk(model, loc)
    problem = _problem(err, owner, loc, json=json)
    explained = err["type"] in ("value_error", "assertion_error")  # the validator said how to fix it
    hint = f"; expected {info.description}" if info and info.description and not explained else ""
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return f"{where}: {table}: {field}: {problem}{hint}{more}"


def _split(loc: Loc, *, json: bool) -> tuple[str, str]:
    """(table or record, field): TOML ``[sources.ocdb]`` / ``waiver #2``; JSON ``ocdb``."""
    if json:
        return (str(loc[0]) if len(loc) > 1 else "(top level)"), ".".join(str(x) for x in loc[1:] or loc)
    parts: list[str] = []
    for item in loc[:-1]:
        if isinstance(item, int):
            parts[-1] = f"{parts[-1]} #{item + 1}"
        else:
            parts.append(str(item) if _BARE_KEY.fullmatch(str(item)) else f'"{item}"')
    table = " ".join(p for p in parts if "#" in p) or (f"[{'.'.join(parts)}]" if parts else "(top level)")
    return table, str(loc[-1]) if loc else "(file)"


def _problem(err: Any, owner: type[BaseModel] | None, loc: Loc, *, json: bool) -> str:
    kind, value = err["type"], err.get("input")
    shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."
    got = f", got {type(value).__name__} {shown}"
    if kind == "extra_forbidden":
        keys = sorted((f.alias or n) for n, f in owner.model_fields.items()) if owner else []
        return f"unknown key; allowed keys: {', '.join(keys)}"
    if kind == "missing":
        return "missing"
    if kind in _TABLE_ERRORS:
        dotted = ".".join(str(x) for x in loc if isinstance(x, str))
        return f"must be {'an object' if json else f'a table ([{dotted}])'}{got}"
    if kind in ("value_error", "assertion_error"):
        return str(err["ctx"]["error"])
    return f"{err['msg']}{got}"


def _walk(model: type[BaseModel], loc: Loc) -> tuple[type[BaseModel] | None, FieldInfo | None]:
    """The model owning the last key of ``loc`` and that key's field (``None`` when unknown)."""
    ann: Any = model
    owner: type[BaseModel] | None = None
    info: FieldInfo | None = None
    for item in loc:
        model_cls = _model_in(ann)
        if model_cls is not None:
            owner, info = model_cls, _field(model_cls, str(item))
            ann = info.annotation if info is not None else None
        else:
            info, args = None, [a for a in typing.get_args(ann) if a is not type(None)]
            ann = args[-1] if args else None
    return owner, info


def _model_in(ann: Any) -> type[BaseModel] | None:
    """``ann`` itself, or the model inside ``X | None``, when it is a model class."""
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return ann
    if isinstance(ann, types.UnionType) or typing.get_origin(ann) is typing.Union:
        return next((m for a in typing.get_args(ann) if (m := _model_in(a)) is not None), None)
    return None


def _field(model: type[BaseModel], key: str) -> FieldInfo | None:
    return next((f for n, f in model.model_fields.items() if key in (n, f.alias)), None)

"""The shape of the pydantic models, read once and turned into every other schema description.

:func:`kinds` reads a model's field declarations (in declaration order) as a small tree: scalars
(``str``, ``int``, ``bool``, dates, enums and literals), sequences (tuples, with a fixed length when
the model fixes one), string maps and nested structs. From that tree come:

* :func:`hf_features`: the Hugging Face ``datasets.Features`` of a puzzle table (parquet files and
  the dataset card's ``dataset_info`` YAML); integer widths are declared on the model with
  :class:`Dtype` (default ``int64``); datetimes are ISO strings (naive and aware kept exactly);
  string maps are lists of ``{key, value}`` (Arrow maps do not round-trip through ``datasets``);
  only lists of scalars get a fixed length;
* :func:`flat_row`: one flat validation row of a record (nested structs prefixed ``<field>_``,
  sequences as their length ``n_<field>``, maps left out), used by the Great Expectations tables.

Adding a field to a model therefore reaches the parquet schema, the card and validation at once.
"""

from __future__ import annotations

import datetime as dt
import types
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, GetCoreSchemaHandler
from pydantic_core import CoreSchema, core_schema

if TYPE_CHECKING:
    from datasets import Features
    from pydantic.fields import FieldInfo


#: What each integer storage type holds (Arrow, parquet, ``datasets``).
INT_RANGES: dict[str, tuple[int, int]] = {
    f"int{bits}": (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) for bits in (8, 16, 32, 64)
}


@dataclass(frozen=True)
class Dtype:
    """Storage width of an integer field in Arrow/``datasets`` (``Annotated[int, Dtype("int8")]``).

    It is also the field's validation: the value must be a real integer (strict: no booleans, floats
    or strings) that the type holds, so no record the schema accepts can overflow an export (issue
    #13). Every integer field of the schema declares one (a test checks it)."""

    name: str

    def __post_init__(self) -> None:
        if self.name not in INT_RANGES:
            raise ValueError(f"unknown integer dtype {self.name!r}; use one of {', '.join(INT_RANGES)}")

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        schema = handler(source)
        if schema.get("type") == "int":
            lo, hi = INT_RANGES[self.name]
            ge, le = schema.get("ge"), schema.get("le")
            bounds = {"ge": lo if ge is None else max(ge, lo), "le": hi if le is None else min(le, hi)}
            schema = core_schema.int_schema(strict=True, **bounds)  # type: ignore[arg-type]
        return schema


@dataclass(frozen=True)
class Scalar:
    """A single value: ``py`` is one of ``str``, ``int``, ``bool``, ``dt.date``, ``dt.datetime``."""

    py: type
    dtype: str | None = None


@dataclass(frozen=True)
class Seq:
    """A tuple of ``item``; ``length`` when the model fixes it."""

    item: Kind
    length: int | None = None


@dataclass(frozen=True)
class Struct:
    """A nested model."""

    model: type[BaseModel]


@dataclass(frozen=True)
class Map:
    """A ``dict[str, str]``."""


Kind = Scalar | Seq | Struct | Map
_SCALARS = (bool, int, str, dt.datetime, dt.date)


def kinds(model: type[BaseModel]) -> list[tuple[str, Kind]]:
    """``(field name, kind)`` of every field of ``model``, in declaration order."""
    return [(name, _field_kind(info)) for name, info in model.model_fields.items()]


def _field_kind(info: FieldInfo) -> Kind:
    # pydantic moves the metadata of a top-level ``Annotated`` onto the field itself
    dtypes = [m.name for m in info.metadata if isinstance(m, Dtype)]
    kind = _kind(info.annotation, dtypes[0] if dtypes else None)
    # pydantic keeps ``Field(min_length=, max_length=)`` as metadata objects with these attributes
    lengths = {getattr(m, "min_length", None) for m in info.metadata} - {None}
    lengths &= {getattr(m, "max_length", None) for m in info.metadata} - {None}
    if isinstance(kind, Seq) and kind.length is None and len(lengths) == 1:
        return Seq(kind.item, lengths.pop())
    return kind


def _kind(tp: Any, dtype: str | None) -> Kind:
    origin, args = get_origin(tp), get_args(tp)
    if origin is Annotated:
        found = [m.name for m in args[1:] if isinstance(m, Dtype)]
        return _kind(args[0], found[0] if found else dtype)
    if origin in (Union, types.UnionType):
        return _kind(next(a for a in args if a is not type(None)), dtype)
    if origin is Literal:
        return Scalar(type(args[0]), dtype)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return Seq(_kind(args[0], None))
        return Seq(_kind(args[0], None), len(args))
    if origin is dict:
        return Map()
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return Struct(tp)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return Scalar(str)
    scalar = next((s for s in _SCALARS if isinstance(tp, type) and issubclass(tp, s)), None)
    if scalar is None:
        raise TypeError(f"no schema kind for field type {tp!r}")
    return Scalar(scalar, dtype)


def hf_features(model: type[BaseModel]) -> Features:
    """The ``datasets.Features`` of a table with one row per ``model`` record."""
    from datasets import Features

    return Features({name: _feature(kind) for name, kind in kinds(model)})


def _feature(kind: Kind) -> Any:
    from datasets import List, Value

    if isinstance(kind, Struct):
        return {name: _feature(k) for name, k in kinds(kind.model)}
    if isinstance(kind, Map):
        return List({"key": Value("string"), "value": Value("string")})
    if isinstance(kind, Seq):
        fixed = isinstance(kind.item, Scalar) and kind.length is not None
        return List(_feature(kind.item), length=kind.length) if fixed else List(_feature(kind.item))
    return Value(_value_type(kind))


def _value_type(kind: Scalar) -> str:
    if kind.py is int:
        return kind.dtype or "int64"
    names = {bool: "bool", str: "string", dt.date: "date32", dt.datetime: "string"}
    return names[kind.py]


def flat_row(model: type[BaseModel], record: BaseModel | None, prefix: str = "") -> dict[str, Any]:
    """One flat row of ``record`` (a ``model`` or None: then every column is None)."""
    row: dict[str, Any] = {}
    for name, kind in kinds(model):
        value = getattr(record, name) if record is not None else None
        if isinstance(kind, Struct):
            row.update(flat_row(kind.model, value, f"{prefix}{name}_"))
        elif isinstance(kind, Seq):
            row[f"{prefix}n_{name}"] = None if value is None else len(value)
        elif isinstance(kind, Scalar):
            row[prefix + name] = value.value if isinstance(value, Enum) else value
    return row

"""Record parsing and error description: the one place a dict becomes a validated :class:`Puzzle`.

Every reader (JSONL stores, the file formats, parquet rows, the NYT puzzle builder) validates
through :func:`puzzle_from_dict`, so a schema violation always reads
``<where>: record <id>: <field>: <what was expected>``. :func:`describe_validation_error` gives the
same one-line description for any pydantic model (annotation labels use it too).
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from ocwtool.errors import OcwError, SchemaError
from ocwtool.schema.models import Puzzle

M = TypeVar("M", bound=BaseModel)


def describe_validation_error(exc: ValidationError, record: str) -> str:
    """One line naming the record, the first failing field, and what was expected."""
    err = exc.errors()[0]
    loc = ".".join(str(x) for x in err["loc"]) or "(record)"
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return f"record {record}: {loc}: {err['msg']}{more}"


def puzzle_from_dict(data: dict[str, Any], where: str, error: type[OcwError] = SchemaError) -> Puzzle:
    """Validate one record; ``where`` prefixes the error (``FILE:LINE`` or a record name)."""
    try:
        return Puzzle.model_validate(data)
    except ValidationError as exc:
        rid = data.get("id", "?") if isinstance(data, dict) else "?"
        raise error(f"{where}: {describe_validation_error(exc, str(rid))}") from None


def build_model(model: type[M], where: str, error: type[OcwError] = SchemaError, **fields: Any) -> M:
    """A part of a record (a group, its metadata) built by an importer; a value the model refuses is
    ``error`` naming ``where`` and the field, never a pydantic traceback."""
    try:
        return model(**fields)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "(value)"
        raise error(f"{where}: {loc}: {err['msg']}") from None

"""Model training cutoffs: the bundled table ``ocwtool/data/model_cutoffs.json`` (each row with
the vendor page it comes from) overridden and extended by ``[cutoffs]`` in ``ocwtool.toml``.

A cutoff splits an evaluation's puzzles by publication date (NYT date, OCW air date): a model that
does much better on puzzles published before its cutoff may have seen them in training.
"""

from __future__ import annotations

import datetime as dt
import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Protocol, TypeVar

from pydantic import Field

from ocwtool.configfiles import ConfigModel, parse_model
from ocwtool.data import data_path
from ocwtool.errors import InputError

TABLE = "model_cutoffs.json"


class HasWallId(Protocol):
    @property
    def wall_id(self) -> str: ...


W = TypeVar("W", bound=HasWallId)


class CutoffRow(ConfigModel):
    """One model of the bundled table."""

    aliases: list[str] = Field(default_factory=list, description="other names of the model")
    cutoff: dt.date = Field(description="a date YYYY-MM-DD")
    precision: str = Field("day", pattern="^(day|month)$", description="day or month")
    uncertain: bool = False
    source: str = Field(pattern="^https://", description="the vendor page saying so (https://...)")


class CutoffTable(ConfigModel):
    """``ocwtool/data/model_cutoffs.json``."""

    comment: str = Field("", alias="_comment")
    models: dict[str, CutoffRow]


@dataclass(frozen=True)
class Cutoff:
    """A model's cutoff as resolved: its name in the table, the date, and where it comes from."""

    model: str
    date: dt.date
    source: str


@cache
def bundled() -> CutoffTable:
    """The packaged table, validated once (a bad row is a one-line ``ConfigError``)."""
    text = data_path(TABLE).read_text(encoding="utf-8")
    table = parse_model(CutoffTable, text, f"ocwtool/data/{TABLE}", json=True)
    return table


def cutoff_table(overrides: Mapping[str, dt.date] | None = None) -> dict[str, Cutoff]:
    """Every known name (models and their aliases, lower case) -> its cutoff; ``overrides`` (the
    ``[cutoffs]`` table of ``ocwtool.toml``) win over the bundled rows and add new models."""
    table: dict[str, Cutoff] = {}
    for name, row in bundled().models.items():
        for key in (name, *row.aliases):
            table[key.lower()] = Cutoff(name, row.cutoff, row.source)
    for name, date in (overrides or {}).items():
        table[name.lower()] = Cutoff(name, date, "ocwtool.toml [cutoffs]")
    return table


def resolve_cutoff(model: str, overrides: Mapping[str, dt.date] | None = None) -> Cutoff:
    """The cutoff of ``model`` by name or alias (case-insensitive); an unknown name is one
    ``InputError`` line naming the closest known names and how to add one."""
    table = cutoff_table(overrides)
    found = table.get(model.lower())
    if found is not None:
        return found
    close = difflib.get_close_matches(model.lower(), table, n=3, cutoff=0.5)
    hint = f"did you mean {', '.join(close)}? " if close else ""
    raise InputError(
        f"no training cutoff known for model {model!r}; {hint}"
        f'add it to ocwtool.toml: [cutoffs] "{model}" = "YYYY-MM-DD", or give --cutoff YYYY-MM-DD'
    )


def chosen_cutoff(
    date: dt.date | None, model: str | None, overrides: Mapping[str, dt.date] | None = None
) -> Cutoff | None:
    """``--cutoff DATE`` or ``--after-cutoff MODEL`` (that model's, by :func:`resolve_cutoff`), not
    both (one ``InputError`` line); None when neither is given."""
    if model is None:
        return None if date is None else Cutoff("", date, "--cutoff")
    if date is not None:
        raise InputError("give --cutoff DATE or --after-cutoff MODEL, not both")
    return resolve_cutoff(model, overrides)


def date_scope(
    walls: Sequence[W],
    dates: Mapping[str, dt.date | None],
    cutoff: dt.date | None,
    newest: int | None = None,
    model: str | None = None,
) -> tuple[list[W], str]:
    """The walls an evaluation around a date keeps, and the line saying how many: only dated ones
    (an undated puzzle is neither before nor after a cutoff), the ``newest`` N of them when asked.
    ``cutoff`` (with the ``model`` it is the cutoff of) only counts: both sides are scored."""
    dated = [w for w in walls if dates.get(w.wall_id) is not None]
    if newest is not None:
        dated = sorted(dated, key=lambda w: (dates[w.wall_id], w.wall_id))[-newest:] if newest else []
    parts = []
    if newest is not None:
        parts.append(f"the newest {len(dated):,} of {len(walls):,} puzzles")
    if cutoff is not None:
        after = sum(1 for w in dated if (dates[w.wall_id] or cutoff) >= cutoff)
        whose = f" ({model}'s cutoff)" if model else ""
        parts.append(f"{after:,} of {len(dated):,} puzzles published on or after {cutoff}{whose}")
    undated = len(walls) - len([w for w in walls if dates.get(w.wall_id) is not None])
    if undated:
        parts.append(f"{undated:,} without a publication date left out")
    keep = {w.wall_id for w in dated}
    return [w for w in walls if w.wall_id in keep], "; ".join(parts)

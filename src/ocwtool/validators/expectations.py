"""Great Expectations 1.x suites over three flattened tables: one row per clue, group, puzzle.

Great Expectations (and pandas) are imported only inside :func:`validate_tables` /
:func:`flatten`, so importing this module is cheap. Each expectation is declared as data
``(table, rule id, expectation class, kwargs)``: its severity and message come from the rules table
(``rules.py``); failing rows are mapped back to record ids through each table's ``record`` column.

The tables hold the records a text release would publish: canonical puzzles and variants, minus
picture/emoji/excluded boards (those are counted by rule S12 instead).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from ocwtool.schema.fields import flat_row
from ocwtool.validators.corpus import Corpus, is_text
from ocwtool.validators.rules import Finding

if TYPE_CHECKING:
    import pandas as pd
    from pydantic import BaseModel

Spec = tuple[str, str, str, dict[str, Any]]

SUITES: tuple[Spec, ...] = (
    ("clues", "G01", "ExpectColumnValuesToNotBeNull", {"column": "clue"}),
    (
        "clues",
        "G02",
        "ExpectColumnValueLengthsToBeBetween",
        {"column": "clue", "min_value": 1, "max_value": 100},
    ),
    ("clues", "G03", "ExpectColumnValuesToMatchRegex", {"column": "clue", "regex": r"^(?:\S.*\S|\S)$"}),
    ("clues", "G04", "ExpectCompoundColumnsToBeUnique", {"column_list": ["config", "puzzle_id", "position"]}),
    (
        "groups",
        "G05",
        "ExpectCompoundColumnsToBeUnique",
        {"column_list": ["config", "puzzle_id", "group_id"]},
    ),
    ("groups", "G06", "ExpectColumnValuesToBeBetween", {"column": "level", "min_value": 0, "max_value": 3}),
    ("groups", "G07", "ExpectColumnValuesToBeInSet", {"column": "grouping", "value_set": [0, 1]}),
    ("groups", "G08", "ExpectColumnValuesToBeInSet", {"column": "connection_hp", "value_set": [0, 1]}),
    ("groups", "G09", "ExpectColumnValuesToBeBetween", {"column": "n_clues", "min_value": 4, "max_value": 4}),
    ("groups", "G10", "ExpectColumnValueLengthsToBeBetween", {"column": "connection", "min_value": 1}),
    ("puzzles", "G11", "ExpectCompoundColumnsToBeUnique", {"column_list": ["config", "puzzle_id"]}),
    ("puzzles", "G12", "ExpectColumnValuesToBeInSet", {"column": "game", "value_set": ["ocw", "nyt"]}),
    (
        "puzzles",
        "G13",
        "ExpectColumnValuesToBeInSet",
        {"column": "split", "value_set": ["train", "validation", "test"]},
    ),
    (
        "puzzles",
        "G14",
        "ExpectColumnValuesToBeBetween",
        {"column": "n_clues", "min_value": 16, "max_value": 16},
    ),
    (
        "puzzles",
        "G14",
        "ExpectColumnValuesToBeBetween",
        {"column": "n_groups", "min_value": 4, "max_value": 4},
    ),
    (
        "puzzles",
        "G15",
        "ExpectColumnValuesToBeBetween",
        {"column": "season", "min_value": 0, "max_value": 40},
    ),
    ("puzzles", "G16", "ExpectColumnValuesToBeBetween", {"column": "nyt_number", "min_value": 1}),
    ("puzzles", "G17", "ExpectTableRowCountToBeBetween", {"min_value": 1}),
)
TABLES = ("clues", "groups", "puzzles")


# Validation names of derived columns that differ from the derived ``<struct>_<field>`` form.
RENAMED = {
    "groups": {
        "id": "group_id",
        "human_performance_grouping": "grouping",
        "human_performance_connection": "connection_hp",
    },
    "puzzles": {"ocw_season": "season"},
}


def flatten(corpus: Corpus) -> dict[str, pd.DataFrame]:
    """The three tables GX validates, built from the text-release records of ``corpus``.

    Group and puzzle columns are derived from the pydantic models (:func:`~ocwtool.schema.fields.
    flat_row`: scalars, ``<struct>_<field>`` for nested models, ``n_<field>`` for sequences), then
    renamed by :data:`RENAMED`.
    """
    import pandas as pd

    clues: list[dict[str, Any]] = []
    groups: list[dict[str, Any]] = []
    puzzles: list[dict[str, Any]] = []
    for config, p in corpus.all_records():
        if not is_text(p):
            continue
        where = {"config": config, "puzzle_id": p.id}
        clues += [{**where, "record": f"{p.id}#{k}", "position": k, "clue": c} for k, c in enumerate(p.clues)]
        groups += [{**where, "record": g.id, **_flat("groups", g)} for g in p.groups]
        puzzles.append({**where, "record": p.id, **_flat("puzzles", p)})
    return {"clues": pd.DataFrame(clues), "groups": pd.DataFrame(groups), "puzzles": pd.DataFrame(puzzles)}


def _flat(table: str, record: BaseModel) -> dict[str, Any]:
    row = flat_row(type(record), record)
    if table == "puzzles":
        del row["id"]  # already the ``puzzle_id`` column
    names = RENAMED.get(table, {})
    return {names.get(k, k): v for k, v in row.items()}


def validate_tables(frames: dict[str, pd.DataFrame], specs: tuple[Spec, ...] = SUITES) -> list[Finding]:
    """Run one GX suite per table over ``frames`` (ephemeral context); return failures as findings."""
    os.environ.setdefault("GX_ANALYTICS_ENABLED", "False")
    import great_expectations as gx
    from great_expectations.data_context.types.base import ProgressBarsConfig

    context = gx.get_context(mode="ephemeral")
    context.variables.progress_bars = ProgressBarsConfig(globally=False)
    source = context.data_sources.add_pandas("ocwtool")
    findings: list[Finding] = []
    for table, frame in frames.items():
        mine = [s for s in specs if s[0] == table]
        if not mine:
            continue
        batch = source.add_dataframe_asset(name=table).add_batch_definition_whole_dataframe(f"{table}-all")
        suite = context.suites.add(gx.ExpectationSuite(name=f"ocwtool-{table}"))
        for _, rule, cls, kwargs in mine:
            suite.add_expectation(getattr(gx.expectations, cls)(**kwargs, meta={"rule": rule}))
        run = context.validation_definitions.add(gx.ValidationDefinition(name=table, data=batch, suite=suite))
        result = run.run(batch_parameters={"dataframe": frame}, result_format="SUMMARY")
        findings += [_finding(table, frame, r) for r in result.results if not r.success]
    return findings


def _finding(table: str, frame: pd.DataFrame, r: Any) -> Finding:
    """Turn one failed GX result into a finding naming the offending records."""
    config = r.expectation_config
    rule = str(config.meta["rule"])
    column = config.kwargs.get("column") or config.kwargs.get("column_list") or "table"
    wanted = [column] if isinstance(column, str) else list(column)
    missing = [c for c in wanted if c != "table" and c not in frame.columns]
    if missing:
        return Finding("G18", (table,), f"{config.type} needs column(s) {', '.join(missing)}")
    if r.exception_info.get("raised_exception"):
        message = str(r.exception_info.get("exception_message") or "expectation raised").splitlines()[0]
        return Finding("G18", (table,), f"{config.type} on {column}: {message}")
    res = r.result
    rows = res.get("partial_unexpected_index_list") or []
    records = tuple(dict.fromkeys(str(frame["record"].loc[i]) for i in rows if "record" in frame))
    values = [v for v in (res.get("partial_unexpected_list") or [])[:5]]
    count = res.get("unexpected_count")
    if count is None:
        detail = f"{table}: {config.type} failed, observed {res.get('observed_value')!r}"
    else:
        detail = f"{count} of {res.get('element_count')} {table} rows, {column}, e.g. {values!r}"
    return Finding(rule, records or (table,), detail)


def run_expectations(corpus: Corpus) -> list[Finding]:
    """Flatten ``corpus`` and run the suites."""
    return validate_tables(flatten(corpus))

"""Great Expectations 1.x suites over flattened tables: one row per clue, group, puzzle, plus
three derived tables (:func:`derive`): facts per puzzle, each config's level mix, walls per series.

The suites check what the structural rules (``structural.py``) do not state: value sets, lengths
per column, distributions and cross-column facts; a fact a structural rule already states is not
repeated here (see ``rules.RETIRED``). Great Expectations (and pandas) are imported only inside
:func:`validate_tables` / :func:`flatten` / :func:`derive`, so importing this module is cheap. Each
expectation is declared as data ``(table, rule id, expectation class, kwargs)``: its severity and
message come from the rules table (``rules.py``); failing rows are mapped back to record ids through
each table's ``record`` column.

The tables hold the records a text release would publish: canonical puzzles and variants, minus
picture/emoji/excluded boards (those are counted by rule S12 instead).
"""

from __future__ import annotations

import os
from collections import Counter, defaultdict
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ocwtool.names import SPLITS
from ocwtool.schema.corpus import Corpus, is_text
from ocwtool.schema.fields import flat_row
from ocwtool.schema.models import Flag, Game, Puzzle, nyt_date, nyt_puzzle_id
from ocwtool.schema.site_facts import source_facts
from ocwtool.validators.rules import Finding

if TYPE_CHECKING:
    import pandas as pd
    from pydantic import BaseModel

Spec = tuple[str, str, str, dict[str, Any]]

MIN_MIX_GROUPS = 40  # a config's level mix is judged only from this many groups with a level
LEVEL_SHARE = (0.10, 0.40)

SUITES: tuple[Spec, ...] = (
    # Value sets and lengths per column.
    ("clues", "G01", "ExpectColumnValuesToNotBeNull", {"column": "clue"}),
    (
        "clues",
        "G02",
        "ExpectColumnValueLengthsToBeBetween",
        {"column": "clue", "min_value": 1, "max_value": 100},
    ),
    ("clues", "G03", "ExpectColumnValuesToMatchRegex", {"column": "clue", "regex": r"^(?:\S.*\S|\S)$"}),
    (
        "groups",
        "G05",
        "ExpectCompoundColumnsToBeUnique",
        {"column_list": ["config", "puzzle_id", "group_id"]},
    ),
    ("puzzles", "G12", "ExpectColumnValuesToBeInSet", {"column": "game", "value_set": ["ocw", "nyt"]}),
    (
        "puzzles",
        "G13",
        "ExpectColumnValuesToBeInSet",
        {"column": "split", "value_set": list(SPLITS)},
    ),
    ("puzzles", "G16", "ExpectColumnValuesToBeBetween", {"column": "nyt_number", "min_value": 1}),
    ("puzzles", "G17", "ExpectTableRowCountToBeBetween", {"min_value": 1}),
    # Distributions and cross-column facts, over the derived tables of :func:`derive`.
    (
        "puzzle_facts",
        "G19",
        "ExpectColumnValuesToBeBetween",
        {"column": "connection_chars", "max_value": 120},
    ),
    ("puzzle_facts", "G20", "ExpectColumnValuesToBeInSet", {"column": "n_levels", "value_set": [0, 4]}),
    (
        "level_mix",
        "G21",
        "ExpectColumnValuesToBeBetween",
        {"column": "share", "min_value": LEVEL_SHARE[0], "max_value": LEVEL_SHARE[1]},
    ),
    (
        "seasons",
        "G22",
        "ExpectColumnPairValuesAToBeGreaterThanB",
        {
            "column_A": "broadcast",
            "column_B": "walls",
            "or_equal": True,
            "ignore_row_if": "either_value_is_missing",
        },
    ),
    (
        "puzzle_facts",
        "G23",
        "ExpectColumnPairValuesToBeEqual",
        {"column_A": "record", "column_B": "id_of_number", "ignore_row_if": "either_value_is_missing"},
    ),
    (
        "puzzle_facts",
        "G24",
        "ExpectColumnPairValuesToBeInSet",
        {
            "column_A": "game",
            "column_B": "metadata",
            "value_pairs_set": [("ocw", "ocw"), ("ocw", "none"), ("nyt", "nyt")],
        },
    ),
)
TABLES = ("clues", "groups", "puzzles", "puzzle_facts", "level_mix", "seasons")


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


def derive(corpus: Corpus) -> dict[str, pd.DataFrame]:
    """Tables of facts about whole puzzles, configs and series, beside the flattened ones:
    ``puzzle_facts`` (levels set, which metadata, the NYT id its number names), ``level_mix``
    (each level's share of a config's groups) and ``seasons`` (walls per series vs. broadcast)."""
    import pandas as pd

    records = [(config, p) for config, p in corpus.all_records() if is_text(p)]
    facts = pd.DataFrame([_puzzle_facts(config, p) for config, p in records], columns=_FACT_COLUMNS)
    mix = pd.DataFrame(_level_mix(records), columns=["config", "record", "level", "groups", "share"])
    seasons = pd.DataFrame(_seasons(records), columns=["config", "record", "walls", "broadcast"])
    return {"puzzle_facts": facts, "level_mix": mix, "seasons": seasons}


_FACT_COLUMNS = ["config", "record", "game", "n_levels", "metadata", "id_of_number", "connection_chars"]


def _puzzle_facts(config: str, p: Puzzle) -> dict[str, Any]:
    metadata = {(False, False): "none", (True, False): "ocw", (False, True): "nyt"}
    canonical_nyt = config == Game.NYT.value and p.nyt is not None
    return {
        "config": config,
        "record": p.id,
        "game": p.game.value,
        "n_levels": sum(g.level is not None for g in p.groups),
        "metadata": metadata.get((p.ocw is not None, p.nyt is not None), "both"),
        "id_of_number": nyt_puzzle_id(nyt_date(p.nyt.number)) if canonical_nyt and p.nyt else None,
        # WordNet variants name groups by a word and its gloss, which may be long by design
        "connection_chars": None if config.endswith("_wordnet") else max(len(g.connection) for g in p.groups),
    }


def _level_mix(records: list[tuple[str, Puzzle]]) -> Iterator[dict[str, Any]]:
    """One row per level of every config with at least ``MIN_MIX_GROUPS`` levelled groups."""
    counts: dict[str, Counter[int]] = defaultdict(Counter)
    for config, p in records:
        counts[config].update(g.level for g in p.groups if g.level is not None)
    for config, count in sorted(counts.items()):
        total = sum(count.values())
        if total >= MIN_MIX_GROUPS:
            for level in range(4):
                share = count[level] / total
                yield {
                    "config": config,
                    "record": f"{config} level {level}",
                    "level": level,
                    "groups": count[level],
                    "share": share,
                }


def _seasons(records: list[tuple[str, Puzzle]]) -> Iterator[dict[str, Any]]:
    """Walls per (config, source, series) beside the series' broadcast count (specials left out)."""
    broadcast: dict[str, int] = source_facts("ocdb")["ocw_walls_per_series"]
    walls = Counter(
        (config, p.source, p.ocw.season)
        for config, p in records
        if p.ocw is not None and p.ocw.season is not None and Flag.SPECIAL not in p.flags
    )
    for (config, source, season), n in sorted(walls.items()):
        yield {
            "config": config,
            "record": f"{config}/{source}/series-{season}",
            "walls": n,
            "broadcast": broadcast.get(str(season)),
        }


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
    """Flatten ``corpus``, derive the summary tables, and run the suites."""
    return validate_tables({**flatten(corpus), **derive(corpus)})

"""The card's "How the splits were made" section: the method ``ocwtool split`` recorded
(``puzzles/splits.json``) and, per config, the boards of each stratum (difficulty, date bin) per split."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ocwtool.curation.strata import strata_counts
from ocwtool.names import SPLITS
from ocwtool.safetext import markdown
from ocwtool.schema.models import Puzzle

HEADING = "## How the splits were made"
STRATIFIED = (
    "every board, OCW and NYT, is one unit identified by its normalised clue set, so the copies of a "
    "board share one split and no board is in two. Boards are stratified by measured difficulty (on an "
    "OCW wall, how many groups the contestants found, where SMOCI recorded it; otherwise `unmeasured`: "
    "an NYT board has one group of each level) and by year (NYT date or OCW air date; the OCW season "
    "when no date is known); in each stratum they are shuffled with the seed and dealt to the split "
    "furthest below its share, so every stratum is split in about the same proportions."
)


def _sizes(record: Mapping[str, Any]) -> str:
    return "/".join(str(s) for s in record.get("sizes", []))


def method_text(record: Mapping[str, Any] | None) -> str:
    """One paragraph on how the splits were assigned (``record``: None when none was kept)."""
    if record is None:
        return "No `ocwtool split` was recorded in the workspace: the splits came with the imported files."
    seed, strategy = record.get("seed"), record.get("strategy")
    if strategy == "stratified":
        kept = " (assigned puzzles kept their split)" if not record.get("reassign") else ""
        return (
            f"`ocwtool split --strategy stratified` (seed {seed}, train/validation/test proportions "
            f"{_sizes(record)}{kept}): {STRATIFIED}"
        )
    if strategy == "release":
        folder = markdown(str(record.get("splits_from")))
        return f"Copied from the release `{folder}` (`ocwtool split --splits-from`)."
    cutoffs = record.get("nyt_cutoffs") or []
    nyt = (
        f"NYT boards by date (cutoffs {', '.join(cutoffs)})"
        if cutoffs
        else "NYT boards kept the split they had"
    )
    return (
        f"`ocwtool split` (seed {seed}): OCW walls seeded and stratified by season, sizes {_sizes(record)} "
        f"(rescaled to the walls); {nyt}. Copies of a wall (same normalised clues) share one split."
    )


def strata_table(configs: Mapping[str, Sequence[Puzzle]]) -> list[str]:
    """Boards per stratum and split, one row per config and stratum (copies counted once)."""
    rows = []
    for config, items in configs.items():
        for stratum, counts in strata_counts(items).items():
            cells = " | ".join(str(counts.get(s, 0)) for s in SPLITS)
            rows.append(f"| {config} | {markdown(stratum)} | {cells} |")
    if not rows:
        return []
    header = ["| config | stratum (difficulty, date) | train | validation | test |", "|---|---|---|---|---|"]
    return ["Boards per stratum and split:", "", *header, *rows, ""]


def splits_section(record: Mapping[str, Any] | None, configs: Mapping[str, Sequence[Puzzle]]) -> list[str]:
    """The whole section (Markdown lines)."""
    return [HEADING, "", method_text(record), "", *strata_table(configs)]

"""The pure diff of two sets of rows (``releases/diff.py``) and its changelog text, on invented walls."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ocwtool.releases.diff import Changed, ConfigDiff, diff_rows
from ocwtool.releases.diff_read import previous_release
from ocwtool.releases.diff_text import changelog_lines
from ocwtool.schema.models import Flag, Split
from tests.validators.factory import nyt, replace_group, wall


def _changed(old, new, herrings=({}, {})) -> tuple[Changed, ...]:  # type: ignore[no-untyped-def]
    return diff_rows({"ocw": [old]}, {"ocw": [new]}, herrings=herrings).configs[0].changed


def test_each_kind_of_change_names_its_field() -> None:
    w = wall(1, split=Split.TEST)
    assert _changed(w, w) == ()
    assert _changed(w, replace_group(w, 2, clues=("Oxbury1", "Lanfield1", "Crickle1", "Elsewhere1"))) == (
        Changed("w0001", ("clues", "groups")),
    )
    renamed = replace_group(w, 0, connection="Rivers").model_copy(update={"clues": w.clues})  # same board
    assert _changed(w, renamed) == (Changed("w0001", ("connections",)),)
    assert _changed(w, w.model_copy(update={"split": Split.TRAIN})) == (Changed("w0001", ("split",)),)
    aired = w.model_copy(update={"ocw": w.ocw.model_copy(update={"air_date": dt.date(2020, 5, 1)})})  # type: ignore[union-attr]
    assert _changed(w, aired) == (Changed("w0001", ("dates",)),)
    assert _changed(w, w.model_copy(update={"clues": tuple(reversed(w.clues))})) == (
        Changed("w0001", ("board",)),
    )
    flagged = w.model_copy(update={"flags": (Flag.PICTURE,)})
    assert _changed(w, flagged) == (Changed("w0001", ("flags",)),)
    renumbered = w.model_copy(update={"ocw": w.ocw.model_copy(update={"episode": 9})})  # type: ignore[union-attr]
    assert _changed(w, renumbered) == (Changed("w0001", ("metadata",)),)


def test_red_herring_rows_are_a_field() -> None:
    w = wall(1)
    rows = ({"ocw": {"w0001": ['{"clues": ["Quell1"]}']}}, {"ocw": {}})
    assert _changed(w, w, rows) == (Changed("w0001", ("red_herrings",)),)
    assert _changed(w, w, (rows[0], rows[0])) == ()


def test_added_removed_and_configs_on_one_side_only() -> None:
    diff = diff_rows(
        {"ocw": [wall(1), wall(2)], "nyt": [nyt(3)]},
        {"ocw": [wall(3), wall(2), wall(0)], "ocw_x": [wall(5)]},
        labels=("a 1.0.0", "a 2.0.0"),
    )
    assert diff.configs == (
        ConfigDiff("nyt", removed=("nyt-2024-01-04",)),
        ConfigDiff("ocw", added=("w0000", "w0003"), removed=("w0001",)),
        ConfigDiff("ocw_x", added=("w0005",)),
    )
    assert diff.counts()["ocw"] == {"added": 2, "removed": 1, "changed": 0}


def test_the_short_changelog_lists_at_most_n_ids_per_kind() -> None:
    diff = diff_rows({"ocw": []}, {"ocw": [wall(i) for i in range(5)]}, labels=("a 1.0.0", "a 1.1.0"))
    assert changelog_lines(diff, 2) == [
        "Changes since a 1.0.0.",
        "",
        "| config | added | removed | changed |",
        "|---|---:|---:|---:|",
        "| ocw | 5 | 0 | 0 |",
        "",
        "- ocw, added: `w0000`, `w0001` and 3 more",
    ]
    assert changelog_lines(None, 2) == ["First version."]


def test_the_previous_version_is_the_highest_below_folder_first(tmp_path: Path) -> None:
    for folder in ("demo-1.0.0", "demo-1.2.0-rc.1", "demo-2.0.0", "demo-b-1.9.0", ".demo-1.9.0.tmp"):
        (tmp_path / folder).mkdir()
    for archive in ("demo-1.0.0.tar.gz", "demo-1.1.0.zip", "demo-1.1.0.tar.gz", "notes-1.5.0.zip"):
        (tmp_path / archive).write_bytes(b"")
    assert previous_release(tmp_path, "demo", "1.2.0") == tmp_path / "demo-1.2.0-rc.1"
    assert previous_release(tmp_path, "demo", "1.2.0-rc.1") == tmp_path / "demo-1.1.0.tar.gz"
    assert previous_release(tmp_path, "demo", "1.1.0") == tmp_path / "demo-1.0.0"
    assert previous_release(tmp_path, "demo", "1.0.0") is None
    assert previous_release(tmp_path, "demo-b", "2.0.0") == tmp_path / "demo-b-1.9.0"

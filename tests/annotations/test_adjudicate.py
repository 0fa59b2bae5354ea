"""Disputes, the adjudication session (CliRunner input) and the labels releases use."""

from __future__ import annotations

import json
from pathlib import Path

from ocwtool.annotations.adjudicate import disputes, release_labels
from ocwtool.schema.annotations import GroupLabel, ItemRecord, KnowledgeLabel
from ocwtool.stores.annotations import append_record, read_adjudications, read_all
from ocwtool.workspace import Workspace
from tests.annotations.conftest import T0, puzzles, run_cli

P = "nyt-2024-01-02"
CODES = {"s": "semantic", "a": "associative", "e": "encyclopedic", "m": "multiword", "l": "linguistic"}


def label(workspace: Path, name: str, kinds: str, pid: str = P) -> None:
    groups = tuple(
        GroupLabel(group_id=f"{pid}_{k + 1}", label=KnowledgeLabel.of(CODES[c])) for k, c in enumerate(kinds)
    )
    append_record(
        workspace / "annotations",
        ItemRecord(annotator=name, puzzle_id=pid, groups=groups, created_at=T0, guideline_version="1.0"),
    )


def test_disputes_are_the_groups_with_different_human_labels(workspace: Path) -> None:
    label(workspace, "ann", "ssml")
    label(workspace, "bob", "seml")
    label(workspace, "suggest", "aaaa")  # the suggester never creates a dispute
    found = disputes(puzzles(), read_all(workspace / "annotations"))
    assert [d.group.id for d in found] == [f"{P}_2"]
    assert {k: v.code for k, v in found[0].labels.items()} == {"ann": "semantic", "bob": "encyclopedic"}


def test_adjudication_session_and_release_labels(workspace: Path) -> None:
    label(workspace, "ann", "ssml")
    label(workspace, "bob", "seal")
    label(workspace, "ann", "ssss", pid="nyt-2024-01-03")  # single annotator: consensus of one
    result = run_cli(workspace, "annotate", "adjudicate", "--annotator", "carol", input="x" + "c" + "se\n")
    assert result.exit_code == 0, result.stderr
    assert "[1/2] nyt-2024-01-02 group nyt-2024-01-02_2: BREAD" in result.stdout
    assert "  ann: Semantic\n  bob: Encyclopedic\n" in result.stdout
    assert "unknown key 'x'; press ? for help" in result.stdout
    assert "[2/2]" in result.stdout  # input ended on the second dispute: it stays open
    assert result.stdout.endswith("Decided 1; 1 disputed groups left.\n")
    decided = read_adjudications(workspace / "annotations")
    assert decided[f"{P}_2"].label.code == "combined:semantic+encyclopedic"
    assert decided[f"{P}_2"].adjudicator == "carol" and decided[f"{P}_2"].candidates == {
        "ann": "semantic",
        "bob": "encyclopedic",
    }
    labels = release_labels(Workspace.open(workspace))
    assert labels[f"{P}_1"].code == "semantic"  # agreed
    assert labels[f"{P}_2"].code == "combined:semantic+encyclopedic"  # adjudicated
    assert f"{P}_3" not in labels  # disputed, not yet adjudicated
    assert labels["nyt-2024-01-03_1"].code == "semantic"
    again = run_cli(workspace, "annotate", "adjudicate", "--annotator", "carol", input="m")
    assert "[1/1] nyt-2024-01-02 group nyt-2024-01-02_3" in again.stdout
    assert release_labels(Workspace.open(workspace))[f"{P}_3"].code == "multiword"
    line = json.loads((workspace / "annotations" / "adjudicated.jsonl").read_text().splitlines()[-1])
    assert line["guideline_version"] == "1.0" and line["created_at"]

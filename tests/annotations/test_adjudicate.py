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
    by_path = release_labels(workspace)  # a path, as the docs show it, or a Workspace
    assert by_path == release_labels(str(workspace)) == release_labels(Workspace.open(workspace))
    assert by_path[f"{P}_3"].code == "multiword"
    line = json.loads((workspace / "annotations" / "adjudicated.jsonl").read_text().splitlines()[-1])
    assert line["guideline_version"] == "1.0" and line["created_at"]


def herrings(
    workspace: Path, name: str, words: dict[int, tuple[str, str]], traps: list[tuple[str, ...]]
) -> None:
    """``name`` finishes P with agreed types, the decoy ``words`` (clue number -> clue, group) and
    the categories ``traps`` (a 3-clue one is a decoy theme, not a trap group)."""
    from ocwtool.schema.annotations import RedHerringCategory, RedHerringWord

    rec = ItemRecord(
        annotator=name,
        puzzle_id=P,
        groups=tuple(
            GroupLabel(group_id=f"{P}_{k}", label=KnowledgeLabel.of("semantic")) for k in range(1, 5)
        ),
        red_herring_words=tuple(
            RedHerringWord(clue=c, clue_number=n, fits_group=f"{P}_{g}") for n, (c, g) in words.items()
        ),
        red_herring_categories=tuple(
            RedHerringCategory(clue_numbers=tuple(range(1, len(t) + 1)), clues=t) for t in traps
        ),
        created_at=T0,
        guideline_version="1.0",
    )
    append_record(workspace / "annotations", rec)


def test_adjudication_keeps_agreed_red_herrings_and_asks_the_rest(workspace: Path) -> None:
    from ocwtool.stores.annotations import read_herring_adjudications

    navy, foot = ("NAVY", "TEAL", "RYE", "NAAN"), ("FOOT", "HAND", "POTS", "TOPS")
    herrings(workspace, "ann", {5: ("RYE", "1"), 7: ("PITA", "3")}, [navy, ("NAVY", "TEAL", "AZURE")])
    herrings(workspace, "bob", {5: ("RYE", "1")}, [foot, navy])
    args = ("annotate", "adjudicate", "--annotator", "carol")
    skipped = run_cli(workspace, *args, input="xk")
    assert skipped.exit_code == 0, skipped.stderr
    assert skipped.stdout.endswith(
        "  unknown key 'x'; press y, n, k or q\n"
        "Keep it? [y n | k skip puzzle, q quit]: k\n"
        "Decided 0; 0 disputed groups left.\nRed herrings: decided 0 puzzle(s); 1 left.\n"
    )
    result = run_cli(workspace, *args, input="ny")
    assert (result.exit_code, result.stdout) == (
        0,
        "[1/1] nyt-2024-01-02 red herrings of ann, bob\n"
        "  kept (all marked it): decoy RYE -> SHADES OF BLUE\n"
        "  kept (all marked it): trap group NAVY, TEAL, RYE, NAAN\n"
        "  decoy PITA -> ___BALL (marked by ann)\n"
        "Keep it? [y n | k skip puzzle, q quit]: n\n"
        "  trap group FOOT, HAND, POTS, TOPS (marked by bob)\n"
        "Keep it? [y n | k skip puzzle, q quit]: y\n"
        "Decided 0; 0 disputed groups left.\nRed herrings: decided 1 puzzle(s); 0 left.\n",
    )
    kept = read_herring_adjudications(workspace / "annotations")[P]
    assert (kept.annotator, kept.note) == ("carol", "adjudicated red herrings of ann, bob")
    assert [(w.clue, w.fits_group) for w in kept.red_herring_words] == [("RYE", f"{P}_1")]
    assert [c.clues for c in kept.red_herring_categories] == [navy, foot]
    again = run_cli(workspace, *args, input="")
    assert again.stdout == "Decided 0; 0 disputed groups left.\n"  # decided: not asked again
    assert "adjudicated-herrings" not in read_all(workspace / "annotations")

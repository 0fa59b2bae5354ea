"""`annotate agreement --source/--split/--puzzles/--pushed`: coverage over the puzzles given (#31)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ocwtool.schema.annotations import GroupLabel, ItemRecord, KnowledgeLabel
from ocwtool.schema.models import Split
from ocwtool.stores.annotations import append_record
from ocwtool.stores.pushes import append_push
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.workspace import Workspace
from tests.annotations.conftest import T0, run_cli

P2, P3, P4 = "nyt-2024-01-02", "nyt-2024-01-03", "nyt-2024-01-04"


def _label(workspace: Path, name: str, pid: str, codes: list[str]) -> None:
    groups = tuple(
        GroupLabel(group_id=f"{pid}_{k}", label=KnowledgeLabel.of(c)) for k, c in enumerate(codes, start=1)
    )
    rec = ItemRecord(annotator=name, puzzle_id=pid, groups=groups, created_at=T0, guideline_version="1.0")
    append_record(workspace / "annotations", rec)


def _coverage(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if "  puzzles " in line]


def _labelled(workspace: Path) -> None:
    for name in ("alice", "bob"):
        _label(workspace, name, P2, ["semantic", "semantic", "multiword", "linguistic"])
    _label(workspace, "alice", P4, ["semantic"] * 4)  # a board the team was not given


def test_agreement_over_the_pushed_puzzles(workspace: Path) -> None:
    _labelled(workspace)
    whole = run_cli(workspace, "annotate", "agreement")
    assert _coverage(whole.stdout) == [
        "  alice            groups 8/16  puzzles 2  skipped 0",
        "  bob              groups 4/16  puzzles 1  skipped 0",
    ]
    ws = Workspace.open(workspace)
    when = dt.datetime(2026, 1, 2, tzinfo=dt.UTC)
    append_push(ws.labelstudio_pushes_path, ws.settings.labelstudio.project, [P2, P3], when)
    append_push(ws.labelstudio_pushes_path, "another project", [P4], when)  # not this workspace's project
    pushed = run_cli(workspace, "annotate", "agreement", "--pushed")
    assert pushed.exit_code == 0, pushed.stderr
    assert _coverage(pushed.stdout) == [
        "  alice            groups 4/8  puzzles 1  skipped 0",
        "  bob              groups 4/8  puzzles 1  skipped 0",
    ]
    assert "  ann" not in pushed.stdout and "  alice ~ bob: n=4 observed=1.000" in pushed.stdout


def test_agreement_over_a_list_of_puzzles_a_source_and_a_split(workspace: Path) -> None:
    _labelled(workspace)
    (workspace / "ids.txt").write_text(f"# the boards of week 1\n{P4}\n\n")
    listed = run_cli(workspace, "annotate", "agreement", "--puzzles", str(workspace / "ids.txt"))
    assert listed.exit_code == 0, listed.stderr
    assert _coverage(listed.stdout) == ["  alice            groups 4/4  puzzles 1  skipped 0"]
    assert "agreement needs two or more annotators" in listed.stdout
    store = workspace / "puzzles" / "test.jsonl"
    items = read_puzzles(store)
    split_of = {P2: Split.TEST}
    write_puzzles(store, [p.model_copy(update={"split": split_of.get(p.id, Split.TRAIN)}) for p in items])
    split = run_cli(workspace, "annotate", "agreement", "--source", "test", "--split", "test")
    assert _coverage(split.stdout) == [
        "  alice            groups 4/4  puzzles 1  skipped 0",
        "  bob              groups 4/4  puzzles 1  skipped 0",
    ]


def test_agreement_scope_errors(workspace: Path) -> None:
    _labelled(workspace)
    nothing = run_cli(workspace, "annotate", "agreement", "--pushed")
    assert nothing.exit_code == 1
    assert nothing.stderr == (
        "Error: nothing was pushed to the Label Studio project 'ocwtool knowledge types' from this "
        "workspace (annotations/labelstudio/pushes.jsonl has no push of it); run `ocwtool annotate ls "
        "push` first\n"
    )
    (workspace / "ids.txt").write_text(f"{P2}\nnyt-1999-01-01\n")
    unknown = run_cli(workspace, "annotate", "agreement", "--puzzles", str(workspace / "ids.txt"))
    assert unknown.exit_code == 1
    assert unknown.stderr == (
        f"Error: {workspace / 'ids.txt'}: 1 of 2 puzzle ids are not in the selected stores: nyt-1999-01-01\n"
    )

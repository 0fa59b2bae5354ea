"""The per-annotator JSONL store: appends, torn lines, errors, and two writers at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ocwtool.annotations.annotators import check_annotator, describe_unfinished, finished, unfinished
from ocwtool.errors import AnnotationError
from ocwtool.schema.annotations import GroupLabel, ItemRecord, KnowledgeLabel
from ocwtool.stores.annotations import append_record, dumps, latest, read_all, read_records, store_path
from tests.annotations.conftest import T0


def record(pid: str, name: str = "alice", kind: str = "semantic", status: str = "labelled") -> ItemRecord:
    groups = (GroupLabel(group_id=f"{pid}_1", label=KnowledgeLabel.of(kind)),) if status == "labelled" else ()
    return ItemRecord(
        annotator=name, puzzle_id=pid, status=status, groups=groups, created_at=T0, guideline_version="1.0"
    )  # type: ignore[arg-type]


def test_append_and_latest_wins(tmp_path: Path) -> None:
    append_record(tmp_path, record("p1"))
    append_record(tmp_path, record("p2"))
    append_record(tmp_path, record("p1", kind="linguistic"))
    append_record(tmp_path, record("p2", status="retracted"))
    recs = read_records(store_path(tmp_path, "alice"))
    assert [r.puzzle_id for r in recs] == ["p1", "p2", "p1", "p2"]
    state = latest(recs)
    assert list(state) == ["p1"]
    assert state["p1"].groups[0].label.code == "linguistic"


def test_torn_final_line_is_ignored_but_bad_middle_line_is_an_error(tmp_path: Path) -> None:
    append_record(tmp_path, record("p1"))
    path = store_path(tmp_path, "alice")
    with open(path, "a") as fh:
        fh.write('{"annotator": "alice", "puzz')  # a crash mid-write leaves no newline
    assert [r.puzzle_id for r in read_records(path)] == ["p1"]
    path.write_text(path.read_text() + "\n" + json.dumps({"annotator": "alice"}) + "\n")
    with pytest.raises(AnnotationError, match=r"alice.jsonl:3: record label: .*"):  # line 2: torn, skipped
        read_records(path)


def test_append_after_a_torn_line_keeps_the_store_readable(tmp_path: Path) -> None:
    append_record(tmp_path, record("p1"))
    path = store_path(tmp_path, "alice")
    with open(path, "a") as fh:
        fh.write('{"annotator": "alice", "puzz')  # the next session starts after this crash
    append_record(tmp_path, record("p2"))
    assert path.read_text().splitlines()[2] == dumps(record("p2"))  # not glued to the torn line
    assert [r.puzzle_id for r in read_records(path)] == ["p1", "p2"]


def test_read_all_separates_humans_from_suggest_and_adjudicated(tmp_path: Path) -> None:
    append_record(tmp_path, record("p1"))
    append_record(tmp_path, record("p1", name="suggest"))
    (tmp_path / "adjudicated.jsonl").write_text("")
    assert list(read_all(tmp_path)) == ["alice"]
    assert list(read_all(tmp_path, include_suggest=True)) == ["alice", "suggest"]


def test_annotator_names() -> None:
    assert check_annotator("alice_2") == "alice_2"
    for bad in ("", "Alice", "a b", "../x", "-x"):
        with pytest.raises(AnnotationError, match="is not allowed"):
            check_annotator(bad)
    assert check_annotator("suggest", human=False) == "suggest"


WRITER = """
import sys, datetime as dt
from pathlib import Path
from ocwtool.stores.annotations import append_record
from ocwtool.schema.annotations import GroupLabel, ItemRecord, KnowledgeLabel
folder, tag, n = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
print("ready", flush=True)
sys.stdin.readline()  # start together
note = tag * 2000  # long lines make interleaving likely if appends were not atomic
for i in range(n):
    rec = ItemRecord(annotator="alice", puzzle_id=f"{tag}-{i}", note=note,
                     groups=(GroupLabel(group_id=f"{tag}-{i}_1", label=KnowledgeLabel.of("semantic")),),
                     created_at=dt.datetime.now(dt.UTC), guideline_version="1.0")
    append_record(folder, rec)
"""


def test_two_processes_appending_at_once_lose_nothing(tmp_path: Path) -> None:
    n = 300
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path), tag, str(n)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=os.environ.copy(),
            text=True,
        )
        for tag in ("a", "b")
    ]
    for p in procs:
        assert p.stdout is not None and p.stdout.readline().strip() == "ready"
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    for p in procs:
        assert p.wait(timeout=120) == 0
    recs = read_records(store_path(tmp_path, "alice"))  # every line parses: nothing interleaved
    assert len(recs) == 2 * n
    assert {r.puzzle_id for r in recs} == {f"{t}-{i}" for t in "ab" for i in range(n)}
    order = [r.puzzle_id[0] for r in recs]
    assert order.count("a") == order.count("b") == n


def test_unfinished_walls_are_named_and_left_out(tmp_path: Path) -> None:
    """A wall whose latest record is ``in_progress`` (a session left it mid-way) is unfinished; a
    finished, skipped or later relabelled wall is not."""
    for pid in ("p1", "p2", "p3", "p4", "p5", "p6"):
        append_record(tmp_path, record(pid, status="in_progress"))
    append_record(tmp_path, record("p1"))  # finished later
    append_record(tmp_path, record("p2", status="skipped"))
    append_record(tmp_path, record("p1", name="bob", status="in_progress"))
    stores = read_all(tmp_path)
    left = unfinished(stores)
    assert left == {"alice": ["p3", "p4", "p5", "p6"], "bob": ["p1"]}
    kept = finished(stores)
    assert sorted(kept["alice"]) == ["p1", "p2"] and kept["bob"] == {}
    assert describe_unfinished(left) == "5 unfinished walls (alice: p3, p4, p5, p6; bob: p1)"
    assert describe_unfinished({"alice": ["p1"]}, listed=False) == "1 unfinished wall"
    six = {"alice": ["p1", "p2", "p3", "p4"], "bob": ["p1", "p2"]}
    assert describe_unfinished(six) == "6 unfinished walls (alice: p1, p2, p3, p4; bob: p1 and 1 more)"

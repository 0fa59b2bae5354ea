"""Hole 1 (and the append part of hole 5 and 10): annotation stores survive torn tails, full disks and
two importers at once."""

from __future__ import annotations

import errno
import multiprocessing
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ocwtool.annotations.interop import exchange
from ocwtool.errors import AnnotationError
from ocwtool.schema.annotations import GroupLabel, ItemRecord, KnowledgeLabel
from ocwtool.stores import annotations as store_mod
from ocwtool.stores.annotations import append_record, dumps, read_records, store_path
from tests.annotations.conftest import T0, run_cli


def record(pid: str, note: str = "") -> ItemRecord:
    return ItemRecord(
        annotator="alice",
        puzzle_id=pid,
        groups=(GroupLabel(group_id=f"{pid}_1", label=KnowledgeLabel.of("semantic")),),
        note=note,
        created_at=T0,
        guideline_version="1.0",
    )


def test_a_tail_torn_inside_a_multibyte_character_is_skipped(tmp_path: Path) -> None:
    append_record(tmp_path, record("p1"))
    path = store_path(tmp_path, "alice")
    line = (dumps(record("p2", note="café")) + "\n").encode("utf-8")
    cut = line.index("é".encode()) + 1  # inside the two-byte 'é'
    with open(path, "ab") as fh:
        fh.write(line[:cut])
    assert [r.puzzle_id for r in read_records(path)] == ["p1"]
    append_record(tmp_path, record("p3"))  # the next append ends the torn line and stays readable
    assert [r.puzzle_id for r in read_records(path)] == ["p1", "p3"]


def test_the_label_commands_work_after_a_torn_multibyte_tail(workspace: Path) -> None:
    folder = workspace / "annotations"
    append_record(folder, record("nyt-2024-01-02"))
    with open(store_path(folder, "alice"), "ab") as fh:
        fh.write(b'{"annotator":"alice","note":"caf' + "é".encode()[:1])
    result = run_cli(workspace, "annotate", "agreement")
    assert (result.exit_code, result.stderr) == (0, "")
    assert "alice            groups 1/16  puzzles 1" in result.stdout


def _enospc_after_partial(real: Callable[[int, Any], int]) -> Callable[[int, Any], int]:
    """An ``os.write`` that writes half its bytes, then fails like a full disk."""
    calls = {"n": 0}

    def write(fd: int, data: Any) -> int:
        calls["n"] += 1
        if calls["n"] == 1:
            return real(fd, bytes(data)[: max(1, len(data) // 2)])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    return write


def test_a_full_disk_during_an_append_leaves_the_store_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    append_record(tmp_path, record("p1"))
    path = store_path(tmp_path, "alice")
    before = path.read_bytes()
    monkeypatch.setattr(os, "write", _enospc_after_partial(os.write))
    with pytest.raises(AnnotationError, match=r"alice\.jsonl: cannot append.*No space left on device"):
        append_record(tmp_path, record("p2", note="ünïcödé " * 50))
    monkeypatch.undo()
    assert path.read_bytes() == before
    append_record(tmp_path, record("p2"))  # resumable: the next append works
    assert [r.puzzle_id for r in read_records(path)] == ["p1", "p2"]


def test_annotate_import_on_a_full_disk_is_one_line_and_keeps_nothing(
    workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    export = tmp_path / "labels.jsonl"
    export.write_text("".join(dumps(record(f"nyt-2024-01-0{d}")) + "\n" for d in (2, 3, 4)))
    monkeypatch.setattr(os, "write", _enospc_after_partial(os.write))
    result = run_cli(workspace, "annotate", "import", str(export), "--format", "jsonl")
    monkeypatch.undo()
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ") and len(result.stderr.splitlines()) == 1
    assert "No space left on device" in result.stderr
    path = store_path(workspace / "annotations", "alice")
    assert not path.exists() or path.read_bytes() == b""
    again = run_cli(workspace, "annotate", "import", str(export), "--format", "jsonl")
    assert again.exit_code == 0, again.stderr
    assert len(read_records(path)) == 3


def _slow_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Widen the read-then-append window so two importers overlap inside it."""
    real = store_mod.read_records

    def slow(path: Path) -> list[ItemRecord]:
        found = real(path)
        time.sleep(0.5)
        return found

    for module in (store_mod, exchange):
        if hasattr(module, "read_records"):
            monkeypatch.setattr(module, "read_records", slow)


def _import_worker(folder: str, records: list[str], barrier: Any) -> None:
    mp = pytest.MonkeyPatch()
    _slow_reads(mp)
    barrier.wait()
    exchange.save_imported(Path(folder), [ItemRecord.model_validate_json(r) for r in records])


def test_two_concurrent_annotate_imports_store_each_record_once(tmp_path: Path) -> None:
    records = [dumps(record(f"p{k}")) for k in range(5)]
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(2)
    procs = [ctx.Process(target=_import_worker, args=(str(tmp_path), records, barrier)) for _ in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(30)
    assert [p.exitcode for p in procs] == [0, 0]
    stored = [dumps(r) for r in read_records(store_path(tmp_path, "alice"))]
    assert sorted(stored) == sorted(records)

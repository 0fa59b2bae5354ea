"""Issue #30, item 3 and the lock protocol: two real ``ocwtool`` processes that write the same part of a
workspace run one after the other, never interleaved, so no write is lost and a store always matches
its ``meta.json`` (and a variant file its summary).

Each case is made deterministic by events, not timing: the first command runs in a child process with
a hook that stops it in the middle of its read-modify-write (it prints ``paused`` and waits for a line
on its standard input); the second command is started beside it, and the test reads the first line
the second one writes on standard error: the "Waiting for ..." message when it waits for the lock,
else nothing (it finished without waiting). Only then is the first let go.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ocwtool.schema.annotations import GroupLabel, ItemRecord, KnowledgeLabel
from ocwtool.stores.annotations import dumps
from ocwtool.stores.puzzles import read_puzzles
from tests.annotations.conftest import T0
from tests.formats.conftest import raw_wall

HOOK = """
import importlib, os, sys
exec(os.environ.get("HOOK_PRELUDE", ""))
module, name, when = sys.argv[1:4]
target = importlib.import_module(module)
real = getattr(target, name)
paused = []

def pause():
    paused.append(True)
    print("paused", flush=True)
    sys.stdin.readline()

def hooked(*args, **kwargs):
    if when == "before" and not paused:
        pause()
    out = real(*args, **kwargs)
    if when == "after" and not paused:
        pause()
    return out

setattr(target, name, hooked)
from ocwtool.cli import main
main(sys.argv[4:])
"""


@dataclass(frozen=True)
class Done:
    code: int
    out: str
    err: str


@dataclass(frozen=True)
class Beside:
    """The first (paused) command, the second one, and the first line the second wrote on stderr."""

    first: Done
    second: Done
    said: str


def ocwtool(ws: Path, *args: str) -> Done:
    proc = subprocess.run(
        [sys.executable, "-m", "ocwtool", "-w", str(ws), *args], capture_output=True, text=True, timeout=120
    )
    return Done(proc.returncode, proc.stdout, proc.stderr)


def beside(ws: Path, hook: str, first: list[str], second: list[str], prelude: str = "") -> Beside:
    """Run ``first`` stopped at ``hook`` (``module:function:before|after``; ``prelude``: code run
    before it), then ``second`` beside it; let the first go once the second waits for it (or has
    finished)."""
    module, name, when = hook.split(":")
    held = subprocess.Popen(
        [sys.executable, "-c", HOOK, module, name, when, "-w", str(ws), *first],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "HOOK_PRELUDE": prelude},
    )
    assert held.stdout is not None and held.stdin is not None
    assert held.stdout.readline() == "paused\n", held.communicate()
    other = subprocess.Popen(
        [sys.executable, "-m", "ocwtool", "-w", str(ws), *second],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert other.stderr is not None
    said = other.stderr.readline()  # "Waiting for ..." when it waits; "" when it ran to the end
    held.stdin.write("\n")
    held.stdin.flush()
    out1, err1 = held.communicate(timeout=120)
    out2, err2 = other.communicate(timeout=120)
    return Beside(Done(held.returncode, out1, err1), Done(other.returncode, out2, said + err2), said)


def ocw_file(path: Path, prefix: str, walls: int) -> Path:
    """An OCW JSON file of ``walls`` invented walls (ids ``<prefix>NN``) in two seasons; its season map
    is the extra an import keeps in the store's ``meta.json``."""
    dataset = []
    for k in range(walls):
        spec = [(f"{prefix} link {k}.{g}", [f"{prefix}{k}w{g}x{i}" for i in range(4)]) for g in range(4)]
        dataset.append(raw_wall(f"{prefix}{k:02d}", 1 + k % 2, 1 + k, spec))
    doc = {"season_to_walls_map": {"1": walls - walls // 2, "2": walls // 2}, "dataset": dataset}
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def waiting_for(said: str, command: str, what: str) -> None:
    assert said.startswith(f"Waiting for `{command}` (pid "), said
    assert said.endswith(f") to finish with {what} ...\n"), said


def store_ids(ws: Path, name: str) -> list[str]:
    return sorted(p.id for p in read_puzzles(ws / "puzzles" / f"{name}.jsonl"))


def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    done = ocwtool(root, "import", str(ocw_file(tmp_path / "old.json", "old", 8)), "--format", "ocw")
    assert done.code == 0, done.err
    return root


def test_an_import_beside_a_split_waits_for_it_and_is_kept(ws: Path, tmp_path: Path) -> None:
    # The case: the split read the store, the import replaced it and its meta.json, then the
    # split wrote back what it had read: "Imported 6 puzzles" was lost, the meta.json said otherwise.
    new = ocw_file(tmp_path / "new.json", "new", 6)
    run = beside(
        ws, "ocwtool.curation.splits:apply_plan:after", ["split"], ["import", str(new), "--format", "ocw"]
    )
    assert (run.first.code, run.second.code) == (0, 0), (run.first.err, run.second.err)
    assert run.second.out.startswith(f"Imported 6 puzzles from {new} into puzzles/ocw.jsonl")
    assert store_ids(ws, "ocw") == [f"new{k:02d}" for k in range(6)]
    assert read(ws / "puzzles" / "ocw.meta.json")["season_to_walls_map"] == {"1": 3, "2": 3}
    waiting_for(run.said, f"ocwtool -w {ws} split", "puzzles/")
    assert list(ws.rglob(".ocwtool-lock.*")) == []  # both holders' records are gone


def test_a_split_beside_an_import_waits_and_splits_what_was_imported(ws: Path, tmp_path: Path) -> None:
    new = ocw_file(tmp_path / "new.json", "new", 6)
    hook = "ocwtool.acquisition.import_steps:link_to_workspace:after"
    run = beside(ws, hook, ["import", str(new), "--format", "ocw"], ["split", "--sizes", "2,2,2"])
    assert (run.first.code, run.second.code) == (0, 0), (run.first.err, run.second.err)
    puzzles = read_puzzles(ws / "puzzles" / "ocw.jsonl")
    assert sorted(p.id for p in puzzles) == [f"new{k:02d}" for k in range(6)]
    assert (
        sorted(str(p.split.value) for p in puzzles if p.split)
        == ["test"] * 2 + ["train"] * 2 + ["validation"] * 2
    )
    assert read(ws / "puzzles" / "ocw.meta.json")["season_to_walls_map"] == {"1": 3, "2": 3}
    waiting_for(run.said, f"ocwtool -w {ws} import {new} --format ocw", "puzzles/")


# SMOCI has nothing to add here (no server): the join leaves the walls as they are, and the scrape
# writes the store back; what matters is what it read.
NO_SMOCI = """
from ocwtool.scrapers import pipeline
from ocwtool.scrapers.crawl import CrawlReport
pipeline.crawl_smoci = lambda *args, **kwargs: CrawlReport("smoci")
"""


def test_an_import_beside_a_smoci_scrape_waits_for_it_and_is_kept(ws: Path, tmp_path: Path) -> None:
    new = ocw_file(tmp_path / "new.json", "new", 6)
    hook = "ocwtool.scrapers.pipeline:join:after"  # the scrape has read and joined the store
    import_new = ["import", str(new), "--format", "ocw"]
    run = beside(ws, hook, ["scrape", "smoci", "--store", "ocw", "--offline"], import_new, prelude=NO_SMOCI)
    assert (run.first.code, run.second.code) == (0, 0), (run.first.err, run.second.err)
    assert run.second.out.startswith(f"Imported 6 puzzles from {new} into puzzles/ocw.jsonl")
    assert store_ids(ws, "ocw") == [f"new{k:02d}" for k in range(6)]
    assert read(ws / "puzzles" / "ocw.meta.json")["season_to_walls_map"] == {"1": 3, "2": 3}
    waiting_for(run.said, f"ocwtool -w {ws} scrape smoci --store ocw --offline", "puzzles/")


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_variant_build_beside_a_split_waits_and_is_kept(ws: Path) -> None:
    # The split read variants/randomized.jsonl, the build replaced it (and its summary), then the split
    # wrote back the variants it had read, with the summary of the build beside them.
    assert ocwtool(ws, "split", "--sizes", "0,0,8").code == 0
    first = ocwtool(ws, "build-variants", "--kind", "randomized", "--seed", "1")
    assert first.code == 0, first.err
    hook = "ocwtool.curation.splits:inherit_splits:before"
    second = ["build-variants", "--kind", "randomized", "--seed", "7"]
    run = beside(ws, hook, ["split", "--sizes", "0,0,8"], second)
    assert (run.first.code, run.second.code) == (0, 0), (run.first.err, run.second.err)
    variants = read_puzzles(ws / "variants" / "randomized.jsonl")
    assert {v.lineage.seed for v in variants if v.lineage} == {7}
    summary = read(ws / "variants" / "randomized.summary.json")
    assert summary["sha256"] == _sha256(ws / "variants" / "randomized.jsonl")
    waiting_for(run.said, f"ocwtool -w {ws} split --sizes 0,0,8", "puzzles/")


def test_two_variant_builds_of_two_stores_keep_both_in_the_summary(ws: Path, tmp_path: Path) -> None:
    other = ocw_file(tmp_path / "other.json", "oth", 8)
    assert ocwtool(ws, "import", str(other), "--format", "ocw", "--source", "other").code == 0
    hook = "ocwtool.generators.build:read_json:after"  # the first build has read the summary
    first = ["build-variants", "--kind", "randomized", "--split", "all", "--source", "ocw"]
    second = ["build-variants", "--kind", "randomized", "--split", "all", "--source", "other"]
    assert ocwtool(ws, *first).code == 0  # a summary to read
    run = beside(ws, hook, first, second)
    assert (run.first.code, run.second.code) == (0, 0), (run.first.err, run.second.err)
    summary = read(ws / "variants" / "randomized.summary.json")
    assert sorted(summary["builds"]) == ["ocw", "other"]
    assert summary["puzzles"] == 16
    assert summary["sha256"] == _sha256(ws / "variants" / "randomized.jsonl")
    stores = sorted(
        {v.lineage.params["store"] for v in read_puzzles(ws / "variants" / "randomized.jsonl") if v.lineage}
    )
    assert stores == ["ocw", "other"]
    waiting_for(run.said, "ocwtool -w " + str(ws) + " " + " ".join(first), "variants/")


# The protocol through the command line: a writer finds the folder it writes held by another command.
HOLD = """
import sys
from pathlib import Path
from ocwtool import locks
locks.set_command(sys.argv[2])
with locks.folder_lock(Path(sys.argv[1])):
    print("held", flush=True)
    sys.stdin.readline()
"""


class Holder:
    """Another process holding ``folder``'s lock as ``command`` until :meth:`release`."""

    def __init__(self, folder: Path, command: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", HOLD, str(folder), command],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None and self.proc.stdout.readline() == "held\n"
        record = read(folder / f".ocwtool-lock.{self.proc.pid}.json")
        self.named = f"`{command}` (pid {self.proc.pid}, since {record['since']})"

    def release(self) -> None:
        if self.proc.poll() is None and self.proc.stdin is not None:
            self.proc.stdin.write("\n")
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


@pytest.fixture
def hold() -> Any:
    held: list[Holder] = []

    def start(folder: Path, command: str) -> Holder:
        held.append(Holder(folder, command))
        return held[-1]

    yield start
    for holder in held:
        holder.release()


def test_import_with_no_wait_is_refused_naming_the_split_that_holds_the_store(
    ws: Path, tmp_path: Path, hold: Any
) -> None:
    new = ocw_file(tmp_path / "new.json", "new", 6)
    holder = hold(ws / "puzzles", "ocwtool split --seed 7")
    done = ocwtool(ws, "--no-wait", "import", str(new), "--format", "ocw")
    assert (done.code, done.out) == (1, "")
    assert done.err == f"Error: puzzles/ is in use by {holder.named}; run this again when it has finished\n"
    holder.release()
    assert store_ids(ws, "ocw") == [f"old{k:02d}" for k in range(8)]  # nothing written


def test_split_with_no_wait_is_refused_naming_the_import_that_holds_the_store(ws: Path, hold: Any) -> None:
    before = (ws / "puzzles" / "ocw.jsonl").read_bytes()
    holder = hold(ws / "puzzles", "ocwtool import big.json --format ocw")
    done = ocwtool(ws, "--no-wait", "split")
    assert (done.code, done.out) == (1, "")
    assert done.err == f"Error: puzzles/ is in use by {holder.named}; run this again when it has finished\n"
    assert (ws / "puzzles" / "ocw.jsonl").read_bytes() == before


@pytest.mark.parametrize(
    ("args", "folder"),
    [
        (["import", "{new}", "--format", "ocw"], "puzzles"),
        (["split"], "puzzles"),
        (["build-variants", "--kind", "randomized", "--split", "all"], "variants"),
        (["validate", "--no-expectations"], "runs/validation"),
        (["export", "--format", "jsonl"], "exports"),
        (["reconcile", "ocw", "ocw", "-o", "{ws}/runs/diff.json"], "runs"),
        (["report"], "reports"),
        (["annotate", "import", "{labels}", "--format", "jsonl"], "annotations"),
    ],
)
def test_every_writer_with_no_wait_is_refused_naming_the_holder_of_what_it_writes(
    ws: Path, tmp_path: Path, hold: Any, args: list[str], folder: str
) -> None:
    new = ocw_file(tmp_path / "new.json", "new", 6)
    labels = tmp_path / "labels.jsonl"
    label = GroupLabel(group_id="old00_01", label=KnowledgeLabel.of("semantic"))
    alice = ItemRecord(
        annotator="alice", puzzle_id="old00", groups=(label,), created_at=T0, guideline_version="1"
    )
    labels.write_text(dumps(alice) + "\n")
    (ws / folder).mkdir(parents=True, exist_ok=True)
    before = sorted(str(p.relative_to(ws)) for p in ws.rglob("*"))
    holder = hold(ws / folder, "ocwtool demo")
    filled = [a.format(new=new, ws=ws, labels=labels) for a in args]
    done = ocwtool(ws, "--no-wait", *filled)
    assert (done.code, done.out) == (1, ""), done.err
    assert done.err == f"Error: {folder}/ is in use by {holder.named}; run this again when it has finished\n"
    holder.release()
    assert sorted(str(p.relative_to(ws)) for p in ws.rglob("*")) == before  # nothing written


def test_import_waits_for_the_split_saying_so_then_imports(ws: Path, tmp_path: Path, hold: Any) -> None:
    new = ocw_file(tmp_path / "new.json", "new", 6)
    holder = hold(ws / "puzzles", "ocwtool split")
    proc = subprocess.Popen(
        [sys.executable, "-m", "ocwtool", "-w", str(ws), "import", str(new), "--format", "ocw"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    said = proc.stderr.readline()
    holder.release()
    out, err = proc.communicate(timeout=120)
    assert said == f"Waiting for {holder.named} to finish with puzzles/ ...\n"
    assert (proc.returncode, err) == (0, "")
    assert out.startswith(f"Imported 6 puzzles from {new} into puzzles/ocw.jsonl")
    assert store_ids(ws, "ocw") == [f"new{k:02d}" for k in range(6)]

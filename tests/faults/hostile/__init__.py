"""The hostile-input corpus of issue #13, generated at test time (nothing large is committed).

Each ``cases_*.py`` module of this package exports ``CASES: list[HostileCase]``. A case writes its hostile
file(s) into a fresh folder that already holds a workspace ``ws`` with one store (``kept``, the embedded
OCW example) and returns the ``ocwtool`` arguments to run against it (``-w ws`` is added by the runner)
and the text the one-line error must name (usually the hostile file's path). The runner runs the real
CLI in-process and classifies the outcome; ``tests/faults/test_hostile_corpus.py`` asserts every case
ends in a clear error with nothing lost, and ``benchmarks/hostile_corpus.py`` prints the table.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import io
import pkgutil
import shutil
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ocwtool.cli import main
from ocwtool.data import example_path

#: A case's builder: given the case folder (holding ``ws``), write the hostile input and return
#: ``(arguments after "-w ws", text the error line must contain)``.
Builder = Callable[[Path], tuple[list[str], str]]


@dataclass(frozen=True)
class HostileCase:
    category: str  # the table's row, e.g. "json-nesting", "integer-bounds", "release-archive"
    name: str  # unique within its category; used as the pytest id
    build: Builder

    @property
    def id(self) -> str:
        return f"{self.category}/{self.name}"


@dataclass(frozen=True)
class Outcome:
    case: HostileCase
    code: int | None  # exit code, None when an exception escaped the CLI
    stderr: str
    escaped: str | None  # "ExcType: message" of an exception that escaped main(), with its traceback
    named: bool  # the error text contains the case's expected name
    changed: list[str] = field(default_factory=list)  # files that existed before and changed or vanished
    stray: list[str] = field(default_factory=list)  # files created inside the workspace

    @property
    def traceback(self) -> bool:
        return self.escaped is not None or "Traceback (most recent call last)" in self.stderr

    @property
    def clear(self) -> bool:
        """Exit 1 with exactly one ``Error: ...`` line naming what it should, and no traceback."""
        lines = self.stderr.strip().splitlines()
        one_line = len(lines) == 1 and lines[0].startswith("Error: ")
        return not self.traceback and self.code == 1 and one_line and self.named

    @property
    def data_lost(self) -> bool:
        return bool(self.changed)


@cache
def _template(root: Path) -> Path:
    """A workspace with the ``kept`` store, built once per process and copied for every case."""
    ws = root / "template" / "ws"
    code = _run_cli(["-w", str(ws), "import", str(example_path("ocw_example.json")), "--source", "kept"])
    if code[0] != 0:
        raise RuntimeError(f"could not build the template workspace: {code}")
    return ws


def _run_cli(argv: list[str]) -> tuple[int | None, str, str | None]:
    err = io.StringIO()
    escaped: str | None = None
    code: int | None = None
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except BaseException as exc:
            escaped = f"{type(exc).__name__}: {exc}\n" + "".join(traceback.format_exception(exc))
    return code, err.getvalue(), escaped


def _snapshot(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def run_case(case: HostileCase, scratch: Path) -> Outcome:
    """Run one case in ``scratch/<category>/<name>`` (created fresh) and classify what happened."""
    folder = scratch / case.category / case.name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    shutil.copytree(_template(scratch.resolve()), folder / "ws")
    args, name = case.build(folder)
    before = _snapshot(folder)
    code, stderr, escaped = _run_cli(["-w", str(folder / "ws"), *args])
    after = _snapshot(folder)
    changed = sorted(k for k, v in before.items() if after.get(k) != v)
    stray = sorted(k for k in after.keys() - before.keys() if k.startswith("ws/"))
    named = name in stderr or (escaped is not None and name in escaped)
    return Outcome(case, code, stderr, escaped, named, changed, stray)


def all_cases() -> Iterator[HostileCase]:
    """Every case of every ``cases_*`` module of this package, in module then list order."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("cases_"):
            yield from importlib.import_module(f"{__name__}.{info.name}").CASES

"""Every benchmark script still imports: a module moved or renamed in src/ breaks the benchmark that
imports it, and benchmarks are run by hand, so this is where it shows (bench_nyt.py once did)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.mark.parametrize("script", sorted(BENCHMARKS.glob("*.py")), ids=lambda p: p.name)
def test_the_benchmark_imports(script: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))  # scripts import their helpers (_shared.py) by name
    spec = importlib.util.spec_from_file_location(f"bench_{script.stem}", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)  # top level only: `if __name__ == "__main__"` does not run
    assert module.__doc__, f"{script.name} says what it measures in its docstring"

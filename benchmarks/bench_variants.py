"""Benchmark the variant generators (prints figures; not a test).

* Randomized over 494 walls (target < 0.2 s): the first 494 real walls when ../shared/data is present,
  else 494 synthetic walls; median of 5 runs, seed 42.
* WordNet over the 618 real walls (target < 5 s), *including* the WordNet load (``import nltk`` and
  NLTK's index reading) from an already prepared cache; the one-off preparation of the cache from the
  Debian files (copy + synset count) is timed separately in a temporary folder.

Usage: PYTHONPATH=src python benchmarks/bench_variants.py [--data ../shared/data]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from _shared import shared_data

from ocwtool.schema.models import Game, Group, Provenance, Puzzle

DEFAULT_DATA = shared_data() or Path("shared-data-not-found")
REAL = "ocw/onlyconnect_prerelease_618.json"


def load_real(data: Path) -> list[Puzzle] | None:
    """The real walls, read by the OCW JSON adapter (None when the shared data is absent)."""
    from ocwtool.formats.ocw_json import import_file

    path = data / REAL
    return list(import_file(path, "ocw").puzzles) if path.is_file() else None


def synthetic(n: int) -> list[Puzzle]:
    walls = []
    for i in range(n):
        groups = tuple(
            Group(id=f"s{i}_{k}", clues=tuple(f"c{i}-{k}-{j}" for j in range(4)), connection="x")  # type: ignore[arg-type]
            for k in range(4)
        )
        clues = tuple(c for g in groups for c in g.clues)
        walls.append(
            Puzzle(
                id=f"s{i:03d}",
                game=Game.OCW,
                source="ocw",
                clues=clues,
                groups=groups,  # type: ignore[arg-type]
                provenance=Provenance(source="ocw"),
            )
        )
    return walls


def bench_randomized(walls: list[Puzzle]) -> None:
    from ocwtool.generators.randomized import randomize

    times = []
    for _ in range(5):
        start = time.perf_counter()
        result = randomize(walls, 42)
        times.append(time.perf_counter() - start)
    print(
        f"randomized: {len(walls)} walls, median {statistics.median(times):.3f} s "
        f"(min {min(times):.3f}, max {max(times):.3f}); {result.draws} draws, {result.restarts} restarts"
    )


def bench_wordnet(walls: list[Puzzle]) -> None:
    from ocwtool.resources import wordnet as wb

    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        wb.prepare_debian_cache(wb.debian_source_dir(), Path(tmp))
        print(
            f"wordnet cache preparation from the Debian files (one-off): {time.perf_counter() - start:.2f} s"
        )
    cache = wb.default_cache_dir()
    wb.prepare_debian_cache(wb.debian_source_dir(), cache)  # warm, so the timing below is the load
    already = "nltk" in sys.modules
    start = time.perf_counter()
    backend = wb.open_nltk(cache_dir=cache)
    loaded = time.perf_counter()
    from ocwtool.generators.wordnet import generate

    result = generate(walls, backend)
    done = time.perf_counter()
    print(
        f"wordnet: {len(walls)} walls in {done - start:.2f} s total = load {loaded - start:.2f} s "
        f"(import nltk{' already done' if already else ' included'}) + generate {done - loaded:.2f} s; "
        f"{result.counts['complete_by_rule']} complete by the rule ({backend.description})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args()
    real = load_real(args.data)
    print(f"data: {'real walls from ' + str(args.data) if real else 'synthetic walls (no shared data)'}")
    bench_randomized(real[:494] if real else synthetic(494))
    if real is None:
        print("wordnet: skipped (needs the 618 real walls)")
        return
    bench_wordnet(real)


if __name__ == "__main__":
    main()

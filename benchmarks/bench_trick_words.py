"""Trick-word candidates on the real boards (prints figures; not a test): tried, rejected by cause,
verified and proposed, for the 618 OCW walls and the NYT archive.

The data is read where ``OCWTOOL_SHARED_DATA`` points (default: ``../shared/data`` beside the
checkout), imported into a temporary workspace (nothing is copied into the repository), and
extended as ``ocwtool build-variants --kind extended --trick-words 4`` does, with the scorer the
CLI would choose (``--scorer`` overrides: herrings, minilm, wordnet).

Run: OCWTOOL_SHARED_DATA=/work/shared/data PYTHONPATH=src python benchmarks/bench_trick_words.py
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from _shared import shared_data

from ocwtool.cli import main as cli_main
from ocwtool.fsio import read_json

FILES = {"ocw": "ocw/onlyconnect_prerelease_618.json", "nyt": "nyt/connections_archive_1163.json"}


def data_dir() -> Path:
    given = os.environ.get("OCWTOOL_SHARED_DATA")
    found = Path(given) if given else shared_data()
    if found is None or not found.is_dir():
        raise SystemExit("set OCWTOOL_SHARED_DATA to the reference data folder")
    return found


def run(args: list[str]) -> None:
    try:
        cli_main(args)
    except SystemExit as exc:
        if exc.code not in (0, None):
            raise


def measure(ws: Path, source: str, scorer: str | None) -> None:
    t0 = time.perf_counter()
    extra = ["--scorer", scorer] if scorer else []
    run(["-w", str(ws), "build-variants", "--kind", "extended", "--source", source, *extra])
    took = time.perf_counter() - t0
    build = read_json(ws / "variants" / "extended.summary.json")["builds"][source]
    tried = build["candidates"]["tried"]
    rejected = build["candidates"]["rejected"]
    total = sum(rejected.values())
    print(f"{source}: {build['puzzles']} boards in {took:.0f} s; scorer {build.get('scorer', 'wordnet')}")
    print(f"  tried {tried}, rejected {total} ({100 * total / max(tried, 1):.1f} %)")
    for cause, n in sorted(rejected.items(), key=lambda kv: -kv[1]):
        print(f"    {cause}: {n} ({100 * n / max(tried, 1):.1f} % of tried)")
    print(f"  tricks {build['tricks']}, boards with a verified trick: {build['boards_with_tricks']}")
    if "rules" in build:
        print(f"  group rules found: {build['rules']}")
    if "verified_by_rule" in build:
        print(f"  verified tricks by the rule they fail: {build['verified_by_rule']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scorer", default=None, help="herrings, minilm or wordnet (default: as the CLI)")
    parser.add_argument("--only", choices=sorted(FILES), default=None)
    args = parser.parse_args()
    data = data_dir()
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        run(["-w", str(ws), "init"])
        for source, rel in FILES.items():
            if args.only in (None, source):
                run(["-w", str(ws), "import", str(data / rel), "--source", source])
                measure(ws, source, args.scorer)


if __name__ == "__main__":
    main()

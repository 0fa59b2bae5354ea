"""The data section: what the stores hold (seasons, months, levels, knowledge types, lengths, flags,
splits). Pure: puzzles in, panels out; counts come from :func:`ocwtool.info.summarize` where it has them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

from ocwtool.annotations.agreement import TYPES
from ocwtool.info import puzzle_flags, summarize
from ocwtool.names import SPLITS
from ocwtool.report.model import Bars, Panel, Section, Series, empty
from ocwtool.schema.models import Flag, Game, Puzzle

Stores = Mapping[str, Sequence[Puzzle]]
LEVELS = ("0 yellow", "1 green", "2 blue", "3 purple")
CLUE_BINS = ("1-3", "4-6", "7-9", "10-12", "13-15", "16-20", "21+")
WORD_BINS = ("1", "2", "3", "4", "5", "6-8", "9+")
FLAGS_CAPTION = (
    "Puzzles per flag: flags stored on the puzzle, or found in its content (duplicate clues, "
    "blank connections, picture boards), counted once."
)


def _natural(key: str) -> tuple[int, int | str]:
    return (0, int(key)) if key.isdigit() else (1, key)


def counted_bars(
    counts: Mapping[str, Counter[str]],
    categories: Sequence[str] | None = None,
    xlabel: str = "",
    ylabel: str = "",
) -> Bars | None:
    """Bars of per-series counts over the union of their keys (natural order), or None when all empty."""
    keys = list(categories) if categories else sorted({k for c in counts.values() for k in c}, key=_natural)
    series = tuple(Series(name, tuple(float(c[k]) for k in keys)) for name, c in counts.items() if c)
    return Bars(tuple(keys), series, xlabel, ylabel, counts=True) if series and keys else None


def _per_store(stores: Stores, keys: Callable[[Puzzle], Iterable[str]]) -> dict[str, Counter[str]]:
    return {name: Counter(k for p in puzzles for k in keys(p)) for name, puzzles in stores.items()}


def _season(p: Puzzle) -> list[str]:
    if p.game is not Game.OCW:
        return []
    return ["unknown" if p.ocw is None or p.ocw.season is None else str(p.ocw.season)]


def _month(p: Puzzle) -> list[str]:
    return [p.nyt.date.strftime("%Y-%m")] if p.nyt is not None else []


def _levels(p: Puzzle) -> list[str]:
    return [LEVELS[g.level] for g in p.groups if g.level is not None]


def seasons_and_months(stores: Stores) -> list[Panel]:
    """Walls per season (OCW) and puzzles per month (NYT)."""
    seasons = counted_bars(_per_store(stores, _season), xlabel="season", ylabel="walls")
    months = counted_bars(_per_store(stores, _month), xlabel="month", ylabel="puzzles")
    return [
        Panel("data-walls-per-season", "Walls per season", seasons)
        if seasons
        else empty("data-walls-per-season", "Walls per season", "No Only Connect walls in the stores."),
        Panel("data-puzzles-per-month", "Puzzles per month", months)
        if months
        else empty("data-puzzles-per-month", "Puzzles per month", "No dated NYT puzzles in the stores."),
    ]


def difficulty(stores: Stores) -> Panel:
    """Groups per NYT difficulty level (yellow easiest .. purple hardest); when every puzzle has one
    group per level the four bars would be equal, so a note says that instead."""
    counts = _per_store(stores, _levels)
    chart = counted_bars(counts, LEVELS, xlabel="level", ylabel="groups")
    title = "Difficulty levels"
    if chart is None:
        return empty("data-levels", title, "No group carries a difficulty level (NYT only).")
    if any(len(set(s.values)) > 1 for s in chart.series):
        return Panel("data-levels", title, chart, caption="Groups per level, per store.")
    return empty("data-levels", title, _one_per_level(stores, counts))


def _one_per_level(stores: Stores, counts: Mapping[str, Counter[str]]) -> str:
    each = ", ".join(f"{name} {c[LEVELS[0]]}" for name, c in counts.items() if c)
    ordered = {
        name: n
        for name, puzzles in stores.items()
        if (n := sum(Flag.LEVEL_FROM_ORDER in p.flags for p in puzzles))
    }
    note = (
        "Every puzzle has one group per level (0 yellow easiest .. 3 purple hardest), so a count per "
        f"level is the same for all four ({each} groups each) and is not drawn."
    )
    if ordered:
        note += " Levels taken from the list order (no level in the source, flag level_from_order): "
        note += ", ".join(f"{name} {n} puzzles" for name, n in ordered.items()) + "."
    return note + " How often each level is found: Success by difficulty level, under Evaluation."


def knowledge_types(stores: Stores, types: Mapping[str, Sequence[str]], origin: str) -> Panel:
    """Share of each store's labelled groups per knowledge type."""
    counts = _per_store(stores, lambda p: (t for g in p.groups for t in types.get(g.id, ())))
    series = tuple(
        Series(name, tuple(c[t] / sum(c.values()) for t in TYPES)) for name, c in counts.items() if c
    )
    title = "Knowledge types per source"
    if not series:
        return empty(
            "data-knowledge-types", title, "No knowledge labels yet: ocwtool annotate suggest|label."
        )
    labelled = ", ".join(f"{n} {sum(c.values())} groups" for n, c in counts.items() if c)
    caption = f"Share of labelled groups per type; labels: {origin} ({labelled})."
    chart = Bars(TYPES, series, xlabel="knowledge type", ylabel="share of groups", share=True)
    return Panel("data-knowledge-types", title, chart, caption=caption)


def _bin(n: int, bins: Sequence[str]) -> str:
    for label in bins:
        lo, _, hi = label.rstrip("+").partition("-")
        if (label.endswith("+") and n >= int(lo)) or int(lo) <= n <= int(hi or lo):
            return label
    return bins[0]


def _shares(counts: Mapping[str, Counter[str]], bins: Sequence[str], unit: str) -> Bars | None:
    series = tuple(
        Series(name, tuple(c[b] / sum(c.values()) for b in bins)) for name, c in counts.items() if c
    )
    return Bars(tuple(bins), series, xlabel=unit, ylabel="share", share=True) if series else None


def lengths(stores: Stores) -> list[Panel]:
    """Clue lengths in characters and connection lengths in words, as shares per store."""
    clues = _per_store(stores, lambda p: (_bin(len(c), CLUE_BINS) for c in p.clues))
    words = _per_store(
        stores, lambda p: (_bin(len(c.split()), WORD_BINS) for c in p.connections if c.strip())
    )
    out = []
    for key, title, counts, bins, unit in (
        ("data-clue-lengths", "Clue lengths", clues, CLUE_BINS, "characters"),
        ("data-connection-lengths", "Connection lengths", words, WORD_BINS, "words"),
    ):
        chart = _shares(counts, bins, unit)
        out.append(Panel(key, title, chart) if chart else empty(key, title, "No puzzles in the stores."))
    return out


def flags_and_splits(stores: Stores) -> list[Panel]:
    """Puzzles per flag (stored, or found in the content: one bar per flag) and split sizes, per store."""
    summary = summarize(stores)["sources"]
    flags = _per_store(stores, lambda p: sorted(puzzle_flags(p)))
    splits = {name: Counter(s["splits"] or {"(none)": s["puzzles"]}) for name, s in summary.items()}
    found = counted_bars(flags, xlabel="puzzles", ylabel="flag")
    flag_chart = replace(found, horizontal=True) if found else None  # names read across, not upright
    order = [s for s in (*SPLITS, "(none)") if any(s in c for c in splits.values())]
    by_split = {s: Counter({n: c[s] for n, c in splits.items()}) for s in order}
    split_chart = counted_bars(by_split, list(summary), xlabel="store", ylabel="puzzles")
    total = sum(s["puzzles"] for s in summary.values())
    return [
        Panel("data-flags", "Flags found", flag_chart, caption=FLAGS_CAPTION)
        if flag_chart
        else empty("data-flags", "Flags found", f"No flags found in {total} puzzles."),
        Panel("data-splits", "Split sizes", split_chart)
        if split_chart
        else empty("data-splits", "Split sizes", "No puzzles in the stores."),
    ]


def data_section(stores: Stores, types: Mapping[str, Sequence[str]], type_origin: str) -> Section:
    """Everything about the stores' contents."""
    total = sum(len(p) for p in stores.values())
    intro = f"{total} puzzles in {len(stores)} store(s): " + ", ".join(
        f"{n} {len(p)}" for n, p in stores.items()
    )
    if not stores:
        intro = "No puzzle stores yet: ocwtool scrape … or ocwtool import FILE --format ocw."
    panels = [
        *seasons_and_months(stores),
        difficulty(stores),
        knowledge_types(stores, types, type_origin),
        *lengths(stores),
        *flags_and_splits(stores),
    ]
    return Section("data", "Data", intro, tuple(panels))

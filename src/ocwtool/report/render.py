"""Drawing the charts with matplotlib, byte-stable: the same chart gives the same SVG and PNG bytes.

Why these settings: the SVG backend salts its element ids with ``svg.hashsalt`` (fixed here instead
of random per process) and writes a date unless told not to; the PNG writer stamps the matplotlib
version as ``Software``; fonts come from the DejaVu Sans bundled with matplotlib (glyphs written as
paths, so nothing depends on the fonts of the machine that opens the file); rcParams are fixed in
one ``rc_context`` so a user's matplotlibrc changes nothing. pyplot is never used (no global state).

What a reader must be able to trust: tick labels never overlap (measured after layout, then turned
upright or thinned), 95 % intervals are drawn as whiskers, small counts stay visible beside large
ones (each bar labelled; a log axis when they span more than :data:`LOG_SPREAD` times).
"""

from __future__ import annotations

import io
import math
import textwrap
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from ocwtool.report.labels import lines, wrap
from ocwtool.report.model import Bars, Chart, Heatmap, Panel, Series
from ocwtool.report.render_heatmap import heatmap

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

PALETTE = ("#4477AA", "#EE6677", "#228833", "#CCBB44", "#66CCEE", "#AA3377", "#BBBBBB", "#222255")
RC: dict[str, Any] = {
    "svg.hashsalt": "ocwtool-report",
    "svg.fonttype": "path",
    "font.family": "DejaVu Sans",
    "font.size": 9.0,
    "axes.titlesize": 10.0,
    "figure.dpi": 100,
    "savefig.dpi": 100,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "path.simplify": True,
}
SVG_METADATA = {"Date": None, "Creator": None}
PNG_METADATA = {"Software": None}
WIDTH = 7.2
LOG_SPREAD = 50  # counts whose largest is this many times the smallest non-zero one: log axis
LABELLED_BARS = 40  # more bars than this: no count written on each (they would collide)
SIDE_LEGEND_CHARS = 24  # longer series names: the legend goes under the chart, not beside it
LABEL_GAP = 4  # pixels between neighbouring tick labels, about a space at 9 pt: closer reads as one
THINNING = (2, 3, 4, 6, 12, 24, 48)  # keep every k-th tick label when upright labels still collide
TITLE_CHARS = 100  # DejaVu Sans at 10 pt: about 100 characters across the figure
WHISKER: dict[str, Any] = {"fmt": "none", "ecolor": "#222222", "elinewidth": 1.2, "capsize": 3, "zorder": 3}


@contextmanager
def _style() -> Iterator[None]:
    import matplotlib as mpl
    from cycler import cycler

    style: Any = {**RC, "axes.prop_cycle": cycler(color=list(PALETTE))}
    with mpl.rc_context(style):
        yield


def render(panel: Panel) -> tuple[bytes, bytes]:
    """The panel's chart as (SVG, PNG) bytes."""
    with _style():
        fig = _figure(panel)
        svg, png = io.BytesIO(), io.BytesIO()
        fig.savefig(svg, format="svg", metadata=SVG_METADATA)
        fig.savefig(png, format="png", metadata=PNG_METADATA)
    return svg.getvalue(), png.getvalue()


def figure(panel: Panel) -> Figure:
    """The panel's chart laid out as it is saved (to measure what a reader would see)."""
    with _style():
        fig = _figure(panel)
        fig.draw_without_rendering()
    return fig


def _figure(panel: Panel) -> Figure:
    from matplotlib.figure import Figure

    chart = panel.chart
    if chart is None:
        raise ValueError(f"panel {panel.key} has no chart")
    fig = Figure(figsize=(WIDTH, _height(chart)), layout="constrained")
    ax = fig.add_subplot()
    # From the figure's left edge, wrapped: a long title over the axes alone would run off the right.
    fig.suptitle(textwrap.fill(panel.title, TITLE_CHARS), x=0.01, ha="left", fontsize=RC["axes.titlesize"])
    if isinstance(chart, Heatmap):
        heatmap(fig, ax, chart)
        fit_xticks(fig, ax, chart.cols)
    else:
        _bars(fig, ax, chart)
    return fig


def _height(chart: Chart) -> float:
    if isinstance(chart, Heatmap):
        return min(9.0, 2.0 + sum(max(0.42, 0.16 * lines(r)) for r in chart.rows))
    legend = 0.22 * _legend_rows(chart.series)
    if chart.horizontal:
        rows = sum(max(0.3 * math.sqrt(max(1, len(chart.series))), 0.16 * lines(c)) for c in chart.categories)
        return min(9.0, 1.6 + rows) + legend
    return 3.4 + legend


def _bars(fig: Figure, ax: Axes, chart: Bars) -> None:
    n = max(1, len(chart.series))
    width = 0.8 / n
    labelled = chart.counts and len(chart.categories) * n <= LABELLED_BARS
    zero = "" if log_scaled(chart) else "0"  # a log axis has no 0 to write it at
    for k, series in enumerate(chart.series):
        pos = [i - 0.4 + width * (k + 0.5) for i in range(len(chart.categories))]
        if chart.horizontal:
            bars = ax.barh(pos, series.values, height=width, label=series.name)
        else:
            bars = ax.bar(pos, series.values, width=width, label=series.name)
        _whiskers(ax, pos, series, chart.horizontal)
        if labelled:
            ax.bar_label(bars, labels=[f"{v:g}" if v else zero for v in series.values], fontsize=7, padding=1)
    _value_axis(ax, chart)
    ticks = list(range(len(chart.categories)))
    if chart.horizontal:
        ax.set_yticks(ticks, [wrap(c) for c in chart.categories])
        ax.invert_yaxis()  # first category on top, as in a leaderboard
        ax.grid(axis="y", visible=False)
    else:
        ax.grid(axis="x", visible=False)
    (ax.set_ylabel if chart.horizontal else ax.set_xlabel)(chart.ylabel if chart.horizontal else chart.xlabel)
    _legend(fig, ax, chart.series)
    if not chart.horizontal:
        fit_xticks(fig, ax, chart.categories)


def _whiskers(ax: Axes, pos: Sequence[float], series: Series, horizontal: bool) -> None:
    """Each value's 95 % interval as a whisker (values without one get none)."""
    rows = [
        (p, v, lo, hi)
        for p, v, lo, hi in zip(pos, series.values, series.lo, series.hi, strict=False)
        if lo is not None and hi is not None
    ]
    if not rows:
        return
    at, values = [r[0] for r in rows], [r[1] for r in rows]
    err = [[max(0.0, v - lo) for _, v, lo, _ in rows], [max(0.0, hi - v) for _, v, _, hi in rows]]
    if horizontal:
        ax.errorbar(values, at, xerr=err, **WHISKER)
    else:
        ax.errorbar(at, values, yerr=err, **WHISKER)


def log_scaled(chart: Bars) -> bool:
    """Counts so far apart that the small ones would vanish on a linear axis."""
    values = [v for s in chart.series for v in s.values if v > 0]
    return chart.counts and bool(values) and max(values) >= LOG_SPREAD * min(values)


def _value_axis(ax: Axes, chart: Bars) -> None:
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    horizontal = chart.horizontal
    axis, set_lim = (ax.xaxis, ax.set_xlim) if horizontal else (ax.yaxis, ax.set_ylim)
    label = chart.xlabel if horizontal else chart.ylabel
    values = [v for s in chart.series for v in s.values]
    if log_scaled(chart):
        (ax.set_xscale if horizontal else ax.set_yscale)("log")
        set_lim(0.5, max(values) * 2.5)  # from below 1, so a bar of 1 shows; room above for its count
        axis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))  # 1, 10, 100, not 10^0
        label = f"{label} (log scale)".strip()
    else:
        if chart.share or not any(values):  # all at 0, the axis would otherwise run -0.05..0.05
            set_lim(0, 1.0)
        if chart.counts:
            axis.set_major_locator(MaxNLocator(integer=True, steps=[1, 2, 5, 10]))
    (ax.set_xlabel if horizontal else ax.set_ylabel)(label)


def _legend_columns(series: Sequence[Series]) -> int:
    longest = max((len(s.name) for s in series), default=0)
    return max(1, min(len(series), int(WIDTH * 100 // (longest * 5.5 + 40))))


def _legend_rows(series: Sequence[Series]) -> int:
    """Rows of a legend under the chart (0: none, or beside the chart)."""
    if len(series) < 2 or max(len(s.name) for s in series) <= SIDE_LEGEND_CHARS:
        return 0
    return -(-len(series) // _legend_columns(series))


def _legend(fig: Figure, ax: Axes, series: Sequence[Series]) -> None:
    """Short names beside the chart; long ones under it, so they do not squeeze the axes."""
    if len(series) < 2:
        return
    if _legend_rows(series):
        fig.legend(loc="outside lower center", ncols=_legend_columns(series), fontsize=8, frameon=False)
    else:
        ax.legend(fontsize=8, frameon=False, loc="upper left", bbox_to_anchor=(1.0, 1.0))


def _collide(ax: Axes) -> bool:
    boxes = sorted(
        (t.get_window_extent() for t in ax.get_xticklabels() if t.get_visible() and t.get_text()),
        key=lambda b: b.x0,
    )
    return any(b.x0 < a.x1 + LABEL_GAP for a, b in pairwise(boxes))


def fit_xticks(fig: Figure, ax: Axes, labels: Sequence[str]) -> None:
    """Category labels under the axis that never overlap: level, else upright, else every k-th."""
    ticks = list(range(len(labels)))
    ax.set_xticks(ticks, labels)
    fig.draw_without_rendering()
    if not _collide(ax):
        return
    ax.set_xticks(ticks, labels, rotation=90, ha="center")
    fig.draw_without_rendering()
    for step in THINNING:
        if not _collide(ax):
            return
        shown = [label if k % step == 0 else "" for k, label in enumerate(labels)]
        ax.set_xticks(ticks, shown, rotation=90, ha="center")
        fig.draw_without_rendering()

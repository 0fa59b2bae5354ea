"""Drawing the charts with matplotlib, byte-stable: the same chart gives the same SVG and PNG bytes.

Why these settings: the SVG backend salts its element ids with ``svg.hashsalt`` (fixed here instead
of random per process) and writes a date unless told not to; the PNG writer stamps the matplotlib
version as ``Software``; fonts come from the DejaVu Sans bundled with matplotlib (glyphs written as
paths, so nothing depends on the fonts of the machine that opens the file); rcParams are fixed in
one ``rc_context`` so a user's matplotlibrc changes nothing. pyplot is never used (no global state).
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ocwtool.report.model import Bars, Chart, Heatmap, Panel

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


@contextmanager
def _style() -> Iterator[None]:
    import matplotlib as mpl
    from cycler import cycler

    style: Any = {**RC, "axes.prop_cycle": cycler(color=list(PALETTE))}
    with mpl.rc_context(style):
        yield


def render(panel: Panel) -> tuple[bytes, bytes]:
    """The panel's chart as (SVG, PNG) bytes."""
    if panel.chart is None:
        raise ValueError(f"panel {panel.key} has no chart")
    with _style():
        fig = _figure(panel.chart, panel.title)
        svg, png = io.BytesIO(), io.BytesIO()
        fig.savefig(svg, format="svg", metadata=SVG_METADATA)
        fig.savefig(png, format="png", metadata=PNG_METADATA)
    return svg.getvalue(), png.getvalue()


def _figure(chart: Chart, title: str) -> Figure:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(WIDTH, _height(chart)), layout="constrained")
    ax = fig.add_subplot()
    ax.set_title(title, loc="left")
    if isinstance(chart, Heatmap):
        _heatmap(fig, ax, chart)
    else:
        _bars(ax, chart)
    return fig


def _height(chart: Chart) -> float:
    if isinstance(chart, Heatmap):
        return min(9.0, 2.0 + 0.38 * len(chart.rows))
    if chart.horizontal:
        return min(9.0, 1.6 + 0.3 * len(chart.categories) * math.sqrt(max(1, len(chart.series))))
    return 3.4


def _bars(ax: Axes, chart: Bars) -> None:
    n = max(1, len(chart.series))
    width = 0.8 / n
    for k, series in enumerate(chart.series):
        pos = [i - 0.4 + width * (k + 0.5) for i in range(len(chart.categories))]
        err = _errors(series)
        if chart.horizontal:
            ax.barh(pos, series.values, height=width, xerr=err, label=series.name, capsize=2)
        else:
            ax.bar(pos, series.values, width=width, yerr=err, label=series.name, capsize=2)
    ticks = list(range(len(chart.categories)))
    if chart.horizontal:
        ax.set_yticks(ticks, chart.categories)
        ax.invert_yaxis()  # first category on top, as in a leaderboard
        ax.grid(axis="y", visible=False)
    else:
        rotate = max((len(c) for c in chart.categories), default=0) * len(chart.categories) > 70
        ax.set_xticks(
            ticks, chart.categories, rotation=35 if rotate else 0, ha="right" if rotate else "center"
        )
        ax.grid(axis="x", visible=False)
    if chart.share:
        (ax.set_xlim if chart.horizontal else ax.set_ylim)(0, 1.0)
    ax.set_xlabel(chart.xlabel)
    ax.set_ylabel(chart.ylabel)
    if len(chart.series) > 1:
        ax.legend(fontsize=8, frameon=False, loc="upper left", bbox_to_anchor=(1.0, 1.0))


def _errors(series: Any) -> Any:
    """Error bar lengths below and above each value (None without an interval)."""
    if not series.lo:
        return None
    below = [max(0.0, v - lo) for v, lo in zip(series.values, series.lo, strict=True)]
    above = [max(0.0, hi - v) for v, hi in zip(series.values, series.hi, strict=True)]
    return [below, above]


def _heatmap(fig: Figure, ax: Axes, chart: Heatmap) -> None:
    import numpy as np

    data = np.array([[math.nan if v is None else v for v in row] for row in chart.values], dtype=float)
    vmax = 1.0 if chart.share else max(1.0, float(np.nanmax(data)) if np.isfinite(data).any() else 1.0)
    image = ax.imshow(data, cmap="viridis", vmin=0.0, vmax=vmax, aspect="auto")
    ax.set_xticks(range(len(chart.cols)), chart.cols, rotation=30, ha="right")
    ax.set_yticks(range(len(chart.rows)), chart.rows)
    ax.grid(visible=False)
    ax.set_facecolor("#e8e8e8")  # cells without data (NaN) are left transparent over this
    for (r, c), value in np.ndenumerate(data):
        if math.isfinite(value):
            text = f"{value:.2f}" if chart.share else f"{value:.0f}"
            colour = "white" if value < 0.6 * vmax else "black"
            ax.text(c, r, text, ha="center", va="center", fontsize=8, color=colour)
    ax.set_xlabel(chart.xlabel)
    ax.set_ylabel(chart.ylabel)
    fig.colorbar(image, ax=ax, shrink=0.8)

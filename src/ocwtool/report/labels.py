"""Category labels beside an axis, wrapped: a long run name (``openai_gpt_4o_mini_…_oneshot · ocw /
test``) on one line would take the width of the chart and squeeze its bars or cells to nothing."""

from __future__ import annotations

import textwrap

LABEL_CHARS, LABEL_LINES = 34, 3


def wrap(label: str) -> str:
    """``label`` on at most :data:`LABEL_LINES` lines of :data:`LABEL_CHARS` characters (broken at
    spaces, else anywhere; an ellipsis says when some was left out)."""
    lines = textwrap.wrap(label, LABEL_CHARS, break_on_hyphens=False) or [""]
    return "\n".join(lines[:LABEL_LINES]) + ("…" if len(lines) > LABEL_LINES else "")


def lines(label: str) -> int:
    """How many lines :func:`wrap` puts ``label`` on."""
    return wrap(label).count("\n") + 1

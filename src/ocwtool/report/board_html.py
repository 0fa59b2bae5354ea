"""A board drawn in HTML: one table row per gold group, each decoy clue shaded by its score.

HTML rather than a figure so that each clue carries its own hover text (``title``) and its text stays
selectable; no script, colours inline, every text escaped (clues and connections are untrusted).
"""

from __future__ import annotations

from html import escape

from ocwtool.report.model import Board, Decoy

SHADE = (238, 102, 119)  # the report palette's red
LIGHTEST = 0.15  # the alpha of a score of 0: still visibly a decoy
SCALE_STEPS = (0.0, 0.5, 1.0)

BOARD_STYLE = """
table.board { table-layout: fixed; width: 100%; }
table.board th, table.board td { overflow-wrap: anywhere; text-align: center; padding: .4em; }
table.board th { width: 22%; background: #f4f4f4; font-weight: normal; text-align: left; }
table.board small { display: block; color: #333; font-size: .8em; }
td.unscored, .swatch.unscored {
  background: repeating-linear-gradient(45deg, #f6d5da 0 5px, #fff 5px 10px); }
.swatch { display: inline-block; width: 1.2em; height: .9em; border: 1px solid #bbb;
          vertical-align: middle; margin: 0 .2em 0 .6em; }
"""


def shade(score: float) -> str:
    """The background of a decoy of this score (0-1): the deeper, the likelier."""
    alpha = LIGHTEST + (1 - LIGHTEST) * min(1.0, max(0.0, score))
    return f"rgba({SHADE[0]}, {SHADE[1]}, {SHADE[2]}, {alpha:.2f})"


def _pull(decoy: Decoy) -> str:
    score = f" (score {decoy.score:.2f})" if decoy.score is not None else " (no score)"
    return f"pulled toward {decoy.toward}{score}"


def _cell(clue: str, decoys: tuple[Decoy, ...]) -> str:
    if not decoys:
        return f"<td>{escape(clue)}</td>"
    scores = [d.score for d in decoys if d.score is not None]
    look = f'style="background-color: {shade(max(scores))}"' if scores else 'class="unscored"'
    title = escape(f"{clue}: " + "; ".join(_pull(d) for d in decoys))
    toward = "<br>".join(f"→ {escape(d.toward)}" for d in decoys)
    return f'<td {look} title="{title}">{escape(clue)}<small>{toward}</small></td>'


def _scale() -> str:
    steps = "".join(
        f'<span class="swatch" style="background-color: {shade(s)}"></span>{s:g}' for s in SCALE_STEPS
    )
    return f'<p class="note">Decoy score:{steps}<span class="swatch unscored"></span>no score</p>'


def board_html(board: Board) -> str:
    """The board's table and its colour scale."""
    rows = "".join(
        f'<tr><th scope="row">{escape(row.group)}</th>'
        + "".join(_cell(c, d) for c, d in zip(row.clues, row.decoys, strict=True))
        + "</tr>"
        for row in board.rows
    )
    return f'<table class="board"><tbody>{rows}</tbody></table>\n{_scale()}'

"""The report page: one self-contained HTML file (figures inline as base64 SVG, styles inline, no
script and nothing fetched), so it opens from disk, offline, and diffs byte for byte."""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from html import escape

from ocwtool.report.board_html import BOARD_STYLE, board_html
from ocwtool.report.model import Panel, Section

STYLE = """
body { font-family: "DejaVu Sans", Verdana, sans-serif; margin: 2em auto; max-width: 60em; color: #222;
       padding: 0 1em; line-height: 1.4; }
h1 { border-bottom: 2px solid #4477AA; padding-bottom: .2em; }
h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
figure { margin: 1em 0; }
img { max-width: 100%; height: auto; }
figcaption, .note { color: #555; font-size: .9em; }
.note { background: #f4f4f4; border-left: 4px solid #bbb; padding: .5em 1em; }
table { border-collapse: collapse; font-size: .85em; margin: .5em 0; max-width: 100%; }
th, td { border: 1px solid #ddd; padding: .2em .5em; text-align: left; }
td.long { overflow-wrap: anywhere; }
nav ul { columns: 2; }
"""
STYLE += BOARD_STYLE


LONG_WORD = 24  # characters


def data_uri(svg: bytes) -> str:
    """An SVG as a ``data:`` URI (base64: no escaping questions inside attributes)."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")


def _cell(text: str) -> str:
    """A cell; one holding a word too long for a column (a run name, a path) may break anywhere, so
    the table fits the page. Only those: breaking every cell anywhere would split short headers."""
    long = any(len(word) > LONG_WORD for word in text.split())
    return f'<td class="long">{escape(text)}</td>' if long else f"<td>{escape(text)}</td>"


def _table(rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in rows[0])
    body = "".join("<tr>" + "".join(_cell(c) for c in r) + "</tr>" for r in rows[1:])
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _panel(panel: Panel, svgs: Mapping[str, bytes]) -> str:
    parts = [f'<section class="panel" id="{escape(panel.key)}">', f"<h3>{escape(panel.title)}</h3>"]
    caption = f"<figcaption>{escape(panel.caption)}</figcaption>" if panel.caption else ""
    if panel.key in svgs:
        alt = escape(panel.title)
        parts.append(f'<figure><img alt="{alt}" src="{data_uri(svgs[panel.key])}">{caption}</figure>')
    elif panel.board is not None:
        parts.append(f"<figure>{board_html(panel.board)}{caption}</figure>")
    else:
        parts.append(f'<p class="note">{escape(panel.note or "No data.")}</p>')
    if panel.table:
        parts.append(_table(panel.table))
    parts.append("</section>")
    return "\n".join(parts)


def _section(section: Section, svgs: Mapping[str, bytes]) -> str:
    head = f'<h2 id="{escape(section.key)}">{escape(section.title)}</h2>\n<p>{escape(section.intro)}</p>'
    return "\n".join([head, *(_panel(p, svgs) for p in section.panels)])


def page(title: str, subtitle: str, sections: Sequence[Section], svgs: Mapping[str, bytes]) -> str:
    """The whole HTML document."""
    nav = "".join(f'<li><a href="#{escape(s.key)}">{escape(s.title)}</a></li>' for s in sections)
    body = "\n".join(_section(s, svgs) for s in sections)
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        f"<h1>{escape(title)}</h1>\n<p>{escape(subtitle)}</p>\n<nav><ul>{nav}</ul></nav>\n"
        f"{body}\n</body>\n</html>\n"
    )

"""Generator of ocdb.cc-style pages (markup per SOURCES.md) holding invented walls.

Also used by ``benchmarks/bench_ocdb.py``. Clue and connection strings are HTML snippets, so tests
can put entities, nested markup and media in them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

Wall = Sequence[tuple[str, Sequence[str]]]  # 4 x (connection html, 4 clue htmls)

WALLS: list[Wall] = [
    [
        ("Types of knot", ["Bowline", "Reef", "Granny", "Sheepshank"]),
        ("Famous Gregs", ["Wallace", "Davies", "Rutherford", "James"]),
        ("___ board", ["Surf", "Chess", "Skirting", "Key"]),
        ("Moons of Jupiter", ["Io", "Europa", "Callisto", "Ganymede"]),
    ],
    [
        ("Pasta shapes", ["Penne", "Farfalle", "Orzo", "Fusilli"]),
        ("Hidden animals", ["Scatter", "Flamingo", "Bratwurst", "Crowbar"]),
        ("Poker terms", ["River", "Flop", "Turn", "Blind"]),
        ("Lighthouse keepers' needs", ["Lamp", "Lens", "Oil", "Patience"]),
    ],
    [
        ("Things with keys", ["Piano", "Map", "Typewriter", "Cipher"]),
        ("Tennis shots", ["Lob", "Volley", "Smash", "Drop"]),
        ("Birds", ["Rook", "Kite", "Swift", "Crane"]),
        ("Shades of green", ["Olive", "Lime", "Sage", "Jade"]),
    ],
    [
        ("Rivers of England", ["Severn", "Trent", "Ouse", "Wear"]),
        ("Famous Adas", ["Lovelace", "Nield", "Colley", "Bryant"]),
        ("Yoga poses", ["Cobra", "Tree", "Warrior", "Bridge"]),
        ("Cheeses", ["Stilton", "Brie", "Gouda", "Feta"]),
    ],
]

GLYPHS = {"Lion": "\U000130ed", "Water": "\U00013217", "Alpha": "\u03b1", "Beta": "\u03b2"}


@dataclass
class EpisodeSpec:
    """One episode page to render."""

    title: str = "Pianists v Tuners"
    series: int | None = 5
    episode: int | None = 3
    walls: list[Wall] = field(default_factory=lambda: [WALLS[0], WALLS[1]])
    names: list[str | None] | None = None  # heading per wall (None = no h3); default by era
    heading_style: str = "word"  # word | glyph | both
    labels: str = "after_group"  # after_group | after_all
    wall_ids: bool | Sequence[bool] = True  # one bool for all walls, or one per wall
    with_other_rounds: bool = True
    with_wall_round: bool = True


def era_names(series: int | None) -> list[str | None]:
    return ["Alpha", "Beta"] if series is not None and series <= 3 else ["Lion", "Water"]


def _heading(name: str | None, style: str) -> str:
    if name is None:
        return ""
    text = {"word": name, "glyph": GLYPHS[name], "both": f"{GLYPHS[name]} {name}"}[style]
    return f"  <h3>{text}</h3>\n"


def _wall_html(wall: Wall, labels: str) -> str:
    clue_rows: list[list[str]] = []
    label_rows: list[str] = []
    for g, (connection, clues) in enumerate(wall, start=1):
        clue_rows.append(
            [
                f'<div class="group{g}-clue{c}"><div class="clue">{clue}</div></div>'
                for c, clue in enumerate(clues, 1)
            ]
        )
        front, back = '<div class="front">Answer</div>', f'<div class="back">{connection}</div>'
        label_rows.append(f'<label class="group{g}-answer">{front}{back}</label>')
    if labels == "after_group":
        body = [line for rows, label in zip(clue_rows, label_rows, strict=True) for line in [*rows, label]]
    else:
        body = [line for rows in clue_rows for line in rows] + label_rows
    return '<div class="wall-container">\n      ' + "\n      ".join(body) + "\n    </div>"


def _other_round(n: int) -> str:
    # ids #clue1..4 repeat in every question of rounds 1-2: parsers must scope lookups.
    clues = "".join(f'<div id="clue{c}"><p>Decoy {n}-{c}</p></div>' for c in range(1, 5))
    return (
        f'  <h2 id="round{n}">Round {n}</h2>\n  <h3>Two Reeds</h3>\n'
        f'  <div class="question">{clues}<div class="answer-show back">Decoy answer</div></div>\n'
    )


def _has_id(wall_ids: bool | Sequence[bool], position: int) -> bool:
    if isinstance(wall_ids, bool):
        return wall_ids
    return position <= len(wall_ids) and wall_ids[position - 1]


def render_episode(spec: EpisodeSpec) -> str:
    """The HTML of an episode page."""
    meta = (
        f'  <h2 class="episode_meta">\n    Series {spec.series},\n    Episode {spec.episode}\n  </h2>\n'
        if spec.series is not None
        else ""
    )
    parts = [
        '<!DOCTYPE html>\n<html lang="en-GB"><head><meta charset="UTF-8">',
        f'<title>{spec.title} | OCDB</title></head>\n<body>\n<div class="headline">\n',
        f'  <h1 id="internaltext">{spec.title}</h1>\n{meta}</div>\n<div class="content">\n',
    ]
    if spec.with_other_rounds:
        parts += [_other_round(1), _other_round(2)]
    if spec.with_wall_round:
        parts.append('  <h2 id="round3">Round 3: Connecting Wall</h2>\n')
        names = spec.names if spec.names is not None else era_names(spec.series)
        for i, wall in enumerate(spec.walls, start=1):
            ident = f' id="wall_{i}"' if _has_id(spec.wall_ids, i) else ""
            name = names[i - 1] if i - 1 < len(names) else None
            parts.append(_heading(name, spec.heading_style))
            parts.append(f'  <div class="question"{ident}>\n    {_wall_html(wall, spec.labels)}\n  </div>\n')
    parts.append('  <h2 id="round4">Round 4: Missing Vowels</h2>\n  <div class="vowel-round">x</div>\n')
    parts.append("</div>\n</body>\n</html>\n")
    return "".join(parts)


def render_index(slugs: Sequence[str], markup: str = "episode_link") -> str:
    """An index page linking ``/episode/<slug>/`` (``markup``: episode_link | series_container | bare)."""
    links = [f'<a href="https://ocdb.cc/episode/{s}/">{s}</a>' for s in slugs]
    if markup == "episode_link":
        body = "".join(f'<div class="episode_link">{a}</div>' for a in links)
    elif markup == "series_container":
        body = f'<div class="series_container">{"".join(links)}</div>'
    else:
        body = "<ul>" + "".join(f"<li>{a}</li>" for a in links + links) + "</ul>"
    return f'<html><body><a href="/about/">About</a>{body}</body></html>'

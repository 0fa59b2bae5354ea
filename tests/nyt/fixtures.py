"""Original NYT-shaped fixtures written for these tests (never excerpts of the real data)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

# Four original groups, yellow..purple.
GROUPS: list[tuple[str, list[str]]] = [
    ("CITRUS FRUITS", ["LEMON", "LIME", "ORANGE", "YUZU"]),
    ("PARTS OF A SHIP", ["BOW", "HULL", "KEEL", "STERN"]),
    ("___ CAKE", ["CUP", "PAN", "SPONGE", "CHEESE"]),
    ("“SILENT” LETTERS IN ‘KNIGHT’", ["K", "G", "H", "GH"]),
]
# A fixed starting board: position p holds this (group, index) pair.
BOARD_ORDER = [(k % 4, (k // 4 + k) % 4) for k in range(16)]


def board_words(groups: list[tuple[str, list[str]]] = GROUPS) -> list[str]:
    return [groups[g][1][i] for g, i in BOARD_ORDER]


def _positions() -> dict[tuple[int, int], int]:
    return {pair: pos for pos, pair in enumerate(BOARD_ORDER)}


def v2_doc(
    date: dt.date = dt.date(2024, 3, 5),
    groups: list[tuple[str, list[str]]] = GROUPS,
    images: set[tuple[int, int]] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A v2 response; ``images`` lists (group, index) cards shown as pictures (alt text = the word)."""
    pos = _positions()
    cats = []
    for g, (title, words) in enumerate(groups):
        cards: list[dict[str, Any]] = []
        for i, w in enumerate(words):
            if images is not None and (g, i) in images:
                cards.append({"position": pos[g, i], "image_url": f"{pos[g, i]}.svg", "image_alt_text": w})
            else:
                cards.append({"content": w, "position": pos[g, i]})
        cats.append({"title": title, "cards": cards})
    doc = {
        "status": "OK",
        "id": 4242,
        "print_date": date.isoformat(),
        "editor": "A. Editor",
        "categories": cats,
    }
    return doc | extra


def v1_doc(groups: list[tuple[str, list[str]]] = GROUPS) -> dict[str, Any]:
    """A retired v1 response (groups keyed by title, listed out of level order on purpose)."""
    order = [2, 0, 3, 1]
    words = board_words(groups)
    return {
        "id": 7,
        "groups": {groups[k][0]: {"level": k, "members": groups[k][1]} for k in order},
        "startingGroups": [words[r * 4 : r * 4 + 4] for r in range(4)],
    }


def body(doc: Any) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode()


def archive_day_html(number: int, date_text: str, groups: list[tuple[str, list[str]]]) -> str:
    items = "".join(f"<li><strong>{t}</strong> - {', '.join(ws)}</li>" for t, ws in groups)
    return f"<li>NYT Connections {number} - {date_text}<ul>{items}</ul></li>"


NUMBER_GROUPS: list[tuple[str, list[str]]] = [
    ("PRIMES", ["TWO", "THREE", "FIVE", "SEVEN"]),
    ("BIG ROUND NUMBERS", ["1,000", "100", "10", "1,000,000"]),
    ("SHADES OF RED", ["RUBY", "CRIMSON", "SCARLET", "BRICK"]),
    ("ROCK &amp; ROLL ___", ["HALL", "STAR", "BAND", "LEGEND"]),
]


def archive_page(days: list[str], pages: int = 3, current: int = 1) -> str:
    """A listing page shaped like SOURCES.md describes, with today's answers above the archive."""
    links = "".join(
        f'<a class="page-numbers" href="/nyt-connections-answers/{k}/">{k}</a>'
        if k > 1
        else '<a class="page-numbers" href="/nyt-connections-answers/">1</a>'
        for k in range(1, pages + 1)
        if k != current
    )
    return (
        "<html><body><h1>NYT Connections Answers</h1>"
        "<p>Today's puzzle:</p><ul><li>NYT Connections hint of the day</li></ul>"
        '<h2 class="wp-block-heading">NYT Connections Answers Archive</h2>'
        f"<ul>{''.join(days)}</ul>"
        f'<nav class="pagination">{links}<a href="/other-game-answers/">Wordle</a></nav>'
        "</body></html>"
    )

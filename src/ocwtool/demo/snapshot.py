"""Render the bundled demo snapshot into the real sites' page and JSON formats (pure).

The snapshot (``ocwtool/data/demo/snapshot.json``) holds original walls and boards written for the
demo. ``render_site`` turns it into a route table ``path -> (content type, body)`` that mimics
ocdb.cc episode pages, the NYT v2 JSON endpoint and the tryhardguides listing, so the real scrapers
can crawl it from a loopback server.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import random
from importlib import resources
from typing import Any

Routes = dict[str, tuple[str, bytes]]
HTML = "text/html; charset=utf-8"
JSON = "application/json; charset=utf-8"
ROBOTS = "User-agent: *\nDisallow: /wp-admin/\nAllow: /\n"
LISTING_PATH = "/nyt-connections-answers/"
LISTING_PAGE_SIZE = 5
SMOCI_PATH = "/smoci/only-connect"


def load_snapshot() -> dict[str, Any]:
    """The bundled snapshot document."""
    text = resources.files("ocwtool.data.demo").joinpath("snapshot.json").read_text(encoding="utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


def render_site(snapshot: dict[str, Any]) -> Routes:
    """Every page of the demo site (ocdb, NYT endpoint, archive listing, robots.txt)."""
    routes: Routes = {"/robots.txt": ("text/plain", ROBOTS.encode())}
    routes["/episodes/"] = (HTML, _ocdb_index(snapshot["ocdb"]).encode())
    for k, episode in enumerate(snapshot["ocdb"]):
        routes[f"/episode/{episode['slug']}/"] = (HTML, _ocdb_episode(episode, k).encode())
    for board in snapshot["nyt"]:
        body = json.dumps(_nyt_v2(board), ensure_ascii=False, indent=1)
        routes[f"/svc/connections/v2/{board['date']}.json"] = (JSON, body.encode())
    routes.update(_listing_pages(snapshot["nyt"], snapshot.get("archive_defects", {})))
    for table, rows in smoci_tables(snapshot["ocdb"]).items():
        doc = {"database": "only-connect", "table": table, "rows": rows, "next": None, "next_url": None}
        routes[f"{SMOCI_PATH}/{table}.json"] = (JSON, json.dumps(doc, ensure_ascii=False).encode())
    return routes


def nyt_dates(snapshot: dict[str, Any]) -> tuple[dt.date, dt.date]:
    """First and last date of the snapshot's NYT boards."""
    dates = sorted(dt.date.fromisoformat(b["date"]) for b in snapshot["nyt"])
    return dates[0], dates[-1]


# ocdb.cc ---------------------------------------------------------------------------------
def _ocdb_index(episodes: list[dict[str, Any]]) -> str:
    items = "\n".join(
        f'<div class="episode_link"><a href="https://ocdb.cc/episode/{e["slug"]}/">'
        f"{html.escape(e['title'])}</a></div>"
        for e in episodes
    )
    return _page("Episodes | OCDB", f'<div class="content">\n{items}\n</div>')


def _ocdb_episode(episode: dict[str, Any], k: int) -> str:
    meta = f"Series {episode['series']},\n    Episode {episode['episode']}"
    head = (
        f'<div class="headline"><h1 id="internaltext">{html.escape(episode["title"])}</h1>\n'
        f'  <h2 class="episode_meta">\n    {meta}\n  </h2></div>'
    )
    rounds = (
        '<h2 id="round1">Round 1: Connections</h2>\n'
        '<div class="question"><div id="clue1"><p>-</p></div></div>'
    )
    walls = "\n".join(_ocdb_wall(w, n + 1, interleave=(k % 2 == 0)) for n, w in enumerate(episode["walls"]))
    body = (
        f'{head}\n<div class="content">\n{rounds}\n<h2 id="round3">Round 3: Connecting Wall</h2>\n{walls}\n'
    )
    body += '<h2 id="round4">Round 4: Missing Vowels</h2>\n</div>'
    return _page(f"{html.escape(episode['title'])} | OCDB", body)


def _ocdb_wall(wall: dict[str, Any], n: int, *, interleave: bool) -> str:
    clues, labels = [], []
    for g, group in enumerate(wall["groups"], start=1):
        for c, clue in enumerate(group["clues"], start=1):
            clues.append(f'<div class="group{g}-clue{c}"><div class="clue">{html.escape(clue)}</div></div>')
        labels.append(
            f'<label class="group{g}-answer"><div class="front">Answer</div>'
            f'<div class="back">{html.escape(group["connection"])}</div></label>'
        )
    if interleave:
        parts = [x for g in range(4) for x in (*clues[4 * g : 4 * g + 4], labels[g])]
    else:
        parts = clues + labels
    inner = "\n      ".join(parts)
    return (
        f"<h3>{wall['name']}</h3>\n"
        f'<div class="question" id="wall_{n}">\n  <div class="wall-container">\n'
        f"      {inner}\n  </div>\n</div>"
    )


def _page(title: str, body: str) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en-GB">\n<head><meta charset="UTF-8">'
        f"<title>{title}</title></head>\n<body>\n{body}\n</body>\n</html>\n"
    )


# SMOCI (Datasette JSON, _shape=objects) --------------------------------------------------
def smoci_tables(episodes: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """SMOCI's ``matches``, ``teams``, ``walls`` and ``wall_groups`` rows for the snapshot's walls."""
    tables: dict[str, list[dict[str, Any]]] = {"matches": [], "teams": [], "walls": [], "wall_groups": []}
    team_ids: dict[str, int] = {}
    for match_id, episode in enumerate(episodes, start=1):
        tables["matches"].append(
            {
                "id": match_id,
                "broadcast": f"{episode['air_date']} 20:30:00 +0100",
                "S": episode["series"],
                "E": episode["episode"],
                "card": episode["title"],
            }
        )
        for wall in episode["walls"]:
            team = team_ids.setdefault(wall["team"], len(team_ids) + 1)
            wall_id = len(tables["walls"]) + 1
            tables["walls"].append({"id": wall_id, "match": match_id, "team": team, "glyph": wall["name"]})
            for order, group in enumerate(wall["groups"], start=1):
                tables["wall_groups"].append(
                    {
                        "id": len(tables["wall_groups"]) + 1,
                        "match": match_id,
                        "wall": wall_id,
                        "clues": json.dumps(group["clues"], ensure_ascii=False),
                        "connection": group["connection"],
                        "found": group["found"],
                        "identified": group["identified"],
                        "#": order,
                    }
                )
    tables["teams"] = [{"id": i, "name": name} for name, i in team_ids.items()]
    return tables


# NYT endpoint ----------------------------------------------------------------------------
def _nyt_v2(board: dict[str, Any]) -> dict[str, Any]:
    positions = list(range(16))
    random.Random(board["date"]).shuffle(positions)
    picture = bool(board.get("picture"))
    categories = []
    for g, group in enumerate(board["groups"]):
        cards = []
        for c, word in enumerate(group["words"]):
            pos = positions[4 * g + c]
            card: dict[str, Any] = {"position": pos}
            if picture:
                card.update(image_url=f"{pos}.svg", image_alt_text=word)
            else:
                card["content"] = word
            cards.append(card)
        categories.append({"title": group["title"], "cards": cards})
    number = (dt.date.fromisoformat(board["date"]) - dt.date(2023, 6, 12)).days + 1
    return {
        "status": "OK",
        "id": 9000 + number,
        "print_date": board["date"],
        "editor": board.get("editor"),
        "categories": categories,
    }


# tryhardguides listing -------------------------------------------------------------------
def _listing_pages(boards: list[dict[str, Any]], defects: dict[str, Any]) -> Routes:
    newest_first = sorted(boards, key=lambda b: b["date"], reverse=True)
    pages = [newest_first[i : i + LISTING_PAGE_SIZE] for i in range(0, len(newest_first), LISTING_PAGE_SIZE)]
    routes: Routes = {}
    for k, chunk in enumerate(pages, start=1):
        path = LISTING_PATH if k == 1 else f"{LISTING_PATH}{k}/"
        nxt = f"https://tryhardguides.com{LISTING_PATH}{k + 1}/" if k < len(pages) else None
        routes[path] = (HTML, _listing_page(chunk, defects, nxt).encode())
    return routes


def _listing_page(boards: list[dict[str, Any]], defects: dict[str, Any], nxt: str | None) -> str:
    days = "\n".join(_listing_day(b, defects.get(b["date"], {})) for b in boards)
    body = (
        '<div class="entry-content">\n<h2 class="wp-block-heading">NYT Connections Answers Archive</h2>\n'
        f"<ul>\n{days}\n</ul>\n</div>"
    )
    if nxt:
        body += f'\n<nav class="pagination"><a class="next page-numbers" href="{nxt}">Next</a></nav>'
    return _page("NYT Connections Answers", body)


def _listing_day(board: dict[str, Any], defect: dict[str, str]) -> str:
    date = dt.date.fromisoformat(board["date"])
    number = (date - dt.date(2023, 6, 12)).days + 1
    header = f"NYT Connections {number} - {date:%B} {_ordinal(date.day)}, {date.year}"
    rows = []
    for g, group in enumerate(board["groups"]):
        title = defect.get(f"title_{g}", group["title"])
        rows.append(
            f"<li><strong>{html.escape(title)}</strong> - {html.escape(', '.join(group['words']))}</li>"
        )
    return f"<li>{header}\n<ul>\n" + "\n".join(rows) + "\n</ul>\n</li>"


def _ordinal(day: int) -> str:
    suffix = "th" if 11 <= day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"

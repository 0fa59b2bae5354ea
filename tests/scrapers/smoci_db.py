"""A small SQLite in SMOCI's schema (tables walls, wall_groups, matches, teams) with invented rows."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from tests.scrapers.ocdb_pages import Wall

SCHEMA = """
CREATE TABLE matches (id INTEGER PRIMARY KEY, broadcast TEXT, S INTEGER, E INTEGER, matchup INTEGER,
                      coin INTEGER, card TEXT, LC INTEGER);
CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT, series INTEGER, lieutenant INTEGER, captain INTEGER,
                    officer INTEGER, wins INTEGER, losses INTEGER, win_rate FLOAT);
CREATE TABLE walls (id INTEGER PRIMARY KEY, match INTEGER REFERENCES matches(id),
                    team INTEGER REFERENCES teams(id), glyph TEXT, score INTEGER, lives INTEGER,
                    time FLOAT, [#] INTEGER, PG INTEGER);
CREATE TABLE wall_groups (id INTEGER PRIMARY KEY, match INTEGER REFERENCES matches(id),
                          wall INTEGER REFERENCES walls(id), clues TEXT, connection TEXT, found INTEGER,
                          identified INTEGER, time FLOAT, [#] INTEGER);
"""


def build_smoci_db(
    path: Path, matches: Sequence[tuple[int, int, str, Sequence[tuple[str, str, Wall]]]]
) -> Path:
    """``matches``: (series, episode, broadcast, [(team name, glyph, wall)]). found/identified: see
    :func:`performance` (a fixed invented pattern per group position)."""
    db = sqlite3.connect(path)
    db.executescript(SCHEMA)
    wall_id = group_id = team_id = 0
    for match_id, (series, episode, broadcast, walls) in enumerate(matches, start=1):
        db.execute(
            "INSERT INTO matches VALUES (?,?,?,?,?,?,?,?)",
            (match_id, broadcast, series, episode, match_id, 1, f"S{series:02d}E{episode:02d}", 0),
        )
        for order, (team, glyph, wall) in enumerate(walls, start=1):
            team_id += 1
            wall_id += 1
            db.execute(
                "INSERT INTO teams VALUES (?,?,?,?,?,?,?,?,?)", (team_id, team, series, 0, 0, 0, 0, 0, 0.0)
            )
            db.execute(
                "INSERT INTO walls VALUES (?,?,?,?,?,?,?,?,?)",
                (wall_id, match_id, team_id, glyph, 7, 3, 100.0, order, 0),
            )
            for k, (connection, clues) in enumerate(wall, start=1):
                group_id += 1
                found, identified = performance(wall_id, k)
                db.execute(
                    "INSERT INTO wall_groups VALUES (?,?,?,?,?,?,?,?,?)",
                    (
                        group_id,
                        match_id,
                        wall_id,
                        json.dumps(list(reversed(clues))),
                        connection,
                        found,
                        identified,
                        10.0 * k,
                        k,
                    ),
                )
    db.commit()
    db.close()
    return path


def performance(wall_id: int, k: int) -> tuple[int, int]:
    """Invented but varied: group k of wall w found unless (w + k) % 4 == 0, identified if k is odd."""
    return (0 if (wall_id + k) % 4 == 0 else 1, k % 2)

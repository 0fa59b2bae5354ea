"""Small files in the shapes of published NYT sets, written for the tests (invented puzzles).

Each writer produces the published *shape* (column names, keys, colour codes) with our own words.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
from pathlib import Path
from typing import Any

from ocwtool.schema.models import nyt_number

# Two invented boards: (title, words) yellow..purple.
BOARD_1 = [
    ("SOUPS", ["BISQUE", "BROTH", "CHOWDER", "GUMBO"]),
    ("PIANO KEYS", ["BLACK", "WHITE", "IVORY", "EBONY"]),
    ("SPACE ___", ["BAR", "SHIP", "SUIT", "AGE"]),
    ("___ LIGHT", ["MOON", "FLASH", "SPOT", "HIGH"]),
]
BOARD_2 = [
    ("BIRDS OF PREY", ["EAGLE", "HAWK", "KITE", "OSPREY"]),
    ("OFFICE ITEMS", ["STAPLER", "FOLDER", "BINDER", "TAPE"]),
    ("CHESS TERMS", ["CHECK", "MATE", "CASTLE", "FORK"]),
    ("___MAN", ["SNOW", "BAT", "SUPER", "POST"]),
]
DAY_1 = dt.date(2024, 3, 5)
DAY_2 = dt.date(2024, 3, 6)
COLUMNS = ["Game ID", "Puzzle Date", "Word", "Group Name", "Group Level", "Starting Row", "Starting Column"]
TODD_COLOURS = ["#fbd400", "#69e352", "#5492ff", "#df7bea"]


def board_words(board: list[tuple[str, list[str]]]) -> list[str]:
    """A starting board: the groups' words interleaved (not the groups concatenated)."""
    words = [w for _, ws in board for w in ws]
    return words[1::2] + words[0::2]


def rows_for(
    board: list[tuple[str, list[str]]], date: dt.date, game_id: int | None = None
) -> list[dict[str, Any]]:
    """One game in the eric27n/NYT-Connections row shape (one row per word, board order)."""
    level = {w: (k, title) for k, (title, ws) in enumerate(board) for w in ws}
    rows = []
    for pos, word in enumerate(board_words(board)):
        k, title = level[word]
        rows.append(
            {
                "Game ID": nyt_number(date) if game_id is None else game_id,
                "Puzzle Date": date.isoformat(),
                "Word": word,
                "Group Name": title,
                "Group Level": k,
                "Starting Row": pos // 4 + 1,
                "Starting Column": pos % 4 + 1,
            }
        )
    return rows


def write_rows_csv(path: Path, rows: list[dict[str, Any]]) -> Path:
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    return path


def write_rows_parquet(path: Path, rows: list[dict[str, Any]]) -> Path:
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.Table.from_pylist(rows), path)
    return path


def todd_puzzle(number: int, board: list[tuple[str, list[str]]]) -> dict[str, Any]:
    """Todd et al.'s puzzle shape; answers listed purple-first to check levels come from colours."""
    answers = [
        {"description": t, "words": sorted(ws), "emoji": "", "color": TODD_COLOURS[k]}
        for k, (t, ws) in enumerate(board)
    ]
    return {"id": number, "answers": answers[::-1], "difficulty": None}


def write_json(path: Path, doc: Any) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


EVAL_YAML = """\
puzzles:
  - id: {n1}
    canonical: true
    valid_trap_groups:
      - [BLACK, BAR, MOON, STAPLE]   # STAPLE is not on the board: left out
      - [GUMBO, SUIT, SPOT, HIGH]
    date: {d1}
    difficulty: 4.2
    words: [{w1}]
    groups:
      - name: PIANO KEYS
        color: green
        words: [BLACK, WHITE, IVORY, EBONY]
      - name: SOUPS
        color: yellow
        words: [BISQUE, BROTH, CHOWDER, GUMBO]
      - name: ___ LIGHT
        color: purple
        words: [MOON, FLASH, SPOT, HIGH]
      - name: SPACE ___
        color: blue
        words: [BAR, SHIP, SUIT, AGE]
  - id: 17
    valid_trap_groups: []  # reviewed; no traps
    date: 2024-01-01
    difficulty: 3.9
    words: [{w2}]
    groups:
      - name: BIRDS OF PREY
        color: yellow
        words: [EAGLE, HAWK, KITE, OSPREY]
      - name: OFFICE ITEMS
        color: green
        words: [STAPLER, FOLDER, BINDER, TAPE]
      - name: CHESS TERMS
        color: blue
        words: [CHECK, MATE, CASTLE, FORK]
      - name: ___MAN
        color: purple
        words: [SNOW, BAT, SUPER, POST]
"""


def write_eval_yaml(path: Path) -> Path:
    """Connections Eval shape: a dated puzzle with traps, and an undated-id one reviewed trap-free."""
    text = EVAL_YAML.format(
        n1=nyt_number(DAY_1),
        d1=DAY_1.isoformat(),
        w1=", ".join(board_words(BOARD_1)),
        w2=", ".join(board_words(BOARD_2)),
    )
    path.write_text(text, encoding="utf-8")
    return path

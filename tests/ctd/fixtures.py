"""Invented games written in the shapes of the "Connecting the Dots" files (never their data).

Three games, newest first as the published files list them: two ordinary boards and one few-shot
example marked ``exclude``. ``gold_doc``/``flat_doc``/``taxonomy_doc`` write them in the three gold
shapes; ``answer`` writes one model answer record as the authors' ``results/<model>.json`` does;
``sheet_csv`` writes a human answer sheet as their ``scoring/scripts/expert.csv`` does.
"""

from __future__ import annotations

import csv
import io
from typing import Any

GAMES: list[list[tuple[str, list[str]]]] = [
    [
        ("KINDS OF PASTA", ["PENNE", "ORZO", "FUSILLI", "RIGATONI"]),
        ("THINGS WITH KEYS", ["PIANO", "MAP", "LOCKSMITH", "KEYBOARD"]),
        ("___STONE", ["MILE", "KEY", "CORNER", "SAND"]),
        ("HIDDEN COLORS", ["TREDDING", "BROWNIE", "SCARLETT", "GOLDEN"]),
    ],
    [
        ("PLANETS", ["MARS", "VENUS", "SATURN", "NEPTUNE"]),
        ("CHOCOLATE BARS", ["TWIX", "BOUNTY", "GALAXY", "DAIM"]),
        ("WORDS BEFORE 'BOARD'", ["SKATE", "SURF", "CLIP", "DART"]),
        ("SOUNDS LIKE LETTERS", ["SEA", "TEA", "EYE", "WHY"]),
    ],
    [
        ("TREES", ["OAK", "ASH", "ELM", "YEW"]),
        ("POKER TERMS", ["FLOP", "RIVER", "BLIND", "CHECK"]),
        ("1990S BANDS", ["BLUR", "OASIS", "PULP", "SUEDE"]),
        ("ENDS IN A BODY PART", ["SCHIN", "BEARM", "SPLEG", "SHIP"]),
    ],
]
TYPES = [
    ["semantic relations", "associative relations", "multiword expressions", "orthography"],
    ["encyclopedic", "encyclopedic + orthographical", "multiword expressions", "phonology"],
    ["semantic relations", "semantic relations + morphological", "encyclopedic", ""],
]
EXCLUDED = 2  # index of the few-shot example


def board(n: int) -> list[str]:
    return [w for _, words in GAMES[n] for w in words]


def allwords(n: int) -> str:
    return ", ".join(board(n))


def gold_doc() -> list[dict[str, Any]]:
    """``gold_data.json``: allwords joined, one category as {"Words": [...]}, one game excluded."""
    out: list[dict[str, Any]] = []
    for n, game in enumerate(GAMES):
        cats: dict[str, Any] = {title: list(words) for title, words in game}
        if n == 0:
            title, words = game[3]
            cats[title] = {"Words": list(words)}
        out.append(
            {"allwords": allwords(n), "categories": cats, **({"exclude": True} if n == EXCLUDED else {})}
        )
    return out


def literal(words: list[str]) -> str:
    return "[" + ", ".join(repr(w) for w in words) + "]"


def flat_doc() -> list[dict[str, Any]]:
    """``results/connections_gold.json``: one record per group, words a Python literal in a string."""
    records = [(title, words) for game in GAMES for title, words in game]
    return [{"id": i, "Categories": t, "Words in Category": literal(w)} for i, (t, w) in enumerate(records)]


def taxonomy_doc() -> list[dict[str, Any]]:
    """``game_with_knowledge_taxonomy.json``: games with four ``reasoning_annotation`` records."""
    out = []
    for n, game in enumerate(GAMES):
        notes = [
            {
                "Categories": title,
                "Words in Category": literal(words),
                "Complexity": "complex" if "+" in kind else ("simple" if kind else ""),
                "Based On": "word form"
                if kind in ("orthography", "phonology")
                else ("word meaning" if kind else ""),
                "Knowledge Type": kind,
            }
            for (title, words), kind in zip(game, TYPES[n], strict=True)
        ]
        out.append({"allwords": allwords(n), "reasoning_annotation": notes})
    return out


def _based_on(kind: str) -> str:
    if not kind:
        return ""
    return "word form" if kind in ("orthography", "phonology") else "word meaning"


def answer(n: int, categories: Any, **extra: Any) -> dict[str, Any]:
    """One record of a ``results/<model>.json`` answer file."""
    return {"allwords": allwords(n), "reason": "", "categories": categories, "malformed": False, **extra}


SHEET_COLUMNS = ("Name", "Annotated?", "Categories Correct", "Total Points", "Game Number", "Input")


def sheet_input(groups: list[list[str]]) -> str:
    """An ``Input`` cell as the human sheets write it: a Python literal, words padded with a space."""
    return "[" + ", ".join("[" + ", ".join(repr(" " + w) for w in g) + "]" for g in groups) + "]"


def sheet_csv(rows: list[tuple[int, str]]) -> str:
    """``scoring/scripts/expert.csv`` (or ``beginner.csv``): one row per (game index, Input cell)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(SHEET_COLUMNS)
    for n, cell in rows:
        writer.writerow(["AB", "TRUE", "0", "0", str(100 + n), cell])
    return out.getvalue()

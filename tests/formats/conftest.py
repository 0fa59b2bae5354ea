"""Original fixtures for the format adapters (invented clues; never excerpts of real data)."""

from __future__ import annotations

import copy
import datetime as dt
from typing import Any

import pytest

from ocwtool.schema.models import (
    Flag,
    Game,
    Group,
    HumanPerformance,
    Lineage,
    NytMeta,
    OcwMeta,
    Provenance,
    Puzzle,
    Split,
    nyt_number,
)

WALL_A = [
    ("Lakes of Cumbria", ["Windermere", "Coniston", "Ullswater", "Buttermere"]),
    ("Famous Alans", ["Turing", "Partridge", "Bennett", "Shearer"]),
    ("___ cake", ["Pan", "Cup", "Fish", "Sponge"]),
    ("Hidden metals", ["Tiny", "Bleed", "Stinger", "Cold"]),
]
WALL_B = [
    ("Dog breeds", ["Beagle", "Boxer", "Pug", "Whippet"]),
    ("Boxing terms", ["Jab", "Hook", "Cross", "Clinch"]),
    ("Kinds of bean", ["Broad", "Runner", "Kidney", "Butter"]),
    ("Famous Pauls", ["Weller", "Simon", "Klee", "Revere"]),
]


def raw_wall(
    wall_id: str, season: int | None, episode: int | None, spec: list[Any], hp: bool = True
) -> dict[str, Any]:
    """An OCW JSON wall dict, words interleaved so they are not the groups concatenated."""
    words = [w for _, ws in spec for w in ws]
    words = words[1::2] + words[0::2]
    groups = {}
    for k, (conn, ws) in enumerate(spec, start=1):
        perf = {"grouping": 1, "connection": k % 2} if hp else {}
        groups[f"group_{k}"] = {
            "group_id": f"{wall_id}_{k:02d}",
            "gt_words": list(ws),
            "gt_connection": conn,
            "human_performance": perf,
        }
    overall = {"grouping": [1, 1, 1, 1], "connections": [1, 0, 1, 0]} if hp else {}
    return {
        "wall_id": wall_id,
        "season": season,
        "episode": episode,
        "words": words,
        "gt_connections": [c for c, _ in spec],
        "groups": groups,
        "overall_human_performance": overall,
    }


def ocw_doc(form: str = "flat0") -> dict[str, Any]:
    """A two-season OCW JSON document with the season map in one of the three forms."""
    maps = {
        "flat0": {"0": 0, "1": 1, "2": 1},
        "flat": {"1": 1, "2": 1},
        "dated": {
            "1": {"num_walls": 1, "start_date": "01/02/2030", "end_date": "01/02/2030"},
            "2": {"num_walls": 1, "start_date": "05/06/2031", "end_date": "05/06/2031"},
        },
    }
    return {
        "season_to_walls_map": maps[form],
        "dataset": [raw_wall("aa0001", 1, 1, WALL_A), raw_wall("bb0002", 2, 3, WALL_B)],
    }


def nyt_entries() -> list[dict[str, Any]]:
    """Archive entries: explicit levels, a reordered day, a picture day, empty members, level -1."""

    def ans(level: int, title: str, members: list[str]) -> dict[str, Any]:
        return {"level": level, "group": title, "members": members}

    return [
        {
            "id": 10,
            "date": "2024-01-05",
            "answers": [
                ans(0, "FRUIT", ["APPLE", "FIG", "KIWI", "PEAR"]),
                ans(1, "METALS", ["GOLD", "IRON", "LEAD", "TIN"]),
                ans(2, "___FISH", ["CAT", "DOG", "STAR", "SWORD"]),
                ans(3, "ANAGRAMS OF 'EVIL'", ["LEVI", "LIVE", "VEIL", "VILE"]),
            ],
        },
        {
            "id": 11,
            "date": "2024-01-06",
            "answers": [
                ans(1, "COLOURS", ["BLUE", "GREEN", "RED", "TAN"]),
                ans(0, "BIRDS", ["CROW", "JAY", "OWL", "WREN"]),
                ans(2, "POKER MOVES", ["CALL", "CHECK", "FOLD", "RAISE"]),
                ans(3, "PALINDROMES", ["KAYAK", "LEVEL", "RADAR", "ROTOR"]),
            ],
        },
        {
            "id": 12,
            "date": "2024-12-12",
            "answers": [
                ans(0, "SHAPES", ["CIRCLE (RED)", "SQUARE (BLUE)", "STAR (GOLD)", "TRIANGLE"]),
                ans(1, "TOOLS", ["AXE", "DRILL", "SAW", "VICE"]),
                ans(2, "SEAS", ["BLACK", "DEAD", "IRISH", "NORTH"]),
                ans(3, "HOMOPHONES OF LETTERS", ["BEE", "EYE", "PEA", "SEA"]),
            ],
        },
        {
            "id": 14,
            "date": "2025-03-03",
            "answers": [ans(k, f"IMAGES {k}", ["", "", "", ""]) for k in range(4)],
        },
        {
            "id": 13,
            "date": "2025-09-25",
            "answers": [
                ans(-1, "BREAKFAST FOODS", ["BACON", "EGGS", "TOAST", "WAFFLE"]),
                ans(-1, "CAPITALS", ["LIMA", "OSLO", "ROME", "SUVA"]),
                ans(-1, "RIVERS", ["AMAZON", "NILE", "SEINE", "THAMES"]),
                ans(-1, "___BOARD", ["CARD", "CUP", "KEY", "SKATE"]),
            ],
        },
    ]


def full_puzzle() -> Puzzle:
    """An OCW wall with every optional field set (HF/JSONL round trips must keep them)."""
    groups = tuple(
        Group(
            id=f"full_{k}",
            clues=tuple(ws),  # type: ignore[arg-type]
            connection=conn,
            level=k - 1,
            human_performance=HumanPerformance(grouping=1, connection=0),
            raw_clues=tuple(w.upper() for w in ws),  # type: ignore[arg-type]
            raw_connection=conn.upper(),
        )
        for k, (conn, ws) in enumerate(WALL_A, start=1)
    )
    return Puzzle(
        id="full",
        game=Game.OCW,
        source="scraped",
        clues=tuple(c for g in reversed(groups) for c in g.clues),
        groups=groups,  # type: ignore[arg-type]
        split=Split.TEST,
        flags=(Flag.FUZZY_MATCH, Flag.SPECIAL),
        ocw=OcwMeta(
            season=4,
            episode=12,
            wall_name="Lion",
            wall_index=2,
            teams=("Quizzers", "Puzzlers"),
            team="Puzzlers",
            air_date=dt.date(2030, 5, 17),
            source_url="https://example.org/ep/4-12",
            title="Semi-final",
        ),
        provenance=Provenance(
            source="scraped",
            url="https://example.org/ep/4-12",
            capture_id="warc-0001",
            sha256="a" * 64,
            parser_version="3",
            fetched_at=dt.datetime(2030, 6, 1, 12, 30, 5, tzinfo=dt.UTC),
        ),
        lineage=Lineage(
            kind="randomized", seed=42, parents=("p1", "p2"), params={"mode": "faithful", "k": "3"}
        ),
    )


def full_nyt() -> Puzzle:
    """An NYT puzzle with every NYT field set and a naive fetched_at."""
    day = dt.date(2024, 5, 1)
    groups = tuple(
        Group(id=f"nyt-2024-05-01_{k + 1}", clues=tuple(ws), connection=conn, level=k)  # type: ignore[arg-type]
        for k, (conn, ws) in enumerate(WALL_B)
    )
    return Puzzle(
        id="nyt-2024-05-01",
        game=Game.NYT,
        source="nyt-api",
        clues=tuple(c for g in groups for c in g.clues),
        groups=groups,  # type: ignore[arg-type]
        nyt=NytMeta(
            date=day,
            number=nyt_number(day),
            editor="An Editor",
            internal_id=9001,
            illustrator="An Illustrator",
            picture=True,
            emoji=True,
            exclude=True,
        ),
        provenance=Provenance(source="nyt-api", fetched_at=dt.datetime(2024, 5, 1, 9, 0)),
    )


@pytest.fixture
def doc() -> dict[str, Any]:
    return copy.deepcopy(ocw_doc())

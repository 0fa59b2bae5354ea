"""Invented boards and invented play for the red-herring scorer's tests (no published data).

Ten NYT-style boards drawn from twelve invented groups; on every board two of three players put the
first clue of group 1 with three clues of group 2, and the third player solved it.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ocwtool.annotations.decoys.mine import Play, Source, mine
from ocwtool.annotations.decoys.records import to_record
from ocwtool.schema.annotations import ItemRecord, RedHerringCategory
from ocwtool.schema.models import Game, Group, NytMeta, Provenance, Puzzle, nyt_number
from ocwtool.stores.annotations import dumps
from ocwtool.stores.puzzles import write_puzzles

POOL = [
    ("TREES", ["OAK", "ASH", "ELM", "PINE"]),
    ("BIRDS", ["ROBIN", "WREN", "FINCH", "CROW"]),
    ("METALS", ["IRON", "TIN", "LEAD", "GOLD"]),
    ("DOGS", ["POODLE", "BOXER", "BEAGLE", "PUG"]),
    ("FRUIT", ["APPLE", "PEAR", "PLUM", "FIG"]),
    ("COLOURS", ["RED", "BLUE", "GREEN", "PINK"]),
    ("DANCES", ["TANGO", "WALTZ", "SALSA", "JIVE"]),
    ("TOOLS", ["HAMMER", "SAW", "DRILL", "FILE"]),
    ("FISH", ["COD", "HAKE", "SOLE", "BASS"]),
    ("PLANETS", ["MARS", "VENUS", "SATURN", "EARTH"]),
    ("CARDS", ["ACE", "KING", "QUEEN", "JACK"]),
    ("WEATHER", ["RAIN", "SNOW", "HAIL", "FOG"]),
]
NOW = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)


def board(i: int) -> Puzzle:
    date = dt.date(2024, 1, 1) + dt.timedelta(days=i)
    pid = f"nyt-{date.isoformat()}"
    chosen = [POOL[(i + k) % len(POOL)] for k in range(4)]
    groups = tuple(
        Group(id=f"{pid}_{k + 1}", clues=tuple(w), connection=t, level=k)  # type: ignore[arg-type]
        for k, (t, w) in enumerate(chosen)
    )
    return Puzzle(
        id=pid,
        game=Game.NYT,
        source="nyt",
        clues=tuple(c for g in reversed(groups) for c in g.clues),
        groups=groups,  # type: ignore[arg-type]
        nyt=NytMeta(date=date, number=nyt_number(date)),
        provenance=Provenance(source="nyt"),
    )


BOARDS = [board(i) for i in range(10)]
SOURCE = Source("answers.json", "0" * 64)


def plays(puzzle: Puzzle) -> list[Play]:
    """Two players pull clue 1 toward group 2; a third solves the board."""
    g1, g2, g3, g4 = (list(g.clues) for g in puzzle.groups)
    wrong = ((*g2[:3], g1[0]), (*g1[1:], g2[3]), tuple(g3), tuple(g4))
    right = tuple(tuple(g) for g in (g1, g2, g3, g4))
    return [
        Play(puzzle.id, "alpha", SOURCE, wrong),
        Play(puzzle.id, "beta", SOURCE, wrong),
        Play(puzzle.id, "gamma", SOURCE, right),
    ]


def decoy_records(annotator: str = "play-decoys") -> list[ItemRecord]:
    mined = mine({p.id: p for p in BOARDS}, [x for p in BOARDS for x in plays(p)])
    return [to_record(p, mined.walls[p.id], annotator, NOW) for p in BOARDS]


def trap_record(puzzle: Puzzle) -> ItemRecord:
    """A reviewed trap group: two clues of group 1 and two of group 2."""
    g1, g2 = puzzle.groups[0].clues, puzzle.groups[1].clues
    trap = RedHerringCategory(clue_numbers=(1, 2, 5, 6), clues=(g1[0], g1[1], g2[0], g2[1]), theme="trap")
    return ItemRecord(
        annotator="connections-eval",
        puzzle_id=puzzle.id,
        red_herring_categories=(trap,),
        created_at=NOW,
        guideline_version="connections-eval valid_trap_groups",
    )


def make_workspace(root: Path, traps: bool = True) -> Path:
    (root / "annotations").mkdir(parents=True)
    write_puzzles(root / "puzzles" / "test.jsonl", BOARDS, sort=False)
    lines = [dumps(r) for r in decoy_records()]
    (root / "annotations" / "play-decoys.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    if traps:
        text = dumps(trap_record(BOARDS[9])) + "\n"
        (root / "annotations" / "connections-eval.jsonl").write_text(text, encoding="utf-8")
    return root


def add_expert_types(root: Path) -> None:
    """An invented ``ctd-expert`` labelling every board's groups (semantic, then encyclopedic)."""
    from ocwtool.schema.annotations import GroupLabel, KnowledgeLabel, KnowledgeType

    kinds = (KnowledgeType.SEMANTIC, KnowledgeType.ENCYCLOPEDIC)
    records = [
        ItemRecord(
            annotator="ctd-expert",
            puzzle_id=p.id,
            groups=tuple(
                GroupLabel(group_id=g.id, label=KnowledgeLabel.of(kinds[k % 2]))
                for k, g in enumerate(p.groups)
            ),
            created_at=NOW,
            guideline_version="1.0",
        )
        for p in BOARDS
    ]
    text = "".join(dumps(r) + "\n" for r in records)
    (root / "annotations" / "ctd-expert.jsonl").write_text(text, encoding="utf-8")

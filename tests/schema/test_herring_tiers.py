"""The kinds of red-herring label sets and their default order (adjudicated, people, play, suggester)."""

from __future__ import annotations

import datetime as dt

from ocwtool.schema.annotations import ItemRecord, PlayEvidence, RedHerringWord, SourceFile
from ocwtool.schema.herring_tiers import describe, label_order, per_wall, tier

PLAYS = SourceFile(name="log.json", sha256="1" * 64, players=("x", "y"))


def _record(
    annotator: str, *, played: bool = False, evidence: bool = False, wall: str = "w", kept: bool = True
) -> ItemRecord:
    proof = PlayEvidence(kind="intruder", players=1, exposed=2, sources=(PLAYS,)) if evidence else None
    word = RedHerringWord(clue="b1", clue_number=5, fits_group="ga", evidence=proof)
    return ItemRecord(
        annotator=annotator,
        puzzle_id=wall,
        red_herring_words=(word,) if kept else (),
        created_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
        guideline_version="test",
        played_by=(PLAYS,) if played else (),
    )


def test_each_kind_and_the_default_order() -> None:
    stores = {
        "suggest": {"w": _record("suggest")},
        "scored": {"w": _record("scored", evidence=True)},  # evidence of play without played_by
        "mined-again": {"w": _record("mined-again", played=True)},
        "play-decoys": {"w": _record("play-decoys", played=True)},
        "zoe": {"w": _record("zoe")},
        "bob": {"w": _record("bob")},
        "adjudicated": {"w": _record("carol")},
    }
    kinds = {name: tier(name, records) for name, records in stores.items()}
    assert kinds == {
        "suggest": "suggest",
        "scored": "play",
        "mined-again": "play",
        "play-decoys": "play",
        "zoe": "human",
        "bob": "human",
        "adjudicated": "adjudicated",
    }
    assert label_order(stores) == [
        "adjudicated",
        "bob",
        "zoe",
        "play-decoys",
        "mined-again",
        "scored",
        "suggest",
    ]
    assert describe("adjudicated", stores["adjudicated"]) == "adjudicated by carol"
    assert [describe(n, stores[n]) for n in ("bob", "play-decoys", "suggest")] == [
        "a person's labels",
        "mined from play",
        "the suggester's",
    ]


def test_each_wall_takes_the_first_tier_that_labelled_it() -> None:
    """Per wall: every set of the first tier with a red herring on it, in the default order; a wall
    whose adjudicated record kept none is settled by it; a person's record without any is not."""
    carol = {"x": _record("carol", wall="x", kept=False)}
    alice = {
        "w": _record("alice"),
        "x": _record("alice", wall="x"),
        "v": _record("alice", wall="v", kept=False),
    }
    bob = {"w": _record("bob")}
    mined = {p: _record("play-decoys", played=True, wall=p) for p in ("w", "x", "y", "v")}
    suggested = {p: _record("suggest", wall=p) for p in ("y", "z")}
    stores = {"suggest": suggested, "play-decoys": mined, "bob": bob, "alice": alice, "adjudicated": carol}
    chosen = {pid: [name for name, _ in pairs] for pid, pairs in per_wall(stores).items()}
    assert chosen == {
        "w": ["alice", "bob"],
        "x": ["adjudicated"],
        "y": ["play-decoys"],
        "z": ["suggest"],
        "v": ["play-decoys"],
    }
    assert per_wall(stores, ["x", "z", "unknown"]) == {
        "x": [("adjudicated", carol["x"])],
        "z": [("suggest", suggested["z"])],
    }

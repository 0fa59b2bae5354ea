"""Mined decoys into the store: idempotent (byte for byte), new files add to what is stored."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ocwtool.annotations.decoys.mine import Play, Source, mine
from ocwtool.annotations.decoys.save import save_decoys
from ocwtool.stores.annotations import latest, read_records
from tests.decoys.conftest import NYT, RYE_WITH_BLUES, SWAP, WALL, puzzles

A = Source("a.json", "a" * 64)
B = Source("b.json", "b" * 64)
T1 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
T2 = dt.datetime(2026, 1, 2, tzinfo=dt.UTC)
FIRST = [
    Play(NYT.id, "m1", A, (tuple(RYE_WITH_BLUES), tuple(SWAP))),
    Play(WALL.id, "m1", A, tuple(tuple(g.clues) for g in WALL.groups)),  # a clean wall: no decoys
]


def _walls(plays: list[Play]):  # type: ignore[no-untyped-def]
    return mine(puzzles(), plays).walls


def test_saving_the_same_plays_again_changes_nothing(tmp_path: Path) -> None:
    saved = save_decoys(tmp_path, "play-decoys", puzzles(), _walls(FIRST), T1)
    assert (saved.added, saved.unchanged) == (2, 0)
    before = saved.path.read_bytes()
    again = save_decoys(tmp_path, "play-decoys", puzzles(), _walls(FIRST), T2)
    assert (again.added, again.unchanged) == (0, 2)
    assert saved.path.read_bytes() == before
    clean = latest(read_records(saved.path))[WALL.id]
    assert clean.red_herring_words == () and clean.played_by[0].players == ("m1",)


def test_new_files_add_their_evidence_to_what_is_stored(tmp_path: Path) -> None:
    save_decoys(tmp_path, "play-decoys", puzzles(), _walls(FIRST), T1)
    later = [Play(NYT.id, "m2", B, (tuple(NYT.groups[0].clues),))]
    saved = save_decoys(tmp_path, "play-decoys", puzzles(), _walls(later), T2)
    assert (saved.added, saved.unchanged) == (1, 0)  # the wall nobody new played is left as it was
    rec = latest(read_records(saved.path))[NYT.id]
    assert rec.created_at == T2
    assert [(w.clue, w.score) for w in rec.red_herring_words] == [("RYE", 0.5)]
    assert [f.name for f in rec.played_by] == ["a.json", "b.json"]
    assert rec.red_herring_categories[0].score == 0.5 and rec.red_herring_categories[0].evidence is not None
    assert len(read_records(saved.path)) == 3  # appended: nothing already stored is lost


def test_a_run_waits_for_the_store_lock_and_then_adds_to_what_the_holder_wrote(tmp_path: Path) -> None:
    import fcntl
    import threading

    from ocwtool.stores.annotations import store_path

    path = store_path(tmp_path, "play-decoys")
    first = save_decoys(tmp_path, "play-decoys", puzzles(), _walls(FIRST), T1)
    later = [Play(NYT.id, "m2", B, (tuple(NYT.groups[0].clues),))]
    with path.open("rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # another writer (an import, a second run) holds the store
        worker = threading.Thread(
            target=save_decoys, args=(tmp_path, "play-decoys", puzzles(), _walls(later), T2)
        )
        worker.start()
        worker.join(0.5)
        assert worker.is_alive() and len(read_records(path)) == first.added  # waiting, nothing written
        fcntl.flock(held, fcntl.LOCK_UN)
    worker.join(5)
    rec = latest(read_records(path))[NYT.id]
    assert [(w.clue, w.score) for w in rec.red_herring_words] == [("RYE", 0.5)]

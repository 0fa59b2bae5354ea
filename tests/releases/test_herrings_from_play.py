"""End to end: `annotate decoys` mines red herrings from invented games, `release build` ships them in
the NYT config's red-herring table, `release verify` checks and loads it."""

from __future__ import annotations

import json
from pathlib import Path

from ocwtool.fsio import sha256_file
from ocwtool.stores.puzzles import read_puzzles
from tests.annotations.conftest import run_cli
from tests.decoys.conftest import transcripts
from tests.validators.factory import make_workspace


def test_decoys_mined_from_play_ship_with_their_evidence(tmp_path: Path, offline_hf: None) -> None:
    import datasets

    ws = make_workspace(tmp_path / "ws", variants=False)
    board = read_puzzles(ws.puzzles_path("nyt"))[0]  # a train board
    first, second = (list(g.clues) for g in board.groups[:2])
    intruder = [*first[:3], second[0]]  # three of the first group and one of the second
    games = tmp_path / "games.jsonl"
    games.write_text(transcripts([("ann", [intruder]), ("ben", [first])], wall_id=board.id))
    mined = run_cli(ws.root, "annotate", "decoys", str(games))
    assert mined.exit_code == 0, mined.stderr
    built = run_cli(ws.root, "release", "build", "--name", "play", "--version", "1.0.0", "--no-report")
    assert built.exit_code == 0, built.stderr
    folder = ws.releases_dir / "play-1.0.0"
    verified = run_cli(ws.root, "release", "verify", str(folder))
    assert verified.exit_code == 0, verified.stderr
    assert "rows: nyt 8, ocw 20, nyt_red_herrings 1\n" in verified.stdout
    assert "Loaded with datasets: nyt, nyt_red_herrings, ocw" in verified.stdout
    rows = datasets.load_dataset(str(folder), "nyt_red_herrings")["train"].to_list()
    evidence = {
        "kind": "intruder",
        "players": 1,
        "exposed": 2,
        "sources": [{"name": "games.jsonl", "sha256": sha256_file(games), "players": ["ann"]}],
    }
    assert [{**r, "evidence": json.loads(r["evidence"])} for r in rows] == [
        {
            "puzzle_id": board.id,
            "kind": "word",
            "clues": [second[0]],
            "fits_group": board.groups[0].id,
            "reason": f'1 of 2 players put {second[0]} with three clues of "{board.groups[0].connection}"',
            "score": 0.5,
            "annotator": "play-decoys",
            "source": "play",
            "evidence": evidence,
        }
    ]

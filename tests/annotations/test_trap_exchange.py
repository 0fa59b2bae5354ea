"""Trap groups out to Connections Eval's YAML and back: import -> export -> import changes nothing."""

from __future__ import annotations

import shutil
from pathlib import Path

from ocwtool.schema.annotations import ItemRecord, RedHerringCategory
from ocwtool.stores.annotations import append_record
from ocwtool.stores.puzzles import read_puzzles
from tests.annotations.conftest import T0, run_cli
from tests.formats.published import write_eval_yaml

STORE = Path("annotations") / "connections-eval.jsonl"


def _puzzles(root: Path) -> list[tuple[str, tuple[str, ...], tuple[object, ...]]]:
    return [
        (p.id, p.clues, tuple((g.clues, g.connection, g.level) for g in p.groups))
        for p in read_puzzles(root / "puzzles" / "connections-eval.jsonl")
    ]


def test_connections_eval_round_trip_changes_nothing(workspace: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    shutil.copytree(workspace, other)
    yml = write_eval_yaml(tmp_path / "connections_puzzles.yml")
    assert run_cli(workspace, "import", str(yml)).exit_code == 0
    out = tmp_path / "traps.yml"
    args = ("annotate", "export", "--format", "connections-eval", "--source", "connections-eval")
    result = run_cli(workspace, *args, "--out", str(out))
    assert (result.exit_code, result.stderr) == (0, f"Wrote {out}\n")
    text = out.read_text(encoding="utf-8")
    assert (
        "  valid_trap_groups:\n  - - GUMBO\n    - SUIT\n    - SPOT\n    - HIGH\n" in text
    )  # STAPLE's left out
    assert "- id: 17\n  words:" in text and "  valid_trap_groups: []\n" in text
    before = (workspace / STORE).read_bytes()
    assert run_cli(workspace, "import", str(out)).exit_code == 0
    assert run_cli(other, "import", str(out)).exit_code == 0
    assert (workspace / STORE).read_bytes() == before == (other / STORE).read_bytes()
    assert _puzzles(other) == _puzzles(workspace)
    again = run_cli(workspace, *args)
    assert (again.exit_code, again.stdout) == (0, text)


def test_connections_eval_export_writes_only_trap_groups(workspace: Path) -> None:
    trap = RedHerringCategory(clue_numbers=(1, 2, 5, 6), clues=("NAVY", "TEAL", "RYE", "NAAN"))
    theme = RedHerringCategory(clue_numbers=(1, 2, 5), clues=("NAVY", "TEAL", "RYE"), theme="3 clues")
    rec = ItemRecord(
        annotator="alice",
        puzzle_id="nyt-2024-01-02",
        red_herring_categories=(theme, trap),
        created_at=T0,
        guideline_version="1.0",
    )
    append_record(workspace / "annotations", rec)
    result = run_cli(workspace, "annotate", "export", "--format", "connections-eval", "--annotator", "alice")
    assert result.exit_code == 0, result.stderr
    first, *rest = result.stdout.split("\n- id: ")
    assert first == "puzzles:"
    assert rest[0].startswith("205\n  date: 2024-01-02\n  words:\n  - ")
    assert rest[0].endswith("  valid_trap_groups:\n  - - NAVY\n    - TEAL\n    - RYE\n    - NAAN")
    assert [r.split("\n")[1] for r in rest[1:]] == ["  date: 2024-01-03", "  date: 2024-01-04"]
    assert "valid_trap_groups" not in "".join(rest[1:])  # no record: not reviewed, no key

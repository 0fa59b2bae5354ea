"""Label Studio / Argilla / JSONL export and import, including a hand-written Label Studio export."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from ocwtool.schema.annotations import (
    GroupLabel,
    ItemRecord,
    KnowledgeLabel,
    RedHerringCategory,
    RedHerringWord,
)
from ocwtool.stores.annotations import append_record, read_all
from tests.annotations.conftest import T0, run_cli

P = "nyt-2024-01-02"


def seed(workspace: Path) -> ItemRecord:
    rec = ItemRecord(
        annotator="alice",
        puzzle_id=P,
        groups=(
            GroupLabel(group_id=f"{P}_1", label=KnowledgeLabel.of("semantic")),
            GroupLabel(group_id=f"{P}_2", label=KnowledgeLabel.of("semantic")),
            GroupLabel(group_id=f"{P}_3", label=KnowledgeLabel.of("multiword", "encyclopedic")),
            GroupLabel(group_id=f"{P}_4", label=KnowledgeLabel.of("linguistic")),
        ),
        red_herring_words=(
            RedHerringWord(clue="RYE", clue_number=5, fits_group=f"{P}_1", reason="sounds blue: why"),
        ),
        red_herring_categories=(
            RedHerringCategory(clue_numbers=(1, 5, 9), clues=("NAVY", "RYE", "FOOT"), theme="decoy"),
        ),
        note="a note",
        created_at=T0,
        guideline_version="1.0",
    )
    append_record(workspace / "annotations", rec)
    append_record(
        workspace / "annotations",
        ItemRecord(
            annotator="alice",
            puzzle_id="nyt-2024-01-03",
            status="skipped",
            created_at=T0,
            guideline_version="1.0",
        ),
    )
    return rec


def fresh_copy(workspace: Path, tmp: Path) -> Path:
    other = tmp / "other"
    (other / "annotations").mkdir(parents=True)
    (other / "puzzles").mkdir()
    (other / "puzzles" / "test.jsonl").write_text((workspace / "puzzles" / "test.jsonl").read_text())
    return other


def roundtrip(workspace: Path, tmp_path: Path, fmt: str) -> None:
    seed(workspace)
    out = tmp_path / f"export.{fmt}"
    result = run_cli(workspace, "annotate", "export", "--format", fmt, "--out", str(out))
    assert result.exit_code == 0, result.stderr
    other = fresh_copy(workspace, tmp_path)
    result = run_cli(other, "annotate", "import", str(out), "--format", fmt)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"Imported 2 records from {out} (new: alice 2)\n"
    assert read_all(other / "annotations") == read_all(workspace / "annotations")
    again = run_cli(other, "annotate", "import", str(out), "--format", fmt)
    assert again.stdout == f"Imported 2 records from {out} (new: alice 0)\n"


def test_roundtrip_labelstudio(workspace: Path, tmp_path: Path) -> None:
    roundtrip(workspace, tmp_path, "labelstudio")
    config = ET.fromstring((tmp_path / "export.labelstudio.config.xml").read_text())
    names = {el.get("name") for el in config.iter() if el.get("name")}
    kinds = ("knowledge", "combination", "combined", "group")
    per_group = {f"{kind}_{k}" for kind in kinds for k in range(1, 5)}
    per_clue = {f"{kind}_{n}" for kind in ("clue", "herring", "herring_why") for n in range(1, 17)}
    per_decoy = {f"{kind}_{d}" for kind in ("decoy", "decoy_verdict") for d in range(1, 5)}
    per_trick = {f"{kind}_{t}" for kind in ("trick", "trick_verdict") for t in range(1, 5)}
    fields = {"trap_groups", "red_herring_categories", "note", "wall"}
    assert per_group | per_clue | per_decoy | per_trick | fields == names
    choices = {el.get("name"): [c.get("value") for c in el] for el in config.iter("Choices")}
    base = ["Semantic", "Associative", "Encyclopedic", "Multiword expression", "Linguistic"]
    assert choices["knowledge_1"] == [*base, "Combined"]
    assert choices["combination_1"][:2] == ["Semantic + Associative", "Semantic + Encyclopedic"]
    assert len(choices["combination_1"]) == 26  # 10 pairs, 10 triples, 5 fours, all five
    assert choices["combined_1"] == base  # the earlier config's parts, kept hidden
    assert choices["herring_5"] == ["Group 1", "Group 3", "Group 4"]  # clue 5 is in group 2
    tasks = json.loads((tmp_path / "export.labelstudio").read_text())
    assert tasks[0]["annotations"][0]["completed_by"]["email"] == "alice@ocwtool.invalid"
    result = {r["from_name"]: r["value"] for r in tasks[0]["annotations"][0]["result"]}
    assert result["knowledge_3"] == {"choices": ["Combined"]}
    assert result["combination_3"] == {"choices": ["Encyclopedic + Multiword expression"]}
    assert result["herring_5"] == {"choices": ["Group 1"]}
    assert result["herring_why_5"] == {"text": ["sounds blue: why"]}


def test_roundtrip_argilla(workspace: Path, tmp_path: Path) -> None:
    roundtrip(workspace, tmp_path, "argilla")
    doc = json.loads((tmp_path / "export.argilla").read_text())
    record = doc["records"][0]
    assert record["responses"]["knowledge_3"] == [
        {"value": ["encyclopedic", "multiword"], "user_id": "alice", "status": "submitted"}
    ]
    assert [q["name"] for q in doc["settings"]["questions"]][:4] == [f"knowledge_{k}" for k in range(1, 5)]


def test_roundtrip_jsonl(workspace: Path, tmp_path: Path) -> None:
    roundtrip(workspace, tmp_path, "jsonl")


# Written by hand in Label Studio's documented JSON export shape (a list of tasks with
# annotations[].result[] items carrying from_name / to_name / type / value).
LABEL_STUDIO_EXPORT = [
    {
        "id": 7,
        "created_at": "2026-02-01T10:00:00.000000Z",
        "updated_at": "2026-02-01T10:05:00.000000Z",
        "project": 3,
        "data": {"puzzle_id": "nyt-2024-01-04", "wall": "..."},
        "annotations": [
            {
                "id": 41,
                "completed_by": {"id": 2, "email": "dana@example.org", "first_name": "", "last_name": ""},
                "result": [
                    {
                        "id": "r1",
                        "from_name": "knowledge_1",
                        "to_name": "group_1",
                        "type": "choices",
                        "value": {"choices": ["Semantic"]},
                    },
                    {
                        "id": "r2",
                        "from_name": "knowledge_2",
                        "to_name": "group_2",
                        "type": "choices",
                        "value": {"choices": ["Associative"]},
                    },
                    {
                        "id": "r3",
                        "from_name": "knowledge_3",
                        "to_name": "group_3",
                        "type": "choices",
                        "value": {"choices": ["Multiword expression", "Encyclopedic"]},
                    },
                    {
                        "id": "r4",
                        "from_name": "knowledge_4",
                        "to_name": "group_4",
                        "type": "choices",
                        "value": {"choices": ["Linguistic"]},
                    },
                    {
                        "id": "r5",
                        "from_name": "red_herring_words",
                        "to_name": "wall",
                        "type": "textarea",
                        "value": {"text": ["6 -> 4: NAAN is nearly an anagram"]},
                    },
                ],
                "was_cancelled": False,
                "ground_truth": False,
                "created_at": "2026-02-01T10:04:59.000000Z",
                "updated_at": "2026-02-01T10:04:59.000000Z",
                "lead_time": 31.5,
                "task": 7,
            },
            {
                "id": 42,
                "completed_by": 5,
                "result": [],
                "was_cancelled": True,
                "created_at": "2026-02-01T11:00:00Z",
                "task": 7,
            },
        ],
        "predictions": [],
    }
]


def test_import_hand_written_labelstudio_export(workspace: Path, tmp_path: Path) -> None:
    path = tmp_path / "ls.json"
    path.write_text(json.dumps(LABEL_STUDIO_EXPORT))
    result = run_cli(workspace, "annotate", "import", str(path), "--format", "labelstudio")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"Imported 2 records from {path} (new: dana 1, labelstudio-5 1)\n"
    stores = read_all(workspace / "annotations")
    dana = stores["dana"]["nyt-2024-01-04"]
    assert [g.label.code for g in dana.groups] == [
        "semantic",
        "associative",
        "combined:encyclopedic+multiword",
        "linguistic",
    ]
    assert dana.red_herring_words == (
        RedHerringWord(
            clue="NAAN", clue_number=6, fits_group="nyt-2024-01-04_4", reason="NAAN is nearly an anagram"
        ),
    )
    assert dana.created_at.isoformat() == "2026-02-01T10:04:59+00:00"
    assert stores["labelstudio-5"]["nyt-2024-01-04"].status == "skipped"


def test_red_herring_lines_take_the_clue_text(workspace: Path, tmp_path: Path) -> None:
    doc = json.loads(json.dumps(LABEL_STUDIO_EXPORT))
    doc[0]["annotations"][0]["result"][4]["value"]["text"] = ["naan -> 4: nearly an anagram", "BAGEL->1"]
    path = tmp_path / "ls.json"
    path.write_text(json.dumps(doc))
    result = run_cli(workspace, "annotate", "import", str(path), "--format", "labelstudio")
    assert result.exit_code == 0, result.stderr
    dana = read_all(workspace / "annotations")["dana"]["nyt-2024-01-04"]
    assert [(w.clue, w.clue_number, w.fits_group[-1], w.reason) for w in dana.red_herring_words] == [
        ("NAAN", 6, "4", "nearly an anagram"),
        ("BAGEL", 8, "1", ""),
    ]


def test_import_errors_are_one_clear_line(workspace: Path, tmp_path: Path) -> None:
    bad = json.loads(json.dumps(LABEL_STUDIO_EXPORT))
    bad[0]["data"]["puzzle_id"] = "nyt-1999-01-01"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    result = run_cli(workspace, "annotate", "import", str(path), "--format", "labelstudio")
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {path}: task 7: unknown puzzle id 'nyt-1999-01-01'; "
        "import the puzzles into the workspace first\n"
    )
    bad = json.loads(json.dumps(LABEL_STUDIO_EXPORT))
    bad[0]["annotations"][0]["result"][4]["value"]["text"] = ["six -> four"]
    path.write_text(json.dumps(bad))
    result = run_cli(workspace, "annotate", "import", str(path), "--format", "labelstudio")
    assert result.stderr == (
        f"Error: {path}: task 7 annotation 41: red-herring word 'six -> four': "
        "expected '<clue number or text> -> <other group 1-4>: why'\n"
    )
    path.write_text("[{")
    result = run_cli(workspace, "annotate", "import", str(path), "--format", "labelstudio")
    assert (
        result.stderr
        == f"Error: {path}:1:3: invalid JSON: Expecting property name enclosed in double quotes\n"
    )
    for fmt, doc in (("labelstudio", ["not a task"]), ("argilla", {"records": [7]})):
        path.write_text(json.dumps(doc))
        result = run_cli(workspace, "annotate", "import", str(path), "--format", fmt)
        assert result.exit_code == 1
        assert result.stderr.startswith(f"Error: {path}: not a {fmt} export (")
        assert result.stderr.count("\n") == 1

"""Hole 3: hostile JSON/YAML is one error line naming file and place, before anything is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocwtool.cli import main
from ocwtool.data import example_path
from ocwtool.errors import InputError
from ocwtool.fsio import sha256_file
from ocwtool.safeparse import JsonSyntaxError, loads_json, loads_yaml
from ocwtool.stores.puzzles import read_puzzles

OCW = example_path("ocw_example.json")


def run(ws: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    with pytest.raises(SystemExit) as info:
        main(["-w", str(ws), *args])
    return int(info.value.code or 0), capsys.readouterr().err


@pytest.fixture
def ws(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    folder = tmp_path / "ws"
    assert run(folder, capsys, "import", str(OCW), "--source", "kept")[0] == 0
    return folder


def _state(ws: Path) -> dict[str, str]:
    return {str(p.relative_to(ws)): sha256_file(p) for p in sorted(ws.rglob("*")) if p.is_file()}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[" * 50_000 + "]" * 50_000, "doc.json:1:101: invalid JSON: arrays/objects nested too deeply"),
        ('{"a":\n [' + "7" * 5000 + "]}", "doc.json:2:3: invalid JSON: a number longer than 4300 digits"),
        ('{"a": [1, NaN]}', "doc.json:1:11: invalid JSON: NaN is not a JSON number"),
        ('{"a": 1e400}', "doc.json:1:7: invalid JSON: number 1e400 is too large"),
        (
            '[{"id": "w1", "a": 1, "a": 2}]',
            "doc.json: invalid JSON: duplicate key 'a' in the object with id 'w1'",
        ),
        (
            '[{"x": ["ok", "bad\\ud800"]}]',
            "doc.json: [0].x[1]: text 'bad\\ud800' holds a lone UTF-16 surrogate",
        ),
        ('{"\\udc00": 1}', "doc.json: (document): text '\\udc00' holds a lone UTF-16 surrogate"),
    ],
)
def test_hostile_json_is_one_input_error_with_its_place(text: str, expected: str) -> None:
    with pytest.raises(InputError) as info:
        loads_json(text, "doc.json")
    assert str(info.value).startswith(expected)
    assert "\n" not in str(info.value)


def test_valid_json_is_unchanged_and_syntax_errors_are_told_apart() -> None:
    doc = {"clue": "\U0001f600 caf\u00e9", "n": [1, 2.5, -3], "deep": [[[[[]]]]]}
    assert loads_json(json.dumps(doc), "doc.json") == doc
    assert loads_json(json.dumps(doc, ensure_ascii=False), "doc.json") == doc
    with pytest.raises(JsonSyntaxError, match=r"^doc.json:7:4: invalid JSON: Expecting value"):
        loads_json("[1,,]", "doc.json", line=7)
    with pytest.raises(JsonSyntaxError, match="byte order mark"):
        loads_json("\ufeff[]", "doc.json")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a: " + "[" * 5000 + "]" * 5000, "nested too deeply"),
        ("a: " + "9" * 5000, "Exceeds the limit"),
        ('a: ["\\ud800"]', "a[0]: text '\\ud800' holds a lone UTF-16 surrogate"),
        ("a: .nan", "a: nan is not a finite number"),
    ],
)
def test_hostile_yaml_is_one_input_error(text: str, expected: str) -> None:
    with pytest.raises(InputError, match=r"^doc\.yml: ") as info:
        loads_yaml(text, "doc.yml")
    assert expected in str(info.value)


def _wall_doc(**changes: object) -> dict[str, object]:
    doc = json.loads(OCW.read_text(encoding="utf-8"))
    doc["dataset"][3].update(changes)
    return doc


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[" * 100_000 + "]" * 100_000, ":1:101: invalid JSON: arrays/objects nested too deeply"),
        (json.dumps(_wall_doc(season=-1)), ": dataset[3] (wall 5e1b02): record 5e1b02: ocw.season: "),
        (json.dumps(_wall_doc(episode=-4)), ": dataset[3] (wall 5e1b02): record 5e1b02: ocw.episode: "),
        (json.dumps(_wall_doc(notes="x\ud800")), ": dataset[3].notes: text 'x\\ud800' holds a lone UTF-16"),
        (
            json.dumps(_wall_doc(season=7)).replace('"season": 7', '"season": ' + "9" * 5000),
            ": invalid JSON: a number longer than 4300 digits",
        ),
    ],
)
def test_import_refuses_hostile_ocw_json_before_writing(
    ws: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, expected: str
) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    before = _state(ws)
    code, err = run(ws, capsys, "import", str(path), "--source", "kept", "--format", "ocw")
    assert (code, err.count("\n")) == (1, 1)
    assert err.startswith(f"Error: {path}") and expected in err
    assert _state(ws) == before  # the store and its meta.json untouched, no stray file


def test_early_nyt_date_is_refused_naming_the_record(
    ws: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = json.loads(example_path("nyt_archive_example.json").read_text(encoding="utf-8"))
    doc[1]["date"] = "2023-06-11"
    path = tmp_path / "early.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    before = _state(ws)
    code, err = run(ws, capsys, "import", str(path), "--source", "kept")
    assert code == 1
    early = "date 2023-06-11 is before the first NYT Connections puzzle (2023-06-12)"
    assert err == f"Error: {path}: [1] (2023-06-11): {early}\n"
    assert _state(ws) == before


def test_a_store_line_with_hostile_json_names_the_store_line(ws: Path) -> None:
    store = ws / "puzzles" / "kept.jsonl"
    lines = store.read_text(encoding="utf-8").splitlines()
    lines[2] = "[" * 100_000 + "]" * 100_000
    store.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=f"^{store}:3:101: invalid JSON: arrays/objects nested too deeply"):
        read_puzzles(store)

"""``ocwtool export --format verifiers-env OUT/``: the package written, its puzzles and boards, that
it runs without ocwtool, a release's configs, and the errors."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.training.verifiers_env import bundle
from tests.conftest import run_ocwtool
from tests.training.vf_puzzles import invented, make_workspace, venv_bin
from tests.validators.factory import make_workspace as make_release_workspace

MODULE = Path("ocwtool_connections")


def _export(ws: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_ocwtool("-w", str(ws), "export", "--format", "verifiers-env", *args)


def test_export_writes_the_package_and_every_split_of_every_store(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws")
    out = tmp_path / "env"
    done = _export(ws, str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"Exported 8 puzzles as a verifiers environment to {out} (docs/training.md)\n"
    assert done.stderr == "  nyt: test 4\n  ocw: train 1, test 3\n"
    files = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    data = [
        f"{MODULE}/data/{name}"
        for name in ("index.json", "nyt/test.jsonl", "ocw/test.jsonl", "ocw/train.jsonl")
    ]
    modules = [f"{MODULE}/{name}" for name in ("__init__.py", *bundle.MODULES)]
    assert files == sorted(["README.md", "pyproject.toml", *data, *modules])
    here = Path(bundle.__file__).parent
    assert all((out / MODULE / name).read_bytes() == (here / name).read_bytes() for name in bundle.MODULES)
    index = json.loads((out / MODULE / "data/index.json").read_text())
    assert index["configs"] == {"nyt": {"test": 4}, "ocw": {"train": 1, "test": 3}}
    assert 'dependencies = ["verifiers>=0.1.14,<0.2", "datasets"]' in (out / "pyproject.toml").read_text()


def test_boards_are_shown_shuffled_never_in_solution_order(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws")
    assert _export(ws, "--out", str(tmp_path / "env")).returncode == 0
    by_id = {p.id: p for p in invented("ocw") + invented("nyt")}
    records = [
        json.loads(line)
        for path in (tmp_path / "env" / MODULE / "data").glob("*/*.jsonl")
        for line in path.read_text().splitlines()
    ]
    assert len(records) == 8
    for rec in records:
        p = by_id[rec["wall_id"]]
        solution = [w for g in p.groups for w in g.clues]
        assert sorted(rec["board"]) == sorted([*solution, *p.distractors])
        assert rec["board"][: len(solution)] != solution and rec["board"][-len(solution) :] != solution
        assert rec["groups"] == [list(g.clues) for g in p.groups]
        assert rec["levels"] == ([g.level for g in p.groups] if p.nyt else None)
    assert any(rec["distractors"] for rec in records)


def test_the_exported_package_loads_in_verifiers_venv_without_ocwtool(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws")
    out = tmp_path / "env"
    assert _export(ws, str(out), "--source", "ocw").returncode == 0
    script = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "from ocwtool_connections import load_environment\n"
        "for rules in ('nyt', 'oneshot'):\n"
        "    env = load_environment(split='test', rules=rules)\n"
        "    print(rules, type(env).__name__, len(env.eval_dataset))\n"
        "for args in ({'config': 'nyt'}, {'split': 'validation'}, {'rules': 'chess'}):\n"
        "    try:\n"
        "        load_environment(**args)\n"
        "    except ValueError as exc:\n"
        "        print(exc)\n"
        "print('ocwtool' in sys.modules)\n"
    )
    # -I: no PYTHONPATH, no current folder; the verifiers venv has no ocwtool
    python = str(venv_bin("python"))
    done = subprocess.run([python, "-I", "-c", script, str(out)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "nyt ConnectionsGameEnv 3\n"
        "oneshot SingleTurnEnv 3\n"
        "unknown config 'nyt'; this bundle has: ocw\n"
        "config 'ocw' has no split 'validation'; it has: train, test\n"
        "unknown rules 'chess'; choose one of: nyt, missed-connections, only-connect, oneshot\n"
        "False\n"
    )


def test_a_release_exports_its_configs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    settings = make_release_workspace(tmp_path / "ws")
    folder, _ = build_release(settings, ReleaseSpec(name="demo", version="1.2.3", notes="First."))
    out = tmp_path / "env"
    done = _export(settings.root, "--release", str(folder), str(out))
    assert done.returncode == 0, done.stderr
    index = json.loads((out / MODULE / "data/index.json").read_text())
    configs = sorted(p.name for p in (folder / "data").iterdir() if p.is_dir())
    assert sorted(index["configs"]) == configs
    eval_report = tmp_path / "eval.json"
    for config, splits in index["configs"].items():
        ids = []
        for split, n in splits.items():
            lines = (out / MODULE / "data" / config / f"{split}.jsonl").read_text().splitlines()
            assert len(lines) == n
            ids += [json.loads(x)["wall_id"] for x in lines]
        # the same walls `ocwtool eval --release` scores for that config (every split)
        args = ["eval", "--release", str(folder), "--source", config, "--split", "all"]
        done = run_ocwtool(
            *args, "--baseline", "random", "--seeds", "1", "--bootstrap", "0", "--json-out", str(eval_report)
        )
        assert done.returncode == 0, done.stderr
        walls = json.loads(eval_report.read_text())["runs"][0]["walls"]
        assert sorted(w["wall_id"] for w in walls) == sorted(ids)


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (
            ["--split", "test", "OUT"],
            2,
            "--format verifiers-env bundles every split and game; drop --split/--game",
        ),
        ([], 2, "--format verifiers-env needs the folder to write: OUT or --out"),
        (["--out", "OUT", "OUT"], 2, "give the output once: --out or OUT, not both"),
        (["--source", "nope", "OUT"], 1, "Error: no store named 'nope' in WS; known: nyt, ocw"),
    ],
)
def test_bad_export_options_get_one_clear_error(
    tmp_path: Path, args: list[str], code: int, message: str
) -> None:
    ws = make_workspace(tmp_path / "ws")
    done = _export(ws, *(str(tmp_path / "env") if a == "OUT" else a for a in args))
    assert done.returncode == code
    assert message.replace("WS", str(ws)) in done.stderr
    assert not (tmp_path / "env").exists()


def test_export_refuses_a_folder_that_is_not_empty(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws")
    out = tmp_path / "env"
    out.mkdir()
    (out / "notes.txt").write_text("mine\n")
    done = _export(ws, str(out))
    assert done.returncode == 1
    assert (
        done.stderr
        == f"Error: {out} exists and is not an empty folder; choose a new folder for the environment\n"
    )
    assert sorted(os.listdir(out)) == ["notes.txt"]


def test_release_is_refused_with_other_formats(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws")
    done = run_ocwtool("-w", str(ws), "export", "--format", "ocw", "--release", str(ws), "--out", "x.json")
    assert done.returncode == 2
    assert "--release works with --format chat-jsonl or verifiers-env only" in done.stderr


def test_a_file_format_still_refuses_a_folder(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws")
    done = run_ocwtool("-w", str(ws), "export", "--format", "ocw", "--out", str(tmp_path))
    assert done.returncode == 2
    assert f"{tmp_path} is a folder; --format ocw writes a file" in done.stderr

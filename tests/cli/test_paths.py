"""Input path arguments: relative paths are looked up in the current folder, then in the workspace
(-w), with a note when the workspace's copy is used and an error naming both places otherwise."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from ocwtool.cli import main
from ocwtool.cli.app import COMMANDS, cli
from ocwtool.data import example_path
from tests.validators.factory import make_workspace

# Path parameters that name what a command writes (or a folder it creates): written where they say,
# relative to the current folder, never looked up.
OUTPUTS = {
    ("-w/--workspace", "workspace"),
    ("annotate export", "out"),
    ("eval", "json_out"),
    ("eval", "plot"),
    ("export", "out"),
    ("export", "out_arg"),  # OUT, the same as --out
    ("play", "out"),
    ("reconcile", "output"),
    ("report", "out"),
    ("validate", "json_out"),
    ("validate", "md_out"),
}
# Inputs that also take a store name, so they resolve in the command (the same lookup, then the store).
BY_NAME = {("reconcile", "left"), ("reconcile", "right")}


def _commands(
    group: click.Group, ctx: click.Context, prefix: str = ""
) -> Iterator[tuple[str, click.Command]]:
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        assert cmd is not None
        yield f"{prefix}{name}", cmd
        if isinstance(cmd, click.Group):
            yield from _commands(cmd, ctx, f"{prefix}{name} ")


def test_every_input_path_parameter_is_looked_up_in_the_workspace_too() -> None:
    from ocwtool.cli.paths import InputPath

    ctx = click.Context(cli)
    params = [("-w/--workspace", p) for p in cli.params]
    params += [(name, p) for name, cmd in _commands(cli, ctx) for p in cmd.params]
    paths = {(where, p.name) for where, p in params if isinstance(p.type, click.Path)}
    inputs = {(where, p.name) for where, p in params if isinstance(p.type, InputPath)}
    assert {k for k in paths - inputs if k not in OUTPUTS | BY_NAME} == set()
    assert ("release verify", "target") in inputs and ("import", "file") in inputs
    assert len(COMMANDS) > 10 and len(inputs) >= 12


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A workspace ``ws`` and an empty current folder ``here`` beside it."""
    ws = make_workspace(tmp_path / "ws", variants=False).root
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    return ws, here


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out = capsys.readouterr()
    return int(info.value.code or 0), out.out, out.err


# (command line before the path, the path, after it, file or folder): every input path argument.
CASES = [
    (["release", "verify"], "releases/x-1.0.0.tar.gz", ["--no-load"], "file"),
    (["release", "build", "--name", "x", "--version", "1.0.0", "--notes"], "@NOTES.md", [], "file"),
    (["import"], "in/walls.json", [], "file"),
    (["annotate", "import"], "in/tasks.json", ["--format", "labelstudio"], "file"),
    (["split", "--splits-from"], "official", ["--dry-run"], "dir"),
    (["reconcile", "puzzles/ocw.jsonl"], "in/other.jsonl", [], "file"),
    (["eval", "--release"], "releases/x-1.0.0", ["--baseline", "random"], "dir"),
    (["eval", "--predictions"], "in/preds.json", [], "file"),
    (["eval", "--run"], "runs/llm/r1", [], "dir"),
    (["eval", "--transcripts"], "in/games.jsonl", [], "file"),
    (["eval", "--baseline", "random", "--compare"], "in/old.json", [], "file"),
    (["eval", "--baseline", "random", "--annotations"], "in/labels.jsonl", [], "file"),
    (["eval", "--baseline", "random", "--bertscore-model"], "models/minilm", [], "dir"),
    (["eval", "--baseline", "random", "--bertscore-baseline"], "in/rescale.tsv", [], "file"),
    (["llm", "run", "--model", "mockllm/model", "--release"], "releases/x-1.0.0", [], "dir"),
]


@pytest.mark.parametrize(("before", "path", "after", "kind"), CASES, ids=lambda v: str(v))
def test_a_missing_input_names_both_places_tried(
    elsewhere: tuple[Path, Path],
    capsys: pytest.CaptureFixture[str],
    before: list[str],
    path: str,
    after: list[str],
    kind: str,
) -> None:
    ws, here = elsewhere
    code, out, err = _run(capsys, "-w", str(ws), *before, path, *after)
    rel = path.removeprefix("@")
    # reconcile also tries a store of that name; a path with a folder in it is not a store's name
    by_name = before[0] == "reconcile" and "/" not in rel
    tail = f", and there is no store {ws / 'puzzles' / rel}.jsonl" if by_name else ""
    assert (code, out) == (1, "")
    places = f"not found in the current folder ({here / rel}) nor in the workspace ({ws / rel})"
    assert err.splitlines()[-1] == f"Error: {rel}: {places}{tail}"


@pytest.mark.parametrize(("before", "path", "after", "kind"), CASES, ids=lambda v: str(v))
def test_an_input_found_in_the_workspace_is_used_and_named(
    elsewhere: tuple[Path, Path],
    capsys: pytest.CaptureFixture[str],
    before: list[str],
    path: str,
    after: list[str],
    kind: str,
) -> None:
    ws, _ = elsewhere
    rel = path.removeprefix("@")
    target = ws / rel
    if kind == "dir":
        target.mkdir(parents=True)
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("{}\n")
    _, _, err = _run(capsys, "-w", str(ws), *before, path, *after)
    note = f"note: {rel} is not in the current folder; using {target} in the workspace"
    assert note in err.splitlines()
    assert "not found in the current folder" not in err


def test_import_and_reconcile_read_the_workspaces_file(
    elsewhere: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    ws, here = elsewhere
    (ws / "in").mkdir()
    (ws / "in" / "walls.json").write_bytes(example_path("ocw_example.json").read_bytes())
    code, out, err = _run(capsys, "-w", str(ws), "import", "in/walls.json", "--source", "mine")
    assert code == 0
    assert (
        err.splitlines()[0]
        == f"note: in/walls.json is not in the current folder; using {ws}/in/walls.json in the workspace"
    )
    summary = "(1 warning; flags: numeric_clue 1)"
    assert out == f"Imported 6 puzzles from {ws}/in/walls.json into puzzles/mine.jsonl {summary}\n"
    # the same name in the current folder wins, and is used without a note
    (here / "in").mkdir()
    (here / "in" / "walls.json").write_bytes(example_path("ocw_example.json").read_bytes())
    code, out, err = _run(capsys, "-w", str(ws), "import", "in/walls.json", "--source", "mine")
    assert code == 0 and "note:" not in err and out.startswith("Imported 6 puzzles from in/walls.json into")
    code, out, err = _run(capsys, "-w", str(ws), "reconcile", "puzzles/mine.jsonl", "mine", "--json")
    assert code == 0 and json.loads(out)["in_both"] == 6
    store = ws / "puzzles" / "mine.jsonl"
    assert err == f"note: puzzles/mine.jsonl is not in the current folder; using {store} in the workspace\n"

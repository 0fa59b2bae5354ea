"""Issue #30, item 8 (and the names of item 4): every name a user gives is checked whole and stays in
the workspace.

``re.match`` with ``$`` let a trailing newline through (``$`` also matches before a final ``\\n``):
``releases/evil\\n-1.0.0/``, ``puzzles/trail\\n.jsonl``, an annotator ``alice\\n`` whose first label
crashed the session. ``llm run --name`` was not checked at all: ``../../../x`` and absolute paths wrote
outside the workspace. Each case is refused with one line in one style, naming the bad name and the
allowed form, before anything is written.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ocwtool.errors import InputError, ReleaseError
from ocwtool.workspace import Workspace
from tests.annotations.conftest import run_cli

NAME_RULE = "letters, digits, '.', '_' or '-' (starting with a letter or digit, at most 128 characters)"
ANNOTATOR_RULE = (
    "lower-case letters, digits, '_', '.' or '-' (starting with a letter or digit, at most 64 characters)"
)


def _files(root: Path) -> list[str]:
    """Every file and folder under ``root``, relative, sorted (lock records left out)."""
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if ".ocwtool-lock." not in p.name)


def _export(workspace: Path, tmp_path: Path) -> Path:
    out = tmp_path / "in.jsonl"
    assert run_cli(workspace, "export", "--format", "jsonl", "--out", str(out)).exit_code == 0
    return out


@pytest.mark.parametrize("bad", ["trail\n", "../up", ".", "..", "/abs", "a/b", "-x", "x" * 129])
def test_an_import_under_a_bad_source_name_is_refused(workspace: Path, tmp_path: Path, bad: str) -> None:
    before = _files(tmp_path)
    result = run_cli(workspace, "import", str(_export(workspace, tmp_path)), "-f", "jsonl", "--source", bad)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"Error: source name {bad!r} is not allowed: use {NAME_RULE}\n"
    assert _files(tmp_path) == sorted([*before, "in.jsonl"])  # nothing written anywhere


def test_a_release_named_with_a_trailing_newline_is_refused(workspace: Path) -> None:
    args = ("release", "build", "--name", "evil\n", "--version", "1.0.0", "--no-report")
    result = run_cli(workspace, *args)
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: release name 'evil\\n' is not allowed: use {NAME_RULE}\n",
    )
    assert not (workspace / "releases").exists()
    from ocwtool.safenames import check_release

    with pytest.raises(ReleaseError, match=r"^release version '1\.0\.0\\n' is not allowed: use a semantic"):
        check_release("ok", "1.0.0\n", error=ReleaseError)
    with pytest.raises(ReleaseError, match=r"^release version '١\.٠\.٠' is not allowed"):
        check_release("ok", "١.٠.٠", error=ReleaseError)  # Arabic-Indic digits: \d would take them
    check_release("ok", "1.0.0-rc.1", error=ReleaseError)


def test_an_annotator_with_a_trailing_newline_is_refused_before_the_first_key(workspace: Path) -> None:
    # Before: the session started, and the first key press crashed on saving the label (lost).
    result = run_cli(workspace, "annotate", "label", "--annotator", "alice\n", input="s")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"Error: annotator name 'alice\\n' is not allowed: use {ANNOTATOR_RULE}\n"
    assert _files(workspace / "annotations") == []


@pytest.mark.parametrize(
    ("method", "what"),
    [
        ("puzzles_path", "source name"),
        ("meta_path", "source name"),
        ("raw_dir", "source name"),
        ("variants_path", "variant kind"),
        ("variant_summary_path", "variant kind"),
        ("variant_ocw_path", "variant kind"),
        ("llm_run_dir", "run name"),
    ],
)
def test_every_layout_path_made_from_a_name_checks_it(tmp_path: Path, method: str, what: str) -> None:
    ws = Workspace.at(tmp_path)
    for bad in ("x\n", "..", "../x", str(tmp_path / "abs")):
        with pytest.raises(InputError) as caught:
            getattr(ws, method)(bad)
        assert str(caught.value) == f"{what} {bad!r} is not allowed: use {NAME_RULE}"
    assert getattr(ws, method)("ok.v1_x-2").is_relative_to(tmp_path)


def test_a_store_folder_linked_outside_the_workspace_is_refused(workspace: Path, tmp_path: Path) -> None:
    data = _export(workspace, tmp_path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (workspace / "variants").symlink_to(outside, target_is_directory=True)
    ws = Workspace.at(workspace)
    with pytest.raises(InputError) as caught:
        ws.write_variants("randomized", [])
    assert str(caught.value) == (
        f"{workspace / 'variants' / 'randomized.jsonl'} (variant kind 'randomized') leads outside the "
        f"workspace {workspace.resolve()} (to {outside.resolve() / 'randomized.jsonl'}); keep it inside "
        "the workspace (remove the link, or give another name)"
    )
    os.replace(workspace / "puzzles", tmp_path / "puzzles-moved")
    (workspace / "puzzles").symlink_to(tmp_path / "puzzles-moved", target_is_directory=True)
    result = run_cli(workspace, "import", str(data), "-f", "jsonl", "--source", "fresh")
    assert (result.exit_code, result.stdout) == (1, "")
    store = workspace / "puzzles" / "fresh.jsonl"
    assert result.stderr == (
        f"Error: {store} (source name 'fresh') leads outside the workspace {workspace.resolve()} "
        f"(to {(tmp_path / 'puzzles-moved' / 'fresh.jsonl').resolve()}); keep it inside the workspace "
        "(remove the link, or give another name)\n"
    )
    assert not (tmp_path / "puzzles-moved" / "fresh.jsonl").exists()
    assert _files(outside) == []


@pytest.mark.parametrize("bad", ["../../../x", "ABSOLUTE", ".", "..", "x\n", "a/b"])
def test_an_llm_run_name_outside_runs_llm_is_refused_before_any_call(
    workspace: Path, tmp_path: Path, bad: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("inspect_ai")
    # A key and a closed loopback port: before, the run went ahead (every game errored, exit 0) and
    # wrote its folder where the name pointed.
    monkeypatch.setenv("NOKEY_API_KEY", "dummy")
    monkeypatch.setenv("NOKEY_BASE_URL", "http://127.0.0.1:9/v1")
    bad = str(tmp_path / "abs-run") if bad == "ABSOLUTE" else bad
    before = _files(tmp_path)
    args = ("llm", "run", "--model", "openai-api/nokey/x", "--source", "test", "--split", "all")
    result = run_cli(workspace, *args, "--name", bad, "--max-retries", "0", "--no-progress")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"Error: run name {bad!r} is not allowed: use {NAME_RULE}\n"
    assert _files(tmp_path) == before  # ../../../x from runs/llm/ is tmp_path/x


def test_names_are_matched_whole_in_the_one_checker() -> None:
    from ocwtool.safenames import NAME, check_name

    assert check_name("ocw-2024.v1_b", "source name") == "ocw-2024.v1_b"
    for bad in ("ocw\n", "ocw\r", "ocw\x1b[2J", "ocw ", "", "_x", ".hidden"):
        assert NAME.pattern.match(bad) is None or NAME.pattern.fullmatch(bad) is None
        with pytest.raises(InputError, match=r"^source name .* is not allowed: use letters"):
            check_name(bad, "source name")


@pytest.mark.parametrize(
    ("folder", "args", "subject"),
    [
        ("exports", ("export", "--format", "jsonl"), "export file {ws}/exports/test.jsonl"),
        ("reports", ("report", "--no-progress"), "report {ws}/reports/report.html"),
    ],
)
def test_a_default_output_folder_linked_outside_the_workspace_is_refused(
    workspace: Path, tmp_path: Path, folder: str, args: tuple[str, ...], subject: str
) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (workspace / folder).symlink_to(outside, target_is_directory=True)
    result = run_cli(workspace, *args)
    target = outside.resolve() / Path(subject.split()[-1]).name
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"Error: {subject.format(ws=workspace)} leads outside the workspace {workspace.resolve()} "
        f"(to {target}); keep it inside the workspace (remove the link, or give another name)\n"
    )
    assert _files(outside) == []


def test_an_evaluation_by_a_bad_source_or_annotator_name_is_refused(workspace: Path) -> None:
    result = run_cli(workspace, "eval", "--baseline", "random", "--source", "test\n")
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: source name 'test\\n' is not allowed: use {NAME_RULE}\n",
    )
    result = run_cli(workspace, "eval", "--baseline", "random", "--breakdown", "--annotator", "Bob")
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: annotator name 'Bob' is not allowed: use {ANNOTATOR_RULE}\n",
    )
    assert not (workspace / "runs").exists()


def test_a_model_named_outside_models_is_refused_before_training(workspace: Path) -> None:
    result = run_cli(workspace, "annotate", "train", "--annotator", "alice", "--name", "../m")
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: model name '../m' is not allowed: use {ANNOTATOR_RULE}\n",
    )
    result = run_cli(workspace, "annotate", "suggest", "--model", "m\n@1")
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: model name 'm\\n' is not allowed: use {ANNOTATOR_RULE}\n",
    )
    assert not (workspace / "models").exists()

"""The evaluator a release ships: its requirements file (checksummed and verified), the card's two
commands, and those commands run as written in a fresh venv holding only the shipped requirements.

The venv is built by the card's first command once per requirements file, setup command and Python
(``~/.cache/ocwtool/evaluate-venv-<key>/``, as the Makefile caches the Label Studio venv; pip fetches
from PyPI or its own cache the first time); ``$OCWTOOL_EVAL_VENV_CACHE`` moves that cache.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ocwtool.evaluation import scorer
from ocwtool.evaluation.scorer.deps import REQUIREMENTS_FILE, SETUP_COMMAND, VENV, requirements_text
from ocwtool.releases.verify import verify_release
from tests.conftest import run_ocwtool
from tests.releases.conftest import Built

SCORE_COMMAND = f"{VENV}/bin/python evaluate.py --gold json/ocw/test.json --predictions predictions.json"


def card_commands(folder: Path) -> list[str]:
    """The shell commands of the card's "Scoring predictions" section, as written."""
    section = (folder / "README.md").read_text().split("## Scoring predictions\n", 1)[1]
    block = section.split("```bash\n", 1)[1].split("```", 1)[0]
    return block.splitlines()


def test_the_release_ships_its_requirements_checksummed(built: Built) -> None:
    shipped = built.folder / REQUIREMENTS_FILE
    assert shipped.read_text() == requirements_text()
    manifest = json.loads((built.folder / "manifest.json").read_text())
    digest = hashlib.sha256(shipped.read_bytes()).hexdigest()
    assert manifest["files"][REQUIREMENTS_FILE] == {"sha256": digest, "bytes": shipped.stat().st_size}
    assert f"{digest}  {REQUIREMENTS_FILE}\n" in (built.folder / "SHA256SUMS").read_text()


def test_verify_checks_the_requirements_file(copy: Path) -> None:
    with (copy / REQUIREMENTS_FILE).open("a") as fh:
        fh.write("pandas\n")
    out = run_ocwtool("release", "verify", str(copy), "--no-load")
    assert out.returncode == 1
    assert out.stderr.startswith(f"Error: tampered file {REQUIREMENTS_FILE}: expected sha256 ")
    (copy / REQUIREMENTS_FILE).unlink()
    out = run_ocwtool("release", "verify", str(copy), "--no-load")
    assert (out.returncode, out.stderr) == (1, f"Error: missing file {REQUIREMENTS_FILE} in {copy}\n")


def test_the_card_gives_the_two_commands(built: Built) -> None:
    assert card_commands(built.folder) == [SETUP_COMMAND, SCORE_COMMAND]
    assert SETUP_COMMAND == (
        "python3 -m venv .venv-eval && .venv-eval/bin/pip install -r requirements-evaluate.txt"
    )
    card = (built.folder / "README.md").read_text()
    assert "`--allow-missing` scores it as empty, `--only-answered`\nleaves it out" in card
    assert f"`ocwtool release verify` ignores the `{VENV}/` folder." in card


def test_verify_ignores_the_venv_the_card_creates(copy: Path) -> None:
    (copy / VENV / "bin").mkdir(parents=True)
    (copy / VENV / "bin" / "python").write_text("not a release file")
    (copy / VENV / "pyvenv.cfg").write_text("home = /usr/bin\n")
    assert verify_release(copy, load=False).files > 0
    (copy / "scorer" / "extra.py").write_text("")  # anywhere else, an unlisted file is still refused
    out = run_ocwtool("release", "verify", str(copy), "--no-load")
    assert (out.returncode, out.stderr) == (
        1,
        f"Error: unlisted file scorer/extra.py in {copy} (not in SHA256SUMS)\n",
    )


def _clean_env() -> dict[str, str]:
    """This environment without ocwtool's sources or venv on the path; ``python3`` is this Python."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return env


def _shell(command: str, cwd: Path, timeout: int = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", command], cwd=cwd, env=_clean_env(), capture_output=True, text=True, timeout=timeout
    )


@pytest.fixture(scope="session")
def eval_venv(built: Built) -> Path:
    """A venv made by the card's first command, run as written in a cache folder holding only the
    shipped requirements file; rebuilt when the file, the command or the Python changes."""
    setup = card_commands(built.folder)[0]
    requirements = (built.folder / REQUIREMENTS_FILE).read_bytes()
    key = hashlib.sha256(requirements + setup.encode() + sys.version.encode()).hexdigest()[:16]
    cache = Path(os.environ.get("OCWTOOL_EVAL_VENV_CACHE") or Path.home() / ".cache" / "ocwtool")
    folder = cache / f"evaluate-venv-{key}"
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / f"evaluate-venv-{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another test session may be building the same venv
        if not (folder / ".complete").is_file():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            (folder / REQUIREMENTS_FILE).write_bytes(requirements)
            proc = _shell(setup, folder, timeout=900)
            assert proc.returncode == 0, proc.stdout + proc.stderr
            (folder / ".complete").write_text(setup + "\n")
    return folder / VENV


def _predictions(gold: Path, answered: int) -> list[dict[str, Any]]:
    """Answers to the first ``answered`` walls: the gold groups, the first two swapping a word on
    odd walls (2 groups found); connections right on even walls, empty on odd ones."""
    walls = json.loads(gold.read_text())["dataset"][:answered]
    out = []
    for k, wall in enumerate(walls):
        groups = [list(g["gt_words"]) for g in wall["groups"].values()]
        if k % 2:
            groups[0][0], groups[1][0] = groups[1][0], groups[0][0]
        conns = [g["gt_connection"] if k % 2 == 0 else "" for g in wall["groups"].values()]
        out.append({"wall_id": wall["wall_id"], "predicted_groups": groups, "predicted_connections": conns})
    return out


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_the_card_commands_score_in_a_fresh_venv(built: Built, eval_venv: Path, tmp_path: Path) -> None:
    cfg = (eval_venv / "pyvenv.cfg").read_text()
    assert "include-system-site-packages = false" in cfg  # only what the requirements file installed
    alone = _shell(f"{eval_venv}/bin/python -c 'import ocwtool'", tmp_path)
    assert "No module named 'ocwtool'" in alone.stderr
    release = tmp_path / built.folder.name
    shutil.copytree(built.folder, release)
    (release / VENV).symlink_to(eval_venv)  # where the card's first command puts it
    gold = release / "json" / "ocw" / "test.json"
    (release / "predictions.json").write_text(json.dumps(_predictions(gold, answered=12)))
    proc = _shell(card_commands(built.folder)[1], release)
    expected = scorer.format_table(
        scorer.evaluate_files(gold, [release / "predictions.json"], scorer.Options())
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, expected + "\n", "")
    lines = proc.stdout.splitlines()  # 6 walls solved, 6 with 2 of 4 groups: 36 groups found
    assert f"  {'solved_walls':<26}{6:>12}{0:>12.4f}" in lines
    assert f"  {'correct_groups':<26}{36:>12}{0:>12.4f}" in lines
    (release / "predictions.json").write_text(json.dumps(_predictions(gold, answered=5)))
    partial = _shell(f"{card_commands(built.folder)[1]} --allow-missing", release)
    assert partial.returncode == 0, partial.stderr
    assert partial.stdout.splitlines()[-1] == "7 of 12 walls scored as empty (no prediction; --allow-missing)"
    answered = _shell(f"{card_commands(built.folder)[1]} --only-answered", release)
    assert (
        answered.stdout.splitlines()[-1] == "scored the 5 of 12 walls answered by every run (--only-answered)"
    )
    (release / "predictions.json").unlink()  # the user's own file; the venv stays
    assert verify_release(release, load=False).files > 0  # scoring left the release as shipped

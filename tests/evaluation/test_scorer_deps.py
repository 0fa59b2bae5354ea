"""The shipped evaluator's libraries: ``--help`` on a bare Python, one error line for a missing
library, the requirements file equal to ocwtool's own ranges."""

from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from ocwtool.evaluation import scorer
from ocwtool.evaluation.scorer import GoldWall, ScorerInputError, deps
from ocwtool.evaluation.scorer.bundle import standalone_files
from tests.evaluation.conftest import as_records, ocw_document, ship_scorer, write_json

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted(Path(scorer.__file__).parent.glob("*.py"))
BARE = [sys.executable, "-I", "-S"]  # no site-packages at all: numpy and the rest are not importable


def _bare(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*BARE, *args], capture_output=True, text=True, cwd=cwd, check=False)


def test_a_bare_python_has_none_of_the_libraries(tmp_path: Path) -> None:
    proc = _bare(["-c", "import numpy"], tmp_path)
    assert proc.returncode == 1 and "No module named 'numpy'" in proc.stderr


def test_help_runs_on_a_python_without_third_party_packages(tmp_path: Path) -> None:
    proc = _bare([str(ship_scorer(tmp_path)), "--help"], tmp_path)
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout.startswith("usage: evaluate.py [-h] --gold GOLD --predictions PREDICTIONS")
    assert "--only-answered" in proc.stdout and "--allow-missing" in proc.stdout
    assert f"  {deps.SETUP_COMMAND}\n" in proc.stdout


def _gold_and_predictions(golds: list[GoldWall], tmp_path: Path) -> tuple[Path, Path]:
    gold = write_json(tmp_path / "test.json", ocw_document(golds))
    return gold, write_json(tmp_path / "p.json", as_records(golds))


def test_scoring_without_the_libraries_is_one_line_naming_the_install(
    golds: list[GoldWall], tmp_path: Path
) -> None:
    """Outside any venv: the card's fresh venv (a system pip may be absent or refuse, PEP 668)."""
    release = tmp_path / "release"
    release.mkdir()
    launcher = ship_scorer(release)
    gold, preds = _gold_and_predictions(golds, tmp_path)
    args = ["--gold", str(gold), "--predictions", str(preds)]
    here = _bare(["evaluate.py", *args], release)  # from the release folder: relative paths
    assert (here.returncode, here.stdout, here.stderr) == (
        1,
        "",
        f"Error: scoring needs numpy, scipy, scikit-learn, rouge-score (not installed for {sys.executable}); "
        f"install them in a fresh venv: {sys.executable} -m venv .venv-eval && .venv-eval/bin/pip install "
        "-r requirements-evaluate.txt, then score with .venv-eval/bin/python evaluate.py\n",
    )
    (tmp_path / "elsewhere").mkdir()
    elsewhere = _bare([str(launcher), *args], tmp_path / "elsewhere")  # outside it: absolute paths
    assert elsewhere.returncode == 1 and elsewhere.stderr.count("\n") == 1
    assert elsewhere.stderr.endswith(
        f"-r {release / 'requirements-evaluate.txt'}, then score with .venv-eval/bin/python {launcher}\n"
    )


def test_a_bare_venv_runs_help_and_names_its_own_pip(golds: list[GoldWall], tmp_path: Path) -> None:
    """In a venv without the libraries (here: a bare one): ``--help`` works, scoring names the
    venv's own pip and the shipped requirements file."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(tmp_path / "bare")], check=True)
    python = str(tmp_path / "bare" / "bin" / "python")
    release = tmp_path / "release"
    release.mkdir()
    ship_scorer(release)
    help_ = subprocess.run([python, "evaluate.py", "--help"], capture_output=True, text=True, cwd=release)
    assert (help_.returncode, help_.stderr) == (0, "") and "--only-answered" in help_.stdout
    gold, preds = _gold_and_predictions(golds, tmp_path)
    args = ["--gold", str(gold), "--predictions", str(preds)]
    proc = subprocess.run([python, "evaluate.py", *args], capture_output=True, text=True, cwd=release)
    assert (proc.returncode, proc.stdout, proc.stderr) == (
        1,
        "",
        f"Error: scoring needs numpy, scipy, scikit-learn, rouge-score (not installed for {python}); "
        f"install with: {python} -m pip install -r requirements-evaluate.txt\n",
    )


def test_the_error_names_only_the_missing_libraries(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec

    def find_spec(name: str, package: str | None = None) -> object:
        return None if name in ("sklearn", "rouge_score") else real(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    python = shlex.quote(sys.executable)
    # Run from ocwtool's package, no requirements file is beside it: the command names the pins.
    assert deps.missing() == (
        f"scoring needs scikit-learn, rouge-score (not installed for {sys.executable}); install with: "
        f"{python} -m pip install 'scikit-learn>=1.4,<2' 'rouge-score>=0.1.2,<0.2'"
    )


def test_bertscore_without_bert_score_names_its_pinned_install(
    golds: list[GoldWall], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, p=None: None if name == "bert_score" else real(name, p)
    )
    preds = [scorer.prediction_from_record(r, "p") for r in as_records(golds)]
    with pytest.raises(ScorerInputError) as err:
        scorer.bertscore_f1(golds, preds, tmp_path, num_layers=1)
    assert str(err.value) == (
        f"BERTScore needs bert-score (not installed for {sys.executable}); install with: "
        f"{shlex.quote(sys.executable)} -m pip install 'bert-score>=0.3.13,<0.4'"
    )


def _third_party(path: Path, top_level_only: bool) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    names = {a.name.split(".")[0] for n in nodes if isinstance(n, ast.Import) for a in n.names}
    names |= {(n.module or "").split(".")[0] for n in nodes if isinstance(n, ast.ImportFrom) and not n.level}
    return names - set(sys.stdlib_module_names) - {""}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_module_imports_a_library_when_loaded(path: Path) -> None:
    """Libraries are imported inside the functions that use them (``--help`` needs none)."""
    assert _third_party(path, top_level_only=True) == set()


def test_the_requirements_cover_every_library_the_scorer_imports() -> None:
    imported = set().union(*(_third_party(p, top_level_only=False) for p in MODULES))
    assert imported == {module for module, _ in deps.REQUIRED} | {deps.BERTSCORE[0]}


def _pyproject_requirements() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    specs = [*project["dependencies"], *project["optional-dependencies"]["bertscore"]]
    return {Requirement(s).name: s for s in specs}


def test_the_pinned_ranges_are_ocwtools_own_and_hold_for_the_tested_versions() -> None:
    ours = _pyproject_requirements()
    for _, spec in (*deps.REQUIRED, deps.BERTSCORE):
        req = Requirement(spec)
        assert ours[req.name] == spec  # the range pyproject.toml declares, character for character
        assert importlib.metadata.version(req.name) in req.specifier  # and the installed one is inside it


def test_the_shipped_requirements_file() -> None:
    text = standalone_files()[deps.REQUIREMENTS_FILE].decode()
    active = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert active == ["numpy>=1.26,<3", "scipy>=1.11,<2", "scikit-learn>=1.4,<2", "rouge-score>=0.1.2,<0.2"]
    assert "\n# bert-score>=0.3.13,<0.4\n" in text  # optional: BERTScore only
    assert f"\n#   {deps.SETUP_COMMAND}\n" in text


def _old_python() -> str | None:
    """An interpreter older than the launcher accepts, if this machine has one (pyenv or PATH)."""
    names = ["python3.10", "python3.9", "python3.8", "python2.7"]
    found = [shutil.which(n) for n in names]
    found += [str(p) for p in sorted(Path.home().glob(".pyenv/versions/[23].*/bin/python"))]
    for path in filter(None, found):
        proc = subprocess.run(
            [path, "-c", "import sys; print(sys.version_info[:2] < (3, 11))"],
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.stdout.strip() == "True":
            return path
    return None


OLD_PYTHON = _old_python()


@pytest.mark.skipif(OLD_PYTHON is None, reason="no Python older than 3.11 on this machine")
def test_an_old_python_gets_one_line_naming_the_version_needed(tmp_path: Path) -> None:
    assert OLD_PYTHON is not None
    version = subprocess.run(
        [OLD_PYTHON, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    proc = subprocess.run(
        [OLD_PYTHON, str(ship_scorer(tmp_path)), "--help"], capture_output=True, text=True, check=False
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (
        1,
        "",
        f"Error: evaluate.py needs Python 3.11 or newer (this is {version})\n",
    )

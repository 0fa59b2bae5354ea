"""``ocwtool eval`` around a model's training cutoff: --after-cutoff, --cutoff and --newest."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ocwtool.cli.app import cli
from ocwtool.evaluation.cutoffs import date_scope
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.schema.models import Split
from ocwtool.stores.puzzles import write_puzzles
from tests.conftest import make_nyt

DAYS = [dt.date(2023, 9, 29), dt.date(2023, 9, 30), dt.date(2023, 10, 1), dt.date(2023, 10, 2)]


@pytest.fixture
def dated(tmp_path: Path) -> Path:
    """A workspace of four invented NYT puzzles, two before gpt-4o's cutoff (2023-10-01), two on or
    after it."""
    puzzles = [make_nyt(day).model_copy(update={"split": Split.TEST}) for day in DAYS]
    write_puzzles(tmp_path / "puzzles" / "nyt.jsonl", puzzles)
    return tmp_path


def _eval(workspace: Path, *args: str) -> tuple[int, str]:
    base = ["-w", str(workspace), "eval", "--source", "nyt", "--baseline", "random", "--seeds", "1"]
    result = CliRunner().invoke(cli, [*base, "--bootstrap", "0", *args])
    return result.exit_code, result.output


def test_after_cutoff_says_how_many_puzzles_are_after_the_models_cutoff(dated: Path) -> None:
    code, text = _eval(dated, "--after-cutoff", "gpt-4o")
    assert code == 0, text
    assert "2 of 4 puzzles published on or after 2023-10-01 (gpt-4o's cutoff)\n" in text
    assert "before 2023-10-01" in text and "on or after 2023-10-01" in text


def test_newest_keeps_the_most_recent_puzzles(dated: Path) -> None:
    code, text = _eval(dated, "--newest", "3", "--cutoff", "2023-10-01")
    assert code == 0, text
    assert "the newest 3 of 4 puzzles; 2 of 3 puzzles published on or after 2023-10-01\n" in text
    report = json.loads((dated / "runs" / "eval-random-nyt-test.json").read_text())
    assert report["inputs"]["puzzles"] == 3


def test_a_cutoff_from_ocwtool_toml_wins(dated: Path) -> None:
    (dated / "ocwtool.toml").write_text('[cutoffs]\ngpt-4o = "2023-09-30"\n')
    code, text = _eval(dated, "--after-cutoff", "GPT-4o")
    assert code == 0, text
    assert "3 of 4 puzzles published on or after 2023-09-30 (GPT-4o's cutoff)\n" in text


def _fail(workspace: Path, *args: str) -> tuple[int, str]:
    """Exit code and stderr of the real command line (where errors become one line)."""
    base = [sys.executable, "-m", "ocwtool", "-w", str(workspace), "eval", "--source", "nyt"]
    proc = subprocess.run([*base, "--baseline", "random", *args], capture_output=True, text=True, check=False)
    return proc.returncode, proc.stderr


def test_an_unknown_model_is_one_line(dated: Path) -> None:
    code, text = _fail(dated, "--after-cutoff", "gpt4o")
    assert code == 1
    assert text == (
        "Error: no training cutoff known for model 'gpt4o'; did you mean gpt-4o, gpt-4, gpt-4o-mini? "
        'add it to ocwtool.toml: [cutoffs] "gpt4o" = "YYYY-MM-DD", or give --cutoff YYYY-MM-DD\n'
    )
    code, text = _fail(dated, "--after-cutoff", "gpt-4o", "--cutoff", "2024-01-01")
    assert (code, text) == (1, "Error: give --cutoff DATE or --after-cutoff MODEL, not both\n")


def test_puzzles_without_a_date_are_left_out_and_counted() -> None:
    walls = [GoldWall(wall_id=w, groups=()) for w in ("a", "b", "c")]
    dates = {"a": dt.date(2024, 1, 1), "b": None, "c": dt.date(2024, 2, 1)}
    kept, line = date_scope(walls, dates, dt.date(2024, 1, 15), model="m")
    assert [w.wall_id for w in kept] == ["a", "c"]
    assert line == (
        "1 of 2 puzzles published on or after 2024-01-15 (m's cutoff); 1 without a publication date left out"
    )


def _wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval by its formula (Wilson 1927), to check the library's."""
    p, z2 = wins / n, z * z
    centre, half = (p + z2 / (2 * n)), z * ((p * (1 - p) / n + z2 / (4 * n * n)) ** 0.5)
    return (centre - half) / (1 + z2 / n), (centre + half) / (1 + z2 / n)


def test_win_rates_before_and_after_with_wilson_intervals_and_fishers_test(dated: Path) -> None:
    """Both walls before the cutoff solved, one of the two after: 2/2 vs 1/2."""
    records = []
    for day in DAYS:
        groups = [list(g.clues) for g in make_nyt(day).groups]
        if day == DAYS[-1]:
            groups[0][0], groups[1][0] = groups[1][0], groups[0][0]
        records.append({"wall_id": f"nyt-{day}", "predicted_groups": groups, "predicted_connections": None})
    preds = dated / "p.json"
    preds.write_text(json.dumps(records))
    out = dated / "r.json"
    base = ["-w", str(dated), "eval", "--source", "nyt", "--predictions", str(preds), "--bootstrap", "0"]
    result = CliRunner().invoke(cli, [*base, "--after-cutoff", "gpt-4o", "--json-out", str(out)])
    assert result.exit_code == 0, result.output
    (lo2, hi2), (lo1, hi1) = _wilson(2, 2), _wilson(1, 2)
    assert (
        f"{'walls won (solved)':<28}{'walls':>8}{'won':>8}{'rate':>9}   95% Wilson interval\n"
        f"  {'before 2023-10-01':<26}{2:>8}{2:>8}{1.0:>9.4f}   [{lo2:.4f}, {hi2:.4f}]\n"
        f"  {'on or after 2023-10-01':<26}{2:>8}{1:>8}{0.5:>9.4f}   [{lo1:.4f}, {hi1:.4f}]\n"
        "  after - before: -0.5000, Fisher's exact p = 1.0000\n"
    ) in result.output
    comp = json.loads(out.read_text())["cutoff"]
    assert comp["before"] == {"walls": 2, "wins": 2, "win_rate": 1.0, "ci95": pytest.approx([lo2, hi2])}
    assert (comp["after"]["wins"], comp["difference"], comp["fisher_p"]) == (1, -0.5, 1.0)

"""Output safety (issue #30, item 7): hostile puzzle text reaches a spreadsheet, a terminal or a
Markdown page only in a form that cannot act there.

The hostile wall (``tests/faults/hostile/outputs.py``) carries escape sequences, raw HTML, Markdown
links and spreadsheet formulas in its id, clues and connections. Each case runs the real CLI:

* csv: ``export --format csv`` writes formula-safe cells (a ``'`` in front), and undoing it gives the
  puzzle's text back;
* terminal: ``validate``, ``play``, ``annotate label``, an error line and a usage error show control
  characters escaped (``\\x1b``); JSON to stdout stays the same JSON; no command echoes around
  :mod:`ocwtool.cli.term`;
* markdown: ``validation.md`` and the release card's "Known quirks" show the text, not HTML or links.
"""

from __future__ import annotations

import ast
import csv
import io
import json
from pathlib import Path

import pytest

from ocwtool.cli import main
from ocwtool.safetext import csv_cell, markdown, terminal, terminal_json, undo_csv_cell
from ocwtool.schema.models import Split
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from tests.annotations.conftest import run_cli
from tests.faults.hostile.outputs import GROUPS, TITLE, WALL_ID, hostile_wall
from tests.validators.factory import make_workspace

SRC = Path(__file__).resolve().parents[2] / "src" / "ocwtool"
CONTROLS = [chr(c) for c in [*range(0x20), *range(0x7F, 0xA0)] if chr(c) != "\n"] + ["\u202e", "\u2066"]
SHOWN_ID = "evil\\x1b[2J01"  # WALL_ID as a terminal shows it


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out = capsys.readouterr()
    return int(info.value.code or 0), out.out, out.err


@pytest.fixture
def hostile_ws(tmp_path: Path) -> Path:
    """A valid workspace (split OCW and NYT stores) whose OCW store also holds the hostile wall."""
    ws = make_workspace(tmp_path / "ws", variants=False)
    walls = read_puzzles(ws.puzzles_path("ocw"))
    write_puzzles(ws.puzzles_path("ocw"), [*walls, hostile_wall()])
    return ws.root


def _raw_controls(text: str) -> list[str]:
    return sorted({repr(ch) for ch in text if ch in CONTROLS})


# ----------------------------------------------------------------------------------------- csv
def test_csv_export_puts_a_quote_before_every_formula_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ws = tmp_path / "ws"
    write_puzzles(ws / "puzzles" / "evil.jsonl", [hostile_wall()])
    out = tmp_path / "evil.csv"
    assert run(capsys, "-w", str(ws), "export", "--format", "csv", "--source", "evil", "--out", str(out)) == (
        0,
        f"Exported 1 puzzles from evil to {out}\n",
        "",
    )
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"), newline="")))
    formulas = {r["clue"]: r["connection"] for r in rows if r["group_index"] == "1"}
    assert formulas == {
        "'=1+1": "'-ise/-ize spellings",
        "'+44 dialling": "'-ise/-ize spellings",
        "'-40 degrees": "'-ise/-ize spellings",
        "'@handle": "'-ise/-ize spellings",
    }
    assert [r["level"] for r in rows] == [""] * 16  # empty and numeric cells are left alone
    others = sorted(r["clue"] for r in rows if r["group_index"] != "1")
    assert others == sorted(c for _, clues in GROUPS[1:] for c in clues)  # nothing else changed
    undone = sorted(undo_csv_cell(r["clue"]) for r in rows)
    assert undone == sorted(c for _, clues in GROUPS for c in clues)


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        ("=SUM(A1)", "'=SUM(A1)"),
        ("+1", "'+1"),
        ("-k/-que", "'-k/-que"),
        ("@cmd", "'@cmd"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("'=1", "''=1"),  # so that undoing is one rule: drop the first ' of ^'+[=+-@\t\r]
        ("'Allo 'Allo!", "'Allo 'Allo!"),
        ("A-1", "A-1"),
        ("", ""),
        (-1, -1),
        (None, None),
    ],
)
def test_csv_cell_guards_formulas_and_undoes_exactly(value: object, cell: object) -> None:
    assert csv_cell(value) == cell
    if isinstance(value, str):
        assert undo_csv_cell(csv_cell(value)) == value


# ------------------------------------------------------------------------------------ terminal
def test_validate_shows_escape_codes_escaped(hostile_ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "-w", str(hostile_ws), "validate", "--no-expectations")
    assert code == 0
    assert out.splitlines()[1] == (
        f"S05   duplicate-clue  warning   warning  1  {SHOWN_ID}: the same clue twice on one wall ('<img sr…"
    )
    assert _raw_controls(out + err) == []


def test_play_shows_the_solution_escaped(hostile_ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["play", "--player", "random", "--rules", "oneshot", "--source", "ocw", "--wall", WALL_ID]
    code, out, err = run(capsys, "-w", str(hostile_ws), *args)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == f"Puzzle {SHOWN_ID} (play it again: --wall {SHOWN_ID})"
    assert out.splitlines()[2:] == [
        "  -ise/-ize spellings: =1+1, +44 dialling, -40 degrees, @handle",
        "  Screen\\x1b[2Jwipe: Bell\\x07, Esc\\x1b[2J, Title\\x1b]0;owned\\x07, Csi\\x9b31m",
        "  <script>alert(1)</script>: <img src=x onerror=alert(1)>, <img src=x onerror=alert(1)>, "
        "[link](javascript:alert(1)), **loud**",
        "  Flip \\u202etxet: abc\\u202edef, Del\\x7f, Tab\\tcell, plain",
    ]


def test_an_error_line_quoting_hostile_text_is_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"dataset": [{"wall_id": f"a{TITLE}b"}]}), encoding="utf-8")
    code, out, err = run(capsys, "-w", str(tmp_path / "ws"), "import", str(bad), "--format", "ocw")
    assert (code, out) == (1, "")
    assert err == (
        f"Error: {bad}: dataset[0] (wall a\\x1b]0;owned\\x07b): field 'words': expected an array of 16 "
        "clues, got null\n"
    )


def test_a_usage_error_quoting_what_was_typed_is_escaped(
    hostile_ws: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "-w", str(hostile_ws), "play", "--rules", "nyt\x07\x9b2J")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == (
        "Error: Invalid value for '--rules': 'nyt\\x07\\x9b2J' is not one of 'nyt', 'missed-connections', "
        "'missed-connections-baseline', 'only-connect', 'oneshot'."
    )
    assert _raw_controls(err) == []


def test_annotate_label_shows_the_wall_escaped(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "annotations").mkdir(parents=True)
    write_puzzles(ws / "puzzles" / "evil.jsonl", [hostile_wall(split=Split.TEST)])
    result = run_cli(ws, "annotate", "label", "--annotator", "alice", input="q")
    assert result.exit_code == 0, result.stderr
    assert "Flip \\u202etxet" in result.stdout and "Esc\\x1b[2J" in result.stdout
    assert _raw_controls(result.stdout + result.stderr) == []


def test_json_on_stdout_is_the_same_json_with_nothing_raw() -> None:
    doc = {"clue": "".join(CONTROLS) + "plain", "id": WALL_ID}
    text = terminal_json(json.dumps(doc, ensure_ascii=False, indent=2))
    assert json.loads(text) == doc
    assert _raw_controls(text) == []


def test_terminal_escapes_every_control_but_newline() -> None:
    assert terminal("a\x1b[2J\tb\r\x7f\x9b\u202ec\nd") == "a\\x1b[2J\\tb\\r\\x7f\\x9b\\u202ec\nd"
    assert _raw_controls(terminal("".join(CONTROLS))) == []
    assert terminal("Ça, 🧩 ok — «x»") == "Ça, 🧩 ok — «x»"  # ordinary text as it is


def test_no_command_echoes_around_the_escaping_helper() -> None:
    """Every ``click.echo``/``click.prompt``/``print`` of the CLI goes through ``ocwtool.cli.term``."""
    found = []
    for path in sorted((SRC / "cli").glob("*.py")):
        if path.name == "term.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            func = node.func if isinstance(node, ast.Call) else None
            name = ast.unparse(func) if func is not None else ""
            if name in ("click.echo", "click.secho", "click.prompt", "print", "sys.stdout.write"):
                found.append(f"{path.name}:{node.lineno}: {name}")
    assert found == []


# ------------------------------------------------------------------------------------ markdown
def test_validation_md_shows_the_text_not_html_or_links(
    hostile_ws: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "-w", str(hostile_ws), "validate", "--no-expectations")[0] == 0
    page = (hostile_ws / "runs" / "validation" / "report.md").read_text(encoding="utf-8")
    line = next(x for x in page.splitlines() if x.startswith("- evil"))
    assert line == (
        "- evil\\\\x1b\\[2J01: the same clue twice on one wall ('&lt;img src=x onerror=alert(1)&gt;')"
    )
    assert "<img" not in page and _raw_controls(page) == []


def test_the_release_card_quirks_show_the_text_not_html(
    hostile_ws: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["release", "build", "--name", "q", "--version", "1.0.0", "--no-report"]
    assert run(capsys, "-w", str(hostile_ws), *args)[0] == 0
    card = (hostile_ws / "releases" / "q-1.0.0" / "README.md").read_text(encoding="utf-8")
    quirks = card.split("## Known quirks\n\n", 1)[1].split("\n\n", 1)[0]
    assert quirks == (
        "- evil\\\\x1b\\[2J01: the same clue twice on one wall ('&lt;img src=x onerror=alert(1)&gt;') "
        "(warning S05 duplicate-clue, not waived)"
    )
    assert "<img" not in card and _raw_controls(card) == []


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("[x](javascript:alert(1))", "\\[x\\](javascript:alert(1))"),
        ("![i](http://e/x.png)", "\\!\\[i\\](http://e/x.png)"),
        ("a | b", "a \\| b"),
        ("**b** `c`", "\\*\\*b\\*\\* \\`c\\`"),
        ("line\n# heading", "line\\\\n# heading"),  # one line: no heading starts
        ("AT&amp;T", "AT&amp;amp;T"),
        ("Lakes of Cumbria (4): ab12cd_01", "Lakes of Cumbria (4): ab12cd_01"),  # readable as it is
    ],
)
def test_markdown_escapes_markup_and_keeps_plain_text(text: str, shown: str) -> None:
    assert markdown(text) == shown

"""``ocwtool release diff`` and the changelog a build writes: v1 built, one wall changed, one added,
one removed, v2 built; both diffed as folders and archives, as text and JSON."""

from __future__ import annotations

import json
import shutil
import tarfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from ocwtool.cli.app import cli
from ocwtool.fsio import sha256_file
from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.schema.models import Split
from ocwtool.stores.annotations import append_record
from ocwtool.stores.puzzles import write_puzzles
from ocwtool.workspace import Workspace
from tests.conftest import run_ocwtool
from tests.releases.test_herrings import record, word
from tests.validators.factory import make_workspace, ocw_walls, replace_group, wall

V2_TEXT = """demo 1.0.0 -> demo 1.1.0
nyt: no changes
ocw: 1 added, 1 removed, 1 changed
  added    w0020
  removed  w0019
  changed  w0009 (clues, groups, connections)
"""
V2_JSON = {
    "old": "demo 1.0.0",
    "new": "demo 1.1.0",
    "counts": {
        "nyt": {"added": 0, "removed": 0, "changed": 0},
        "ocw": {"added": 1, "removed": 1, "changed": 1},
    },
    "configs": {
        "nyt": {"added": [], "removed": [], "changed": []},
        "ocw": {
            "added": ["w0020"],
            "removed": ["w0019"],
            "changed": [{"id": "w0009", "fields": ["clues", "groups", "connections"]}],
        },
    },
}
CARD_CHANGES = """```

## Changes

Changes since demo 1.0.0.

| config | added | removed | changed |
|---|---:|---:|---:|
| nyt | 0 | 0 | 0 |
| ocw | 1 | 1 | 1 |

- ocw, added: `w0020`
- ocw, removed: `w0019`
- ocw, changed: `w0009`

## Sources and licences
"""
CHANGES_MD = """# Changes in demo 1.1.0

Changes since demo 1.0.0.

| config | added | removed | changed |
|---|---:|---:|---:|
| nyt | 0 | 0 | 0 |
| ocw | 1 | 1 | 1 |

- ocw, added: `w0020`
- ocw, removed: `w0019`
- ocw, changed: `w0009`

Changed fields:

- ocw `w0009`: clues, groups, connections
"""


def _files(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): sha256_file(p) for p in sorted(folder.rglob("*")) if p.is_file()
    }


@pytest.fixture(scope="module")
def two(tmp_path_factory: pytest.TempPathFactory) -> tuple[Workspace, dict[str, str]]:
    """v1 of ``demo``, then v2 with w0009 changed, w0019 removed and w0020 added; the files of v1
    (folder and archive) as they were before v2 was built."""
    ws = make_workspace(tmp_path_factory.mktemp("diff") / "ws", variants=False)
    build_release(ws, ReleaseSpec("demo", "1.0.0", report=False))
    v1 = ws.release("demo", "1.0.0")
    before = _files(v1.root) | {"archive": sha256_file(v1.archive("tar.gz"))}
    walls = ocw_walls(20)
    walls[9] = replace_group(
        walls[9], 0, clues=("Glimmer9", "Pollet9", "Sarwin9", "Nile9"), connection="Rivers"
    )
    walls = [w for w in walls if w.id != "w0019"] + [wall(20, split=Split.TEST)]
    write_puzzles(ws.puzzles_path("ocw"), walls)
    build_release(ws, ReleaseSpec("demo", "1.1.0", fmt="zip", report=False))
    return ws, before


def _diff(*args: str | Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["release", "diff", *map(str, args)])
    return result.exit_code, result.output


def test_diff_of_two_folders_lists_added_removed_and_changed_with_fields(two: tuple[Workspace, dict]) -> None:
    ws, _ = two
    assert _diff(ws.release("demo", "1.0.0").root, ws.release("demo", "1.1.0").root) == (0, V2_TEXT)


def test_diff_of_archives_is_the_same_as_of_folders(two: tuple[Workspace, dict]) -> None:
    ws, _ = two
    v1, v2 = ws.release("demo", "1.0.0"), ws.release("demo", "1.1.0")
    assert _diff(v1.archive("tar.gz"), v2.archive("zip")) == (0, V2_TEXT)
    assert _diff(v1.root, v2.archive("zip")) == (0, V2_TEXT)


def test_diff_json(two: tuple[Workspace, dict]) -> None:
    ws, _ = two
    code, out = _diff(ws.release("demo", "1.0.0").root, ws.release("demo", "1.1.0").archive("zip"), "--json")
    assert code == 0 and json.loads(out) == V2_JSON


def test_diff_of_a_release_with_itself_says_nothing_changed(two: tuple[Workspace, dict]) -> None:
    ws, _ = two
    v2 = ws.release("demo", "1.1.0").root
    assert _diff(v2, v2) == (
        0,
        "demo 1.1.0 -> demo 1.1.0\nnyt: no changes\nocw: no changes\nNo puzzles added, removed or changed.\n",
    )


def test_v2_ships_its_changelog_checksummed_and_in_the_card(two: tuple[Workspace, dict]) -> None:
    ws, _ = two
    v2 = ws.release("demo", "1.1.0")
    assert json.loads(v2.changelog.read_text()) == {**V2_JSON, "first_version": False}
    assert v2.changes.read_text() == CHANGES_MD
    assert CARD_CHANGES in v2.card.read_text()
    listed = json.loads(v2.manifest.read_text())["files"]
    assert {"CHANGES.md", "changelog.json"} <= set(listed)
    with tarfile.open(ws.release("demo", "1.0.0").archive("tar.gz")) as tar:
        assert "demo-1.0.0/CHANGES.md" in tar.getnames()


def test_the_first_version_says_so_and_building_v2_leaves_it_untouched(two: tuple[Workspace, dict]) -> None:
    ws, before = two
    v1 = ws.release("demo", "1.0.0")
    assert v1.changes.read_text() == "# Changes in demo 1.0.0\n\nFirst version.\n"
    assert json.loads(v1.changelog.read_text()) == {
        "old": None,
        "new": "demo 1.0.0",
        "first_version": True,
        "counts": {},
        "configs": {},
    }
    assert "```\n\n## Changes\n\nFirst version.\n\n## Sources and licences\n" in v1.card.read_text()
    assert _files(v1.root) | {"archive": sha256_file(v1.archive("tar.gz"))} == before


def test_the_changelog_is_deterministic(two: tuple[Workspace, dict]) -> None:
    ws, _ = two
    v2 = ws.release("demo", "1.1.0")
    first = (
        v2.changes.read_bytes(),
        v2.changelog.read_bytes(),
        _files(v2.root),
        v2.archive("zip").read_bytes(),
    )
    build_release(ws, ReleaseSpec("demo", "1.1.0", fmt="zip", report=False, force=True))
    assert (
        v2.changes.read_bytes(),
        v2.changelog.read_bytes(),
        _files(v2.root),
        v2.archive("zip").read_bytes(),
    ) == first


def test_releases_of_different_names_are_compared_after_a_warning(two: tuple[Workspace, dict]) -> None:
    ws, _ = two
    build_release(ws, ReleaseSpec("other", "1.0.0", report=False))
    other = ws.release("other", "1.0.0")
    assert json.loads(other.changelog.read_text())["first_version"] is True  # another name: no base
    done = run_ocwtool("release", "diff", str(other.root), str(ws.release("demo", "1.1.0").root))
    assert done.returncode == 0
    assert done.stderr == "Warning: comparing releases of different names (other, demo)\n"
    assert done.stdout == "other 1.0.0 -> demo 1.1.0\nnyt: no changes\nocw: no changes\n" + (
        "No puzzles added, removed or changed.\n"
    )


def test_bad_inputs_are_one_clear_line(two: tuple[Workspace, dict], tmp_path: Path) -> None:
    ws, _ = two
    v1 = ws.release("demo", "1.0.0")
    plain, text, cut = tmp_path / "plain", tmp_path / "notes.txt", tmp_path / "cut.tar.gz"
    plain.mkdir()
    text.write_text("hello\n")
    cut.write_bytes(v1.archive("tar.gz").read_bytes()[:2000])
    expected = {
        plain: f"Error: {plain}: not a release folder (no manifest.json); pass a release folder or archive\n",
        text: f"Error: {text}: not a tar.gz, tar or zip archive (unrecognised first bytes)\n",
        cut: f"Error: {cut}: truncated: the gzip stream ends before its end marker\n",
        tmp_path / "nope": f"Error: {tmp_path / 'nope'}: no such release folder or archive\n",
    }
    for bad, line in expected.items():
        done = run_ocwtool("release", "diff", str(v1.root), str(bad))
        assert (done.returncode, done.stdout, done.stderr) == (1, "", line)


def test_red_herring_rows_that_change_are_named(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", variants=False)
    append_record(ws.annotations_dir, record("alice", 0, word(0, 0, 1, reason="also a bird")))
    build_release(ws, ReleaseSpec("demo", "1.0.0", report=False, with_herrings=False))
    build_release(ws, ReleaseSpec("demo", "1.0.1", report=False))
    v1, v2 = ws.release("demo", "1.0.0").root, ws.release("demo", "1.0.1").archive("tar.gz")
    assert _diff(v1, v2) == (
        0,
        "demo 1.0.0 -> demo 1.0.1\nnyt: no changes\nocw: 0 added, 0 removed, 1 changed\n"
        "  changed  w0000 (red_herrings)\n",
    )


def test_the_changelog_reads_the_previous_archive_when_its_folder_is_gone(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", variants=False)
    build_release(ws, ReleaseSpec("demo", "1.0.0", report=False))
    shutil.rmtree(ws.release("demo", "1.0.0").root)
    write_puzzles(ws.puzzles_path("ocw"), [*ocw_walls(20), wall(20, split=Split.TEST)])
    build_release(ws, ReleaseSpec("demo", "1.1.0", report=False))
    changelog = json.loads(ws.release("demo", "1.1.0").changelog.read_text())
    assert (changelog["old"], changelog["configs"]["ocw"]["added"]) == ("demo 1.0.0", ["w0020"])

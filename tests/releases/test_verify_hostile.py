"""``release verify`` on hostile archives and careful forgeries (issue #13, holes 7 and 8): every
failure is one line ``Error: <archive>: <what>``, exit 1, and nothing extracted is left behind."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ocwtool.errors import ReleaseError
from ocwtool.releases.verify import verify_release
from tests.conftest import run_ocwtool
from tests.releases import tamper
from tests.releases.conftest import Built

OCW_TEST = "json/ocw/test.json"
OCW_TEST_PARQUET = "data/ocw/test-00000-of-00001.parquet"


@pytest.fixture
def scratch_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The subprocess's temporary folder, to show verification leaves nothing in it."""
    folder = tmp_path / "tmpdir"
    folder.mkdir()
    monkeypatch.setenv("TMPDIR", str(folder))
    return folder


def _refused(target: Path, scratch_tmp: Path, what: str) -> None:
    before = target.read_bytes() if target.is_file() else None
    out = run_ocwtool("release", "verify", str(target), "--no-load")
    assert (out.returncode, out.stdout) == (1, ""), out.stderr
    assert out.stderr.startswith(f"Error: {target}: ") and out.stderr.count("\n") == 1, out.stderr
    assert what in out.stderr, out.stderr
    assert "Traceback" not in out.stderr and "Interrupted" not in out.stderr
    assert list(scratch_tmp.iterdir()) == []  # nothing extracted is left behind
    if before is not None:
        assert target.read_bytes() == before  # verification never modifies the archive


@pytest.mark.parametrize("fmt", ["tar.gz", "zip"])
def test_archive_cut_in_half_is_an_error_not_an_interrupt(copy: Path, scratch_tmp: Path, fmt: str) -> None:
    archive = tamper.repack(copy, fmt)
    tamper.truncate_half(archive)
    _refused(archive, scratch_tmp, "corrupt archive" if fmt == "zip" else "truncated")


@pytest.mark.parametrize("junk", [bytes(range(250)) * 4, bytes(1000)], ids=["junk", "zeros"])
def test_bytes_appended_to_a_tar_gz_are_refused(
    built: Built, tmp_path: Path, scratch_tmp: Path, junk: bytes
) -> None:
    archive = tmp_path / built.archive.name
    shutil.copy(built.archive, archive)
    tamper.append(archive, junk)
    _refused(archive, scratch_tmp, "1000 bytes of trailing data after the end of the gzip stream")


@pytest.mark.parametrize(
    ("declared", "what"),
    [
        (
            2 << 30,
            "archive member 'demo-1.2.3/README.md' is 2147483648 bytes, over the 1073741824-byte limit",
        ),
        (5 << 20, "archive member 'demo-1.2.3/README.md' declares 5242880 bytes but the archive ends before"),
    ],
)
def test_member_declaring_data_it_lacks_is_refused_from_its_header(
    tmp_path: Path, scratch_tmp: Path, declared: int, what: str
) -> None:
    archive = tamper.forged_tar(tmp_path / "demo-1.2.3.tar.gz", "demo-1.2.3", declared)
    _refused(archive, scratch_tmp, what)


def test_member_size_other_than_the_manifest_is_refused_before_extraction(
    copy: Path, scratch_tmp: Path
) -> None:
    readme = copy / "README.md"
    readme.write_text(readme.read_text() + "padding\n" * 10)  # manifest and SHA256SUMS left as built
    archive = tamper.repack(copy)
    size = readme.stat().st_size
    _refused(archive, scratch_tmp, f"'demo-1.2.3/README.md' declares {size} bytes but manifest.json lists")


@pytest.mark.parametrize(
    ("member", "compressed", "what"),
    [
        ("demo-1.2.3/README.md", False, "'demo-1.2.3/README.md' declares 12 bytes but manifest.json lists"),
        ("demo-1.2.3/SHA256SUMS", False, "corrupt archive"),
        ("demo-1.2.3/manifest.json", True, "declares"),
        ("demo-1.2.3/SHA256SUMS", True, "the archive ends before them"),
    ],
)
def test_zip_with_a_patched_size_is_refused(
    copy: Path, scratch_tmp: Path, member: str, compressed: bool, what: str
) -> None:
    archive = tamper.repack(copy, "zip")
    tamper.patch_zip_size(archive, member, 1 << 29 if compressed else 12, compressed=compressed)
    _refused(archive, scratch_tmp, what)


def test_member_not_in_the_manifest_is_refused_before_extraction(copy: Path, scratch_tmp: Path) -> None:
    (copy / "data" / "extra.txt").write_text("hello")
    _refused(tamper.repack(copy), scratch_tmp, "'demo-1.2.3/data/extra.txt' is not listed in manifest.json")


def test_not_an_archive(tmp_path: Path, scratch_tmp: Path) -> None:
    path = tmp_path / "demo.tar.gz"
    path.write_bytes(b"hello, not an archive")
    _refused(path, scratch_tmp, "not a tar.gz, tar or zip archive")


def test_a_wall_removed_from_the_json_with_recomputed_checksums_is_named(
    copy: Path, scratch_tmp: Path
) -> None:
    rows = json.loads((copy / "manifest.json").read_text())["counts"]["configs"]["ocw"]["test"]
    tamper.remove_wall(copy, OCW_TEST)
    expected = f"{OCW_TEST}: {rows - 1} rows, but manifest.json counts {rows} for ocw/test"
    with pytest.raises(ReleaseError, match=f"^{expected}$"):
        verify_release(copy, load=False)
    _refused(tamper.repack(copy), scratch_tmp, expected)


def test_a_count_edited_in_the_manifest_names_the_parquet_file(copy: Path) -> None:
    manifest = json.loads((copy / "manifest.json").read_text())
    manifest["counts"]["configs"]["ocw"]["test"] += 1
    tamper.write_manifest(copy, manifest)
    with pytest.raises(ReleaseError, match=rf"^{OCW_TEST_PARQUET}: \d+ rows, but manifest.json counts"):
        verify_release(copy, load=False)


def test_json_ids_other_than_the_parquet_ids_are_named(copy: Path) -> None:
    doc = json.loads((copy / OCW_TEST).read_text())
    doc["dataset"][0]["wall_id"] = "forged"
    (copy / OCW_TEST).write_text(json.dumps(doc, indent=4))
    tamper.rehash(copy, OCW_TEST)
    with pytest.raises(ReleaseError, match=rf"^{OCW_TEST}: puzzle ids differ from {OCW_TEST_PARQUET}"):
        verify_release(copy, load=False)


def test_a_split_shipped_only_as_parquet_is_named(copy: Path) -> None:
    (copy / OCW_TEST).unlink()
    tamper.rehash(copy, OCW_TEST)
    with pytest.raises(
        ReleaseError, match=rf"^missing {OCW_TEST}: manifest.json counts \d+ rows for ocw/test$"
    ):
        verify_release(copy, load=False)


@pytest.mark.parametrize("value", ["5", -1, True, None])
def test_manifest_counts_of_the_wrong_type_are_refused(copy: Path, value: object) -> None:
    manifest = json.loads((copy / "manifest.json").read_text())
    manifest["counts"]["configs"]["ocw"]["test"] = value
    tamper.write_manifest(copy, manifest)
    with pytest.raises(ReleaseError, match=r"manifest.json: malformed; .* non-negative integers$"):
        verify_release(copy, load=False)

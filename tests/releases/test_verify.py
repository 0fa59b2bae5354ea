"""``release verify`` and safe extraction: tampering, missing files, hostile archives."""

from __future__ import annotations

import io
import shutil
import tarfile
import zipfile
from pathlib import Path

import pytest

from ocwtool.errors import ReleaseError, UnsafeArchiveError
from ocwtool.releases.archive import safe_extract
from ocwtool.releases.verify import verify_release
from tests.conftest import run_ocwtool
from tests.releases.conftest import Built

PARQUET = "data/ocw/test-00000-of-00001.parquet"


def test_verify_archive_and_folder(built: Built) -> None:
    result = verify_release(built.archive)
    assert result.rows == {"nyt": 8, "ocw": 20, "ocw_randomized": 12}
    assert result.loaded == ["nyt", "ocw", "ocw_randomized", "croissant.json (mlcroissant)"]
    out = run_ocwtool("release", "verify", str(built.folder), "--no-load")
    assert out.returncode == 0, out.stderr
    assert out.stdout == (
        f"OK {built.folder}: {result.files} files checksummed; rows: nyt 8, ocw 20, ocw_randomized 12\n"
    )


def test_one_tampered_byte_is_named(copy: Path) -> None:
    data = bytearray((copy / PARQUET).read_bytes())
    data[len(data) // 2] ^= 0x01
    (copy / PARQUET).write_bytes(bytes(data))
    out = run_ocwtool("release", "verify", str(copy))
    assert out.returncode == 1
    assert out.stderr.startswith(f"Error: tampered file {PARQUET}: expected sha256 ")


def test_missing_unlisted_and_edited_checksum_files(copy: Path) -> None:
    (copy / "json" / "nyt" / "train.json").unlink()
    with pytest.raises(ReleaseError, match=rf"^missing file json/nyt/train.json in {copy}$"):
        verify_release(copy, load=False)
    shutil.copy(copy / "json" / "nyt" / "test.json", copy / "json" / "nyt" / "train.json")
    with pytest.raises(ReleaseError, match=r"^tampered file json/nyt/train.json"):
        verify_release(copy, load=False)
    sums = (copy / "SHA256SUMS").read_text()
    (copy / "SHA256SUMS").write_text(sums.replace("json/nyt/train.json", "json/nyt/other.json"))
    with pytest.raises(ReleaseError, match=r"^tampered file SHA256SUMS: it disagrees with manifest.json$"):
        verify_release(copy, load=False)
    (copy / "SHA256SUMS").write_text(sums)
    (copy / "manifest.json").write_text((copy / "manifest.json").read_text().replace("1.2.3", "1.2.4"))
    with pytest.raises(ReleaseError, match=r"^tampered file manifest.json"):
        verify_release(copy, load=False)


def test_unlisted_file(copy: Path) -> None:
    (copy / "data" / "extra.txt").write_text("hello")
    with pytest.raises(ReleaseError, match=rf"^unlisted file data/extra.txt in {copy}"):
        verify_release(copy, load=False)


def _tar(path: Path, members: list[tarfile.TarInfo], payload: bytes = b"x") -> Path:
    with tarfile.open(path, "w:gz") as tar:
        for info in members:
            tar.addfile(info, io.BytesIO(payload) if info.isfile() else None)
    return path


def _file(name: str, size: int = 1) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.size = size
    return info


def _link(name: str, target: str, kind: bytes) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type, info.linkname = kind, target
    return info


@pytest.mark.parametrize(
    ("member", "message"),
    [
        (
            _file("demo/../../evil.txt"),
            "archive member 'demo/../../evil.txt' contains '..'; refusing to extract",
        ),
        (_file("/etc/evil.txt"), "archive member '/etc/evil.txt' has an absolute path; refusing to extract"),
        (
            _link("demo/link", "/etc/passwd", tarfile.SYMTYPE),
            "archive member 'demo/link' is a link or special file",
        ),
        (
            _link("demo/hard", "demo/a", tarfile.LNKTYPE),
            "archive member 'demo/hard' is a link or special file",
        ),
    ],
)
def test_hostile_tar_members_are_refused(tmp_path: Path, member: tarfile.TarInfo, message: str) -> None:
    archive = _tar(tmp_path / "bad.tar.gz", [_file("demo/a"), member])
    dest = tmp_path / "out"
    with pytest.raises(UnsafeArchiveError) as err:
        safe_extract(archive, dest)
    assert str(err.value).startswith(f"{archive}: {message}")
    assert not dest.exists() or not any(dest.rglob("*"))
    out = run_ocwtool("release", "verify", str(archive))
    assert out.returncode == 1 and out.stderr == f"Error: {err.value}\n"


def test_oversized_member_is_refused(tmp_path: Path) -> None:
    archive = _tar(tmp_path / "big.tar.gz", [_file("demo/big.bin", 64)], payload=b"0" * 64)
    with pytest.raises(
        UnsafeArchiveError,
        match=r"big.tar.gz: archive member 'demo/big.bin' is 64 bytes, over the 10-byte limit$",
    ):
        safe_extract(archive, tmp_path / "out", max_member=10)


def test_hostile_zip_members_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("demo/ok.txt", "ok")
        zf.writestr("../evil.txt", "evil")
    with pytest.raises(UnsafeArchiveError, match=r"bad.zip: archive member '../evil.txt' contains '..'"):
        safe_extract(path, tmp_path / "out")
    link = tmp_path / "link.zip"
    with zipfile.ZipFile(link, "w") as zf:
        info = zipfile.ZipInfo("demo/link")
        info.external_attr = (0o120777) << 16
        zf.writestr(info, "/etc/passwd")
    with pytest.raises(
        UnsafeArchiveError, match=r"link.zip: archive member 'demo/link' is a link or special file"
    ):
        safe_extract(link, tmp_path / "out2")


def test_checksum_paths_must_stay_inside_the_release(copy: Path) -> None:
    sums = copy / "SHA256SUMS"
    sums.write_text(sums.read_text() + f"{'0' * 64}  ../outside.txt\n")
    with pytest.raises(
        ReleaseError, match=r"unsafe path '\.\./outside\.txt' \(must stay inside the release\)$"
    ):
        verify_release(copy, load=False)


def test_malformed_manifest_is_a_clear_error(copy: Path) -> None:
    import hashlib
    import json

    (copy / "manifest.json").write_text(json.dumps({"name": "x"}))
    digest = hashlib.sha256((copy / "manifest.json").read_bytes()).hexdigest()
    sums = copy / "SHA256SUMS"
    lines = [
        f"{digest}  manifest.json" if line.endswith("  manifest.json") else line
        for line in sums.read_text().splitlines()
    ]
    sums.write_text("\n".join(lines) + "\n")
    with pytest.raises(ReleaseError, match=r"manifest.json: malformed; expected 'files'"):
        verify_release(copy, load=False)


def test_forced_rebuild_in_another_format_replaces_the_release(tmp_path: Path) -> None:
    from ocwtool.releases.build import ReleaseSpec, build_release
    from tests.validators.factory import make_workspace

    settings = make_workspace(tmp_path / "ws", variants=False)
    _, first = build_release(settings, ReleaseSpec("demo", "1.0.0"), expectations=False)
    folder, archive = build_release(
        settings, ReleaseSpec("demo", "1.0.0", fmt="zip", force=True), expectations=False
    )
    assert archive.name == "demo-1.0.0.zip" and not first.exists()
    assert verify_release(archive, load=False).files > 0
    assert not list(folder.parent.glob(".*"))  # no staging or old folder left behind

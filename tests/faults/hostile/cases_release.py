"""Hostile releases for ``release verify``: broken or forged archives, manifests and contents.

One small real release (the ``kept`` store split, built without the report or the expectation suites)
is built once per process; every case copies it into its folder, damages the copy the way a broken
download or a careful forger would (recomputing checksums where that is the point) and verifies it.
"""

from __future__ import annotations

import io
import json
import shutil
import tarfile
import zipfile
from collections.abc import Callable
from pathlib import Path

from tests.faults.hostile import HostileCase
from tests.releases import tamper

NAME = "kept-1.0.0"
OCW_TEST = "json/ocw/test.json"
PARQUET = "data/ocw/test-00000-of-00001.parquet"

#: Damages a copy of the release folder; returns the target to verify and the text the error must name.
Damage = Callable[[Path], tuple[Path, str]]


_BUILT: dict[Path, Path] = {}


def _built(scratch: Path, ws: Path) -> Path:
    """The release folder built from a copy of the case workspace, once per scratch folder."""
    if scratch not in _BUILT:
        _BUILT[scratch] = _build(scratch, ws)
    return _BUILT[scratch]


def _build(scratch: Path, ws: Path) -> Path:
    from ocwtool.curation.splits import split_workspace
    from ocwtool.releases.build import ReleaseSpec, build_release
    from ocwtool.workspace import Workspace

    root = scratch / "release-template" / "ws"
    shutil.rmtree(root.parent, ignore_errors=True)
    shutil.copytree(ws, root)
    split_workspace(Workspace.open(root))
    folder, _ = build_release(
        Workspace.open(root), ReleaseSpec("kept", "1.0.0", report=False), expectations=False
    )
    return folder


def _case(category: str, name: str, damage: Damage) -> HostileCase:
    def build(folder: Path) -> tuple[list[str], str]:
        copy = folder / "release" / NAME
        shutil.copytree(_built(folder.parent.parent, folder / "ws"), copy)
        target, named = damage(copy)
        return ["release", "verify", str(target)], named

    return HostileCase(category, name, build)


# --- release-archive: the container itself ---------------------------------------------------------


def _packed(fmt: str, change: Callable[[Path], None]) -> Damage:
    def damage(folder: Path) -> tuple[Path, str]:
        archive = tamper.repack(folder, fmt)
        change(archive)
        return archive, str(archive)

    return damage


def _forged(declared: int) -> Damage:
    def damage(folder: Path) -> tuple[Path, str]:
        archive = tamper.forged_tar(folder.with_name(f"{NAME}.tar.gz"), NAME, declared)
        return archive, str(archive)

    return damage


def _tar_member(info: tarfile.TarInfo, data: bytes = b"") -> Damage:
    """The release as a tar.gz with one more (hostile) member."""

    def damage(folder: Path) -> tuple[Path, str]:
        archive = tamper.repack(folder)
        raw = io.BytesIO()
        with tarfile.open(archive, "r:gz") as src, tarfile.open(fileobj=raw, mode="w") as out:
            for member in src.getmembers():
                out.addfile(member, src.extractfile(member))
            info.size = len(data)
            out.addfile(info, io.BytesIO(data))
        archive.write_bytes(tamper.gzip_bytes(raw.getvalue()))
        return archive, str(archive)

    return damage


def _zip_member(name: str, mode: int, data: bytes) -> Damage:
    def damage(folder: Path) -> tuple[Path, str]:
        archive = tamper.repack(folder, "zip")
        with zipfile.ZipFile(archive, "a") as zf:
            info = zipfile.ZipInfo(name)
            info.external_attr = mode << 16
            zf.writestr(info, data)
        return archive, str(archive)

    return damage


def _link(name: str, target: str, kind: bytes) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type, info.linkname = kind, target
    return info


def _raw(data: bytes, suffix: str = ".tar.gz") -> Damage:
    def damage(folder: Path) -> tuple[Path, str]:
        path = folder.with_name(f"{NAME}{suffix}")
        path.write_bytes(data)
        return path, str(path)

    return damage


def _padded_readme(folder: Path) -> tuple[Path, str]:
    (folder / "README.md").write_bytes((folder / "README.md").read_bytes() + b"\n" * 64)
    archive = tamper.repack(folder)  # manifest and SHA256SUMS still say the README's old size
    return archive, f"{archive}: archive member '{NAME}/README.md' declares"


def _unlisted(folder: Path) -> tuple[Path, str]:
    (folder / "data" / "ocw" / "notes.txt").write_text("not in the manifest\n")
    archive = tamper.repack(folder)
    return archive, f"{archive}: archive member '{NAME}/data/ocw/notes.txt' is not listed"


def _two_tops(folder: Path) -> tuple[Path, str]:
    shutil.copytree(folder, folder.with_name("other"))
    archive = folder.with_name(f"{NAME}.tar.gz")
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(folder, arcname=NAME)
        tar.add(folder.with_name("other"), arcname="other")
    return archive, str(archive)


ARCHIVE = [
    _case("release-archive", "truncated-tar-gz", _packed("tar.gz", tamper.truncate_half)),
    _case("release-archive", "truncated-zip", _packed("zip", tamper.truncate_half)),
    _case(
        "release-archive",
        "junk-appended",
        _packed("tar.gz", lambda p: tamper.append(p, bytes(range(200)) * 5)),
    ),
    _case("release-archive", "zeros-appended", _packed("tar.gz", lambda p: tamper.append(p, bytes(1000)))),
    _case(
        "release-archive", "junk-appended-zip", _packed("zip", lambda p: tamper.append(p, b"\x00junk" * 200))
    ),
    _case("release-archive", "member-declares-2gib", _forged(2 << 30)),
    _case("release-archive", "member-without-data", _forged(5 << 20)),
    _case(
        "release-archive",
        "zip-patched-size",
        _packed("zip", lambda p: tamper.patch_zip_size(p, f"{NAME}/README.md", 7)),
    ),
    _case(
        "release-archive",
        "zip-patched-size-unlisted",
        _packed("zip", lambda p: tamper.patch_zip_size(p, f"{NAME}/SHA256SUMS", 7)),
    ),
    _case(
        "release-archive",
        "zip-patched-compressed-size",
        _packed("zip", lambda p: tamper.patch_zip_size(p, f"{NAME}/manifest.json", 1 << 28, compressed=True)),
    ),
    _case(
        "release-archive",
        "symlink-member",
        _tar_member(_link(f"{NAME}/evil", "/etc/passwd", tarfile.SYMTYPE)),
    ),
    _case(
        "release-archive",
        "hardlink-member",
        _tar_member(_link(f"{NAME}/hard", f"{NAME}/README.md", tarfile.LNKTYPE)),
    ),
    _case(
        "release-archive", "absolute-member", _tar_member(tarfile.TarInfo("/tmp/ocwtool-evil.txt"), b"evil")
    ),
    _case(
        "release-archive", "dotdot-member", _tar_member(tarfile.TarInfo(f"{NAME}/../../evil.txt"), b"evil")
    ),
    _case("release-archive", "device-member", _tar_member(_link(f"{NAME}/dev", "", tarfile.CHRTYPE))),
    _case("release-archive", "zip-symlink-member", _zip_member(f"{NAME}/link", 0o120777, b"/etc/passwd")),
    _case("release-archive", "zip-dotdot-member", _zip_member("../evil.txt", 0o100644, b"evil")),
    _case("release-archive", "not-an-archive", _raw(b"just some text, not an archive\n")),
    _case("release-archive", "empty-file", _raw(b"")),
    _case("release-archive", "gzip-of-nothing", _raw(tamper.gzip_bytes(b"not a tar at all"))),
    _case("release-archive", "two-top-folders", _two_tops),
    _case("release-archive", "size-other-than-manifest", _padded_readme),
    _case("release-archive", "unlisted-member", _unlisted),
]


# --- release-manifest: manifest.json and SHA256SUMS ------------------------------------------------


def _manifest(edit: Callable[[dict[str, object]], object]) -> Damage:
    """``manifest.json`` edited, with consistent checksums (a forger's manifest)."""

    def damage(folder: Path) -> tuple[Path, str]:
        manifest = json.loads((folder / "manifest.json").read_text())
        tamper.write_manifest(folder, edit(manifest))
        return folder, "manifest.json"

    return damage


def _set(path: tuple[str, ...], value: object) -> Callable[[dict[str, object]], object]:
    def edit(manifest: dict[str, object]) -> object:
        node: dict[str, object] = manifest
        for key in path[:-1]:
            node = node[key]  # type: ignore[assignment]
        node[path[-1]] = value
        return manifest

    return edit


def _manifest_text(text: str) -> Damage:
    def damage(folder: Path) -> tuple[Path, str]:
        (folder / "manifest.json").write_text(text)
        sums = (folder / "SHA256SUMS").read_text().splitlines()
        digest = tamper.sha256(folder / "manifest.json")
        lines = [f"{digest}  manifest.json" if line.endswith("  manifest.json") else line for line in sums]
        (folder / "SHA256SUMS").write_text("\n".join(lines) + "\n")
        return folder, "manifest.json"

    return damage


def _sums(edit: Callable[[str], str]) -> Damage:
    def damage(folder: Path) -> tuple[Path, str]:
        sums = folder / "SHA256SUMS"
        if (text := edit(sums.read_text())) == "":
            sums.unlink()
        else:
            sums.write_text(text)
        return folder, "SHA256SUMS"

    return damage


def _archived(damage: Damage) -> Damage:
    """The same damage, then the folder packed: the error names the archive."""

    def packed(folder: Path) -> tuple[Path, str]:
        damage(folder)
        archive = tamper.repack(folder)
        return archive, f"{archive}: "

    return packed


def _no_manifest(folder: Path) -> tuple[Path, str]:
    (folder / "manifest.json").unlink()
    return folder, "manifest.json"


MANIFEST = [
    _case("release-manifest", "not-json", _manifest_text('{"files": ')),
    _case("release-manifest", "array", _manifest_text("[1, 2, 3]\n")),
    _case("release-manifest", "deeply-nested", _manifest_text("[" * 100_000 + "]" * 100_000)),
    _case("release-manifest", "count-is-string", _manifest(_set(("counts", "configs", "ocw", "test"), "5"))),
    _case("release-manifest", "count-negative", _manifest(_set(("counts", "configs", "ocw", "test"), -5))),
    _case("release-manifest", "count-is-bool", _manifest(_set(("counts", "configs", "ocw", "test"), True))),
    _case("release-manifest", "configs-is-list", _manifest(_set(("counts", "configs"), ["ocw"]))),
    _case("release-manifest", "files-is-list", _manifest(_set(("files",), []))),
    _case("release-manifest", "bytes-is-string", _manifest(_set(("files", "README.md", "bytes"), "big"))),
    _case("release-manifest", "missing", _no_manifest),
    _case("release-manifest", "sums-missing", _sums(lambda text: "")),
    _case("release-manifest", "sums-malformed", _sums(lambda text: text + "not a checksum line\n")),
    _case("release-manifest", "sums-unsafe-path", _sums(lambda text: text + f"{'0' * 64}  ../outside.txt\n")),
    _case("release-manifest", "sums-edited", _sums(lambda text: text.replace("README.md", "README.txt"))),
    _case(
        "release-manifest",
        "count-is-string-archived",
        _archived(_manifest(_set(("counts", "configs", "ocw", "test"), "5"))),
    ),
]


# --- release-contents: the data files against the manifest -----------------------------------------


def _contents(change: Callable[[Path], None], named: str, *, archived: bool = True) -> Damage:
    def damage(folder: Path) -> tuple[Path, str]:
        change(folder)
        if not archived:
            return folder, named
        archive = tamper.repack(folder)
        return archive, named

    return damage


def _json_edit(edit: Callable[[dict[str, list[object]]], None]) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        doc = json.loads((folder / OCW_TEST).read_text())
        edit(doc)
        (folder / OCW_TEST).write_text(json.dumps(doc, indent=4) + "\n")
        tamper.rehash(folder, OCW_TEST)

    return change


def _write(rel: str, data: bytes) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_bytes(data)
        tamper.rehash(folder, rel)

    return change


def _parquet_rows(keep: slice) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        from ocwtool.formats import hf

        hf.write_parquet(hf.read_parquet(folder / PARQUET)[keep], folder / PARQUET)
        tamper.rehash(folder, PARQUET)

    return change


def _parquet_schema(folder: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.table({"id": ["x"]}), folder / PARQUET)
    tamper.rehash(folder, PARQUET)


def _drop(rel: str, *, rehash: bool) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        (folder / rel).unlink()
        if rehash:
            tamper.rehash(folder, rel)

    return change


def _copy_split(folder: Path) -> None:
    shutil.copy(folder / PARQUET, folder / "data/ocw/extra-00000-of-00001.parquet")
    tamper.rehash(folder, "data/ocw/extra-00000-of-00001.parquet")


def _flip_byte(folder: Path) -> None:
    data = bytearray((folder / PARQUET).read_bytes())
    data[len(data) // 2] ^= 1
    (folder / PARQUET).write_bytes(bytes(data))


def _first_id(doc: dict[str, list[object]]) -> None:
    doc["dataset"][0]["wall_id"] = "forged"  # type: ignore[index]


CONTENTS = [
    _case(
        "release-contents", "json-wall-removed", _contents(_json_edit(lambda d: d["dataset"].pop()), OCW_TEST)
    ),
    _case(
        "release-contents",
        "json-wall-removed-folder",
        _contents(_json_edit(lambda d: d["dataset"].pop(0)), OCW_TEST, archived=False),
    ),
    _case(
        "release-contents",
        "json-wall-duplicated",
        _contents(_json_edit(lambda d: d["dataset"].append(d["dataset"][0])), OCW_TEST),
    ),
    _case("release-contents", "json-id-changed", _contents(_json_edit(_first_id), OCW_TEST)),
    _case(
        "release-contents",
        "json-dataset-not-list",
        _contents(_json_edit(lambda d: d.update(dataset={})), OCW_TEST),
    ),
    _case("release-contents", "json-not-json", _contents(_write(OCW_TEST, b"{oops"), OCW_TEST)),
    _case("release-contents", "json-not-utf8", _contents(_write(OCW_TEST, b"\xff\xfe{}"), OCW_TEST)),
    _case("release-contents", "parquet-row-removed", _contents(_parquet_rows(slice(1, None)), PARQUET)),
    _case(
        "release-contents",
        "parquet-row-removed-folder",
        _contents(_parquet_rows(slice(1, None)), PARQUET, archived=False),
    ),
    _case(
        "release-contents", "parquet-garbage", _contents(_write(PARQUET, b"PAR1 not really PAR1"), PARQUET)
    ),
    _case("release-contents", "parquet-wrong-schema", _contents(_parquet_schema, PARQUET)),
    _case("release-contents", "parquet-missing", _contents(_drop(PARQUET, rehash=False), PARQUET)),
    _case(
        "release-contents", "json-dropped-with-checksums", _contents(_drop(OCW_TEST, rehash=True), OCW_TEST)
    ),
    _case("release-contents", "extra-split", _contents(_copy_split, "data/ocw/extra-00000-of-00001.parquet")),
    _case(
        "release-contents",
        "unknown-data-file",
        _contents(_write("data/ocw/test.csv", b"id\nx\n"), "data/ocw/test.csv"),
    ),
    _case("release-contents", "tampered-byte", _contents(_flip_byte, PARQUET)),
    _case(
        "release-contents",
        "unlisted-file-folder",
        _contents(lambda f: (f / "x.txt").write_text("x"), "x.txt", archived=False),
    ),
]

CASES = [*ARCHIVE, *MANIFEST, *CONTENTS]

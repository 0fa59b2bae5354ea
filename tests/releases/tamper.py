"""What a careful forger does to a built release: edit a file and recompute its checksums, repack,
cut or pad the archive, forge a member's declared size. Shared by the release tests and the
hostile-input corpus (``tests/faults/hostile/cases_release.py``)."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import struct
import tarfile
from pathlib import Path

from ocwtool.releases.archive import write_archive

ZIP_CENTRAL = b"PK\x01\x02"


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def rehash(folder: Path, *rels: str) -> None:
    """Recompute ``rels``' entries in ``manifest.json`` (dropping removed files), then ``SHA256SUMS``."""
    manifest = json.loads((folder / "manifest.json").read_text())
    for rel in rels:
        path = folder / rel
        if path.is_file():
            manifest["files"][rel] = {"sha256": sha256(path), "bytes": path.stat().st_size}
        else:
            manifest["files"].pop(rel, None)
    write_manifest(folder, manifest)


def write_manifest(folder: Path, manifest: object) -> None:
    """Write ``manifest`` and a ``SHA256SUMS`` consistent with it (so only its content is wrong)."""
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    listed = manifest.get("files") if isinstance(manifest, dict) else None
    if isinstance(listed, dict):
        sums = {rel: meta["sha256"] for rel, meta in listed.items()}
    else:  # keep the lines of the files the built manifest listed
        lines = (folder / "SHA256SUMS").read_text().splitlines()
        sums = {line[66:]: line[:64] for line in lines}
    sums["manifest.json"] = sha256(folder / "manifest.json")
    (folder / "SHA256SUMS").write_text("".join(f"{sums[rel]}  {rel}\n" for rel in sorted(sums)))


def remove_wall(folder: Path, rel: str, index: int = 0) -> None:
    """Drop one wall from an OCW JSON file of the release and recompute its checksums."""
    doc = json.loads((folder / rel).read_text())
    del doc["dataset"][index]
    (folder / rel).write_text(json.dumps(doc, indent=4) + "\n")
    rehash(folder, rel)


def repack(folder: Path, fmt: str = "tar.gz") -> Path:
    """The release folder packed again (as ``release build`` packs it), beside the folder."""
    return write_archive(folder, fmt)


def forged_tar(path: Path, top: str, declared: int) -> Path:
    """A ``.tar.gz`` whose member ``<top>/README.md`` declares ``declared`` bytes and holds none."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        info = tarfile.TarInfo(f"{top}/README.md")
        info.size = declared
        tar.addfile(info)  # the header only: no data follows it
    path.write_bytes(gzip_bytes(raw.getvalue()))
    return path


def gzip_bytes(data: bytes) -> bytes:
    return gzip.compress(data, mtime=0)


def patch_zip_size(path: Path, member: str, size: int, *, compressed: bool = False) -> None:
    """Overwrite ``member``'s uncompressed (or compressed) size in the zip's central directory."""
    data = bytearray(path.read_bytes())
    at = data.find(ZIP_CENTRAL)
    while at != -1:
        name_len = struct.unpack_from("<H", data, at + 28)[0]
        if data[at + 46 : at + 46 + name_len].decode() == member:
            struct.pack_into("<I", data, at + (20 if compressed else 24), size)
            path.write_bytes(bytes(data))
            return
        at = data.find(ZIP_CENTRAL, at + 4)
    raise KeyError(member)


def truncate_half(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def append(path: Path, junk: bytes) -> None:
    with open(path, "ab") as fh:
        fh.write(junk)

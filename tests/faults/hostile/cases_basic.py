"""Inputs that are not what they claim to be at all: the smallest hostile files."""

from __future__ import annotations

from pathlib import Path

from tests.faults.hostile import HostileCase


def _file(name: str, data: bytes, *extra: str) -> HostileCase:
    def build(folder: Path) -> tuple[list[str], str]:
        path = folder / name
        path.write_bytes(data)
        return ["import", str(path), "--source", "kept", *extra], str(path)

    return HostileCase("not-json", name.replace(".", "-"), build)


CASES = [
    _file("binary.json", bytes(range(256)), "--format", "ocw"),
    _file("truncated.json", b'{"season_to_walls_map": {}, "dataset": [{"wall_id": "x"', "--format", "ocw"),
]

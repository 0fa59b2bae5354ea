"""The version rules of ``ocwtool update``: schema change major, new puzzles minor, corrections patch."""

from __future__ import annotations

from pathlib import Path

from ocwtool.releases.versioning import bump, bump_kind, next_version, released_versions


def test_bump_rules() -> None:
    assert [bump("1.4.2", k) for k in ("major", "minor", "patch")] == ["2.0.0", "1.5.0", "1.4.3"]
    assert bump_kind(new=3, corrected=1, schema_changed=False) == "minor"
    assert bump_kind(new=0, corrected=1, schema_changed=False) == "patch"
    assert bump_kind(new=3, corrected=0, schema_changed=True) == "major"
    assert bump_kind(new=0, corrected=0, schema_changed=False) is None


def test_next_version_follows_the_highest_release(tmp_path: Path) -> None:
    assert next_version(tmp_path, "live", "minor") == "1.0.0"
    for name in ("live-1.0.0", "live-1.10.0", "live-1.9.1", "other-7.0.0"):
        (tmp_path / name).mkdir()
    (tmp_path / "live-1.10.1.tar.gz").write_bytes(b"")  # only its archive left
    assert released_versions(tmp_path, "live") == ["1.0.0", "1.9.1", "1.10.0", "1.10.1"]
    assert next_version(tmp_path, "live", "minor") == "1.11.0"
    assert next_version(tmp_path, "live", "patch") == "1.10.2"

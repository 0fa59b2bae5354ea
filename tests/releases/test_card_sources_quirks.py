"""The card's sources for variants (their parent store's origin and licence) and its known quirks
(unwaived validation warnings), and the validation line `release build` prints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from ocwtool.cli import main
from ocwtool.releases.licences import config_sources, hf_licenses
from ocwtool.schema.models import Lineage, Provenance, Puzzle
from ocwtool.schema.site_facts import load_facts
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.validators.findings import ValidationReport
from ocwtool.validators.rules import Finding
from tests.validators.factory import make_workspace, ocw_walls, randomized, replace_group


def _wordnet(walls: list[Puzzle]) -> list[Puzzle]:
    """OCW-WordNet-style variants as the generator writes them: own source, the parent store in lineage."""
    return [
        w.model_copy(
            update={
                "id": f"easy_{w.id}",
                "source": "ocw-wordnet",
                "provenance": Provenance(source="ocw-wordnet", parser_version="1"),
                "lineage": Lineage(kind="wordnet", seed=42, parents=(w.id,), params={"store": "ocw"}),
            }
        )
        for w in walls
    ]


def test_variants_take_the_origin_and_licence_of_their_parent_store() -> None:
    walls = ocw_walls(12)
    configs = {"ocw": walls, "ocw_randomized": randomized(walls), "ocw_wordnet": _wordnet(walls[:3])}
    found = config_sources(configs, {"ocw": "ocw"})
    assert [(s.config, s.store, s.origin, s.matched_by, s.puzzles, s.derived) for s in found] == [
        ("ocw", "ocw", "ocw", "import format", 12, False),
        ("ocw_randomized", "ocw", "ocw", "import format", 4, True),
        ("ocw_wordnet", "ocw", "ocw", "import format", 3, True),
    ]
    assert {s.licence for s in found} == {load_facts("licences.json")["origins"]["ocw"]["licence"]}
    assert hf_licenses(found) == ["mit"]  # no "unknown" for the variants


def test_a_store_is_matched_by_its_import_format_before_its_name() -> None:
    boards = [w.model_copy(update={"source": "nyt"}) for w in ocw_walls(9)[8:]]
    found = config_sources({"nyt": boards}, {"nyt": "nyt-archive"})
    assert [(s.store, s.origin, s.matched_by) for s in found] == [("nyt", "nyt-community", "import format")]
    assert config_sources({"nyt": boards})[0].origin is None  # the name `nyt` alone names no origin


def test_quirks_list_unwaived_warnings_and_count_past_the_cap() -> None:
    from ocwtool.releases.quirks import quirks

    findings = (
        Finding("S05", ("w1",), "'Ash'"),
        Finding("S05", ("w2",), "'Elm'"),
        Finding("S05", ("w3",), "'Oak'"),
        Finding("S05", ("w4",), "'Yew'", waiver="really on the show"),
        Finding("S18", (), "ocw: test=4"),  # info, not a quirk
    )
    assert quirks(ValidationReport(findings=findings), per_rule=2) == [
        "w4: the same clue twice on one wall ('Yew') (waived: really on the show)",
        "w1: the same clue twice on one wall ('Ash') (warning S05 duplicate-clue, not waived)",
        "w2: the same clue twice on one wall ('Elm') (warning S05 duplicate-clue, not waived)",
        "… and 1 more S05 duplicate-clue warnings (see validation.md)",
    ]


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out = capsys.readouterr()
    return int(info.value.code or 0), out.out, out.err


def _section(card: str, title: str) -> list[str]:
    return card.split(f"## {title}\n\n", 1)[1].split("\n## ", 1)[0].strip().splitlines()


def test_release_build_prints_validation_and_the_card_lists_warnings_and_variant_sources(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ws = make_workspace(tmp_path / "ws", variants=False)
    walls = read_puzzles(ws.puzzles_path("ocw"))
    twice = walls[3].groups[0].clues[0]
    walls[3] = replace_group(walls[3], 0, clues=(twice, twice, *walls[3].groups[0].clues[2:]))
    write_puzzles(ws.puzzles_path("ocw"), walls)
    root = str(ws.root)
    assert _run(capsys, "-w", root, "build-variants", "--kind", "randomized", "--no-progress")[0] == 0

    code, out, _ = _run(
        capsys, "-w", root, "release", "build", "--name", "q", "--version", "1.0.0", "--no-report"
    )
    folder = ws.releases_dir / "q-1.0.0"
    manifest = json.loads((folder / "manifest.json").read_text())
    assert code == 0 and manifest["validation"].startswith("PASSED: 0 errors, 1 warning, ")
    assert out == f"Validation: {manifest['validation']}\nBuilt {folder}\nArchive {folder}.tar.gz\n"

    card = (folder / "README.md").read_text()
    warning = f"{walls[3].id}: the same clue twice on one wall ('{twice}')"
    assert f"- {warning} (warning S05 duplicate-clue, not waived)" in _section(card, "Known quirks")
    ocw = load_facts("licences.json")["origins"]["ocw"]
    rows = [r for r in _section(card, "Sources and licences") if r.startswith("| ocw_randomized |")]
    assert rows == [
        f"| ocw_randomized | {ocw['title']} (made from store `ocw`, by its store name; 12 puzzles) "
        f"| {ocw['licence']} | {ocw['url']} |"
    ]
    assert yaml.safe_load(card.split("---\n")[1])["license"] == ["mit", "other"]  # NYT: other; no unknown

"""ocdb.cc parsers on generated pages in the site's markup (invented walls)."""

from __future__ import annotations

import datetime as dt

import pytest

from ocwtool.schema.models import Flag
from ocwtool.scrapers.base import Page
from ocwtool.scrapers.sources.ocdb import NO_SERIES, NO_WALL, OcdbSource, WallOptions
from ocwtool.scrapers.sources.ocdb_html import parse_index
from tests.scrapers.ocdb_pages import WALLS, EpisodeSpec, render_episode, render_index

SHA = "a" * 64


def page(slug: str, spec: EpisodeSpec) -> Page:
    return Page(
        url=f"https://ocdb.cc/episode/{slug}/",
        status=200,
        body=render_episode(spec).encode(),
        capture_id="warc/aa/x.warc.gz",
        sha256=SHA,
        fetched_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
    )


def parse(slug: str, spec: EpisodeSpec, **opts: object):  # type: ignore[no-untyped-def]
    return OcdbSource(WallOptions(**opts)).parse(page(slug, spec))  # type: ignore[arg-type]


def test_late_era_page_with_ids_headings_and_labels_after_each_group() -> None:
    result = parse("pianists-v-tuners", EpisodeSpec())
    assert result.errors == () and result.warnings == ()
    first, second = result.puzzles
    assert first.id == "ocdb-pianists-v-tuners-1" and second.id == "ocdb-pianists-v-tuners-2"
    assert [g.id for g in first.groups] == [f"ocdb-pianists-v-tuners-1_{k}" for k in range(1, 5)]
    assert first.groups[0].clues == ("Bowline", "Reef", "Granny", "Sheepshank")
    assert first.connections == ("Types of knot", "Famous Gregs", "___ board", "Moons of Jupiter")
    assert first.clues[:5] == ("Bowline", "Reef", "Granny", "Sheepshank", "Wallace")
    meta = first.ocw
    assert meta is not None
    assert (meta.season, meta.episode, meta.wall_name, meta.wall_index) == (5, 3, "Lion", 1)
    assert second.ocw is not None and second.ocw.wall_name == "Water"
    assert meta.teams == ("Pianists", "Tuners") and meta.title == "Pianists v Tuners"
    assert meta.source_url == "https://ocdb.cc/episode/pianists-v-tuners/"
    assert first.source == "ocdb" and first.flags == ()
    prov = first.provenance
    assert (prov.source, prov.sha256, prov.capture_id, prov.parser_version) == (
        "ocdb",
        SHA,
        "warc/aa/x.warc.gz",
        "ocdb-1",
    )
    assert first.groups[0].raw_clues is None  # identical to the normalised copy


def test_early_era_glyph_headings_labels_after_all_clues() -> None:
    spec = EpisodeSpec(
        title="Cartographers v Bakers", series=2, episode=7, labels="after_all", heading_style="glyph"
    )
    first, second = parse("cartographers-v-bakers", spec).puzzles
    assert (first.ocw.wall_name, second.ocw.wall_name) == ("Alpha", "Beta")  # type: ignore[union-attr]
    assert first.groups[3].connection == "Moons of Jupiter"
    assert first.groups[3].clues == ("Io", "Europa", "Callisto", "Ganymede")


def test_heading_with_glyph_and_word_and_water_first() -> None:
    spec = EpisodeSpec(names=["Water", "Lion"], heading_style="both")
    first, second = parse("a-v-b", spec).puzzles
    assert (first.ocw.wall_name, second.ocw.wall_name) == ("Water", "Lion")  # type: ignore[union-attr]
    assert (first.ocw.wall_index, second.ocw.wall_index) == (1, 2)  # type: ignore[union-attr]


def test_headingless_layout_without_wall_ids_falls_back_to_round3_questions() -> None:
    spec = EpisodeSpec(series=1, episode=4, names=[None, None], wall_ids=False)
    result = parse("a-v-b", spec)
    assert [p.ocw.wall_name for p in result.puzzles] == ["Alpha", "Beta"]  # type: ignore[union-attr]
    assert result.puzzles[1].groups[0].connection == "Pasta shapes"


def test_one_missing_heading_takes_the_other_name_of_the_era() -> None:
    spec = EpisodeSpec(names=["Water", None], wall_ids=False)
    result = parse("a-v-b", spec)
    assert [p.ocw.wall_name for p in result.puzzles] == ["Water", "Lion"]  # type: ignore[union-attr]


def test_bare_wall_containers_are_the_last_fallback() -> None:
    html = render_episode(EpisodeSpec(wall_ids=False)).replace('<h2 id="round3">', '<h2 id="walls">')
    result = OcdbSource().parse(Page(url="https://ocdb.cc/episode/x-v-y/", status=200, body=html.encode()))
    assert len(result.puzzles) == 2 and result.errors == ()


def test_blank_connection_is_kept_and_flagged() -> None:
    wall = [(conn if k != 2 else "", clues) for k, (conn, clues) in enumerate(WALLS[2])]
    result = parse("a-v-b", EpisodeSpec(walls=[wall, WALLS[3]]))
    blank, other = result.puzzles
    assert blank.groups[2].connection == "" and Flag.BLANK_CONNECTION in blank.flags
    assert other.flags == ()


@pytest.mark.parametrize(
    ("slug", "title", "teams"),
    [
        (
            "fire-eaters-vs-eurovisionaries",
            "Fire-Eaters vs Eurovisionaries",
            ("Fire-Eaters", "Eurovisionaries"),
        ),
        ("orienteers-v-gamemasters-2", "Orienteers v Gamemasters", ("Orienteers", "Gamemasters")),
    ],
)
def test_vs_and_rematch_slugs(slug: str, title: str, teams: tuple[str, ...]) -> None:
    result = parse(slug, EpisodeSpec(title=title))
    assert [p.id for p in result.puzzles] == [f"ocdb-{slug}-1", f"ocdb-{slug}-2"]
    assert result.puzzles[0].ocw.teams == teams  # type: ignore[union-attr]


def test_entities_accents_quotes_and_blanks_normalised_with_raw_kept() -> None:
    wall = [
        ("Smith &amp; Wesson&#8217;s rivals", ["Caf\u00e9", "Se\u00f1or", "Pi (&pi;)", "\u00bd-time"]),
        ("Flying ____", ["Fox", "Ace", "Fish", "Buttress"]),
        (
            "Nested",
            ["<span>Bow</span>line", "<p>Reef</p><p>knot</p>", "  spaced \n out ", "O\u2019Neill \u2013 Jr"],
        ),
        ("Plain", ["A", "B", "C", "D"]),
    ]
    first = parse("a-v-b", EpisodeSpec(walls=[wall, WALLS[0]])).puzzles[0]
    g1, g2, g3, _ = first.groups
    assert g1.connection == "Smith & Wesson's rivals" and g1.raw_connection == "Smith & Wesson\u2019s rivals"
    assert g1.clues == ("Caf\u00e9", "Se\u00f1or", "Pi (\u03c0)", "\u00bd-time") and g1.raw_clues is None
    assert g2.connection == "Flying ___" and g2.raw_connection == "Flying ____"
    assert g3.clues == ("Bowline", "Reef knot", "spaced out", "O'Neill - Jr")
    assert g3.raw_clues == ("Bowline", "Reef knot", "spaced out", "O\u2019Neill \u2013 Jr")


def test_media_clue_is_flagged_and_never_empty() -> None:
    wall = [
        (
            "Lighthouses",
            ['<img src="/pics/beachy-head.jpg" alt="Beachy Head">', "Eddystone", "Bell Rock", "Fastnet"],
        ),
        ("Tunes", ['<a href="/media/greensleeves.mp3"></a>', "Jerusalem", "Danny Boy", "Scarborough Fair"]),
        *WALLS[3][2:],
    ]
    first = parse("a-v-b", EpisodeSpec(walls=[wall, WALLS[0]])).puzzles[0]
    assert Flag.MEDIA_CLUE in first.flags
    assert first.groups[0].clues[0] == "[img: Beachy Head]"
    assert first.groups[1].clues[0] == "[a: greensleeves.mp3]"


def test_page_without_wall_round_is_a_clear_error_not_an_empty_wall() -> None:
    result = parse("a-v-b", EpisodeSpec(with_wall_round=False))
    assert result.puzzles == () and result.errors == (NO_WALL,)


def test_broken_wall_is_reported_and_the_other_wall_kept() -> None:
    html = render_episode(EpisodeSpec()).replace('class="group3-clue2"', 'class="g3c2"', 1)
    result = OcdbSource().parse(Page(url="https://ocdb.cc/episode/a-v-b/", status=200, body=html.encode()))
    assert [p.id for p in result.puzzles] == ["ocdb-a-v-b-2"]
    assert result.errors == ("wall 1 (Lion): no .group3-clue2 element",)


def test_specials_only_on_request() -> None:
    spec = EpisodeSpec(
        title="Christmas Special: Elves v Reindeer", series=None, episode=None, names=[None, None]
    )
    skipped = parse("christmas-elves-v-reindeer", spec)
    assert skipped.puzzles == () and skipped.warnings == (
        "special episode skipped (pass --specials to include it)",
    )
    kept = parse("christmas-elves-v-reindeer", spec, specials=True)
    assert len(kept.puzzles) == 2 and all(Flag.SPECIAL in p.flags for p in kept.puzzles)
    meta = kept.puzzles[0].ocw
    assert meta is not None and meta.season is None and meta.wall_name is None  # no era known, no heading
    assert meta.teams == ("Elves", "Reindeer")


def test_episode_without_series_line_is_an_error_unless_specials_are_wanted() -> None:
    spec = EpisodeSpec(title="Mystery v Puzzle", series=None, episode=None, names=[None, None])
    failed = parse("mystery-v-puzzle", spec)
    assert failed.puzzles == () and failed.errors == (NO_SERIES,)
    kept = parse("mystery-v-puzzle", spec, specials=True)
    assert len(kept.puzzles) == 2 and all(Flag.SPECIAL in p.flags for p in kept.puzzles)


def test_series_filter() -> None:
    assert parse("a-v-b", EpisodeSpec(series=16), series=frozenset(range(1, 16))).puzzles == ()
    assert len(parse("a-v-b", EpisodeSpec(series=15), series=frozenset(range(1, 16))).puzzles) == 2


@pytest.mark.parametrize("markup", ["episode_link", "series_container", "bare"])
def test_index_locators_with_fallbacks(markup: str) -> None:
    slugs = ["a-v-b", "c-vs-d", "a-v-b-2"]
    assert parse_index(render_index(slugs, markup)) == [f"https://ocdb.cc/episode/{s}/" for s in slugs]


def test_index_page_links_skip_known_specials_unless_requested() -> None:
    body = render_index(["a-v-b", "champion-of-champions-x-v-y"]).encode()
    index = Page(url="https://ocdb.cc/episodes/", status=200, body=body)
    assert OcdbSource().parse(index).links == ("https://ocdb.cc/episode/a-v-b/",)
    assert len(OcdbSource(WallOptions(specials=True)).parse(index).links) == 2
    empty = OcdbSource().parse(Page(url="https://ocdb.cc/episodes/", status=200, body=b"<html></html>"))
    assert empty.errors == ("no episode links found on the index page: unrecognised layout",)


def test_coverage_notes_compare_with_ocw_counts() -> None:
    from ocwtool.scrapers.sources.ocdb import coverage_notes

    puzzles = list(parse("a-v-b", EpisodeSpec(series=2)).puzzles)
    assert coverage_notes(puzzles, frozenset({2, 3})) == [
        "walls per series differ from OCW's counts (got/OCW): S2 2/16, S3 0/30"
    ]
    assert coverage_notes(puzzles, frozenset({16})) == []  # no published count for series 16


# Invented walls for the mixed-locator pages (not from any real episode).
CLOCKMAKERS_WALL = [
    ("Parts of a clock", ["Escapement", "Pendulum", "Dial", "Bezel"]),
    ("Famous Floras", ["Robson", "Thompson", "Spencer", "Twort"]),
    ("___ dance", ["Rain", "Sword", "Morris", "Line"]),
    ("Scottish islands", ["Mull", "Skye", "Arran", "Jura"]),
]
BEEKEEPERS_WALL = [
    ("Bee products", ["Honey", "Wax", "Propolis", "Royal jelly"]),
    ("Knitting stitches", ["Purl", "Garter", "Moss", "Cable"]),
    ("Hidden metals", ["Bating", "Coiron", "Pleading", "Scopper"]),
    ("Card games", ["Whist", "Snap", "Cribbage", "Rummy"]),
]


def test_walls_disagreeing_about_the_id_locator_are_all_found() -> None:
    # Wall 1 carries id="wall_1", wall 2 does not: the id locator finds one wall, the next finds both.
    spec = EpisodeSpec(walls=[CLOCKMAKERS_WALL, BEEKEEPERS_WALL], wall_ids=(True, False))
    result = parse("clockmakers-v-beekeepers", spec)
    assert result.warnings == () and result.errors == ()
    assert [p.id for p in result.puzzles] == [
        "ocdb-clockmakers-v-beekeepers-1",
        "ocdb-clockmakers-v-beekeepers-2",
    ]
    assert [p.groups[0].connection for p in result.puzzles] == ["Parts of a clock", "Bee products"]
    assert [p.ocw.wall_name for p in result.puzzles] == ["Lion", "Water"]  # type: ignore[union-attr]


def test_no_locator_finding_every_wall_keeps_the_most_and_warns_naming_the_page() -> None:
    # One wall on the page: every locator finds one; the first (the id locator) is kept.
    spec = EpisodeSpec(walls=[CLOCKMAKERS_WALL], wall_ids=(True,))
    result = parse("clockmakers-v-beekeepers", spec)
    assert [p.groups[0].connection for p in result.puzzles] == ["Parts of a clock"]
    (warning,) = result.warnings
    assert warning.startswith("episode clockmakers-v-beekeepers: expected 2 walls, found 1")
    assert "kept locator #wall_N" in warning
    assert "#round3 .question found 1" in warning and "any .wall-container found 1" in warning


def test_id_only_on_the_second_wall_is_found_too() -> None:
    html = render_episode(EpisodeSpec(walls=[CLOCKMAKERS_WALL, BEEKEEPERS_WALL], wall_ids=(False, True)))
    result = OcdbSource().parse(Page(url="https://ocdb.cc/episode/c-v-b/", status=200, body=html.encode()))
    assert [p.id for p in result.puzzles] == ["ocdb-c-v-b-1", "ocdb-c-v-b-2"]
    assert [p.groups[3].connection for p in result.puzzles] == ["Scottish islands", "Card games"]
    assert result.warnings == ()


def test_locator_finding_the_most_walls_is_kept_when_none_finds_all() -> None:
    # One wall, no id, no #round3 heading: only the loose .wall-container locator finds it.
    spec = EpisodeSpec(walls=[BEEKEEPERS_WALL], wall_ids=False)
    html = render_episode(spec).replace('<h2 id="round3">', '<h2 id="walls">')
    result = OcdbSource().parse(Page(url="https://ocdb.cc/episode/c-v-b/", status=200, body=html.encode()))
    assert [p.groups[0].connection for p in result.puzzles] == ["Bee products"]
    assert result.warnings == (
        "episode c-v-b: expected 2 walls, found 1 (kept locator any .wall-container; "
        "#wall_N found 0, #round3 .question found 0, any .wall-container found 1)",
    )

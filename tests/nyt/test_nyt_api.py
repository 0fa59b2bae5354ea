"""The official endpoint parsers: v2 text, picture, mixed and emoji boards; v1; 404s and bad bodies."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from ocwtool.errors import ParseError
from ocwtool.schema.models import Flag, nyt_number
from ocwtool.scrapers.base import CrawlOptions, Page
from ocwtool.scrapers.sources.nyt_api import NytApiSource, parse_page, parse_puzzle, url_for

from .fixtures import BOARD_ORDER, GROUPS, board_words, body, v1_doc, v2_doc

DAY = dt.date(2024, 3, 5)
URL = url_for(DAY)


def test_v2_text_day() -> None:
    p = parse_puzzle(body(v2_doc()), URL)
    assert p.id == "nyt-2024-03-05"
    assert p.source == "nyt-api"
    assert [g.connection for g in p.groups] == [t for t, _ in GROUPS]
    assert [g.level for g in p.groups] == [0, 1, 2, 3]
    assert [g.id for g in p.groups] == [f"nyt-2024-03-05_{k}" for k in range(1, 5)]
    assert list(p.clues) == board_words()
    assert p.clues[0] == "LEMON" and p.clues[1] == "HULL"
    assert p.nyt is not None
    assert (p.nyt.number, p.nyt.editor, p.nyt.internal_id) == (nyt_number(DAY), "A. Editor", 4242)
    assert p.flags == () and not p.nyt.picture and not p.nyt.emoji
    assert p.provenance.url == URL and p.provenance.parser_version == "1"


def test_v2_picture_day_keeps_alt_text_and_flags() -> None:
    images = {(g, i) for g in range(4) for i in range(4)}
    p = parse_puzzle(body(v2_doc(images=images, illustrator="An Artist")), URL)
    assert list(p.clues) == board_words()
    assert p.flags == (Flag.PICTURE,)
    assert p.nyt is not None and p.nyt.picture and p.nyt.illustrator == "An Artist"


def test_v2_mixed_board_fifteen_words_one_image() -> None:
    p = parse_puzzle(body(v2_doc(images={(2, 3)})), URL)
    assert p.groups[2].clues[3] == "CHEESE"
    assert Flag.PICTURE in p.flags and p.nyt is not None and p.nyt.picture


def test_v2_picture_card_without_alt_text_is_empty_and_flagged() -> None:
    doc = v2_doc(images={(0, 0)})
    del doc["categories"][0]["cards"][0]["image_alt_text"]
    p = parse_puzzle(body(doc), URL)
    assert p.groups[0].clues[0] == ""
    assert p.flags == (Flag.EMPTY_MEMBER, Flag.PICTURE)


def test_v2_emoji_board_is_flagged_but_picture_symbols_are_not() -> None:
    emoji = [(t, [f"{w}\U0001f600" for w in ws]) for t, ws in GROUPS]
    p = parse_puzzle(body(v2_doc(groups=emoji)), URL)
    assert p.flags == (Flag.EMOJI,) and p.nyt is not None and p.nyt.emoji
    symbols = [(t, ["✔", "→", "€", "&"]) if k == 0 else (t, ws) for k, (t, ws) in enumerate(GROUPS)]
    q = parse_puzzle(body(v2_doc(groups=symbols, images={(0, i) for i in range(4)})), URL)
    assert q.flags == (Flag.PICTURE,)


def test_v1_orders_by_level_and_takes_board_and_date_from_url() -> None:
    url = "https://www.nytimes.com/svc/connections/v1/2023-06-20.json"
    p = parse_puzzle(body(v1_doc()), url)
    assert p.id == "nyt-2023-06-20" and p.nyt is not None and p.nyt.number == 9
    assert [g.connection for g in p.groups] == [t for t, _ in GROUPS]
    assert list(p.clues) == board_words()
    assert p.nyt.internal_id == 7


def test_v1_without_date_in_url_is_an_error() -> None:
    with pytest.raises(ParseError, match="carries no date"):
        parse_puzzle(body(v1_doc()), "http://x/puzzle.json")


def test_404_is_missing_not_an_error() -> None:
    r = parse_page(Page(url=URL, status=404, body=b"not found"))
    assert r.missing and r.puzzles == () and r.errors == ()
    assert r.warnings == (f"{URL}: no puzzle for 2024-03-05 (404)",)


@pytest.mark.parametrize(
    ("status", "raw", "message"),
    [
        (503, b"", f"{URL}: HTTP 503"),
        (200, b"<html>", f"{URL}:1:1: invalid JSON: Expecting value"),
        (200, b"[]", f"{URL}: expected a JSON object, got list"),
        (200, b'{"status": "ERROR"}', f"{URL}: neither a v2 ('categories') nor a v1 ('groups') response"),
        (200, body({"status": "ERROR", "categories": []}), f"{URL}: response status is 'ERROR', not 'OK'"),
    ],
)
def test_bad_responses_become_error_lines(status: int, raw: bytes, message: str) -> None:
    r = parse_page(Page(url=URL, status=status, body=raw))
    assert r.errors == (message,) and r.puzzles == () and not r.missing


def test_wrong_group_shape_is_an_error() -> None:
    doc = v2_doc()
    doc["categories"][3]["cards"].pop()
    r = parse_page(Page(url=URL, status=200, body=body(doc)))
    assert r.errors == (f"{URL}: expected 4 groups of 4 words, got group sizes [4, 4, 4, 3]",)


def test_bad_positions_fall_back_to_group_order_with_a_warning() -> None:
    doc = v2_doc()
    for cat in doc["categories"]:
        for card in cat["cards"]:
            card["position"] = 0
    r = parse_page(Page(url=URL, status=200, body=body(doc)))
    assert list(r.puzzles[0].clues) == [w for _, ws in GROUPS for w in ws]
    assert r.warnings == (f"{URL}: card positions are not 0..15; clues keep group order",)


def test_print_date_disagreeing_with_url_is_warned_and_print_date_wins() -> None:
    r = parse_page(Page(url=url_for(dt.date(2024, 3, 6)), status=200, body=body(v2_doc())))
    assert r.puzzles[0].id == "nyt-2024-03-05"
    assert "differs from the URL's date 2024-03-06" in r.warnings[0]


def test_source_seeds_cover_the_range_and_limit() -> None:
    src = NytApiSource()
    opts = CrawlOptions(date_from=dt.date(2023, 6, 10), date_to=dt.date(2023, 6, 14))
    assert src.seeds(opts) == [url_for(dt.date(2023, 6, d)) for d in (12, 13, 14)]
    limited = CrawlOptions(limit=2, date_from=dt.date(2024, 1, 1), date_to=dt.date(2024, 12, 31))
    assert src.seeds(limited) == [url_for(dt.date(2024, 1, 1)), url_for(dt.date(2024, 1, 2))]
    assert BOARD_ORDER[0] == (0, 0)


def test_shared_verbatim_v2_responses(nyt_data: Path) -> None:
    api = nyt_data / "api"
    text = parse_puzzle((api / "v2_2025-06-14.json").read_bytes(), url_for(dt.date(2025, 6, 14)))
    assert text.nyt is not None and (text.nyt.number, text.nyt.internal_id) == (734, 773)
    assert text.connections[0] == "GODDESS" and text.connections[3] == "___ TERRIER"
    assert text.groups[1].clues == ("ARROW", "HEART", "MOM", "RIBBON")
    assert (text.clues[0], text.clues[15]) == ("MOM", "DIVA") and text.flags == ()
    pic = parse_puzzle((api / "v2_2025-04-01_images.json").read_bytes(), url_for(dt.date(2025, 4, 1)))
    assert pic.nyt is not None and pic.nyt.number == 660 and pic.nyt.picture
    assert pic.flags == (Flag.PICTURE,)
    assert pic.groups[0].clues == ("$", "€", "£", "¥") and pic.connections[3] == '"RIGHT"'
    assert (pic.clues[0], pic.clues[9]) == ("⊾", "$")
    v1 = json.loads((api / "v1_2023-06-12.json").read_text())
    old = parse_puzzle(body(v1), "https://www.nytimes.com/svc/connections/v1/2023-06-12.json")
    assert old.nyt is not None and old.nyt.number == 1 and old.connections[3] == "PALINDROMES"

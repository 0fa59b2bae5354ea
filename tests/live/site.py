"""A loopback copy of the NYT endpoint and the archive listing, one distinct invented board a day."""

from __future__ import annotations

import datetime as dt

from ocwtool.schema.models import Provenance, Puzzle, Split, nyt_number
from ocwtool.schema.nyt import DayGroups, build_puzzle
from tests.nyt.fixtures import archive_day_html, archive_page, body, v2_doc
from tests.servers import LocalSite

API = "/svc/connections/v2/{}.json"
LISTING = "/nyt-connections-answers/"
WORDS = ["ALDER", "BIRCH", "CEDAR", "DAMSON", "ELDER", "FIR", "GINKGO", "HAZEL"]


def day_groups(d: dt.date) -> list[tuple[str, list[str]]]:
    """Four invented groups unique to day ``d`` (its ordinal spelled into every word)."""
    tag = d.strftime("%y%j")
    return [(f"SET {k} OF {tag}", [f"{w}{tag}{k}" for w in WORDS[k : k + 4]]) for k in range(4)]


def serve_days(site: LocalSite, days: list[dt.date]) -> None:
    """The endpoint answers ``days`` (404 for any other); the archive lists none of them."""
    site.route("/robots.txt", "User-agent: *\nDisallow: /wp-admin/\n", content_type="text/plain")
    for d in days:
        site.route(API.format(d.isoformat()), body(v2_doc(d, day_groups(d))), content_type="application/json")
    site.route(
        LISTING,
        archive_page([archive_day_html(1, "January 1st, 2020", day_groups(dt.date(2020, 1, 1)))], pages=1),
    )


def seeded(d: dt.date, split: Split | None = Split.TRAIN) -> Puzzle:
    """A puzzle already in the workspace for day ``d``."""
    p = build_puzzle(DayGroups(date=d, groups=day_groups(d)), "nyt", Provenance(source="nyt-api"), "t")
    return p.model_copy(update={"split": split})


def serve_archive_days(site: LocalSite, days: list[dt.date]) -> None:
    """The archive listing lists ``days`` (one page, newest first), each with its own board."""
    items = [
        archive_day_html(nyt_number(d), f"{d:%B} {d.day}, {d.year}", day_groups(d))
        for d in sorted(days, reverse=True)
    ]
    site.route(LISTING, archive_page(items, pages=1))

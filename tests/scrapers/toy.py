"""A tiny generic Source for crawl-engine tests: an index page listing item pages, one record each."""

from __future__ import annotations

from ocwtool.scrapers.base import CrawlOptions, Page, ParseResult


class ToySource:
    """``/index`` lists ``/item/N`` lines; each item page's text becomes one ``("item", {...})`` record."""

    name = "toy"
    default_base_url = "https://toy.example"
    parser_version = "1"

    def seeds(self, options: CrawlOptions) -> list[str]:
        return [f"{self.default_base_url}/index"]

    def parse(self, page: Page) -> ParseResult:
        if page.status == 404:
            return ParseResult(missing=True)
        text = page.text
        if page.url.endswith("/index"):
            return ParseResult(links=tuple(line for line in text.splitlines() if line.strip()))
        if text.startswith("BROKEN"):
            return ParseResult(errors=("unrecognised layout",))
        if text.startswith("CRASH"):  # a parser meeting markup it never expected
            return ParseResult(records=(("item", {"tenth word": text.split()[9]}),))
        return ParseResult(records=(("item", {"url": page.url, "text": text}),))

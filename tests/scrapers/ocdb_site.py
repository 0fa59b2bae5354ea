"""A small ocdb.cc mirror on the loopback test server, and a workspace configured for fast tests."""

from __future__ import annotations

from pathlib import Path

from tests.scrapers.ocdb_pages import WALLS, EpisodeSpec, render_episode, render_index
from tests.servers import LocalSite

EPISODES: dict[str, EpisodeSpec] = {
    "pianists-v-tuners": EpisodeSpec("Pianists v Tuners", 4, 1, [WALLS[0], WALLS[1]]),
    "cartographers-v-bakers": EpisodeSpec(
        "Cartographers v Bakers", 2, 3, [WALLS[2], WALLS[3]], labels="after_all", heading_style="glyph"
    ),
    "fire-eaters-vs-eurovisionaries": EpisodeSpec(
        "Fire-Eaters vs Eurovisionaries", 5, 2, [WALLS[1], WALLS[2]], names=[None, None], wall_ids=False
    ),
    "orienteers-v-gamemasters-2": EpisodeSpec("Orienteers v Gamemasters", 5, 9, [WALLS[3], WALLS[0]]),
    "lost-v-found": EpisodeSpec("Lost v Found", 6, 1, with_wall_round=False),
    "secret-v-hidden": EpisodeSpec("Secret v Hidden", 6, 2),
    "christmas-elves-v-reindeer": EpisodeSpec("Elves v Reindeer", None, None),
}
ROBOTS = "User-agent: *\nDisallow: /episode/secret-v-hidden/\n"


def serve_ocdb(site: LocalSite, episodes: dict[str, EpisodeSpec] | None = None, delay: float = 0.0) -> None:
    """Routes of the mirror: robots.txt, /episodes/ and one page per episode."""
    chosen = EPISODES if episodes is None else episodes
    site.route("/robots.txt", ROBOTS, content_type="text/plain")
    site.route("/episodes/", render_index(list(chosen)))
    for slug, spec in chosen.items():
        site.route(f"/episode/{slug}/", render_episode(spec), delay=delay)


def make_workspace(
    root: Path, *, contact: str | None = "tester@example.org", timeout: float = 0.5, extra: str = ""
) -> Path:
    """A workspace whose ocwtool.toml makes crawls fast: no delay, short timeout, tiny backoff."""
    root.mkdir(parents=True, exist_ok=True)
    head = f'contact = "{contact}"\n' if contact else ""
    crawl = f"[crawl]\ndelay = 0\ntimeout = {timeout}\nmax_attempts = 4\nbackoff = 0.01\n"
    (root / "ocwtool.toml").write_text(head + crawl + extra, encoding="utf-8")
    return root

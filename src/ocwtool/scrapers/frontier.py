"""The crawl frontier: one SQLite row per logical URL with its state, so a crawl can resume.

States: ``todo`` (to visit), ``done`` (parsed), ``failed`` (with a reason; retried by the next run),
``denied`` (robots.txt), ``missing`` (the source says the page legitimately does not exist).
Every change is its own committed transaction (WAL journal): SQLite guarantees that a SIGKILL at any
moment leaves the file at the last commit, so the next run continues from there. ``synchronous=NORMAL``
keeps that guarantee against a killed process (only a power loss could roll back the last few
commits, which the next run then simply fetches again) at a fraction of FULL's fsync cost.
Offline runs use an in-memory frontier (``path=None``) so they never touch the live crawl's state.
Any SQLite failure (a full disk: "database or disk is full", a locked or corrupt file) is raised as
one :class:`~ocwtool.errors.StorageError` naming the file; the last commit stays, so a rerun resumes.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Concatenate, ParamSpec, TypeVar

from ocwtool.errors import StorageError

STATES = ("todo", "done", "failed", "denied", "missing")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS urls (
    seq     INTEGER PRIMARY KEY AUTOINCREMENT,
    url     TEXT NOT NULL UNIQUE,
    state   TEXT NOT NULL CHECK (state IN ('todo','done','failed','denied','missing')),
    seed    INTEGER NOT NULL DEFAULT 0,
    reason  TEXT,
    updated TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS urls_state ON urls(state, seq);
"""


P = ParamSpec("P")
R = TypeVar("R")


def _storage_errors(method: Callable[Concatenate[Frontier, P], R]) -> Callable[Concatenate[Frontier, P], R]:
    """Turn a ``sqlite3.Error`` of ``method`` into one ``StorageError`` line naming the database."""

    def guarded(self: Frontier, /, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(self, *args, **kwargs)
        except sqlite3.Error as exc:
            where = self.path or "in-memory crawl frontier"
            raise StorageError(
                f"{where}: crawl frontier: {exc}; free some space (or fix the file) and run again to resume"
            ) from None

    return guarded


class Frontier:
    """todo/done/failed per URL, visited in insertion order."""

    def __init__(self, path: Path | None) -> None:
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._open()

    @_storage_errors
    def _open(self) -> None:
        path = self.path
        self._db = sqlite3.connect(":memory:" if path is None else str(path), isolation_level=None)
        if path is not None:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)

    @_storage_errors
    def add(self, urls: Iterable[str], *, seed: bool = False) -> int:
        """Queue URLs not seen before; return how many were new."""
        rows = list(urls)
        if not rows:
            return 0
        now = _now()
        with self._db:
            before = self._db.total_changes
            self._db.executemany(
                "INSERT OR IGNORE INTO urls(url, state, seed, updated) VALUES (?, 'todo', ?, ?)",
                [(u, int(seed), now) for u in rows],
            )
            return self._db.total_changes - before

    @_storage_errors
    def known(self, url: str) -> bool:
        """Is ``url`` in the frontier (any state)?"""
        return self._db.execute("SELECT 1 FROM urls WHERE url=?", (url,)).fetchone() is not None

    @_storage_errors
    def next_todo(self) -> str | None:
        """The oldest URL still to visit."""
        row = self._db.execute("SELECT url FROM urls WHERE state='todo' ORDER BY seq LIMIT 1").fetchone()
        return None if row is None else str(row[0])

    @_storage_errors
    def set_state(self, url: str, state: str, reason: str | None = None) -> None:
        """Record the outcome of visiting ``url`` (committed immediately)."""
        if state not in STATES:
            raise ValueError(f"unknown frontier state {state!r}")
        with self._db:
            self._db.execute(
                "UPDATE urls SET state=?, reason=?, updated=? WHERE url=?", (state, reason, _now(), url)
            )

    @_storage_errors
    def requeue(self, states: Iterable[str]) -> int:
        """Put every URL in ``states`` back to ``todo`` (a new run retries failures; --refresh all)."""
        marks = ",".join("?" for _ in states)
        with self._db:
            cur = self._db.execute(
                f"UPDATE urls SET state='todo', reason=NULL WHERE state IN ({marks})", tuple(states)
            )
            return cur.rowcount

    @_storage_errors
    def count(self, state: str | None = None, *, seed: bool | None = None) -> int:
        """Number of URLs (in ``state``; seeds only / non-seeds only when ``seed`` is given)."""
        sql, args = "SELECT COUNT(*) FROM urls WHERE 1=1", list[object]()
        if state is not None:
            sql, args = sql + " AND state=?", [state]
        if seed is not None:
            sql, args = sql + " AND seed=?", [*args, int(seed)]
        return int(self._db.execute(sql, args).fetchone()[0])

    @_storage_errors
    def rows(self, state: str | None = None) -> list[tuple[str, str, str | None]]:
        """(url, state, reason) rows in visiting order."""
        sql = "SELECT url, state, reason FROM urls"
        args: tuple[str, ...] = ()
        if state is not None:
            sql, args = sql + " WHERE state=?", (state,)
        return [(str(u), str(s), r) for u, s, r in self._db.execute(sql + " ORDER BY seq", args)]

    def close(self) -> None:
        self._db.close()


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")

"""Raw captures: one small WARC file (request + response records) per successful fetch.

Layout: ``raw/<source>/warc/<kk>/<key>/<YYYYmmddTHHMMSSffffffZ>.warc.gz`` where ``key`` is the first
24 hex digits of sha256(logical URL) and ``kk`` its first two. Each file is written whole to a
``.tmp`` sibling, fsynced, then renamed (``ocwtool.fsio.atomic_open``), so a kill at any moment
leaves either the complete capture or none: no index to recover, no torn WARC. ``--refresh`` adds a
newer file beside the old one (history is kept); readers take the newest.

Provenance lives in the WARC headers: ``WARC-Target-URI`` (final URL), ``WARC-Date`` (fetch time, UTC),
``WARC-Ocwtool-Logical-URI`` (the URL as the source knows it), ``WARC-Ocwtool-Requested-URI``,
``WARC-Ocwtool-Sha256`` (sha256 of the exact payload bytes stored), plus the HTTP status and
headers. The payload is stored decoded (httpx undoes gzip/br), so ``Content-Encoding`` is renamed
``X-Ocwtool-Original-Content-Encoding`` and ``Content-Length`` set to the stored length.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from http import HTTPStatus
from io import BytesIO
from pathlib import Path
from urllib.parse import urlsplit

from warcio.archiveiterator import ArchiveIterator
from warcio.exceptions import ArchiveLoadFailed
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from ocwtool.errors import CaptureError
from ocwtool.fsio import atomic_open
from ocwtool.scrapers.base import Page
from ocwtool.scrapers.http import FetchResult

_DROP = {"content-encoding", "content-length", "transfer-encoding"}
_STAMP = "%Y%m%dT%H%M%S%fZ"


def url_key(url: str) -> str:
    """Stable file-name key of a logical URL."""
    return hashlib.sha256(url.encode("utf-8")).hexdigest()[:24]


@dataclass(frozen=True)
class Capture:
    """One stored response, read back from its WARC file."""

    capture_id: str
    url: str
    final_url: str
    status: int
    body: bytes
    sha256: str
    fetched_at: dt.datetime
    content_type: str | None

    def page(self) -> Page:
        """The parser's view of this capture."""
        return Page(
            url=self.url,
            status=self.status,
            body=self.body,
            content_type=self.content_type,
            final_url=self.final_url,
            capture_id=self.capture_id,
            sha256=self.sha256,
            fetched_at=self.fetched_at,
        )


class CaptureStore:
    """The WARC captures of one source (``raw/<source>``)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.warc_dir = self.root / "warc"

    def _dir(self, url: str) -> Path:
        key = url_key(url)
        return self.warc_dir / key[:2] / key

    def latest_path(self, url: str) -> Path | None:
        """Newest capture file of ``url`` (None if never captured)."""
        folder = self._dir(url)
        if not folder.is_dir():
            return None
        names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".warc.gz"))
        return folder / names[-1] if names else None

    def latest(self, url: str) -> Capture | None:
        """Newest capture of ``url``, checksum verified (``CaptureError`` if it does not match)."""
        path = self.latest_path(url)
        return None if path is None else self.read(path)

    def write(self, logical_url: str, result: FetchResult) -> Capture:
        """Store ``result`` (a full response) as a new WARC file, atomically."""
        if result.status is None:
            raise CaptureError(f"cannot capture {result.url}: no response ({result.error})")
        sha = hashlib.sha256(result.body).hexdigest()
        path = self._dir(logical_url) / f"{result.fetched_at.astimezone(dt.UTC).strftime(_STAMP)}.warc.gz"
        with atomic_open(path, "wb") as fh:
            _write_records(WARCWriter(fh, gzip=True), logical_url, result, sha)
        return self.read(path)

    def read(self, path: Path) -> Capture:
        """Read and verify one capture file."""
        try:
            with open(path, "rb") as fh:
                for record in ArchiveIterator(fh):
                    if record.rec_type == "response":
                        return self._capture(path, record)
        except (OSError, ArchiveLoadFailed, ValueError) as exc:
            why = " ".join(str(exc).split())
            raise CaptureError(f"{path}: unreadable capture ({why}); re-run with --refresh") from None
        raise CaptureError(f"{path}: no response record; re-run with --refresh")

    def _capture(self, path: Path, record: object) -> Capture:
        rec_headers = record.rec_headers  # type: ignore[attr-defined]
        http = record.http_headers  # type: ignore[attr-defined]
        body = record.content_stream().read()  # type: ignore[attr-defined]
        expected = rec_headers.get_header("WARC-Ocwtool-Sha256")
        if expected is None:
            raise CaptureError(
                f"{path}: not an ocwtool capture (no WARC-Ocwtool-Sha256); re-run with --refresh"
            )
        actual = hashlib.sha256(body).hexdigest()
        if expected != actual:
            raise CaptureError(f"{path}: expected sha256 {expected}, got {actual}; re-run with --refresh")
        return Capture(
            capture_id=str(path.relative_to(self.root)),
            url=rec_headers.get_header("WARC-Ocwtool-Logical-URI"),
            final_url=rec_headers.get_header("WARC-Target-URI"),
            status=int(http.get_statuscode()),
            body=body,
            sha256=actual,
            fetched_at=dt.datetime.fromisoformat(rec_headers.get_header("WARC-Date").replace("Z", "+00:00")),
            content_type=http.get_header("Content-Type"),
        )

    def iter_paths(self) -> Iterator[Path]:
        """Every capture file (all URLs, all generations)."""
        if self.warc_dir.is_dir():
            yield from sorted(self.warc_dir.glob("*/*/*.warc.gz"))


def _write_records(writer: WARCWriter, logical_url: str, result: FetchResult, sha: str) -> None:
    status = result.status or 0
    date = result.fetched_at.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    common = {"WARC-Date": date, "WARC-Ocwtool-Logical-URI": logical_url}
    request = writer.create_warc_record(
        result.final_url,
        "request",
        http_headers=StatusAndHeaders(
            f"GET {_path(result.final_url)} {result.http_version}",
            list(result.request_headers),
            is_http_request=True,
        ),
        warc_headers_dict=common,
    )
    headers = [(k, v) for k, v in result.headers if k.lower() not in _DROP]
    headers += [(f"X-Ocwtool-Original-{k}", v) for k, v in result.headers if k.lower() == "content-encoding"]
    headers.append(("Content-Length", str(len(result.body))))
    response = writer.create_warc_record(
        result.final_url,
        "response",
        payload=BytesIO(result.body),
        length=len(result.body),
        http_headers=StatusAndHeaders(f"{status} {_reason(status)}", headers, protocol="HTTP/1.1"),
        warc_headers_dict={
            **common,
            "WARC-Ocwtool-Requested-URI": result.url,
            "WARC-Ocwtool-Sha256": sha,
            "WARC-Concurrent-To": request.rec_headers.get_header("WARC-Record-ID"),
        },
    )
    writer.write_record(request)
    writer.write_record(response)


def _path(url: str) -> str:
    parts = urlsplit(url)
    return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


def _reason(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Unknown"

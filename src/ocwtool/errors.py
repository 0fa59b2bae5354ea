"""The one exception tree of ocwtool.

Every error the library raises on purpose is an :class:`OcwError`. The CLI turns it into a single
line ``Error: <message>`` and exit code 1, in exactly one place (``ocwtool.cli.main``). Messages
say what happened, where (file, line, record, field) and how to fix it.
"""

from __future__ import annotations


class OcwError(Exception):
    """Base class of every error ocwtool raises deliberately."""


class ConfigError(OcwError):
    """The workspace or its ``ocwtool.toml`` is missing, malformed or incomplete."""


class InputError(OcwError):
    """An input file cannot be read or parsed (bad JSON, wrong format, missing file)."""


class SchemaError(InputError):
    """A record does not satisfy the canonical schema; the message names record and field."""


class StorageError(OcwError):
    """A workspace file or database cannot be written or read (disk full, permissions, corruption);
    what was committed before is kept, so the command can be run again."""


class LockBusy(StorageError):
    """Another ocwtool command holds the lock of a workspace folder and this one was told not to
    wait (``--no-wait``); the message names that command."""


class FetchError(OcwError):
    """A network fetch failed for good, or a crawl cannot start (robots, contact, base URL)."""


class ParseError(OcwError):
    """A captured page or response has a layout the parser does not recognise."""


class CaptureError(OcwError):
    """A raw capture (WARC) is missing, unreadable or fails its checksum."""


class GenerationError(OcwError):
    """A variant generator cannot produce its output (e.g. the sampler stalled for good)."""


class ResourceError(OcwError):
    """An optional resource (WordNet data, a local model, an extra package) is not installed."""


class AnnotationError(OcwError):
    """An annotation store or label is invalid, or an annotation session cannot proceed."""


class ValidationFailed(OcwError):
    """Validation found error-severity failures; the release gate refuses to open."""


class ReleaseError(OcwError):
    """A release cannot be built, or a built release fails verification."""


class UnsafeArchiveError(ReleaseError):
    """An archive member would escape the target folder, is a link, or is too large."""


class EvaluationError(OcwError):
    """Predictions cannot be scored (unknown puzzle ids, unreadable prediction file)."""


class TrainingError(OcwError):
    """A training environment or reward cannot be set up (unknown rules, config, split or reward),
    or was given an action it cannot take (not four distinct word indices of the board)."""


class LlmError(OcwError):
    """An LLM run cannot start or resume (extra not installed, bad model name, unreadable run log)."""


__all__ = [
    "AnnotationError",
    "CaptureError",
    "ConfigError",
    "EvaluationError",
    "FetchError",
    "GenerationError",
    "InputError",
    "LlmError",
    "LockBusy",
    "OcwError",
    "ParseError",
    "ReleaseError",
    "ResourceError",
    "SchemaError",
    "StorageError",
    "TrainingError",
    "UnsafeArchiveError",
    "ValidationFailed",
]

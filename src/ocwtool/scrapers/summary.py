"""The crawl summary: named counters for every decision, failures with reasons, retries by reason."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

# Counters always shown (in this order), even when zero, so a summary is honest about what did not happen.
MAIN_COUNTERS = ("fetched", "from capture", "robots-denied", "retried", "failed", "puzzles")


@dataclass
class CrawlSummary:
    """Counters of one crawl run; ``render()`` gives the closing lines printed to stderr."""

    counters: Counter[str] = field(default_factory=Counter)
    retries: Counter[str] = field(default_factory=Counter)
    failure_kinds: Counter[str] = field(default_factory=Counter)
    failures: list[tuple[str, str]] = field(default_factory=list)
    denied: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def count(self, name: str) -> int:
        """One named counter (``retried`` is the total of retries by reason)."""
        if name == "retried":
            return sum(self.retries.values())
        return self.counters[name]

    def headline(self) -> str:
        """``fetched 12, from capture 3, robots-denied 1, retried 4 (HTTP 503: 2, ...), failed 1, ...``."""
        parts = []
        for name in MAIN_COUNTERS:
            text = f"{name} {self.count(name)}"
            if name == "retried" and self.retries:
                text += " (" + ", ".join(f"{k}: {v}" for k, v in sorted(self.retries.items())) + ")"
            if name == "failed" and self.failure_kinds:
                text += " (" + ", ".join(f"{k}: {v}" for k, v in sorted(self.failure_kinds.items())) + ")"
            parts.append(text)
        extra = sorted(k for k in self.counters if k not in MAIN_COUNTERS and self.counters[k])
        parts += [f"{k} {self.counters[k]}" for k in extra]
        return ", ".join(parts)

    def render(self, source: str = "crawl") -> str:
        """Headline plus one line per failure, denial and warning."""
        lines = [f"{source}: {self.headline()}"]
        lines += [f"  failed {_short(url)}: {reason}" for url, reason in self.failures]
        lines += [f"  robots-denied {_short(url)}" for url in self.denied]
        lines += [f"  warning {w}" for w in self.warnings]
        return "\n".join(lines)


SHOWN_URL = 200  # characters of a URL shown in a summary line


def _short(url: str) -> str:
    """``url``, or its start and its length when it is too long for a summary line."""
    if len(url) <= SHOWN_URL:
        return url
    return f"{url[: SHOWN_URL - 40]}... ({len(url):,} characters)"

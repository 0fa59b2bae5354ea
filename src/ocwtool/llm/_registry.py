"""inspect-ai entry point: importing this module registers ``ocwtool/oneshot`` and ``ocwtool/interactive``."""

from ocwtool.llm.tasks import interactive, oneshot

__all__ = ["interactive", "oneshot"]

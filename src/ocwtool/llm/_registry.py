"""inspect-ai entry point: importing this module registers ocwtool's tasks (``inspect eval ocwtool/oneshot``)."""

from ocwtool.llm.tasks import oneshot

__all__ = ["oneshot"]

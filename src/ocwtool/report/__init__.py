"""Pictures of a workspace: the data, variants, annotation, validation and evaluation as figures.

Library first: :func:`sections` computes what to draw from :func:`collect` (pure panels),
:func:`write_report` draws them with matplotlib (byte-stable SVG and PNG) and writes one
self-contained HTML page. ``ocwtool report`` and ``ocwtool eval --plot`` are thin layers over it.
"""

from ocwtool.report.build import WrittenReport, report_workspace, sections, write_report
from ocwtool.report.collect import ReportInputs, collect

__all__ = ["ReportInputs", "WrittenReport", "collect", "report_workspace", "sections", "write_report"]

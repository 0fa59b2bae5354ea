"""Labels exchanged as files: ``annotate export`` / ``annotate import``, and published expert labels.

``exchange`` (export and import in Label Studio, Argilla or JSONL, appending new records), ``text``
(label names, red-herring lines and timestamps the formats share), ``argilla`` (Argilla records) and
``ctd_taxonomy`` (the "Connecting the Dots" expert taxonomy as the annotator ``ctd-expert``). The
Label Studio file format itself is ``ocwtool.annotations.labelstudio.files``. Nothing is imported here.
"""

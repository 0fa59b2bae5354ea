"""The workspace's stores on disk, below :class:`~ocwtool.workspace.Workspace` (which reads them
through this package): ``puzzles`` the canonical puzzle stores, ``annotations`` the per-annotator
label stores."""

"""The workspace's stores on disk, below :class:`~ocwtool.workspace.Workspace` (which reads them
through this package): ``annotations`` holds the per-annotator label stores. (The puzzle stores are
:mod:`ocwtool.store`.)"""

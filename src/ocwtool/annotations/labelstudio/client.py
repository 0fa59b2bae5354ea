"""Where the Label Studio server is and how to talk to it (``label-studio-sdk``, extra ``[labelstudio]``).

Settings come from the ``[labelstudio]`` table of ``ocwtool.toml``, the environment winning (read
once into ``Workspace.settings.labelstudio``)::

    [labelstudio]
    url = "http://127.0.0.1:8080"        # or LABEL_STUDIO_URL
    # token = "..."                       # better: LABEL_STUDIO_API_KEY in the environment
    project = "ocwtool knowledge types"   # project title (3+ characters)
    [labelstudio.annotators]              # ocwtool annotator -> Label Studio e-mail
    alice = "alice@example.org"           # (unmapped users: the e-mail's local part)

Only the SDK's public client is used; responses are read as plain JSON (``model_dump``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ocwtool.config import LabelStudioConfig as LabelStudioSettings
from ocwtool.errors import AnnotationError, ConfigError

if TYPE_CHECKING:
    from label_studio_sdk import LabelStudio

__all__ = ["LabelStudioSettings", "api_error", "as_json", "connect"]


def connect(settings: LabelStudioSettings) -> LabelStudio:
    """A client for the configured server (clear errors when the extra, the URL or the token is missing)."""
    try:
        from label_studio_sdk import LabelStudio
    except ImportError:
        raise AnnotationError(
            "Label Studio support needs the label-studio-sdk package: pip install 'ocwtool[labelstudio]'"
        ) from None
    if not settings.url:
        raise ConfigError("no Label Studio URL: set LABEL_STUDIO_URL or url in [labelstudio] of ocwtool.toml")
    if not settings.token:
        raise ConfigError(
            "no Label Studio API token: set LABEL_STUDIO_API_KEY (Account & Settings > Access Token)"
        )
    url = settings.url.rstrip("/")
    # The SDK's generated __init__ has no annotations (the rest of its client is typed).
    return LabelStudio(base_url=url, api_key=settings.token, timeout=settings.timeout)  # type: ignore[no-untyped-call]


def as_json(obj: Any) -> Any:
    """An SDK response object as plain JSON data."""
    if hasattr(obj, "model_dump"):
        return obj.model_dump(mode="json", by_alias=True)
    return obj


def api_error(exc: Exception, url: str | None) -> AnnotationError:
    """One line for a failed call: the server's status and message, or why it could not be reached."""
    status = getattr(exc, "status_code", None)
    if status is not None:
        body = str(getattr(exc, "body", "") or "")[:300]
        hint = " (check LABEL_STUDIO_API_KEY)" if status in (401, 403) else ""
        return AnnotationError(f"Label Studio at {url} answered {status}{hint}: {body}")
    return AnnotationError(f"cannot reach Label Studio at {url}: {type(exc).__name__}: {exc}")

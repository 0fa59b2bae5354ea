"""The accounts of a local Label Studio (``annotate ls serve``): the admin and one per annotator.

They are kept in ``labelstudio/accounts.toml`` of the workspace (mode 0600: it holds passwords and
API tokens)::

    url = "http://127.0.0.1:8080"
    [admin]
    email = "admin@ocwtool.local"
    password = "..."
    token = "..."             # the API token push, pull and status use when none is set
    [annotators.alice]
    email = "alice@example.org"
    password = "..."          # for the web login (the annotator can change it there)
    token = "..."             # their own API token

Annotators join the way people do, through the organisation's invite link and the sign-up form,
so they are ordinary members (the admin is Label Studio's superuser); their token is read with
their session. Plain HTTP on the loopback server (httpx), no SDK: this runs before any project.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import tomli_w

from ocwtool.config import LabelStudioConfig
from ocwtool.configfiles import read_toml
from ocwtool.errors import AnnotationError
from ocwtool.fsio import write_text

ADMIN_EMAIL = "admin@ocwtool.local"
HEADER = (
    "# Label Studio accounts of this workspace, written by `ocwtool annotate ls serve`.\n"
    "# Private (mode 0600): passwords and API tokens. Give each annotator only their own lines.\n"
)


@dataclass(frozen=True)
class Account:
    email: str
    password: str
    token: str


@dataclass
class Accounts:
    """What ``accounts.toml`` holds."""

    url: str
    admin: Account
    annotators: dict[str, Account] = field(default_factory=dict)

    @classmethod
    def fresh(cls, url: str, token: str | None) -> Accounts:
        """A new admin: ``token`` when given (``LABEL_STUDIO_API_KEY``), else a random one."""
        admin = Account(ADMIN_EMAIL, secrets.token_urlsafe(12), token or secrets.token_hex(20))
        return cls(url, admin)


def read_accounts(path: Path) -> Accounts | None:
    """The accounts file, or None when there is none."""
    if not path.exists():
        return None
    doc = read_toml(path)
    try:
        people = {n: Account(**a) for n, a in doc.get("annotators", {}).items()}
        return Accounts(str(doc["url"]), Account(**doc["admin"]), people)
    except (KeyError, TypeError) as exc:
        raise AnnotationError(f"{path}: not an accounts file of `annotate ls serve` ({exc})") from None


def write_accounts(path: Path, accounts: Accounts) -> None:
    doc: dict[str, Any] = {"url": accounts.url, "admin": vars(accounts.admin)}
    doc["annotators"] = {n: vars(a) for n, a in sorted(accounts.annotators.items())}
    write_text(path, HEADER + tomli_w.dumps(doc), private=True)


def with_local_server(settings: LabelStudioConfig, path: Path) -> LabelStudioConfig:
    """``settings`` with the URL and admin token of the workspace's local server filled in where
    unset (the token only for that server's URL, never sent to another one)."""
    local = read_accounts(path)
    if local is None:
        return settings
    url = settings.url or local.url
    same = url.rstrip("/") == local.url.rstrip("/")
    token = settings.token or (local.admin.token if same else None)
    return settings.model_copy(update={"url": url, "token": token})


@dataclass(frozen=True)
class AccountLine:
    """What became of one annotator's account."""

    name: str
    email: str
    state: str  # created | exists | exists outside


def ensure_annotators(
    url: str, accounts: Accounts, wanted: Mapping[str, str], path: Path, timeout: float = 60.0
) -> list[AccountLine]:
    """Sign up each ``wanted`` annotator (name -> e-mail) the server does not know yet, saving
    ``accounts`` to ``path`` after each (an interrupted run keeps the accounts it made)."""
    admin = {"Authorization": f"Token {accounts.admin.token}"}
    with httpx.Client(base_url=url, headers=admin, timeout=timeout) as client:
        known = {e.casefold() for e in _emails(client, path)}
        invite = _get(client, "/api/invite", path)["invite_url"]
    lines = []
    for name, email in sorted(wanted.items()):
        if email.casefold() in known:
            mine = name in accounts.annotators and accounts.annotators[name].email == email
            lines.append(AccountLine(name, email, "exists" if mine else "exists outside"))
            continue
        accounts.annotators[name] = sign_up(url, str(invite), email, timeout)
        write_accounts(path, accounts)
        lines.append(AccountLine(name, email, "created"))
    return lines


def _get(client: httpx.Client, what: str, path: Path) -> Any:
    answer = client.get(what)
    if answer.status_code in (401, 403):
        raise AnnotationError(
            f"Label Studio at {client.base_url} refused the admin token of {path} ({answer.status_code}); "
            "was its data folder made by another accounts file?"
        )
    answer.raise_for_status()
    return answer.json()


def _emails(client: httpx.Client, path: Path) -> list[str]:
    listed = _get(client, "/api/users/?page_size=1000", path)
    users = listed["results"] if isinstance(listed, dict) else listed
    return [str(u.get("email") or "") for u in users]


def sign_up(url: str, invite: str, email: str, timeout: float = 60.0) -> Account:
    """Sign up through the invite link's form (as a person does) and read the new user's token."""
    password = secrets.token_urlsafe(12)
    with httpx.Client(base_url=url, follow_redirects=True, timeout=timeout) as client:
        client.get(invite).raise_for_status()
        form = {"email": email, "password": password, "csrfmiddlewaretoken": client.cookies["csrftoken"]}
        done = client.post(invite, data=form, headers={"Referer": f"{url}{invite}"})
        answer = client.get("/api/current-user/token")
        if done.status_code >= 400 or answer.status_code != 200:
            raise AnnotationError(
                f"Label Studio at {url} did not sign up {email} ({done.status_code}); see its log"
            )
        return Account(email, password, str(answer.json()["token"]))

"""The accounts file of ``annotate ls serve``: private, and its admin token only for its own server."""

from __future__ import annotations

import stat
from pathlib import Path

from ocwtool.annotations.labelstudio.accounts import (
    Account,
    Accounts,
    read_accounts,
    with_local_server,
    write_accounts,
)
from ocwtool.config import LabelStudioConfig


def test_accounts_round_trip_private(tmp_path: Path) -> None:
    path = tmp_path / "labelstudio" / "accounts.toml"
    made = Accounts("http://127.0.0.1:9001", Account("admin@x.org", "pw", "tok"))
    made.annotators["alice"] = Account("alice@x.org", "apw", "atok")
    write_accounts(path, made)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert read_accounts(path) == made
    assert read_accounts(tmp_path / "none.toml") is None


def test_unset_url_and_token_come_from_the_local_server_only_for_its_url(tmp_path: Path) -> None:
    path = tmp_path / "accounts.toml"
    write_accounts(path, Accounts("http://127.0.0.1:9001", Account("admin@x.org", "pw", "tok")))
    unset = with_local_server(LabelStudioConfig(), path)
    assert (unset.url, unset.token) == ("http://127.0.0.1:9001", "tok")
    same = with_local_server(LabelStudioConfig(url="http://127.0.0.1:9001/"), path)
    assert same.token == "tok"
    other = with_local_server(LabelStudioConfig(url="https://ls.example.org"), path)
    assert (other.url, other.token) == ("https://ls.example.org", None)  # never sent elsewhere
    own = with_local_server(LabelStudioConfig(token="mine"), path)
    assert own.token == "mine"
    assert with_local_server(LabelStudioConfig(), tmp_path / "none.toml") == LabelStudioConfig()

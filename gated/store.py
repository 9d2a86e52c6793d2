"""The result store: what the build computes, kept under what it used, for any machine to reuse.

An entry is one result (an executed block's output, an experiment's result, the published figures' check,
a notebook's rendering, a section of the printable chapter), filed under its kind and its key (what was
asked: the code and its language, the call and its settings, the versions) and, within the key, under a
hash of what it used: the files of the project it called into or opened, traced while it ran, each with
its hash. Those paths are relative to the checkout, so copies in other folders, and other machines, share
entries; a result is served only while every file it used still has the hash it had, so a shared store
never serves a result that another version of the code computed. Each entry carries what made it (those
files and hashes, the versions of Python and the libraries, the CPU's architecture) and a hash of its
content.

The store is the checkout's .cache/ unless GATED_STORE names another: a folder (a path or a file:// URL,
which several checkouts or machines may share), or any other fsspec URL (``s3://bucket/prefix``,
``memory://…``), read and written through fsspec and the protocol's package (s3fs for s3://), imported only
then. EXEC_CACHE=off keeps nothing.

An entry whose content does not match its hash (a torn write, a disk's or a bucket's fault, a hand edit)
is never served: `find` passes over it and notes where it is in `corrupt`, its caller computes the result
again (or, for what may not be computed here, stops and says so), and `put` replaces the entry.

    >>> store = default()                                   # doctest: +SKIP
    >>> store.put("exec", key, used, b"<p>0.997</p>", versions)  # doctest: +SKIP
    >>> store.find("exec", key, unchanged).content          # doctest: +SKIP
    b'<p>0.997</p>'
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit
from urllib.request import url2pathname

ROOT = Path(__file__).resolve().parent.parent  # the checkout that holds this `gated`
VARIABLE = "GATED_STORE"
SUFFIX = ".entry"


class Entry(NamedTuple):
    """A result and what made it."""

    used: dict[str, str]  # file (relative to the checkout) -> its hash, when the result was computed
    content: bytes
    made: dict[str, Any]  # the entry's header: kind, key, used, versions, sha256, size
    where: str  # the entry's address, for messages


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def variant(used: dict[str, str]) -> str:
    """The name, within its key, of the entry that used these files with these hashes."""
    return sha256(json.dumps(sorted(used.items())).encode())[:16]


def encode(kind: str, key: str, used: dict[str, str], content: bytes, versions: Iterable[str]) -> bytes:
    """An entry's bytes: a line of JSON that says what made it, then its content."""
    made = {"kind": kind, "key": key, "used": used, "versions": list(versions), "sha256": sha256(content),
            "size": len(content)}
    return json.dumps(made, sort_keys=True, ensure_ascii=False).encode() + b"\n" + content


def decode(data: bytes) -> tuple[dict[str, Any], bytes] | None:
    """The header and content of an entry's bytes; None if they do not hold together."""
    head, newline, content = data.partition(b"\n")
    try:
        made = json.loads(head)
        whole = newline and made["size"] == len(content) and made["sha256"] == sha256(content)
    except (ValueError, KeyError, TypeError):
        return None
    return (made, content) if whole and isinstance(made.get("used"), dict) else None


class _Folder:
    """Entries as files under a folder: written whole or not at all, touched when used."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def names(self, folder: str) -> list[str]:
        here = self.path / folder
        return sorted(p.name for p in here.glob(f"*{SUFFIX}")) if here.is_dir() else []

    def read(self, name: str) -> bytes | None:
        try:
            return (self.path / name).read_bytes()
        except OSError:
            return None

    def write(self, name: str, data: bytes) -> None:
        path = self.path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.partial")
        partial.write_bytes(data)
        partial.replace(path)  # even with another build writing beside it

    def touch(self, name: str) -> None:
        try:
            (self.path / name).touch()  # in use: `forget_unused` deletes only entries no build has used
        except OSError:
            pass

    def forget_unused(self, kind: str, days: float) -> None:
        limit = time.time() - days * 86400
        for path in (self.path / kind).glob(f"*/*/*{SUFFIX}"):
            if path.stat().st_mtime < limit:
                path.unlink(missing_ok=True)


class _Remote:
    """Entries as objects under an fsspec URL. An object store writes an object whole; nothing is touched
    or forgotten here (a bucket's own lifecycle rules can expire what is old)."""

    def __init__(self, url: str) -> None:
        from fsspec.core import url_to_fs  # only for a store at such a URL

        self.fs, self.path = url_to_fs(url)

    def names(self, folder: str) -> list[str]:
        path = f"{self.path}/{folder}"
        self.fs.invalidate_cache(path)  # another machine may have written since this process last looked
        try:
            return sorted(p.rsplit("/", 1)[-1] for p in self.fs.ls(path, detail=False) if p.endswith(SUFFIX))
        except FileNotFoundError:
            return []

    def read(self, name: str) -> bytes | None:
        try:
            return self.fs.cat_file(f"{self.path}/{name}")
        except FileNotFoundError:
            return None

    def write(self, name: str, data: bytes) -> None:
        self.fs.pipe_file(f"{self.path}/{name}", data)

    def touch(self, name: str) -> None:
        pass

    def forget_unused(self, kind: str, days: float) -> None:
        pass


class Store:
    """The entries under a folder or URL (`where`), or under the checkout's .cache/ when it is None.

    `keep=False` is a store that holds nothing: every `find` misses, every `put` is dropped."""

    def __init__(self, where: str | os.PathLike | None = None, keep: bool = True) -> None:
        url = os.fspath(where) if where is not None else None
        self.keep = keep
        if url is None:
            self.name, self._files = ".cache", _Folder(ROOT / ".cache")
        elif "://" not in url or url.startswith("file://"):
            path = Path(url2pathname(urlsplit(url).path)) if url.startswith("file://") else Path(url)
            self.name, self._files = url, _Folder(path.resolve())
        else:
            self.name, self._files = url.rstrip("/"), _Remote(url)
        self.corrupt: list[str] = []  # the entries passed over because their content did not match its hash

    def __repr__(self) -> str:
        return f"Store({self.name!r})"

    def where(self, kind: str, key: str, used: dict[str, str] | None = None) -> str:
        folder = f"{kind}/{key[:2]}/{key}"
        return folder if used is None else f"{folder}/{variant(used)}{SUFFIX}"

    def entries(self, kind: str, key: str) -> list[Entry]:
        """Every sound entry of `key`, one per version of what it used; the corrupt ones go to `corrupt`."""
        if not self.keep:
            return []
        folder = self.where(kind, key)
        found = []
        for name in self._files.names(folder):
            data = self._files.read(f"{folder}/{name}")
            if data is None:  # deleted since it was listed
                continue
            decoded = decode(data)
            where = f"{self.name}/{folder}/{name}"
            if decoded is None or decoded[0]["key"] != key or name != variant(decoded[0]["used"]) + SUFFIX:
                if where not in self.corrupt:
                    self.corrupt.append(where)
                continue
            found.append(Entry(decoded[0]["used"], decoded[1], decoded[0], where))
        return found

    def find(self, kind: str, key: str, current: Callable[[dict[str, str]], bool]) -> Entry | None:
        """The entry of `key` whose files are all `current` (a function of its `used`), or None."""
        for entry in self.entries(kind, key):
            if current(entry.used):
                self.touch(kind, key, entry.used)
                return entry
        return None

    def touch(self, kind: str, key: str, used: dict[str, str]) -> None:
        """Note that the entry of `key` that used `used` is in use (a folder store forgets what is not)."""
        if self.keep:
            self._files.touch(self.where(kind, key, used))

    def put(self, kind: str, key: str, used: dict[str, str], content: bytes, versions: Iterable[str] = ()) -> None:
        """Keep `content` under `key`, as the result that used `used`, replacing any entry with that name."""
        if self.keep:
            self._files.write(self.where(kind, key, used), encode(kind, key, used, content, versions))

    def forget_unused(self, kinds: Iterable[str], days: float) -> None:
        """Delete the entries of `kinds` in a folder store that no build has used for `days`."""
        for kind in kinds:
            self._files.forget_unused(kind, days)


_stores: dict[tuple[str | None, bool], Store] = {}


def default() -> Store:
    """The store this process keeps its results in: GATED_STORE, else .cache/; nothing with EXEC_CACHE=off, nor on
    the free code path (GATED_NUMERICS=free, `gated.torch.pins`), whose results must neither be served as the
    pinned ones nor find them."""
    where = os.environ.get(VARIABLE) or None
    keep = os.environ.get("EXEC_CACHE", "on") != "off" and os.environ.get("GATED_NUMERICS", "pinned") == "pinned"
    if (where, keep) not in _stores:
        _stores[where, keep] = Store(where, keep)
    return _stores[where, keep]

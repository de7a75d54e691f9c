"""A git remote as the target (dulwich: no ``git`` program needed).

The remote holds the same layout as a folder target (one folder per device, its
numbered segments). A sync with a git remote fetches the remote's branch into a
bare repository kept beside the library, writes the other devices' files it does
not have yet into a working folder beside it, runs the folder sync on that
folder, then commits this device's files (the rest of the tree as fetched) and
pushes. Devices never write one file, so a push refused because another device
pushed meanwhile is retried on top of it. Imported only by a sync to a git remote.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

# dulwich's objects are typed loosely for this module's use (its refs and ids are NewTypes of bytes).
Repo = Any

BRANCH = b"refs/heads/main"
TRIES = 3
T = TypeVar("T")


def is_git(target: str) -> bool:
    """Whether ``target`` names a git remote: a URL, ``user@host:path``, a path ending in
    ``.git``, or a bare repository's folder."""
    if "://" in target or target.endswith(".git") or ("@" in target and ":" in target):
        return True
    path = Path(target)
    return (path / "HEAD").is_file() and (path / "objects").is_dir() and (path / "refs").is_dir()


def cache_for(library: Path, target: str) -> Path:
    """Where a library keeps its copy of a git remote: beside it, one folder per remote."""
    name = hashlib.sha256(target.encode("utf-8")).hexdigest()[:12]
    return library.with_name(f".{library.name}.sync") / name


def through(target: str, cache: Path, device: str, run: Callable[[Path], T]) -> T:
    """Fetch, run ``run`` on the working folder, commit this device's files and push."""
    from dulwich import repo as repos

    store, folder = cache / "repo.git", cache / "folder"
    folder.mkdir(parents=True, exist_ok=True)
    opened: Any = repos.Repo
    repo = opened(str(store)) if (store / "HEAD").is_file() else opened.init_bare(str(store), mkdir=True)
    head = _fetch(repo, target)
    _check_out(repo, head, folder, device)
    result = run(folder)
    for _ in range(TRIES):
        commit = _commit(repo, head, folder, device)
        if commit is None or _push(repo, target, head, commit):
            return result
        head = _fetch(repo, target)  # another device pushed meanwhile: again on top of it
        _check_out(repo, head, folder, device)
    from readlog.model.errors import ReadlogError

    raise ReadlogError.of("sync_remote_busy", path=target)


def _fetch(repo: Repo, target: str) -> bytes | None:
    from dulwich import porcelain

    fetch: Any = porcelain.fetch
    fetched = fetch(repo, target, outstream=_Quiet(), errstream=_Quiet())
    head = fetched.refs.get(BRANCH)
    return bytes(head) if head is not None else None


def _check_out(repo: Repo, head: bytes | None, folder: Path, device: str) -> None:
    """Write the other devices' files of ``head`` that the folder lacks or holds shorter."""
    if head is None:
        return
    tree = repo[repo[head].tree]
    for name, _, sha in tree.items():
        if name.decode() == device:
            continue
        sub: Any = repo[sha]
        if not hasattr(sub, "items"):
            continue
        (folder / name.decode()).mkdir(exist_ok=True)
        for file, _, blob in sub.items():
            path = folder / name.decode() / file.decode()
            data = repo[blob].data
            if not path.exists() or path.stat().st_size < len(data):
                path.write_bytes(data)


def _commit(repo: Repo, head: bytes | None, folder: Path, device: str) -> bytes | None:
    """A commit of ``head``'s tree with this device's folder as the working folder holds it;
    None when that changes nothing."""
    from dulwich.objects import Blob, Commit, Tree

    mine = Tree()
    for path in sorted((folder / device).glob("*")) if (folder / device).is_dir() else []:
        blob = Blob.from_string(path.read_bytes())
        repo.object_store.add_object(blob)
        mine.add(path.name.encode(), 0o100644, blob.id)
    repo.object_store.add_object(mine)
    root = Tree()
    if head is not None:
        for name, mode, sha in repo[repo[head].tree].items():
            root.add(name, mode, sha)
    if len(mine) == 0 or (head is not None and device.encode() in root and root[device.encode()][1] == mine.id):
        return None
    root.add(device.encode(), 0o040000, mine.id)
    repo.object_store.add_object(root)
    commit: Any = Commit()
    commit.tree = root.id
    commit.parents = [head] if head is not None else []
    commit.author = commit.committer = f"readlog {device} <readlog@{device}>".encode()
    commit.author_time = commit.commit_time = int(time.time())
    commit.author_timezone = commit.commit_timezone = 0
    commit.encoding = b"UTF-8"
    commit.message = f"readlog sync from {device}\n".encode()
    repo.object_store.add_object(commit)
    return bytes(commit.id)


def _push(repo: Repo, target: str, head: bytes | None, commit: bytes) -> bool:
    """Push ``commit`` as the branch, if the remote's branch is still ``head``."""
    from dulwich.client import get_transport_and_path

    client: Any
    client, path = get_transport_and_path(target)
    refused = False

    def update(refs: dict[bytes, bytes]) -> dict[bytes, bytes]:
        nonlocal refused
        if refs.get(BRANCH) != head:
            refused = True
            return dict(refs)
        return {**refs, BRANCH: commit}

    def pack(have: Any, want: Any, ofs_delta: bool = False, progress: Any = None) -> Any:
        return repo.generate_pack_data(have, want, progress=progress, ofs_delta=ofs_delta)

    result = client.send_pack(path, update, pack)
    errors = getattr(result, "ref_status", None) or {}
    return not refused and not any(errors.values())


class _Quiet:
    """A stream that keeps nothing (dulwich's progress)."""

    def write(self, data: bytes) -> int:
        return len(data)

    def flush(self) -> None:
        pass

"""Every file the tool writes goes through here: nothing lost, nothing half-written.

* :func:`check_output` refuses, before any work, a path the tool must not write: an
  existing device, FIFO or socket (``--trace-out /dev/null`` would replace the device
  with a regular file), the wrong kind of thing (a folder for a file, a file for a
  folder), a folder that cannot be created or written, and a path that is one of the
  run's own inputs (:func:`refuse_inputs`).
* :func:`write_atomic` writes one file so that a reader sees the old content or the new,
  never half of it; it refuses a target that is not a regular file.
* :class:`Manifest` records, in a report folder, every file the tool wrote there with
  its digest: a later run rewrites those files, and refuses (without ``--force``) a
  file of the same name it did not write or that was changed since.
* :func:`write_folder` writes a report folder as a whole: built complete beside the old
  one and swapped in in one step, so a failed run leaves the previous folder as it was
  (a signal is held over the write, see :func:`hhh_verify.contract.interrupts.held`).
"""

from __future__ import annotations

import ctypes
import errno
import hashlib
import json
import os
import shutil
import stat
import tempfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import IO, Any

from hhh_verify.contract.errors import ModelError
from hhh_verify.contract.interrupts import held

#: The manifest's file name inside a folder the tool writes.
MANIFEST = ".hhh-verify-manifest.json"
MANIFEST_FORMAT = "hhh-verify-manifest/1"
#: The most files a manifest lists (a report writes a few hundred).
MAX_MANIFEST_FILES = 100_000


def special_kind(path: str) -> str:
    """``"device"``, ``"FIFO"`` or ``"socket"`` for an existing path of that kind, else
    ``""`` (a regular file, a folder, or nothing there)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return ""
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISFIFO(mode):
        return "FIFO"
    if stat.S_ISSOCK(mode):
        return "socket"
    return ""


def check_output(path: str, flag: str, directory: bool) -> str:
    """Check, before any work, that ``path`` can be written (a folder when
    ``directory``): not a device, FIFO or socket, not the wrong kind of thing, and the
    nearest existing folder takes a new file (probed with a temporary file, removed at
    once). A :class:`ModelError` of one line otherwise."""
    full = os.path.abspath(path)
    kind = special_kind(full)
    if kind:
        raise ModelError(f"{flag} {path} is a {kind}; accepted: a regular file or a new path")
    if directory and os.path.exists(full) and not os.path.isdir(full):
        raise ModelError(f"{flag} {path} is a file; accepted: a directory (created if missing)")
    if not directory and os.path.isdir(full):
        raise ModelError(f"{flag} {path} is a directory; accepted: a file name")
    folder = full if directory else os.path.dirname(full)
    while not os.path.exists(folder):
        folder = os.path.dirname(folder)
    if not os.path.isdir(folder):
        raise ModelError(f"{flag} {path}: {folder} is a file, so no folder can be made there")
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".hhh-verify-probe-")
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        raise ModelError(f"{flag} {path} cannot be written ({folder}: {e.strerror})") from None
    return path


def _same(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def refuse_inputs(outputs: Sequence[tuple[str, str]], inputs: Sequence[tuple[str, str]]) -> None:
    """A :class:`ModelError` when an output (``(flag, path)``) is one of the run's inputs
    (``(flag, path)``): writing it would destroy what the run reads."""
    for out_flag, out in outputs:
        for in_flag, given in inputs:
            if _same(out, given):
                raise ModelError(
                    f"{out_flag} {out} is also the run's input ({in_flag} {given}); "
                    "accepted: an output path that is not an input"
                )


@contextmanager
def atomic_file(path: str, binary: bool = False) -> Iterator[IO[Any]]:
    """A file to write ``path`` through, so readers see the old content or the new,
    never half of it: written beside the target and renamed over it when the block ends
    without an error (removed otherwise). A target that exists and is not a regular
    file (a device, a FIFO) is refused."""
    kind = special_kind(path)
    if kind:
        raise ModelError(f"{path} is a {kind}; refusing to replace it with a file")
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".tmp-", suffix=os.path.basename(path))
    try:
        if binary:
            with os.fdopen(fd, "wb") as fh:
                yield fh
        else:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                yield fh
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; outputs are ordinary files
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_atomic(path: str, text: str) -> None:
    """Write a text file through :func:`atomic_file`."""
    with atomic_file(path) as fh:
        fh.write(text)


def digest_file(path: str) -> str:
    """The SHA-256 of a file's bytes (hex)."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


@dataclass
class Manifest:
    """The files the tool wrote in ``folder`` (relative path -> digest), kept in
    :data:`MANIFEST` there."""

    folder: str
    files: dict[str, str] = field(default_factory=dict)

    @classmethod
    def read(cls, folder: str) -> Manifest:
        """The folder's manifest (empty when it has none); an unreadable one is one line."""
        path = os.path.join(folder, MANIFEST)
        if not os.path.isfile(path):
            return cls(folder)
        try:
            with open(path, encoding="utf-8") as fh:
                doc = json.load(fh)
        except (OSError, ValueError) as e:
            raise ModelError(
                f"{path} is not readable ({e}); accepted: a manifest the tool wrote"
            ) from None
        files = doc.get("files") if isinstance(doc, dict) else None
        ok = (
            isinstance(files, dict)
            and doc.get("format") == MANIFEST_FORMAT
            and len(files) <= MAX_MANIFEST_FILES
            and all(isinstance(k, str) and isinstance(v, str) for k, v in files.items())
        )
        if not ok or not isinstance(files, dict):
            raise ModelError(f"{path} is not a manifest of {MANIFEST_FORMAT}")
        return cls(folder, dict(files))

    def foreign(self, names: Iterable[str]) -> list[str]:
        """The relative paths among ``names`` that exist in the folder but were not
        written by the tool (not in the manifest, or changed since): files a run must not
        overwrite. A folder named among ``names`` counts by every file in it."""
        out = []
        for name in names:
            path = os.path.join(self.folder, name)
            if os.path.isdir(path):
                for base, _dirs, files in os.walk(path):
                    for f in files:
                        rel = os.path.relpath(os.path.join(base, f), self.folder)
                        out += self.foreign_file(rel.replace(os.sep, "/"))
            elif os.path.lexists(path):
                out += self.foreign_file(name)
        return sorted(out)

    def foreign_file(self, rel: str) -> list[str]:
        path = os.path.join(self.folder, rel)
        if special_kind(path) or not os.path.isfile(path):
            return [rel]
        recorded = self.files.get(rel)
        return [] if recorded is not None and recorded == digest_file(path) else [rel]

    def record(self, paths: Iterable[str]) -> None:
        """Add the files at ``paths`` (written by this run) with their digests, and save."""
        for p in paths:
            rel = os.path.relpath(os.path.abspath(p), os.path.abspath(self.folder))
            if not rel.startswith(".."):
                self.files[rel.replace(os.sep, "/")] = digest_file(p)
        doc = {"format": MANIFEST_FORMAT, "files": dict(sorted(self.files.items()))}
        write_atomic(os.path.join(self.folder, MANIFEST), json.dumps(doc, indent=1) + "\n")


#: Prefixes of the hidden folders :func:`write_folder` stages in (beside the target for
#: a whole swap, inside it for a name-by-name one).
STAGE_PREFIX, OLD_PREFIX = ".hhh-verify-stage-", ".hhh-verify-old-"
#: Linux's ``renameat2`` flag that swaps two paths in one step.
RENAME_EXCHANGE = 2
AT_FDCWD = -100


def exchange(a: str, b: str) -> bool:
    """Swap the folders ``a`` and ``b`` in one atomic step (Linux ``renameat2`` with
    ``RENAME_EXCHANGE``, which the standard library does not expose): a reader sees the
    old folder or the new, never neither. False where the system cannot (another
    platform, a file system without it)."""
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p]
    renameat2.argtypes += [ctypes.c_uint]
    done = renameat2(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), RENAME_EXCHANGE)
    if done == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), b)


def only_the_tools(folder: str, manifest: Manifest) -> bool:
    """Whether everything in ``folder`` is a file the tool wrote there (its manifest, the
    files it lists unchanged, and the folders holding them): such a folder may be
    replaced whole. A folder that also holds someone else's files is updated name by
    name instead, and so is the working directory (swapping it would strand the shell)."""
    if os.path.realpath(folder) == os.path.realpath(os.getcwd()):
        return False
    for base, _dirs, names in os.walk(folder):
        for name in names:
            rel = os.path.relpath(os.path.join(base, name), folder).replace(os.sep, "/")
            if rel != MANIFEST and manifest.foreign_file(rel):
                return False
    return True


def write_folder(folder: str, files: Mapping[str, str], manifest: Manifest) -> list[str]:
    """Write ``files`` (relative path -> text) into ``folder`` as a whole, the manifest
    last. A folder that holds only the tool's files (or none yet) is built complete in a
    fresh hidden sibling, its other files linked across, and swapped in in one step
    (:func:`exchange`); otherwise each top-level name (a file, or a folder such as
    ``hhh-plots``, replaced whole) is moved in from a hidden folder inside it once every
    file is written. Either way a failure before the swap leaves
    ``folder`` as it was; SIGINT or SIGTERM is held over the whole write (staging, swap,
    manifest: seconds at most) and raised after it, so no signal cuts the final moves.
    Returns the final paths, in ``files``' order."""
    replaced = {rel.split("/", 1)[0] for rel in files}
    kept = {k: v for k, v in manifest.files.items() if k.split("/", 1)[0] not in replaced}
    parent = os.path.dirname(os.path.abspath(folder)) or "."
    whole = os.access(parent, os.W_OK) and (
        not os.path.isdir(folder) or only_the_tools(folder, manifest)
    )
    with held():  # a signal is raised once the folder and its manifest are in place
        if whole:
            _swap_whole(folder, files, kept)
        else:
            _move_names(folder, files, replaced)
        manifest.files = kept
        written = [os.path.join(folder, rel) for rel in files]
        manifest.record(written)
    return written


def _swap_whole(folder: str, files: Mapping[str, str], kept: Mapping[str, str]) -> None:
    """Build the whole new folder beside ``folder`` (the kept files hard-linked, or
    copied where links are refused), with its manifest, then swap it in."""
    target = os.path.abspath(folder)
    stage = tempfile.mkdtemp(prefix=STAGE_PREFIX, dir=os.path.dirname(target))
    try:
        for rel in kept:
            os.makedirs(os.path.dirname(os.path.join(stage, rel)), exist_ok=True)
            try:
                os.link(os.path.join(target, rel), os.path.join(stage, rel))
            except OSError:
                shutil.copy2(os.path.join(target, rel), os.path.join(stage, rel))
        for rel, text in files.items():
            write_atomic(os.path.join(stage, rel), text)
        staged = Manifest(stage, dict(kept))
        staged.record(os.path.join(stage, rel) for rel in files)
        if not os.path.isdir(target):
            os.rename(stage, target)
        elif not exchange(stage, target):
            old = tempfile.mkdtemp(prefix=OLD_PREFIX, dir=os.path.dirname(target))
            os.replace(target, os.path.join(old, "was"))
            os.rename(stage, target)
            stage = old
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def _move_names(folder: str, files: Mapping[str, str], replaced: set[str]) -> None:
    """Stage every file in a hidden folder inside ``folder``, then move each top-level
    name in, the old one aside and then removed."""
    os.makedirs(folder, exist_ok=True)
    stage = tempfile.mkdtemp(prefix=STAGE_PREFIX, dir=folder)
    old = ""
    try:
        for rel, text in files.items():
            write_atomic(os.path.join(stage, rel), text)
        old = tempfile.mkdtemp(prefix=OLD_PREFIX, dir=folder)
        for name in sorted(replaced):
            target = os.path.join(folder, name)
            if os.path.lexists(target):
                os.replace(target, os.path.join(old, name))
            os.replace(os.path.join(stage, name), target)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
        if old:
            shutil.rmtree(old, ignore_errors=True)

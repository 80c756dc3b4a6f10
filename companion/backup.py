"""`companion backup FILE` and `companion restore FILE` (``-``: standard
output and input, for `docker compose exec -T`): the rooms of the store the
server is configured with (REDIS_URL, else COMPANION_DB or --db), while it
runs.

- SQLite: the backup is a SQLite file, a consistent copy made with SQLite's
  backup API (usable as a --db itself); restore copies it into the file in
  place, the same way.
- Redis: the backup is a text file, a header line and one JSON line per key
  (rooms, their logs and undo steps, the schema key; not who is connected),
  each with Redis's own DUMP of it and its time to live; restore replaces
  the rooms in Redis with the file's (RESTORE ... REPLACE).  The DUMP format
  is Redis's: restore into the same Redis major version.

A restore refuses a backup of the other store and one of a newer schema.
After a restore, restart the server (the workers): a process keeps what it
last saw of a room.  docs/HOSTING.md has the commands for the stack;
tests/deploy/test_data.py runs them."""
from __future__ import annotations

import base64
import json
import os
import shutil
import sqlite3
import sys
import tempfile

from .store import SCHEMA
from .version import version

SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER = "companion-redis-backup"
#: what a Redis backup keeps: the rooms; presence is who is connected now
KEPT = ("room:", "undo:", "log:", "schema")


class BackupError(Exception):
    """One line saying why, for `companion backup` / `restore` to print."""


def backup(settings: dict, target: str) -> str:
    """Writes the backup to ``target`` (a path, or "-"); returns a line
    saying what was written."""
    if settings.get("REDIS_URL"):
        return _redis_backup(settings, target)
    return _sqlite_backup(settings["DB_PATH"], target)


def restore(settings: dict, source: str) -> str:
    if settings.get("REDIS_URL"):
        return _redis_restore(settings, source)
    return _sqlite_restore(settings["DB_PATH"], source)


# --- SQLite ---------------------------------------------------------------------

def _sqlite_backup(db: str, target: str) -> str:
    if not os.path.isfile(db):
        raise BackupError(f"there is no database at {db} (set COMPANION_DB or --db)")
    with tempfile.TemporaryDirectory() as folder:
        copy = os.path.join(folder, "backup.sqlite3") if target == "-" else target
        source = sqlite3.connect(db, timeout=30)   # reads only; the server may write meanwhile
        destination = sqlite3.connect(copy)
        try:
            source.backup(destination)
            rooms = destination.execute("SELECT COUNT(*) FROM rooms").fetchone()[0]
        finally:
            destination.close()
            source.close()
        if target == "-":
            with open(copy, "rb") as file:
                shutil.copyfileobj(file, sys.stdout.buffer)
            sys.stdout.buffer.flush()
    return f"backed up {rooms} rooms of {db} to {'standard output' if target == '-' else target}"


def _sqlite_restore(db: str, source: str) -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = _read_source(source, folder)
        with open(path, "rb") as file:
            if file.read(len(SQLITE_MAGIC)) != SQLITE_MAGIC:
                raise BackupError(f"{source} is not a SQLite backup (a Redis backup restores "
                                  "only with REDIS_URL set)")
        backed = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            schema = backed.execute("PRAGMA user_version").fetchone()[0]
            if schema > SCHEMA:
                raise BackupError(f"{source} was written by a newer companion (schema {schema}; "
                                  f"this is {version()}, which knows up to {SCHEMA})")
            rooms = backed.execute("SELECT COUNT(*) FROM rooms").fetchone()[0]
            os.makedirs(os.path.dirname(os.path.abspath(db)), exist_ok=True)
            live = sqlite3.connect(db, timeout=30)
            try:
                backed.backup(live)
            finally:
                live.close()
        except sqlite3.DatabaseError as error:
            raise BackupError(f"{source} cannot be read ({error})") from None
        finally:
            backed.close()
    return f"restored {rooms} rooms into {db}: restart the server now"


def _read_source(source: str, folder: str) -> str:
    if source != "-":
        if not os.path.isfile(source):
            raise BackupError(f"there is no backup at {source}")
        return source
    path = os.path.join(folder, "restore")
    with open(path, "wb") as file:
        shutil.copyfileobj(sys.stdin.buffer, file)
    return path


# --- Redis ----------------------------------------------------------------------

def _redis(settings: dict):
    import redis
    return redis.Redis.from_url(settings["REDIS_URL"]), settings.get("REDIS_PREFIX", "companion:")


def _redis_backup(settings: dict, target: str) -> str:
    client, prefix = _redis(settings)
    out = sys.stdout if target == "-" else open(target, "w", encoding="utf-8")
    count = 0
    try:
        schema = int(client.get(f"{prefix}schema") or 0)
        out.write(json.dumps({HEADER: 1, "schema": schema, "version": version()}) + "\n")
        for key in client.scan_iter(match=f"{prefix}*", count=500):
            name = key.decode()
            if not name[len(prefix):].startswith(KEPT):
                continue
            dump, ttl = client.dump(key), client.pttl(key)
            if dump is None or ttl == -2:   # gone since the scan
                continue
            out.write(json.dumps({"key": name, "ttl": max(ttl, 0),
                                  "dump": base64.b64encode(dump).decode()}) + "\n")
            count += 1
    finally:
        if out is not sys.stdout:
            out.close()
        else:
            out.flush()
    return f"backed up {count} keys of Redis to {'standard output' if target == '-' else target}"


def _redis_restore(settings: dict, source: str) -> str:
    client, prefix = _redis(settings)
    with tempfile.TemporaryDirectory() as folder:
        path = _read_source(source, folder)
        with open(path, "rb") as file:
            if file.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC:
                raise BackupError(f"{source} is a SQLite backup: restore it without REDIS_URL")
        with open(path, encoding="utf-8") as file:
            try:
                header = json.loads(file.readline())
                assert header.get(HEADER) == 1
                entries = [json.loads(line) for line in file if line.strip()]
            except (ValueError, AssertionError, AttributeError):
                raise BackupError(f"{source} is not a companion backup") from None
    if header.get("schema", 0) > SCHEMA:
        raise BackupError(f"{source} was written by a newer companion (schema {header['schema']}; "
                          f"this is {version()}, which knows up to {SCHEMA})")
    pipe = client.pipeline(transaction=True)
    for key in client.scan_iter(match=f"{prefix}*", count=500):   # the rooms now: replaced
        if key.decode()[len(prefix):].startswith(KEPT):
            pipe.delete(key)
    for entry in entries:
        pipe.restore(entry["key"], entry["ttl"], base64.b64decode(entry["dump"]), replace=True)
    pipe.execute()
    rooms = sum(1 for entry in entries if entry["key"].startswith(f"{prefix}room:"))
    return f"restored {rooms} rooms into Redis: restart the workers now"

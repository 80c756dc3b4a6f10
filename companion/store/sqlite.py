"""Embedded default store: one SQLite file in WAL mode, standard library
only.  One connection guarded by a lock: SQLite serialises writers anyway and
statements here take microseconds."""
from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time

from ..rooms import HISTORY_MAX, LOG_MAX
from ..version import version
from .base import SCHEMA, SchemaTooNew, Store

#: schema n -> the statements that bring a file of schema n - 1 to n (run in
#: one transaction; the tables of the newest schema are made if missing)
MIGRATIONS: dict[int, list[str]] = {
    1: [],   # 0.1.0's tables are 0.2.0's: only the version is recorded
}


class SqliteStore(Store):
    def __init__(self, path: str):
        self.path = path
        if path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self._lock = threading.Lock()
        self._checkpointer: sqlite3.Connection | None = None   # see checkpoints_apart
        self._checkpointing = False
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA busy_timeout=5000")
        found = self._db.execute("PRAGMA user_version").fetchone()[0]
        if found > SCHEMA:   # before anything is written into it
            self._db.close()
            raise SchemaTooNew(
                f"the database {os.path.abspath(path)} was written by a newer companion (schema "
                f"{found}; this is {version()}, which knows up to {SCHEMA}): run that version, or "
                "give another file with --db or COMPANION_DB")
        self._wal()
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY,"
                         " version INTEGER NOT NULL, body TEXT NOT NULL, touched REAL NOT NULL)")
        self._db.execute("CREATE TABLE IF NOT EXISTS undo (code TEXT NOT NULL, n INTEGER NOT NULL,"
                         " snapshot TEXT NOT NULL, PRIMARY KEY (code, n))")
        self._db.execute("CREATE TABLE IF NOT EXISTS log (code TEXT NOT NULL, n INTEGER NOT NULL,"
                         " line TEXT NOT NULL, PRIMARY KEY (code, n))")
        self._create_presence()
        self._migrate(found)

    def _migrate(self, found: int) -> None:
        """Brings a file of an older schema (0: made before versions were
        recorded) to SCHEMA, step by step, and records it."""
        if found == SCHEMA:
            return
        with self._lock, self._transaction():
            now = self._db.execute("PRAGMA user_version").fetchone()[0]   # another process may have
            for step in range(now + 1, SCHEMA + 1):
                for statement in MIGRATIONS[step]:
                    self._db.execute(statement)
            self._db.execute(f"PRAGMA user_version = {max(now, SCHEMA)}")

    def _wal(self) -> None:
        """WAL mode.  Switching needs the file to itself and does not wait
        for a busy one: two processes opening a new file at once made one
        fail with 'database is locked' (seen in bench/load.py's
        preparation), so it tries again for a few seconds."""
        for attempt in range(50):
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or attempt == 49:
                    raise
            time.sleep(0.1)

    def _expire(self) -> None:
        cutoff = time.time() - self.idle_seconds
        for table in ("undo", "log"):
            self._db.execute(f"DELETE FROM {table} WHERE code IN"
                             " (SELECT code FROM rooms WHERE touched < ?)", (cutoff,))
        self._db.execute("DELETE FROM rooms WHERE touched < ?", (cutoff,))

    @contextlib.contextmanager
    def _transaction(self):
        """One write transaction (the caller holds the lock): committed,
        or rolled back whole on any error."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def create(self, code, body, log=()):
        with self._lock:
            self._expire()
            try:
                with self._transaction():
                    self._db.execute("INSERT INTO rooms VALUES (?, 0, ?, ?)",
                                     (code, body, time.time()))
                    for table in ("undo", "log"):   # of an expired namesake
                        self._db.execute(f"DELETE FROM {table} WHERE code = ?", (code,))
                    self._add_log(code, log)
            except sqlite3.IntegrityError:
                return False
            return True

    def load(self, code):
        with self._lock:
            row = self._db.execute("SELECT body, version, touched FROM rooms WHERE code = ?",
                                   (code,)).fetchone()
        if row is None or row[2] < time.time() - self.idle_seconds:
            return None
        return row[0], row[1]

    def load_with_log(self, code, after, upto=None):
        with self._lock:
            self._db.execute("BEGIN")   # one snapshot of the file for both reads
            try:
                row = self._db.execute("SELECT body, version, touched FROM rooms WHERE code = ?",
                                       (code,)).fetchone()
                lines = [line for line, in self._db.execute(
                    "SELECT line FROM log WHERE code = ? AND n > ? AND n <= ? ORDER BY n",
                    (code, after, 1 << 62 if upto is None else upto))] if row else []
            finally:
                self._db.execute("COMMIT")
        if row is None or row[2] < time.time() - self.idle_seconds:
            return None
        return row[0], row[1], lines

    def save(self, code, body, version, expected, undo=None, log=()):
        with self._lock, self._transaction():
            now = time.time()
            # an expired room stays gone, as in Redis
            cur = self._db.execute(
                "UPDATE rooms SET body = ?, version = ?, touched = ?"
                " WHERE code = ? AND version = ? AND touched >= ?",
                (body, version, now, code, expected, now - self.idle_seconds))
            saved = cur.rowcount == 1
            if saved:
                self._add_log(code, log)
                if undo is not None:
                    self._change_undo(code, undo)
        return saved

    def _add_log(self, code, log):
        if log:
            self._db.executemany("INSERT OR REPLACE INTO log VALUES (?, ?, ?)",
                                 [(code, n, line) for n, line in log])
            if log[-1][0] > LOG_MAX:   # lines are numbered from 1: else none is too old
                self._db.execute("DELETE FROM log WHERE code = ? AND n <= ?",
                                 (code, log[-1][0] - LOG_MAX))

    def _change_undo(self, code, undo):
        newest = self._db.execute("SELECT COALESCE(MAX(n), 0) FROM undo WHERE code = ?",
                                  (code,)).fetchone()[0]
        if undo[0] == "push":
            self._db.execute("INSERT INTO undo VALUES (?, ?, ?)", (code, newest + 1, undo[1]))
            if newest + 1 > HISTORY_MAX:   # steps are numbered from 1
                self._db.execute("DELETE FROM undo WHERE code = ? AND n <= ?",
                                 (code, newest + 1 - HISTORY_MAX))
        elif undo[0] == "pop":
            self._db.execute("DELETE FROM undo WHERE code = ? AND n = ?", (code, newest))

    def last_undo(self, code):
        with self._lock:
            row = self._db.execute("SELECT snapshot FROM undo WHERE code = ? ORDER BY n DESC LIMIT 1",
                                   (code,)).fetchone()
        return row[0] if row else None

    # --- presence (see Store): rows per server process ----------------------

    def _create_presence(self):
        columns = [row[1] for row in self._db.execute("PRAGMA table_info(presence)")]
        if columns and "server" not in columns:   # a file from before presence had servers
            self._db.execute("DROP TABLE presence")
        self._db.execute("CREATE TABLE IF NOT EXISTS presence (sid TEXT PRIMARY KEY,"
                         " code TEXT NOT NULL, server TEXT NOT NULL, token TEXT NOT NULL,"
                         " lang TEXT NOT NULL)")
        self._db.execute("CREATE INDEX IF NOT EXISTS presence_code ON presence(code)")
        self._db.execute("CREATE TABLE IF NOT EXISTS servers (id TEXT PRIMARY KEY,"
                         " deadline REAL NOT NULL)")
        self._registered = False

    def _register(self, ttl):
        """Pushes this server's deadline ahead; True if its row had gone."""
        deadline = time.time() + (self.presence_ttl if ttl is None else ttl)
        cur = self._db.execute("UPDATE servers SET deadline = ? WHERE id = ?",
                               (deadline, self.server_id))
        if cur.rowcount == 1:
            return False
        self._db.execute("INSERT INTO servers VALUES (?, ?)", (self.server_id, deadline))
        lost, self._registered = self._registered, True
        return lost

    def _forget(self, where, args):
        """Deletes the presence rows ``where``; returns their rooms' codes."""
        codes = [row[0] for row in self._db.execute(
            f"SELECT DISTINCT code FROM presence WHERE {where}", args)]
        self._db.execute(f"DELETE FROM presence WHERE {where}", args)
        return codes

    def presence_add(self, code, sid, token, lang):
        with self._lock:
            if not self._registered:
                self._register(None)
            self._db.execute("INSERT OR REPLACE INTO presence VALUES (?, ?, ?, ?, ?)",
                             (sid, code, self.server_id, token, lang))

    def presence_remove(self, code, sid):
        with self._lock:
            self._db.execute("DELETE FROM presence WHERE sid = ?", (sid,))

    def presence(self, code):
        with self._lock:
            return self._db.execute(   # rows are tuples: fetched in C, every broadcast
                "SELECT p.sid, p.token, p.lang FROM presence p JOIN servers s ON s.id = p.server"
                " WHERE p.code = ? AND (s.deadline >= ? OR s.id = ?) ORDER BY p.sid",
                (code, time.time(), self.server_id)).fetchall()

    def alive(self):
        try:
            with self._lock:
                self._db.execute("SELECT 1 FROM rooms LIMIT 1").fetchall()
            return True
        except sqlite3.Error:
            return False

    def presence_beat(self, ttl=None):
        with self._lock, self._transaction():
            self.presence_lost = self._register(ttl)
            now = time.time()
            codes = self._forget(
                "server != ? AND server NOT IN (SELECT id FROM servers WHERE deadline >= ?)",
                (self.server_id, now))
            self._db.execute("DELETE FROM servers WHERE deadline < ? AND id != ?",
                             (now, self.server_id))
        return sorted(codes)

    def presence_stop(self):
        with self._lock:
            codes = self._forget("server = ?", (self.server_id,))
            self._db.execute("DELETE FROM servers WHERE id = ?", (self.server_id,))
            self._registered = False
        return sorted(codes)

    def presence_reset(self):
        with self._lock:
            self._db.execute("DELETE FROM presence")
            self._db.execute("DELETE FROM servers WHERE id != ?", (self.server_id,))

    # --- checkpoints apart ------------------------------------------------------

    def checkpoints_apart(self) -> None:
        """Commits stop moving the WAL back into the file.  By default a
        commit that finds the WAL past 1,000 pages does it, and syncs the
        file: 2 to 13 ms here, every few hundred actions, and under gevent
        every socket of the process waits that long.  After this call
        ``checkpoint`` must run now and then, from a thread of its own."""
        with self._lock:
            self._db.execute("PRAGMA wal_autocheckpoint=0")

    def checkpoint(self) -> tuple[int, int, int]:
        """Moves what it can of the WAL back into the file without waiting
        for anyone (PASSIVE), on a connection of its own, so the process's
        other threads go on meanwhile (sqlite3 lets go of the GIL).  Returns
        SQLite's (busy, pages in the WAL, pages moved).  One at a time, and
        not after ``close``; it takes no lock, because under gevent it runs
        in a native thread, where gevent's locks do not belong."""
        if self.closed:
            return 0, 0, 0
        self._checkpointing = True
        try:
            if self._checkpointer is None:
                self._checkpointer = sqlite3.connect(self.path, check_same_thread=False,
                                                     isolation_level=None)
                self._checkpointer.execute("PRAGMA busy_timeout=5000")
            return tuple(self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone())
        finally:
            self._checkpointing = False
            if self.closed and self._checkpointer is not None:
                self._checkpointer.close()

    def close(self):
        if self._checkpointer is not None and not self._checkpointing:
            self._checkpointer.close()   # else the running checkpoint closes it
        with self._lock:
            self.closed = True
            self._db.close()

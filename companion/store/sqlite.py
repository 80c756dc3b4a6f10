"""Embedded default store: one SQLite file in WAL mode, standard library
only.  One connection guarded by a lock: SQLite serialises writers anyway and
statements here take microseconds."""
from __future__ import annotations

import os
import sqlite3
import threading
import time

from .base import Store


class SqliteStore(Store):
    def __init__(self, path: str):
        self.path = path
        if path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.execute("CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY,"
                         " version INTEGER NOT NULL, body TEXT NOT NULL, touched REAL NOT NULL)")
        self._db.execute("CREATE TABLE IF NOT EXISTS presence (sid TEXT PRIMARY KEY,"
                         " code TEXT NOT NULL, token TEXT NOT NULL, lang TEXT NOT NULL)")
        self._db.execute("CREATE INDEX IF NOT EXISTS presence_code ON presence(code)")

    def _expire(self) -> None:
        cutoff = time.time() - self.idle_seconds
        self._db.execute("DELETE FROM rooms WHERE touched < ?", (cutoff,))

    def create(self, code, body):
        with self._lock:
            self._expire()
            try:
                self._db.execute("INSERT INTO rooms VALUES (?, 0, ?, ?)", (code, body, time.time()))
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

    def save(self, code, body, version, expected):
        with self._lock:
            now = time.time()
            # an expired room stays gone, as in Redis
            cur = self._db.execute(
                "UPDATE rooms SET body = ?, version = ?, touched = ?"
                " WHERE code = ? AND version = ? AND touched >= ?",
                (body, version, now, code, expected, now - self.idle_seconds))
            return cur.rowcount == 1

    def presence_add(self, code, sid, token, lang):
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO presence VALUES (?, ?, ?, ?)",
                             (sid, code, token, lang))

    def presence_remove(self, code, sid):
        with self._lock:
            self._db.execute("DELETE FROM presence WHERE sid = ?", (sid,))

    def presence(self, code):
        with self._lock:
            return [tuple(row) for row in self._db.execute(
                "SELECT sid, token, lang FROM presence WHERE code = ? ORDER BY sid", (code,))]

    def presence_reset(self):
        with self._lock:
            self._db.execute("DELETE FROM presence")

    def close(self):
        with self._lock:
            self._db.close()

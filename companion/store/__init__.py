"""Room stores.  One contract, two back ends: SQLite (embedded default) and
Redis.  A room is saved with compare-and-set on its version, so two writers
can never overwrite each other (the loser reloads and tries again)."""
from __future__ import annotations

from .base import Store


def open_store(config: dict) -> Store:
    if config.get("REDIS_URL"):
        from .redis import RedisStore
        return RedisStore(config["REDIS_URL"], prefix=config.get("REDIS_PREFIX", "companion:"))
    from .sqlite import SqliteStore
    return SqliteStore(config["DB_PATH"])


__all__ = ["Store", "open_store"]

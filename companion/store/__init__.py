"""Room stores.  One contract, two back ends: SQLite (embedded default) and
Redis.  A room is saved with compare-and-set on its version, so two writers
can never overwrite each other (the loser reloads and tries again)."""
from __future__ import annotations

from .base import SCHEMA, SchemaTooNew, Store


def outage(error: BaseException) -> bool:
    """Whether ``error`` says the store does not answer now (Redis stopped,
    unreachable or still loading): the request is answered 503
    ``store_down``, and the page asks again (issue #39)."""
    try:
        import redis
    except ImportError:   # pragma: no cover - redis is a dependency
        return False
    return isinstance(error, (redis.ConnectionError, redis.TimeoutError, redis.BusyLoadingError))


def open_store(config: dict) -> Store:
    if config.get("REDIS_URL"):
        from .redis import RedisStore
        store = RedisStore(config["REDIS_URL"], prefix=config.get("REDIS_PREFIX", "companion:"))
        store.migrate()   # the SQLite file migrates as it opens
        return store
    from .sqlite import SqliteStore
    return SqliteStore(config["DB_PATH"])


__all__ = ["SCHEMA", "SchemaTooNew", "Store", "open_store", "outage"]

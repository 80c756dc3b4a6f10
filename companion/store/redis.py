"""Redis store: rooms as hashes {version, body} with a 24 h idle expiry,
compare-and-set in a Lua script so concurrent writers from several server
processes never lose an update.  Presence is kept per server process with
a deadline each process pushes ahead while it lives (see Store)."""
from __future__ import annotations

import time

import redis

from ..rooms import HISTORY_MAX, LOG_MAX
from ..version import version
from .base import SCHEMA, SchemaTooNew, Store

#: schema n -> a function that brings data of schema n - 1 to n
#: (idempotent: workers starting together may both run it)
MIGRATIONS: dict[int, object] = {
    1: lambda store: None,   # 0.1.0's keys are 0.2.0's: only the version is recorded
}

# log lines: a sorted set scored by line number; ARGV from ``first`` on holds
# n1, line1, n2, line2, ...  (a line of a number already stored replaces it)
_ADD_LOG = """
local function add_log(key, first, ttl, keep)
  local newest = nil
  for i = first, #ARGV, 2 do
    newest = tonumber(ARGV[i])
    redis.call('ZREMRANGEBYSCORE', key, newest, newest)
    redis.call('ZADD', key, newest, ARGV[i + 1])
  end
  if newest then redis.call('ZREMRANGEBYSCORE', key, '-inf', newest - keep) end
  if redis.call('EXISTS', key) == 1 then redis.call('EXPIRE', key, ttl) end
end
"""

# KEYS: room, undo steps, log; ARGV: body, ttl, log lines kept, log lines...
_CREATE = _ADD_LOG + """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', 0, 'body', ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('DEL', KEYS[2], KEYS[3])
add_log(KEYS[3], 4, ARGV[2], tonumber(ARGV[3]))
return 1
"""

# KEYS: room, undo steps, log; ARGV: body, version, expected, ttl, undo op
# ('', 'push', 'pop'), snapshot, undo steps kept, log lines kept, log lines...
_SAVE = _ADD_LOG + """
if redis.call('HGET', KEYS[1], 'version') == ARGV[3] then
  redis.call('HSET', KEYS[1], 'version', ARGV[2], 'body', ARGV[1])
  redis.call('EXPIRE', KEYS[1], ARGV[4])
  add_log(KEYS[3], 9, ARGV[4], tonumber(ARGV[8]))
  if ARGV[5] == 'push' then
    redis.call('RPUSH', KEYS[2], ARGV[6])
    redis.call('LTRIM', KEYS[2], -tonumber(ARGV[7]), -1)
  elseif ARGV[5] == 'pop' then
    redis.call('RPOP', KEYS[2])
  end
  if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('EXPIRE', KEYS[2], ARGV[4]) end
  return 1
end
return 0
"""


#: connections to Redis per process; a request that finds them all busy
#: waits for one (up to WAIT seconds) instead of failing: under a burst the
#: actions queue, they are not refused
CONNECTIONS = 64
WAIT = 20.0


class RedisStore(Store):
    def __init__(self, url: str, prefix: str = "companion:", connections: int = CONNECTIONS):
        pool = redis.BlockingConnectionPool.from_url(url, decode_responses=True,
                                                     max_connections=connections, timeout=WAIT)
        self.redis = redis.Redis(connection_pool=pool)
        self.prefix = prefix
        self._save = self.redis.register_script(_SAVE)
        self._create = self.redis.register_script(_CREATE)
        self._registered = False
        self._deadlines: dict[str, float] = {}   # other servers' deadlines, as last seen

    def migrate(self) -> None:
        """Brings data of an older schema (none recorded: 0.1.0's, or no
        data yet) to SCHEMA and records it in ``<prefix>schema`` (kept
        forever); raises SchemaTooNew for a newer one."""
        key = f"{self.prefix}schema"
        found = int(self.redis.get(key) or 0)
        if found > SCHEMA:
            url = self.redis.connection_pool.connection_kwargs
            raise SchemaTooNew(
                f"Redis at {url.get('host', '?')}:{url.get('port', '?')}/{url.get('db', 0)} holds "
                f"the data of a newer companion (schema {found}; this is {version()}, which knows up "
                f"to {SCHEMA}): run that version, or give REDIS_URL another database")
        for step in range(found + 1, SCHEMA + 1):
            MIGRATIONS[step](self)
            self.redis.set(key, step)

    def _room(self, code):
        return f"{self.prefix}room:{code}"

    def _undo(self, code):
        return f"{self.prefix}undo:{code}"

    def _log(self, code):
        return f"{self.prefix}log:{code}"

    def _presence(self, code):
        return f"{self.prefix}presence:{code}"

    def create(self, code, body, log=()):
        return bool(self._create(keys=[self._room(code), self._undo(code), self._log(code)],
                                 args=[body, self.idle_seconds, LOG_MAX, *flat(log)]))

    def load(self, code):
        body, version = self.redis.hmget(self._room(code), "body", "version")
        if body is None:
            return None
        return body, int(version)

    def load_with_log(self, code, after, upto=None):
        pipe = self.redis.pipeline(transaction=True)   # one instant for both reads
        pipe.hmget(self._room(code), "body", "version")
        pipe.zrangebyscore(self._log(code), f"({after}", "+inf" if upto is None else upto)
        (body, version), lines = pipe.execute()
        if body is None:
            return None
        return body, int(version), lines

    def save(self, code, body, version, expected, undo=None, log=()):
        op, snapshot = (undo[0], undo[1] if len(undo) > 1 else "") if undo else ("", "")
        return bool(self._save(keys=[self._room(code), self._undo(code), self._log(code)],
                               args=[body, version, expected, self.idle_seconds, op, snapshot,
                                     HISTORY_MAX, LOG_MAX, *flat(log)]))

    def last_undo(self, code):
        return self.redis.lindex(self._undo(code), -1)

    # --- presence (see Store) ---------------------------------------------------
    # presence:<code>  hash  sid -> "<server>|<lang>|<token digest>"
    # servers          zset  server -> deadline (unix time)
    # server:<id>:rooms set  codes where that server has (had) sockets

    def _servers(self):
        return f"{self.prefix}servers"

    def _server_rooms(self, server):
        return f"{self.prefix}server:{server}:rooms"

    def _register(self, ttl):
        """Pushes this server's deadline ahead; True if it had been removed."""
        deadline = time.time() + (self.presence_ttl if ttl is None else ttl)
        added = self.redis.zadd(self._servers(), {self.server_id: deadline})
        lost, self._registered = bool(added) and self._registered, True
        return lost

    def presence_add(self, code, sid, token, lang):
        if not self._registered:
            self._register(None)
        key, rooms_key = self._presence(code), self._server_rooms(self.server_id)
        pipe = self.redis.pipeline()
        pipe.hset(key, sid, f"{self.server_id}|{lang}|{token}")
        pipe.expire(key, self.idle_seconds)
        pipe.sadd(rooms_key, code)
        pipe.expire(rooms_key, self.idle_seconds)
        pipe.execute()

    def presence_remove(self, code, sid):
        self.redis.hdel(self._presence(code), sid)

    def presence(self, code):
        key = self._presence(code)
        entries = []
        for sid, value in self.redis.hgetall(key).items():
            server, _, rest = value.partition("|")
            lang, _, token = rest.partition("|")
            entries.append((sid, server, token, lang))
        live = self._live({server for _, server, _, _ in entries})
        stale = [sid for sid, server, _, _ in entries if server not in live]
        if stale:   # a dead process's sockets: gone for good, they never cost again
            self.redis.hdel(key, *stale)
        return sorted((sid, token, lang) for sid, server, token, lang in entries if server in live)

    def _live(self, servers):
        """The servers of ``servers`` that still beat.  Deadlines are cached:
        a live server is asked about once per ttl, not once per action."""
        now = time.time()
        unknown = [s for s in servers if s != self.server_id and self._deadlines.get(s, 0) < now]
        if unknown:
            for server, score in zip(unknown, self.redis.zmscore(self._servers(), unknown)):
                self._deadlines[server] = score or 0
        return {s for s in servers if s == self.server_id or self._deadlines.get(s, 0) >= now}

    def _forget_server(self, server):
        """Deletes a server's presence entries; returns their rooms' codes."""
        rooms_key = self._server_rooms(server)
        codes = sorted(self.redis.smembers(rooms_key))
        for code in codes:
            key = self._presence(code)
            gone = [sid for sid, value in self.redis.hgetall(key).items()
                    if value.startswith(server + "|")]
            if gone:
                self.redis.hdel(key, *gone)
        self.redis.delete(rooms_key)
        return codes

    def presence_beat(self, ttl=None):
        self.presence_lost = self._register(ttl)
        now = time.time()
        codes = set()
        for server in self.redis.zrangebyscore(self._servers(), "-inf", f"({now}"):
            if server != self.server_id and self.redis.zrem(self._servers(), server):
                codes.update(self._forget_server(server))   # zrem: one reaper per dead server
        self._deadlines = {s: d for s, d in self._deadlines.items() if d >= now}
        return sorted(codes)

    def alive(self):
        try:
            return bool(self.redis.ping())
        except redis.RedisError:
            return False

    def presence_stop(self):
        self.redis.zrem(self._servers(), self.server_id)
        self._registered = False
        return self._forget_server(self.server_id)

    def close(self):
        self.closed = True
        self.redis.close()


def flat(log) -> list:
    """[(n, line)] as the scripts take them: n1, line1, n2, line2, ..."""
    return [part for n, line in log for part in (n, line)]

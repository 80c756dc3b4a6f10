"""Redis store: rooms as hashes {version, body} with a 24 h idle expiry,
compare-and-set in a Lua script so concurrent writers from several server
processes never lose an update."""
from __future__ import annotations

import redis

from .base import Store

_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', 0, 'body', ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1
"""

_SAVE = """
if redis.call('HGET', KEYS[1], 'version') == ARGV[3] then
  redis.call('HSET', KEYS[1], 'version', ARGV[2], 'body', ARGV[1])
  redis.call('EXPIRE', KEYS[1], ARGV[4])
  return 1
end
return 0
"""


class RedisStore(Store):
    def __init__(self, url: str, prefix: str = "companion:"):
        self.redis = redis.Redis.from_url(url, decode_responses=True)
        self.prefix = prefix
        self._save = self.redis.register_script(_SAVE)
        self._create = self.redis.register_script(_CREATE)

    def _room(self, code):
        return f"{self.prefix}room:{code}"

    def _presence(self, code):
        return f"{self.prefix}presence:{code}"

    def create(self, code, body):
        return bool(self._create(keys=[self._room(code)], args=[body, self.idle_seconds]))

    def load(self, code):
        body, version = self.redis.hmget(self._room(code), "body", "version")
        if body is None:
            return None
        return body, int(version)

    def save(self, code, body, version, expected):
        return bool(self._save(keys=[self._room(code)],
                               args=[body, version, expected, self.idle_seconds]))

    def presence_add(self, code, sid, token, lang):
        key = self._presence(code)
        pipe = self.redis.pipeline()
        pipe.hset(key, sid, f"{lang}|{token}")
        pipe.expire(key, self.idle_seconds)
        pipe.execute()

    def presence_remove(self, code, sid):
        self.redis.hdel(self._presence(code), sid)

    def presence(self, code):
        entries = self.redis.hgetall(self._presence(code))
        out = []
        for sid, value in sorted(entries.items()):
            lang, _, token = value.partition("|")
            out.append((sid, token, lang))
        return out

    def close(self):
        self.redis.close()
